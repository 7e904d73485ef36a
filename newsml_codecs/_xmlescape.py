"""Text and attribute values escaped so that a reader reads them back the same; internal.

``\\r`` and, in attribute values, newlines and tabs are written as character
references, because a parser would otherwise normalise them (`_xmlwrite`).
"""

from __future__ import annotations

import re

_TEXT_SPECIAL = re.compile(r"[&<>\r]")
_ATTR_SPECIAL = re.compile(r'[&<>"\n\r\t]')
_TEXT_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"}
_ATTR_ESCAPES = {**_TEXT_ESCAPES, '"': "&quot;", "\n": "&#10;", "\t": "&#9;"}


def escape_text(text: str) -> str:
    """`text` as element content."""
    # `in` tests are C loops with no regex call: most text has nothing to escape.
    if "&" in text or "<" in text or ">" in text or "\r" in text:
        return _TEXT_SPECIAL.sub(_text_escape, text)
    return text


def escape_attribute(value: str) -> str:
    """`value` as a quoted attribute value (as `escape_text`, with quotes, newlines, tabs)."""
    # `in` tests are C loops with no regex call: most values have nothing to escape.
    if (
        "&" in value
        or "<" in value
        or ">" in value
        or '"' in value
        or "\n" in value
        or "\r" in value
        or "\t" in value
    ):
        return _ATTR_SPECIAL.sub(_attribute_escape, value)
    return value


def _text_escape(match: re.Match[str]) -> str:
    return _TEXT_ESCAPES[match.group(0)]


def _attribute_escape(match: re.Match[str]) -> str:
    return _ATTR_ESCAPES[match.group(0)]
