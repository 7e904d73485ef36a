"""Whole-article methods (description §4.3; spec §6.1) and the pure save (D16)."""

from __future__ import annotations

import attrs
import pytest
import support

import newsml_model as nm
from newsml_codecs import newsml
from newsml_model import newsitem

FULL = newsml.loads(support.fixture_text("article-full.xml"))
BARE = newsml.loads(support.fixture_text("api-bare.xml"))


def test_guid() -> None:
    """get_guid reads the root guid; set_guid writes it; None clears (D5); no event."""
    assert "5c3b1f0e-8d2a-4c1b-9a7e-2f4d6b8a0c11" == newsitem.get_guid(FULL)
    change = newsitem.set_guid(FULL, "new")
    assert ("new", ()) == (newsitem.get_guid(change.item), change.events)
    assert 'guid="new"' in newsml.dumps(change.item)
    assert newsitem.get_guid(newsitem.set_guid(FULL, None).item) is None


def test_temporary_id_and_id_for_article() -> None:
    """has_temporary_id iff one is set (D6); the id for the article prefers it."""
    assert (None, False) == (newsitem.get_temporary_id(FULL), newsitem.has_temporary_id(FULL))
    assert newsitem.get_guid(FULL) == newsitem.get_id_for_article(FULL)
    change = newsitem.set_temporary_id(FULL, "tmp")
    assert ("tmp", True, "tmp", ()) == (
        newsitem.get_temporary_id(change.item),
        newsitem.has_temporary_id(change.item),
        newsitem.get_id_for_article(change.item),
        change.events,
    )
    assert newsitem.get_temporary_id(newsitem.set_temporary_id(change.item, "").item) is None
    assert newsml.dumps(FULL) == newsml.dumps(change.item)  # editor state is never written


def test_replace_source_keeps_the_etag() -> None:
    """replace_source returns the new item with the etag, no event (D15)."""
    change = newsitem.replace_source(FULL, BARE, "W/1")
    assert (attrs.evolve(BARE, etag="W/1"), ()) == (change.item, change.events)
    with pytest.raises(nm.InvalidArgumentError) as raised:
        newsitem.replace_source(FULL, "<newsItem/>")  # type: ignore[arg-type]
    assert "source" == raised.value.field


def test_set_source_is_a_deprecated_alias() -> None:
    """set_source(item, news_ml, None, etag) warns and replaces."""
    with pytest.warns(DeprecationWarning):
        change = newsitem.set_source(FULL, BARE, None, "e")
    assert "e" == change.item.etag


def test_invalidate() -> None:
    """Marks the item invalid; DocumentInvalidated from __internal; the XML is unchanged."""
    change = newsitem.invalidate(FULL)
    assert (True, (nm.DocumentInvalidated(sender="__internal"),)) == (
        change.item.invalid,
        change.events,
    )
    assert newsml.dumps(FULL) == newsml.dumps(change.item)


def test_legacy_article_id_and_dates() -> None:
    """npext:articleid (D13) and the four dates as written; None when absent."""
    assert "112233" == newsitem.get_legacy_article_id(FULL)
    assert newsitem.get_legacy_article_id(BARE) is None
    assert ("2024-03-05T10:15:30+01:00", "2024-03-05T09:00:00Z") == (
        newsitem.get_version_created(FULL),
        newsitem.get_first_created(FULL),
    )
    assert ("2024-03-05T09:00:00Z", "2024-03-05T10:15:30+01:00") == (
        newsitem.get_content_created(FULL),
        newsitem.get_content_modified(FULL),
    )
    assert (None, None, None) == (
        newsitem.get_first_created(BARE),
        newsitem.get_content_created(BARE),
        newsitem.get_content_modified(BARE),
    )


def test_get_organisation() -> None:
    """The first x-imid/organisation link and its units, nested or beside, in order (D14)."""
    assert nm.Organisation() == newsitem.get_organisation(FULL)  # x-im/organisation is a topic
    assert nm.Organisation() == newsitem.get_organisation(BARE)
    org = {
        "@type": "x-imid/organisation",
        "@uuid": "o1",
        "@rel": "subject",
        "links": {"link": [{"@type": "x-imid/unit", "@uuid": "u1"}]},
    }
    item = newsitem.add_link(BARE, "p", {"@type": "x-imid/unit", "@uuid": "u0"}).item
    item = newsitem.add_link(item, "p", org).item
    item = newsitem.add_link(item, "p", {"@type": "x-imid/unit", "@uuid": "u2"}).item
    found = newsitem.get_organisation(item)
    assert found.organisation is not None and "o1" == found.organisation.uuid
    assert ["u0", "u1", "u2"] == [unit.uuid for unit in found.units]


def test_ed_note() -> None:
    """get reads the first edNote ("" when none); set changes it in place (D23); empty removes."""
    assert "Kolla fakta med polisen" == newsitem.get_ed_note(FULL)
    assert "" == newsitem.get_ed_note(BARE)
    change = newsitem.set_ed_note(FULL, "Ny notis")
    assert "Ny notis" == newsitem.get_ed_note(change.item)
    created = newsitem.set_ed_note(BARE, "Ny notis").item.item_meta
    assert created is not None
    assert nm.Element(name="edNote", children=("Ny notis",)) == created.children[-1]
    assert (
        nm.DocumentChanged(sender="", type="edNote", action="set", data="Ny notis"),
    ) == change.events
    removed = newsitem.set_ed_note(FULL, "")
    assert ("Ingen bild på föraren", ()) == (newsitem.get_ed_note(removed.item), removed.events)
    assert (BARE, ()) == (
        newsitem.set_ed_note(BARE, None).item,
        newsitem.set_ed_note(BARE, None).events,
    )


