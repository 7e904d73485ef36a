"""The Writer's two calls as the service runs them, with and without the carrier (issue 27).

    python bench/bench_save.py [--number N] [--rounds R]

On the six files of issue 27's table, as the service's users make them,
each time over ``xmltodict.parse`` (an open) or ``xmltodict.unparse`` of
the parsed file (a save):

* open: ``jsontext.dumps(SERVICE.from_newsml(xml))``, ConvertToDocument's
  conversion on a converter with a seal key, as ``newsml serve`` gives its
  workers (the carrier records a newsItem's skeleton, sealed, so the save
  copies its unchanged nodes as text, unread); beside it the library's path,
  ``document.dumps(newsml.loads(xml))``, and the open without the carrier,
  ``document.dumps(newsml.loads(xml), carriers=False)``;
* save: ``SERVICE.to_newsml(jsontext.loads(text))``, ConvertToNewsml's
  conversion, of the opened document with a reporter's edit (the first
  block's text changed, or the title where no block has text; a subject
  link added), and save again (a later edit of the same document, same
  carrier, each document saved once with another edit before the timing,
  as an editor's later saves are); beside them the library's path,
  ``newsml.dumps(document.loads(text))`` of the document the library's
  open made and edited alike, and the same edited document without its
  carrier (``to_newsml``, which is the library's save there);
* the reference's own document back (the golden corpus's JSON, ``to_newsml``).

Every call of open and save takes a document of its own guid (a rotation
of 16 prepared copies), and every edited save words its paragraph (or
title) anew, as a reporter's new words are: no save before made that
block's node, so the per-process table of new blocks' nodes (`made`) is
no help to it, as it is none to the Writer's next save. The first save
also empties what a save remembers of the documents it saw (`forget`: the
carried originals, skeletons' originals and patches an editor's later
saves hit, and the per-process tables of blocks' nodes and trips, which
the prepared copies, alike but for their guid, would otherwise share), as
for a document not seen before. Each
ratio is the median of per-round ratios (`_timing.paired`, CPU time). The
goals of issue 27, judged on the service's columns: open <= 1.2x open
without the carrier, save and save again <= 1.25x save without it, every
path within 3.0x the reference's time (the second table). Needs
``../shared/reference``; this reports, no test asserts a timing.
"""

from __future__ import annotations

import copy
import itertools
import json
import os
import sys
import uuid
from collections.abc import Callable
from functools import partial
from typing import Any

import xmltodict
from _timing import paired
from bench_reference import FILES, REFERENCE, arguments

from newsml_codecs import _xmlwritten, document, jsontext, newsml
from newsml_codecs.document._carrier import listed, made

_COPIES = 16
SERVICE = document.Converter(seal_key=os.urandom(32))
"""The service's converter: ``newsml serve`` gives its workers one with a seal key."""
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


def forget() -> None:
    """Forget what saves remembered of the documents they saw, as for a document not seen
    before: the carried originals, skeletons' originals and patches
    (``document._PATCHES``), and the tables of blocks' nodes and texts (`made`,
    `_xmlwritten`) and lists' trips (`listed`) kept by the blocks' contents."""
    document._PATCHES.clear()
    made.MADE.clear()
    listed.TRIPS.clear()
    _xmlwritten._KEPT.clear()


def worded(
    docs: list[dict[str, Any]], words: str, count: int, *, later: bool = False, start: int = 0
) -> list[str]:
    """`count` edited documents of `docs` in turn (`edit`), each worded anew, numbered from
    `start`, as a reporter's new words are; `later`: an edit made on top of an earlier one,
    as a later save sends."""
    return [
        json.dumps(edit(edit(doc, "x") if later else doc, f"{words} {start + at}."))
        for at, doc in zip(range(count), itertools.cycle(docs))
    ]


