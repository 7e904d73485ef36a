"""The roles of the anchored save's containers, and the nodes the reference makes of blocks; internal.

A role names where the reference keeps a list's nodes: ``group`` (an IDF
group), ``links`` (itemMeta's ``<links>``), ``service`` and ``note``
(itemMeta itself), ``cmlinks`` and ``cmeta`` (contentMeta's ``<links>``
and ``<metadata>``), ``imeta`` (itemMeta's ``<metadata>``), ``alinks`` (an
assignment's own ``<links>``), ``items`` (a list's ``<items>``),
``products`` (a list's or a package's ``<products>``) and ``coverage`` (a
planning item's ``<newsCoverageSet>``). `made_node`
builds a new block's node with `newsml_codecs.document._load`'s builders,
`dumper` gives a node's block back (for `merge`), `home` and `grown` find
or make the container of a first node of its role.
"""

from __future__ import annotations

from typing import Any, cast

from newsml_codecs._xmlraw import real
from newsml_codecs.document._carrier.merge import Dump, Load, merged_run
from newsml_codecs.document._carrier.pairing import FOLLOWS
from newsml_codecs.document._carrier.units import appended, node_at
from newsml_codecs.document._config import LINK, META, DocumentOptions, is_contentmeta_link
from newsml_codecs.document._dump.blocks import idf_blocks, link_block, object_block
from newsml_codecs.document._dump.item import item_link_blocks, service_block
from newsml_codecs.document._dump.lists import list_item_block, product_block
from newsml_codecs.document._dump.omit import omitted
from newsml_codecs.document._dump.planning import coverage_block
from newsml_codecs.document._kind_common import Block, Path
from newsml_codecs.document._load.blocks import idf_node, link_node, object_node
from newsml_codecs.document._load.item import (
    geo_link,
    is_content_object,
    is_geo,
    is_item_link,
    is_service,
    note_node,
    service_node,
)
from newsml_codecs.document._load.lists import list_item_node, product_node
from newsml_codecs.document._load.planning import coverage_node
from newsml_model import (
    IM,
    AnyItem,
    ContentMeta,
    ContentMetaObject,
    Element,
    ItemList,
    ItemMeta,
    Link,
    Links,
    Metadata,
    NewsCoverage,
    NewsCoverageSet,
    Node,
    Package,
    Planning,
    PlanningItem,
    Service,
)
from newsml_model.tree import with_children

ASSIGNMENT = "x-im/assignment"
"""The document type of an assignment (a ``planning``), whose links are all its own."""

CONTAINERS = {
    "links": (ItemMeta, Links),
    "cmlinks": (ContentMeta, Links),
    "cmeta": (ContentMeta, Metadata),
}
"""The containers `grown` makes for a first node of a role: (its section, its record)."""


def home(original: AnyItem, role: str) -> Path | str | None:
    """The container of `role` with no anchored node in it, its role when the item lacks it, or None."""
    if role == "alinks":  # an assignment's own <links> (none yet: the patch way)
        return next(((i,) for i, c in enumerate(original.children) if c.__class__ is Links), None)
    if role == "coverage":  # a planning item's (last) <newsCoverageSet>
        return next(
            (
                (i,)
                for i in range(len(original.children) - 1, -1, -1)
                if original.children[i].__class__ is NewsCoverageSet
            ),
            None,
        )
    if role in _LISTED:  # a list's <items>, its or a package's <products> (the last: shown)
        return next(
            (
                (i,)
                for i in range(len(original.children) - 1, -1, -1)
                if _named(original.children[i], _LISTED[role])
            ),
            None,
        )
    for index, section in enumerate(original.children):
        if role in ("note", "service") and isinstance(section, ItemMeta):
            return (index,)  # itemMeta's own children
        if role in CONTAINERS and isinstance(section, CONTAINERS[role][0]):
            kind = CONTAINERS[role][1]
            found = next((i for i, c in enumerate(section.children) if c.__class__ is kind), None)
            return role if found is None else (index, found)
    return None


def grown(original: AnyItem, role: str) -> AnyItem | None:
    """`original` with an empty container of `role` last in its section (None: no section)."""
    section_kind, kind = CONTAINERS[role]
    for index, section in enumerate(original.children):
        if isinstance(section, section_kind):
            children = appended(list(section.children), [kind(namespace=IM)])
            items = list(original.children)
            items[index] = with_children(section, tuple(children))
            grown: AnyItem = with_children(original, tuple(items))
            return grown
    return None


