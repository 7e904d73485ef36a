"""The other kinds' anchored save knows its lists without dumping its result (`_carrier.listed`).

A planning item's, a concept's, a list's, a package's or an assignment's
save used to dump its whole result and compare it with the document. When
the lists the save placed are, container by container in `dump`'s order,
the document's blocks, that dump is not made. Where they are the document's blocks
in the order NewsML holds (a link appended after a planning item's
assignments, which `dump` writes before them), the law's verdict is known
without that dump and the conversion without the carrier too. Where the
shortcut cannot tell (a block of the kind's own making moved, a changed
note), the result is dumped and checked as before. The promise tested
here: the shortcut says yes only where the whole check agrees.
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
from newsml_codecs._xmlraw import materialized
from newsml_codecs.document import _convert
from newsml_codecs.document._carrier import anchored, law, listed
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


SUBJECT = {"uuid": "03d22994-a1d1-11e5-aab3-6ed9a6c3f6f2", "type": "x-im/topic", "rel": "subject"}


def _append_subject(doc: dict[str, Any]) -> None:
    doc["links"].append(dict(SUBJECT))


def test_a_link_dump_writes_before_the_assignments_is_not_dumped_to_be_checked(
    checks: list[str], ways: list[str]
) -> None:
    """A subject link appended after the planning item's assignments: `dump` writes it with
    itemMeta's links, before them, as the conversion without the carrier does, so the law
    accepts that order: the shortcut knows it without dumping the result."""
    doc, back = saved(FIXTURES / "kind-planningitem.xml", _append_subject)
    assert ["anchored"] == ways
    assert [] == checks
    assert ce.law_holds(doc)[0]
    links = document.dump(back, carriers=False)["links"]
    uuids = [link.get("uuid") for link in links]
    types = [link.get("type") for link in links]
    assert 1 == uuids.count(SUBJECT["uuid"])
    assert uuids.index(SUBJECT["uuid"]) < types.index("x-im/assignment")


def test_a_block_of_the_kinds_own_making_moved_is_checked(
    checks: list[str], ways: list[str]
) -> None:
    """A subject link appended after a package's list link (a block the package makes of its
    ``<itemList>``): the shortcut cannot tell where the conversion writes them, so the
    result is dumped and judged as before (the reference writes the list link last)."""
    doc, back = saved(FIXTURES / "kind-package.xml", _append_subject)
    assert ["anchored"] == ways
    assert ["Package"] == checks[:1]
    assert ce.law_holds(doc)[0]
    links = document.dump(back, carriers=False)["links"]
    assert ["subject", "list"] == [link.get("rel") for link in links[-2:]]


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
    for times, reverse in ((1, False), (2, False), (1, True)):  # the Writer's added subject
        appended = copy.deepcopy(doc)
        appended.setdefault("links", []).extend(dict(SUBJECT) for _ in range(times))
        if reverse:
            appended["links"].reverse()
        yield f"subject x{times}{' reversed' if reverse else ''}", appended


REORDERED = {"kind-planningitem.xml", "kind-package.xml", "kind-list.xml"}
"""The fixtures some edit of which `dump` writes in another order the law accepts."""


@pytest.mark.parametrize("path", list(_inputs()), ids=lambda p: p.name)
def test_the_shortcut_says_yes_only_where_the_whole_check_agrees(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On every kind fixture (and the corpus's concepts) under every list edit and an
    appended link: wherever the lists are taken as the document's without a dump, the
    check they replace accepts the result (a whole dump shows the edited document, or the
    law holds against the conversion without the carrier); and the order NewsML holds is
    taken so on the planning item's, the package's and the list's fixtures."""
    if isinstance(newsml.loads(path.read_bytes()), NewsItem):
        pytest.skip("a newsItem's lists are the document's by construction")
    try:
        doc = document.from_newsml(path.read_bytes())
    except NewsItemError as error:
        pytest.skip(f"the converter refuses it: {error}")
    said: list[bool] = []
    asked: list[bool] = []
    verdicts: list[tuple[str, bool, bool]] = []
    labels: list[str] = []
    lists_shown, reordered, restore = anchored.lists_shown, listed.reordered, _convert.restore

    def spy(*args: Any) -> bool:
        said.append(lists_shown(*args))
        return said[-1]

    def asking(*args: Any) -> bool:
        asked.append(reordered(*args))
        return asked[-1]

    def judged(options: Any, original: Any, doc: Any, *args: Any, **keywords: Any) -> Any:
        result = restore(options, original, doc, *args, **keywords)
        if said == [True] and result is not None:
            bare = args[-1]
            got = dump_any(options, materialized(result))
            held = law.same_visible(got, doc) or law.shows(got, doc, dump_any(options, bare()))
            verdicts.append((labels[-1], held, True in asked))
        return result

    monkeypatch.setattr(anchored, "lists_shown", spy)
    monkeypatch.setattr(listed, "reordered", asking)
    monkeypatch.setattr(_convert, "restore", judged)
    for label, edited in _edits(doc):
        labels.append(label)
        said.clear()
        asked.clear()
        _convert.PATCHES.clear()
        document.load(edited)
    assert [] == [label for label, held, _ in verdicts if not held]
    assert verdicts, "no edit took the shortcut: the test would prove nothing"
    if path.name in REORDERED:
        assert any(new for _, _, new in verdicts), "no edit took the reordered way"


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
