"""Reading a patch as `apply` follows it: the carrier's JSON, a pass's state, a run's guards.

`read_patch` parses and checks a carrier's patch; `Components` is the state
of one pass over it (which components apply, what each reached);
`carries` decides whether a carried run goes back; `run_index` and
`group_at` read the indices an entry may end with (format: `make`).

Internal module: `apply` uses it.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from newsml_codecs.document._carrier.check import check_root
from newsml_codecs.document._carrier.keys import Memo, name_key, parts_of
from newsml_model import InvalidDocumentError


class Components:
    """One pass of a patch: which carrier components apply (`guards.link_components`).

    The first pass applies every component and counts the members each
    reached; a component some member of which the document edited or
    deleted is then left out whole in a second pass. Each pass passes its
    state down as a parameter, with the subtree hashes it computed (`memo`).
    """

    def __init__(self, enabled: set[int] | None, shown: list[bool]) -> None:
        self.enabled = enabled
        self.shown = shown  # per guard of `guards.guard_shown`: the document still shows it
        self.reached: dict[tuple[int, int], int] = {}
        self.memo: Memo = {}

    def count(self, component: int, side: int) -> bool:
        """Count a member reached (`side` 0: a removal, 1: a run); whether it applies."""
        key = (component, side)
        self.reached[key] = self.reached.get(key, 0) + 1
        return self.enabled is None or component in self.enabled


def heads_of(current: list[Any], parent: str, ns: str) -> set[str]:
    """The element heads among the exported children (what a ``v`` entry is guarded by)."""
    out = set()
    for child in current:
        if child.__class__ is not str:
            name, own = parts_of(child, parent)[:2]
            out.add(name_key(name, own or ns))
    return out


def carries(options: dict[str, Any], heads: set[str], state: Components) -> bool:
    """Whether a ``v`` run is inserted: its siblings as at `dump`, and its component whole."""
    for head in options.get("p", ()):
        if head not in heads:
            return False
    for head in options.get("a", ()):
        if head in heads:
            return False
    shown = options.get("w")
    if shown is not None and not (shown < len(state.shown) and state.shown[shown]):
        return False
    component = options.get("k")
    return component is None or state.count(component, 1)


def run_index(entry: list[Any], position: int) -> int:
    """The run an ``n`` entry belongs to, at `position` (`TypeError`: not an index)."""
    value = entry[position]
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("run index is not an integer")
    return value


def group_at(entry: list[Any], position: int) -> int | None:
    """The IDF group an entry opens or closes, at `position` (None: none; `TypeError`: not one)."""
    if len(entry) > position:
        value = entry[position]
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError("group index is not an integer")
        return value
    return None


def read_patch(value: str) -> dict[str, Any]:
    """The patch of a carrier value (after its kind header), checked (`check.check_root`).

    Raises:
        InvalidDocumentError: Not JSON, or not a patch `make` could have written.
    """
    try:
        # orjson: the carrier's few numbers are small (an integer past 64 bits,
        # which it reads as a float, is malformed either way)
        patch = orjson.loads(value)
    except orjson.JSONDecodeError:
        try:
            patch = json.loads(value)  # a lone surrogate escaped in a forged carrier, say
        except (ValueError, RecursionError):
            raise InvalidDocumentError("x-newsml/patch is not JSON", path="$.properties") from None
    check_root(patch)
    return dict(patch)
