"""The Writer's listener registry (``Events.js``), for the editor session.

Listeners are registered by listener name and event type; delivery walks
them in registration order and skips the one registered under the event's
sender's exact name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Literal, overload

import attrs

from newsml_model import (
    DocumentChanged,
    DocumentInvalidated,
    DocumentSaved,
    DocumentSaveFailed,
    DocumentValidated,
    Event,
    InvalidArgumentError,
    LanguageChanged,
)

ALL = "all"
"""Register under this event type to receive every event."""

EVENT_TYPES: dict[type[object], str] = {
    DocumentChanged: "document:changed",
    DocumentInvalidated: "document:invalidated",
    DocumentSaved: "document:saved",
    DocumentSaveFailed: "document:savefailed",
    DocumentValidated: "document:validated",
    # The Writer's string for this one is in no available source (spec §4).
    LanguageChanged: "language:changed",
}
"""The event-type string of each event record (the Writer's constants)."""

Listener = Callable[[Event], object]
"""A callback: it receives the event record (its ``sender`` says who caused it)."""


def event_type(event: Event) -> str:
    """The event-type string of `event`, such as ``document:changed``.

    Raises:
        InvalidArgumentError: `event` is not an event record.
    """
    try:
        return EVENT_TYPES[type(event)]
    except KeyError:
        raise InvalidArgumentError(
            f"not an event record: {type(event).__name__}", field="event"
        ) from None


@attrs.frozen(kw_only=True)
class Registration:
    """One registered listener.

    Attributes:
        name: The listener name (usually a plugin id).
        event_type: The event-type string, or `ALL`.
        callback: What is called.
    """

    name: str
    event_type: str
    callback: Listener


class Listeners:
    """Registrations in order, and delivery by the Writer's rules."""

    def __init__(self) -> None:
        self._registrations: list[Registration] = []

    def on(self, listener_name: str, event_type: str, callback: Listener) -> bool:
        """Register `callback`; a second one for the same name and type is ignored.

        Returns:
            False when `(listener_name, event_type)` was registered already
            (the first registration wins, as in the Writer).

        Raises:
            InvalidArgumentError: A name or type that is not a string, or a
                callback that is not callable.
        """
        if not isinstance(listener_name, str):
            raise InvalidArgumentError("listener_name must be a string", field="listener_name")
        if not isinstance(event_type, str) or not event_type:
            raise InvalidArgumentError("event_type must be a non-empty string", field="event_type")
        if not callable(callback):
            raise InvalidArgumentError("callback must be callable", field="callback")
        if any(r.name == listener_name and r.event_type == event_type for r in self._registrations):
            return False
        self._registrations.append(
            Registration(name=listener_name, event_type=event_type, callback=callback)
        )
        return True

    def off(self, listener_name: str, event_type: str | None = None) -> int:
        """Remove the listener's registrations for `event_type` (all types when None).

        Returns:
            How many registrations were removed.
        """
        kept = [
            r
            for r in self._registrations
            if not (r.name == listener_name and event_type in (None, r.event_type))
        ]
        removed = len(self._registrations) - len(kept)
        self._registrations = kept
        return removed

    @property
    def registrations(self) -> tuple[Registration, ...]:
        """The registrations in delivery order."""
        return tuple(self._registrations)

    def deliver(self, events: Iterable[Event]) -> None:
        """Call every matching listener for each event, in order.

        A listener registered under the sender's exact name is skipped. A
        listener that raises does not stop delivery to the others (unlike
        the Writer, where the first exception ends it); the exceptions are
        raised together afterwards.

        Raises:
            ExceptionGroup: One or more listeners raised.
        """
        failures: list[Exception] = []
        for event in events:
            kind = event_type(event)
            # A snapshot: a listener may register or unregister while we deliver.
            for registration in tuple(self._registrations):
                if registration.event_type not in (kind, ALL):
                    continue
                if registration.name == event.sender:
                    continue
                try:
                    registration.callback(event)
                except Exception as error:  # reported below, after the others ran
                    error.add_note(f"in listener {registration.name!r} for {kind}")
                    failures.append(error)
        if failures:
            raise ExceptionGroup("editor event listeners raised", failures)


class ListenerHost:
    """`on`, `off` and `deliver` over a `Listeners` registry, typed per event type.

    The editor session's listener part: a subclass sets ``_listeners``.
    """

    _listeners: Listeners

    # One overload per event type, so a callback typed for the event it
    # receives (``def on_change(event: DocumentChanged)``) passes mypy --strict;
    # any other string (``"all"``, a host's own type) takes a callback of `Event`.
    @overload
    def on(
        self,
        listener_name: str,
        event_type: Literal["document:changed"],
        callback: Callable[[DocumentChanged], object],
    ) -> bool: ...
    @overload
    def on(
        self,
        listener_name: str,
        event_type: Literal["document:invalidated"],
        callback: Callable[[DocumentInvalidated], object],
    ) -> bool: ...
    @overload
    def on(
        self,
        listener_name: str,
        event_type: Literal["document:validated"],
        callback: Callable[[DocumentValidated], object],
    ) -> bool: ...
    @overload
    def on(
        self,
        listener_name: str,
        event_type: Literal["document:saved"],
        callback: Callable[[DocumentSaved], object],
    ) -> bool: ...
    @overload
    def on(
        self,
        listener_name: str,
        event_type: Literal["document:savefailed"],
        callback: Callable[[DocumentSaveFailed], object],
    ) -> bool: ...
    @overload
    def on(
        self,
        listener_name: str,
        event_type: Literal["language:changed"],
        callback: Callable[[LanguageChanged], object],
    ) -> bool: ...
    @overload
    def on(self, listener_name: str, event_type: str, callback: Listener) -> bool: ...
    def on(self, listener_name: str, event_type: str, callback: Callable[[Any], object]) -> bool:
        """Register `callback` for `event_type` (``document:changed``..., or ``"all"``).

        The callback may be typed for the event its type delivers
        (``Callable[[DocumentChanged], object]`` for ``document:changed``);
        for ``"all"`` it takes any `Event`.

        Returns:
            False when that name already has a listener for that type (the
            first one stays, as in the Writer).
        """
        return self._listeners.on(listener_name, event_type, callback)

    def off(self, listener_name: str, event_type: str | None = None) -> int:
        """Unregister the listener for `event_type` (every type when None); how many went."""
        return self._listeners.off(listener_name, event_type)

    def deliver(self, *events: Event) -> None:
        """Deliver `events` to the listeners (for hosts raising their own).

        Raises:
            ExceptionGroup: Listeners raised; every listener still ran.
        """
        self._listeners.deliver(events)
