"""Times of the item kinds, as Go's ``time`` package reads and writes them (item-kinds §8); internal.

The newsItem mapping converts times to UTC (`_times`); concepts, planning
items, assignments and packages keep the source offset of some fields, parse
them with Go's RFC 3339 layout and word their errors as Go does.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from newsml_model import DecodeError

_RFC3339 = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-](\d{2}):(\d{2}))\Z"
)
DOCUMENT_TIMES = ("created", "modified", "published", "unpublished")
"""The time fields of a NavigaDoc document."""
GO_LAYOUT = "2006-01-02T15:04:05Z07:00"
"""Go's RFC 3339 layout, quoted in the reference's time errors."""


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
    return None if match is None else _instant_of(match)


def _instant_of(match: re.Match[str]) -> tuple[datetime, str] | None:
    """`instant` of a time `_RFC3339` matched."""
    year, month, day, hour, minute, second, fraction, offset, oh, om = match.groups()
    try:
        moment = datetime(int(year), int(month), int(day), int(hour), int(minute), int(second))
        if offset != "Z":
            shift = timedelta(hours=int(oh), minutes=int(om))
            moment = moment - shift if offset[0] == "+" else moment + shift
    except (ValueError, OverflowError):
        return None
    return moment, (fraction or "").rstrip("0")


def instant_parts(text: str) -> list[str] | None:
    """``[instant.isoformat(), fraction]`` of `instant(text)`, or None: how the carrier's law
    spells a document's time to compare it (`law.visible_bytes`).

    A time in UTC (``Z``) in ASCII digits, the Writer's, is its own instant:
    its date and time are the text's first 19 characters once they make a
    valid date (no shift, no isoformat).
    """
    match = _RFC3339.match(text)
    if match is None:
        return None
    if match.group(8) != "Z" or not text.isascii():  # any Unicode digit matches \d
        moment = _instant_of(match)
        return None if moment is None else [moment[0].isoformat(), moment[1]]
    year, month, day, hour, minute, second, fraction = match.groups()[:7]
    try:
        datetime(int(year), int(month), int(day), int(hour), int(minute), int(second))
    except ValueError:
        return None
    return [text[:19], (fraction or "").rstrip("0")]


def without_fraction(text: str | None) -> str | None:
    """A document time written as RFC 3339 without fractional seconds (planningItem)."""
    if not text:
        return text
    match = _RFC3339.match(text)
    if match is None:
        return text
    return text[:19] + match.group(8)
