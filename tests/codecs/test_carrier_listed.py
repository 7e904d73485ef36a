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
from newsml_codecs.document._carrier import anchored, law, listed, roles
from newsml_codecs.document._carrier.anchors import DIGESTS
from newsml_codecs.document._carrier.units import node_at
from newsml_codecs.document._carrier.written import Written, written_of
from newsml_codecs.document._dispatch import dump_any
from newsml_codecs.document._dump.omit import omitted
from newsml_model import (
    ItemList,
    ItemMeta,
    Links,
    NewsItem,
    NewsItemError,
    Package,
    PlanningItem,
)

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
SERVICE = {"type": "x-im/service", "data": {"why": "imext:main"}, "value": "imsection:local"}
PARAGRAPH = {"type": "x-im/paragraph", "id": "p1", "data": {"text": "A new paragraph."}}


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


def test_a_link_dump_writes_before_a_concepts_services_is_not_dumped_to_be_checked(
    checks: list[str], ways: list[str]
) -> None:
    """A subject link appended after a concept's service: `dump` writes it with itemMeta's
    links, before the services, as the conversion without the carrier does, so the law
    accepts that order: the shortcut knows it without dumping the result."""
    doc = document.from_newsml((FIXTURES / "kind-concept-topic.xml").read_bytes())
    doc["links"].append(dict(SERVICE))
    serviced = document.from_newsml(document.to_newsml(doc))  # a concept with a service
    _append_subject(serviced)
    checks.clear()
    ways.clear()
    back = document.load(serviced)
    assert ["anchored"] == ways
    assert [] == checks
    assert ce.law_holds(serviced)[0]
    links = document.dump(back, carriers=False)["links"]
    assert ["subject", None] == [link.get("rel") for link in links[-2:]]
    assert "x-im/service" == links[-1]["type"]


def test_a_link_dump_writes_before_a_packages_list_link_is_not_dumped_to_be_checked(
    checks: list[str], ways: list[str]
) -> None:
    """A subject link appended after a package's list link (a block the package makes of its
    ``<itemList>``, which `dump` writes last, as the conversion without the carrier does):
    the shortcut knows the law accepts it."""
    doc, back = saved(FIXTURES / "kind-package.xml", _append_subject)
    assert ["anchored"] == ways
    assert [] == checks
    assert ce.law_holds(doc)[0]
    links = document.dump(back, carriers=False)["links"]
    assert ["subject", "list"] == [link.get("rel") for link in links[-2:]]


def test_a_block_the_conversion_writes_otherwise_is_checked(
    checks: list[str], ways: list[str]
) -> None:
    """A planning item's links reversed: `dump` writes them by container, and the first
    assignment, in a pair the user reversed, is one the conversion without the carrier writes
    back otherwise (its coverage's id and planning come from the original): the shortcut
    cannot tell the law's verdict, so the result is dumped and judged (here the law rejects
    it: the patch way loads the document)."""
    saved(FIXTURES / "kind-planningitem.xml", lambda d: d["links"].reverse())
    assert ["patch"] == ways
    assert ["PlanningItem"] == checks[:1]


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
    yield from _note_edits(doc)
    if doc.get("content"):  # a paragraph among the blocks (a list's items: one more item)
        inserted = copy.deepcopy(doc)
        inserted["content"].insert(1, dict(PARAGRAPH))
        yield "paragraph inserted", inserted
    retitled = copy.deepcopy(doc)
    retitled["title"] = "Edited"
    yield "title", retitled
    for times, reverse in ((1, False), (2, False), (1, True)):  # the Writer's added subject
        appended = copy.deepcopy(doc)
        appended.setdefault("links", []).extend(dict(SUBJECT) for _ in range(times))
        if reverse:
            appended["links"].reverse()
        yield f"subject x{times}{' reversed' if reverse else ''}", appended


