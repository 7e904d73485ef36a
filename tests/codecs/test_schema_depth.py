"""`schema.errors` on deeply nested documents: the work grows with the depth, not its square.

Counted in Python function calls (generator steps included), not time: the
count does not depend on the machine's load.
"""

from __future__ import annotations

from typing import Any

import pytest
from support.carrier import calls as count_calls

from newsml_codecs import schema

HEAD = {
    "uuid": "1d02738f-7c99-42ba-a6da-3d1b97261523",
    "type": "x-im/article",
    "created": "2024-03-05T09:00:00Z",
}


def nested(depth: int, field: str, *, every: bool) -> dict[str, Any]:
    """A document whose blocks nest `depth` deep through `field`; a bad uri at the bottom, or in every block."""
    inner: dict[str, Any] = {"type": "x", "uri": "relative"}
    for _ in range(depth):
        inner = {"type": "x", field: [inner]}
        if every:
            inner["uri"] = "relative"
    return dict(HEAD, **{field: inner[field]})


def calls(doc: dict[str, Any]) -> tuple[int, int]:
    """The Python function calls `schema.errors(doc)` makes, and the number of problems."""
    found: list[str] = []
    return count_calls(lambda: found.extend(schema.errors(doc))), len(found)


@pytest.mark.parametrize("field", ["links", "content", "meta"])
@pytest.mark.parametrize("every", [False, True], ids=["one-problem", "a-problem-per-block"])
def test_errors_are_linear_in_nesting_depth(field: str, every: bool) -> None:
    """Twice and four times as deep: at most a little over twice and four times the calls."""
    (small, found_small), (double, found_double), (quadruple, found_quadruple) = (
        calls(nested(depth, field, every=every)) for depth in (40, 80, 160)
    )
    expected = (40, 80, 160) if every else (1, 1, 1)
    assert expected == (found_small, found_double, found_quadruple)
    assert double <= 2.2 * small, (small, double)
    assert quadruple <= 4.4 * small, (small, quadruple)


def test_the_deepest_problem_is_named_with_its_path() -> None:
    """Block by block or whole, the message carries the full JSON path."""
    path = "$" + ".content[0]" * 200 + ".uri"
    assert [f"{path}: 'relative' is not a 'uri'"] == schema.errors(
        nested(200, "content", every=False)
    )
