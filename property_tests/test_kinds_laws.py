"""Laws of the other item kinds: XML round trips of generated records, fuzzed decoders."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from support import CORPUS_CONCEPTITEMS, FIXTURES, canonical

import newsml_model as nm
from newsml_codecs import document, newsml
from newsml_model.strategies import (
    any_items,
    concept_items,
    item_lists,
    packages,
    planning_items,
    plannings,
)

KINDS = [
    (concept_items, nm.ConceptItem),
    (planning_items, nm.PlanningItem),
    (plannings, nm.Planning),
    (item_lists, nm.ItemList),
    (packages, nm.Package),
]
SEEDS = [
    *sorted(FIXTURES.glob("kind-*.xml")),
    *(sorted(CORPUS_CONCEPTITEMS.glob("*.xml")) if CORPUS_CONCEPTITEMS.is_dir() else []),
]
ROOT_RECORDS = set(get_args(nm.AnyItem))
TOKENS = [b"<", b">", b"&nbsp;", b"</concept>", b"<newsCoverage>", b"<links>", b'xmlns=""', b"\x00"]


@pytest.mark.parametrize(("strategy", "record"), KINDS, ids=[k[1].__name__ for k in KINDS])
@given(data=st.data())
def test_round_trip_of_each_kind(strategy: Any, record: type, data: st.DataObject) -> None:
    """Each kind written and read back is the same record, and a fixed point of the writer."""
    item = data.draw(strategy())
    assert record is type(item)
    text = newsml.dumps(item)
    again = newsml.loads(text)
    assert item == again
    assert hash(item) == hash(again)
    assert text == newsml.dumps(again)
    assert canonical(text) == canonical(newsml.dumps(newsml.loads(text.encode("utf-8"))))


@given(st.from_type(nm.AnyItem))
def test_from_type_of_the_union_gives_any_kind(item: nm.AnyItem) -> None:
    """`st.from_type(AnyItem)` draws items of the six kinds, each round-tripping."""
    assert type(item) in ROOT_RECORDS
    assert item == newsml.loads(newsml.dumps(item))


@pytest.mark.parametrize(
    "record",
    [
        nm.ConceptItem,
        nm.Concept,
        nm.PlanningItem,
        nm.NewsCoverageSet,
        nm.NewsCoverage,
        nm.Planning,
        nm.ItemList,
        nm.Package,
    ],
)
def test_from_type_is_registered_for_each_record(record: type) -> None:
    """The hypothesis entry point registers every kind record and part."""

    @settings(max_examples=2)  # one draw proves the registration; the laws above draw more
    @given(st.from_type(record))
    def draws(value: Any) -> None:
        assert record is type(value)

    draws()


@given(any_items(unknown_elements=False))
def test_any_items_without_unknown_elements_round_trip(item: nm.AnyItem) -> None:
    """`any_items` covers news items too; without unknown parts it still round-trips."""
    assert item == newsml.loads(newsml.dumps(item))


@pytest.mark.parametrize(
    ("make", "option"),
    [
        (lambda: concept_items(types="x-im/person"), "types"),  # type: ignore[arg-type]
        (lambda: concept_items(unknown_elements=1), "unknown_elements"),  # type: ignore[arg-type]
        (lambda: plannings(item_classes=["ninat:text"]), "item_classes"),  # type: ignore[arg-type]
        (lambda: packages(unknown_elements="yes"), "unknown_elements"),  # type: ignore[arg-type]
    ],
)
def test_strategies_validate_their_options(make: Any, option: str) -> None:
    """A bad option is Hypothesis's InvalidArgument naming it."""
    with pytest.raises(InvalidArgument, match=option):
        make()


@st.composite
def mutations(draw: st.DrawFn, seeds: list[Path]) -> bytes:
    """A kind document with a few byte edits: delete, insert, duplicate, token."""
    data = bytearray(draw(st.sampled_from(seeds)).read_bytes())
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.integers(0, len(data)))
        end = min(len(data), start + draw(st.integers(0, 48)))
        edit = draw(st.sampled_from(["delete", "insert", "duplicate", "token"]))
        if edit == "delete":
            del data[start:end]
        elif edit == "insert":
            data[start:start] = draw(st.binary(min_size=1, max_size=6))
        elif edit == "duplicate":
            data[start:start] = data[start:end]
        else:
            data[start:start] = draw(st.sampled_from(TOKENS))
    return bytes(data)


@given(mutations(SEEDS))
def test_mutated_kinds_read_or_raise_documented_errors(data: bytes) -> None:
    """Mutated kind documents give a record that round-trips, or a NewsItemError."""
    try:
        item = newsml.loads(data)
    except nm.NewsItemError:
        return
    try:
        text = newsml.dumps(item)
    except nm.InvalidArgumentError:
        return  # characters XML 1.0 cannot write: refused, documented
    assert item == newsml.loads(text)


_JUNK = st.one_of(
    st.none(), st.integers(), st.text(max_size=8), st.lists(st.integers(), max_size=2)
)


@st.composite
def damaged_documents(draw: st.DrawFn) -> Any:
    """The document of a kind fixture with one value replaced by junk somewhere."""
    source = draw(st.sampled_from(sorted(FIXTURES.glob("kind-*.xml"))))
    doc = copy.deepcopy(document.dump(newsml.loads(source.read_bytes())))
    node: Any = doc
    for _ in range(draw(st.integers(0, 4))):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = draw(st.sampled_from(keys))
        if isinstance(node[key], (dict, list)) and draw(st.booleans()):
            node = node[key]
            continue
        node[key] = draw(_JUNK)
        break
    return doc


@given(damaged_documents())
def test_damaged_kind_documents_load_or_raise_documented_errors(doc: Any) -> None:
    """`document.load` of a damaged kind document gives an item or a NewsItemError."""
    try:
        item = document.load(doc)
    except nm.NewsItemError:
        return
    assert type(item) in ROOT_RECORDS
