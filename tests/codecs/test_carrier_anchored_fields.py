"""The anchored save of a newsItem whose status or times changed (the Writer's setPubStatus, setPubStart).

`dump` reads each of these fields from one itemMeta node; the anchored
save writes the new value into that node (its attributes and place kept),
makes it where the reference writes it, or removes it, and keeps every
other node of the original as it was. Another field changed beside the
blocks, or another kind, declines to the patch way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from support import canonical, fixture_text
from support.carrier import saved as loaded

from newsml_codecs import document, newsml

Edit = Callable[[dict[str, Any]], object]

HEAD = (
    '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="g1" version="1"'
    ' standard="NewsML-G2">'
)
TYPE = '<itemMetaExtProperty type="imext:type" value="x-im/article"/>'
STATUS = '<pubStatus qcode="imext:draft" why="x"/>'
START = '<itemMetaExtProperty type="imext:pubstart" value="2026-11-01T08:00:00Z" why="w"/>'
HIDDEN = '<generator version="1">Writer</generator>'


def article(meta: str) -> str:
    """A newsItem whose itemMeta holds `meta` (and a generator the reference drops)."""
    return f"{HEAD}<itemMeta>{meta}{HIDDEN}</itemMeta></newsItem>"


BASE = (
    '<itemClass qcode="ninat:text"/><versionCreated>2026-11-01T07:00:00Z</versionCreated>'
    f"<firstCreated>2026-11-01T06:00:00Z</firstCreated>{STATUS}<title>T</title>{TYPE}{START}"
)


def saved(text: str, edit: Edit) -> str:
    """NewsML `text` dumped with its carrier, edited by `edit`, loaded (`support.carrier.saved`)
    and written."""
    return newsml.dumps(loaded(text, edit))


@pytest.mark.parametrize(
    ("edit", "old", "new"),
    [
        pytest.param(
            lambda doc: doc.update(status="done"),
            STATUS,
            '<pubStatus qcode="imext:done" why="x"/>',
            id="status: its qcode, the other attribute kept",
        ),
        pytest.param(lambda doc: doc.pop("status"), STATUS, "", id="status removed: no pubStatus"),
        pytest.param(
            lambda doc: doc.update(published="2026-11-02T09:30:00Z"),
            START,
            START.replace("2026-11-01T08:00:00Z", "2026-11-02T09:30:00Z"),
            id="publication start moved",
        ),
        pytest.param(
            lambda doc: doc.update(unpublished="2026-12-01T00:00:00Z"),
            START,
            START + '<itemMetaExtProperty type="imext:pubstop" value="2026-12-01T00:00:00Z"/>',
            id="publication stop set: after the last ext property",
        ),
        pytest.param(
            lambda doc: doc.update(modified="2026-11-03T10:00:00Z"),
            "<versionCreated>2026-11-01T07:00:00Z</versionCreated>",
            "<versionCreated>2026-11-03T10:00:00Z</versionCreated>",
            id="modified",
        ),
    ],
)
def test_a_field_changed_is_written_where_the_document_reads_it(
    ways: list[str], edit: Edit, old: str, new: str
) -> None:
    """Only the node that says the field changes; the generator and the rest stay."""
    source = article(BASE)
    back = saved(source, edit)
    assert ["anchored"] == ways
    assert canonical(source.replace(old, new)) == canonical(back)


def test_a_status_set_where_none_was_goes_where_the_reference_writes_it(
    ways: list[str],
) -> None:
    """No pubStatus: the new one after versionCreated and firstCreated, before the title."""
    source = article(BASE.replace(STATUS, ""))
    back = saved(source, lambda doc: doc.update(status="done"))
    assert ["anchored"] == ways
    made = '<pubStatus qcode="imext:done"/>'
    expected = source.replace("</firstCreated>", "</firstCreated>" + made)
    assert canonical(expected) == canonical(back)


def test_a_status_change_with_a_block_edit_keeps_both(ways: list[str]) -> None:
    """The status and a new note in one save: both shown, the generator kept."""

    def edit(doc: dict[str, Any]) -> None:
        doc["status"] = "done"
        doc.setdefault("meta", []).append(
            {"type": "x-im/note", "id": "0", "data": {"text": "Check"}}
        )

    back = saved(article(BASE), edit)
    assert ["anchored"] == ways
    assert ('qcode="imext:done"', "<edNote>Check</edNote>", HIDDEN) == tuple(
        part for part in ('qcode="imext:done"', "<edNote>Check</edNote>", HIDDEN) if part in back
    )


def test_another_field_changed_declines(ways: list[str]) -> None:
    """The provider changed (not a field this way writes): the patch way, still right."""
    source = article(BASE.replace(STATUS, STATUS + '<provider literal="A"/>'))
    back = saved(source, lambda doc: doc.update(provider="B"))
    assert ["patch"] == ways
    assert 'literal="B"' in back


def test_a_planning_items_status_is_written_as_a_newsitems(ways: list[str]) -> None:
    """A planning item reads its status from itemMeta's pubStatus too: only its qcode
    changes, the coverage's <planning> (which the reference drops) stays."""
    source = fixture_text("kind-planningitem.xml")
    back = saved(source, lambda doc: doc.update(status="done"))
    assert ["anchored"] == ways
    assert '<pubStatus qcode="imext:done"/>' in back
    assert "<g2contentType>text/plain</g2contentType>" in back


