"""Defects found reviewing the carrier's caches and shortcuts (made, layout, keep_text, seal).

Each test states a promise the general path keeps and a cache or shortcut
must keep too: memory bounded by more than the client's patience, the same
output as without the shortcut, a seal no other carrier matches.
"""

from __future__ import annotations

import copy
import gc
import weakref
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import FIXTURES
from support.carrier import carrier_of, with_carrier

from newsml_codecs import _xmlwritten, document, newsml
from newsml_codecs._xmlwrite import serialize
from newsml_codecs._xmlwritten import Written
from newsml_codecs.document import _convert
from newsml_codecs.document._carrier import exports, layout, made, seal
from newsml_codecs.document._carrier.record import forget_carriers
from newsml_model import Element, ItemMeta, NewsItemError
from newsml_model.tree import with_children


def _standing(item: Any, at: int, node: Any) -> Any:
    """`item` with `node` last in its section at `at` (a node a save made, as a new block's)."""
    section = item.children[at]
    changed = with_children(section, (*section.children, node))
    return with_children(item, (*item.children[:at], changed, *item.children[at + 1 :]))


def test_the_text_of_kept_nodes_stays_bounded_however_many_originals_write_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Saves of two originals, each save with another new block (the Writer typing a
    paragraph, or a client sending many): the `Written`s of the originals, kept across their
    saves, write each node as the plain writer does, and hold between them the text (and
    node) of at most `MOST_KEPT` of the nodes `keep_text` marked, not one more per save for
    as long as the originals stay in the cache."""
    monkeypatch.setattr(_xmlwritten, "MOST_KEPT", 4)
    monkeypatch.setattr(_xmlwritten, "_KEPT", {})  # no marks of the tests before
    originals = []
    for name in ("kind-planningitem.xml", "kind-list.xml"):
        item = newsml.loads((FIXTURES / name).read_bytes())
        at = next(i for i, child in enumerate(item.children) if isinstance(child, ItemMeta))
        written = Written(item)
        serialize(item, write_child=written.write)
        originals.append((item, at, written))
    alive: list[weakref.ref[Any]] = []
    for number in range(20):
        for item, at, written in originals:
            node = Element(name="new", children=(f"block {number} of {item.guid}",))
            _xmlwritten.keep_text(node)
            for _ in range(2):  # written anew, then copied
                result = _standing(item, at, node)
                assert serialize(result) == serialize(result, write_child=written.write)
            alive.append(weakref.ref(node))
            del node, result
    gc.collect()
    held = sum(ref() is not None for ref in alive)
    assert held <= 4, f"{held} of 40 new nodes held by two originals' Writtens"


SEAL_KEY = bytes(range(32))
ARTICLE = (
    '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="g1" version="1">'
    '<itemMeta><itemClass qcode="ninat:text"/><title>T</title>'
    '<itemMetaExtProperty type="imext:type" value="x-im/article"/></itemMeta>'
    '<contentSet><inlineXML><idf xmlns="http://www.infomaker.se/idf/1.0"><group type="body">'
    '<element id="p1" type="body" foo="1">One.</element>'
    "</group></idf></inlineXML></contentSet></newsItem>"
)


def test_no_other_original_and_spans_match_a_seal() -> None:
    """A seal is of one (original, spans) pair: the original shortened by 8 characters and a
    span made of them in front of the others (the same bytes, cut elsewhere) is not sealed."""
    document._PATCHES.clear()
    converter = document.Converter(seal_key=SEAL_KEY)
    doc = converter.from_newsml(ARTICLE)
    carrier = carrier_of(doc)[1]
    packed, anchors = carrier["o"], carrier["n"]
    assert seal.sealed(anchors["s"], packed, anchors["b"], SEAL_KEY)
    moved = int.from_bytes(packed[-8:].encode("ascii"), "little")
    assert not seal.sealed(anchors["s"], packed[:-8], [moved, *anchors["b"]], SEAL_KEY)


SAVED = [
    "document-article.xml",
    "kind-list.xml",
    "kind-package.xml",
    "kind-planningitem.xml",
    "kind-assignment-dated.xml",
    "kind-concept-person.xml",
]
NEW_BLOCKS = {
    "links": [
        {"uuid": "03d22994-a1d1-11e5-aab3-6ed9a6c3f6f2", "type": "x-im/topic", "rel": "subject"},
        {"uuid": "11111111-1111-4111-8111-111111111111", "type": "x-im/channel", "rel": "channel"},
    ],
    "meta": [
        {"type": "x-im/note", "data": {"text": "A note."}},
        {"type": "x-im/newsvalue", "data": {"score": "4", "duration": "60"}},
    ],
    "content": [
        {"type": "x-im/paragraph", "data": {"text": "A new paragraph."}},
        {"type": "x-im/header", "data": {"text": "A new header."}},
    ],
}
_OPENED: dict[str, dict[str, Any]] = {}


def _opened(name: str) -> dict[str, Any]:
    """The document `from_newsml` makes of fixture `name` (made once: tests copy it)."""
    if name not in _OPENED:
        _OPENED[name] = document.from_newsml((FIXTURES / name).read_bytes())
    return _OPENED[name]


def _forget_all() -> None:
    """Every table the save remembers in, emptied: the next save takes the general path."""
    made.MADE.clear()
    layout.LAYOUTS.clear()
    exports.forget_exports()
    _xmlwritten._KEPT.clear()
    document._PATCHES.clear()
    _convert.ORIGINALS.clear()
    forget_carriers()


def _save(doc: dict[str, Any]) -> str:
    """`to_newsml` of `doc`, or the library error's class and words."""
    try:
        return document.to_newsml(doc)
    except NewsItemError as error:
        return f"{type(error).__name__}: {error}"


