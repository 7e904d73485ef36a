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
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

__all__ = ["interrupts_checked"]

_INTERRUPTS = (signal.SIGINT, signal.SIGTERM)
"""The signals whose handlers may raise in the middle of a conversion (Ctrl-C, a pool's stop)."""


@contextlib.contextmanager
def interrupts_checked() -> Iterator[None]:
    """Within the block, an interrupt raises as usual and is remembered; a swallowed one is raised at its end.

    An interrupt is what a Python handler of SIGINT or SIGTERM raises:
    `KeyboardInterrupt` from Python's own SIGINT handler, `SystemExit` from a
    pool worker's SIGTERM handler. Only in the main thread (signal handlers
    run there); elsewhere, and for a signal that is ignored or has no Python
    handler, the block runs as it is. A handler that raises nothing is left
    to do what it does.

    Raises:
        BaseException: The first exception an interrupt raised in the block
            (`KeyboardInterrupt`, `SystemExit`...), even if code in the block
            (a native callback) caught and dropped it, and in place of any
            exception the block raised after it.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    handlers: dict[int, Callable[[int, FrameType | None], Any]] = {
        signum: handler for signum in _INTERRUPTS if callable(handler := signal.getsignal(signum))
    }
    raised: list[BaseException] = []

    def remember(signum: int, frame: FrameType | None) -> None:
        try:
            handlers[signum](signum, frame)
        except BaseException as error:
            raised.append(error)
            raise

    for signum in handlers:
        signal.signal(signum, remember)
    try:
        yield
    finally:
        for signum, handler in handlers.items():
            signal.signal(signum, handler)
        # Also over an error the block raised after swallowing the interrupt
        # (a conversion failing for the attribute it lost): the file is not
        # reported, its earlier output not removed, and the stop goes on.
        if raised:
            raise raised[0]
