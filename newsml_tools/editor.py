"""The editor session: one open article, its plugins' listeners, undo, save.

For hosts that embed the library the way the Writer holds an article: an
`Editor` keeps the current item, applies the pure API functions of
`newsml_model.newsitem` to it, delivers their events to listeners registered
by name and event type (never to the one registered under the sender's exact
name, decision D2), keeps undo and redo stacks (cheap: items are immutable
and share structure), and saves through a `newsml_tools.store.Store` or any
saver callable after validating. See ``docs/editor.md``.

Example:
    >>> editor = Editor.from_newsml(xml, etag=etag, store=SQLiteStore("news.db"))  # doctest: +SKIP
    >>> editor.on("my-plugin", "document:changed", print)  # doctest: +SKIP
    >>> editor.apply(newsitem.add_tag, "other-plugin", {"title": "Volvo", "type": "x-im/topic",
    ...                                               "uuid": "..."})  # doctest: +SKIP
    >>> editor.save()  # doctest: +SKIP
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec

import attrs

from newsml_codecs import newsml
from newsml_model import (
    Change,
    InvalidArgumentError,
    LockingMode,
    NewsItem,
    UnsupportedItemKindError,
    newsitem,
)
from newsml_tools._listeners import ALL, EVENT_TYPES, Listener, ListenerHost, Listeners, event_type
from newsml_tools._saving import BASELINES, Saver, SavingHost, Validator
from newsml_tools._validation import validate
from newsml_tools.store import Store

P = ParamSpec("P")


def _news_item(item: Any) -> NewsItem:
    """`item` if it is a news item: the session edits no other kind (a concept, a list...)."""
    if not isinstance(item, NewsItem):
        raise UnsupportedItemKindError(type(item).element_name, supported=("newsItem",))
    return item


# The API functions whose result carries a new etag the session must learn.
_REPLACERS: tuple[Callable[..., Change], ...] = (newsitem.replace_source, newsitem.set_source)

__all__ = [
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


class Editor(ListenerHost, SavingHost):
    """A stateful session around one current item.

    Args:
        item: The article the session starts with.
        store: Where `save` writes and `load` reads (see `SQLiteStore`).
        saver: Instead of a store, a callable given the NewsML text.
        locking_mode: How `save` writes through the store; optimistic by
            default (the etag the item was loaded with must still be current).
        owner: The editor's name: recorded with each revision, and the lock
            owner for `lock`, `unlock` and pessimistic saves.
        validator: The checks `save` runs first (default `validate`: the
            model checks of `newsitem.save` and the NavigaDoc schema).
        history_limit: Most undo steps kept (the oldest are dropped).

    Raises:
        InvalidArgumentError: Both a store and a saver, or a bad argument.
    """

    def __init__(
        self,
        item: NewsItem,
        *,
        store: Store | None = None,
        saver: Saver | None = None,
        locking_mode: LockingMode = LockingMode.OPTIMISTIC_LOCKING,
        owner: str | None = None,
        validator: Validator = validate,
        history_limit: int = 1000,
    ) -> None:
        if not isinstance(item, NewsItem):
            raise InvalidArgumentError(
                f"item must be a NewsItem, not {type(item).__name__}", field="item"
            )
        if store is not None and saver is not None:
            raise InvalidArgumentError("give a store or a saver, not both", field="saver")
        if (
            isinstance(history_limit, bool)
            or not isinstance(history_limit, int)
            or history_limit < 0
        ):
            raise InvalidArgumentError(
                "history_limit must be an integer >= 0", field="history_limit"
            )
        try:
            self.locking_mode = LockingMode(locking_mode)
        except (TypeError, ValueError):
            raise InvalidArgumentError(
                f"locking_mode must be a LockingMode, not {locking_mode!r}", field="locking_mode"
            ) from None
        self.store = store
        self.saver = saver
        self.owner = owner
        self.validator = validator
        self._item = item
        self._undo: deque[NewsItem] = deque(maxlen=history_limit)
        self._redo: list[NewsItem] = []
        self._listeners = Listeners()
        # The Writer keeps the etag per article guid, not per undo step: undoing
        # past a save must not bring back the etag that save made stale.
        self._etags = {}
        self._learn_etag(item)
        self._loaded = item
        self._loaded_problems = None

    @classmethod
    def from_newsml(cls, xml: str | bytes, etag: str | None = None, **options: Any) -> Editor:
        """A session on the parsed `xml`, `etag` kept for the next optimistic save.

        Raises:
            newsml_model.DecodeError: `xml` is not a readable newsItem
                (`UnsupportedItemKindError` for another item kind).
        """
        return cls(attrs.evolve(_news_item(newsml.loads(xml)), etag=etag), **options)

    @classmethod
    def from_store(
        cls, store: Store, uuid: str, revision: int | None = None, **options: Any
    ) -> Editor:
        """A session on the stored item (its etag kept), saving back to `store`.

        Raises:
            ItemNotFoundError: No such uuid or revision in `store`.
            UnsupportedItemKindError: The stored item is not a news item.
        """
        return cls(_news_item(store.get(uuid, revision)), store=store, **options)

    # -- state ----------------------------------------------------------------

    @property
    def item(self) -> NewsItem:
        """The current item."""
        return self._item

    @property
    def can_undo(self) -> bool:
        """True when `undo` has a step to go back to."""
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        """True when `redo` has an undone step to replay."""
        return bool(self._redo)

    def _move_to(self, item: NewsItem) -> None:
        # Editor state is not in ==, but a step that only sets it (invalidate,
        # set_temporary_id) is still a step.
        current = self._item
        if item is not current and (
            item != current
            or (item.etag, item.temporary_id, item.invalid)
            != (current.etag, current.temporary_id, current.invalid)
        ):
            self._undo.append(self._item)
            self._redo.clear()
            self._item = item

    # -- changing -------------------------------------------------------------

    def apply(
        self,
        fn: Callable[Concatenate[NewsItem, P], Change],
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> Change:
        """Run the API function `fn` on the current item and make its result current.

        The old item becomes an undo step (unless the new one is equal), the
        redo stack is cleared, then the change's events are delivered. Flags
        such as ``mute_event=True`` or ``trigger_document_changed=False`` are
        honoured because `fn` then returns no event.

        Returns:
            The `Change` `fn` returned.

        Raises:
            InvalidArgumentError: `fn` did not return a `Change` (call getters
                on `item` directly); nothing changed.
            NewsItemError: Whatever `fn` raises; nothing changed.
            ExceptionGroup: Listeners raised; the change is already made.
        """
        change = fn(self._item, *args, **kwargs)
        if not isinstance(change, Change):
            raise InvalidArgumentError(
                f"{getattr(fn, '__name__', fn)!r} returned {type(change).__name__}, not a Change: "
                "apply runs mutators; call getters on editor.item",
                field="fn",
            )
        self._move_to(change.item)
        # Only a replacement brings a server etag; any other mutator merely
        # carries the item's old etag field along (maybe from an undone step).
        if fn in _REPLACERS:
            self._learn_etag(change.item)
            # A new article: its problems are the baseline of later saves.
            self._set_loaded(change.item)
        self._listeners.deliver(change.events)
        return change

    def undo(self) -> bool:
        """Go back to the item before the last change; False when there is none.

        No event is delivered (the Writer's history plugin raises its own).
        """
        if not self._undo:
            return False
        self._redo.append(self._item)
        self._item = self._undo.pop()
        return True

    def redo(self) -> bool:
        """Replay the last undone change; False when there is none."""
        if not self._redo:
            return False
        self._undo.append(self._item)
        self._item = self._redo.pop()
        return True

    def replace_source(self, xml: str | bytes, etag: str | None = None) -> Change:
        """Replace the article by the parsed `xml`, keeping `etag` for the next save.

        An undoable step without an event, like `newsitem.replace_source`.

        Raises:
            newsml_model.DecodeError: `xml` cannot be read; nothing changed.
        """
        return self.apply(newsitem.replace_source, _news_item(newsml.loads(xml)), etag)

    def load(self, uuid: str, revision: int | None = None) -> Change:
        """Replace the article by a stored revision (an undoable step), keeping its etag.

        Raises:
            InvalidArgumentError: The session has no store.
            ItemNotFoundError: No such uuid or revision.
            UnsupportedItemKindError: The stored item is not a news item.
        """
        stored = _news_item(self._require_store().get(uuid, revision))
        return self.apply(newsitem.replace_source, stored, stored.etag)
