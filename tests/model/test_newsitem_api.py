"""The news item API as a whole: exports, enumerations, purity, argument checks."""

from __future__ import annotations

import inspect
import warnings
from typing import Any

import pytest
import support

import newsml_model as nm
from newsml_codecs import newsml
from newsml_model import newsitem

FULL = newsml.loads(support.fixture_text("article-full.xml"))
BARE = newsml.loads(support.fixture_text("api-bare.xml"))

UUID = "b201e042-555b-11e5-885d-feff819cdc9f"  # the Volvo topic of article-full.xml
LINK = {"@rel": "subject", "@type": "x-im/topic", "@uuid": "new-uuid", "@title": "New"}

# One valid call per mutator: the arguments after `item`.
CALLS: dict[str, tuple[Any, ...]] = {
    "add_author": ("p", {"name": "A", "uuid": "au-1"}),
    "add_category": ("p", {"uuid": "c-1", "title": "C"}),
    "add_channel": ("p", {"qcode": "imchn:x"}, True),
    "add_concept_profile": ("p", {"uuid": "cp-1", "title": "P"}),
    "add_content_meta_link": ("p", LINK),
    "add_content_profile": ("p", {"uuid": "cp-1", "title": "P"}),
    "add_link": ("p", LINK),
    "add_location": ("p", {"uuid": "l-1", "title": "L", "data": {"position": "POINT(1 2)"}}),
    "add_simple_author": ("p", "Anna"),
    "add_story": ("p", {"uuid": "s-1", "title": "S"}),
    "add_tag": ("p", {"uuid": "t-1", "name": ["T"], "imType": ["x-im/topic"]}),
    "create_extended_geo_link": ([{"ConceptName": "G", "uuid": "g-1"}],),
    "create_news_priority": ("p", {"@id": "np", "@type": "x-im/newsvalue", "data": {"score": "2"}}),
    "delete_ext_property": ("p", "itemMeta", "imext:type"),
    "invalidate": (),
    "remove_all_links_by_type": ("p", "x-im/author"),
    "remove_author_by_title": ("p", "Jane Doe"),
    "remove_author_by_uuid": ("p", "bad4314c-7e33-11e5-8bcf-feff819cdc9f"),
    "remove_channel": ("p", "imchn:news"),
    "remove_content_meta_object": ("p", "8400c74d665x"),
    "remove_link_by_uri": ("p", "im://user/1"),
    "remove_link_by_uuid": ("p", UUID),
    "remove_link_by_uuid_and_rel": ("p", UUID, "subject"),
    "remove_link_content_meta_by_type_and_matching_filter": (
        "p",
        "x-im/premium",
        lambda link: True,
    ),
    "remove_link_content_meta_by_type_and_rel": ("p", "x-im/premium", "premium"),
    "remove_pub_start": ("p",),
    "remove_pub_stop": ("p",),
    "remove_section": ("p", {"qcode": "imsection:local"}),
    "replace_source": (BARE, "etag-1"),
    "save": (),
    "set_content_meta_object": ("p", {"@id": "o1", "@type": "x-im/x", "data": {"a": "1"}}),
    "set_ed_note": ("Note",),
    "set_ext_property": ("p", "contentMeta", "imext:x", "1"),
    "set_guid": ("g-2",),
    "set_has_published_version": ("p", True),
    "set_language": ("p", "en_GB", "ltr"),
    "set_news_priority": ("p", {"@id": "np", "@type": "x-im/newsvalue", "data": {"score": "5"}}),
    "set_pub_start": ("p", {"value": "2024-05-01T00:00:00Z"}),
    "set_pub_status": ("p", {"qcode": "stat:usable"}),
    "set_pub_stop": ("p", {"value": "2024-06-01T00:00:00Z"}),
    "set_source": (BARE, None, "etag-1"),
    "set_temporary_id": ("tmp-1",),
    "update_author_with_uuid": (
        "p",
        "bad4314c-7e33-11e5-8bcf-feff819cdc9f",
        {"name": "J", "phone": "1"},
    ),
    "update_concept": ("p", {"uuid": UUID, "name": "Volvo AB", "type": "x-im/topic"}, {}),
    "update_concept_data": ({"uuid": UUID, "name": "V", "articleData": {"a": "b"}},),
    "update_concept_profile": ("p", {"uuid": UUID, "title": "T"}),
    "update_content_profile": ("p", {"uuid": UUID, "title": "T"}),
    "update_link_rel": ("p", {"uuid": UUID, "rel": "about"}),
    "update_location": ("p", {"uuid": "bce38dda-555b-11e5-885d-feff819cdc9f", "title": "L"}),
    "update_relational_links": (
        "broader",
        {"uuid": "x", "name": "X"},
        UUID,
        {"ConceptName": "name"},
    ),
    "update_section": ("p", {"qcode": "imsection:new", "name": "New"}),
    "update_story": ("p", {"uuid": UUID, "title": "T"}),
    "update_tag": ("p", UUID, {"name": ["T"], "imType": ["x-im/topic"]}),
}
DEPRECATED = {"add_concept_profile", "update_concept_profile", "set_source"}


