"""Content-meta objects, news priority, pubStatus (description §4.4, §4.9; spec §6.2, §6.8)."""

from __future__ import annotations

import pytest
import support

import newsml_model as nm
from newsml_codecs import jxon, newsml
from newsml_model import newsitem

FULL = newsml.loads(support.fixture_text("article-full.xml"))
BARE = newsml.loads(support.fixture_text("api-bare.xml"))
PRIORITY = {"@id": "np2", "@type": "x-im/newsvalue", "data": {"score": 5, "end": ""}}


def objects(item: nm.NewsItem) -> list[str | None]:
    assert item.content_meta is not None
    return [o.id for o in item.content_meta.metadata]


def test_get_news_priority_raw_jxon() -> None:
    """The first x-im/newsvalue object; raw JXON with string values and "" for empty (D21)."""
    found = newsitem.get_news_priority(FULL)
    assert {
        "data": {
            "score": "3",
            "description": "6H",
            "duration": "21600",
            "format": "lifetimecode",
            "end": "",
        },
        "@id": "8400c74d665x",
        "@type": "x-im/newsvalue",
    } == jxon.dump(found)
    assert newsitem.get_news_priority(BARE) is None


def test_create_news_priority_keeps_the_old_one() -> None:
    """create appends (duplicates possible); the event data is the first newsvalue object."""
    change = newsitem.create_news_priority(FULL, "p", PRIORITY)
    assert ["8400c74d665x", "8400c74d667e", "np2"] == objects(change.item)
    first = newsitem.get_news_priority(FULL)
    assert (
        nm.DocumentChanged(sender="p", type="newsPriority", action="add", data=first),
    ) == change.events


def test_create_news_priority_creates_metadata() -> None:
    """Without contentMeta metadata one is created (the Writer crashes; D3)."""
    change = newsitem.create_news_priority(BARE, "p", PRIORITY)
    assert ["np2"] == objects(change.item)
    assert (
        '<metadata xmlns="http://www.infomaker.se/newsml/1.0"><object id="np2" type="x-im/newsvalue"><data><score>5</score><end/></data></object></metadata></contentMeta>'
        in newsml.dumps(change.item)
    )


def test_set_news_priority_replaces_and_moves_last() -> None:
    """set removes the first newsvalue and appends the new one last; event update with it."""
    change = newsitem.set_news_priority(FULL, "p", PRIORITY)
    assert ["8400c74d667e", "np2"] == objects(change.item)
    new = newsitem.get_news_priority(change.item)
    assert new is not None and "5" == jxon.dump(new)["data"]["score"]
    assert (
        nm.DocumentChanged(sender="p", type="newsPriority", action="update", data=new),
    ) == change.events


def test_set_news_priority_undefined() -> None:
    """None: the Writer's `Undefined value`."""
    with pytest.raises(nm.InvalidArgumentError, match="Undefined value"):
        newsitem.set_news_priority(FULL, "p", None)  # type: ignore[arg-type]


def test_content_meta_objects_by_type_and_id() -> None:
    """Objects below contentMeta metadata; () / None when absent (D12)."""
    assert ["8400c74d667e"] == [
        o.id for o in newsitem.get_content_meta_objects_by_type(FULL, "x-im/teaser")
    ]
    assert () == newsitem.get_content_meta_objects_by_type(FULL, "x-im/none")
    teaser = newsitem.get_content_meta_object_by_id(FULL, "8400c74d667e")
    assert teaser is not None and "Teaser title" == teaser.title
    assert (
        newsitem.get_content_meta_object_by_id(FULL, "m1") is None
    )  # in itemMeta, not contentMeta


