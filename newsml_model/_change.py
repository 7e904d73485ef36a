"""Changes as values: the new item plus the events the change raises."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

import attrs

from newsml_model._errors import InvalidArgumentError
from newsml_model._item import NewsItem

P = ParamSpec("P")


@attrs.frozen(kw_only=True)
class DocumentChanged:
    """``DOCUMENT_CHANGED``: a plugin (`sender`) changed the document.

    Attributes:
        sender: The ``name`` argument of the call (the plugin id).
        type: What changed, as in the Writer's payload (``link``, ``channel``...).
        action: ``add``, ``update``, ``delete``, ``set``...
        data: The payload value the Writer sends (a record, a string, or None).
        node: The link or object added or updated, where the Writer sends one.
        nodes: The nodes removed, where the Writer sends them.
    """

    sender: str
    type: str
    action: str
    data: Any = None
    node: Any = None
    nodes: tuple[Any, ...] | None = None


@attrs.frozen(kw_only=True)
class DocumentInvalidated:
    """``DOCUMENT_INVALIDATED``: the document was marked invalid."""

    sender: str = ""


@attrs.frozen(kw_only=True)
class LanguageChanged:
    """The language of the document changed (``setLanguage``)."""

    language_code: str
    text_direction: str
    sender: str = ""


@attrs.frozen(kw_only=True)
class DocumentValidated:
    """The outcome of the pure ``save``: the item was checked.

    Attributes:
        problems: What is wrong, one message each; empty when the item is valid.
    """

    problems: tuple[str, ...] = ()
    sender: str = ""

    @property
    def valid(self) -> bool:
        """True when there are no problems."""
        return not self.problems


@attrs.frozen(kw_only=True)
class DocumentSaved:
    """``document:saved``: the editor session stored the item.

    Attributes:
        uuid: The stored item's guid.
        revision: The revision number the store gave it.
        etag: The etag of that revision (for the next optimistic save).
        warnings: Problems the item already had when the session loaded
            it, saved anyway (``Editor.save(baseline="loaded")``); empty
            for an ordinary save.
    """

    uuid: str
    revision: int
    etag: str
    warnings: tuple[str, ...] = ()
    sender: str = ""


@attrs.frozen(kw_only=True)
class DocumentSaveFailed:
    """``document:savefailed``: validation or the store refused the save.

    Attributes:
        problems: Why, one message each.
    """

    problems: tuple[str, ...]
    sender: str = ""


Event = (
    DocumentChanged
    | DocumentInvalidated
    | LanguageChanged
    | DocumentValidated
    | DocumentSaved
    | DocumentSaveFailed
)
"""Any event record a change can carry."""

E = TypeVar("E", bound=Event)
"""One event class (`Change.events_of`): any member of `Event`."""


@attrs.frozen(kw_only=True)
class Change:
    """The result of every mutating API function.

    Attributes:
        item: The new item; the input item is never modified.
        events: The events the change raises, in order.
        original: The item the change started from (set by the API functions;
            None for a `Change` built by hand). Not part of equality.
    """

    item: NewsItem
    events: tuple[Event, ...] = ()
    original: NewsItem | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def changed(self) -> bool:
        """Whether the new item differs from the original one.

        False for a call that did nothing (``add_tag`` of a tag already
        linked) or that rebuilt an equal item. A `Change` built by hand,
        without `original`, counts as changed.
        """
        original = self.original
        if original is None:
            return True
        # Unchanged subtrees are shared, so the comparison only walks what changed.
        # Editor state is not in ==, but setting it (invalidate) is a change.
        item = self.item
        return item is not original and (
            item != original
            or (item.etag, item.temporary_id, item.invalid)
            != (original.etag, original.temporary_id, original.invalid)
        )

    def events_of(self, kind: type[E]) -> tuple[E, ...]:
        """The events of one class, in order, typed as that class.

        ``change.events[0]`` is an `Event`, a union a type checker will not
        let you read ``.data`` from; ``change.events_of(DocumentChanged)[0].data``
        is read without a cast.

        Args:
            kind: An event class: `DocumentChanged`, `LanguageChanged`...

        Returns:
            The events that are instances of `kind`; ``()`` when there is none.

        Raises:
            InvalidArgumentError: `kind` is not a class (field ``kind``).
        """
        if not isinstance(kind, type):
            raise InvalidArgumentError(
                f"kind: an event class is needed, not {kind!r}", field="kind"
            )
        return tuple(event for event in self.events if isinstance(event, kind))

    def then(
        self,
        fn: Callable[Concatenate[NewsItem, P], Change],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> Change:
        """Apply `fn` to the new item and concatenate the events.

        Example:
            >>> change = newsitem.set_guid(item, "a").then(newsitem.set_ed_note, "x")  # doctest: +SKIP
        """
        following = fn(self.item, *args, **kwargs)
        return Change(
            item=following.item, events=self.events + following.events, original=self.original
        )
