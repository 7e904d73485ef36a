"""`listed.Bare.trip` remembers a block's trip across saves (`listed.TRIPS`).

The save of a list, a package or a planning item asks, for every block of
a list it judges, what the conversion without the carrier loads it into
and writes back; the Writer sends every save with mostly the same blocks.
The promise tested here: a remembered trip is the one worked out anew
(saves with and without it write the same and judge the same), the table
stays bounded, and its key holds everything a trip depends on.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from support import FIXTURES

from newsml_codecs import document
from newsml_codecs.document import _convert
from newsml_codecs.document._carrier import anchored, listed
from newsml_codecs.document._carrier.anchors import DIGESTS
from newsml_codecs.document._carrier.law import canonical_bytes
from newsml_codecs.document._config import DocumentOptions
from newsml_model import ItemList, Package, PlanningItem

SUBJECT = {"uuid": "03d22994-a1d1-11e5-aab3-6ed9a6c3f6f2", "type": "x-im/topic", "rel": "subject"}
PARAGRAPH = {"type": "x-im/paragraph", "id": "p1", "data": {"text": "A new paragraph."}}
FIXTURES_ASKED = ["kind-list.xml", "kind-package.xml", "kind-planningitem.xml"]
"""The fixtures some edit of which the save judges block by block (`listed.reordered`,
`listed.converted`)."""


def _edits(doc: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """`doc` with a subject appended (and twice), its links' last moved first (every index
    shifts), its content reversed, and a paragraph among its content."""
    for times in (1, 2):
        appended = copy.deepcopy(doc)
        appended.setdefault("links", []).extend(dict(SUBJECT) for _ in range(times))
        yield appended
    moved = copy.deepcopy(doc)
    moved["links"] = [*moved["links"][-1:], dict(SUBJECT), *moved["links"][:-1]]
    yield moved
    if doc.get("content"):
        reversed_ = copy.deepcopy(doc)
        reversed_["content"].reverse()
        yield reversed_
        inserted = copy.deepcopy(doc)
        inserted["content"].insert(1, dict(PARAGRAPH))
        yield inserted


def _saves(doc: dict[str, Any], anew: bool, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Per edit of `doc`: the save's output and the verdicts on its lists; `anew`: each
    trip worked out where it is asked, none remembered."""
    said: list[bool] = []
    lists_shown = anchored.lists_shown

    def spy(*args: Any) -> bool:
        said.append(lists_shown(*args))
        return said[-1]

    out: list[Any] = []

    def worked_out(bare: listed.Bare, name: str, block: Any, index: int, _: str) -> object:
        asked.append(name)
        return bare._worked_out(name, block, index)

    asked: list[str] = []
    with monkeypatch.context() as patched:
        patched.setattr(anchored, "lists_shown", spy)
        if anew:
            patched.setattr(listed.Bare, "trip", worked_out)
        for edited in _edits(doc):
            said.clear()
            _convert.PATCHES.clear()
            out.append((document.to_newsml(edited), list(said)))
    assert asked or not anew, "no save asked a trip: the comparison would prove nothing"
    return out


