"""SIGTERM stops a command as Ctrl-C does, whatever bytecode it arrives at (internal to the CLI).

A supervisor's SIGTERM would, by default, end the process where it stands:
a batch's temporary file left behind, its pool orphaned, no summary. While a
command works, `SigtermStop` makes SIGTERM raise `Terminated` (a
`KeyboardInterrupt`) where the work is, so it stops as a Ctrl-C does; ``main``
then ends with ``newsml: terminated`` and status 143.

A handler runs between any two bytecodes of the main thread, so where it is
installed and removed matters as much as what it does:

- It is installed inside the ``try`` that reports the stop, never before it
  (`install`): a SIGTERM at once is reported like any other. Commands with a
  summary (``convert``, ``validate``) install it themselves, inside the
  ``try`` that prints ``interrupted: ...`` (`HANDLES_SIGTERM`), so that no
  SIGTERM once the work has begun goes without the summary.
- It is not taken away when the work is done, but replaced by one that only
  records the signal (`defer`): the summary and the last line are printed
  whole and once, then a recorded SIGTERM still ends the command with 143.
- `restore` puts the handler found at the start back; called again where a
  stop is handled, since the handler that raised may have cut short an
  earlier call.

Before the work begins and after the command's last line, SIGTERM ends the
process as it would any other: there is nothing to stop or clean up then.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any

__all__ = ["HANDLES_SIGTERM", "SigtermStop", "Terminated"]

HANDLES_SIGTERM = "handles_sigterm"
"""Namespace attribute (a parser default): the subcommand installs its `SigtermStop`
itself, inside the ``try`` that reports the stop; ``main`` then installs none."""


_Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None
"""What `signal.getsignal` returns."""


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the work is as a Ctrl-C is, so it stops the same way."""


class SigtermStop:
    """SIGTERM's handler for one command, from `install` to `restore` (see the module docstring).

    Created before the ``try`` that handles the stop, where nothing can raise
    yet; it remembers the handler to restore. In a thread other than the main
    one (handlers live there), or when SIGTERM's handler was not set from
    Python, every method does nothing.
    """

    def __init__(self) -> None:
        main = threading.current_thread() is threading.main_thread()
        self._previous = signal.getsignal(signal.SIGTERM) if main else None
        self._deferred = False

    def install(self) -> None:
        """From now on SIGTERM raises `Terminated`."""
        self._set(_terminated)

    def defer(self) -> None:
        """From now on SIGTERM is only recorded (`deferred`); one that came before raises here."""
        self._set(self._record)

    def restore(self) -> None:
        """Put the handler found at the start back (again, harmlessly, if it is back already)."""
        self._set(self._previous)

    @property
    def deferred(self) -> bool:
        """Whether a SIGTERM came while it was deferred."""
        return self._deferred

    def _record(self, signum: int, frame: FrameType | None) -> None:
        self._deferred = True

    def _set(self, handler: _Handler) -> None:
        if self._previous is not None:
            # signal.signal first runs the handler of a signal already
            # received: a SIGTERM before this call raises (or is recorded) here.
            signal.signal(signal.SIGTERM, handler)


def _terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated
