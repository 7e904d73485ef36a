"""The editor session as a state machine, checked against a naive model.

Random sequences of API mutators applied through the session, undo, redo
and replace_source are mirrored on a plain list of items with a position.
After every step the session's item is the model's; `undo_everything`
walks back to the start checking that undo restores each earlier item, then
redo brings every later one back. Listeners get exactly the change's events.
"""

from __future__ import annotations

from typing import Any

import attrs
import support
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

import newsml_model as nm
from newsml_codecs import newsml
from newsml_model import newsitem
from newsml_model.strategies import links, tags
from newsml_tools.editor import ALL, Editor

START = newsml.loads(support.fixture_text("article-full.xml"))
SOURCES = [
    newsml.dumps(START),
    newsml.dumps(newsitem.set_guid(START, "7d1c9f4e-0000-4000-8000-000000000001").item),
    newsml.dumps(newsitem.set_ed_note(START, "another article").item),
]
if (support.CORPUS_NEWSITEMS / "newsitem-text.xml").exists():
    SOURCES.append((support.CORPUS_NEWSITEMS / "newsitem-text.xml").read_text(encoding="utf-8"))

SENDERS = st.sampled_from(["my-plugin", "se.infomaker.ximtags", ""])
TEXTS = st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), max_size=8)
OBSERVER = "observer (never a sender)"

# A few mutators and the strategies of their arguments (after `item`). Rules
# draw by name: Hypothesis prints each step, and these strategies' reprs are huge.
MUTATIONS: dict[str, tuple[Any, st.SearchStrategy[tuple[Any, ...]]]] = {
    "add_tag": (newsitem.add_tag, st.tuples(SENDERS, tags())),
    "add_link": (newsitem.add_link, st.tuples(SENDERS, links(max_depth=1), st.booleans())),
    "set_ed_note": (newsitem.set_ed_note, st.tuples(TEXTS)),
    "set_ext_property": (
        newsitem.set_ext_property,
        st.tuples(SENDERS, st.sampled_from(["itemMeta", "contentMeta"]), st.just("x:test"), TEXTS),
    ),
    "remove_pub_start": (newsitem.remove_pub_start, st.tuples(SENDERS)),
    "remove_section": (
        newsitem.remove_section,
        st.tuples(SENDERS, st.just("imsection:local"), st.booleans()),
    ),
    "invalidate": (newsitem.invalidate, st.just(())),
}


def _editor_state(item: nm.NewsItem) -> tuple[str | None, str | None, bool]:
    return (item.etag, item.temporary_id, item.invalid)


class EditorSession(RuleBasedStateMachine):
    """Drive one `Editor`; the model is `items` (oldest first) and `position`."""

    def __init__(self) -> None:
        super().__init__()
        self.editor = Editor(START)
        self.items: list[nm.NewsItem] = [START]
        self.position = 0
        self.etags: dict[str, str] = {}
        self.delivered: list[nm.Event] = []
        self.editor.on(OBSERVER, ALL, self.delivered.append)

    @property
    def current(self) -> nm.NewsItem:
        return self.items[self.position]

    def _move_to(self, item: nm.NewsItem) -> None:
        # Editor state (etag, temporary id, invalid mark) is not in ==, yet a step
        # that only sets it (invalidate, set_temporary_id) is a step of its own.
        if item != self.current or _editor_state(item) != _editor_state(self.current):
            del self.items[self.position + 1 :]
            self.items.append(item)
            self.position += 1

    @rule(name=st.sampled_from(sorted(MUTATIONS)), data=st.data())
    def apply(self, name: str, data: st.DataObject) -> None:
        fn, arguments = MUTATIONS[name]
        args = data.draw(arguments, label="args")
        self.delivered.clear()
        try:
            expected = fn(self.current, *args)
        except nm.NewsItemError:
            expected = None
        if expected is None:
            return
        change = self.editor.apply(fn, *args)
        assert expected == change
        assert list(change.events) == self.delivered
        self._move_to(expected.item)

    @rule(index=st.integers(min_value=0, max_value=50), sender=SENDERS)
    def remove_a_link(self, index: int, sender: str) -> None:
        assert self.current.item_meta is not None
        uuids = [link.uuid for link in self.current.item_meta.links if link.uuid]
        if not uuids:
            return
        change = self.editor.apply(newsitem.remove_link_by_uuid, sender, uuids[index % len(uuids)])
        self._move_to(change.item)

    # An index, not the text: Hypothesis prints every step's arguments.
    @rule(
        index=st.sampled_from(range(len(SOURCES))), etag=st.none() | st.sampled_from(["e1", "e2"])
    )
    def replace_source(self, index: int, etag: str | None) -> None:
        source = SOURCES[index]
        self.delivered.clear()
        self.editor.replace_source(source, etag)
        replaced = attrs.evolve(newsml.loads(source), etag=etag)
        if etag and replaced.guid:
            self.etags[replaced.guid] = etag
        self._move_to(replaced)
        assert [] == self.delivered

    @rule()
    def undo(self) -> None:
        assert (self.position > 0) == self.editor.undo()
        self.position = max(self.position - 1, 0)

    @rule()
    def redo(self) -> None:
        assert (self.position < len(self.items) - 1) == self.editor.redo()
        self.position = min(self.position + 1, len(self.items) - 1)

    @precondition(lambda self: self.position > 0)
    @rule()
    def undo_everything(self) -> None:
        """Undo to the start, checking each earlier item, then redo back."""
        start = self.position
        for expected in reversed(self.items[:start]):
            assert self.editor.undo()
            assert expected == self.editor.item
        assert not self.editor.undo()
        for expected in self.items[1 : start + 1]:
            assert self.editor.redo()
            assert expected == self.editor.item

    @invariant()
    def session_matches_the_model(self) -> None:
        assert self.current == self.editor.item
        assert (self.position > 0) == self.editor.can_undo
        assert (self.position < len(self.items) - 1) == self.editor.can_redo
        guid = self.editor.item.guid
        assert (self.etags.get(guid) if guid else None) == self.editor.etag


TestEditorSession = EditorSession.TestCase
