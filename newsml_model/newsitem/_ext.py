"""Extension properties and the publication times stored in them (description §4.4).

``itemMetaExtProperty``/``contentMetaExtProperty`` are `ExtProperty` records,
direct children of their section (the only place NewsML puts them, so the
Writer's descendant selector and a child lookup agree). New ones are appended
last in the section.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from newsml_model import tree
from newsml_model._args import PubTime, coerce
from newsml_model._change import Change
from newsml_model._errors import InvalidArgumentError
from newsml_model._item import NewsItem
from newsml_model._jxon import js_string
from newsml_model._nodes import ExtProperty
from newsml_model.newsitem import _tree
from newsml_model.newsitem._common import changed, check_sender, check_str, unchanged
from newsml_model.shapes import PubTimeMapping

_ELEMENT = {"itemMeta": "itemMetaExtProperty", "contentMeta": "contentMetaExtProperty"}
PUB_START = "imext:pubstart"
PUB_STOP = "imext:pubstop"


def _check_section(section_name: Any) -> str:
    if section_name not in ("itemMeta", "contentMeta"):
        raise InvalidArgumentError(
            "Either itemMeta or contentMeta section name must be specified", field="section_name"
        )
    return str(section_name)


def _find(
    item: NewsItem, section: str, type: str
) -> tuple[tuple[int, ...] | None, ExtProperty | None]:
    index = _tree.section_index(item, section)
    if index is None:
        return None, None
    for child_index, child in enumerate(item.children[index].children):  # type: ignore[union-attr]
        if child.__class__ is ExtProperty and child.type == type:
            return (index, child_index), child
    return None, None


def _set(item: NewsItem, section: str, type: str, value: str) -> tuple[NewsItem, ExtProperty]:
    path, found = _find(item, section, type)
    if path is not None and found is not None:
        new = tree.evolve(found, value=value)
        return tree.update_in(item, path, lambda _old: new), new
    new = ExtProperty(type=type, value=value)
    item, section_path = _tree.ensure_section(item, section)
    return tree.append_in(item, section_path, new), new


def get_ext_property(
    item: NewsItem, section_name: str, type: str, raw: bool = False
) -> str | ExtProperty | None:
    """The ``value`` of the first extension property of `type` in the section.

    Args:
        item: The item.
        section_name: ``itemMeta`` or ``contentMeta``.
        type: The property type, such as ``imext:type``.
        raw: Return the `ExtProperty` record instead of its value.

    Returns:
        The value (or record), None when absent (the Writer crashes there).

    Raises:
        InvalidArgumentError: Another section name, or a non-string type.
    """
    section = _check_section(section_name)
    check_str(type, "type")
    found = _find(item, section, type)[1]
    if raw or found is None:
        return found
    return found.value


def set_ext_property(item: NewsItem, name: str, section_name: str, type: str, value: str) -> Change:
    """Create or set an extension property; event ``<element name>/set``.

    The event's `data` and `node` are the property after the change.

    Raises:
        InvalidArgumentError: Bad section name, type or value.
    """
    sender = check_sender(name)
    section = _check_section(section_name)
    check_str(type, "type")
    item, new = _set(item, section, type, js_string(value, "value"))
    return changed(item, sender, _ELEMENT[section], "set", new, node=new)


def delete_ext_property(item: NewsItem, name: str, section_name: str, type: str) -> Change:
    """Remove the first extension property of `type`; event only when it existed.

    Raises:
        InvalidArgumentError: Bad section name or type.
    """
    sender = check_sender(name)
    section = _check_section(section_name)
    check_str(type, "type")
    path, found = _find(item, section, type)
    if path is None:
        return unchanged(item)
    return changed(tree.remove_in(item, path), sender, _ELEMENT[section], "delete", found)


def _get_time(item: NewsItem, type: str) -> PubTime | None:
    found = _find(item, "itemMeta", type)[1]
    if found is None or found.value is None:
        return None
    return PubTime(value=found.value, type=type)


# RFC 3339 §5.6 date-time: a full date, "T", a full time, an offset ("Z" or +hh:mm).
_RFC3339 = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]+)?(?:[Zz]|[+-][0-9]{2}:[0-9]{2})"
)


def _is_rfc3339(value: str) -> bool:
    if not _RFC3339.fullmatch(value):
        return False
    try:
        # The numbers are real ones (no month 13, no February 30, offset < 24 h).
        datetime.fromisoformat(value.upper().replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


def _pub_time(value: Any, label: str) -> PubTime:
    """The `PubTime` of a record, a mapping, an aware `datetime` or an RFC 3339 string."""
    if isinstance(value, datetime):
        if value.utcoffset() is None:
            raise InvalidArgumentError(
                f"{label} needs a time zone: {value!r} is a naive datetime", field=label
            )
        return PubTime(value=value.isoformat())
    if isinstance(value, str):
        argument, field = PubTime(value=value), label
    elif isinstance(value, date):
        raise InvalidArgumentError(
            f"{label} must be a time, not a date: {value!r} (use a datetime with a time zone)",
            field=label,
        )
    elif isinstance(value, (PubTime, Mapping)):
        argument, field = coerce(PubTime, value, label), f"{label}.value"
    else:
        raise InvalidArgumentError(
            f"{label} must be a datetime, an RFC 3339 string or a {{value}} mapping, "
            f"not {type(value).__name__}",
            field=label,
        )
    if not _is_rfc3339(argument.value):
        raise InvalidArgumentError(
            f"{field} is not an RFC 3339 time (such as 2024-03-05T09:00:00+01:00): "
            f"{argument.value!r}",
            field=field,
        )
    return argument


def _set_time(item: NewsItem, name: str, value: Any, type: str, label: str) -> Change:
    sender = check_sender(name)
    argument = _pub_time(value, label)
    item, _new = _set(item, "itemMeta", type, argument.value)
    return changed(item, sender, label, "set", argument)


def _remove_time(item: NewsItem, name: str, type: str, label: str) -> Change:
    sender = check_sender(name)
    path, _found = _find(item, "itemMeta", type)
    if path is not None:
        item = tree.remove_in(item, path)
    # Emitted even when there was nothing to remove, as the Writer does.
    return changed(item, sender, label, "delete")


def get_pub_start(item: NewsItem) -> PubTime | None:
    """``PubTime(value, type="imext:pubstart")``, or None."""
    return _get_time(item, PUB_START)


def set_pub_start(
    item: NewsItem,
    name: str,
    pub_start: PubTime | PubTimeMapping | Mapping[str, Any] | datetime | str,
) -> Change:
    """Set pubStart; event ``pubStart/set``.

    Args:
        item: The article.
        name: The sender (plugin name).
        pub_start: The time: a `datetime` with a time zone (written with
            ``isoformat()``), an RFC 3339 string (written as given), or the
            Writer's ``{value, type}`` (its `type` is ignored).

    Returns:
        The change; the event's data is the `PubTime` set.

    Raises:
        InvalidArgumentError: `pub_start` is not a time: no string ``value``,
            a string that is not RFC 3339 (``"tomorrow"``), a naive datetime,
            a date; ``field`` names it (``pubStart`` or ``pubStart.value``).
    """
    return _set_time(item, name, pub_start, PUB_START, "pubStart")


def remove_pub_start(item: NewsItem, name: str) -> Change:
    """Remove pubStart; event ``pubStart/delete`` always."""
    return _remove_time(item, name, PUB_START, "pubStart")


def get_pub_stop(item: NewsItem) -> PubTime | None:
    """``PubTime(value, type="imext:pubstop")``, or None."""
    return _get_time(item, PUB_STOP)


def set_pub_stop(
    item: NewsItem,
    name: str,
    pub_stop: PubTime | PubTimeMapping | Mapping[str, Any] | datetime | str,
) -> Change:
    """Set pubStop; event ``pubStop/set``. Takes what `set_pub_start` takes.

    Args:
        item: The article.
        name: The sender (plugin name).
        pub_stop: A `datetime` with a time zone, an RFC 3339 string, or
            the Writer's ``{value, type}``.

    Returns:
        The change; the event's data is the `PubTime` set.

    Raises:
        InvalidArgumentError: `pub_stop` is not a time (as `set_pub_start`).
    """
    return _set_time(item, name, pub_stop, PUB_STOP, "pubStop")


def remove_pub_stop(item: NewsItem, name: str) -> Change:
    """Remove pubStop; event ``pubStop/delete`` always."""
    return _remove_time(item, name, PUB_STOP, "pubStop")
