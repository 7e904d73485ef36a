"""Helpers shared by the item-kind mappings (``spec/item-kinds.md``); internal.

Root records of every kind offer ``attributes`` and ``children`` (with typed
`ItemMeta`/`ContentMeta` sections where the kind has them); these helpers read
and build them without caring which kind they are.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from newsml_codecs.document._blocks_in import Block
from newsml_model import (
    Concept,
    ConceptItem,
    ContentMeta,
    ContentMetaObject,
    DecodeError,
    Element,
    ItemList,
    ItemMeta,
    Link,
    Links,
    Metadata,
    NewsCoverage,
    NewsCoverageSet,
    NewsItem,
    Package,
    Planning,
    PlanningItem,
)
from newsml_model._nodes import LINK_FIELDS, OBJECT_FIELDS, get_attribute, split_attributes
from newsml_model._view import element_parts

_RFC3339 = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-](\d{2}):(\d{2}))\Z"
)
GO_LAYOUT = "2006-01-02T15:04:05Z07:00"
"""Go's RFC 3339 layout, quoted in the reference's time errors."""


def guid(item: Any) -> str | None:
    """The root's ``guid`` (or ``uuid`` for lists and packages) attribute."""
    return get_attribute(item.attributes, "guid")


def section(item: Any, kind: type[Any]) -> Any:
    """The first child of record type `kind` (`ItemMeta`, `ContentMeta`), or None."""
    return next((c for c in item.children if isinstance(c, kind)), None)


def item_meta(item: Any) -> ItemMeta | None:
    """The ``itemMeta`` section of a root record, or None."""
    found: ItemMeta | None = section(item, ItemMeta)
    return found


def content_meta(item: Any) -> ContentMeta | None:
    """The ``contentMeta`` section of a root record, or None."""
    found: ContentMeta | None = section(item, ContentMeta)
    return found


def as_element(node: Any) -> Element:
    """Any record of the tree as a generic `Element` (typed kind parts included)."""
    if isinstance(node, Element):
        return node
    name, namespace, attributes, children = element_parts(node, "")
    return Element(name=name, namespace=namespace, attributes=attributes, children=children)


def elements(node: Any, name: str) -> list[Element]:
    """The child elements called `name`, typed or generic, as `Element` views."""
    parent = element_parts(node, "")[0]
    return [
        as_element(c)
        for c in node.children
        if not isinstance(c, str) and element_parts(c, parent)[0] == name
    ]


def child(node: Any, name: str) -> Element | None:
    """The last child element called `name` (the reference: last wins), or None."""
    found = elements(node, name)
    return found[-1] if found else None


def links_of(node: Any) -> list[Link]:
    """The links of every ``links`` child of `node`, typed or generic, in order."""
    found: list[Link] = []
    for c in node.children:
        if isinstance(c, Links):
            found.extend(c.links)
        elif isinstance(c, Element) and c.name == "links":
            found.extend(
                Link(**split_attributes(LINK_FIELDS, e.attributes), children=e.children)
                for e in c.elements("link")
            )
    return found


def objects_of(node: Any) -> list[ContentMetaObject]:
    """The objects of every ``metadata`` child of `node`, typed or generic, in order."""
    found: list[ContentMetaObject] = []
    for c in node.children:
        if isinstance(c, Metadata):
            found.extend(c.objects)
        elif isinstance(c, Element) and c.name == "metadata":
            found.extend(
                ContentMetaObject(
                    **split_attributes(OBJECT_FIELDS, e.attributes), children=e.children
                )
                for e in c.elements("object")
            )
    return found


def rights_holder(item: Any, name: str) -> list[dict[str, Any]]:
    """The copyright holder property called `name` (concept and planningItem spell it apart)."""
    rights = child(item, "rightsInfo")
    holder = None if rights is None else child(rights, "copyrightHolder")
    text = None if holder is None else child(holder, "name")
    return [{"name": name, "value": text.text}] if text is not None and text.text else []


def number_notes(notes: list[Block], start: int = 0) -> None:
    """Give edNote blocks their ids: the meta length when each was added (§4.2)."""
    for index, note in enumerate(notes):
        note["id"] = str(start + index)


def keep_offset(text: str | None) -> str | None:
    """An RFC 3339 time as Go parses and writes it, in its own offset; None when invalid.

    Go's ``time.Parse(RFC3339)`` then ``Format(RFC3339Nano)``: no trimming,
    the fraction loses its trailing zeros, a zero offset is written ``Z``.
    """
    if not text:
        return None
    match = _RFC3339.match(text)
    if match is None:
        return None
    year, month, day, hour, minute, second, fraction, offset, oh, om = match.groups()
    try:
        datetime(int(year), int(month), int(day), int(hour), int(minute), int(second))
    except ValueError:
        return None
    if oh is not None and (int(oh) > 23 or int(om) > 59):
        return None
    fraction = (fraction or "").rstrip("0")
    if offset != "Z" and int(oh or 0) == 0 and int(om or 0) == 0:
        offset = "Z"
    head = text[:19]
    return head + ("." + fraction if fraction else "") + offset