def test_set_content_meta_object_replaces_same_id_at_the_end() -> None:
    """An object with the same id is removed, the new one appended last; event set (D11)."""
    obj = {"@id": "8400c74d665x", "@type": "x-im/other", "data": {"x": "1"}}
    change = newsitem.set_content_meta_object(FULL, "p", obj)
    assert ["8400c74d667e", "8400c74d665x"] == objects(change.item)
    new = newsitem.get_content_meta_object_by_id(change.item, "8400c74d665x")
    assert (
        nm.DocumentChanged(sender="p", type="contentmetaobject", action="set", data=new),
    ) == change.events


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (None, "Undefined value"),
        ({"@type": "x"}, "Jxon object missing @id attribute"),
        ({"@id": "x"}, "Jxon object missing @type attribute"),
        ("text", "must be a ContentMetaObject or a mapping"),
    ],
)
def test_set_content_meta_object_errors(value: object, message: str) -> None:
    """The Writer's three messages, checked in its order; non-mappings are refused too."""
    with pytest.raises(nm.InvalidArgumentError, match=message):
        newsitem.set_content_meta_object(FULL, "p", value)  # type: ignore[arg-type]


def test_remove_content_meta_object() -> None:
    """Removes the object; event delete with the id; absent: unchanged, no event, no error."""
    change = newsitem.remove_content_meta_object(FULL, "p", "8400c74d667e")
    assert ["8400c74d665x"] == objects(change.item)
    assert (
        nm.DocumentChanged(
            sender="p", type="contentmetaobject", action="delete", data="8400c74d667e"
        ),
    ) == change.events
    absent = newsitem.remove_content_meta_object(FULL, "p", "nope")
    assert (FULL, ()) == (absent.item, absent.events)


def test_set_then_remove_restores() -> None:
    """set_content_meta_object of a new id then remove gives back the item."""
    added = newsitem.set_content_meta_object(FULL, "p", {"@id": "n", "@type": "x"}).item
    assert FULL == newsitem.remove_content_meta_object(added, "p", "n").item


def test_pub_status() -> None:
    """get: PubStatus or None; set: qcode in place or a new pubStatus last in itemMeta (D3)."""
    assert nm.PubStatus(qcode="imext:draft") == newsitem.get_pub_status(FULL)
    assert {"qcode": "imext:draft"} == jxon.dump(newsitem.get_pub_status(FULL))
    assert newsitem.get_pub_status(BARE) is None
    change = newsitem.set_pub_status(FULL, "p", {"qcode": "stat:usable", "other": "ignored"})
    assert nm.PubStatus(qcode="stat:usable") == newsitem.get_pub_status(change.item)
    assert (
        nm.DocumentChanged(
            sender="p", type="pubStatus", action="set", data=nm.PubStatus(qcode="stat:usable")
        ),
    ) == change.events
    created = newsitem.set_pub_status(BARE, "p", nm.PubStatus(qcode="stat:usable")).item
    assert '<pubStatus qcode="stat:usable"/></itemMeta>' in newsml.dumps(created)


def test_set_pub_status_needs_a_qcode() -> None:
    """No qcode: InvalidArgumentError naming pub_status.qcode."""
    with pytest.raises(nm.InvalidArgumentError) as raised:
        newsitem.set_pub_status(FULL, "p", {})
    assert "pub_status.qcode" == raised.value.field


def test_set_content_meta_object_replaces_a_nested_one_too() -> None:
    """An object with the id inside another object's link meta is removed; the new one goes last."""
    nested = {
        "@id": "outer",
        "@type": "x-im/x",
        "links": {"link": {"@rel": "r", "meta": {"object": {"@id": "inner", "@type": "x-im/y"}}}},
    }
    item = newsitem.set_content_meta_object(BARE, "p", nested).item
    assert newsitem.get_content_meta_object_by_id(item, "inner") is not None
    change = newsitem.set_content_meta_object(item, "p", {"@id": "inner", "@type": "x-im/z"})
    assert ["outer", "inner"] == objects(change.item)
    outer = newsitem.get_content_meta_object_by_id(change.item, "outer")
    assert outer is not None and () == outer.links[0].meta
    assert "x-im/z" == newsitem.get_content_meta_object_by_id(change.item, "inner").type  # type: ignore[union-attr]