def _note_edits(doc: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """A note's text changed; a note added after the last one, with the id `dump` gives it
    (one more than the last's), or with another."""
    meta = doc.get("meta") or []
    notes = [i for i, block in enumerate(meta) if block.get("type") == "x-im/note"]
    if not notes:
        return
    texted = copy.deepcopy(doc)
    texted["meta"][notes[0]]["data"]["text"] = "An edited note."
    yield "note text", texted
    after = int(meta[notes[-1]]["id"]) + 1
    for label, note_id in (("note added", after), ("note added, its id off", after - 1)):
        added = copy.deepcopy(doc)
        note = {"type": "x-im/note", "id": str(note_id), "data": {"text": "A new note."}}
        added["meta"].insert(notes[-1] + 1, note)
        yield label, added


REORDERED = {"kind-planningitem.xml", "kind-package.xml", "kind-list.xml"}
"""The fixtures some edit of which `dump` writes in another order the law accepts."""


def _verdicts(doc: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool, bool]]:
    """Per edit of `doc` (`_edits`) whose lists the shortcut took as shown: (the edit, whether
    the check it replaces accepts the result, whether they are in another order than the
    document's). That check: a whole dump shows the edited document, or the law holds
    against the conversion without the carrier (what `anchored.restore` asks)."""
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

    with monkeypatch.context() as patched:
        patched.setattr(anchored, "lists_shown", spy)
        patched.setattr(listed, "reordered", asking)
        patched.setattr(_convert, "restore", judged)
        for label, edited in _edits(doc):
            labels.append(label)
            said.clear()
            asked.clear()
            _convert.PATCHES.clear()
            document.load(edited)
    return verdicts


