"""Document -> planningItem as the reference exports it (``spec/item-kinds.md`` §4.3)."""

from __future__ import annotations

from typing import Any

from newsml_codecs.document._config import CATALOGS, LINK, DocumentOptions
from newsml_codecs.document._kind_common import make_root
from newsml_codecs.document._kind_times import without_fraction
from newsml_codecs.document._load.blocks import link_node
from newsml_codecs.document._load.concept import event_fields, rights_info
from newsml_codecs.document._load.item import (
    el,
    load_content_meta,
    load_item_meta,
    lower_props,
    root_attributes,
)
from newsml_model import (
    IM,
    ContentMeta,
    Element,
    ExtProperty,
    ItemMeta,
    Links,
    Metadata,
    Node,
    Service,
)

_DROPPED_SUBLINKS = frozenset({"x-im/imchn", "x-im/articlesource"})


def _item_meta(
    options: DocumentOptions,
    doc: dict[str, Any],
    props: list[tuple[str, dict[str, Any]]],
    exts: list[ExtProperty],
) -> ItemMeta:
    """§4.3 step 2: IM-export, then the planningItem's changes."""
    children: list[Node] = []
    for node in load_item_meta(options, doc, props).children:
        if isinstance(node, Element) and node.name == "itemClass":
            node = el("itemClass", qcode="plinat:newscoverage")
        elif isinstance(node, Element) and node.name in ("firstCreated", "versionCreated"):
            node = el(node.name, without_fraction(node.text))
        elif isinstance(node, Links):
            kept = tuple(c for c in node.children if getattr(c, "type", None) != "x-im/assignment")
            if not kept:
                continue
            node = Links(children=kept, namespace=node.namespace)
        children.append(node)
    added = [
        ExtProperty(type=name, value=doc[field])
        for name, field in (("imext:created", "created"), ("imext:modified", "modified"))
        if doc.get(field)
    ]
    ext_at = [i + 1 for i, node in enumerate(children) if isinstance(node, ExtProperty)]
    services = [i for i, node in enumerate(children) if isinstance(node, Service)]
    at = ext_at[-1] if ext_at else services[0] if services else len(children)
    children[at:at] = added
    children = [
        ExtProperty(
            type=options.planning_property_type[node.type or ""],
            value=node.value,
            attributes=node.attributes,
        )
        if isinstance(node, ExtProperty) and node.type in options.planning_property_type
        else node
        for node in children
    ]
    at += len(added)
    children[at:at] = exts  # start/end from the block, after created/modified, not renamed
    return ItemMeta(children=tuple(children))


def _coverage_set(options: DocumentOptions, doc: dict[str, Any]) -> Any:
    """§4.3 step 5: one ``newsCoverage`` per ``x-im/assignment`` link block."""
    coverages = [
        coverage_node(options, block, i)
        for i, block in enumerate(doc.get("links") or ())
        if block.get("type") == "x-im/assignment"
    ]
    return make_root("newsCoverageSet", (), tuple(coverages))


def coverage_node(options: DocumentOptions, block: dict[str, Any], index: int) -> Any:
    """The ``newsCoverage`` the reference writes of the ``x-im/assignment`` link block at `index`."""
    links = [
        link_node(options, sub, LINK, f"$.links[{index}].links[{j}]")
        for j, sub in enumerate(block.get("links") or ())
        if sub.get("type") not in _DROPPED_SUBLINKS
    ]
    links = [link for link in links if link.type not in options.planning_dropped_links]
    return make_root(
        "newsCoverage",
        (("id", block["id"]),) if block.get("id") else (),
        (Links(children=tuple(links), namespace=IM),) if links else (),
    )


def load_planning_item(options: DocumentOptions, doc: dict[str, Any]) -> Any:
    """The planningItem record the reference writes for `doc` (no carrier applied).

    Raises:
        InvalidDocumentError: Data that cannot be written (with its JSON path);
            the contentMeta objects are built, so their errors are raised, and
            then discarded as the reference does.
    """
    props = lower_props(doc)
    extra, exts, _ = event_fields(doc, ("x-im/newscoverage",), sections=False)
    children: list[Node] = [el("catalogRef", href=href) for href in CATALOGS]
    children.extend(rights_info(props))
    children.append(_item_meta(options, doc, props, exts))
    content = load_content_meta(options, doc, props + extra, prune=False)
    assert content is not None  # never pruned
    children.append(
        ContentMeta(children=tuple(c for c in content.children if not isinstance(c, Metadata)))
    )
    children.append(_coverage_set(options, doc))
    attributes = root_attributes(doc)
    return make_root("planningItem", attributes, tuple(children))
