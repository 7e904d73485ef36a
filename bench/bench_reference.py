"""Both conversions against the reference converter's numbers (issue 20), as ratios to xmltodict.

    python bench/bench_reference.py [--number N] [--rounds R]

The reference (Naviga's Go converter) cannot run here; issue 20 gives its
times on six files as ratios to a bare ``xmltodict.parse`` (forward) and
``xmltodict.unparse`` (backward) of the same file, measured in one run on
this machine class. This script measures ours in the same units, each ratio
the median of per-round ratios (`_timing.paired`, CPU time):

* forward: ``document.dumps(newsml.loads(xml))`` (lossless, with the
  carrier) / ``xmltodict.parse(xml)``;
* backward from the reference's document (the golden corpus's
  ``forward/<kind>/<name>.json``) and from ours (with its carrier):
  ``newsml.dumps(document.loads(text))`` / ``xmltodict.unparse`` of the
  parsed file; and from ours without the carrier, for the carrier's share;
  and, outside the goal, from ours with its title edited: the first load
  (the patch derived from the carried original, applied and checked) and
  again with the same carrier (the patch found in the cache, as for the
  editor's next save).

Goal: forward at most the reference's, backward at most 1.5x the
reference's from either document, the carrier adding at most 20%. Needs
``../shared/reference``; this reports, no test asserts a timing.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

import xmltodict
from _timing import ROOT, paired

from newsml_codecs import document, newsml

REFERENCE = ROOT.parent / "shared" / "reference" / "forward"

# (label, kind folder, file stem, reference forward / parse, reference backward / unparse)
FILES = [
    ("newsitem-text", "newsItem", "corpus-writer-format__newsitem__newsitem-text", 3.01, 0.51),
    (
        "conceptitem-all",
        "conceptItem",
        "corpus-writer-format__conceptitem__conceptitem-all",
        1.95,
        0.42,
    ),
    ("planningItem gen322-034", "planningItem", "gen322-034", 0.75, 0.16),
    ("planning gen322-134", "planning", "gen322-134", 1.56, 0.30),
    ("package gen322-041", "package", "gen322-041", 1.09, 0.30),
    ("list gen322-028", "list", "gen322-028", 0.97, 0.25),
]


def row(kind: str, stem: str, number: int, rounds: int) -> tuple[float, float, float, float, float]:
    """(forward, backward from the reference's doc, from ours, from ours without carrier,
    from ours with its title edited)."""
    raw = (REFERENCE / kind / f"{stem}.xml").read_bytes()
    reference_text = (REFERENCE / kind / f"{stem}.json").read_text()
    item = newsml.loads(raw)
    ours_text = document.dumps(item)
    bare_text = document.dumps(item, carriers=False)
    edited = json.loads(ours_text)
    edited["title"] = (edited.get("title") or "") + " (edited)"
    edited_text = json.dumps(edited)
    tree = xmltodict.parse(raw)

    def parse() -> object:
        return xmltodict.parse(raw)

    def unparse() -> object:
        return xmltodict.unparse(tree)

    def ratio(ours: Callable[[], object], baseline: Callable[[], object]) -> float:
        return paired(ours, baseline, number=number, rounds=rounds)[2]

    def back(text: str) -> Callable[[], object]:
        return lambda: newsml.dumps(document.loads(text))

    def edited_first() -> object:
        document._PATCHES.clear()  # the first save of an edit: the patch is derived
        return newsml.dumps(document.loads(edited_text))

    forward = ratio(lambda: document.dumps(newsml.loads(raw)), parse)
    from_reference, from_ours, from_bare, from_edited_again = (
        ratio(back(text), unparse) for text in (reference_text, ours_text, bare_text, edited_text)
    )
    from_edited = ratio(edited_first, unparse)
    return forward, from_reference, from_ours, from_bare, from_edited, from_edited_again


def arguments(doc: str, number: int, rounds: int) -> argparse.Namespace | None:
    """``--number`` and ``--rounds`` of a bench over the reference's files; None when absent."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--number", type=int, default=number, help="calls per timed round")
    parser.add_argument("--rounds", type=int, default=rounds, help="alternating rounds")
    args = parser.parse_args()
    if not REFERENCE.is_dir():
        print("../shared/reference is absent", file=sys.stderr)
        return None
    return args


def main() -> int:
    args = arguments(__doc__, 20, 21)
    if args is None:
        return 1
    print(
        "| file | fwd / parse: ours (reference) | rev / unparse from the reference's doc,"
        " from ours: ours (reference) | carrier's share of rev | goal met |"
        " rev from ours, title edited: first, again |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for label, kind, stem, ref_forward, ref_backward in FILES:
        forward, from_reference, from_ours, from_bare, from_edited, again = row(
            kind, stem, args.number, args.rounds
        )
        met = (
            forward <= ref_forward
            and max(from_reference, from_ours) <= 1.5 * ref_backward
            and from_ours <= 1.2 * from_bare
        )
        print(
            f"| {label} | {forward:.2f} ({ref_forward:.2f}) | {from_reference:.2f}, "
            f"{from_ours:.2f} ({ref_backward:.2f}) | {from_ours / from_bare:.2f}x | "
            f"{'yes' if met else 'no'} | {from_edited:.2f}, {again:.2f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