PROPS = (
    '<itemMetaExtProperty type="imext:haspublishedversion" value="false" extra="e"/>'
    '<itemMetaExtProperty type="x:kept" value="k"/>'
)


def _set_property(name: str, value: str | None) -> Edit:
    """The Writer's setExtProperty (`value` None: deleteExtProperty), as the document shows it."""

    def edit(doc: dict[str, Any]) -> None:
        kept = [p for p in doc.get("properties") or () if p.get("name") != name]
        added = [] if value is None else [{"name": name, "value": value}]
        carrier = [p for p in kept if p.get("name") == document.CARRIER_PROPERTY]
        rest = [p for p in kept if p.get("name") != document.CARRIER_PROPERTY]
        doc["properties"] = sorted([*rest, *added], key=lambda p: p["name"]) + carrier

    return edit


@pytest.mark.parametrize(
    ("edit", "old", "new"),
    [
        pytest.param(
            _set_property("imext:haspublishedversion", "true"),
            'value="false" extra="e"',
            'value="true" extra="e"',
            id="a value: its other attribute kept",
        ),
        pytest.param(
            _set_property("x:kept", None),
            '<itemMetaExtProperty type="x:kept" value="k"/>',
            "",
            id="removed",
        ),
        pytest.param(
            _set_property("x:new", "n"),
            '<itemMetaExtProperty type="x:kept" value="k"/>',
            '<itemMetaExtProperty type="x:kept" value="k"/>'
            '<itemMetaExtProperty type="x:new" value="n"/>',
            id="added after the last ext property",
        ),
    ],
)
def test_a_property_changed_is_written_into_its_ext_property(
    ways: list[str], edit: Edit, old: str, new: str
) -> None:
    """The Writer's setExtProperty and deleteExtProperty: only that ext property changes."""
    source = article(BASE + PROPS)
    back = saved(source, edit)
    assert ["anchored"] == ways
    assert canonical(source.replace(old, new)) == canonical(back)


def test_a_property_read_from_an_element_declines(ways: list[str]) -> None:
    """The filename property comes from itemMeta's <fileName>: the patch way writes it."""
    source = article(BASE.replace(STATUS, "<fileName>a.jpg</fileName>" + STATUS))
    back = saved(source, _set_property("filename", "b.jpg"))
    assert ["patch"] == ways
    assert "<fileName>b.jpg</fileName>" in back


def with_body(meta: str, content_meta: str) -> str:
    """A newsItem with `meta`, a contentMeta holding `content_meta` and a one-paragraph body."""
    return (
        f"{HEAD}<itemMeta>{meta}{HIDDEN}</itemMeta><contentMeta>{content_meta}</contentMeta>"
        '<contentSet><inlineXML><idf xmlns="http://www.infomaker.se/idf/1.0" xml:lang="sv"'
        ' dir="ltr"><group type="body"><element id="p1" type="body">Hej</element></group>'
        "</idf></inlineXML></contentSet></newsItem>"
    )


def test_a_language_changed_is_written_on_the_body(ways: list[str]) -> None:
    """The Writer's setLanguage: the idf's xml:lang, its dir kept."""
    source = with_body(BASE, "")
    back = saved(source, lambda doc: doc.update(language="en"))
    assert ["anchored"] == ways
    assert canonical(source.replace('xml:lang="sv"', 'xml:lang="en"')) == canonical(back)


def test_a_content_meta_text_property_changed_keeps_its_attributes(ways: list[str]) -> None:
    """The slugline property comes from contentMeta's <slugline>: its text changes, its
    attribute stays."""
    source = with_body(BASE, '<slugline xml:lang="sv">Gammal</slugline>')
    back = saved(source, _set_property("slugline", "Ny"))
    assert ["anchored"] == ways
    assert canonical(source.replace(">Gammal<", ">Ny<")) == canonical(back)


def test_a_packages_status_and_times_are_its_own_elements(ways: list[str]) -> None:
    """A package's status and publication stop are the text of its own <pubStatus> and
    <pubStop> (and its itemMeta's pubStatus, which dump reads after the package's own, says
    the status too): only those change, the rest of the package as it was."""
    source = fixture_text("kind-package.xml")

    def edit(doc: dict[str, Any]) -> None:
        doc["status"] = "draft"
        doc["unpublished"] = "2024-03-13T23:00:00Z"

    back = saved(source, edit)
    assert ["anchored"] == ways
    expected = source.replace("<pubStatus>public</pubStatus>", "<pubStatus>draft</pubStatus>")
    expected = expected.replace(
        "<pubStop>2024-03-12T23:00:00+01:00</pubStop>", "<pubStop>2024-03-13T23:00:00Z</pubStop>"
    ).replace('<pubStatus qcode="stat:usable"/>', '<pubStatus qcode="imext:draft"/>')
    assert canonical(expected) == canonical(back)


