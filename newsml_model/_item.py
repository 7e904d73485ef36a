"""The news item and the bases of every root record.

The sections (`ItemMeta`, `ContentMeta`) are defined with the other records
that may hold each other, in `newsml_model._nodes`, so that the type of a
child (`Node`) is defined where all its members are known; they are
re-exported here for the modules that read them beside `NewsItem`.

Names that `newsml_model` does not export (`Record`, `Root`) are internal:
shared with the modules of the other item kinds, not public API.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

import attrs

from newsml_model._attributes import Attributes, get_attribute
from newsml_model._errors import NotFoundError
from newsml_model._lookups import first_child
from newsml_model._nodes import NAR, Children, ContentMeta, Element, ItemMeta, Node

__all__ = ["ContentMeta", "ItemMeta", "NewsItem", "Node", "Record", "Root"]

S = TypeVar("S", ItemMeta, ContentMeta)


@attrs.frozen(kw_only=True)
class Record(Children):
    """A record with attributes, the base of roots and of the kinds' parts (internal).

    Attributes:
        attributes: The element's attributes, in document order.
    """

    attributes: Attributes = ()


@attrs.frozen(kw_only=True)
class Root(Record):
    """The views every root record shares, `NewsItem` and the other kinds (internal)."""

    element_name: ClassVar[str]
    """The root element it is (every item kind says its own)."""
    element_namespace: ClassVar[str] = NAR
    """The namespace of that root element (NewsML-G2's unless a kind says otherwise)."""
    _identity: ClassVar[str] = "guid"
    """The attribute that identifies the item (lists and packages: ``uuid``)."""

    @property
    def item_meta(self) -> ItemMeta | None:
        """The ``itemMeta`` section, or None."""
        return first_child(self, ItemMeta)

    @property
    def content_meta(self) -> ContentMeta | None:
        """The ``contentMeta`` section, or None."""
        return first_child(self, ContentMeta)

    @property
    def item_class(self) -> str | None:
        """``itemMeta > itemClass/@qcode``, or None."""
        meta = self.item_meta
        return None if meta is None else meta.item_class

    def require_guid(self) -> str:
        """The item's identity, typed as present: the ``guid`` NewsML-G2 requires.

        Lists and packages answer their ``uuid``, as their `guid` view does.
        The `guid` view is None for an item without one (built in code, not
        yet saved); this is for code that passes it on (``store.get(
        item.require_guid())`` passes ``mypy --strict``).

        Returns:
            The ``guid`` (or ``uuid``) attribute.

        Raises:
            NotFoundError: The item has none, or an empty one.
        """
        found = get_attribute(self.attributes, self._identity)
        if not found:
            raise NotFoundError(f"{self.element_name} has no {self._identity}")
        return found

    def require_item_meta(self) -> ItemMeta:
        """The ``itemMeta`` section, which NewsML-G2 requires of every item.

        `item_meta` is None for an item without one (an item built in code,
        a fragment); this is the same section typed as present, for code
        that reads it without a None check (``item.require_item_meta().title``
        passes ``mypy --strict``).

        Returns:
            The first `ItemMeta` child.

        Raises:
            NotFoundError: The item has none (the message names the item).
        """
        return self._section(ItemMeta, "itemMeta (NewsML-G2 requires one)")

    def require_content_meta(self) -> ContentMeta:
        """The ``contentMeta`` section, typed as present (every Writer article has one).

        NewsML-G2 lets an item leave it out; the Writer's articles, concepts
        and planning items always carry it. Use `content_meta` where it may
        be absent.

        Returns:
            The first `ContentMeta` child.

        Raises:
            NotFoundError: The item has none (the message names the item).
        """
        return self._section(ContentMeta, "contentMeta")

    def _section(self, kind: type[S], what: str) -> S:
        """The first `kind` child, or NotFoundError naming the item (its root and id) and `what`."""
        found = first_child(self, kind)
        if found is None:
            ident = get_attribute(self.attributes, self._identity)
            where = self.element_name + ("" if ident is None else f" {ident}")
            raise NotFoundError(f"{where} has no {what}")
        return found


@attrs.frozen(kw_only=True)
class NewsItem(Root):
    """A NewsML-G2 ``newsItem``: the whole article, picture, PDF or video.

    Attributes:
        attributes: The root's attributes (``guid``, ``version``, ``standard``...).
        children: ``catalogRef``, `ItemMeta`, `ContentMeta`, ``contentSet`` and
            anything else, in document order.
        temporary_id: Editor state: the id of a new article before its first
            save. No codec writes it.
        etag: Editor state: the etag the item was loaded with. No codec writes it.
        invalid: Editor state: marked invalid by ``invalidate``. No codec writes it.

    The editor state (`temporary_id`, `etag`, `invalid`) counts neither in
    equality nor in the hash: an item equals the same item loaded again.
    """

    element_name: ClassVar[str] = "newsItem"

    children: tuple[Node, ...] = ()
    # Editor state is no part of the article: equal items stay equal (and
    # hash alike) whatever etag, temporary id or mark they were loaded with.
    temporary_id: str | None = attrs.field(default=None, eq=False)
    etag: str | None = attrs.field(default=None, eq=False)
    invalid: bool = attrs.field(default=False, eq=False)

    @property
    def guid(self) -> str | None:
        """The ``guid`` attribute, or None."""
        return get_attribute(self.attributes, "guid")

    @property
    def content_set(self) -> Element | None:
        """The ``contentSet`` element, or None."""
        return self.find("contentSet")

    @property
    def idf(self) -> Element | None:
        """The ``contentSet > inlineXML > idf`` element, or None."""
        content_set = self.content_set
        inline = None if content_set is None else content_set.find("inlineXML")
        return None if inline is None else inline.find("idf")
