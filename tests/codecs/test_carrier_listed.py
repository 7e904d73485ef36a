"""The other kinds' anchored save knows its lists without dumping its result (`_carrier.listed`).

A planning item's, a concept's, a list's, a package's or an assignment's
save used to dump its whole result and compare it with the document. When
the lists the save placed are, container by container in `dump`'s order,
the document's blocks, that dump is not made. Where the shortcut cannot
tell (a block moved into a container `dump` reads earlier, a changed note),
the result is dumped and checked as before. The promise tested here: the
shortcut says yes only where the whole check agrees.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from support import CORPUS, FIXTURES
from support import carrier as ce

from newsml_codecs import document, newsml
from newsml_codecs.document import _convert
from newsml_codecs.document._carrier import anchored, listed
from newsml_codecs.document._dispatch import dump_any
from newsml_codecs.document._dump.omit import omitted
from newsml_model import NewsItem, NewsItemError

Edit = Callable[[dict[str, Any]], object]
KINDS = sorted(FIXTURES.glob("kind-*.xml"))


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each whole dump the anchored save made of its result to check it."""
    made: list[str] = []

    def counted(options: Any, item: Any) -> dict[str, Any]:
        made.append(item.__class__.__name__)
        return dump_any(options, item)

    monkeypatch.setattr(anchored, "dump_any", counted)
    return made


def saved(path: Path, edit: Edit) -> tuple[dict[str, Any], Any]:
    """The document of `path` with its carrier, edited by `edit`, and its item loaded back."""
    doc = document.from_newsml(path.read_bytes())
    edit(doc)
    return doc, document.load(doc)


def _swap_links(doc: dict[str, Any]) -> None:
    links = doc["links"]
    links[0], links[1] = links[1], links[0]


def _drop_first_link(doc: dict[str, Any]) -> None:
    del doc["links"][0]


def _duplicate_first_link(doc: dict[str, Any]) -> None:
    doc["links"].insert(1, copy.deepcopy(doc["links"][0]))


def _retitle(doc: dict[str, Any]) -> None:
    doc["title"] = "A new title"


@pytest.mark.parametrize(
    ("fixture", "edit"),
    [
        ("kind-concept-story.xml", _swap_links),
        ("kind-concept-story.xml", _drop_first_link),
        ("kind-concept-story.xml", _duplicate_first_link),  # a new node, dumped alone
        ("kind-planningitem.xml", _drop_first_link),
        ("kind-list.xml", _retitle),
        ("kind-package.xml", _retitle),
    ],
)
def test_lists_in_dumps_order_are_not_dumped_to_be_checked(
    checks: list[str], ways: list[str], fixture: str, edit: Edit
) -> None:
    """Links swapped, removed or duplicated (the copy a new node), or only the title changed:
    the anchored save, with no whole dump of its result, gives an item that shows the edited
    document exactly."""
    doc, back = saved(FIXTURES / fixture, edit)
    assert ["anchored"] == ways
    assert [] == checks
    assert ce.stripped(doc) == document.dump(back, carriers=False)


def test_a_block_dump_writes_elsewhere_is_checked(checks: list[str], ways: list[str]) -> None:
    """A subject link appended after the planning item's assignments: `dump` writes it with
    itemMeta's links, before them, so the shortcut cannot say the lists are the document's;
    the result is dumped and judged as before (the reference orders them so too)."""
    subject = {
        "uuid": "03d22994-a1d1-11e5-aab3-6ed9a6c3f6f2",
        "type": "x-im/topic",
        "rel": "subject",
    }
    doc, back = saved(FIXTURES / "kind-planningitem.xml", lambda d: d["links"].append(subject))
    assert ["anchored"] == ways
    assert ["PlanningItem"] == checks[:1]
    assert ce.law_holds(doc)[0]
    links = document.dump(back, carriers=False)["links"]
    assert 1 == sum(link.get("uuid") == subject["uuid"] for link in links)


def _inputs() -> Iterator[Path]:
    yield from KINDS
    yield from sorted(CORPUS.rglob("conceptitem*.xml")) if CORPUS.is_dir() else ()


def _edits(doc: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every list edit of `doc` at the top level: each block removed, duplicated, each pair of
    neighbours swapped, the list reversed; and the title changed."""
    for name in ("links", "meta", "content"):
        blocks = doc.get(name) or []
        for i in range(len(blocks)):
            for op, j in (("delete", i), ("duplicate", i), ("swap", i + 1), ("reverse", 0)):
                if j >= len(blocks) or (op == "reverse" and i):
                    continue
                edited = copy.deepcopy(doc)
                ce.list_edit(edited[name], op, i, j)
                yield f"{name} {op} {i}", edited
    retitled = copy.deepcopy(doc)
    retitled["title"] = "Edited"
    yield "title", retitled


@pytest.mark.parametrize("path", list(_inputs()), ids=lambda p: p.name)
def test_the_shortcut_says_yes_only_where_the_whole_check_agrees(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On every kind fixture (and the corpus's concepts) under every list edit: wherever the
    lists are taken as the document's without a dump, a whole dump of the item shows the
    edited document exactly (what the check they replace would have required)."""
    if isinstance(newsml.loads(path.read_bytes()), NewsItem):
        pytest.skip("a newsItem's lists are the document's by construction")
    try:
        doc = document.from_newsml(path.read_bytes())
    except NewsItemError as error:
        pytest.skip(f"the converter refuses it: {error}")
    said: list[bool] = []
    lists_shown = anchored.lists_shown

    def spy(*args: Any) -> bool:
        said.append(lists_shown(*args))
        return said[-1]

    monkeypatch.setattr(anchored, "lists_shown", spy)
    taken = 0
    for label, edited in _edits(doc):
        said.clear()
        _convert.PATCHES.clear()
        back = document.load(edited)
        if said == [True]:
            taken += 1
            got = document.dump(back, carriers=False)
            assert omitted(ce.stripped(edited)) == got, label  # as a reader sees it
    assert taken, "no edit took the shortcut: the test would prove nothing"


def _list_of(items: int) -> str:
    """A list of `items` articles."""
    entries = "".join(
        f'<item uuid="0e6f8d2a-1b3c-4d5e-9f0a-{i:012d}" type="Article"/>' for i in range(items)
    )
    text = (FIXTURES / "kind-list.xml").read_text(encoding="utf-8")
    start, end = text.index("<items"), text.index("</items>")
    return text[:start] + f'<items limit="30">{entries}' + text[end:]


def test_the_shortcut_is_linear_in_the_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every item of a list duplicated (each copy a new node, dumped alone): twice the items
    cost at most about twice the node look-ups, and the shortcut holds."""
    counted = {"node_at": 0}
    node_at = listed.node_at

    def counting(root: Any, path: Any) -> Any:
        counted["node_at"] += 1
        return node_at(root, path)

    monkeypatch.setattr(listed, "node_at", counting)
    looks = []
    for items in (100, 200):
        doc = document.from_newsml(_list_of(items))
        doc["content"] = [copy.deepcopy(b) for b in doc["content"] for _ in range(2)]
        counted["node_at"] = 0
        back = document.load(doc)
        looks.append(counted["node_at"])
        assert omitted(ce.stripped(doc)) == document.dump(back, carriers=False)
    assert 0 < looks[0]
    assert looks[1] <= 2.2 * looks[0]
