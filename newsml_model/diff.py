"""What changed between two revisions of an item, in the words of the news item API.

    >>> from newsml_model import diff
    >>> for difference in diff(old, new):  # doctest: +SKIP
    ...     print(difference.kind, difference.path, difference.event)
    tag-added /newsItem/itemMeta/links/link[12] tag/add
    headline-changed /newsItem/contentMeta/headline headline/set
    block-text-changed /newsItem/contentSet/inlineXML/idf/group[2]/element[1] block/edit

`diff` compares what ``newsml_codecs.newsml.equivalent`` compares, and
nothing else: attribute order, namespace prefixes, comments and whitespace
the format does not keep (text is stripped at both ends, as canonical XML
with ``strip_text`` does) are never differences, so ``diff(a, b) == ()``
exactly when the two items are equivalent.

Children are paired by identity, not by position: links by rel, type and
uuid (then by uuid alone, so a changed rel is a change, not a removal and an
addition), metadata objects and body blocks by id, services by qcode,
extension properties by type, other elements by equal content, then by name
and occurrence. A pair that changed order is a move: the fewest moves that
explain the new order are reported. The cost is linear in the size of the
two items (a dict lookup per child; sorting out moves costs n log n in the
children of one parent).

Kinds, ``<subject>-<change>``. Subjects: ``tag`` (an ``itemMeta`` link with
rel ``subject``), ``author``, ``location``, ``story``, ``category``,
``contentprofile``, ``link`` (any other link), ``channel`` and ``section``
(services), ``pubStatus``, ``pubStart``, ``pubStop``, ``edNote``,
``extProperty``, ``headline`` (``contentMeta``'s, an assignment's),
``title``, ``byline`` (``contentMeta/by``), the times ``versionCreated``,
``firstCreated``, ``contentCreated``, ``contentModified``, ``status`` (an
assignment's ``imext:status``), ``newsPriority`` (the ``x-im/newsvalue`` object),
``object`` (other metadata objects), ``language`` (the body's
``xml:lang``), ``block`` (a body block), ``attribute`` (the item's own
attributes, such as ``guid``) and ``element`` (anything else). Changes:
``added``, ``removed``, ``changed``, ``moved``; blocks are
``block-inserted``, ``block-removed``, ``block-moved``,
``block-text-changed`` (the text with its inline markup) and
``block-changed`` (attributes, or the parts of an image or fact box).
A change inside a unit (a tag's title, an author's ``data``) is a
``<subject>-changed`` whose path points at what changed; a part moved
inside a unit is a ``<subject>-moved`` at the part's path.
"""

from __future__ import annotations

from typing import Any

import attrs

from newsml_model._diff_tree import build
from newsml_model._diff_walk import Walker
from newsml_model._errors import InvalidArgumentError
from newsml_model._item import NewsItem
from newsml_model.tree import is_root

__all__ = ["Difference", "diff"]


@attrs.frozen(kw_only=True)
class Difference:
    """One difference between two items.

    Attributes:
        kind: What changed, ``<subject>-<change>`` (module docstring):
            ``tag-added``, ``link-changed``, ``block-moved``...
        path: Where, as an XML path in the item it is in (the new item; the
            old one for a removal): local names from the root, with a
            1-based position where an element has siblings of the same name
            (``/newsItem/itemMeta/links/link[4]/@title``); ``text()`` for text.
        document_path: Where in the item's NavigaDoc document, when the
            thing has a place there: a JSON path that selects by identity
            (``$.links[?(@.rel=='subject' && @.type=='x-im/topic' &&
            @.uuid=='...')]``, ``$.content[?(@.id=='b1')]``, ``$.status``);
            None otherwise, and for items that are not newsItems.
        old: The old value: an attribute value or text (`str`), a record
            (`Link`, `Element`...) for something removed, the old path for
            a move; None when it was added.
        new: The new value, the same way; None when it was removed.
        event: The ``DocumentChanged`` ``type/action`` the Writer raises
            when a plugin makes this change through its API (``tag/add``,
            ``link/delete``, ``pubStatus/set``; ``headline/set`` for the
            headline, in ``contentMeta`` and in its block, from
            ``newsml_model.body.set_headline``); for body blocks, which the
            Writer's API does not edit, the one `newsml_model.body` raises
            (``block/add``, ``block/delete``, ``block/update`` for a move,
            ``block/edit`` for new text); None when no API raises one (a
            link moved, the guid, an unknown element).
    """

    kind: str
    path: str
    document_path: str | None = None
    old: Any = None
    new: Any = None
    event: str | None = None


def diff(a: Any, b: Any) -> tuple[Difference, ...]:
    """The differences that turn item `a` into item `b`.

    Args:
        a: The old item: a `NewsItem` or a record of another item kind.
        b: The new item, of the same kind.

    Returns:
        The differences, in document order of `b` (removals where they
        were in `a`); ``()`` when the items are equivalent.

    Raises:
        InvalidArgumentError: `a` or `b` is not an item, or they are items
            of two kinds (the message names both).
    """
    for name, value in (("a", a), ("b", b)):
        if not is_root(value):
            raise InvalidArgumentError(
                f"diff compares items, not {type(value).__name__} ({name})", field=name
            )
    if type(a) is not type(b):
        raise InvalidArgumentError(
            f"diff compares two items of one kind, not a {type(a).__name__} "
            f"and a {type(b).__name__}",
            field="b",
        )
    if a is b:
        return ()
    table: dict[tuple[Any, ...], int] = {}
    old, new = build(a, table), build(b, table)
    if old.ident == new.ident:
        return ()
    walker = Walker(news_item=type(b) is NewsItem)
    walker.root(old, new)
    return tuple(
        Difference(kind=kind, path=path, old=old_value, new=new_value, event=ev, document_path=doc)
        for kind, path, old_value, new_value, ev, doc in walker.reports
    )
