"""NewsML-G2 as agencies send it -> records: messages and items of every kind (internal).

One pass of the NewsML reader (`newsml_codecs._xmlread`, the same limits,
leniency and errors) with the G2 roots: a ``newsMessage`` or one item. An
item kind the model types (``newsItem``, ``conceptItem``, ``planningItem``)
becomes its record; the other kinds (``packageItem``, ``knowledgeItem``,
``catalogItem``, a ``catalog``...) a generic `Element` whose ``itemMeta`` and
``contentMeta`` are the model's sections, as in a typed item. An item inside
a message is read again on its own (written back to text, parsed as a root)
so that it is built exactly as the same item sent alone: the cost stays
linear, about twice the reading of the item.
"""

from __future__ import annotations

import functools
from typing import Any

import attrs

from newsml_codecs._xmlinput import DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH
from newsml_codecs._xmlread import parse_roots
from newsml_codecs._xmlwrite import serialize_node
from newsml_model import (
    NAR,
    Attributes,
    ConceptItem,
    DecodeError,
    Element,
    NewsItem,
    PlanningItem,
    UnsupportedItemKindError,
)

G2Item = NewsItem | ConceptItem | PlanningItem | Element
"""A NewsML-G2 item: a typed record, or a generic `Element` for the kinds the model does not type."""

TYPED_KINDS: dict[str, type[NewsItem | ConceptItem | PlanningItem]] = {
    "newsItem": NewsItem,
    "conceptItem": ConceptItem,
    "planningItem": PlanningItem,
}
"""The G2 item roots read as the model's records."""

GENERIC_KINDS = ("packageItem", "knowledgeItem", "catalogItem", "eventItem", "catalog")
"""The G2 roots read as a generic `Element` (``eventItem`` is a Power-conformance draft kind)."""

ITEM_ROOTS = (*TYPED_KINDS, *GENERIC_KINDS)
"""Every item root `loads` takes alone (and ``newsMessage``)."""

FRAGMENTS = frozenset(
    {
        "assert",
        "catalogRef",
        "concept",
        "conceptSet",
        "contentMeta",
        "contentSet",
        "derivedFrom",
        "group",
        "groupSet",
        "header",
        "hopHistory",
        "inlineData",
        "inlineRef",
        "inlineXML",
        "itemMeta",
        "itemRef",
        "itemSet",
        "newsCoverage",
        "newsCoverageSet",
        "partMeta",
        "pubHistory",
        "remoteContent",
        "rightsInfo",
    }
)
"""Parts of an item or message: a document with one of them as its root is a fragment."""


class FragmentError(UnsupportedItemKindError):
    """The document is a part of a NewsML-G2 item (a bare ``groupSet``, ``contentSet``...).

    Such listings illustrate the guidelines; they are no document a feed
    sends. ``kind`` is the root found, ``supported`` the roots `loads` takes.
    """

    def __init__(self, kind: str) -> None:
        super().__init__(kind, ("newsMessage", *ITEM_ROOTS))
        self.args = (
            f"a NewsML-G2 fragment, not a document: the root is <{kind}>, a part of an item "
            f"(expected newsMessage or an item: {', '.join(ITEM_ROOTS)})",
        )


class MessageError(DecodeError):
    """A ``newsMessage`` that is not a header and an itemSet.

    Attributes:
        path: Where, such as ``newsMessage/itemSet/text()``.
    """

    def __init__(self, message: str, *, path: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path


@attrs.frozen(kw_only=True)
class Message:
    """A NewsML-G2 ``newsMessage``: the exchange's header and its items.

    Attributes:
        header: The ``header`` element (``sent``, ``sender``, ``transmitId``,
            ``signal``...), kept whole; None when the message had none.
        items: The items of ``itemSet``, in order.
        attributes: The ``newsMessage`` element's own attributes.
        item_set_attributes: The ``itemSet`` element's attributes.
    """

    header: Element | None = None
    items: tuple[G2Item, ...] = ()
    attributes: Attributes = ()
    item_set_attributes: Attributes = ()


def _generic(name: str, *, attributes: Attributes, children: tuple[Any, ...]) -> Element:
    return Element(name=name, attributes=attributes, children=children, namespace=NAR)


_ROOTS: dict[str, tuple[Any, str]] = {
    "newsMessage": (functools.partial(_generic, "newsMessage"), NAR),
    **{name: (kind, NAR) for name, kind in TYPED_KINDS.items()},
    **{name: (functools.partial(_generic, name), NAR) for name in GENERIC_KINDS},
}


def read(source: str | bytes, *, max_bytes: int, max_depth: int) -> Message | G2Item:
    """The message or the single item `source` holds (`newsml_codecs.g2.loads_message`)."""
    try:
        root = parse_roots(source, _ROOTS, max_bytes=max_bytes, max_depth=max_depth)
    except UnsupportedItemKindError as error:
        if error.kind in FRAGMENTS:
            raise FragmentError(error.kind) from None
        raise
    if isinstance(root, Element) and root.name == "newsMessage":
        return _message(root, max_depth=max_depth)
    item: G2Item = root
    return item


def _message(root: Element, *, max_depth: int) -> Message:
    header: Element | None = None
    item_set: Element | None = None
    for child in root.children:
        if isinstance(child, str):
            _only_space(child, "newsMessage/text()")
            continue
        name = child.name if isinstance(child, Element) else type(child).__name__
        if isinstance(child, Element) and name == "header" and header is None and item_set is None:
            header = child
        elif isinstance(child, Element) and name == "itemSet" and item_set is None:
            item_set = child
        else:
            raise MessageError(
                f"unexpected <{name}>: a newsMessage holds one header, then one itemSet",
                path=f"newsMessage/{name}",
            )
    if item_set is None:
        raise MessageError("no itemSet", path="newsMessage")
    items: list[G2Item] = []
    for child in item_set.children:
        if isinstance(child, str):
            _only_space(child, "newsMessage/itemSet/text()")
            continue
        name = child.name if isinstance(child, Element) else type(child).__name__
        path = f"newsMessage/itemSet/{name}[{len(items) + 1}]"
        items.append(_item(child, path, max_depth=max_depth))
    return Message(
        header=header,
        items=tuple(items),
        attributes=root.attributes,
        item_set_attributes=item_set.attributes,
    )


def _only_space(text: str, path: str) -> None:
    if text.strip():
        raise MessageError(f"text {text.strip()[:40]!r} where only elements belong", path=path)


def _item(element: Any, path: str, *, max_depth: int) -> G2Item:
    """An item of the itemSet, built as the same item sent alone."""
    if not isinstance(element, Element) or element.name not in ITEM_ROOTS:
        raise MessageError("not a NewsML-G2 item in the itemSet", path=path)
    namespace = NAR if element.namespace is None else element.namespace
    text = serialize_node(attrs.evolve(element, namespace=namespace), xml_declaration=False)
    # Read within the message's limits already: its text (UTF-8, up to 4
    # bytes a character) and its depth (two levels less) are within them.
    item: G2Item = parse_roots(text, _ROOTS, max_bytes=4 * len(text) + 1, max_depth=max_depth)
    return item


__all__ = [
    "DEFAULT_MAX_BYTES",
    "DEFAULT_MAX_DEPTH",
    "FRAGMENTS",
    "GENERIC_KINDS",
    "ITEM_ROOTS",
    "TYPED_KINDS",
    "FragmentError",
    "G2Item",
    "Message",
    "MessageError",
    "read",
]