def parse_kept(text: str | None, message: str) -> str:
    """`keep_offset`, or a DecodeError ``<message><text>`` (concept, planningItem).

    Raises:
        DecodeError: The value is not RFC 3339 (an empty value included).
    """
    value = keep_offset(text)
    if value is None:
        raise DecodeError(message + (text or ""))
    return value


def parse_go(text: str | None) -> str:
    """`keep_offset`, or Go's own parse error text (assignment and package times).

    Raises:
        DecodeError: ``parsing time "<v>" as "2006-01-02T15:04:05Z07:00":
            cannot parse "<rest>" as "<element>"`` (or ``...: month out of
            range``, ``extra text``), as Go's ``time.Parse`` words it.
    """
    value = keep_offset(text)
    if value is None:
        raise DecodeError(go_time_error(text or ""))
    return value


_ELEMENTS = (
    ("2006", 4, None),
    ("-", 0, None),
    ("01", 2, (1, 12, "month")),
    ("-", 0, None),
    ("02", 2, (1, 31, "day")),
    ("T", 0, None),
    ("15", 2, (0, 23, "hour")),
    (":", 0, None),
    ("04", 2, (0, 59, "minute")),
    (":", 0, None),
    ("05", 2, (0, 59, "second")),
)


def go_time_error(text: str) -> str:
    """The message of Go's ``time.Parse(time.RFC3339, text)`` for an invalid `text`.

    Walks the layout as Go does: fixed-width numbers, literals, range
    checks, an optional fraction after the seconds, then ``Z07:00``.
    """
    head = f'parsing time "{text}" as "{GO_LAYOUT}": '
    rest = text
    numbers: list[int] = []
    for element, width, bounds in _ELEMENTS:
        if width == 0:
            if not rest.startswith(element):
                return head + f'cannot parse "{rest}" as "{element}"'
            rest = rest[len(element) :]
            continue
        digits = rest[:width]
        if len(digits) < width or not digits.isascii() or not digits.isdigit():
            return head + f'cannot parse "{rest}" as "{element}"'
        number = int(digits)
        if bounds is not None and not bounds[0] <= number <= bounds[1]:
            return f'parsing time "{text}": {bounds[2]} out of range'
        numbers.append(number)
        rest = rest[width:]
    if rest[:1] in (".", ",") and rest[1:2].isdigit():
        end = 1
        while end < len(rest) and rest[end].isascii() and rest[end].isdigit():
            end += 1
        rest = rest[end:]
    zone = re.match(r"Z|[+-]\d{2}:\d{2}", rest)
    if zone is None:
        return head + f'cannot parse "{rest}" as "Z07:00"'
    rest = rest[zone.end() :]
    if rest:
        return f'parsing time "{text}": extra text: "{rest}"'
    try:
        datetime(numbers[0], numbers[1], numbers[2])
    except ValueError:
        return f'parsing time "{text}": day out of range'
    return f'parsing time "{text}": time zone offset out of range'


def instant(text: str | None) -> tuple[datetime, str] | None:
    """The instant of an RFC 3339 time (UTC, fraction digits), to compare two spellings; or None."""
    match = _RFC3339.match(text or "")
    if match is None:
        return None
    year, month, day, hour, minute, second, fraction, offset, oh, om = match.groups()
    try:
        moment = datetime(int(year), int(month), int(day), int(hour), int(minute), int(second))
        if offset != "Z":
            shift = timedelta(hours=int(oh), minutes=int(om))
            moment = moment - shift if offset[0] == "+" else moment + shift
    except (ValueError, OverflowError):
        return None
    return moment, (fraction or "").rstrip("0")


def without_fraction(text: str | None) -> str | None:
    """A document time written as RFC 3339 without fractional seconds (planningItem)."""
    if not text:
        return text
    match = _RFC3339.match(text)
    if match is None:
        return text
    return text[:19] + match.group(8)


def put(target: dict[str, Any], key: str, value: str | None) -> None:
    """Set `key` only for a non-empty value (Go's omitempty)."""
    if value:
        target[key] = value


_RECORDS: dict[str, Any] = {
    "newsItem": NewsItem,
    "conceptItem": ConceptItem,
    "planningItem": PlanningItem,
    "planning": Planning,
    "list": ItemList,
    "package": Package,
    "concept": Concept,
    "newsCoverageSet": NewsCoverageSet,
    "newsCoverage": NewsCoverage,
}


def make_root(name: str, attributes: tuple[tuple[str, str], ...], children: tuple[Any, ...]) -> Any:
    """The record of root or kind part `name` (``conceptItem``, ``concept``...)."""
    return _RECORDS[name](attributes=attributes, children=children)
