"""Edit the body of a news item: its paragraphs, headline and other blocks.

The body is ``contentSet > inlineXML > idf``: one or more ``group`` elements
(``type="header"``, ``type="body"``) holding *blocks*, the IDF ``element``
(paragraph, headline, subheadline...) and ``object`` (image, fact box,
embed...) children, in document order. A block is named by its IDF ``id``.

The functions follow the news item API's contract (`newsml_model.newsitem`):
they are pure, take the item first and the caller's plugin ``name`` second,
and return a `newsml_model.Change` (the new item, the events; the input is
never modified). Each change raises one ``DOCUMENT_CHANGED``
(`newsml_model.DocumentChanged`, sender = ``name``):

=================  ===========  ========  ==================================
function           type         action    data / node
=================  ===========  ========  ==================================
`set_text`         ``block``    ``edit``  the `Block` after the change / its node
`insert`           ``block``    ``add``   the new `Block` (with its id) / its node
`remove`           ``block``    ``delete``  the removed `Block` / its node
`move`             ``block``    ``update``  the `Block` at its new place / its node
`set_headline`     ``headline`` ``set``   the text / the headline `Block`
=================  ===========  ========  ==================================

The Writer's news item API has no body methods (its editor changes the body
itself); the actions are ones the Writer's event bus accepts, the types are
this module's.

Text: ``text`` is plain text by default (``<`` and ``&`` are characters, the
writer escapes them). With ``markup=True`` it is inline XML
(``'Text <strong>bold</strong>'``), parsed safely: no DTD, no entities but
XML's own (write ``&#160;`` or the character for ``&nbsp;``); malformed
markup raises `newsml_model.InvalidArgumentError` giving the line and column
inside the string.

Ids: an unknown block id raises `newsml_model.InvalidArgumentError` naming
it. A block inserted without an id, or with one the body already uses, gets
a fresh one: 12 hex digits like the Writer's, derived from the item and the
block, so the same call gives the same id.

Places: ``before=`` or ``after=`` another block puts a block into that
block's group, next to it (at most one of the two). A block moved or inserted
before the first paragraph of the body therefore joins the body group, not
the header group above it. Neither: the end of the body (the last group of
type ``body``).
"""

from __future__ import annotations

from newsml_model import _body_blocks, _body_place
from newsml_model._body_blocks import Block, Group, element
from newsml_model._change import Change, DocumentChanged
from newsml_model._errors import InvalidArgumentError
from newsml_model._item import NewsItem
from newsml_model.newsitem._common import check_item, check_sender
from newsml_model.tree import Element, get_in, update_in, with_children

__all__ = [
    "Block",
    "Group",
    "blocks",
    "element",
    "get",
    "insert",
    "move",
    "remove",
    "set_headline",
    "set_text",
]


def blocks(item: NewsItem) -> tuple[Block, ...]:
    """The body's blocks in document order.

    Args:
        item: The news item.

    Returns:
        One `Block` per ``element`` and ``object`` of the idf's groups;
        empty when the item has no body.

    Raises:
        InvalidArgumentError: `item` is not a `NewsItem`.
    """
    check_item(item)
    return tuple(
        _body_blocks.make_block(found.node, group) for group, found in _body_place.located(item)
    )


def get(item: NewsItem, block_id: str) -> Block:
    """The block with id `block_id` (the first, should ids repeat).

    Args:
        item: The news item.
        block_id: The block's IDF ``id``.

    Returns:
        The `Block`.

    Raises:
        InvalidArgumentError: `item` is not a `NewsItem`; no block has that id.
    """
    check_item(item)
    return _body_blocks.block_at(item, _body_place.find(item, block_id, "block_id"))


def _changed(item: NewsItem, original: NewsItem, event: DocumentChanged) -> Change:
    return Change(item=item, events=(event,), original=original)


def set_text(
    item: NewsItem, name: str, block_id: str, text: str, *, markup: bool = False
) -> Change:
    """Replace the text of an ``element`` block (its attributes stay).

    The headline block (the first ``element type="headline"``) keeps
    ``contentMeta > headline`` in step, as `set_headline` does.

    Args:
        item: The news item.
        name: The caller's plugin name (the events' sender).
        block_id: The block's id.
        text: The new text: plain, or inline XML with ``markup=True``.
        markup: Whether `text` is inline XML.

    Returns:
        The change; event ``block/edit`` with the `Block` after the change.

    Raises:
        InvalidArgumentError: An unknown id (named), an ``object`` block,
            characters XML cannot carry or malformed markup.
    """
    check_item(item)
    sender = check_sender(name)
    found = _body_place.find(item, block_id, "block_id")
    if found.node.name != "element":
        raise InvalidArgumentError(
            f"block_id: block {block_id!r} is an {found.node.name}; "
            "set_text changes the text of element blocks only",
            field="block_id",
        )
    children = _body_blocks.children(text, markup, "text")
    new = update_in(item, found.path, lambda old: with_children(old, children))
    headline = _body_blocks.headline_found(item)
    if headline is not None and headline.path == found.path:
        new = _body_blocks.sync_content_meta(new, get_in(new, found.path).full_text)
    block = _body_blocks.block_at(new, found)
    event = DocumentChanged(sender=sender, type="block", action="edit", data=block, node=block.node)
    return _changed(new, item, event)


