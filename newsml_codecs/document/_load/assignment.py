"""Document -> planning (an assignment) as the reference exports it (``spec/item-kinds.md`` §5.3)."""

from __future__ import annotations

from typing import Any

from newsml_codecs.document._config import LINK, DocumentOptions
from newsml_codecs.document._kind_common import make_root
from newsml_codecs.document._load.blocks import link_node
from newsml_codecs.document._load.item import el, root_attributes
from newsml_model import IM, Element, ExtProperty, InvalidDocumentError, Links, Node


def _ext(kind: str, value: str) -> ExtProperty:
    # Under ``planning`` the element view names it ``planningExtProperty``.
    return ExtProperty(type=kind, value=value)


def load_assignment(options: DocumentOptions, doc: dict[str, Any]) -> Any:
    """The planning record the reference writes for `doc` (no carrier applied).

    Raises:
        InvalidDocumentError: ``missing qcode for subtype <type>``, or a link
            that cannot be written (with its JSON path).
    """
    exts: list[Node] = [
        _ext("imext:type", doc.get("type") or ""),
        _ext("imext:status", doc.get("status") or ""),
    ]
    for name, field in (("nrpdate:created", "created"), ("nrpdate:modified", "modified")):
        if doc.get(field):
            exts.append(_ext(name, doc[field]))
    for prop in doc.get("properties") or ():
        name = prop.get("name") or ""
        if name.lower() in options.planning_exceptions:
            exts.append(_ext(name, prop.get("value") or ""))
    item_class: Element | None = None
    descriptions: list[Node] = []
    for i, block in enumerate(doc.get("meta") or ()):
        data = block.get("data")
        if block.get("type") != "x-im/assignment" or not data:
            continue
        for key in ("start", "end"):  # K3: start before end
            if key in data:
                exts.append(_ext("nrpdate:" + key, data[key]))
        if "type" in data:
            qcode = options.assignment_qcode_back.get(data["type"])
            if qcode is None:
                raise InvalidDocumentError(
                    f"missing qcode for subtype {data['type']}", path=f"$.meta[{i}].data.type"
                )
            item_class = el("itemClass", qcode=qcode)
        for key, role in (
            ("description", "nrpdesc:intern"),
            ("publicDescription", "nrpdesc:extern"),
        ):
            if key in data:
                descriptions.append(el("description", data[key], role=role))
    children: list[Node] = [] if item_class is None else [item_class]
    if doc.get("title"):
        children.append(el("headline", doc["title"]))
    children.extend(descriptions)
    children.extend(exts)
    links = [
        link_node(options, block, LINK, f"$.links[{i}]")
        for i, block in enumerate(doc.get("links") or ())
    ]
    if links:
        children.append(Links(children=tuple(links), namespace=IM))
    attributes = root_attributes(doc)
    return make_root("planning", attributes, tuple(children))
