"""Channels and sections: itemMeta services (description §4.5; spec §6.3)."""

from __future__ import annotations

import pytest
import support

import newsml_model as nm
from newsml_codecs import jxon, newsml
from newsml_model import newsitem

FULL = newsml.loads(support.fixture_text("article-full.xml"))
BARE = newsml.loads(support.fixture_text("api-bare.xml"))


def services(item: nm.NewsItem) -> list[tuple[str | None, str | None]]:
    assert item.item_meta is not None
    return [(s.qcode, s.why) for s in item.item_meta.services]


def test_channel_getters() -> None:
    """Channels are services whose qcode contains imchn; main has why=imext:main."""
    assert (
        nm.Channel(qcode="imchn:sport", why="imext:main"),
        nm.Channel(qcode="imchn:news"),
    ) == newsitem.get_channels(FULL)
    main = newsitem.get_main_channel(FULL)
    assert main is not None and main.main
    assert {"@why": "imext:main", "qcode": "imchn:sport"} == jxon.dump(main)
    assert newsitem.get_main_channel(BARE) is None
    assert () == newsitem.get_channels(BARE)


def test_section_getters() -> None:
    """Sections: qcode, name child and pubconstraint; None / () when absent."""
    section = nm.Section(qcode="imsection:local", name="Lokalt", pubconstraint="imext:web")
    assert (section,) == newsitem.get_sections(FULL)
    assert section == newsitem.get_section(FULL)
    assert {
        "name": "Lokalt",
        "qcode": "imsection:local",
        "pubconstraint": "imext:web",
    } == jxon.dump(section)
    assert newsitem.get_section(BARE) is None


def test_get_section_more_than_one_is_an_error() -> None:
    """Two sections: the Writer's `Only one section is allowed on an article`."""
    item = newsitem.add_channel(FULL, "p", {"qcode": "imsection:other"}).item
    with pytest.raises(nm.InvalidArgumentError, match="Only one section is allowed on an article"):
        newsitem.get_section(item)


def test_add_channel_appends_last_with_event() -> None:
    """A new service is appended last in itemMeta (R2); event channel/add with the argument."""
    change = newsitem.add_channel(FULL, "p", {"qcode": "imchn:x", "name": "X", "icon": "i.png"})
    assert FULL.item_meta is not None and change.item.item_meta is not None
    assert nm.Service(qcode="imchn:x") == change.item.item_meta.children[-1]
    assert (
        nm.DocumentChanged(
            sender="p", type="channel", action="add", data=nm.Channel(qcode="imchn:x")
        ),
    ) == change.events


def test_add_channel_as_main_moves_the_flag() -> None:
    """set_as_main_channel strips every why=imext:main and gives the new one the flag."""
    change = newsitem.add_channel(FULL, "p", "imchn:x", True)
    assert [
        ("imchn:sport", None),
        ("imchn:news", None),
        ("imsection:local", None),
        ("imchn:x", "imext:main"),
    ] == services(change.item)


def test_re_adding_a_channel_deletes_then_adds() -> None:
    """Re-adding an existing qcode emits channel/delete then channel/add and drops its main flag."""
    change = newsitem.add_channel(FULL, "p", {"qcode": "imchn:sport"})
    assert [("delete", "channel"), ("add", "channel")] == [
        (e.action, e.type) for e in change.events
    ]  # type: ignore[union-attr]
    assert [("imchn:news", None), ("imsection:local", None), ("imchn:sport", None)] == services(
        change.item
    )


def test_add_channel_rejects_non_channels() -> None:
    """Not a channel, mapping or qcode: the Writer's message, naming `channel`."""
    with pytest.raises(
        nm.InvalidArgumentError, match="addChannel only supports adding one channel at a time"
    ) as raised:
        newsitem.add_channel(FULL, "p", ["imchn:a", "imchn:b"])  # type: ignore[arg-type]
    assert "channel" == raised.value.field


def test_remove_channel_and_mute() -> None:
    """Removes the first service with the qcode; event unless muted; absent is silent (D22)."""
    change = newsitem.remove_channel(FULL, "p", {"qcode": "imchn:news"})
    assert ("imchn:news", None) not in services(change.item)
    assert (
        nm.DocumentChanged(
            sender="p", type="channel", action="delete", data=nm.Channel(qcode="imchn:news")
        ),
    ) == change.events
    muted = newsitem.remove_channel(FULL, "p", "imchn:news", True)
    assert (change.item, ()) == (muted.item, muted.events)
    absent = newsitem.remove_channel(FULL, "p", "imchn:none")
    assert (FULL, ()) == (absent.item, absent.events)


def test_update_section_replaces_with_two_events() -> None:
    """The old section goes (section/delete with it), the new one is appended (section/update)."""
    change = newsitem.update_section(
        FULL, "p", {"qcode": "imsection:sport", "name": "Sport", "product": "imchn:x"}
    )
    new = nm.Section(qcode="imsection:sport", name="Sport", pubconstraint="imchn:x")
    assert (new,) == newsitem.get_sections(change.item)
    old = nm.Section(qcode="imsection:local", name="Lokalt", pubconstraint="imext:web")
    assert (
        nm.DocumentChanged(sender="p", type="section", action="delete", data=old),
        nm.DocumentChanged(sender="p", type="section", action="update", data=new),
    ) == change.events
    assert (
        '<service qcode="imsection:sport" pubconstraint="imchn:x"><name>Sport</name></service></itemMeta>'
        in newsml.dumps(change.item)
    )


def test_update_section_without_existing_and_without_name() -> None:
    """No current section: only section/update; no name: no <name> child."""
    change = newsitem.update_section(BARE, "p", {"qcode": "imsection:a"})
    assert ["update"] == [e.action for e in change.events]  # type: ignore[union-attr]
    assert change.item.item_meta is not None
    assert nm.Service(qcode="imsection:a") == change.item.item_meta.children[-1]


def test_update_section_rejects_lists() -> None:
    """A list of sections: `There can be only one section`."""
    with pytest.raises(nm.InvalidArgumentError, match="There can be only one section"):
        newsitem.update_section(FULL, "p", [{"qcode": "imsection:a"}])  # type: ignore[arg-type]


def test_remove_section() -> None:
    """Removes the section service; muted or absent: no event."""
    change = newsitem.remove_section(FULL, "p", {"qcode": "imsection:local"})
    assert () == newsitem.get_sections(change.item)
    assert ("section", "delete") == (change.events[0].type, change.events[0].action)  # type: ignore[union-attr]
    assert () == newsitem.remove_section(FULL, "p", {"qcode": "imsection:local"}, True).events
    assert (FULL, ()) == (
        newsitem.remove_section(FULL, "p", "imsection:none").item,
        newsitem.remove_section(FULL, "p", "imsection:none").events,
    )