def test_set_ed_note_creates_in_itemmeta_namespace() -> None:
    """A new edNote is appended last in itemMeta, in its namespace (R1, R2)."""
    xml = newsml.dumps(newsitem.set_ed_note(BARE, "Hej").item)
    assert (
        "<versionCreated>2024-01-01T00:00:00Z</versionCreated><edNote>Hej</edNote></itemMeta>"
        in xml
    )


def test_set_ed_note_type_check() -> None:
    """Neither string nor None: the Writer's message."""
    with pytest.raises(nm.InvalidArgumentError, match="Argument is not of type string or null"):
        newsitem.set_ed_note(FULL, 5)  # type: ignore[arg-type]


def test_has_published_version() -> None:
    """Read true only for "true"; set writes the correct spelling (D1), event with the value."""
    assert newsitem.get_has_published_version(FULL) is False
    change = newsitem.set_has_published_version(FULL, "p", True)
    assert newsitem.get_has_published_version(change.item) is True
    assert "true" == newsitem.get_ext_property(change.item, "itemMeta", "imext:haspublishedversion")
    assert (
        nm.DocumentChanged(sender="p", type="hasPublishedVersion", action="set", data=True),
    ) == change.events
    created = newsitem.set_has_published_version(BARE, "p", False).item
    assert (
        '<itemMetaExtProperty type="imext:haspublishedversion" value="false"/></itemMeta>'
        in newsml.dumps(created)
    )


def test_has_published_version_reads_the_misspelling() -> None:
    """The description's `imext:haspublihedversion` is read too (D1) and updated in place."""
    typo = newsitem.set_ext_property(BARE, "p", "itemMeta", "imext:haspublihedversion", "true").item
    assert newsitem.get_has_published_version(typo) is True
    changed = newsitem.set_has_published_version(typo, "p", False).item
    assert newsitem.get_has_published_version(changed) is False


def test_save_valid_item() -> None:
    """A valid item: the same item and DocumentValidated with no problems (D16)."""
    change = newsitem.save(FULL)
    assert (FULL, (nm.DocumentValidated(problems=()),)) == (change.item, change.events)


def test_save_reports_problems() -> None:
    """Each failed model check is one problem message."""
    # set_pub_start refuses "tomorrow" (issue 21); a loaded item may still hold it.
    item = nm.NewsItem(
        children=(nm.ItemMeta(children=(nm.ExtProperty(type="imext:pubstart", value="tomorrow"),)),)
    )
    item = newsitem.invalidate(item).item
    (event,) = newsitem.save(item).events
    assert isinstance(event, nm.DocumentValidated)
    assert [
        "itemMeta > itemClass with a qcode is missing",
        "the item has neither a guid nor a temporary id",
        "the item was marked invalid",
        "pubStart is not an ISO 8601 timestamp: 'tomorrow'",
    ] == list(event.problems)


def test_save_pub_stop_before_start() -> None:
    """pubStop earlier than pubStart is a problem."""
    item = newsitem.set_pub_stop(FULL, "p", {"value": "2020-01-01T00:00:00+01:00"}).item
    (event,) = newsitem.save(item).events
    assert 1 == len(event.problems)  # type: ignore[union-attr]
    assert "before pubStart" in event.problems[0]  # type: ignore[union-attr]


def test_save_corpus_articles_are_valid() -> None:
    """The reference text article passes the model checks."""
    path = support.CORPUS_NEWSITEMS / "newsitem-text.xml"
    if not path.exists():
        pytest.skip("../shared/corpus is absent")
    item = newsml.loads(path.read_bytes())
    assert () == newsitem.save(item).events[0].problems  # type: ignore[union-attr]
    assert "1d02738f-7c99-42ba-a6da-3d1b97261523" == newsitem.get_id_for_article(item)
    assert newsitem.get_has_published_version(item) is True


def test_set_ed_note_then_get_returns_it_with_two_notes() -> None:
    """D23 (issue 15 item 16): with two edNotes, set changes the first in place; get returns it."""
    meta = FULL.item_meta
    assert meta is not None and 2 == len(meta.ed_notes)
    change = newsitem.set_ed_note(FULL, "Ny notis")
    assert "Ny notis" == newsitem.get_ed_note(change.item)
    before = [
        i for i, c in enumerate(meta.children) if isinstance(c, nm.Element) and c.name == "edNote"
    ]
    after_meta = change.item.item_meta
    assert after_meta is not None
    assert nm.Element(name="edNote", children=("Ny notis",)) == after_meta.children[before[0]]
    assert meta.ed_notes[1] == after_meta.ed_notes[1]


def test_get_organisation_reads_the_x_imid_types() -> None:
    """D14 (issue 15 item 17): the organisation is x-imid/organisation, units x-imid/unit."""
    org = {
        "@type": "x-imid/organisation",
        "@uuid": "o1",
        "@rel": "subject",
        "links": {"link": [{"@type": "x-imid/unit", "@uuid": "u1"}]},
    }
    item = newsitem.add_link(BARE, "p", {"@type": "x-imid/unit", "@uuid": "u0"}).item
    item = newsitem.add_link(item, "p", org).item
    found = newsitem.get_organisation(item)
    assert ("o1", ["u0", "u1"]) == (
        found.organisation.uuid if found.organisation else None,
        [unit.uuid for unit in found.units],
    )
