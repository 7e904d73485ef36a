"""What the NewsML reader takes: its limits checked, its input as the bytes expat reads; internal.

`_xmlread` runs the parse; this module decides, before any of it, whether
the input and the limits are acceptable: text or bytes of at most
``max_bytes`` (text refused before it is encoded, so a hostile input does
not double in memory), UTF-16 read as UTF-8, limits that are whole numbers
from 1. `newsml_codecs.newsml` and `newsml_codecs.g2` document the errors.
"""

from __future__ import annotations

import operator
from typing import Any

from newsml_model import DecodeError, InvalidArgumentError, LimitExceededError

DEFAULT_MAX_BYTES = 32 * 1024 * 1024
DEFAULT_MAX_DEPTH = 256

_UTF16 = {
    b"\xff\xfe": "utf-16",
    b"\xfe\xff": "utf-16",
    b"<\x00": "utf-16-le",
    b"\x00<": "utf-16-be",
}


def checked_limits(max_bytes: Any, max_depth: Any) -> tuple[int, int]:
    """The limits as ints (`_whole`)."""
    return _whole("max_bytes", max_bytes), _whole("max_depth", max_depth)


def _whole(name: str, value: Any) -> int:
    """`value` as an int, a whole number from 1 as Python takes one (``operator.index``:
    numpy's too; no bool), else an InvalidArgumentError naming `name`."""
    try:
        whole = 0 if value.__class__ is bool else int(operator.index(value))
    except TypeError:
        whole = 0
    if whole < 1:
        raise InvalidArgumentError(f"{name} is no whole number from 1: {value!r}", field=name)
    return whole


def reader_input(source: str | bytes, max_bytes: int) -> tuple[bytes, str | None]:
    """The bytes expat reads and the encoding that overrides their declaration (or None).

    Raises:
        LimitExceededError: Over `max_bytes`.
        DecodeError: `source` is neither text nor bytes.
    """
    if isinstance(source, str):
        # Every character is at least one UTF-8 byte: refuse oversized text
        # before encoding it, which would double the memory of a hostile input.
        if len(source) > max_bytes:
            raise LimitExceededError(
                f"input is at least {len(source)} bytes, over the limit of {max_bytes}"
            )
        # The text is already decoded: any declared encoding is ignored.
        return source.encode("utf-8", "surrogatepass"), "utf-8"
    if not isinstance(source, (bytes, bytearray, memoryview)):
        raise DecodeError(f"NewsML must be str or bytes, not {type(source).__name__}")
    data = bytes(source)
    if len(data) > max_bytes:
        raise LimitExceededError(f"input is {len(data)} bytes, over the limit of {max_bytes}")
    codec = _UTF16.get(data[:2])
    if codec is not None:
        # UTF-16 is read as UTF-8 so that start tags holding HTML entities
        # can be found in the bytes; undecodable input is left to expat,
        # which says where it breaks.
        try:
            return data.decode(codec).encode("utf-8", "surrogatepass"), "utf-8"
        except UnicodeDecodeError:
            pass
    return data, None
