"""JSON text of documents: the bytes of ``json.dumps``, written by orjson.

Every JSON text the project writes for a document (``document.dumps``, the
Tools service's JSON responses, ``newsml convert``) is compact and keeps
non-ASCII characters::

    json.dumps(value, ensure_ascii=False, separators=(",", ":"))

orjson writes that text several times faster (issue 12), and for the values
documents are made of (objects, arrays, strings, integers, booleans) byte
for byte the same. Where the two differ, this module gives ``json.dumps``'s
text, so callers never see a difference:

* orjson refuses lone surrogates (``"\\ud800"``), integers beyond 64 bits,
  keys that are not strings and nesting deeper than 255: ``json.dumps``
  writes those;
* orjson writes floats below 1e-4 without an exponent or with a one-digit
  one (``0.00001``, ``2.5e-7`` for ``1e-05``, ``2.5e-07``): a text holding
  a number of either form is written again by ``json.dumps`` (a string that
  merely looks so, after a comma or colon, costs that slower path, never a
  different text).

One difference is kept: NaN and the infinities, which are not JSON, are
written ``null`` (``json.dumps`` writes its own ``NaN`` and ``Infinity``
tokens, which JSON parsers other than Python's refuse). No document holds
one: the codecs write strings, and JSON text cannot carry them.

``loads`` reads a document's JSON text, for ``document.loads`` and
``ninjs.loads`` alike: text that is not JSON, or is nested too deeply for
the parser, raises the library's ``InvalidDocumentError``.

``tests/test_jsontext.py`` checks the equality, non-ASCII, surrogates, big
integers and floats included.
"""

from __future__ import annotations

import json
import re
from typing import Any

import orjson

from newsml_model import InvalidDocumentError

__all__ = ["dumpb", "dumps", "loads"]

# Where a float below 1e-4 as orjson writes it may end or start (json.dumps
# writes `1e-05` forms); a literal first, so the scan runs at memchr speed.
_SHORT_EXPONENT = re.compile(rb"e-[0-9](?![0-9])")
_NUMBER_CHARS = frozenset(b"0123456789.")
_BEFORE_VALUE = frozenset(b":,[")


def _starts_a_number(text: bytes, end: int) -> bool:
    """Whether the digits and dots ending at `end` (exclusive) start a JSON value.

    In orjson's compact text a value starts the text or follows ``:``, ``,``
    or ``[``; inside a string the same characters follow something else.
    """
    start = end
    while start and text[start - 1] in _NUMBER_CHARS:
        start -= 1
    if start == end:
        return False
    if start and text[start - 1] == 0x2D:  # a minus sign
        start -= 1
    return start == 0 or text[start - 1] in _BEFORE_VALUE


def _small_float(text: bytes) -> bool:
    """Whether `text` (orjson's) holds a number written unlike json.dumps would."""
    for match in _SHORT_EXPONENT.finditer(text):
        if _starts_a_number(text, match.start()):
            return True
    position = text.find(b"0.0000")
    while position != -1:
        if _starts_a_number(text, position + 2) and text[position + 1] == 0x2E:
            return True
        position = text.find(b"0.0000", position + 1)
    return False


def _orjson(value: object) -> bytes | None:
    """orjson's text of `value` when it is json.dumps's too, else None."""
    try:
        text = orjson.dumps(value)
    except (orjson.JSONEncodeError, TypeError):
        return None
    if _small_float(text):
        return None
    return text


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def dumps(value: object) -> str:
    """Compact JSON text of `value`, non-ASCII kept: exactly `json.dumps`'s.

    Args:
        value: A JSON value (dicts, lists, tuples, strings, numbers, booleans, None).

    Returns:
        ``json.dumps(value, ensure_ascii=False, separators=(",", ":"))``.

    Raises:
        TypeError: `value` holds something JSON cannot write (as json.dumps).
        ValueError: `value` holds itself (as json.dumps).
    """
    text = _orjson(value)
    return _json(value) if text is None else text.decode()


def dumpb(value: object) -> bytes:
    """`dumps` as UTF-8 bytes, for a response body or a file.

    Args:
        value: A JSON value.

    Returns:
        ``dumps(value).encode()``.

    Raises:
        UnicodeEncodeError: A string of `value` holds a lone surrogate,
            which UTF-8 cannot carry (as ``dumps(value).encode()``).
        TypeError: `value` holds something JSON cannot write.
        ValueError: `value` holds itself.
    """
    text = _orjson(value)
    return _json(value).encode() if text is None else text


def loads(text: str | bytes) -> Any:
    """The JSON value of a document's text (``json.loads``), its failures as the library's.

    Args:
        text: JSON text, as str or UTF-8 bytes.

    Returns:
        The value ``json.loads`` gives.

    Raises:
        InvalidDocumentError: Not JSON (or not UTF-8), or nested too deeply
            for the parser.
    """
    try:
        return json.loads(text)
    except (ValueError, TypeError) as error:
        raise InvalidDocumentError(f"not a JSON document: {error}") from None
    except RecursionError:
        # The same error as the codecs' load gives for the same value nested as dicts.
        raise InvalidDocumentError("the document is nested too deeply") from None
