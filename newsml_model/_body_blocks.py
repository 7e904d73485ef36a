"""The records of the body module and the helpers its functions share (internal to `body`).

`Block` and `Group` are public through `newsml_model.body`; the rest is not
public API and may change in any release.
"""

from __future__ import annotations

from typing import Any

import attrs

from newsml_model import _body_markup, _body_place
from newsml_model._errors import InvalidArgumentError
from newsml_model._item import ContentMeta, NewsItem
from newsml_model.tree import Element, get_in, update_in, with_children


@attrs.frozen(kw_only=True)
class Group:
    """The IDF ``group`` a block sits in.

    Attributes:
        type: Its ``type`` (``header``, ``body``...), or None.
        id: Its ``id``, or None.
    """

    type: str | None = None
    id: str | None = None


@attrs.frozen(kw_only=True)
class Block:
    """One block of the body, as `blocks` reads it.

    Attributes:
        id: The IDF ``id``, or None when the block has none.
        type: The IDF ``type`` (``body``, ``headline``, ``x-im/image``...), or None.
        text: All text of an ``element`` block, markup left out; ``""`` for
            an ``object``.
        markup: The inline XML between the ``element``'s tags (text
            escaped); ``""`` for an ``object``.
        group: The group it sits in.
        node: The ``element`` or ``object`` itself.
    """

    id: str | None
    type: str | None
    text: str
    markup: str
    group: Group
    node: Element


def make_block(node: Element, group: Element) -> Block:
    is_element = node.name == "element"
    return Block(
        id=node.get("id"),
        type=node.get("type"),
        text=node.full_text if is_element else "",
        markup=_body_markup.inner_xml(node) if is_element else "",
        group=Group(type=group.get("type"), id=group.get("id")),
        node=node,
    )


def block_at(item: NewsItem, found: _body_place.Found) -> Block:
    """The `Block` at the place `found` in `item` (read again: `item` may be a changed one)."""
    group = get_in(item, found.group_path)
    return make_block(group.children[found.index], group)


def element(
    type: str,
    text: str = "",
    *,
    markup: bool = False,
    id: str | None = None,
    format: str | None = "html",
) -> Element:
    """A new IDF ``element`` block, to give to `insert`.

    Args:
        type: Its IDF type: ``body`` (a paragraph), ``headline``,
            ``subheadline1``, ``preamble``, ``dateline``...
        text: Its text (plain, or inline XML with ``markup=True``).
        markup: Whether `text` is inline XML.
        id: Its id; None lets `insert` give it a fresh one.
        format: The ``format`` attribute the Writer writes on text blocks;
            None for none.

    Returns:
        ``<element id type format>text</element>`` in the IDF namespace of its group.

    Raises:
        InvalidArgumentError: A non-string argument, characters XML cannot
            carry, or malformed markup.
    """
    attributes: list[tuple[str, str]] = []
    for key, value in (("id", id), ("type", type), ("format", format)):
        if value is not None:
            attributes.append((key, _body_markup.check_text(value, key)))
    if "type" not in dict(attributes):
        raise InvalidArgumentError("type must be a string, not NoneType", field="type")
    return Element(
        name="element", attributes=tuple(attributes), children=children(text, markup, "text")
    )


def children(text: Any, markup: Any, field: str) -> tuple[Any, ...]:
    if not isinstance(markup, bool):
        raise InvalidArgumentError(
            f"markup must be a boolean, not {type(markup).__name__}", field="markup"
        )
    if markup:
        return _body_markup.parse_markup(text, field)
    _body_markup.check_text(text, field)
    return (text,) if text else ()


def headline_found(item: NewsItem) -> _body_place.Found | None:
    for _, found in _body_place.located(item):
        if found.node.name == "element" and found.node.get("type") == "headline":
            return found
    return None


def sync_content_meta(item: NewsItem, text: str) -> NewsItem:
    """`item` with the text of ``contentMeta > headline`` set, where it has one."""
    new = (text,) if text else ()
    for index, section in enumerate(item.children):
        if section.__class__ is ContentMeta:
            for child_index, child in enumerate(section.children):
                if child.__class__ is Element and child.name == "headline":
                    return update_in(
                        item, (index, child_index), lambda old: with_children(old, new)
                    )
            return item
    return item


def new_node(item: NewsItem, block: Any) -> Element:
    """The node of `block` to insert, with a fresh id when it has none or a used one."""
    node = block.node if isinstance(block, Block) else block
    if not _body_place.is_block(node):
        raise InvalidArgumentError(
            "block must be a Block or an IDF element/object node (see body.element), "
            f"not {type(block).__name__}",
            field="block",
        )
    used = _body_place.used_ids(item)
    if node.get("id") is None or node.get("id") in used:
        others = tuple(pair for pair in node.attributes if pair[0] != "id")
        node = attrs.evolve(node, attributes=(("id", _body_place.fresh_id(used, node)), *others))
    return node
