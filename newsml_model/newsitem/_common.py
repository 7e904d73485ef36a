"""Argument checks and event building shared by the API modules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from newsml_model._change import Change, DocumentChanged, Event
from newsml_model._errors import InvalidArgumentError
from newsml_model._item import NewsItem


def check_item(item: Any) -> NewsItem:
    """`item` itself, or InvalidArgumentError when it is not a `NewsItem`.

    The one check of the item argument: every exported function of
    `newsml_model.newsitem` calls it first. Another item kind (a
    ``ConceptItem``...) is named with its root element, since the news item
    API is for news items only (issue 11).
    """
    if item.__class__ is NewsItem or isinstance(item, NewsItem):
        return item
    kind = type(item).__name__
    element = getattr(type(item), "element_name", None)
    if isinstance(element, str) and isinstance(getattr(type(item), "element_namespace", None), str):
        message = f"item is a {kind} (a {element}): the news item API takes a NewsItem only"
    else:
        message = f"item must be a NewsItem, not {kind}"
    raise InvalidArgumentError(message, field="item")


def check_str(value: Any, field: str) -> str:
    """`value` when it is a string, else InvalidArgumentError naming `field`."""
    if not isinstance(value, str):
        raise InvalidArgumentError(
            f"{field} must be a string, not {type(value).__name__}", field=field
        )
    return value


def check_optional_str(value: Any, field: str) -> str | None:
    """`value` when it is a string or None, else InvalidArgumentError naming `field`."""
    return None if value is None else check_str(value, field)


def check_bool(value: Any, field: str) -> bool:
    """`value` when it is a bool, else InvalidArgumentError naming `field`."""
    if not isinstance(value, bool):
        raise InvalidArgumentError(
            f"{field} must be a boolean, not {type(value).__name__}", field=field
        )
    return value


def check_sender(name: Any) -> str:
    """The sender of the events: the `name` argument; None means nobody (``""``)."""
    return "" if name is None else check_str(name, "name")


def check_types(types: Any, field: str = "types") -> tuple[str, ...]:
    """A list of type strings (the Writer demands an array; a lone string is refused)."""
    if isinstance(types, (str, bytes)) or not isinstance(types, Sequence):
        raise InvalidArgumentError(f"Argument {field} is not of type: array", field=field)
    for index, value in enumerate(types):
        check_str(value, f"{field}[{index}]")
    return tuple(types)


def changed(
    item: NewsItem,
    sender: str,
    type: str,
    action: str,
    data: Any = None,
    *,
    node: Any = None,
    nodes: tuple[Any, ...] | None = None,
    before: tuple[Event, ...] = (),
) -> Change:
    """A `Change` carrying one ``DOCUMENT_CHANGED`` (after the `before` events)."""
    event = DocumentChanged(
        sender=sender, type=type, action=action, data=data, node=node, nodes=nodes
    )
    return Change(item=item, events=(*before, event))


def unchanged(item: NewsItem) -> Change:
    """A silent no-op: the same item, no event."""
    return Change(item=item)
