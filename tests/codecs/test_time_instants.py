"""`_kind_times.instant_parts`: the carrier law's spelling of a document's time, which the
law compares (`law.visible_bytes`), is ``instant``'s for every text."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from newsml_codecs.document._kind_times import instant, instant_parts

DIGITS = st.sampled_from("0123456789\u0661\u0969")
"""ASCII digits and two others that ``\\d`` and ``int`` take."""


def _spelled(text: str) -> list[str] | None:
    """What ``visible_bytes`` wrote of `text` before: the instant's isoformat, its fraction."""
    moment = instant(text)
    return None if moment is None else [moment[0].isoformat(), moment[1]]


@settings(max_examples=200)
@given(
    st.tuples(
        st.text(DIGITS, min_size=4, max_size=4),
        *(st.text(DIGITS, min_size=2, max_size=2) for _ in range(5)),
        st.sampled_from(["", ".0", ".500", ".123456789"]),
        st.sampled_from(["Z", "+02:00", "-11:30", "+24:00", "z"]),
    ).map(lambda p: f"{p[0]}-{p[1]}-{p[2]}T{p[3]}:{p[4]}:{p[5]}{p[6]}{p[7]}")
)
@example("2015-07-01T14:00:02Z")
@example("2015-07-01T14:00:02.500Z")
@example("2015-02-29T14:00:02Z")
@example("0000-01-01T00:00:00Z")
@example("2015-07-01T24:00:00Z")
@example("\u0662015-07-01T14:00:02Z")
@example("2015-07-01 14:00:02Z")
def test_instant_parts_spell_the_instant(text: str) -> None:
    """Every time text, valid or not, UTC or shifted, ASCII digits or others: the parts are
    the instant's isoformat and fraction (None where there is no instant)."""
    assert _spelled(text) == instant_parts(text)
