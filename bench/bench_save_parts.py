"""Where the Writer's save again goes, part by part, against the save without the carrier (issue 27).

    python bench/bench_save_parts.py [--number N] [--rounds R]

On the six files of `bench_save`, the save again of the edited document
(``to_newsml`` on the service's converter, `bench_save.SERVICE`: a later
edit of a document saved once before, worded anew at every save, as an
editor's later saves are) is timed whole, with the time spent in four
of its parts, each over the time of the same edited document's save
without its carrier:

* *anchored*: building the item on the original (`anchored._restored`:
  which node each block shows, the new and changed blocks' nodes);
* *check*: dumping the result to compare it with the document
  (`anchored.dump_any`: every kind but a newsItem, whose blocks are the
  document's by construction) and, where they differ, the conversion
  without the carrier that the law judges against (`_convert.load_any`);
* *write*: writing the item (`newsml.dumps`, or the save's own writer
  `_convert.serialize`, which copies the original's nodes a save wrote
  before), the whole original where the save without the carrier writes
  what the reference keeps;
* *rest*: reading and checking the document, its digests, the carrier.

The parts are timed by wrapping those functions (a few microseconds each,
which the whole includes); the columns are medians over rounds, in
multiples of the save without the carrier timed in the same round. A save
meets issue 27's goal at 1.25; the table shows which parts keep each file
above it. Needs ``../shared/reference``; this reports, no test asserts a timing.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
import uuid
from collections import Counter
from collections.abc import Callable
from typing import Any

from bench_reference import FILES, REFERENCE, arguments
from bench_save import SERVICE, bare, saved_before, worded

from newsml_codecs import jsontext, newsml
from newsml_codecs.document import _convert
from newsml_codecs.document._carrier import anchored

_COPIES = 16
_PARTS = {
    "anchored": [(anchored, "_restored")],
    "check": [(anchored, "dump_any"), (_convert, "load_any")],
    "write": [(newsml, "dumps"), (_convert, "serialize")],
}


def _timed(spent: Counter[str], part: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def timed(*args: Any, **keywords: Any) -> Any:
        start = time.perf_counter()
        try:
            return function(*args, **keywords)
        finally:
            spent[part] += time.perf_counter() - start

    return timed


def row(kind: str, stem: str, number: int, rounds: int) -> dict[str, float]:
    """The parts of one file's save again, each a median multiple of its save without the carrier."""
    raw = (REFERENCE / kind / f"{stem}.xml").read_text(encoding="utf-8")
    old = dict(newsml.loads(raw).attributes).get("guid", "")
    raws = [raw.replace(old, str(uuid.uuid4())) for _ in range(_COPIES)] if old else [raw]
    opened = [SERVICE.from_newsml(r) for r in raws]
    for text in saved_before(opened):  # each document saved once before: an editor's later saves
        SERVICE.to_newsml(jsontext.loads(text))

    spent: Counter[str] = Counter()
    originals = {
        (module, name): getattr(module, name) for pairs in _PARTS.values() for module, name in pairs
    }
    ratios: dict[str, list[float]] = {part: [] for part in ("whole", *_PARTS, "rest")}
    try:
        for part, pairs in _PARTS.items():
            for module, name in pairs:
                setattr(module, name, _timed(spent, part, originals[module, name]))
        for round_ in range(rounds):
            texts = worded(opened, "Edited again", number, later=True, start=round_ * number)
            docs = [jsontext.loads(text) for text in texts]
            plain = [jsontext.loads(json.dumps(bare(json.loads(text)))) for text in texts]
            spent.clear()
            start = time.perf_counter()
            for doc in docs:
                SERVICE.to_newsml(doc)
            whole = time.perf_counter() - start
            parts = dict(spent)
            spent.clear()
            start = time.perf_counter()
            for doc in plain:
                SERVICE.to_newsml(doc)
            baseline = time.perf_counter() - start
            ratios["whole"].append(whole / baseline)
            for part in _PARTS:
                ratios[part].append(parts.get(part, 0.0) / baseline)
            ratios["rest"].append((whole - sum(parts.values())) / baseline)
    finally:
        for (module, name), function in originals.items():
            setattr(module, name, function)
    return {part: statistics.median(values) for part, values in ratios.items()}


def main() -> int:
    args = arguments(__doc__, 200, 7)
    if args is None:
        return 1
    print("| file | save again | anchored | check | write | rest |")
    print("| --- | --- | --- | --- | --- | --- |")
    for label, kind, stem, _, _ in FILES:
        r = row(kind, stem, args.number, args.rounds)
        print(
            f"| {label} | {r['whole']:.2f} | {r['anchored']:.2f} | {r['check']:.2f} | "
            f"{r['write']:.2f} | {r['rest']:.2f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
