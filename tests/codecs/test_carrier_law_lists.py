"""The carrier law's list judgement and its whole-document comparison.

`law.shows` tells a list's elements apart by their JSON text with sorted
keys, as ``json.dumps`` writes it (a NaN is not a null, 1 is neither 1.0
nor true, a lone surrogate or a huge integer is an element like another),
though orjson writes most of them. `law.same_visible` is
``visible_bytes(got) == visible_bytes(doc)`` for a document `dump` wrote,
writing only the fields that differ.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from newsml_codecs.document._carrier import law


@pytest.mark.parametrize(
    ("one", "other"),
    [
        (None, math.nan),
        (None, math.inf),
        (1, 1.0),
        (1, True),
        ({"a": None}, {"a": -math.inf}),
        ("\ud800", "\ud801"),
        (2**70, 2**70 + 1),
        ([None], ["null"]),
    ],
)
def test_a_list_element_is_only_the_same_json_as_itself(one: Any, other: Any) -> None:
    """An element the list lacks, that neither the user's list nor the conversion's holds,
    fails the law even where orjson would write both alike (NaN and null)."""
    assert (False, False) == (
        law.shows([one], [other, "x"], ["y", "z", "w"]),
        law.shows([other], [one, "x"], ["y", "z", "w"]),
    )


@pytest.mark.parametrize(
    "value", [None, math.nan, 1, 1.0, True, "\ud800", 2**70, {"b": [None, "x"], "a": 1}]
)
def test_a_list_element_the_user_has_shows_the_users_list_in_part(value: Any) -> None:
    """An element the user has, kept where the user's other element is gone and the
    conversion's list holds neither: the edit held in part."""
    assert law.shows([value], [value, "x"], ["y", "z", "w"])


def test_a_reorder_of_the_users_elements_fails_unless_the_conversion_orders_them_so() -> None:
    """The user's two elements written the other way round: wrong, unless the conversion
    without the carrier orders them so too (the list's keys tell the elements apart)."""
    first, second = {"type": "a", "n": math.nan}, {"type": "a", "n": None}
    assert (False, True) == (
        law.shows([second, first], [first, second], [first, second]),
        law.shows([second, first], [first, second], [second, first]),
    )


TIMES = ("2026-11-28T10:00:00Z", "2026-11-28T11:00:00+01:00")
"""One instant, spelled two ways."""


@pytest.mark.parametrize(
    ("got", "doc", "same"),
    [
        ({"type": "x", "title": "t"}, {"title": "t", "type": "x"}, True),
        ({"type": "x", "title": "t"}, {"type": "x", "title": "u"}, False),
        ({"type": "x", "title": "t"}, {"type": "x"}, False),
        ({"type": "x"}, {"type": "x", "title": "t"}, False),
        ({"type": "x"}, {"type": "x", "links": []}, True),
        ({"type": "x", "links": [{"a": "b"}]}, {"type": "x", "links": []}, False),
        ({"type": "x", "links": [{"a": "b"}]}, {"type": "x", "links": ({"a": "b"},)}, True),
        ({"type": "x", "links": [{"a": "b"}]}, {"type": "x", "links": [{"a": "c"}]}, False),
        (
            {"type": "x", "links": [{"a": "b"}]},
            {"type": "x", "links": [{"a": "b", "n": None}]},
            False,
        ),
        ({"type": "x", "published": TIMES[0]}, {"type": "x", "published": TIMES[1]}, True),
        ({"type": "x", "published": TIMES[0]}, {"type": "x", "published": "2026-11-28"}, False),
        ({"type": "x", "title": "1"}, {"type": "x", "title": 1}, False),
        ({"type": "x", "title": "\ud800"}, {"type": "x", "title": "\ud800"}, True),
        ({"type": "x", "title": "\ud800"}, {"type": "x", "title": "\ud801"}, False),
    ],
)
def test_same_visible_compares_what_visible_bytes_compares(
    got: dict[str, Any], doc: dict[str, Any], same: bool
) -> None:
    """For a document of strings (as `dump` writes) and any other: field order, empty
    lists, a tuple for a list and a time's spelling aside, as `visible_bytes` sees them."""
    assert (same, same) == (
        law.same_visible(got, doc),
        law.visible_bytes(got) == law.visible_bytes(doc),
    )
