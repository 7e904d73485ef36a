"""`made` remembers the node of a new block, what `dump` writes of it, and (`_xmlwritten.keep_text`)
the text a save writes of it, across saves.

A block the user added stays new against the carried original at every
later save, so each save made its node again and (for the kinds `listed`
judges) wrote it back. The promise tested here: a remembered node writes
and judges as one made anew, the table is keyed by the block's whole JSON
and stays bounded, and a block the converter refuses is refused, naming
where, at every save.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from support import FIXTURES

from newsml_codecs import _xmlwritten, document, newsml
from newsml_codecs._xmlwrite import serialize
from newsml_codecs._xmlwritten import Written
from newsml_codecs.document import _convert
from newsml_codecs.document._carrier import anchored, made
from newsml_codecs.document._carrier.anchors import DIGESTS
from newsml_codecs.document._carrier.law import canonical_bytes
from newsml_codecs.document._carrier.roles import dumper, made_node
from newsml_model import Element, InvalidDocumentError, ItemList, ItemMeta, NewsItem, PlanningItem
from newsml_model.tree import with_children

SUBJECT = {"uuid": "03d22994-a1d1-11e5-aab3-6ed9a6c3f6f2", "type": "x-im/topic", "rel": "subject"}
PARAGRAPH = {"type": "x-im/paragraph", "id": "p1", "data": {"text": "A new paragraph."}}
FIXTURES_SAVED = [
    "document-article.xml",
    "kind-list.xml",
    "kind-package.xml",
    "kind-planningitem.xml",
]
OPTIONS = document.make_options({})


def _edits(doc: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """`doc` with a subject appended (and twice), one put first, and a paragraph among its
    content."""
    for times in (1, 2):
        appended = copy.deepcopy(doc)
        appended.setdefault("links", []).extend(dict(SUBJECT) for _ in range(times))
        yield appended
    first = copy.deepcopy(doc)
    first["links"] = [dict(SUBJECT), *first.get("links", [])]
    yield first
    if doc.get("content"):
        inserted = copy.deepcopy(doc)
        inserted["content"].insert(1, dict(PARAGRAPH))
        yield inserted


def _noted(verdicts: list[bool], verdict: bool) -> bool:
    """`verdict`, appended to `verdicts` (a spy's record of `lists_shown`)."""
    verdicts.append(verdict)
    return verdict


def _saves(doc: dict[str, Any], anew: bool, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Per edit of `doc`, saved twice: the outputs and the verdicts on the lists; `anew`:
    nothing remembered (the table emptied before every save)."""
    verdicts: list[bool] = []
    shown = anchored.lists_shown
    saves: list[Any] = []
    with monkeypatch.context() as patched:
        patched.setattr(anchored, "lists_shown", lambda *args: _noted(verdicts, shown(*args)))
        for edited in _edits(doc):
            _convert.PATCHES.clear()
            for _ in range(2):
                verdicts.clear()
                if anew:
                    made.MADE.clear()
                saves.append((document.to_newsml(edited), list(verdicts)))
    return saves


@pytest.mark.parametrize("fixture", FIXTURES_SAVED)
def test_a_remembered_node_writes_and_judges_as_one_made_anew(
    fixture: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each edit saved twice with every new node made anew, then with the nodes remembered
    (those of every save before it): the same outputs, the same verdicts."""
    doc = document.from_newsml((FIXTURES / fixture).read_bytes())
    made.MADE.clear()
    anew = _saves(doc, True, monkeypatch)
    assert made.MADE  # the saves made nodes: the comparison proves something
    remembered = _saves(doc, False, monkeypatch)
    assert anew == remembered


def test_a_later_save_makes_no_node_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A planning item with a subject appended, saved three times: its node is made at the
    first save only, and what `dump` writes of it worked out once."""
    doc = document.from_newsml((FIXTURES / "kind-planningitem.xml").read_bytes())
    edited = copy.deepcopy(doc)
    edited["links"].append(dict(SUBJECT))
    counted = {"made_node": 0, "dumper": 0}

    def counting(name: str, function: Any) -> Any:
        def count(*args: Any) -> Any:
            counted[name] += 1
            return function(*args)

        return count

    made.MADE.clear()
    monkeypatch.setattr(made, "made_node", counting("made_node", made.made_node))
    monkeypatch.setattr(made, "dumper", counting("dumper", made.dumper))
    outputs = set()
    for _ in range(3):
        outputs.add(document.to_newsml(edited))
    assert 1 == len(outputs)
    assert {"made_node": 1, "dumper": 1} == counted


def test_made_is_made_node_keyed_by_the_blocks_json() -> None:
    """The same block twice: one entry, its node `made_node`'s; another title: another node;
    the same values in another key order: the same entry; the digest of what `dump` writes
    is the one worked out directly."""
    made.MADE.clear()
    first = made.made(OPTIONS, "links", dict(SUBJECT), 0, "x-im/article", NewsItem)
    again = made.made(
        OPTIONS, "links", dict(reversed(SUBJECT.items())), 3, "x-im/article", NewsItem
    )
    other = made.made(OPTIONS, "links", {**SUBJECT, "title": "T"}, 0, "x-im/article", NewsItem)
    assert first is not None and other is not None
    assert first is again
    assert (first.role, first.node) == made_node(
        OPTIONS, "links", dict(SUBJECT), 0, "x-im/article", NewsItem
    )
    assert first.node != other.node
    digest = DIGESTS["xxh3"]
    write = dumper(OPTIONS, "links", {})
    assert write is not None
    assert digest(canonical_bytes(write(first.node))) == first.digest("links", digest)
    assert first.digest("coverage", digest) is None  # a link is not written as a coverage


def test_a_declined_block_is_remembered_declined() -> None:
    """A list's ``item`` link (the reference makes its node of several blocks): None, again."""
    made.MADE.clear()
    item = {"uuid": "x", "type": "x-im/article", "rel": "item"}
    assert made_node(OPTIONS, "links", item, 0, "x-im/list", ItemList) is None
    assert made.made(OPTIONS, "links", item, 0, "x-im/list", ItemList) is None
    assert made.made(OPTIONS, "links", item, 0, "x-im/list", ItemList) is None
    assert 1 == len(made.MADE)


def test_a_refused_block_is_refused_at_every_save_naming_its_place() -> None:
    """A data key starting with a digit: `InvalidDocumentError` at its own index each time, and
    nothing remembered."""
    made.MADE.clear()
    bad = {**SUBJECT, "data": {"1st": "a"}}
    for index in (2, 5):
        with pytest.raises(InvalidDocumentError) as raised:
            made.made(OPTIONS, "links", bad, index, "x-im/newscoverage", PlanningItem)
        assert f"$.links[{index}].data" in str(raised.value.path)
    assert {} == made.MADE


def test_the_remembered_nodes_stay_bounded() -> None:
    """More distinct blocks than `made.MOST_MADE`: at most that many kept, the newest among
    them; a block larger than `made.MOST_BYTES` is made but not kept."""
    made.MADE.clear()
    links = [{**SUBJECT, "uuid": f"subject-{i}"} for i in range(made.MOST_MADE + 20)]
    entries = [made.made(OPTIONS, "links", link, 0, "x-im/article", NewsItem) for link in links]
    assert made.MOST_MADE == len(made.MADE)
    assert entries[-1] in made.MADE.values()
    assert entries[0] not in made.MADE.values()
    made.MADE.clear()
    large = {**SUBJECT, "title": "t" * made.MOST_BYTES}
    entry = made.made(OPTIONS, "links", large, 0, "x-im/article", NewsItem)
    assert entry is not None
    assert (entry.role, entry.node) == made_node(
        OPTIONS, "links", large, 0, "x-im/article", NewsItem
    )
    assert {} == made.MADE


def test_a_kept_node_is_copied_at_the_next_write(monkeypatch: pytest.MonkeyPatch) -> None:
    """A node `keep_text` marked, standing in a section the save made: written anew and
    recorded at the first write, copied at the next (no node written anew); the same text
    each time, the plain writer's. One not marked is written anew at every write."""
    item = newsml.loads((FIXTURES / "kind-planningitem.xml").read_bytes())
    at = next(i for i, c in enumerate(item.children) if isinstance(c, ItemMeta))
    section = item.children[at]
    kept, other = Element(name="kept", attributes=(("k", "1"),)), Element(name="other")
    _xmlwritten.keep_text(kept)
    written = Written(item)

    def standing(node: Any) -> Any:
        changed = with_children(section, (*section.children, node))
        return with_children(item, (*item.children[:at], changed, *item.children[at + 1 :]))

    serialize(standing(Element(name="first")), write_child=written.write)  # the section's own
    calls = [0]
    write = _xmlwritten.write_element

    def counted(*args: Any) -> None:
        calls[0] += 1
        write(*args)

    monkeypatch.setattr(_xmlwritten, "write_element", counted)
    texts, counts = [], []
    for node in (kept, kept, other, other):
        result = standing(node)
        calls[0] = 0
        copied = serialize(result, write_child=written.write)
        counts.append(calls[0])
        texts.append((serialize(result), copied))
    assert all(plain == copied for plain, copied in texts)
    assert [1, 0, 1, 1] == counts


def test_the_kept_marks_stay_bounded() -> None:
    """More nodes marked than `_xmlwritten.MOST_KEPT`: at most that many marks, the newest
    kept, the oldest gone."""
    nodes = [Element(name="n", children=(str(i),)) for i in range(_xmlwritten.MOST_KEPT + 10)]
    for node in nodes:
        _xmlwritten.keep_text(node)
    assert _xmlwritten.MOST_KEPT == len(_xmlwritten._KEPT)
    assert _xmlwritten._KEPT.get(id(nodes[-1])) is nodes[-1]
    assert _xmlwritten._KEPT.get(id(nodes[0])) is not nodes[0]