def made_node(
    options: DocumentOptions, name: str, block: Block, index: int, kind: str, root: type
) -> tuple[str, Node | None] | None:
    """(role, node) the reference loads of a new or changed block; ("", None) dropped; None: decline.

    `kind` is the document's type; an assignment's (a planning) links all
    go to its own ``<links>``.
    """
    if name == "links" and kind == ASSIGNMENT:
        return "alinks", link_node(options, block, LINK, f"$.links[{index}]")
    if root is PlanningItem and name == "links" and block.get("type") == ASSIGNMENT:
        return "coverage", coverage_node(options, block, index)  # out of itemMeta, always
    if root is ItemList or root is Package:
        listed = _listed(options, name, block, index, root)
        if listed is not _NOT_LISTED:
            return cast(tuple[str, Node | None] | None, listed)
    if name == "content":
        if kind != "x-im/article":
            return None  # the reference writes no body for other types
        return "group", idf_node(options, block, f"$.content[{index}]")
    role = item_role(options, name, block, kind)
    if role is None or role == "imeta":
        return None  # loaded twice, or an itemMeta object (options): the patch way
    if not role:
        return "", None
    if name == "links":
        if block.get("rel") == "related-geo":
            return "links", geo_link([block])
        if role == "service":
            return role, service_node(block)
        return role, link_node(options, block, LINK, f"$.links[{index}]")
    if role == "note":
        note = note_node(block)
        return ("note", note) if note is not None else ("", None)
    return "cmeta", object_node(options, block, META, f"$.meta[{index}]")


def item_role(options: DocumentOptions, name: str, block: Block, kind: str) -> str | None:
    """The role of the container the reference loads a link or meta `block` of a newsItem into.

    ``""`` for a block it drops (a concept object; a link of no section),
    ``imeta`` for an itemMeta object, None for a link it loads twice (a
    ``related-geo`` link of another type) or a block of another list.
    """
    if name == "links":
        roles = [
            role
            for role, applies in (
                ("links", is_item_link(options, block)),
                ("links", is_geo(block)),
                ("service", is_service(block)),
                ("cmlinks", is_contentmeta_link(options, block.get("type"), block.get("rel"))),
            )
            if applies
        ]
        return "" if not roles else roles[0] if len(roles) == 1 else None
    if name != "meta":
        return None
    if block.get("type") == "x-im/note":
        return "note"
    if is_content_object(options, block, kind):
        return "cmeta"
    return "" if block.get("type") in options.concept_object_types else "imeta"


_NOT_LISTED = object()


def _listed(
    options: DocumentOptions, name: str, block: Block, index: int, root: type
) -> tuple[str, Node | None] | object | None:
    """A list's or a package's own node of a block (`made_node`); `_NOT_LISTED`: not one.

    A list's content blocks are its ``<items>``; both kinds' channel links
    are their ``<products>``. The links the reference takes out of itemMeta
    into nodes of their own otherwise (a list's ``item`` links, a package's
    ``cover`` and ``list``) decline: their nodes are made of several blocks.
    """
    if name == "content":
        return ("items", list_item_node(block)) if root is ItemList else None
    if name != "links":
        return _NOT_LISTED
    rel = block.get("rel")
    if rel in (("item",) if root is ItemList else ("cover", "list")):
        return None
    if rel != "channel":
        return _NOT_LISTED
    if not is_item_link(options, block):
        return "", None
    return "products", product_node(link_node(options, block, LINK, f"$.links[{index}]"))


def loader(options: DocumentOptions, name: str, index: int, kind: str, root: type) -> Load:
    """The node the reference loads of a block of list `name` at `index` (None: none)."""

    def load(block: Block) -> Node | None:
        made = made_node(options, name, block, index, kind, root)
        return None if made is None else made[1]

    return load