def insert(
    item: NewsItem,
    name: str,
    block: Block | Element,
    *,
    before: str | None = None,
    after: str | None = None,
) -> Change:
    """Insert a block before or after another one, or at the end of the body.

    Args:
        item: The news item.
        name: The caller's plugin name (the events' sender).
        block: A new ``element``/``object`` node (`element` makes one) or a
            `Block` (of this item or another; its node is inserted).
        before: Id of the block to insert before (into its group).
        after: Id of the block to insert after (into its group).

    Returns:
        The change; event ``block/add`` whose data is the new `Block`, with
        its id (kept when the body does not use it yet, else fresh).
        Without `before` and `after` the block goes last into the body
        (a group ``type="body"`` is created when there is none).

    Raises:
        InvalidArgumentError: Both `before` and `after`, an unknown id
            (named), or `block` is not a block.
    """
    check_item(item)
    sender = check_sender(name)
    at, side = _body_place.anchor(item, before, after)
    node = _body_blocks.new_node(item, block)
    unit = _body_place.new_unit(item, node, at)
    new, found = _body_place.place(item, unit, at, side)
    added = _body_blocks.block_at(new, found)
    event = DocumentChanged(sender=sender, type="block", action="add", data=added, node=node)
    return _changed(new, item, event)


def remove(item: NewsItem, name: str, block_id: str) -> Change:
    """Remove a block (with the whitespace before it).

    Args:
        item: The news item.
        name: The caller's plugin name (the events' sender).
        block_id: The block's id.

    Returns:
        The change; event ``block/delete`` whose data is the removed `Block`.

    Raises:
        InvalidArgumentError: An unknown id (named).
    """
    check_item(item)
    sender = check_sender(name)
    found = _body_place.find(item, block_id, "block_id")
    removed = _body_blocks.block_at(item, found)
    new, _ = _body_place.cut(item, found)
    event = DocumentChanged(
        sender=sender, type="block", action="delete", data=removed, node=removed.node
    )
    return _changed(new, item, event)


def move(
    item: NewsItem,
    name: str,
    block_id: str,
    *,
    before: str | None = None,
    after: str | None = None,
) -> Change:
    """Move a block before or after another one (into that one's group), or to the end.

    A block moved before the first paragraph of the body joins the body
    group, even when a header group comes just before it.

    Args:
        item: The news item.
        name: The caller's plugin name (the events' sender).
        block_id: The block's id.
        before: Id of the block to move it before (into its group).
        after: Id of the block to move it after (into its group).

    Returns:
        The change; event ``block/update`` whose data is the `Block` at its
        new place.

    Raises:
        InvalidArgumentError: Both `before` and `after`, an unknown id
            (named), or the block placed relative to itself.
    """
    check_item(item)
    sender = check_sender(name)
    found = _body_place.find(item, block_id, "block_id")
    at, side = _body_place.anchor(item, before, after)
    if at is not None and at.path == found.path:
        raise InvalidArgumentError(
            f"{side}: block {block_id!r} cannot be moved {side} itself", field=side
        )
    new, unit = _body_place.cut(item, found)
    if at is not None:
        # The cut may shift the anchor: find it again by its id.
        at = _body_place.find(new, at.node.get("id"), side)
    new, placed = _body_place.place(new, unit, at, side)
    moved = _body_blocks.block_at(new, placed)
    event = DocumentChanged(
        sender=sender, type="block", action="update", data=moved, node=moved.node
    )
    return _changed(new, item, event)


def set_headline(item: NewsItem, name: str, text: str) -> Change:
    """Set the headline: the headline block and ``contentMeta > headline``, in step.

    The headline block is the first ``element type="headline"``; when the
    body has none, one is created at the top of the first group (an item
    without a body gets one). ``contentMeta > headline`` is set where the
    item has one (it is the NavigaDoc document's ``headline`` property), and
    not created otherwise. ``itemMeta > title`` is left alone.

    Args:
        item: The news item.
        name: The caller's plugin name (the events' sender).
        text: The headline, plain text.

    Returns:
        The change; event ``headline/set`` with the text as data and the
        headline `Block` as node.

    Raises:
        InvalidArgumentError: A non-string text or characters XML cannot carry.
    """
    check_item(item)
    sender = check_sender(name)
    children = _body_blocks.children(text, False, "text")
    found = _body_blocks.headline_found(item)
    if found is not None:
        new = update_in(item, found.path, lambda old: with_children(old, children))
    else:
        node = _body_blocks.new_node(item, _body_blocks.element("headline", text, format=None))
        first = next(iter(_body_place.located(item)), None)
        at = None if first is None else first[1]
        unit = _body_place.new_unit(item, node, at)
        new, found = _body_place.place(item, unit, at, "before")
    new = _body_blocks.sync_content_meta(new, text)
    headline = _body_blocks.block_at(new, found)
    event = DocumentChanged(sender=sender, type="headline", action="set", data=text, node=headline)
    return _changed(new, item, event)
