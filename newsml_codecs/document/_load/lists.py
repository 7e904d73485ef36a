"""Documents -> list and package as the reference exports them (``spec/item-kinds.md`` §6.3, §7.3)."""

from __future__ import annotations

import re
from typing import Any

from newsml_codecs.document._config import PACKAGE_STATUS_BACK, DocumentOptions
from newsml_codecs.document._kind_common import make_root, parse_bool
from newsml_codecs.document._load.item import el, load_item_meta, lower_props
from newsml_model import (
    DecodeError,
    Element,
    ExtProperty,
    InvalidDocumentError,
    ItemMeta,
    Link,
    Links,
    Node,
)

_INT = re.compile(r"[+-]?[0-9]+\Z")
_WORD = re.compile(r"[A-Za-z]+")


def _title_case(kind: str) -> str:
    """``x-im/article`` -> ``Article``: the first ``x-im/`` removed, words title-cased."""
    rest = kind.replace("x-im/", "", 1)
    return _WORD.sub(lambda m: m.group(0)[:1].upper() + m.group(0)[1:].lower(), rest)


def _item_meta(
    options: DocumentOptions,
    doc: dict[str, Any],
    drop_ext: Any,
    drop_rels: tuple[str, ...],
    drop: tuple[str, ...],
) -> tuple[ItemMeta, list[Link]]:
    """IM-export without the elements `drop` names and the ext properties `drop_ext` names.

    Returns:
        The itemMeta and the links it no longer holds (rels `drop_rels`).
    """
    taken: list[Link] = []
    children: list[Node] = []
    for node in load_item_meta(options, doc, lower_props(doc)).children:
        if isinstance(node, Element) and node.name in drop:
            continue
        if isinstance(node, ExtProperty) and drop_ext(node):
            continue
        if isinstance(node, Links):
            kept = []
            for link in node.children:
                if isinstance(link, Link) and link.rel in drop_rels:
                    taken.append(link)
                else:
                    kept.append(link)
            if not kept:
                continue
            node = Links(children=tuple(kept), namespace=node.namespace)
        children.append(node)
    return ItemMeta(children=tuple(children)), taken


def product_node(link: Link) -> Element:
    """The ``<product>`` the reference writes of a channel link."""
    return el("product", link.title, uuid=link.uuid)


def list_item_node(block: dict[str, Any]) -> Element:
    """The ``<items>/<item>`` the reference writes of a list's content block."""
    return el("item", uuid=block.get("uuid"), type=_title_case(block.get("type") or ""))


def _products(links: list[Link]) -> Element:
    """``<products>``, written even without a product (as the reference does)."""
    products = [product_node(link) for link in links if link.rel == "channel"]
    return Element(name="products", children=tuple(products))


def _uuid_only(name: str, block: dict[str, Any]) -> Element:
    """``<cover>``/``<itemList>`` with its ``uuid`` attribute, written even when empty."""
    return Element(name=name, attributes=(("uuid", block.get("uuid") or ""),))


def load_list(options: DocumentOptions, doc: dict[str, Any]) -> Any:
    """The list record the reference writes for `doc` (no carrier applied).

    Raises:
        InvalidDocumentError: ``invalid limit in document: <value>``, or data
            that cannot be written.
    """
    # The uri is synthesised on dump and written nowhere (§6.3 step 1).
    meta, taken = _item_meta(
        options,
        doc,
        lambda e: (e.type or "").lower() in options.list_exceptions or e.type == "imext:uri",
        ("channel", "item"),
        ("itemClass", "title"),  # pubStatus stays (IM-export writes none for no status)
    )
    description: str | None = None
    limit: str | None = None
    for i, block in enumerate(doc.get("meta") or ()):
        data = block.get("data") or {}
        if block.get("type") != "x-im/list":
            continue
        if "description" in data:
            description = data["description"]
        if "limit" in data:
            if not _INT.match(data["limit"]) or not -(2**63) <= int(data["limit"]) < 2**63:
                raise InvalidDocumentError(
                    f"invalid limit in document: {data['limit']}", path=f"$.meta[{i}].data.limit"
                )
            limit = str(int(data["limit"]))
    items: list[Node] = [
        el("item", uuid=link.uuid, type=link.type) for link in taken if link.rel == "item"
    ]
    items.extend(list_item_node(block) for block in doc.get("content") or ())
    # Empty elements are left out, but <type>list</type> and <products> are always written.
    children: list[Node] = [el("name", doc["title"])] if doc.get("title") else []
    if description:
        children.append(el("description", description))
    children.append(el("type", "list"))
    children.append(_products(taken))
    if limit is not None or items:
        children.append(
            Element(name="items", attributes=(("limit", limit or "0"),), children=tuple(items))
        )
    children.append(meta)
    return make_root("list", (("uuid", doc.get("uuid") or ""),), tuple(children))


def load_package(options: DocumentOptions, doc: dict[str, Any], *, strict: bool = True) -> Any:
    """The package record the reference writes for `doc` (no carrier applied).

    Args:
        doc: The document.
        strict: False under a carrier: a status the reference cannot write
            gives no ``<pubStatus>`` (the carrier restores the original).

    Raises:
        InvalidDocumentError: ``can't convert status <status>`` (strict),
            ``strconv.ParseBool: parsing "<v>": invalid syntax``, or data that
            cannot be written.
    """
    status = doc.get("status") or ""
    if status not in PACKAGE_STATUS_BACK and strict:
        raise InvalidDocumentError(f"can't convert status {status}", path="$.status")
    meta, taken = _item_meta(
        options,
        doc,
        lambda e: e.type in options.package_exceptions,
        ("list", "channel", "cover"),
        ("itemClass", "title", "pubStatus"),  # the package's own pubStatus replaces it
    )
    last = [
        i
        for i, e in enumerate(meta.children)
        if isinstance(e, ExtProperty) and e.type == "published"
    ]
    if last:  # only the last one (§7.3 step 2)
        meta = ItemMeta(children=meta.children[: last[-1]] + meta.children[last[-1] + 1 :])
    props = {lower: prop for lower, prop in lower_props(doc)}
    published = "false"
    if "published" in props:
        try:
            published = (
                "true" if parse_bool(props["published"].get("value"), wrap=False) else "false"
            )
        except DecodeError as error:  # the shared parser's error, a document error here
            raise InvalidDocumentError(str(error), path="$.properties") from None
    blocks = doc.get("links") or ()
    cover = next((b for b in blocks if b.get("rel") == "cover"), None)
    item_list = next((b for b in reversed(blocks) if b.get("rel") == "list"), None)
    children: list[Node] = []
    if cover is not None:
        children.append(_uuid_only("cover", cover))
    if doc.get("title"):
        children.append(el("name", doc["title"]))
    if "type" in props and props["type"].get("value"):
        children.append(el("type", props["type"]["value"]))
    children.append(_products(taken))
    if "category" in props and props["category"].get("value"):
        children.append(el("category", props["category"]["value"]))
    if doc.get("published"):
        children.append(el("pubStart", doc["published"]))
    if doc.get("unpublished"):
        children.append(el("pubStop", doc["unpublished"]))
    if status in PACKAGE_STATUS_BACK:
        children.append(el("pubStatus", PACKAGE_STATUS_BACK[status]))
    if item_list is not None:
        children.append(_uuid_only("itemList", item_list))
    children.append(meta)
    attributes = (("uuid", doc.get("uuid") or ""), ("published", published))
    return make_root("package", attributes, tuple(children))
