"""What any anchored carrier must at least pay: one digest per document node (issue 27).

    python bench/bench_carrier_floor.py [--number N] [--rounds R]

A carrier that puts a piece back only where the node it belongs to is
unchanged must know, at open and at every save, each node's digest: the
canonical JSON of every block, link, meta block and property (nested ones
too), hashed. That is the least such a design does beyond the conversion
without a carrier, whatever else it records. On the six files of
`bench_save`, this times those digests over the carrier-less open
(``document.dumps(newsml.loads(xml), carriers=False)``) and the
carrier-less save of the edited document (``newsml.dumps(document.load(doc))``),
to show how much of issue 27's budget (open at most 1.2x, save at most
1.25x the carrier-less call) is left for recording and restoring the
residue. Needs ``../shared/reference``; this reports, no test asserts a timing.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import orjson
import xxhash
from _timing import paired
from bench_reference import FILES, REFERENCE, arguments
from bench_save import bare, edit

from newsml_codecs import document, newsml


def nodes(doc: dict[str, Any]) -> list[Any]:
    """Every block of `doc` at every depth (content, links, meta), then its properties."""
    out: list[Any] = []

    def visit(holder: dict[str, Any]) -> None:
        for key in ("content", "links", "meta"):
            for block in holder.get(key) or ():
                out.append(block)
                visit(block)

    visit(doc)
    out.extend(doc.get("properties") or ())
    return out


def digests(doc: dict[str, Any]) -> list[str]:
    """The digest of each of `nodes(doc)`: sorted-key JSON, the anchors' 64-bit XXH3."""
    return [
        xxhash.xxh3_64_hexdigest(orjson.dumps(node, option=orjson.OPT_SORT_KEYS))
        for node in nodes(doc)
    ]


def row(kind: str, stem: str, number: int, rounds: int) -> tuple[int, float, float]:
    """(nodes, digests over the carrier-less open, digests over the carrier-less save) of one file."""
    raw = (REFERENCE / kind / f"{stem}.xml").read_bytes()
    opened = bare(document.dump(newsml.loads(raw)))
    saved = json.loads(json.dumps(bare(edit(opened, "Edited first paragraph."))))

    def open_bare() -> object:
        return document.dumps(newsml.loads(raw), carriers=False)

    def save_bare() -> object:
        return newsml.dumps(document.load(saved))

    at_open = paired(lambda: digests(opened), open_bare, number=number, rounds=rounds)[2]
    at_save = paired(lambda: digests(saved), save_bare, number=number, rounds=rounds)[2]
    return len(nodes(opened)), at_open, at_save


def main() -> int:
    args = arguments(__doc__, 20, 9)
    if args is None:
        return 1
    print("| file | nodes | digests / open without carrier | digests / save without carrier |")
    print("| --- | --- | --- | --- |")
    for label, kind, stem, _, _ in FILES:
        count, at_open, at_save = row(kind, stem, args.number, args.rounds)
        print(f"| {label} | {count} | {at_open:.3f} | {at_save:.3f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