def test_a_package_status_the_reference_cannot_write_declines(ways: list[str]) -> None:
    """A status a package cannot hold ("done"): the patch way, as the reference loads it (no
    error from the anchored way's check)."""
    doc = document.dump(newsml.loads(fixture_text("kind-package.xml")))
    doc["status"] = "done"
    back = newsml.dumps(document.load(doc))
    assert ["patch"] == ways
    assert "<pubStatus>public</pubStatus>" not in back


@pytest.mark.parametrize("fixture", ["kind-list.xml", "kind-concept-story.xml"])
def test_a_lists_or_a_concepts_status_is_its_itemmeta_pubstatus(
    ways: list[str], fixture: str
) -> None:
    """A list and a concept read their status from itemMeta's pubStatus as a newsItem does:
    only its qcode changes (made where the reference writes it when missing)."""
    source = fixture_text(fixture)
    back = saved(source, lambda doc: doc.update(status="canceled"))
    assert ["anchored"] == ways
    assert '<pubStatus qcode="stat:canceled"/>' in back
    assert 1 == back.count("<pubStatus")


def test_an_assignments_status_is_its_own_ext_property(ways: list[str]) -> None:
    """An assignment (a planning) reads its status from its own planningExtProperty
    imext:status: only that value changes, the rest of the planning as it was."""
    source = fixture_text("kind-assignment-dated.xml")
    old = '<planningExtProperty type="imext:status" value="draft"/>'
    back = saved(source, lambda doc: doc.update(status="done"))
    assert ["anchored"] == ways
    assert canonical(source.replace(old, old.replace("draft", "done"))) == canonical(back)


def _first_property(name: str, value: str) -> Edit:
    """A property put first, as a concept's document shows itemMeta's before contentMeta's
    (its properties are not sorted)."""

    def edit(doc: dict[str, Any]) -> None:
        doc["properties"].insert(0, {"name": name, "value": value})

    return edit


@pytest.mark.parametrize(
    ("fixture", "last", "edit"),
    [
        (
            "kind-planningitem.xml",
            "nrpdate:modified",
            _set_property("imext:haspublishedversion", "true"),
        ),
        ("kind-list.xml", "imext:path", _set_property("imext:haspublishedversion", "true")),
        # its two definitions: one name said twice, left as it is
        (
            "kind-concept-story.xml",
            "imext:type",
            _first_property("imext:haspublishedversion", "true"),
        ),
    ],
)
def test_a_planning_items_a_lists_or_a_concepts_property_is_an_ext_property(
    ways: list[str], fixture: str, last: str, edit: Edit
) -> None:
    """The Writer's setHasPublishedVersion on a planning item, a list or a concept: they read
    itemMeta's ext properties as a newsItem does, so the property is written the anchored way,
    after the last ext property, and the rest stays as it was."""
    source = fixture_text(fixture)
    back = saved(source, edit)
    assert ["anchored"] == ways
    at = source.index(f'type="{last}"')
    at = source.index("/>", at) + len("/>")
    added = '<itemMetaExtProperty type="imext:haspublishedversion" value="true"/>'
    assert canonical(source[:at] + added + source[at:]) == canonical(back)


def test_a_property_beside_a_name_said_twice_is_written_the_anchored_way(
    ways: list[str],
) -> None:
    """Two descriptions (one property name twice, which an ext property cannot say) left as
    they are do not stop a property changed beside them from being written the anchored way."""
    descriptions = (
        '<description role="drol:caption">One</description>'
        '<description role="drol:teaser">Two</description>'
    )
    source = with_body(BASE + PROPS, descriptions)
    back = saved(source, _set_property("imext:haspublishedversion", "true"))
    assert ["anchored"] == ways
    assert canonical(source.replace('value="false" extra="e"', 'value="true" extra="e"')) == (
        canonical(back)
    )


def test_a_name_said_twice_changed_declines(ways: list[str]) -> None:
    """One of two descriptions changed: no single element says the property, the patch
    way writes it."""
    descriptions = (
        '<description role="drol:caption">One</description>'
        '<description role="drol:teaser">Two</description>'
    )
    source = with_body(BASE, descriptions)

    def edit(doc: dict[str, Any]) -> None:
        for prop in doc["properties"]:
            if prop.get("value") == "Two":
                prop["value"] = "Three"

    back = saved(source, edit)
    assert ["patch"] == ways
    assert '<description role="drol:teaser">Three</description>' in back