def call(name: str, item: nm.NewsItem) -> nm.Change:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        result: nm.Change = getattr(newsitem, name)(item, *CALLS[name])
    return result


def test_all_is_sorted_and_complete() -> None:
    """`__all__` is sorted and lists exactly the public functions plus the two name lists."""
    public = sorted(
        name
        for name, value in vars(newsitem).items()
        if inspect.isfunction(value) and not name.startswith("_")
    )
    assert sorted(newsitem.__all__) == newsitem.__all__
    assert sorted([*public, "GETTERS", "MUTATORS"]) == sorted(newsitem.__all__)


def test_ninety_methods_split_into_mutators_and_getters() -> None:
    """Every description method exists once, as a mutator or as a getter."""
    assert 90 == len(newsitem.MUTATORS) + len(newsitem.GETTERS)
    assert set() == set(newsitem.MUTATORS) & set(newsitem.GETTERS)
    assert set(CALLS) == set(newsitem.MUTATORS)


def test_item_comes_first() -> None:
    """Every function takes `item` as its first parameter."""
    for name in (*newsitem.MUTATORS, *newsitem.GETTERS):
        first = next(iter(inspect.signature(getattr(newsitem, name)).parameters))
        assert "item" == first, name


@pytest.mark.parametrize("name", sorted(CALLS))
def test_mutator_returns_change_and_leaves_input_unchanged(name: str) -> None:
    """Each mutator returns a Change and never modifies the item it was given."""
    before = newsml.loads(support.fixture_text("article-full.xml"))
    assert FULL == before
    change = call(name, before)
    assert isinstance(change, nm.Change)
    assert isinstance(change.item, nm.NewsItem)
    assert FULL == before
    hash(change)  # events and items are hashable values


@pytest.mark.parametrize("name", sorted(CALLS))
def test_mutator_result_round_trips_through_newsml(name: str) -> None:
    """What a mutator builds is what the NewsML reader reads back from its output."""
    item = call(name, FULL).item
    reread = newsml.loads(newsml.dumps(item))
    assert attrs_free(reread) == attrs_free(item)


def attrs_free(item: nm.NewsItem) -> nm.NewsItem:
    """The item without editor state (which no codec writes)."""
    import attrs

    return attrs.evolve(item, temporary_id=None, etag=None, invalid=False)


@pytest.mark.parametrize("name", sorted(DEPRECATED))
def test_deprecated_aliases_warn(name: str) -> None:
    """The three deprecated methods emit DeprecationWarning and still work."""
    with pytest.warns(DeprecationWarning, match="deprecated"):
        change = getattr(newsitem, name)(FULL, *CALLS[name])
    assert isinstance(change, nm.Change)


