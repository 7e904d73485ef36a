"""Links and tags (description §4.7; spec §6.6): adders, updaters, getters."""

from __future__ import annotations

import pytest
import support

import newsml_model as nm
from newsml_codecs import jxon, newsml
from newsml_model import newsitem

FULL = newsml.loads(support.fixture_text("article-full.xml"))
BARE = newsml.loads(support.fixture_text("api-bare.xml"))
VOLVO = "b201e042-555b-11e5-885d-feff819cdc9f"
LINK = {"@rel": "subject", "@type": "x-im/topic", "@uuid": "new-uuid", "@title": "New"}


def item_links(item: nm.NewsItem) -> tuple[nm.Link, ...]:
    assert item.item_meta is not None
    return item.item_meta.links


def test_add_link_appends_last_with_event() -> None:
    """add_link appends the link last in itemMeta > links and emits link/add with the link."""
    change = newsitem.add_link(FULL, "plugin", LINK)
    new = nm.Link(rel="subject", type="x-im/topic", uuid="new-uuid", title="New")
    assert (*item_links(FULL), new) == item_links(change.item)
    expected = nm.DocumentChanged(sender="plugin", type="link", action="add", data=new, node=new)
    assert (expected,) == change.events


def test_add_link_writes_the_link_in_the_infomaker_namespace() -> None:
    """The written XML has the new link inside <links xmlns=IM>, after the others."""
    xml = newsml.dumps(newsitem.add_link(FULL, "p", LINK).item)
    tail = xml.split('uuid="0e0f4d5c', 1)[1]
    assert '<link rel="subject" type="x-im/topic" uuid="new-uuid" title="New"/>' in tail


def test_add_link_same_uuid_and_rel_is_a_silent_no_op() -> None:
    """A link whose uuid and rel match the first link with that uuid is not added again."""
    link = {"@uuid": VOLVO, "@rel": "subject", "@type": "x-im/topic"}
    change = newsitem.add_link(FULL, "p", link)
    assert FULL == change.item
    assert () == change.events


def test_add_link_same_uuid_other_rel_is_added() -> None:
    """Same uuid with a different rel is allowed."""
    change = newsitem.add_link(FULL, "p", {"uuid": VOLVO, "rel": "about"})
    assert ("about", VOLVO) == (item_links(change.item)[-1].rel, item_links(change.item)[-1].uuid)


def test_add_link_without_trigger_emits_nothing() -> None:
    """trigger_document_changed=False adds the link silently."""
    change = newsitem.add_link(FULL, "p", LINK, False)
    assert () == change.events
    assert "new-uuid" == item_links(change.item)[-1].uuid


def test_add_link_children_come_from_jxon() -> None:
    """Non-@ keys become child elements (data, nested links)."""
    link = {**LINK, "data": {"width": 10, "flag": True}, "links": {"link": {"@rel": "x"}}}
    new = item_links(newsitem.add_link(FULL, "p", link).item)[-1]
    assert nm.Element(name="width", children=("10",)) == new.data.children[0]  # type: ignore[union-attr]
    assert nm.Element(name="flag", children=("true",)) == new.data.children[1]  # type: ignore[union-attr]
    assert (nm.Link(rel="x"),) == new.links


def test_add_link_creates_missing_links_container() -> None:
    """Without itemMeta > links, add_link creates one in the Infomaker namespace, last (D3)."""
    change = newsitem.add_link(BARE, "p", LINK)
    meta = change.item.item_meta
    assert meta is not None
    assert isinstance(meta.children[-1], nm.Links)
    assert nm.IM == meta.children[-1].namespace
    assert (
        '<links xmlns="http://www.infomaker.se/newsml/1.0"><link rel="subject" type="x-im/topic" uuid="new-uuid" title="New"/></links></itemMeta>'
        in newsml.dumps(change.item)
    )


def test_add_link_accepts_a_record() -> None:
    """A Link record is used as is."""
    link = nm.Link(rel="subject", uuid="r-1")
    assert link == item_links(newsitem.add_link(FULL, "p", link).item)[-1]


@pytest.mark.parametrize(
    ("link", "field"),
    [
        (42, "link"),
        ({"@rel": {"x": 1}}, "link.@rel"),
        ({"bad name": "x"}, "link.bad name"),
        ({"data": [[1]]}, "link.data[0]"),
    ],
)
def test_add_link_bad_mapping_names_the_field(link: object, field: str) -> None:
    """A bad link raises InvalidArgumentError naming the field."""
    with pytest.raises(nm.InvalidArgumentError) as raised:
        newsitem.add_link(FULL, "p", link)  # type: ignore[arg-type]
    assert field == raised.value.field


