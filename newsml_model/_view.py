"""The element view of records (public as `newsml_model.tree`): the XML writer, JXON, the codecs.

Every record of the tree is an XML element; `element_parts` says which one:
its name, its explicit namespace, all its attributes (typed fields first, in
the order they are written, then the rest) and its children. The XML writer,
the JXON codec, the document carriers and patches and the strategies all read
records through it, so they cannot disagree.

Records of the item kinds say their element with class variables:
``element_name`` (every such record) and ``element_namespace`` (root records
only: `NewsItem`, ``ConceptItem``...; ``""`` for a root without namespace).
The view needs no change when a kind is added.

Import these from `newsml_model.tree`; this module only keeps them apart
from the path helpers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from newsml_model._attributes import (
    EXT_PROPERTY_FIELDS,
    LINK_FIELDS,
    OBJECT_FIELDS,
    SERVICE_FIELDS,
    Attributes,
)
from newsml_model._errors import InvalidArgumentError
from newsml_model._item import ContentMeta, ItemMeta
from newsml_model._nodes import (
    ContentMetaObject,
    Element,
    ExtProperty,
    Link,
    Links,
    Metadata,
    Service,
)

ElementParts = tuple[str, str | None, Attributes, tuple[Any, ...]]
"""``(name, namespace, attributes, children)``; namespace None: the parent's."""

# Parents naming their ExtProperty children after themselves (planning: an assignment).
_SECTIONS = ("itemMeta", "contentMeta", "planning")


def typed_attributes(record: Any, fields: tuple[str, ...]) -> Attributes:
    """The typed `fields` of `record` that are set, then its other attributes.

    Args:
        record: A record with the attribute fields `fields` and ``attributes``.
        fields: Names of its typed attribute fields, in the order they are written.

    Returns:
        ``(name, value)`` pairs, typed ones first.
    """
    # A list, not a generator: it saves a generator step per field on every carrier.
    typed = tuple(
        [(name, value) for name in fields if (value := getattr(record, name)) is not None]
    )
    rest: Attributes = record.attributes
    return typed + rest if rest else typed


def _element(node: Any, _parent: str) -> ElementParts:
    return node.name, node.namespace, node.attributes, node.children


def _link(node: Any, _parent: str) -> ElementParts:
    return "link", None, typed_attributes(node, LINK_FIELDS), node.children


def _object(node: Any, _parent: str) -> ElementParts:
    return "object", None, typed_attributes(node, OBJECT_FIELDS), node.children


def _links(node: Any, _parent: str) -> ElementParts:
    # The explicit namespace: a `links` read in another namespace writes back in it.
    return "links", node.namespace, (), node.children


def _metadata(node: Any, _parent: str) -> ElementParts:
    return node.name, node.namespace, (), node.children


def _service(node: Any, _parent: str) -> ElementParts:
    return "service", None, typed_attributes(node, SERVICE_FIELDS), node.children


def _ext_property(node: Any, parent: str) -> ElementParts:
    # Its section names it; outside one (a record given alone) it is the item's.
    name = parent + "ExtProperty" if parent in _SECTIONS else "itemMetaExtProperty"
    return name, None, typed_attributes(node, EXT_PROPERTY_FIELDS), node.children


def _item_meta(node: Any, _parent: str) -> ElementParts:
    return "itemMeta", None, (), node.children


def _content_meta(node: Any, _parent: str) -> ElementParts:
    return "contentMeta", None, (), node.children


_VIEWS: dict[type, Callable[[Any, str], ElementParts]] = {
    Element: _element,
    Link: _link,
    ContentMetaObject: _object,
    Links: _links,
    Metadata: _metadata,
    Service: _service,
    ExtProperty: _ext_property,
    ItemMeta: _item_meta,
    ContentMeta: _content_meta,
}


def element_parts(node: Any, parent_name: str = "") -> ElementParts:
    """The element `node` is: name, explicit namespace, attributes, children.

    Records of the item kinds say their element with class variables:
    ``element_name`` (every such record) and ``element_namespace`` (root
    records only: `NewsItem`, `ConceptItem`...; ``""`` for a root without
    namespace), so a new kind needs no change here.

    Args:
        node: Any record of the tree: a node, a section, a root record or a
            part of an item kind (one with the class variable ``element_name``).
        parent_name: Name of the parent element; it decides the name of an
            `ExtProperty` (``itemMetaExtProperty`` or ``contentMetaExtProperty``).

    Returns:
        ``(name, namespace, attributes, children)``. The namespace is None
        when the element is in its parent's namespace; a root record gives
        its ``element_namespace``.

    Raises:
        InvalidArgumentError: `node` is not a record of the tree.
    """
    kind = node.__class__
    view = _VIEWS.get(kind)
    if view is not None:
        return view(node, parent_name)
    name = getattr(kind, "element_name", None)
    if name.__class__ is str:
        # A root gives its namespace; a kind's own part (``concept``) its parent's.
        return name, getattr(kind, "element_namespace", None), node.attributes, node.children
    raise InvalidArgumentError(f"not a NewsML node: {kind.__name__}", field="record")


def is_root(node: Any) -> bool:
    """Whether `node` is a root record (an item of some kind): it has ``element_namespace``.

    Args:
        node: Anything.

    Returns:
        True for `NewsItem`, `ConceptItem`, `PlanningItem`... records.
    """
    return isinstance(getattr(node.__class__, "element_namespace", None), str)