@st.composite
def edited_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A fixture's document with one to three edits of its lists: a new block added (the
    same one twice, a note), one duplicated, deleted, moved first or the list reversed."""
    doc = copy.deepcopy(_opened(draw(st.sampled_from(SAVED))))
    for _ in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from(sorted(NEW_BLOCKS)))
        blocks = doc.setdefault(name, [])
        edit = draw(
            st.sampled_from(["add", "add", "twice", "duplicate", "delete", "first", "reverse"])
        )
        if edit in ("add", "twice"):
            block = draw(st.sampled_from(NEW_BLOCKS[name]))
            at = draw(st.integers(0, len(blocks)))
            for _ in range(2 if edit == "twice" else 1):
                blocks.insert(at, copy.deepcopy(block))
        elif blocks:
            at = draw(st.integers(0, len(blocks) - 1))
            if edit == "duplicate":
                blocks.insert(at, copy.deepcopy(blocks[at]))
            elif edit == "delete":
                blocks.pop(at)
            elif edit == "first":
                blocks.insert(0, blocks.pop(at))
            else:
                blocks.reverse()
    return doc


@settings(max_examples=40, deadline=None)
@given(st.lists(edited_documents(), min_size=2, max_size=4))
def test_saves_with_every_table_warm_write_what_the_general_path_writes(
    docs: list[dict[str, Any]],
) -> None:
    """Edited documents saved one after the other, each twice (the tables of made nodes, kept
    texts, layouts, originals warm from the saves before, other documents' too) write what
    each writes with every table emptied before it."""
    expected = []
    for doc in docs:
        _forget_all()
        expected.append(_save(doc))
    _forget_all()
    actual = [[_save(doc) for _ in range(2)] for doc in docs]
    assert [[each, each] for each in expected] == actual


def test_a_seal_of_any_text_saves_as_without_one() -> None:
    """A client's seal of non-ASCII text (``"s": "é"``) is no seal: the save of the edited
    document reads the spans and writes what it writes without ``s``."""
    document._PATCHES.clear()
    converter = document.Converter(seal_key=SEAL_KEY)
    doc = converter.from_newsml(ARTICLE)
    doc["content"][0]["data"]["text"] = "Edited."
    carrier = carrier_of(doc)[1]
    del carrier["n"]["s"]
    expected = converter.to_newsml(with_carrier(doc, carrier))
    carrier["n"]["s"] = "é"
    assert expected == converter.to_newsml(with_carrier(doc, carrier))