def test_add_content_meta_link_always_appends() -> None:
    """add_content_meta_link has no duplicate check and always emits link/add."""
    once = newsitem.add_content_meta_link(FULL, "p", LINK)
    twice = newsitem.add_content_meta_link(once.item, "p", LINK)
    meta = twice.item.content_meta
    assert meta is not None
    assert ["new-uuid", "new-uuid"] == [link.uuid for link in meta.links[-2:]]
    assert ("link", "add") == (twice.events[0].type, twice.events[0].action)  # type: ignore[union-attr]


def test_add_content_meta_link_creates_links_last_in_content_meta() -> None:
    """Without contentMeta > links one is created (IM namespace) as the last child."""
    change = newsitem.add_content_meta_link(BARE, "p", LINK)
    assert (
        '<headline>Bare</headline><links xmlns="http://www.infomaker.se/newsml/1.0"><link'
        in newsml.dumps(change.item)
    )


def test_update_link_rel() -> None:
    """update_link_rel sets rel of the first link with the uuid; event <type>/update (D2)."""
    argument = {"uuid": VOLVO, "rel": "about", "type": "x-im/topic"}
    change = newsitem.update_link_rel(FULL, "p", argument)
    assert "about" == newsitem.get_concept_by_uuid(change.item, VOLVO).rel  # type: ignore[union-attr]
    (event,) = change.events
    assert ("x-im/topic", "update") == (event.type, event.action)  # type: ignore[union-attr]
    assert nm.Link(uuid=VOLVO, rel="about", type="x-im/topic") == event.data  # type: ignore[union-attr]


def test_update_link_rel_without_type_has_empty_event_type() -> None:
    """The Writer sends link.type (often undefined); we send ''."""
    change = newsitem.update_link_rel(FULL, "p", {"@uuid": VOLVO, "@rel": "about"})
    assert "" == change.events[0].type  # type: ignore[union-attr]


def test_update_link_rel_errors() -> None:
    """Unknown uuid: NotFoundError with the Writer's message; no uuid/rel: InvalidArgumentError."""
    with pytest.raises(nm.NotFoundError, match="Could not find linkNode with UUID: nope"):
        newsitem.update_link_rel(FULL, "p", {"uuid": "nope", "rel": "x"})
    with pytest.raises(nm.InvalidArgumentError) as raised:
        newsitem.update_link_rel(FULL, "p", {"rel": "x"})
    assert "link.uuid" == raised.value.field
    with pytest.raises(nm.InvalidArgumentError) as raised:
        newsitem.update_link_rel(FULL, "p", {"uuid": VOLVO})
    assert "link.rel" == raised.value.field


def test_get_links_by_type_document_order_and_rel() -> None:
    """Links of the listed types with rel subject, in document order, not grouped by type."""
    found = newsitem.get_links_by_type(FULL, ["x-im/place", "x-im/topic"])
    assert ["Volvo", "Linköping"] == [link.title for link in found]
    assert () == newsitem.get_links_by_type(FULL, ["x-im/story"])
    story = newsitem.get_links_by_type(FULL, ["x-im/story"], "story")
    assert ["Vinterväglag"] == [link.title for link in story]
    assert found == newsitem.get_links_by_type(FULL, ["x-im/place", "x-im/topic"], "")


def test_get_links_by_type_empty_list_and_non_list() -> None:
    """[] gives () (D12); a non-list raises the Writer's message."""
    assert () == newsitem.get_links_by_type(FULL, [])
    with pytest.raises(nm.InvalidArgumentError, match="Argument types is not of type: array"):
        newsitem.get_links_by_type(FULL, "x-im/topic")  # type: ignore[arg-type]


def test_get_tags_normalised_shape() -> None:
    """get_tags returns links whose normalised JXON is the Writer's tag shape."""
    (tag,) = newsitem.get_tags(FULL, ["x-im/topic"])
    expected = {"rel": "subject", "title": "Volvo", "type": "x-im/topic", "uuid": VOLVO}
    assert expected == jxon.dump(tag, normalize=True)
    assert () == newsitem.get_tags(FULL, [])
    assert () == newsitem.get_tags(FULL, ["x-im/person, x-im/topic"])


def test_get_tags_rejects_non_lists() -> None:
    """A string instead of a list is an InvalidArgumentError (the Writer's TypeError)."""
    with pytest.raises(nm.InvalidArgumentError):
        newsitem.get_tags(FULL, "x-im/topic")  # type: ignore[arg-type]


def test_get_link_by_type_and_rel_is_child_path_raw() -> None:
    """Child links with that type and rel; raw JXON keeps the @."""
    (channel,) = newsitem.get_link_by_type_and_rel(FULL, "x-im/channel", "mainchannel")
    assert {
        "@rel": "mainchannel",
        "@title": "Sport",
        "@type": "x-im/channel",
        "@uuid": "a0836ecc-1d4a-4ce0-b5dc-7d06ba853759",
    } == jxon.dump(channel)
    assert () == newsitem.get_link_by_type_and_rel(FULL, "x-im/channel", "channel")


