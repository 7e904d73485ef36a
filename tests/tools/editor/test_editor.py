"""The editor session: listeners, delivery rules, flags, undo/redo, replace_source, save."""

from __future__ import annotations

import attrs
import pytest
import support

import newsml_model as nm
from newsml_codecs import newsml
from newsml_model import LockingMode, newsitem
from newsml_tools import editor as editor_module
from newsml_tools.editor import ALL, Editor, event_type, validate
from newsml_tools.store import Revision, SQLiteStore

TAG = {"uuid": "11111111-2222-3333-4444-555555555555", "title": "Volvo", "type": "x-im/topic"}


@pytest.fixture(scope="module")
def article() -> nm.NewsItem:
    """The full fixture article."""
    return newsml.loads(support.fixture_text("article-full.xml"))


class Recorder:
    """A listener that keeps what it received."""

    def __init__(self) -> None:
        self.events: list[nm.Event] = []

    def __call__(self, event: nm.Event) -> None:
        self.events.append(event)


def note(item: nm.NewsItem) -> str | None:
    """The test note `set_note` writes."""
    return newsitem.get_ext_property(item, "itemMeta", "test:note")


def set_note(item: nm.NewsItem, text: str) -> nm.Change:
    """A mutator for the tests: set the ``test:note`` extension property."""
    return newsitem.set_ext_property(item, "test", "itemMeta", "test:note", text)


def listening(session: Editor, name: str, kind: str = ALL) -> Recorder:
    """Register a new recorder under `name` for `kind`."""
    recorder = Recorder()
    session.on(name, kind, recorder)
    return recorder


def test_exported_names():
    """The editor module exports exactly its documented names."""
    expected = [
        "ALL",
        "BASELINES",
        "EVENT_TYPES",
        "Editor",
        "Listener",
        "Saver",
        "Validator",
        "event_type",
        "validate",
    ]
    assert expected == editor_module.__all__


def test_apply_makes_the_change_current_and_returns_it(article):
    """apply runs the function on the current item; the new item is current, the old untouched."""
    session = Editor(article)
    change = session.apply(newsitem.add_tag, "ximtags", TAG)
    assert change.item is session.item
    assert change.item != article
    assert (TAG["uuid"],) == tuple(
        t.uuid for t in newsitem.get_tags(session.item, ["x-im/topic"]) if t.uuid == TAG["uuid"]
    )


def test_events_go_to_every_listener_but_the_senders_exact_name(article):
    """Delivery skips only the listener registered under the sender's exact name (D2)."""
    session = Editor(article)
    sender = listening(session, "ximtags", "document:changed")
    by_plugin_id = listening(session, "se.infomaker.ximtags", "document:changed")
    other = listening(session, "other", "document:changed")
    change = session.apply(newsitem.add_tag, "ximtags", TAG)
    assert [] == sender.events
    assert list(change.events) == by_plugin_id.events == other.events
    assert "tag" == other.events[0].type


def test_listeners_by_event_type_and_all(article):
    """A listener receives only its event type; ``all`` receives every type."""
    session = Editor(article)
    changed = listening(session, "a", "document:changed")
    invalidated = listening(session, "b", "document:invalidated")
    language = listening(session, "c", "language:changed")
    everything = listening(session, "d", ALL)
    session.apply(newsitem.set_language, "lang-plugin", "en-GB", "ltr")
    session.apply(newsitem.invalidate)
    assert ["document:changed"] == [event_type(e) for e in changed.events]
    assert [nm.DocumentInvalidated(sender="__internal")] == invalidated.events
    assert [
        nm.LanguageChanged(language_code="en-GB", text_direction="ltr", sender="lang-plugin")
    ] == language.events
    assert changed.events + language.events + invalidated.events == everything.events


def test_invalidated_skips_the_internal_listener(article):
    """``document:invalidated`` comes from ``__internal``, so that listener name is skipped."""
    session = Editor(article)
    internal = listening(session, "__internal")
    session.apply(newsitem.invalidate)
    assert [] == internal.events
    assert session.item.invalid


def test_first_registration_wins_and_off_removes(article):
    """A second registration of a name and type is ignored; off removes by type or all types."""
    session = Editor(article)
    first, second, other_type = Recorder(), Recorder(), Recorder()
    assert session.on("p", "document:changed", first)
    assert not session.on("p", "document:changed", second)
    assert session.on("p", "document:invalidated", other_type)
    session.apply(newsitem.add_tag, "x", TAG)
    assert (1, 0) == (len(first.events), len(second.events))
    assert 1 == session.off("p", "document:changed")
    session.apply(newsitem.invalidate)
    session.apply(newsitem.remove_link_by_uuid, "x", TAG["uuid"])
    assert (1, 1) == (len(first.events), len(other_type.events))
    assert 1 == session.off("p")
    assert 0 == session.off("p")


