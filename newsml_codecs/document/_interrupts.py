"""An interrupt raised inside nh3's attribute callback, carried past nh3, which swallows it.

nh3 (the HTML sanitiser) calls `_markup`'s attribute filter back for each
attribute, and reports an exception raised there as "Exception ignored",
going on without the attribute. Python runs a signal handler at the next
bytecode, so a Ctrl-C (`KeyboardInterrupt`) or a pool's stop (`SystemExit`
from a SIGTERM handler) that reaches the process while nh3 works lands in
that callback: the interrupt would be lost and the conversion would go on
to write a whole, valid document missing that attribute. `carried` wraps
the callback to remember such an exception; `raise_carried` raises it once
the cleaner returns. Ordinary exceptions keep nh3's behaviour (the filter
raises none: an unparsable URL is a dropped attribute, as in bluemonday).

Internal module.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

_T = TypeVar("_T")
_PENDING = threading.local()  # the callback runs on the thread that called the cleaner


def carried(callback: Callable[[str, str, str], _T]) -> Callable[[str, str, str], _T]:
    """`callback`, remembering an interrupt it raises (for `raise_carried`)."""

    def remembering(element: str, attribute: str, value: str) -> _T:
        try:
            return callback(element, attribute, value)
        except Exception:
            raise
        except BaseException as interrupt:
            if getattr(_PENDING, "interrupt", None) is None:
                _PENDING.interrupt = interrupt
            raise

    return remembering


def raise_carried() -> None:
    """Raise the interrupt a `carried` callback raised on this thread since the last call, if any."""
    interrupt = getattr(_PENDING, "interrupt", None)
    if interrupt is not None:
        _PENDING.interrupt = None
        raise interrupt
