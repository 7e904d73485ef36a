"""Counting the reference cycles one call leaves, without a full collection.

A full `gc.collect` walks every object the worker holds: late in a parallel
run, with thousands of tests imported, it takes about a second. Freezing what
exists first (`gc.freeze`, which moves it out of the collector's sight)
leaves the collection only what the call made.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def cycles_left(call: Callable[[], T]) -> tuple[T, int]:
    """`call`'s result, and the number of unreachable objects it left to the collector.

    Only objects made by `call` are counted: everything alive before is frozen
    (a cycle `call` closes through an older object is not seen; a cycle of its
    own making is).
    """
    enabled = gc.isenabled()
    gc.disable()
    gc.freeze()
    try:
        result = call()
        return result, gc.collect()
    finally:
        gc.unfreeze()
        if enabled:
            gc.enable()