@pytest.mark.parametrize(
    ("fn", "args"),
    [
        (newsitem.remove_section, ("x", "imsection:local", True)),
        (newsitem.remove_channel, ("x", "imchn:news", True)),
        (
            newsitem.add_link,
            ("x", {"@rel": "subject", "@type": "x-im/topic", "@uuid": "u-1"}, False),
        ),
    ],
    ids=[
        "remove_section mute_event",
        "remove_channel mute_event",
        "add_link trigger_document_changed",
    ],
)
def test_mute_and_suppress_flags_deliver_nothing(article, fn, args):
    """mute_event=True and trigger_document_changed=False change the item but deliver no event."""
    session = Editor(article)
    everything = listening(session, "observer")
    session.apply(fn, *args)
    assert session.item != article
    assert [] == everything.events


def test_unmuted_removal_is_delivered(article):
    """The same removal without the mute flag is delivered."""
    session = Editor(article)
    everything = listening(session, "observer")
    session.apply(newsitem.remove_section, "x", "imsection:local")
    assert [("section", "delete")] == [(e.type, e.action) for e in everything.events]


def test_a_failing_listener_does_not_stop_the_others(article):
    """Every listener runs; the failures are raised together after, the change stays made."""
    session = Editor(article)

    def broken(event: nm.Event) -> None:
        raise RuntimeError("plugin bug")

    session.on("broken", ALL, broken)
    after = listening(session, "after")
    with pytest.raises(ExceptionGroup) as raised:
        session.apply(newsitem.add_tag, "x", TAG)
    assert 1 == len(after.events)
    assert session.item != article
    assert ["plugin bug"] == [str(e) for e in raised.value.exceptions]
    assert any("broken" in note for note in raised.value.exceptions[0].__notes__)


def test_bad_registrations(article):
    """Non-callable callbacks and empty event types raise InvalidArgumentError."""
    session = Editor(article)
    with pytest.raises(nm.InvalidArgumentError) as not_callable:
        session.on("p", ALL, "print")
    with pytest.raises(nm.InvalidArgumentError) as no_type:
        session.on("p", "", print)
    assert ("callback", "event_type") == (not_callable.value.field, no_type.value.field)


def test_apply_of_a_getter_is_refused_and_changes_nothing(article):
    """apply needs a Change: a getter raises InvalidArgumentError; nothing moves."""
    session = Editor(article)
    with pytest.raises(nm.InvalidArgumentError, match="not a Change"):
        session.apply(newsitem.get_tags, ["x-im/topic"])
    assert article is session.item
    assert not session.can_undo


def test_a_failing_function_changes_nothing(article):
    """An API error leaves the item, the stacks and the listeners untouched."""
    session = Editor(article)
    everything = listening(session, "observer")
    with pytest.raises(nm.NotFoundError):
        session.apply(newsitem.remove_author_by_uuid, "x", "no-such-uuid")
    assert (article, False, []) == (session.item, session.can_undo, everything.events)


def test_undo_and_redo_walk_the_history(article):
    """undo restores each earlier item in turn; redo replays them; a new change drops redo."""
    session = Editor(article)
    first = session.apply(newsitem.add_tag, "x", TAG).item
    second = session.apply(newsitem.set_ed_note, "second").item
    assert session.undo()
    assert first == session.item
    assert session.undo()
    assert article == session.item
    assert not session.undo()
    assert session.redo() and session.redo()
    assert second == session.item
    assert not session.redo()
    session.undo()
    session.apply(newsitem.set_ed_note, "third")
    assert not session.can_redo


def test_undo_and_redo_deliver_nothing(article):
    """undo and redo are silent (the host raises its own events)."""
    session = Editor(article)
    session.apply(newsitem.add_tag, "x", TAG)
    everything = listening(session, "observer")
    session.undo()
    session.redo()
    assert [] == everything.events


def test_a_change_to_an_equal_item_is_no_undo_step(article):
    """A mutator that leaves the item equal adds no undo step (events still delivered)."""
    session = Editor(article)
    everything = listening(session, "observer")
    session.apply(newsitem.remove_pub_start, "x")  # emits even when nothing is removed (D22)
    session.apply(newsitem.remove_pub_start, "x")
    assert session.can_undo
    session.undo()
    assert not session.can_undo
    assert 2 == len(everything.events)