@pytest.mark.parametrize("path", list(_inputs()), ids=lambda p: p.name)
def test_the_shortcut_says_yes_only_where_the_whole_check_agrees(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On every kind fixture (and the corpus's concepts) under every list edit and an
    appended link: wherever the lists are taken as the document's without a dump, the
    check they replace accepts the result; and the order NewsML holds is taken so on the
    planning item's, the package's and the list's fixtures."""
    if isinstance(newsml.loads(path.read_bytes()), NewsItem):
        pytest.skip("a newsItem's lists are the document's by construction")
    try:
        doc = document.from_newsml(path.read_bytes())
    except NewsItemError as error:
        pytest.skip(f"the converter refuses it: {error}")
    verdicts = _verdicts(doc, monkeypatch)
    assert [] == [label for label, held, _ in verdicts if not held]
    assert verdicts, "no edit took the shortcut: the test would prove nothing"
    if path.name in REORDERED:
        assert any(new for _, _, new in verdicts), "no edit took the reordered way"


def _without_item_links(fixture: str) -> dict[str, Any]:
    """The document of `fixture` whose itemMeta has no ``<links>`` (a first link makes one)."""
    text = (FIXTURES / fixture).read_text(encoding="utf-8")
    start = text.index("<links", text.index("<itemMeta>"))
    end = text.index("</links>", start) + len("</links>")
    return document.from_newsml(text[:start] + text[end:])


@pytest.mark.parametrize("fixture", ["kind-planningitem.xml", "kind-package.xml"])
def test_a_container_made_for_a_first_link_holds_the_promise(
    fixture: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A planning item or a package without itemMeta links, edited as above: the links
    container made for the first one (where `dump` writes it: after the products, before
    the services and coverages) keeps the promise; the shortcut takes it for the planning
    item's appended link."""
    verdicts = _verdicts(_without_item_links(fixture), monkeypatch)
    assert [] == [label for label, held, _ in verdicts if not held]
    assert any(new for _, _, new in verdicts)


def test_a_container_made_after_a_packages_cover_is_placed_before_its_list_link(
    checks: list[str], ways: list[str]
) -> None:
    """A package without itemMeta links gets a subject link, once or twice: `dump` writes the
    container made for it after the package's cover link and before its list link, as the
    conversion without the carrier does; no dump."""
    doc = _without_item_links("kind-package.xml")
    for times in (1, 2):
        edited = copy.deepcopy(doc)
        edited["links"].extend(dict(SUBJECT) for _ in range(times))
        checks.clear()
        ways.clear()
        _convert.PATCHES.clear()
        back = document.load(edited)
        assert ["anchored"] == ways
        assert [] == checks
        assert ce.law_holds(edited)[0]
        links = document.dump(back, carriers=False)["links"]
        rels = [link.get("rel") for link in links]
        assert ["cover", *["subject"] * times, "list"] == rels[-2 - times :]


@pytest.mark.parametrize("fixture", ["kind-planningitem.xml", "kind-package.xml"])
@pytest.mark.parametrize("label", ["note text", "note added"])
def test_a_changed_or_new_note_is_not_dumped_to_be_checked(
    checks: list[str], ways: list[str], fixture: str, label: str
) -> None:
    """A note's text changed, or a note added after the last: `dump` numbers the notes by
    their place (a package's from 1, after its own block), so the shortcut writes a new
    note's block with that id; no dump, and the result shows the document exactly."""
    doc = document.from_newsml((FIXTURES / fixture).read_bytes())
    edited = dict(_note_edits(doc))[label]
    back = document.load(edited)
    assert ["anchored"] == ways
    assert [] == checks
    assert ce.stripped(edited) == document.dump(back, carriers=False)


def test_a_new_note_of_another_id_is_checked(checks: list[str], ways: list[str]) -> None:
    """A note added with an id `dump` does not give it (the last note's): the shortcut does
    not take it as shown; the result is dumped and judged."""
    doc = document.from_newsml((FIXTURES / "kind-package.xml").read_bytes())
    document.load(dict(_note_edits(doc))["note added, its id off"])
    assert ["Package"] == checks[:1]  # its result dumped (then the conversion, to judge)


def _emptied_links(fixture: str) -> dict[str, Any]:
    """The document of `fixture` whose first ``<links>`` (itemMeta's) holds no link."""
    text = (FIXTURES / fixture).read_text(encoding="utf-8")
    start = text.index(">", text.index("<links", text.index("<itemMeta>"))) + 1
    end = text.index("</links>", start)
    return document.from_newsml(text[:start] + text[end:])


@pytest.mark.parametrize(
    "fixture", ["kind-planningitem.xml", "kind-package.xml", "kind-concept-tag.xml"]
)
def test_a_first_link_in_an_empty_links_container_is_not_dumped_to_be_checked(
    checks: list[str], ways: list[str], fixture: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An itemMeta ``<links>`` that holds no link gets the Writer's subject: it is the only
    container of its role, so `dump` writes it where it writes that role (a concept's, its
    only links); no dump. The edits of the promise test keep it on such a document."""
    doc = _emptied_links(fixture)
    edited = copy.deepcopy(doc)
    edited.setdefault("links", []).append(dict(SUBJECT))
    back = document.load(edited)
    assert ["anchored"] == ways
    assert [] == checks
    assert ce.law_holds(edited)[0]
    links = document.dump(back, carriers=False)["links"]
    assert 1 == [link.get("uuid") for link in links].count(SUBJECT["uuid"])
    verdicts = _verdicts(doc, monkeypatch)
    assert [] == [label for label, held, _ in verdicts if not held]


def test_two_containers_the_anchors_never_saw_are_not_taken_in_the_saves_order() -> None:
    """A concept without links given a subject and a service: each goes to a container the
    anchors never saw (itemMeta's ``<links>``, itemMeta itself); `dump` writes them in an
    order of its own, so their blocks are apart, placed by their roles, whatever order the
    save wrote them in."""
    text = (FIXTURES / "kind-concept-tag.xml").read_text(encoding="utf-8")
    start = text.index(">", text.index("<links", text.index("<itemMeta>"))) + 1
    original = newsml.loads(text[:start] + text[text.index("</links>", start) :])
    meta = next(i for i, node in enumerate(original.children) if isinstance(node, ItemMeta))
    links = next(
        i for i, node in enumerate(original.children[meta].children) if isinstance(node, Links)
    )
    options, digest = document.make_options({}), DIGESTS["xxh3"]
    made = {
        role: node
        for role, node in (
            roles.made_node(options, "links", block, 0, "x-im/tag", original.__class__)
            for block in (SUBJECT, SERVICE)
        )
    }
    groups = {
        (meta, links): ([], [(made["links"], None)]),
        (meta,): ([], [(made["service"], None)]),
    }
    for placed in (groups, dict(reversed(groups.items()))):
        made_of = written_of(options, original, "links", (), placed, digest)
        assert made_of is not None
        assert ([], ["links", "service"]) == (made_of[0], sorted(str(w) for _, w in made_of[1]))


def test_a_container_beside_another_of_its_role_is_not_placed_by_its_role() -> None:
    """A subject in an empty itemMeta ``<links>`` beside one whose links the anchors saw: its
    place among its role's containers is not known, so its block is apart, not placed."""
    text = (FIXTURES / "kind-concept-tag.xml").read_text(encoding="utf-8")
    end = text.index("</links>", text.index("<itemMeta>")) + len("</links>")
    empty = '<links xmlns="http://www.infomaker.se/newsml/1.0"/>'
    original = newsml.loads(text[:end] + empty + text[end:])
    meta = next(i for i, node in enumerate(original.children) if isinstance(node, ItemMeta))
    held, made = (
        i for i, node in enumerate(original.children[meta].children) if isinstance(node, Links)
    )
    options = document.make_options({})
    node = roles.made_node(options, "links", SUBJECT, 0, "x-im/tag", original.__class__)
    assert node is not None
    groups = {(meta, made): ([], [(node[1], None)])}
    recorded = (("seen", (meta, held, 0)),)
    made_of = written_of(options, original, "links", recorded, groups, DIGESTS["xxh3"])
    assert made_of is not None
    assert ([("seen", "links")], [None]) == (made_of[0], [where for _, where in made_of[1]])


def test_a_note_after_another_container_of_notes_is_not_numbered() -> None:
    """A planning item with two itemMeta sections, each with a note: a new note in the
    second, or in one whose notes the anchors never saw (numbered by its place among the
    notes' containers), has an id not known here: no answer (the result is dumped)."""
    text = (FIXTURES / "kind-planningitem.xml").read_text(encoding="utf-8")
    end = text.index("</itemMeta>") + len("</itemMeta>")
    original = newsml.loads(text[:end] + text[text.index("<itemMeta>") : end] + text[end:])
    first, second = (i for i, node in enumerate(original.children) if isinstance(node, ItemMeta))
    note = next(
        i
        for i, node in enumerate(original.children[first].children)
        if getattr(node, "name", None) == "edNote"
    )
    options = document.make_options({})
    block = {"type": "x-im/note", "id": "1", "data": {"text": "A new note."}}
    made = roles.made_node(options, "meta", block, 0, "x-im/newscoverage", PlanningItem)
    assert made is not None
    assert "note" == made[0]
    group = ([], [(made[1], None)])
    recorded = (("one", (first, note)), ("two", (second, note)))
    for seen in (recorded, recorded[:1]):
        groups = {(second,): group}
        assert written_of(options, original, "meta", seen, groups, DIGESTS["xxh3"]) is None


def _paragraph_among_items() -> dict[str, Any]:
    """The list fixture's document with a paragraph put among its items."""
    doc = document.from_newsml((FIXTURES / "kind-list.xml").read_bytes())
    doc["content"].insert(1, dict(PARAGRAPH))
    return doc


def test_a_paragraph_among_a_lists_items_is_not_dumped_to_be_checked(
    checks: list[str], ways: list[str]
) -> None:
    """A paragraph put among a list's items: `dump` writes it as an item, not as the user's
    block, but as the conversion without the carrier writes it, whose list the law takes;
    no dump, and the law holds."""
    doc = _paragraph_among_items()
    back = document.load(doc)
    assert ["anchored"] == ways
    assert [] == checks
    assert ce.law_holds(doc)[0]
    content = document.dump(back, carriers=False)["content"]
    assert len(doc["content"]) == len(content)
    assert doc["content"][1] != content[1]


ONE_FIXTURES = {
    ItemList: "kind-list.xml",
    Package: "kind-package.xml",
    PlanningItem: "kind-planningitem.xml",
}


@pytest.mark.parametrize(
    ("root", "name"), list(listed._ONE), ids=lambda v: getattr(v, "__name__", v)
)
def test_the_one_container_table_is_the_conversions_order(root: type, name: str) -> None:
    """`listed._ONE`: the conversion without the carrier loads each block of the list, in
    the blocks' order (here reversed, a paragraph among them), into the table's role, as
    `Bare.trips` tells."""
    doc = ce.oracle(document.from_newsml((FIXTURES / ONE_FIXTURES[root]).read_bytes()))
    blocks = doc[name] = [*reversed(doc.get(name) or []), dict(PARAGRAPH)]
    bare = listed.Bare(document.make_options({}), root, doc["type"], DIGESTS["xxh3"])
    shown = [bare.digest(law.canonical_bytes(block)) for block in blocks]
    trips = bare.trips(name, blocks, shown, set())
    assert trips is not None
    back = document.dump(document.load(doc), carriers=False)[name]
    assert [trip[1] for trip in trips if trip is not None] == [
        bare.digest(law.canonical_bytes(block)) for block in back
    ]
    assert {listed._ONE[(root, name)][0]} == {trip[0] for trip in trips if trip is not None}


def test_a_list_with_an_item_link_is_not_taken_as_converted() -> None:
    """A list whose document also has an ``item`` link: the conversion puts that link's item
    before the content's, so the content's blocks alone do not tell its list: no answer."""
    doc = _paragraph_among_items()
    bare = listed.Bare(document.make_options({}), ItemList, doc["type"], DIGESTS["xxh3"])
    blocks = doc["content"]
    shown = [bare.digest(law.canonical_bytes(block)) for block in blocks]
    trips = bare.trips("content", blocks, shown, set())
    assert trips is not None
    written: Written = ([(trip[1], "items") for trip in trips if trip is not None], [])
    recorded = (("one", (5, 0)),)
    assert listed.converted(bare, "content", doc, recorded, shown, written)
    item = {"type": "x-im/article", "rel": "item", "uuid": SUBJECT["uuid"]}
    linked = {**doc, "links": [*doc.get("links", []), item]}
    assert not listed.converted(bare, "content", linked, recorded, shown, written)
    assert not listed.converted(bare, "content", doc, recorded, shown, (written[0][1:], []))


def _converted(trips: Trips, written: Written, recorded: Any = (("a", (5, 0)),)) -> bool:
    """`listed.converted` of a list's content whose conversion, block by block, is `trips`."""
    bare = _known(trips, ItemList, "x-im/list")
    doc = {"content": [{} for _ in trips]}
    return listed.converted(bare, "content", doc, recorded, ["x"] * len(trips), written)


@pytest.mark.parametrize(
    ("trips", "written", "recorded", "expected"),
    [
        (
            [("items", "a"), None, ("items", "b")],
            ([("a", "items"), ("b", "items")], []),
            None,
            True,
        ),
        # another role, a container apart, a block of the kind's own making, another list
        ([("items", "a"), ("links", "b")], ([("a", "items"), ("b", "items")], []), None, False),
        (
            [("items", "a"), ("items", "b")],
            ([("a", "items"), ("b", "items")], [("c", None)]),
            None,
            False,
        ),
        ([("items", "a")], ([("a", "items")], []), (("own", ()),), False),
        ([("items", "a"), ("items", "b")], ([("b", "items"), ("a", "items")], []), None, False),
    ],
)
def test_converted_knows_the_laws_verdict_only_where_the_conversion_is_known(
    trips: Trips, written: Written, recorded: Any, expected: bool
) -> None:
    """`converted` says yes only where every block goes to the one container of the list's
    role, no block is apart or of the kind's own making, and the written list is the
    conversion's, block for block in the blocks' order (dropped blocks left out)."""
    assert expected == _converted(trips, written, *(() if recorded is None else (recorded,)))


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

    def counting(root: Any, path: Any) -> Any:
        counted["node_at"] += 1
        return node_at(root, path)

    monkeypatch.setattr("newsml_codecs.document._carrier.written.node_at", counting)
    monkeypatch.setattr("newsml_codecs.document._carrier.layout.node_at", counting)
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


Trips = list[tuple[str, str] | None]
_TRIPS: Trips = [("service", "svc"), ("coverage", "asg"), ("links", "sub")]
_WRITTEN: Written = ([("sub", "links"), ("svc", "service"), ("asg", "coverage")], [])


def _known(trips: Trips, root: type, kind: str) -> listed.Bare:
    """A `listed.Bare` of `root` whose conversion, block by block, is `trips`."""

    class Known(listed.Bare):
        def trips(
            self, name: str, blocks: list[Any], shown: list[str], own: set[str]
        ) -> Trips | None:
            return trips

    return Known(document.make_options({}), root, kind, str)


def _judge(
    shown: list[str], written: Written, trips: Trips = _TRIPS, root: type = PlanningItem
) -> bool:
    """`listed.reordered` of an item's links whose conversion, block by block, is `trips`
    (each block's role and the digest written back); each block's rel is its digest."""
    bare = _known(trips, root, "")
    own = [(each, ()) for each in shown if each in ("own", "cover", "list")]
    blocks = [{"rel": each} for each in shown]
    return listed.reordered(bare, "links", blocks, tuple(own), shown, written)


@pytest.mark.parametrize(
    ("shown", "written", "trips", "expected"),
    [
        # a subject appended after a service and an assignment: written first, as converted
        (["svc", "asg", "sub"], _WRITTEN, _TRIPS, True),
        # the conversion loads the subject into another role than it is written from
        (["svc", "asg", "sub"], _WRITTEN, [*_TRIPS[:2], ("cmlinks", "sub")], False),
        # another block is written back as the subject: twice in the conversion's list
        (["svc", "asg", "sub"], _WRITTEN, [_TRIPS[0], ("coverage", "sub"), _TRIPS[2]], False),
        # two containers of one role, or roles dump does not write in that order
        (
            ["svc", "asg", "sub"],
            ([("sub", "service"), *_WRITTEN[0][1:]], []),
            [*_TRIPS[:2], ("service", "sub")],
            False,
        ),
        (
            ["svc", "asg", "sub"],
            ([("sub", "coverage"), *_WRITTEN[0][1:]], []),
            [*_TRIPS[:2], ("coverage", "sub")],
            False,
        ),
        # not the user's blocks, each once
        (["svc", "asg", "sub"], (_WRITTEN[0][:2], []), _TRIPS, False),
        # a container made for the subject: placed where its role goes, or not known
        (["svc", "asg", "sub"], (_WRITTEN[0][1:], [("sub", "links")]), _TRIPS, True),
        (["svc", "asg", "sub"], (_WRITTEN[0][1:], [("sub", None)]), _TRIPS, False),
        # the same link twice, its place not known: not judged
        (["svc", "asg", "sub", "sub"], (_WRITTEN[0][1:], [("sub", None)] * 2), None, True),
        # next to a block of the kind's own making (its place not known), or one of the pair
        (
            ["sub", "own", "svc"],
            ([("own", None), ("svc", "service")], [("sub", "links")]),
            [("links", "sub"), None, ("service", "svc")],
            False,
        ),
        (["own", "sub"], ([("sub", "links"), ("own", None)], []), [None, ("links", "sub")], False),
    ],
)
def test_reordered_knows_the_laws_verdict_only_where_the_conversion_agrees(
    shown: list[str], written: Written, trips: Trips, expected: bool
) -> None:
    """`reordered` says yes only where each two reversed neighbours are loaded by the conversion
    into the roles they are written from, written back as they are, once each, and their
    roles are in the order `dump` always writes them."""
    assert expected == _judge(shown, written, trips)


_PACKAGE: Written = ([("channel", "products"), ("sub", "links"), ("list", None)], [])


@pytest.mark.parametrize(
    ("trips", "expected"),
    [
        ([("products", "channel"), ("list", "list"), ("links", "sub")], True),
        # not the list link the conversion takes (a later one is): none of it written back
        ([("products", "channel"), None, ("links", "sub")], False),
    ],
)
def test_a_packages_list_link_is_judged_where_dump_writes_it_last(
    trips: Trips, expected: bool
) -> None:
    """A subject appended after a package's list link: `dump` writes the list link (the
    package's ``<itemList>``) last, so the law's verdict is known where the conversion writes
    it back, once."""
    assert expected == _judge(["channel", "list", "sub"], _PACKAGE, trips, Package)


def _products_of(count: int) -> dict[str, Any]:
    """A list of `count` products whose itemMeta link the user moved first."""
    products = "".join(
        f'<product uuid="5b0ad1a4-3c0e-4a55-9f6a-{i:012d}">P{i}</product>' for i in range(count)
    )
    text = (FIXTURES / "kind-list.xml").read_text(encoding="utf-8")
    start, end = text.index("<products>"), text.index("</products>")
    doc = document.from_newsml(text[:start] + f"<products>{products}" + text[end:])
    doc["links"].insert(0, doc["links"].pop(count))
    return doc


def test_the_reordered_way_is_linear_in_the_list(
    checks: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A list's itemMeta link moved before its products (`dump` writes it after them): twice
    the products cost at most about twice the blocks converted, with no dump."""
    counted = {"made_node": 0}
    made_node = listed.made_node

    def counting(*args: Any) -> Any:
        counted["made_node"] += 1
        return made_node(*args)

    monkeypatch.setattr(listed, "made_node", counting)
    made = []
    for count in (100, 200):
        doc = _products_of(count)
        listed.TRIPS.clear()  # each block worked out (the first 100 products are in both)
        counted["made_node"] = 0
        document.load(doc)
        made.append(counted["made_node"])
    assert [] == checks
    assert 0 < made[0]
    assert made[1] <= 2.2 * made[0]
