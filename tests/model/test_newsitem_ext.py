"""Extension properties, pubStart/pubStop (description §4.4; spec §6.2)."""

from __future__ import annotations

import pytest
import support

import newsml_model as nm
from newsml_codecs import jxon, newsml
from newsml_model import newsitem

FULL = newsml.loads(support.fixture_text("article-full.xml"))
BARE = newsml.loads(support.fixture_text("api-bare.xml"))


def test_get_ext_property_value_raw_and_absent() -> None:
    """The value, the raw record, or None when absent (the Writer crashes)."""
    assert "x-im/article" == newsitem.get_ext_property(FULL, "itemMeta", "imext:type")
    assert nm.ExtProperty(type="imext:subtype", value="news") == newsitem.get_ext_property(
        FULL, "contentMeta", "imext:subtype", True
    )
    assert newsitem.get_ext_property(FULL, "contentMeta", "imext:type") is None
    assert newsitem.get_ext_property(FULL, "itemMeta", "imext:none", True) is None


@pytest.mark.parametrize("section", ["body", None, "itemmeta"])
def test_bad_section_name(section: object) -> None:
    """Any other section: the Writer's message, naming section_name."""
    for call in (
        lambda: newsitem.get_ext_property(FULL, section, "x"),  # type: ignore[arg-type]
        lambda: newsitem.set_ext_property(FULL, "p", section, "x", "v"),  # type: ignore[arg-type]
        lambda: newsitem.delete_ext_property(FULL, "p", section, "x"),  # type: ignore[arg-type]
    ):
        with pytest.raises(
            nm.InvalidArgumentError,
            match="Either itemMeta or contentMeta section name must be specified",
        ) as raised:
            call()
        assert "section_name" == raised.value.field


def test_set_ext_property_updates_in_place() -> None:
    """An existing property keeps its place; event <element>/set with the element (D2)."""
    change = newsitem.set_ext_property(FULL, "p", "itemMeta", "imext:type", "x-im/other")
    assert "x-im/other" == newsitem.get_ext_property(change.item, "itemMeta", "imext:type")
    new = nm.ExtProperty(type="imext:type", value="x-im/other")
    assert (
        nm.DocumentChanged(
            sender="p", type="itemMetaExtProperty", action="set", data=new, node=new
        ),
    ) == change.events
    assert {"@type": "imext:type", "@value": "x-im/other"} == jxon.dump(change.events[0].data)  # type: ignore[union-attr]
    assert FULL.item_meta is not None and change.item.item_meta is not None
    assert [type(c) for c in FULL.item_meta.children] == [
        type(c) for c in change.item.item_meta.children
    ]


def test_set_ext_property_creates_last() -> None:
    """A new property is appended as the last child of its section (R2)."""
    change = newsitem.set_ext_property(FULL, "p", "contentMeta", "imext:x", 7)  # type: ignore[arg-type]
    assert change.item.content_meta is not None
    assert nm.ExtProperty(type="imext:x", value="7") == change.item.content_meta.children[-1]
    assert "contentMetaExtProperty" == change.events[0].type  # type: ignore[union-attr]
    assert '<contentMetaExtProperty type="imext:x" value="7"/></contentMeta>' in newsml.dumps(
        change.item
    )


def test_delete_ext_property() -> None:
    """Removes it; event delete with the removed element; absent: no event."""
    change = newsitem.delete_ext_property(FULL, "p", "itemMeta", "imext:uri")
    assert newsitem.get_ext_property(change.item, "itemMeta", "imext:uri") is None
    removed = nm.ExtProperty(
        type="imext:uri", value="im://article/5c3b1f0e-8d2a-4c1b-9a7e-2f4d6b8a0c11"
    )
    assert (
        nm.DocumentChanged(sender="p", type="itemMetaExtProperty", action="delete", data=removed),
    ) == change.events
    absent = newsitem.delete_ext_property(FULL, "p", "itemMeta", "imext:none")
    assert (FULL, ()) == (absent.item, absent.events)


def test_pub_start_and_stop_getters() -> None:
    """PubTime(value, type) or None; JXON as the Writer's {value, type}."""
    start = newsitem.get_pub_start(FULL)
    assert nm.PubTime(value="2024-03-05T12:00:00+01:00", type="imext:pubstart") == start
    assert {"value": "2024-03-05T12:00:00+01:00", "type": "imext:pubstart"} == jxon.dump(start)
    assert nm.PubTime(
        value="2024-04-05T12:00:00+02:00", type="imext:pubstop"
    ) == newsitem.get_pub_stop(FULL)
    assert newsitem.get_pub_start(BARE) is None
    assert newsitem.get_pub_stop(BARE) is None


def test_set_pub_start_ignores_type_and_creates_last() -> None:
    """The value is written as given; a type in the argument is ignored; event pubStart/set."""
    change = newsitem.set_pub_start(
        BARE, "p", {"value": "2025-01-01T00:00:00+01:00", "type": "imext:pubstop"}
    )
    assert nm.PubTime(
        value="2025-01-01T00:00:00+01:00", type="imext:pubstart"
    ) == newsitem.get_pub_start(change.item)
    assert change.item.item_meta is not None
    assert (
        nm.ExtProperty(type="imext:pubstart", value="2025-01-01T00:00:00+01:00")
        == change.item.item_meta.children[-1]
    )
    data = nm.PubTime(value="2025-01-01T00:00:00+01:00", type="imext:pubstop")
    assert (
        nm.DocumentChanged(sender="p", type="pubStart", action="set", data=data),
    ) == change.events


def test_set_pub_stop_updates_in_place() -> None:
    """An existing pubStop changes value; event pubStop/set."""
    change = newsitem.set_pub_stop(FULL, "p", nm.PubTime(value="2030-01-01T00:00:00Z"))
    assert "2030-01-01T00:00:00Z" == newsitem.get_pub_stop(change.item).value  # type: ignore[union-attr]
    assert ("pubStop", "set") == (change.events[0].type, change.events[0].action)  # type: ignore[union-attr]


def test_set_pub_start_needs_a_value() -> None:
    """No value: InvalidArgumentError naming pubStart.value."""
    with pytest.raises(nm.InvalidArgumentError) as raised:
        newsitem.set_pub_start(FULL, "p", {"type": "imext:pubstart"})
    assert "pubStart.value" == raised.value.field


@pytest.mark.parametrize(
    ("remove", "label"),
    [(newsitem.remove_pub_start, "pubStart"), (newsitem.remove_pub_stop, "pubStop")],
)
def test_remove_pub_times_always_emit(remove: object, label: str) -> None:
    """Removal emits <label>/delete, also when there was nothing to remove (D22)."""
    change = remove(FULL, "p")  # type: ignore[operator]
    assert (nm.DocumentChanged(sender="p", type=label, action="delete"),) == change.events
    nothing = remove(BARE, "p")  # type: ignore[operator]
    assert (BARE, change.events) == (nothing.item, nothing.events)


def test_remove_pub_start_without_a_name_excludes_nobody() -> None:
    """Called without a name (as the publishflow plugin does) the sender is ''."""
    assert "" == newsitem.remove_pub_start(FULL, None).events[0].sender  # type: ignore[arg-type, union-attr]