def test_history_limit_drops_the_oldest_steps(article):
    """With history_limit=2 only the last two steps can be undone."""
    session = Editor(article, history_limit=2)
    for n in range(4):
        session.apply(set_note, f"note {n}")
    assert session.undo() and session.undo()
    assert not session.undo()
    assert "note 1" == note(session.item)


def test_replace_source_parses_and_keeps_the_etag(article):
    """replace_source(xml, etag) makes the parsed item current with the etag, undoably, silently."""
    session = Editor(article)
    everything = listening(session, "observer")
    other = newsitem.set_guid(article, "other-guid").item
    session.replace_source(newsml.dumps(other), "etag-7")
    assert "other-guid" == session.item.guid
    assert ("etag-7", "etag-7") == (session.item.etag, session.etag)
    assert [] == everything.events
    session.undo()
    assert article == session.item


def test_replace_source_of_bad_xml_changes_nothing(article):
    """Malformed XML raises MalformedXMLError with a position; the session is unchanged."""
    session = Editor(article)
    with pytest.raises(nm.MalformedXMLError):
        session.replace_source("<newsItem><itemMeta>")
    assert (article, False) == (session.item, session.can_undo)


def test_from_newsml(article):
    """Editor.from_newsml parses the text and keeps the etag."""
    session = Editor.from_newsml(newsml.dumps(article).encode(), etag="e1")
    assert ("e1", article.guid) == (session.etag, session.item.guid)


def test_constructor_arguments_are_checked(article):
    """A non-item, both a store and a saver, or a bad mode raise InvalidArgumentError."""
    cases = [
        ({"item": "<newsItem/>"}, "item"),
        ({"item": article, "saver": lambda *a: None, "store": object()}, "saver"),
        ({"item": article, "locking_mode": 9}, "locking_mode"),
        ({"item": article, "history_limit": -1}, "history_limit"),
    ]
    for kwargs, field in cases:
        item = kwargs.pop("item")
        with pytest.raises(nm.InvalidArgumentError) as bad:
            Editor(item, **kwargs)
        assert field == bad.value.field


# -- saving ------------------------------------------------------------------


class Saver:
    """A saver that records what it was given and hands out revisions."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, str | None]] = []

    def __call__(self, text: str, uuid: str, etag: str | None) -> Revision:
        self.calls.append((text, uuid, etag))
        n = len(self.calls)
        return Revision(uuid=uuid, revision=n, etag=f"etag-{n}", saved_at="2026-01-01T00:00:00Z")


def test_default_validation_passes_the_fixture(article):
    """The fixture article passes the model checks and the document schema."""
    assert [] == validate(article)


def test_default_validation_reports_model_problems(article):
    """An invalidated item is reported by the model checks."""
    assert ["the item was marked invalid"] == validate(newsitem.invalidate(article).item)


def test_save_hands_the_newsml_to_the_saver_and_keeps_the_etag(article):
    """save validates, gives the saver the NewsML, uuid and etag, and keeps the new etag."""
    saver = Saver()
    session = Editor(attrs.evolve(article, etag="loaded"), saver=saver)
    saved = listening(session, "observer", "document:saved")
    first = session.save("host")
    session.apply(newsitem.set_ed_note, "again")
    second = session.save()
    assert nm.DocumentSaved(uuid=article.guid, revision=1, etag="etag-1", sender="host") == first
    assert [first, second] == saved.events
    assert ["loaded", "etag-1"] == [etag for _, _, etag in saver.calls]
    assert article == newsml.loads(saver.calls[0][0])
    assert ("etag-2", "etag-2") == (session.etag, session.item.etag)


def test_save_skips_the_listener_named_as_the_sender(article):
    """The outcome event is not delivered to the listener named like the sender."""
    session = Editor(article, saver=Saver())
    host = listening(session, "host")
    session.save("host")
    assert [] == host.events


def test_invalid_items_are_not_saved(article):
    """Validation problems give document:savefailed and never reach the saver."""
    saver = Saver()
    session = Editor(article, saver=saver)
    failed = listening(session, "observer", "document:savefailed")
    session.apply(newsitem.invalidate)
    outcome = session.save()
    assert nm.DocumentSaveFailed(problems=("the item was marked invalid",)) == outcome
    assert [outcome] == failed.events
    assert [] == saver.calls


def test_the_validator_is_configurable(article):
    """A custom validator's problems stop the save."""
    session = Editor(article, saver=Saver(), validator=lambda item: ["house rule: no tags"])
    assert ("house rule: no tags",) == session.save().problems


