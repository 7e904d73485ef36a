"""Timestamps: NewsML text -> RFC 3339 in UTC (mapping spec §4.3, decision M2).

Any valid RFC 3339 offset is accepted (the reference's offset check rejected
+06:00 to +09:00, M2). Values are written the way Go's ``RFC3339Nano`` writes
them: UTC as ``Z``, fractional seconds without trailing zeros.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from newsml_codecs.document._kind_times import keep_offset

_RFC3339 = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})\Z"
)
_NO_VALUE = {"", "null", "undefined"}


class TimeError(ValueError):
    """A timestamp that is not RFC 3339 with an offset."""


def _parse(text: str) -> tuple[datetime, str]:
    """(UTC datetime without fraction, fraction digits) of an RFC 3339 text."""
    match = _RFC3339.match(text)
    if match is None:
        raise TimeError(f"time {text!r} is not RFC 3339 with a UTC offset")
    year, month, day, hour, minute, second, fraction, offset = match.groups()
    try:
        moment = datetime(int(year), int(month), int(day), int(hour), int(minute), int(second))
    except ValueError as error:
        raise TimeError(f"time {text!r}: {error}") from None
    if offset != "Z":
        sign = 1 if offset[0] == "+" else -1
        hours, minutes = int(offset[1:3]), int(offset[4:6])
        if hours > 23 or minutes > 59:
            raise TimeError(f"time {text!r} has an invalid UTC offset")
        try:
            moment -= sign * timedelta(hours=hours, minutes=minutes)
        except OverflowError:  # year 1 minus an offset, year 9999 plus one
            raise TimeError(f"time {text!r} is out of range once converted to UTC") from None
    return moment, (fraction or "").rstrip("0")


def to_utc(text: str) -> str:
    """Normalise an RFC 3339 time to UTC in Go's RFC3339Nano form.

    Raises:
        TimeError: Not RFC 3339, or no offset.
    """
    if text.endswith("Z") and len(text) == 20 and _RFC3339.match(text):
        return text  # the common case, already normal
    moment, fraction = _parse(text)
    # isoformat, not strftime("%Y"): C's %Y writes year 999 as "999", which
    # is no RFC 3339 time; isoformat always writes four digits.
    return moment.isoformat() + ("." + fraction if fraction else "") + "Z"


def dump_time(text: str | None, field: str, *, strict: bool) -> str | None:
    """A NewsML time as the document's UTC string, or None for "no value".

    Args:
        text: The element text or attribute value (None when absent).
        field: The field name, for error messages.
        strict: True for firstCreated/versionCreated: a value that is only
            blank after trimming, or ``null``/``undefined``, is an error
            (§4.3 step 2); false for pubstart/pubstop, where it means unset.

    Raises:
        TimeError: An invalid time.
    """
    if text is None or text == "":
        return None
    value = text.strip()
    if value in _NO_VALUE:
        if strict:
            raise TimeError(f"{field} has invalid value: {text}")
        return None
    try:
        return to_utc(value)
    except TimeError as error:
        raise TimeError(f"{field} {error}") from None


def lenient_time(text: str | None) -> str | None:
    """The ``contentCreated`` fallback: RFC 3339 kept in its offset, or None (§4.3).

    The reference parses it without converting it to UTC and writes it as Go
    writes any time: a zero offset as ``Z``, the fraction without trailing
    zeros (``.100000+00:00`` gives ``.1Z``), another offset kept.
    """
    if not text or _RFC3339.match(text) is None:
        return None
    try:
        _parse(text)
    except TimeError:
        return None
    return keep_offset(text)
