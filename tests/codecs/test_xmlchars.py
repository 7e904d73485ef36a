"""The quick test for characters XML 1.0 cannot carry agrees with the regular expression."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from newsml_codecs import _xmlchars
from newsml_codecs._xmlchars import NOT_XML, not_xml_character

ODD = st.sampled_from(
    [
        "\x00",
        "\x08",
        "\x0b",
        "\x1f",
        "\t",
        "\n",
        "\r",
        "\ud800",
        "\udfff",
        "\ufffe",
        "\uffff",
        "\ufffd",
        "\x7f",
        "\u00e5",
        "\U0001f600",
    ]
)
TEXTS = st.lists(
    st.one_of(st.text(st.characters(codec=None, exclude_categories=())), ODD), max_size=8
).map("".join)


@given(TEXTS)
@example("\u00e5\x01")
@example("\u00e5\ufffe")
@example("\u00e5\ud800")
@example("\u00e5\t\n\r")
def test_the_quick_test_is_the_regular_expressions_answer(text: str) -> None:
    """`_may_hold_not_xml` says exactly whether `NOT_XML` finds a character (ASCII or not,
    surrogates, controls, U+FFFE and U+FFFF), and `not_xml_character` finds the same one."""
    found = NOT_XML.search(text)
    assert (found is not None) == _xmlchars._may_hold_not_xml(text)
    got = not_xml_character(text)
    assert (None if found is None else found.start()) == (None if got is None else got.start())


def test_the_bytes_kept_are_the_controls_xml_refuses() -> None:
    """What `bytes.translate` keeps of UTF-8 text are the 29 controls but tab, newline and
    carriage return (every byte of a multi-byte sequence is 0x80 or above)."""
    kept = bytes(range(256)).translate(None, _xmlchars._NOT_CONTROL_BYTES)
    assert bytes(c for c in range(32) if c not in (9, 10, 13)) == kept