def test_a_refusing_saver_is_a_failed_save(article):
    """A saver raising a library error or OSError gives document:savefailed with its message."""

    def full_disk(text: str, uuid: str, etag: str | None) -> Revision:
        raise OSError("disk full")

    outcome = Editor(article, saver=full_disk).save()
    assert ("disk full",) == outcome.problems


def test_without_a_store_or_saver_save_fails(article):
    """A session with nowhere to save reports it as a failed save."""
    outcome = Editor(article).save()
    assert ("the session has neither a store nor a saver",) == outcome.problems


def test_save_writes_through_the_store_with_optimistic_locking(tmp_path, article):
    """A second session with a stale etag gets a conflict naming both etags; reload fixes it."""
    store = SQLiteStore(tmp_path / "news.db")
    store.save(article)
    alice = Editor.from_store(store, article.guid, owner="alice")
    bob = Editor.from_store(store, article.guid, owner="bob")
    alice.apply(set_note, "alice was here")
    assert isinstance(alice.save(), nm.DocumentSaved)
    bob.apply(set_note, "bob was here")
    conflict = bob.save()
    assert isinstance(conflict, nm.DocumentSaveFailed)
    assert alice.etag in conflict.problems[0] and bob.etag in conflict.problems[0]
    bob.load(article.guid)
    assert alice.etag == bob.etag
    assert "alice was here" == note(bob.item)
    assert 3 == bob.save().revision
    assert ["alice", "bob"] == [r.editor for r in store.history(article.guid)[1:]]
    store.close()


def test_undo_past_a_save_keeps_the_fresh_etag(tmp_path, article):
    """Undoing to an item from before a save still saves with the latest etag."""
    store = SQLiteStore(tmp_path / "news.db")
    store.save(article)
    session = Editor.from_store(store, article.guid)
    session.apply(newsitem.set_ed_note, "one")
    session.save()
    session.undo()
    assert isinstance(session.save(), nm.DocumentSaved)
    assert 3 == len(store.history(article.guid))
    store.close()


def test_load_a_stored_revision_and_save_it_conflicts(tmp_path, article):
    """Loading an old revision keeps its (stale) etag, so an optimistic save is refused."""
    store = SQLiteStore(tmp_path / "news.db")
    store.save(article)
    store.save(article)
    session = Editor(article, store=store)
    session.load(article.guid, 1)
    assert store.history(article.guid)[0].etag == session.etag
    assert isinstance(session.save(), nm.DocumentSaveFailed)
    store.close()


def test_pessimistic_session_locks_saves_and_unlocks(tmp_path, article):
    """With pessimistic locking the owner locks, saves, and unlocks; others are refused."""
    store = SQLiteStore(tmp_path / "news.db")
    mine = Editor(article, store=store, owner="alice", locking_mode=LockingMode.PESSIMISTIC_LOCKING)
    theirs = Editor(article, store=store, owner="bob", locking_mode=LockingMode.PESSIMISTIC_LOCKING)
    mine.lock(lease=60)
    assert isinstance(mine.save(), nm.DocumentSaved)
    refused = theirs.save()
    assert "locked by 'alice'" in refused.problems[0]
    assert mine.unlock()
    theirs.lock()
    assert isinstance(theirs.save(), nm.DocumentSaved)
    store.close()


def test_locking_needs_a_store_and_an_owner(article):
    """lock without a store or owner raises InvalidArgumentError naming what is missing."""
    with pytest.raises(nm.InvalidArgumentError) as no_store:
        Editor(article, owner="a").lock()
    with pytest.raises(nm.InvalidArgumentError) as no_load:
        Editor(article).load(article.guid)
    assert ("store", "store") == (no_store.value.field, no_load.value.field)


def test_event_type_of_a_non_event():
    """event_type of something else raises InvalidArgumentError."""
    with pytest.raises(nm.InvalidArgumentError):
        event_type("document:changed")  # type: ignore[arg-type]


def test_a_mutator_after_undo_does_not_revive_an_old_etag(article):
    """Only replacements teach the session an etag; an undone item's stale etag stays unused."""
    session = Editor(article)
    session.replace_source(newsml.dumps(article), "old")
    session.replace_source(newsml.dumps(article), "new")
    session.undo()
    session.apply(set_note, "edit")
    assert "new" == session.etag
    session.apply(newsitem.replace_source, article, "newest")
    assert "newest" == session.etag
