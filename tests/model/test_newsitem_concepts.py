"""Stories, categories, content profiles, concept sections, concept lookups (description §4.5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import support

import newsml_model as nm
from newsml_codecs import newsml
from newsml_model import newsitem

FULL = newsml.loads(support.fixture_text("article-full.xml"))
BARE = newsml.loads(support.fixture_text("api-bare.xml"))
VOLVO = "b201e042-555b-11e5-885d-feff819cdc9f"
STORY = "7b6a0c52-1f6e-4f43-8c0b-3e1a7b9d2f10"

ADDERS: list[tuple[Callable[..., nm.Change], str, str, type[Any]]] = [
    (newsitem.add_story, "x-im/story", "story", nm.Story),
    (newsitem.add_category, "x-im/category", "category", nm.Category),
    (newsitem.add_content_profile, "x-im/content-profile", "contentprofile", nm.ContentProfile),
]


@pytest.mark.parametrize(("add", "type", "label", "record"), ADDERS)
def test_adder_appends_subject_link_with_event(
    add: Callable[..., nm.Change], type: str, label: str, record: type[Any]
) -> None:
    """title, uuid, rel subject, the type; event <label>/add with the argument, no node."""
    change = add(FULL, "p", {"uuid": "n-1", "title": "Ny"})
    assert FULL.item_meta is not None and change.item.item_meta is not None
    assert (
        nm.Link(title="Ny", uuid="n-1", rel="subject", type=type) == change.item.item_meta.links[-1]
    )
    data = record(uuid="n-1", title="Ny")
    assert (nm.DocumentChanged(sender="p", type=label, action="add", data=data),) == change.events


@pytest.mark.parametrize(("add", "type", "label", "record"), ADDERS)
def test_adder_skips_a_linked_uuid_whatever_its_type(
    add: Callable[..., nm.Change], type: str, label: str, record: type[Any]
) -> None:
    """Any itemMeta link with the uuid (here a topic) makes the adder a silent no-op; idempotent."""
    change = add(FULL, "p", {"uuid": VOLVO, "title": "X"})
    assert (FULL, ()) == (change.item, change.events)
    once = add(BARE, "p", {"uuid": "n-1", "title": "Ny"}).item
    assert once == add(once, "p", {"uuid": "n-1", "title": "Ny"}).item


@pytest.mark.parametrize(("add", "type", "label", "record"), ADDERS)
def test_adder_requires_uuid_and_title(
    add: Callable[..., nm.Change], type: str, label: str, record: type[Any]
) -> None:
    """uuid and title are both required (description §2.5)."""
    with pytest.raises(nm.InvalidArgumentError) as raised:
        add(FULL, "p", {"uuid": "n-1"})
    assert f"{label}.title" == raised.value.field


def test_getters_by_type() -> None:
    """Stories, categories, profiles and concept sections are child links of one type, any rel."""
    assert ["Vinterväglag"] == [link.title for link in newsitem.get_stories(FULL)]
    assert ["Trafik"] == [link.title for link in newsitem.get_categories(FULL)]
    assert () == newsitem.get_content_profiles(FULL)
    assert () == newsitem.get_concept_sections(FULL)
    item = newsitem.add_link(
        BARE, "p", {"@type": "x-im/section", "@uuid": "s", "@rel": "subject"}
    ).item
    assert ["s"] == [link.uuid for link in newsitem.get_concept_sections(item)]


@pytest.mark.parametrize(
    ("update", "label"),
    [(newsitem.update_story, "story"), (newsitem.update_content_profile, "contentprofile")],
)
def test_updater_sets_only_the_title(update: Callable[..., nm.Change], label: str) -> None:
    """The first link with the uuid (any type) gets the new title; event <label>/update."""
    change = update(FULL, "p", {"uuid": STORY, "title": "Halka"})
    before = newsitem.get_concept_by_uuid(FULL, STORY)
    after = newsitem.get_concept_by_uuid(change.item, STORY)
    assert before is not None and after is not None
    assert ("Halka", before.rel, before.type) == (after.title, after.rel, after.type)
    assert (label, "update") == (change.events[0].type, change.events[0].action)  # type: ignore[union-attr]
    with pytest.raises(nm.NotFoundError, match=r"^Could not find linkNode with UUID: nope$"):
        update(FULL, "p", {"uuid": "nope", "title": "X"})


def test_deprecated_profile_aliases() -> None:
    """add/update_concept_profile warn and behave as the content-profile methods."""
    with pytest.warns(DeprecationWarning):
        added = newsitem.add_concept_profile(FULL, "p", {"uuid": "cp", "title": "P"})
    assert added == newsitem.add_content_profile(FULL, "p", {"uuid": "cp", "title": "P"})
    with pytest.warns(DeprecationWarning):
        updated = newsitem.update_concept_profile(added.item, "p", {"uuid": "cp", "title": "Q"})
    assert ["Q"] == [link.title for link in newsitem.get_content_profiles(updated.item)]


def test_get_concept_by_uuid() -> None:
    """The first itemMeta link with the uuid, or None (D18)."""
    found = newsitem.get_concept_by_uuid(FULL, VOLVO)
    assert found is not None and "Volvo" == found.title
    assert newsitem.get_concept_by_uuid(FULL, "nope") is None


def test_get_concept_by_uuid_ignores_the_letter_case_of_a_uuid() -> None:
    """An upper-case UUID finds the link written in lower case, returned as written."""
    found = newsitem.get_concept_by_uuid(FULL, VOLVO.upper())
    assert found is not None
    assert ("Volvo", VOLVO) == (found.title, found.uuid)


def test_get_concept_by_uuid_compares_other_strings_exactly() -> None:
    """A string that is not a UUID is compared as it is: "CP" does not find "cp"."""
    added = newsitem.add_story(FULL, "p", {"uuid": "cp", "title": "Story"})
    assert "cp" == newsitem.get_concept_by_uuid(added.item, "cp").uuid  # type: ignore[union-attr]
    assert newsitem.get_concept_by_uuid(added.item, "CP") is None