def geo_run(
    options: DocumentOptions,
    original: AnyItem,
    blocks: list[Block],
    taken: list[Any],
    roles: dict[Path, str],
) -> dict[int, Node]:
    """The related-geo link written whole again when one of its places changed.

    The reference makes one block of each place of itemMeta's related-geo
    link and one link of all the geo blocks back. When the original's one
    such link no longer matches a run of the document's geo blocks, they
    stand for it together: the first marks its place (`taken` gets the
    link's path, the others `FOLLOWS`), and its node is the link the
    reference loads of them, with what it drops of the original's (its
    qcode, say) where the edit leaves it (`merge.merged_run`).

    Returns:
        {index of the first geo block: the link}, or {} when not so.
    """
    places = [
        index
        for index, block in enumerate(blocks)
        if taken[index] is None and is_geo(block) and block.get("type") == "x-im/related-geo"
    ]
    if not places:
        return {}  # no place the user changed (most saves): no node to look at
    used = set(taken)
    geo = [
        path
        for path, role in roles.items()
        if role == "links" and getattr(real(node_at(original, path)), "rel", None) == "related-geo"
    ]
    if len(geo) != 1 or geo[0] in used:
        return {}
    run = [blocks[index] for index in places]

    def dump(node: Any) -> list[Block] | None:
        made = item_link_blocks(options, node)
        seen = [_seen("links", [block]) for block in made]
        return None if None in seen else cast(list[Block], seen)

    link = merged_run(real(node_at(original, geo[0])), geo_link(run), run, dump, geo_link)
    taken[places[0]] = geo[0]
    for index in places[1:]:
        taken[index] = FOLLOWS
    return {places[0]: link}


def dumper(options: DocumentOptions, role: str, block: Block) -> Dump | None:
    """The block `dump` writes of a node in `role`, as a reader sees it (None: not merged).

    A note's id is its place among the notes (`dump` numbers them): the
    edited `block`'s stands in for it.
    """
    if role == "note":
        return lambda node: (
            _seen(
                "meta", [{"type": "x-im/note", "id": block.get("id"), "data": {"text": node.text}}]
            )
            if node.__class__ is Element and node.name == "edNote"
            else None
        )
    if role == "group":
        return lambda node: _seen("content", idf_blocks(options, (node,)))
    if role == "service":
        return lambda node: (
            _seen("links", [service_block(node)]) if node.__class__ is Service else None
        )
    if role in ("links", "cmlinks", "alinks"):
        return lambda node: (
            _seen("links", [link_block(options, node)])
            if node.__class__ is Link and node.rel != "related-geo"
            else None
        )
    if role == "coverage":
        return lambda node: (
            _seen("links", [coverage_block(options, node)])
            if node.__class__ is NewsCoverage
            else None
        )
    if role == "items":
        return lambda node: _seen("content", [list_item_block(node)]) if _named(node) else None
    if role == "products":
        return lambda node: _seen("links", [product_block(node)]) if _named(node) else None
    if role == "cmeta":
        return lambda node: (
            _seen("meta", [object_block(options, node)])
            if node.__class__ is ContentMetaObject
            else None
        )
    return None


_LISTED = {"items": "items", "products": "products"}
"""The roles of a list's and a package's own containers: the element's name."""


def _named(node: Any, name: str | None = None) -> bool:
    """Whether `node` is a generic element (called `name`, when given)."""
    return node.__class__ is Element and (name is None or node.name == name)


def _seen(name: str, blocks: list[Block]) -> Block | None:
    """The one block of `blocks` as a reader sees it (`omitted`), None when not one."""
    if len(blocks) != 1:
        return None
    seen: Block = omitted({name: blocks})[name][0]
    return seen


def role_of(parent: Any, grand: Any, name: str) -> str | None:
    """The role of `parent` (child of `grand`) as a container of list `name`'s nodes (None: none)."""
    if grand.__class__ is PlanningItem and parent.__class__ is NewsCoverageSet:
        return "coverage" if name == "links" else None
    if grand.__class__ is ItemList and name == "content" and _named(parent, "items"):
        return "items"
    if grand.__class__ in (ItemList, Package) and name == "links" and _named(parent, "products"):
        return "products"
    if name == "content":
        return "group" if parent.__class__ is Element and parent.name == "group" else None
    if name == "links":
        if isinstance(parent, ItemMeta):
            return "service"
        if isinstance(parent, Links):
            if isinstance(grand, ItemMeta):
                return "links"
            return "alinks" if isinstance(grand, Planning) else "cmlinks"
        return None
    if isinstance(parent, ItemMeta):
        return "note"
    if isinstance(parent, Metadata):
        return "imeta" if isinstance(grand, ItemMeta) else "cmeta"
    return None
