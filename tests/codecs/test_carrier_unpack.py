"""Unpacking a carried original: its base64 is read strictly, its Zstandard frame per thread.

`original.unpacked_text` reads the carrier's ``o`` with
``pybase64.b64decode(validate=True)``: it must refuse what
``base64.b64decode(validate=True)`` refused (whitespace and newlines
included), with the same error, and refuses besides padding after a
complete group (``AAAA=``), which ``validate=True`` ignores and no encoder
writes. A Zstandard decompressor may not serve two threads at once: each
thread reuses its own.
"""

from __future__ import annotations

import base64
import binascii
import threading

import pytest
import zstandard
from hypothesis import given, settings
from hypothesis import strategies as st

import newsml_model as nm
from newsml_codecs.document._carrier import original as original_module
from newsml_codecs.document._carrier.check import malformed

TEXT = b"<newsItem>" + "Skellefte\u00e5 ".encode() * 40 + b"</newsItem>"
PACKED = base64.b64encode(zstandard.ZstdCompressor(level=1).compress(TEXT)).decode("ascii")


def before(value: str) -> object:
    """What the read before gave: base64 by ``b64decode(validate=True)``, then the frame."""
    try:
        packed = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return f"refused: {malformed('the original (o) is not base64 of zlib data').reason}"
    return now(base64.b64encode(packed).decode("ascii"))  # the canonical spelling: same data


NOT_BASE64 = f"refused: {malformed('the original (o) is not base64 of zlib data').reason}"


def excess_padding(value: str) -> bool:
    """Whether `value` pads a complete group (``AAAA=``): what ``validate=True`` ignored and the
    read refuses."""
    core = value.rstrip("=")
    return value != core and len(core) % 4 == 0


def now(value: str) -> object:
    """The text `unpacked_text` gives, or the message it refuses `value` with."""
    try:
        return original_module.unpacked_text(value, 1 << 20)
    except nm.InvalidDocumentError as error:
        assert "$.properties" == error.path
        return f"refused: {error.reason}"


@pytest.mark.parametrize(
    "value",
    [
        pytest.param(PACKED[:8] + "\n" + PACKED[8:], id="newline"),
        pytest.param(PACKED[:8] + " " + PACKED[8:], id="space"),
        pytest.param(PACKED + "\r\n", id="trailing-newline"),
        pytest.param("\t" + PACKED, id="leading-tab"),
        pytest.param(PACKED[:8] + "-" + PACKED[8:], id="urlsafe-dash"),
        pytest.param(PACKED[:8] + "\u00e5" + PACKED[8:], id="not-ascii"),
        pytest.param("=" + PACKED, id="leading-padding"),
        pytest.param(PACKED + "==A", id="after-padding"),
        pytest.param("QQ=", id="short-padding"),
    ],
)
def test_what_validate_refused_is_refused_as_not_base64(value: str) -> None:
    """Each of these was refused by ``b64decode(validate=True)``; it is so still, as no base64."""
    expected = f"refused: {malformed('the original (o) is not base64 of zlib data').reason}"
    assert (expected, expected) == (before(value), now(value))


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=0, max_value=len(PACKED)),
    st.text(alphabet="AQgw09+/=\n\r\t -_.\u00e5", max_size=4),
    st.integers(min_value=0, max_value=len(PACKED)),
)
def test_the_strict_read_refuses_what_validate_refused(at: int, inserted: str, cut: int) -> None:
    """A carried ``o`` with characters inserted, or cut short: read or refused as the read
    with ``b64decode(validate=True)`` did, with its message."""
    value = PACKED[:at] + inserted + PACKED[at:]
    value = value[:cut] if cut else value
    expected = NOT_BASE64 if excess_padding(value) else before(value)
    assert expected == now(value)


@pytest.mark.parametrize("padding", ["=", "==", "==="])
def test_padding_after_a_complete_group_is_refused(padding: str) -> None:
    """``validate=True`` ignored padding after a complete group; the read refuses it (no
    encoder writes it, so no carrier a release wrote holds it)."""
    assert len(PACKED) % 4 == 0 and not PACKED.endswith("=")  # whole groups, unpadded
    value = PACKED + padding
    assert excess_padding(value)
    assert TEXT == before(value)
    assert NOT_BASE64 == now(value)


def test_an_intact_original_unpacks_to_its_text() -> None:
    """The text read back is the text packed."""
    assert TEXT == original_module.unpacked_text(PACKED, 1 << 20)


def test_each_thread_unpacks_with_a_decompressor_of_its_own() -> None:
    """One thread reuses its decompressor; another thread gets another, and both unpack."""
    here = original_module._decompressor()
    assert here is original_module._decompressor()
    seen: list[object] = []
    texts: list[bytes] = []

    def other() -> None:
        seen.append(original_module._decompressor())
        texts.append(original_module.unpacked_text(PACKED, 1 << 20))

    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert [False] == [found is here for found in seen]
    assert [TEXT] == texts