@pytest.mark.parametrize("fixture", FIXTURES_ASKED)
def test_a_remembered_trip_writes_and_judges_as_one_worked_out_anew(
    fixture: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each edit saved with every trip worked out where it is asked, then twice with the
    trips remembered (those of every save before it: the same blocks at other places):
    the same output, the same verdicts; and some save took the shortcut."""
    doc = document.from_newsml((FIXTURES / fixture).read_bytes())
    listed.TRIPS.clear()
    anew = _saves(doc, True, monkeypatch)
    remembered = _saves(doc, False, monkeypatch) + _saves(doc, False, monkeypatch)
    assert anew + anew == remembered
    assert listed.TRIPS  # remembered: the second time, every trip asked was
    assert any(True in verdicts for _, verdicts in anew)


def _trip(bare: listed.Bare, name: str, block: dict[str, Any]) -> object:
    """`bare`'s trip of `block` alone in list `name`, as its digest shows it."""
    return bare.trip(name, block, 0, DIGESTS["xxh3"](canonical_bytes(block)))


def test_the_remembered_trips_stay_bounded() -> None:
    """More distinct blocks than `listed.MOST_TRIPS`: at most that many trips are kept, the
    newest among them, each still right; a block under a 100 kB type is not kept."""
    listed.TRIPS.clear()
    bare = listed.Bare(document.make_options({}), ItemList, "x-im/list", DIGESTS["xxh3"])
    items = [{"type": "x-im/article", "uuid": f"item-{i}"} for i in range(listed.MOST_TRIPS + 50)]
    trips = [_trip(bare, "content", item) for item in items]
    assert listed.MOST_TRIPS == len(listed.TRIPS)
    assert trips[-1] in listed.TRIPS.values()
    assert trips == [bare._worked_out("content", item, 0) for item in items]
    listed.TRIPS.clear()
    long = listed.Bare(bare.options, ItemList, "x-im/" + "z" * 100_000, bare.digest)
    assert bare._worked_out("content", items[0], 0) == _trip(long, "content", items[0])
    assert {} == listed.TRIPS


OPTIONS = document.make_options({})
OBJECT = {"type": "x-im/fact", "uuid": "5b0ad1a4-3c0e-4a55-9f6a-000000000001", "title": "F"}
"""A content block an article's body holds as an object; custom element types make it an
element (another trip)."""
CHANNEL = {"type": "x-im/channel", "uuid": "5b0ad1a4-3c0e-4a55-9f6a-000000000002", "rel": "channel"}


def _bare(**changed: Any) -> listed.Bare:
    fields: dict[str, Any] = {
        "options": OPTIONS,
        "root": PlanningItem,
        "kind": "x-im/article",
        "digest": DIGESTS["xxh3"],
    }
    return listed.Bare(**{**fields, **changed})


ELEMENTS: DocumentOptions = document.make_options({"element-types": ["x-im/fact"]})


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # options: an object of the body, or (custom element types) an element
        ((_bare(), "content", OBJECT), (_bare(options=ELEMENTS), "content", OBJECT)),
        # the item's class: a channel link is an itemMeta link, or a list's product
        ((_bare(), "links", CHANNEL), (_bare(root=ItemList), "links", CHANNEL)),
        # the document's type: an article's body, or no body
        ((_bare(), "content", OBJECT), (_bare(kind="x-im/event"), "content", OBJECT)),
        # the digest function the trip's digest is made with
        ((_bare(), "links", SUBJECT), (_bare(digest=DIGESTS["blake2b"]), "links", SUBJECT)),
        # the list: a package's item of its content, or none of its links
        ((_bare(root=Package), "content", OBJECT), (_bare(root=Package), "links", OBJECT)),
    ],
    ids=["options", "root", "kind", "digest", "name"],
)
def test_a_trip_is_remembered_apart_for_all_it_depends_on(
    first: tuple[listed.Bare, str, dict[str, Any]], second: tuple[listed.Bare, str, dict[str, Any]]
) -> None:
    """Two trips of one block that differ in one thing the conversion reads: the second,
    asked after the first is remembered, is its own (a key without that thing would give
    the first's back)."""
    listed.TRIPS.clear()
    (bare, name, block), (other, other_name, other_block) = first, second
    worked_out = other._worked_out(other_name, other_block, 0)
    assert bare._worked_out(name, block, 0) != worked_out  # the case tells them apart
    _trip(bare, name, block)
    assert worked_out == _trip(other, other_name, other_block)


def test_a_trip_is_the_same_wherever_the_block_stands() -> None:
    """A block's index is not in the key: the conversion reads it only to name a refused
    block's place, and a refusal is one wherever it is."""
    bare = _bare(root=ItemList, kind="x-im/list")
    refused = {"type": "x-im/topic", "rel": "subject", "data": {"bad key": "x"}}
    for block in (SUBJECT, CHANNEL, refused):
        assert {bare._worked_out("links", block, 0)} == {
            bare._worked_out("links", block, index) for index in (1, 7, 300)
        }
    assert listed._DECLINED is bare._worked_out("links", refused, 3)