@pytest.mark.parametrize("name", sorted(newsitem.MUTATORS + newsitem.GETTERS))
def test_not_an_item_is_an_invalid_argument(name: str) -> None:
    """Passing something that is not a NewsItem raises InvalidArgumentError naming `item`."""
    args = CALLS.get(name, ())
    if name in GETTER_CALLS:
        args = GETTER_CALLS[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with pytest.raises(nm.InvalidArgumentError) as raised:
            getattr(newsitem, name)({"not": "an item"}, *args)
    assert "item" == raised.value.field


GETTER_CALLS: dict[str, tuple[Any, ...]] = {
    "get_concept_by_uuid": (UUID,),
    "get_content_meta_link_by_type": ("x-im/image",),
    "get_content_meta_object_by_id": ("m1",),
    "get_content_meta_objects_by_type": ("x-im/teaser",),
    "get_ext_property": ("itemMeta", "imext:type"),
    "get_link_by_type": ("x-im/image",),
    "get_link_by_type_and_rel": ("x-im/author", "author"),
    "get_links_by_type": (["x-im/topic"],),
    "get_tags": (["x-im/topic"],),
}


@pytest.mark.parametrize("name", sorted(newsitem.GETTERS))
def test_getters_work_on_a_bare_item(name: str) -> None:
    """Getters never crash on an item missing links, metadata, services or idf (D12)."""
    result = getattr(newsitem, name)(BARE, *GETTER_CALLS.get(name, ()))
    assert result in ((), None, False, "", "bare-1", "2024-01-01T00:00:00Z", nm.Organisation())


BAD_VALUES = [42, 4.5, ["x"], {"x": 1}, object()]


@pytest.mark.parametrize("name", sorted(CALLS))
def test_bad_arguments_raise_only_documented_errors(name: str) -> None:
    """Replacing any argument by a value of the wrong type gives a library error, never a crash."""
    args = CALLS[name]
    for position in range(len(args)):
        for bad in BAD_VALUES:
            mangled = (*args[:position], bad, *args[position + 1 :])
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", DeprecationWarning)
                    getattr(newsitem, name)(FULL, *mangled)
            except nm.NewsItemError:
                pass


def test_add_channel_with_a_number_names_the_channel() -> None:
    """`add_channel(item, name, 42)` is an InvalidArgumentError about `channel`."""
    with pytest.raises(nm.InvalidArgumentError) as raised:
        newsitem.add_channel(FULL, "p", 42)  # type: ignore[arg-type]
    assert "channel" == raised.value.field


def test_then_chains_changes_and_concatenates_events() -> None:
    """`change.then` applies the next function and keeps every event in order."""
    change = newsitem.set_pub_status(FULL, "p", {"qcode": "stat:usable"}).then(
        newsitem.add_category, "q", {"uuid": "c-9", "title": "Nio"}
    )
    assert ["pubStatus", "category"] == [e.type for e in change.events]  # type: ignore[union-attr]
    assert "stat:usable" == newsitem.get_pub_status(change.item).qcode  # type: ignore[union-attr]
    assert "Nio" == newsitem.get_categories(change.item)[-1].title


@pytest.mark.parametrize("path", support.corpus_params())
def test_every_mutator_on_the_corpus_keeps_the_input(path: Any) -> None:
    """On the reference corpus, every mutator leaves its input unchanged and yields writable XML."""
    original = newsml.loads(path.read_bytes())
    copy = newsml.loads(path.read_bytes())
    for name in sorted(CALLS):
        try:
            change = call(name, copy)
        except nm.NotFoundError:
            continue  # the corpus lacks the target the call names
        newsml.dumps(change.item)
    assert original == copy


OTHER_KINDS = ["ConceptItem", "PlanningItem", "Planning", "ItemList", "Package"]


@pytest.mark.parametrize("kind", OTHER_KINDS)
def test_other_item_kinds_are_refused_naming_the_kind(kind: str) -> None:
    """Every API function given another item kind raises InvalidArgumentError naming it (issue 11)."""
    other = getattr(nm, kind)()
    for name in (*newsitem.MUTATORS, *newsitem.GETTERS):
        args = GETTER_CALLS.get(name, CALLS.get(name, ()))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            with pytest.raises(nm.InvalidArgumentError) as raised:
                getattr(newsitem, name)(other, *args)
        assert ("item", True) == (raised.value.field, kind in str(raised.value)), name


def test_change_tells_whether_the_item_changed() -> None:
    """`Change.changed`: False for a call that did nothing, True when the item differs."""
    once = call("add_tag", FULL)
    again = newsitem.add_tag(once.item, *CALLS["add_tag"])
    assert (True, False, once.item) == (once.changed, again.changed, again.item)
    added = newsitem.add_link(FULL, "p", LINK)
    assert added.changed
    assert added.then(newsitem.remove_link_by_uuid, "p", "new-uuid").changed is False
    assert newsitem.set_ed_note(FULL, "Note").then(newsitem.set_guid, "g-3").changed
    assert nm.Change(item=FULL).changed  # built by hand: no original to compare with


@pytest.mark.parametrize("name", sorted(CALLS))
def test_every_mutator_records_its_original(name: str) -> None:
    """Each exported mutator's Change knows the item it started from."""
    assert FULL is call(name, FULL).original


RECORD_PARAMETERS = ("Author", "Category", "Channel", "ContentProfile", "ContentMetaObject")
RECORD_PARAMETERS += ("EditorConfig", "Link", "Location", "PubStatus", "PubTime", "Section")
RECORD_PARAMETERS += ("Story", "Tag")


def test_record_parameters_are_typed_to_accept_mappings() -> None:
    """A parameter taking a record takes a Writer mapping too, and says so (mypy --strict callers)."""
    missing = []
    for name in (*newsitem.MUTATORS, *newsitem.GETTERS):
        for parameter in list(inspect.signature(getattr(newsitem, name)).parameters.values())[1:]:
            annotation = str(parameter.annotation)
            if parameter.name == "concept_node":
                continue  # a link record or its uuid, never a mapping
            if (
                any(
                    f"{record} " in f"{annotation} " or f"{record} |" in annotation
                    for record in RECORD_PARAMETERS
                )
                and "Mapping[str, Any]" not in annotation
            ):
                missing.append(f"{name}({parameter.name}: {annotation})")
    assert [] == missing
