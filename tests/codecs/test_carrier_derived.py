"""The anchored save where a block of the kind's own making changed in its place.

The other kinds make some blocks of their own of several nodes or of none
(a planning item's coverage block, a list's description and limit, a
package's meta block): the anchors record them without a source. Edited in
its place, with nothing else moved, such a block leaves the original's
nodes where they are and the result is dumped and judged by the carrier
law: kept where the conversion without the carrier shows no more of the
edit (a meta title set on it), else the patch way writes it (a list's new
description). Gone or moved, it declines as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from support import canonical, fixture_text
from support.carrier import carrier_of, with_carrier

from newsml_codecs import document, newsml
from newsml_codecs.document._carrier.pairing import derived_changed

Edit = Callable[[dict[str, Any]], object]


def loaded(fixture: str, edit: Edit) -> tuple[str, str]:
    """The fixture's text and the NewsML its document, edited by `edit`, loads as."""
    source = fixture_text(fixture)
    doc = document.dump(newsml.loads(source))
    edit(doc)
    return source, newsml.dumps(document.load(doc))


def _last_meta(doc: dict[str, Any]) -> dict[str, Any]:
    block: dict[str, Any] = doc["meta"][-1]
    return block


def test_a_title_set_on_a_coverage_block_keeps_the_original(ways: list[str]) -> None:
    """A planning item's coverage block given a meta title (which no node holds): the
    anchored way, the item as it was, with what the reference drops (the coverage's
    <planning>)."""
    source, back = loaded("kind-planningitem.xml", lambda doc: _last_meta(doc).update(title="T"))
    assert ["anchored"] == ways
    assert canonical(source) == canonical(back)


@pytest.mark.parametrize(
    ("fixture", "edit", "shown"),
    [
        pytest.param(
            "kind-planningitem.xml",
            lambda doc: _last_meta(doc)["data"].update(priority="5"),
            "<urgency>5</urgency>",
            id="a coverage block's priority",
        ),
        pytest.param(
            "kind-list.xml",
            lambda doc: _last_meta(doc)["data"].update(description="New"),
            "<description>New</description>",
            id="a list's description",
        ),
    ],
)
def test_a_change_the_original_does_not_show_goes_the_patch_way(
    ways: list[str], fixture: str, edit: Edit, shown: str
) -> None:
    """An edit of such a block that its nodes say: the result left with the original's
    nodes does not show it, the check rejects it, and the patch way writes it."""
    _, back = loaded(fixture, edit)
    assert ["patch"] == ways
    assert shown in back


def test_a_lists_block_gone_declines(ways: list[str]) -> None:
    """A list's meta block removed (not in its place): the patch way, as before."""
    _, back = loaded("kind-list.xml", lambda doc: doc["meta"].pop())
    assert ["patch"] == ways
    assert "<description>" not in back


A, B, C, D = "a", "b", "c", "d"


@pytest.mark.parametrize(
    ("edited", "expected"),
    [
        pytest.param([A, B, "x"], [2], id="the derived block changed in its place"),
        pytest.param([A, B, C], [], id="unchanged"),
        pytest.param([A, "y", "x"], [], id="a block with a source changed too"),
        pytest.param([B, A, "x"], [], id="blocks with a source moved"),
        pytest.param([A, B], [], id="one gone"),
        pytest.param([A, B, "x", D], [], id="one added"),
    ],
)
def test_derived_changed(edited: list[str], expected: list[int]) -> None:
    """The places of the blocks recorded without a source, only where one of them changed
    in its place and nothing else did."""
    recorded = ((A, (2, 0)), (B, (2, 1)), (C, ()))
    assert expected == derived_changed(recorded, edited)


def test_derived_changed_gives_every_such_place() -> None:
    """Two blocks recorded without a source, one changed: both places (both left to the
    original's nodes)."""
    recorded = ((A, ()), (B, (3, 0)), (C, ()))
    assert [0, 2] == derived_changed(recorded, [A, B, "x"])


def test_a_news_items_block_without_a_source_edited_in_place_declines(ways: list[str]) -> None:
    """A newsItem's `dump` records a source for every block, and its result is not judged
    after the save: a carrier whose anchors say otherwise (a paragraph without its source)
    with that paragraph edited goes the patch way, which shows the edit, never the original's
    node kept in silence."""
    doc = document.from_newsml(fixture_text("article-full.xml"))
    carrier = carrier_of(doc)[1]
    carrier["n"]["c"][1][1] = []  # the second block: no source, as a kind's own block
    forged = with_carrier(doc, carrier)
    text_block = forged["content"][1]
    text_block["data"]["text"] = "Edited in place."
    back = document.to_newsml(forged)
    assert ["patch"] == ways
    assert "Edited in place." in back
