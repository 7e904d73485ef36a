"""The Writer's two calls with and without the carrier, as ratios to xmltodict (issue 27).

    python bench/bench_save.py [--number N] [--rounds R]

On the six files of issue 27's table, as the service's users make them:

* open: ``document.dumps(newsml.loads(xml))`` (lossless, with the carrier)
  and without the carrier, over ``xmltodict.parse`` of the same bytes;
* save: ``newsml.dumps(document.loads(text))`` of the opened document with
  a reporter's edit (the first block's text changed, or the title where no
  block has text; a subject link added), and save again (a second edit of
  the same document, same carrier, each document saved once before the
  timing, as an editor's later saves are), each against the same edited
  document without its carrier, over ``xmltodict.unparse`` of the parsed file;
* the reference's own document back (the golden corpus's JSON).

Every call of open and save takes a document of its own guid (a rotation
of 16 prepared copies; the first save empties the patch cache an editor's
later saves hit, as for a document not seen before). Each
ratio is the median of per-round ratios (`_timing.paired`, CPU time). The
goals of issue 27: open <= 1.2x open without the carrier, save and save
again <= 1.25x save without it, every path within 3.0x the reference's
time. Needs ``../shared/reference``; this reports, no test asserts a timing.
"""

from __future__ import annotations

import copy
import itertools
import json
import sys
import uuid
from collections.abc import Callable
from typing import Any

import xmltodict
from _timing import paired
from bench_reference import FILES, REFERENCE, arguments

from newsml_codecs import document, newsml

_COPIES = 16
_SUBJECT = {
    "uuid": "03d22994-a1d1-11e5-aab3-6ed9a6c3f6f2",
    "title": "Bench subject",
    "type": "x-im/category",
    "rel": "subject",
}


def edit(doc: dict[str, Any], text: str) -> dict[str, Any]:
    """`doc` with a reporter's edit: the first block's text (or the title) and a subject link."""
    out = copy.deepcopy(doc)
    block = next(
        (b for b in out.get("content") or () if isinstance((b.get("data") or {}).get("text"), str)),
        None,
    )
    if block is not None:
        block["data"]["text"] = text
    else:
        out["title"] = text
    out.setdefault("links", []).append(dict(_SUBJECT))
    return out


def bare(doc: dict[str, Any]) -> dict[str, Any]:
    """`doc` without its carrier."""
    props = [p for p in doc.get("properties") or () if p.get("name") != document.CARRIER_PROPERTY]
    return {**doc, "properties": props}


def rotation(texts: list[str]) -> Callable[[], str]:
    """The next of `texts` at each call."""
    return itertools.cycle(texts).__next__


def row(kind: str, stem: str, number: int, rounds: int) -> dict[str, float]:
    """The ratios of one file (see the module docstring)."""
    raw = (REFERENCE / kind / f"{stem}.xml").read_text(encoding="utf-8")
    reference_text = (REFERENCE / kind / f"{stem}.json").read_text(encoding="utf-8")
    guid = newsml.loads(raw).attributes
    old = dict(guid).get("guid", "")
    raws = [raw.replace(old, str(uuid.uuid4())).encode() for _ in range(_COPIES)] if old else []
    raws = raws or [raw.encode()]
    docs = [document.dump(newsml.loads(r)) for r in raws]
    first = [json.dumps(edit(d, "Edited first paragraph.")) for d in docs]
    again = [json.dumps(edit(edit(d, "x"), "Edited twice.")) for d in docs]
    first_bare = [json.dumps(bare(json.loads(t))) for t in first]
    tree = xmltodict.parse(raws[0])

    def parse() -> object:
        return xmltodict.parse(raws[0])

    def unparse() -> object:
        return xmltodict.unparse(tree)

    def ratio(ours: Callable[[], object], baseline: Callable[[], object]) -> float:
        return paired(ours, baseline, number=number, rounds=rounds)[2]

    def opener(carriers: bool) -> Callable[[], object]:
        nxt = rotation([r.decode() for r in raws])
        return lambda: document.dumps(newsml.loads(nxt()), carriers=carriers)

    def saver(texts: list[str], first: bool = False) -> Callable[[], object]:
        nxt = rotation(texts)
        if not first:
            for text in texts:  # each document seen once before: its caches are warm
                document.loads(text)
            return lambda: newsml.dumps(document.loads(nxt()))

        def save() -> object:
            # The first save of a document: the carrier's patch cache (which an
            # editor's later saves hit) is emptied, as for a document not seen before.
            document._PATCHES.clear()
            return newsml.dumps(document.loads(nxt()))

        return save

    return {
        "open": ratio(opener(True), parse),
        "open_bare": ratio(opener(False), parse),
        "save": ratio(saver(first, first=True), unparse),
        "again": ratio(saver(again), unparse),
        "save_bare": ratio(saver(first_bare), unparse),
        "reference": ratio(saver([reference_text]), unparse),
    }


def main() -> int:
    args = arguments(__doc__, 10, 11)
    if args is None:
        return 1
    print(
        "| file | open | open, no carrier | open / no carrier | save (edited) | save again |"
        " save, no carrier | save / no carrier | reference's doc back | reference: fwd / rev |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for label, kind, stem, ref_forward, ref_backward in FILES:
        r = row(kind, stem, args.number, args.rounds)
        print(
            f"| {label} | {r['open']:.2f} | {r['open_bare']:.2f} | "
            f"{r['open'] / r['open_bare']:.2f}x | {r['save']:.2f} | {r['again']:.2f} | "
            f"{r['save_bare']:.2f} | {max(r['save'], r['again']) / r['save_bare']:.2f}x | "
            f"{r['reference']:.2f} | {ref_forward:.2f} / {ref_backward:.2f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
