"""A conversion never loses an interrupt: one swallowed inside it is raised at its end.

Internal to `newsml_tools.batch`.

An interrupt is never swallowed into a wrong output. A native library that
calls Python back and reports an exception raised there instead of passing
it on would lose a `KeyboardInterrupt` (Ctrl-C in this process) or a
`SystemExit` (the SIGTERM that stops a pool worker): Python runs a signal
handler at the next bytecode, which inside such a library is its callback,
and the conversion would go on to write a whole, valid, wrong file. nh3 was
one (its attribute callback); the document codec now runs no Python inside
it. This guard, around each whole conversion (its output is written after
it, atomically), wraps the signal handlers themselves: `interrupts_checked`
remembers every exception a SIGINT or SIGTERM handler raised and raises it
again after the conversion, before anything is written.

The guard holds at whatever bytecode the signal arrives, its own included
(a handler runs between any two bytecodes of the main thread). It is an
object, not a generator: a generator-based guard whose exit was interrupted
before it resumed the generator was left suspended, its handlers installed,
and raised the remembered interrupt again when the garbage collector closed
it ("Exception ignored in: <generator ...>" and a traceback, after the
command's last line). The wrapper restores the original handlers itself
when it forwards an interrupt, so an exit interrupted before it restored
them leaves none installed either.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType, TracebackType
from typing import Any

__all__ = ["interrupts_checked"]

_INTERRUPTS = (signal.SIGINT, signal.SIGTERM)
"""The signals whose handlers may raise in the middle of a conversion (Ctrl-C, a pool's stop)."""

_Handler = Callable[[int, FrameType | None], Any]


class _Checked:
    """The guard `interrupts_checked` returns: see there."""

    def __init__(self) -> None:
        self._handlers: dict[int, _Handler] = {}
        self._raised: list[BaseException] = []

    def __enter__(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        # Bound before anything is installed: an interrupt from here on finds
        # what to restore, however few of the wrappers are in place.
        self._handlers = {
            signum: handler
            for signum in _INTERRUPTS
            if callable(handler := signal.getsignal(signum))
        }
        try:
            for signum in self._handlers:
                signal.signal(signum, self._remember)
        except BaseException:
            # The original handler of a signal not yet wrapped raised: `with`
            # calls no `__exit__` when `__enter__` raises, so restore here.
            self._restore()
            raise

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._restore()
        # Also over an error the block raised after swallowing the interrupt
        # (a conversion failing for the attribute it lost): the file is not
        # reported, its earlier output not removed, and the stop goes on.
        if self._raised and self._raised[0] is not error:
            raise self._raised[0]

    def _remember(self, signum: int, frame: FrameType | None) -> None:
        """The wrapper installed in place of each handler: remember what it raises."""
        try:
            self._handlers[signum](signum, frame)
        except BaseException as error:
            self._raised.append(error)
            # The first interrupt is the one raised at the end: from now on the
            # original handlers serve, even if the exit never gets to restore them.
            self._restore()
            raise

    def _restore(self) -> None:
        """Put the original handlers back (again, harmlessly, when they are back already)."""
        for signum, handler in self._handlers.items():
            signal.signal(signum, handler)


def interrupts_checked() -> _Checked:
    """A guard (`with interrupts_checked():`) within which an interrupt raises as usual and is
    remembered, and a swallowed one is raised at its end.

    An interrupt is what a Python handler of SIGINT or SIGTERM raises:
    `KeyboardInterrupt` from Python's own SIGINT handler, `SystemExit` from a
    pool worker's SIGTERM handler. Only in the main thread (signal handlers
    run there); elsewhere, and for a signal that is ignored or has no Python
    handler, the block runs as it is. A handler that raises nothing is left
    to do what it does. Once the block is left, however it is left and
    wherever an interrupt landed, the original handlers are installed again
    and the guard leaves nothing behind to raise later.

    Returns:
        The guard, for one ``with`` statement.

    Raises:
        BaseException: On leaving the block, the first exception an interrupt
            raised in it (`KeyboardInterrupt`, `SystemExit`...), even if code
            in the block (a native callback) caught and dropped it, and in
            place of any exception the block raised after it.
    """
    return _Checked()
