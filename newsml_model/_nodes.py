"""The building blocks of the tree: a generic element and the typed link family.

A news item is a tree that keeps document order everywhere. Parts the model
knows well are typed records (`Link`, `Links`, `Metadata`,
`ContentMetaObject`); everything else is a generic, immutable `Element`, so
nothing is ever dropped. Text is a plain `str` child, which is how mixed
content (``Text <strong>bold</strong> more``) keeps its order.

Namespaces: ``namespace=None`` means "the namespace of my parent", which is
what almost every element has. Typed containers (`Links`, `Metadata`) carry
their namespace explicitly because they are where the Infomaker namespace
starts.

The attribute helpers, the ``*_FIELDS`` tuples and `TYPED_NAMES` are public
through `newsml_model.tree`; `Children` is an internal base class.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Union

import attrs

if TYPE_CHECKING:
    from newsml_model._item import ContentMeta, ItemMeta

NAR = "http://iptc.org/std/nar/2006-10-01/"
"""The NewsML-G2 namespace (root, ``itemMeta``, ``contentMeta``)."""
IM = "http://www.infomaker.se/newsml/1.0"
"""The Infomaker namespace of ``links``, ``link``, ``metadata`` and ``object``."""
IDF = "http://www.infomaker.se/idf/1.0"
"""The namespace of the ``idf`` body."""

Attributes = tuple[tuple[str, str], ...]
"""Attributes as ``(name, value)`` pairs in document order.

Names in the XML namespace keep their ``xml:`` prefix (``xml:lang``); names
in any other namespace are in Clark notation (``{uri}local``).
"""


def get_attribute(attributes: Attributes, name: str) -> str | None:
    """The value of attribute `name` in `attributes`.

    Args:
        attributes: ``(name, value)`` pairs.
        name: The attribute name (``xml:lang``, ``{uri}local``...).

    Returns:
        The value of the first pair called `name`, or None when there is none.
    """
    for key, value in attributes:
        if key == name:
            return value
    return None


def set_attribute(attributes: Attributes, name: str, value: str | None) -> Attributes:
    """`attributes` with `name` set to `value` (kept in place) or removed.

    Args:
        attributes: ``(name, value)`` pairs.
        name: The attribute name.
        value: Its new value; None removes it.

    Returns:
        New pairs: an existing `name` keeps its position, a new one comes last.
    """
    if value is None:
        return tuple(pair for pair in attributes if pair[0] != name)
    if get_attribute(attributes, name) is None:
        return (*attributes, (name, value))
    return tuple((key, value if key == name else old) for key, old in attributes)


def split_attributes(
    fields: tuple[str, ...], attributes: Iterable[tuple[str, str]]
) -> dict[str, Any]:
    """Keyword arguments for a typed record: its typed fields, the rest under ``attributes``.

    Every reader of attribute pairs (the XML reader, JXON, patches) builds
    typed records through this, so they all agree on which value wins.

    Args:
        fields: The record's typed attribute fields (``LINK_FIELDS``...).
        attributes: ``(name, value)`` pairs in document order.

    Returns:
        ``{field: value}`` for the first pair of each typed field, and
        ``attributes``: every other pair, in order (a repeated field included).
    """
    known: dict[str, Any] = {}
    rest = []
    for key, value in attributes:
        if key in fields and key not in known:
            known[key] = value
        else:
            rest.append((key, value))
    known["attributes"] = tuple(rest)
    return known


def layout_free(children: tuple[Any, ...]) -> tuple[Any, ...]:
    """Children of a typed record without layout: whitespace-only text between elements.

    Text that is not only whitespace means the element really holds text, and
    then every character is kept.

    Args:
        children: Children as read (text and records).

    Returns:
        The children without whitespace-only text when they also hold
        elements and no other text; otherwise all of them.
    """
    texts = [c for c in children if c.__class__ is str]
    if texts and len(texts) < len(children) and all(text.isspace() for text in texts):
        return tuple(c for c in children if c.__class__ is not str)
    return tuple(children)


TYPED_NAMES = frozenset(
    {
        "itemMeta",
        "contentMeta",
        "link",
        "links",
        "service",
        "itemMetaExtProperty",
        "contentMetaExtProperty",
        "metadata",
        "meta",
        "object",
        # the other item kinds (newsml_model._kinds)
        "concept",
        "newsCoverageSet",
        "newsCoverage",
        "planningExtProperty",
    }
)
"""Element names a reader may turn into typed records, depending on context."""


def _text_of(children: tuple[Node, ...]) -> str:
    return "".join(child for child in children if isinstance(child, str))


class Children:
    """Lookups shared by every record that holds ordered children (internal base class)."""

    __slots__ = ()
    children: tuple[Any, ...]

    def elements(self, name: str | None = None) -> Iterator[Element]:
        """Yield the generic child elements, only those called `name` if given."""
        for child in self.children:
            if isinstance(child, Element) and (name is None or child.name == name):
                yield child

    def find(self, name: str) -> Element | None:
        """Return the first generic child element called `name`, or None."""
        return next(self.elements(name), None)

    def find_text(self, name: str) -> str | None:
        """Return the text of the first child element called `name`, or None."""
        found = self.find(name)
        return None if found is None else found.text

    @property
    def text(self) -> str:
        """The concatenated text children (not the text of descendants)."""
        return _text_of(self.children)


@attrs.frozen(kw_only=True)
class Element(Children):
    """Any XML element the model does not type: kept whole, in order.

    Attributes:
        name: Local name, such as ``data`` or ``element``.
        attributes: ``(name, value)`` pairs in document order.
        children: Text (`str`) and nodes in document order.
        namespace: Namespace URI, or None for the parent's namespace.
    """

    name: str
    attributes: Attributes = ()
    children: tuple[Node, ...] = ()
    namespace: str | None = None

    def get(self, name: str) -> str | None:
        """Return the value of attribute `name`, or None when it is absent."""
        return get_attribute(self.attributes, name)

    @property
    def full_text(self) -> str:
        """All text of this element and its descendants, in document order."""
        parts: list[str] = []
        for child in self.children:
            if isinstance(child, str):
                parts.append(child)
            elif isinstance(child, Element):
                parts.append(child.full_text)
        return "".join(parts)


@attrs.frozen(kw_only=True)
class Link(Children):
    """A ``<link>``: a relation from the item (or from a link, object) to a resource.

    Every attribute the Writer uses is a field; any other attribute is kept in
    `attributes`. The children (``data``, nested ``links``, ``meta``, anything
    else) keep their order in `children`; `data`, `links` and `meta` are views.
    """

    rel: str | None = None
    type: str | None = None
    uuid: str | None = None
    uri: str | None = None
    url: str | None = None
    title: str | None = None
    id: str | None = None
    name: str | None = None
    role: str | None = None
    qcode: str | None = None
    attributes: Attributes = ()
    children: tuple[Node, ...] = ()

    @property
    def data(self) -> Element | None:
        """The ``<data>`` child, or None."""
        return self.find("data")

    @property
    def links(self) -> tuple[Link, ...]:
        """Links of the first nested ``<links>`` container (empty when none)."""
        for child in self.children:
            if isinstance(child, Links):
                return child.links
        return ()

    @property
    def meta(self) -> tuple[ContentMetaObject, ...]:
        """Objects of the first nested ``<meta>`` container (empty when none)."""
        for child in self.children:
            if isinstance(child, Metadata):
                return child.objects
        return ()


LINK_FIELDS = ("id", "rel", "role", "type", "uuid", "uri", "url", "title", "name", "qcode")
"""The attributes `Link` types as fields, in the order they are written."""


@attrs.frozen(kw_only=True)
class Links(Children):
    """A ``<links>`` container; `children` are mostly `Link` records."""

    children: tuple[Node, ...] = ()
    namespace: str = IM

    @property
    def links(self) -> tuple[Link, ...]:
        """The `Link` children in document order."""
        return tuple(child for child in self.children if isinstance(child, Link))


@attrs.frozen(kw_only=True)
class ContentMetaObject(Children):
    """A metadata ``<object>`` (in ``contentMeta``/``itemMeta`` metadata or a link's meta).

    Examples: ``x-im/newsvalue``, ``x-im/teaser``. Payload sits in ``data``.
    """

    id: str | None = None
    type: str | None = None
    uuid: str | None = None
    uri: str | None = None
    url: str | None = None
    title: str | None = None
    attributes: Attributes = ()
    children: tuple[Node, ...] = ()

    @property
    def data(self) -> Element | None:
        """The ``<data>`` child, or None."""
        return self.find("data")

    @property
    def links(self) -> tuple[Link, ...]:
        """Links of the first ``<links>`` child (empty when none)."""
        for child in self.children:
            if isinstance(child, Links):
                return child.links
        return ()


OBJECT_FIELDS = ("id", "type", "uuid", "uri", "url", "title")
"""The attributes `ContentMetaObject` types as fields, in the order they are written."""


@attrs.frozen(kw_only=True)
class Metadata(Children):
    """A ``<metadata>`` container (or a link's ``<meta>``) of `ContentMetaObject` s."""

    children: tuple[Node, ...] = ()
    namespace: str = IM
    name: str = "metadata"

    @property
    def objects(self) -> tuple[ContentMetaObject, ...]:
        """The object children in document order."""
        return tuple(child for child in self.children if isinstance(child, ContentMetaObject))


@attrs.frozen(kw_only=True)
class Service(Children):
    """An ``itemMeta > service``: a channel (``imchn:``) or a section (``imsection:``).

    The main channel has ``why="imext:main"``. The optional ``<name>`` child
    is in `children`; `name` reads it.
    """

    qcode: str | None = None
    why: str | None = None
    pubconstraint: str | None = None
    attributes: Attributes = ()
    children: tuple[Node, ...] = ()

    @property
    def name(self) -> str | None:
        """Text of the ``<name>`` child, or None."""
        return self.find_text("name")


SERVICE_FIELDS = ("qcode", "why", "pubconstraint")
"""The attributes `Service` types as fields, in the order they are written."""


@attrs.frozen(kw_only=True)
class ExtProperty(Children):
    """An ``itemMetaExtProperty`` / ``contentMetaExtProperty`` (which one: its section)."""

    type: str | None = None
    value: str | None = None
    attributes: Attributes = ()
    children: tuple[Node, ...] = ()


EXT_PROPERTY_FIELDS = ("type", "value")
"""The attributes `ExtProperty` types as fields, in the order they are written."""

Node = Union[
    str,
    Element,
    Link,
    Links,
    Metadata,
    ContentMetaObject,
    Service,
    ExtProperty,
    "ItemMeta",
    "ContentMeta",
]
"""What a child can be: text or a record (sections only directly under the item)."""