def saved_before(docs: list[dict[str, Any]]) -> list[str]:
    """Each of `docs` with the edit saved before the timed saves again (`worded`'s later)."""
    return [json.dumps(edit(doc, "Saved before.")) for doc in docs]


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
    reference_doc = jsontext.loads((REFERENCE / kind / f"{stem}.json").read_text(encoding="utf-8"))
    guid = newsml.loads(raw).attributes
    old = dict(guid).get("guid", "")
    raws = [raw.replace(old, str(uuid.uuid4())) for _ in range(_COPIES)] if old else []
    raws = raws or [raw]
    served = [SERVICE.from_newsml(r) for r in raws]  # ConvertToDocument's documents
    library = [document.dump(newsml.loads(r)) for r in raws]
    xml = raws[0].encode()
    tree = xmltodict.parse(xml)

    def parse() -> object:
        return xmltodict.parse(xml)

    def unparse() -> object:
        return xmltodict.unparse(tree)

    def ratio(ours: Callable[[], object], baseline: Callable[[], object]) -> float:
        return paired(ours, baseline, number=number, rounds=rounds)[2]

    def opener(convert: Callable[[str], object]) -> Callable[[], object]:
        nxt = rotation(raws)
        return lambda: convert(nxt())

    calls = number * rounds + 1  # `paired`: one call first, then `number` a round

    def saver(
        convert: Callable[[str], object], texts: list[str], warm: list[str] | None = None
    ) -> Callable[[], object]:
        """Each call converts the next of `texts`; with `warm` (save again), each document
        is saved once before, with another edit; without, each call is a first save."""
        nxt = iter(texts).__next__
        if warm is not None:
            for text in warm:  # each document seen once before: its caches are warm
                convert(text)
            return lambda: convert(nxt())

        def save() -> object:
            forget()  # the first save of a document not seen before
            return convert(nxt())

        return save

    def service_save(text: str) -> object:
        return SERVICE.to_newsml(jsontext.loads(text))

    def library_save(text: str) -> object:
        return newsml.dumps(document.loads(text))

    reference_text = json.dumps(reference_doc)
    return {
        "open": ratio(opener(lambda r: jsontext.dumps(SERVICE.from_newsml(r))), parse),
        "open_library": ratio(opener(document_of), parse),
        "open_bare": ratio(opener(partial(document_of, carriers=False)), parse),
        "save": ratio(saver(service_save, worded(served, "Edited", calls)), unparse),
        "again": ratio(
            saver(
                service_save,
                worded(served, "Edited again", calls, later=True),
                saved_before(served),
            ),
            unparse,
        ),
        "save_library": ratio(saver(library_save, worded(library, "Edited", calls)), unparse),
        "again_library": ratio(
            saver(
                library_save,
                worded(library, "Edited again", calls, later=True),
                saved_before(library),
            ),
            unparse,
        ),
        "save_bare": ratio(
            saver(
                service_save,
                [json.dumps(bare(json.loads(t))) for t in worded(served, "Edited", calls)],
                [],
            ),
            unparse,
        ),
        "reference": ratio(saver(service_save, [reference_text] * calls, []), unparse),
    }


def document_of(xml: str, *, carriers: bool = True) -> object:
    """The library's open: ``document.dumps(newsml.loads(xml))``."""
    return document.dumps(newsml.loads(xml), carriers=carriers)


def verdict(value: float, goal: float) -> str:
    """`value` as a multiple, marked where it misses `goal`."""
    return f"{value:.2f}x" + ("" if value <= goal else " (no)")


def main() -> int:
    args = arguments(__doc__, 10, 11)
    if args is None:
        return 1
    rows = []
    for label, kind, stem, ref_forward, ref_backward in FILES:
        r = row(kind, stem, args.number, args.rounds)
        rows.append((label, r, ref_forward, ref_backward))
        print(f"measured {label}", file=sys.stderr, flush=True)
    print(
        "| file | open | open (library) | open, no carrier | save (edited) | save again |"
        " save (library) | save again (library) | save, no carrier | reference's doc back |"
        " reference: fwd / rev |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for label, r, ref_forward, ref_backward in rows:
        print(
            f"| {label} | {r['open']:.2f} | {r['open_library']:.2f} | {r['open_bare']:.2f} | "
            f"{r['save']:.2f} | {r['again']:.2f} | {r['save_library']:.2f} | "
            f"{r['again_library']:.2f} | {r['save_bare']:.2f} | {r['reference']:.2f} | "
            f"{ref_forward:.2f} / {ref_backward:.2f} |"
        )
    print()
    print(
        "| file | open / no carrier (<= 1.2x) | save / no carrier (<= 1.25x) |"
        " save again / no carrier (<= 1.25x) | open / reference's fwd (<= 3.0x) |"
        " save / reference's rev (<= 3.0x) | save again / reference's rev (<= 3.0x) |"
        " reference's doc back / reference's rev (<= 3.0x) |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for label, r, ref_forward, ref_backward in rows:
        print(
            f"| {label} | {verdict(r['open'] / r['open_bare'], 1.2)} | "
            f"{verdict(r['save'] / r['save_bare'], 1.25)} | "
            f"{verdict(r['again'] / r['save_bare'], 1.25)} | "
            f"{verdict(r['open'] / ref_forward, 3.0)} | "
            f"{verdict(r['save'] / ref_backward, 3.0)} | "
            f"{verdict(r['again'] / ref_backward, 3.0)} | "
            f"{verdict(r['reference'] / ref_backward, 3.0)} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