def test_get_link_by_type_is_descendant() -> None:
    """get_link_by_type also finds links nested in other links (the author's avatar)."""
    found = newsitem.get_link_by_type(FULL, "x-im/image")
    assert ["9c188460-c500-11e5-9912-ba0be0483c18"] == [link.uuid for link in found]


def test_get_content_meta_link_by_type_is_descendant() -> None:
    """Content-meta links include links inside metadata objects (the teaser image)."""
    found = newsitem.get_content_meta_link_by_type(FULL, "x-im/image")
    assert ["im://image/a.jpeg"] == [link.uri for link in found]
    assert ["Premium"] == [
        link.title for link in newsitem.get_content_meta_link_by_type(FULL, "x-im/premium")
    ]


def test_add_tag_concept_search_shape() -> None:
    """The concept-search shape: title name[0], type imType[0], rel subject (D8)."""
    tag = {
        "uuid": "t-1",
        "name": ["Saab"],
        "type": ["x"],
        "typeCatalog": ["y"],
        "imType": ["x-im/organisation"],
        "inputValue": "sa",
    }
    change = newsitem.add_tag(FULL, "p", tag)
    new = nm.Link(title="Saab", uuid="t-1", rel="subject", type="x-im/organisation")
    assert new == item_links(change.item)[-1]
    data = nm.Tag(uuid="t-1", title="Saab", type="x-im/organisation")
    assert (
        nm.DocumentChanged(sender="p", type="tag", action="add", data=data, node=new),
    ) == change.events


def test_add_tag_plain_shape_and_type_fallback() -> None:
    """{title, type, uuid} works; without imType the type is type[0]."""
    plain = newsitem.add_tag(FULL, "p", {"uuid": "t-2", "title": "T", "type": "x-im/topic"})
    assert (
        nm.Link(title="T", uuid="t-2", rel="subject", type="x-im/topic")
        == item_links(plain.item)[-1]
    )
    fallback = newsitem.add_tag(FULL, "p", {"uuid": "t-3", "name": ["U"], "type": ["x-im/person"]})
    assert "x-im/person" == item_links(fallback.item)[-1].type


def test_add_tag_duplicate_uuid_is_silent() -> None:
    """A uuid any itemMeta link has already: unchanged, no event."""
    change = newsitem.add_tag(FULL, "p", {"uuid": VOLVO, "title": "Again", "type": "x-im/topic"})
    assert (FULL, ()) == (change.item, change.events)


def test_add_tag_missing_uuid_names_it() -> None:
    """A tag without uuid raises InvalidArgumentError naming tag.uuid."""
    with pytest.raises(nm.InvalidArgumentError) as raised:
        newsitem.add_tag(FULL, "p", {"name": ["X"]})
    assert "tag.uuid" == raised.value.field


def test_update_tag() -> None:
    """update_tag sets title, rel and type of the link with that uuid; event tag/update."""
    change = newsitem.update_tag(
        FULL, "p", VOLVO, {"name": ["Volvo Cars"], "imType": ["x-im/organisation"]}
    )
    updated = newsitem.get_concept_by_uuid(change.item, VOLVO)
    assert (
        nm.Link(rel="subject", type="x-im/organisation", uuid=VOLVO, title="Volvo Cars") == updated
    )
    (event,) = change.events
    assert ("tag", "update", updated) == (event.type, event.action, event.node)  # type: ignore[union-attr]


def test_update_tag_not_found() -> None:
    """update_tag of an unknown uuid: NotFoundError with the Writer's message."""
    with pytest.raises(nm.NotFoundError, match="Could not find linkNode with UUID: nope"):
        newsitem.update_tag(FULL, "p", "nope", {"title": "X"})


def test_corpus_text_article_getters() -> None:
    """On the reference text article: categories, topics and channels as the spec's examples."""
    path = support.CORPUS_NEWSITEMS / "newsitem-text.xml"
    if not path.exists():
        pytest.skip("../shared/corpus is absent")
    item = newsml.loads(path.read_bytes())
    assert ["Hedemora", "Dalarna"] == [link.title for link in newsitem.get_categories(item)]
    assert [
        {"title": "Volvo", "rel": "subject", "type": "x-im/topic", "uuid": VOLVO},
        {
            "title": "Saab",
            "rel": "subject",
            "type": "x-im/topic",
            "uuid": "14d59118-91e4-11e5-8994-feff819cdc9f",
        },
    ] == [jxon.dump(tag, normalize=True) for tag in newsitem.get_tags(item, ["x-im/topic"])]
    assert ["dd.se"] == [
        link.title for link in newsitem.get_link_by_type_and_rel(item, "x-im/channel", "channel")
    ]
