"""The editor session's saving part: validate, write through a store or saver, lock.

`newsml_tools.editor.Editor` is a session around one current item (its
changes, undo and redo) that also saves it: that half is here, as
`SavingHost`, in the way `ListenerHost` holds the listener half. It keeps
what a save needs beside the item: the etag per article guid the next save
sends, the problems of the item as it was loaded (the ``baseline="loaded"``
split), the store or saver and its locks. `Saver`, `Validator` and
`BASELINES` are re-exported by `newsml_tools.editor`, their public home.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from newsml_codecs import newsml
from newsml_model import (
    DocumentSaved,
    DocumentSaveFailed,
    InvalidArgumentError,
    LockingMode,
    NewsItem,
    NewsItemError,
)
from newsml_tools._listeners import Listeners
from newsml_tools._validation import split_by_baseline
from newsml_tools.store import Revision, Store

Saver = Callable[[str, str, "str | None"], Revision]
"""Persists NewsML: ``saver(newsml_text, uuid, etag) -> Revision``.

It raises a `newsml_model.NewsItemError` (or an ``OSError``) to refuse;
the editor reports that as ``document:savefailed``.
"""

Validator = Callable[[NewsItem], "list[str]"]
"""Checks an item before saving: the problems, [] when it may be saved."""

BASELINES = ("none", "loaded")
"""What `Editor.save` may take as its ``baseline``."""


class SavingHost:
    """`save`, `lock`, `unlock` and the etags and baseline they use.

    The editor session's saving part: a subclass sets the attributes below
    (``_etags`` empty, ``_loaded`` the item it starts with,
    ``_loaded_problems`` None).
    """

    store: Store | None
    saver: Saver | None
    locking_mode: LockingMode
    owner: str | None
    validator: Validator
    _item: NewsItem
    _etags: dict[str, str]
    _loaded: NewsItem
    _loaded_problems: tuple[str, ...] | None
    _listeners: Listeners

    @property
    def etag(self) -> str | None:
        """The etag the next save sends for the current item's guid, or None."""
        guid = self._item.guid
        return None if guid is None else self._etags.get(guid)

    @property
    def loaded_problems(self) -> tuple[str, ...]:
        """The `validator`'s problems of the item as the session loaded it.

        The loaded item is the one the session was created with, or the
        latest given by `replace_source`, `load` or
        ``apply(newsitem.replace_source/set_source, ...)``. These are the problems
        ``save(baseline="loaded")`` lets through as warnings. Computed on
        first use.
        """
        if self._loaded_problems is None:
            self._loaded_problems = tuple(self.validator(self._loaded))
        return self._loaded_problems

    def _set_loaded(self, item: NewsItem) -> None:
        self._loaded = item
        self._loaded_problems = None

    def _learn_etag(self, item: NewsItem) -> None:
        if item.guid and item.etag:
            self._etags[item.guid] = item.etag

    def save(self, name: str = "", *, baseline: str = "none") -> DocumentSaved | DocumentSaveFailed:
        """Validate the current item, then write it through the store or saver.

        Args:
            name: The sender of the outcome event.
            baseline: Which problems block the save. ``"none"`` (the
                default): every problem the `validator` finds. ``"loaded"``:
                only problems this session introduced; those the item already
                had when it was loaded (`loaded_problems`, matched by message
                with array indexes left out) are saved anyway and reported as
                the outcome's ``warnings``. For migrating archives whose
                items carry old defects.

        Returns:
            The event delivered: `DocumentSaved` (``document:saved``) with the
            new revision and etag, which the session keeps for the next save,
            and the ``warnings`` let through; or `DocumentSaveFailed`
            (``document:savefailed``) with the blocking validation problems
            or the store's refusal (conflict, lock).

        Raises:
            InvalidArgumentError: `baseline` is not one of `BASELINES`;
                nothing is validated or saved.
        """
        if baseline not in BASELINES:
            raise InvalidArgumentError(
                f"baseline must be one of {', '.join(map(repr, BASELINES))}, not {baseline!r}",
                field="baseline",
            )
        item = self._item
        problems = list(self.validator(item))
        warnings: list[str] = []
        if problems and baseline == "loaded":
            problems, warnings = split_by_baseline(problems, self.loaded_problems)
        saved: Revision | None = None
        if not problems:
            try:
                saved = self._write(item)
            except (NewsItemError, OSError) as error:
                problems.append(str(error))
        outcome: DocumentSaved | DocumentSaveFailed
        if saved is None:
            outcome = DocumentSaveFailed(problems=tuple(problems), sender=name)
        else:
            self._etags[saved.uuid] = saved.etag
            # Not an undo step: the article did not change, only its etag.
            self._item = attrs.evolve(item, etag=saved.etag)
            outcome = DocumentSaved(
                uuid=saved.uuid,
                revision=saved.revision,
                etag=saved.etag,
                warnings=tuple(warnings),
                sender=name,
            )
        self._listeners.deliver((outcome,))
        return outcome

    def _write(self, item: NewsItem) -> Revision:
        if self.store is not None:
            return self.store.save(item, self.locking_mode, self.etag, editor=self.owner)
        if self.saver is not None:
            if not item.guid:
                raise InvalidArgumentError(
                    "the item has no guid to save it under", field="item.guid"
                )
            return self.saver(newsml.dumps(item), item.guid, self.etag)
        raise InvalidArgumentError("the session has neither a store nor a saver", field="store")

    def lock(self, lease: float = 300.0) -> None:
        """Take (or renew) the store's lock on the current item for `owner`.

        Raises:
            InvalidArgumentError: No store, no owner, or the item has no guid.
            LockedError: Another editor holds it.
        """
        self._require_store().lock(self._lock_target(), self._require_owner(), lease)

    def unlock(self) -> bool:
        """Release `owner`'s lock on the current item; False when none was held."""
        return self._require_store().unlock(self._lock_target(), self._require_owner())

    def _require_store(self) -> Store:
        if self.store is None:
            raise InvalidArgumentError("the session has no store", field="store")
        return self.store

    def _require_owner(self) -> str:
        if not self.owner:
            raise InvalidArgumentError("locking needs the session's owner name", field="owner")
        return self.owner

    def _lock_target(self) -> str:
        if not self._item.guid:
            raise InvalidArgumentError("the item has no guid to lock", field="item.guid")
        return self._item.guid
