"""Records -> NewsML-G2 text: a ``newsMessage`` of items, or one item alone (internal)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from newsml_codecs._xmlwrite import serialize_node
from newsml_codecs.g2._read import ITEM_ROOTS, G2Item, Message
from newsml_model import (
    NAR,
    Attributes,
    ConceptItem,
    Element,
    InvalidArgumentError,
    NewsItem,
    PlanningItem,
)


def header(
    sent: str,
    *,
    sender: str | None = None,
    transmit_id: str | None = None,
    priority: int | None = None,
    origin: str | None = None,
) -> Element:
    """A ``newsMessage`` header: when it is sent and, optionally, by whom.

    Args:
        sent: When the message is sent (ISO 8601 date-time, required by the schema).
        sender: The sender (a domain or organisation name).
        transmit_id: The transmission's identifier.
        priority: The message's priority, 1 (highest) to 9.
        origin: Where the message comes from (a system or desk).

    Returns:
        The ``header`` element, children in the schema's order.

    Raises:
        InvalidArgumentError: `sent` is empty or not text, or `priority` is
            not 1 to 9.
    """
    if not isinstance(sent, str) or not sent.strip():
        raise InvalidArgumentError("sent must be a date-time text", field="sent")
    if priority is not None and (
        isinstance(priority, bool) or not isinstance(priority, int) or not 1 <= priority <= 9
    ):
        raise InvalidArgumentError(f"priority must be 1 to 9, not {priority!r}", field="priority")
    parts = (
        ("sent", sent),
        ("sender", sender),
        ("transmitId", transmit_id),
        ("priority", None if priority is None else str(priority)),
        ("origin", origin),
    )
    children = tuple(Element(name=name, children=(text,)) for name, text in parts if text)
    return Element(name="header", children=children)


def _checked(items: Iterable[G2Item]) -> tuple[G2Item, ...]:
    if isinstance(items, (str, bytes, Element, NewsItem, ConceptItem, PlanningItem, Message)):
        raise InvalidArgumentError(
            f"items must be an iterable of items, not {type(items).__name__}", field="items"
        )
    try:
        checked = tuple(items)
    except TypeError:
        raise InvalidArgumentError(
            f"items must be an iterable of items, not {type(items).__name__}", field="items"
        ) from None
    for index, item in enumerate(checked):
        if isinstance(item, (NewsItem, ConceptItem, PlanningItem)):
            continue
        if isinstance(item, Element) and item.name in ITEM_ROOTS:
            continue
        what = item.name if isinstance(item, Element) else type(item).__name__
        raise InvalidArgumentError(
            f"not a NewsML-G2 item: {what} (a newsItem, conceptItem, planningItem "
            "record, or an Element named packageItem, knowledgeItem, catalogItem...)",
            field=f"items[{index}]",
        )
    return checked


def write_message(
    items: Iterable[G2Item],
    *,
    header: Element | None,
    attributes: Attributes = (),
    item_set_attributes: Attributes = (),
    xml_declaration: bool,
    indent: str | None,
) -> str:
    """The ``newsMessage`` text of `items` under `header` (`newsml_codecs.g2.dumps`)."""
    if header is not None and (not isinstance(header, Element) or header.name != "header"):
        raise InvalidArgumentError("header must be a <header> Element", field="header")
    # Items are no nodes of the model's tree, but every writer of a node writes them.
    children: Any = _checked(items)
    item_set = Element(name="itemSet", attributes=item_set_attributes, children=children)
    head = () if header is None else (header,)
    root = Element(
        name="newsMessage", attributes=attributes, children=(*head, item_set), namespace=NAR
    )
    return _serialized(root, xml_declaration=xml_declaration, indent=indent)


def write_item(item: G2Item, *, xml_declaration: bool, indent: str | None) -> str:
    """The text of `item` alone, as its own document (`newsml_codecs.g2.dumps_item`)."""
    (checked,) = _checked((item,))
    if isinstance(checked, Element) and checked.namespace is None:
        checked = Element(
            name=checked.name,
            attributes=checked.attributes,
            children=checked.children,
            namespace=NAR,
        )
    return _serialized(checked, xml_declaration=xml_declaration, indent=indent)


def _serialized(root: object, *, xml_declaration: bool, indent: str | None) -> str:
    try:
        return serialize_node(root, xml_declaration=xml_declaration, indent=indent)
    except RecursionError:
        raise InvalidArgumentError(
            "the item is nested too deeply to write", field="items"
        ) from None
