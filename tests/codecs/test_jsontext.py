"""JSON text of documents: byte for byte ``json.dumps(..., ensure_ascii=False, separators=(",", ":"))``."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import corpus_params

from newsml_codecs import document, jsontext, newsml
from newsml_model import InvalidDocumentError


def reference(value: object) -> str:
    """What the project wrote before: the json module's compact, non-ASCII-keeping text."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def assert_same_text(value: object) -> None:
    """dumps is the reference text; dumpb its UTF-8 (or the same UnicodeEncodeError)."""
    expected = reference(value)
    assert expected == jsontext.dumps(value)
    try:
        encoded = expected.encode()
    except UnicodeEncodeError:
        with pytest.raises(UnicodeEncodeError):
            jsontext.dumpb(value)
    else:
        assert encoded == jsontext.dumpb(value)


def test_every_character_outside_the_surrogates() -> None:
    """All of Unicode: controls escaped as json escapes them, everything else kept as is."""
    every = "".join(chr(code) for code in range(sys.maxunicode + 1) if not 0xD800 <= code < 0xE000)
    assert_same_text({"text": every, every[:300]: [every[::-7]]})


@pytest.mark.parametrize(
    "value",
    [
        "\ud800",
        "a\udfffb",
        {"\udc80": "key"},
        ["ok", {"deep": "\ud83d"}],
    ],
    ids=["lone-high", "lone-low", "in-a-key", "nested"],
)
def test_lone_surrogates_are_written_as_json_writes_them(value: object) -> None:
    """orjson refuses them; the text is json's, and UTF-8 bytes raise as encoding it would."""
    assert_same_text(value)


@pytest.mark.parametrize(
    "value",
    [2**63 - 1, -(2**63), 2**64 - 1, 2**64, -(2**64) - 1, 10**40, [2**100, {"n": -(3**90)}]],
)
def test_integers_of_any_size(value: object) -> None:
    """64-bit integers by orjson, bigger ones by json: the same digits."""
    assert_same_text(value)


FLOATS = [
    0.0, -0.0, 1.0, 0.1, -2.5, 100.0, 1e15, 1e16, 1e17, 1e22, 1.7976931348623157e308,
    1e-4, 1e-5, -1e-5, 2.5e-7, 4.6148676722669674e-05, 5e-324, 123456789.123,
]  # fmt: skip


@pytest.mark.parametrize("value", FLOATS)
def test_floats(value: float) -> None:
    """Floats as the json module writes them, small ones (orjson's `0.00001`) included."""
    assert_same_text(value)
    assert_same_text([value, {"x": value}])


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_any_finite_float(value: float) -> None:
    """Any finite float, alone, in a list and as a value."""
    assert_same_text([value, {"x": value}, "e-5", ",0.00001"])


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_non_finite_floats_are_null(value: float) -> None:
    """The documented difference: NaN and infinities (not JSON) are written null."""
    assert "[null]" == jsontext.dumps([value])


def test_strings_that_look_like_small_floats_keep_the_fast_text() -> None:
    """Text such as "1e-5" or ",0.00001" inside a string is text, written the same."""
    assert_same_text({"a": "x,1e-5", "b": "[0.00001", "c": "1e-5", "d": "2.5e-7]"})


@pytest.mark.parametrize(
    "value",
    [["re-5", 1e-7], ["e-", "e-1", "e-12"], [1e-10, "x e-"], [3e-100, -4e-5, "e-5e-6"]],
    ids=["word-then-float", "strings-alone", "float-then-text-end", "long-exponents"],
)
def test_every_short_exponent_is_found(value: list[object]) -> None:
    """A short exponent anywhere in the text (after others in strings, at its end) is
    found and written as json.dumps writes it; long ones and strings keep the fast text."""
    assert_same_text(value)


@pytest.mark.parametrize(
    "value",
    [
        {1: "int key", False: "bool key", None: "null key", 2.5: "float key"},
        ("a", ("tuple",)),
        {"a": [None, True, False, 0, "", [], {}]},
    ],
    ids=["non-string-keys", "tuples", "every-json-type"],
)
def test_other_python_values_json_accepts(value: object) -> None:
    """Non-string keys, tuples and every JSON type: the json module's text."""
    assert_same_text(value)


def test_deep_nesting_beyond_orjson() -> None:
    """orjson stops at 255 levels; json writes deeper values."""
    value: Any = "leaf"
    for _ in range(400):
        value = [value]
    assert_same_text(value)


def test_what_json_refuses_is_refused() -> None:
    """A set is no JSON: TypeError, as json.dumps raises."""
    with pytest.raises(TypeError):
        jsontext.dumps({"s": {1, 2}})


@pytest.mark.parametrize("path", corpus_params())
def test_corpus_documents(path: Path) -> None:
    """Every corpus document: the same text, and document.dumps is it."""
    item = newsml.loads(path.read_bytes())
    doc = document.dump(item)
    assert_same_text(doc)
    assert reference(doc) == document.dumps(item)


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1, "a": 2}',
        "123456789012345678901234567890",
        '{"n": -9223372036854775809}',
        "1e400",
        '"\\ud800"',
        "NaN",
        "[1.5e-7, 0.1, -0.0, 1E+2]",
        '"\\u00e9\\ud83d\\ude00 \u00e9"',
    ],
)
def test_loads_gives_json_loads_value(text: str) -> None:
    """`loads` gives ``json.loads``'s value, where orjson would not: big integers (orjson
    makes them floats; telling them in the text costs more than orjson saves), what orjson
    refuses."""
    for given_text in (text, text.encode("utf-8", "surrogatepass")):
        expected = json.loads(given_text)
        actual = jsontext.loads(given_text)
        assert repr(expected) == repr(actual)
        assert [type(v) for v in _leaves(expected)] == [type(v) for v in _leaves(actual)]


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [leaf for v in value.values() for leaf in _leaves(v)]
    if isinstance(value, list):
        return [leaf for v in value for leaf in _leaves(v)]
    return [value]


def test_loads_refuses_what_is_not_a_text() -> None:
    """A value that is not JSON text is the library's error, as before."""
    with pytest.raises(InvalidDocumentError):
        jsontext.loads(None)  # type: ignore[arg-type]
