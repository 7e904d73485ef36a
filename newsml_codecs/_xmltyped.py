"""Internal: which record the XML reader (`_xmlread`) makes of an element, by its place.

The reader sees names; the model types an element by its name *and* where
it stands: a ``link`` is a `Link` inside ``links`` and a generic element
elsewhere, ``itemMeta`` is a section only under the root, a ``metadata``
without attributes is a container only under a section, a link, an object
or a concept. Those rules (``spec/item-kinds.md`` for the other kinds'
parts) are decisions about the model, not about driving expat, so they live
here: `_xmlread` runs the parse (handlers, limits, errors), `_xmlbuild`
builds records fast, and this module says which one. It also holds the
roots: the record of each root element, and the namespace an element
without one takes under it (the reader's leniency, as Naviga's converter).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from newsml_codecs._xmlbuild import (
    build_element,
    build_ext_property,
    build_link,
    build_links,
    build_metadata,
    build_object,
    build_service,
    layout_free_list,
)
from newsml_model import Concept, ContentMeta, ItemMeta, NewsCoverage, NewsCoverageSet
from newsml_model.tree import ITEM_KINDS, KindNode

__all__ = [
    "CONTAINERS",
    "ROOTS",
    "ROOT_NAMESPACES",
    "SECTIONS",
    "RootTable",
    "typed_node",
]

ROOTS: dict[str, Callable[..., Any]] = dict(ITEM_KINDS)
"""Root element local name -> the record built from ``attributes=`` and ``children=``."""
ROOT_NAMESPACES = {name: kind.element_namespace for name, kind in ITEM_KINDS.items()}
"""The namespace an element without one takes under each root (lists and packages have none)."""

RootTable = Mapping[str, tuple[Callable[..., Any], str]]
"""Other roots the reader may read: local name -> (builder taking ``attributes=`` and
``children=``, the namespace an element without one takes under that root)."""

SECTIONS = frozenset({"itemMeta", "contentMeta"})
"""The two sections: their ``links`` and ``metadata`` are Infomaker's without a namespace."""
CONTAINERS = frozenset({"links", "metadata"})
"""The Infomaker containers of a section."""


def typed_node(
    name: str,
    explicit: bool,
    ns: str,
    attributes: Any,
    children: list[Any],
    parent_name: str,
    depth: int,
) -> KindNode:
    """The record of an element whose name is in `TYPED_NAMES`, by its context.

    Args:
        name: The element's local name.
        explicit: Whether its namespace differs from its parent's.
        ns: Its namespace.
        attributes: Its attribute pairs.
        children: Its children, in order.
        parent_name: Its parent's local name.
        depth: Its depth below the root (the root's children: 1).
    """
    if not explicit:
        if name == "link":
            if parent_name == "links":
                return build_link(attributes, layout_free_list(children))
        elif name == "object":
            if parent_name == "metadata" or parent_name == "meta":
                return build_object(attributes, layout_free_list(children))
        elif depth == 1:
            if name == "itemMeta":
                return ItemMeta(children=layout_free_list(children))
            if name == "contentMeta":
                return ContentMeta(children=layout_free_list(children))
            # The other item kinds' own parts (spec/item-kinds.md).
            if name == "concept" and parent_name == "conceptItem":
                return Concept(attributes=attributes, children=layout_free_list(children))
            if name == "newsCoverageSet" and parent_name == "planningItem":
                return NewsCoverageSet(attributes=attributes, children=layout_free_list(children))
            if name == "planningExtProperty" and parent_name == "planning":
                return build_ext_property(attributes, layout_free_list(children))
        elif name == "newsCoverage":
            if depth == 2 and parent_name == "newsCoverageSet":
                return NewsCoverage(attributes=attributes, children=layout_free_list(children))
        elif depth == 2 and parent_name in SECTIONS:
            if name == "service":
                return build_service(attributes, layout_free_list(children))
            if name == parent_name + "ExtProperty":
                return build_ext_property(attributes, layout_free_list(children))
    if not attributes:
        if name == "links":
            return build_links(layout_free_list(children), ns)
        if (name == "metadata" or name == "meta") and (
            parent_name in SECTIONS
            or parent_name == "link"
            or parent_name == "object"
            or parent_name == "concept"
        ):
            return build_metadata(layout_free_list(children), ns, name)
    return build_element(name, attributes, tuple(children), ns if explicit else None)
