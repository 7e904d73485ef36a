"""Listeners typed for the event they receive, as docs/editor.md registers them (``mypy --strict``).

`Editor.on` has one overload per event type: a callback of `DocumentChanged`
registers for ``document:changed``; ``"all"`` takes a callback of any
`Event`. The ``# type: ignore[...]`` lines are the mistakes mypy must refuse
(``--strict`` reports an unused ignore, so each is a real error).
"""

from __future__ import annotations

import newsml_model as nm
from newsml_tools.editor import Editor


def on_change(event: nm.DocumentChanged) -> None:
    """A plugin's listener, typed for the event its type delivers."""
    print(event.sender, event.type, event.action)


def on_saved(event: nm.DocumentSaved) -> None:
    """A listener of saves."""
    print(event.uuid, event.revision)


def on_any(event: nm.Event) -> None:
    """A listener of every event."""
    print(type(event).__name__)


def register(editor: Editor) -> None:
    """Each callback under its own event type, and the two mistakes mypy refuses."""
    editor.on("my-plugin", "document:changed", on_change)
    editor.on("my-plugin", "document:saved", on_saved)
    editor.on("my-plugin", "all", on_any)
    editor.on("my-plugin", "document:changed", on_any)  # a wider callback is fine
    editor.on("my-plugin", "document:saved", on_change)  # type: ignore[arg-type]
    editor.on("my-plugin", "all", on_change)  # type: ignore[arg-type]
