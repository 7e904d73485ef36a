"""NavigaDoc codec speed as ratios to xmltodict on the same article, in one run.

    python bench/bench_document.py [--number N] [FILE]

NewsML text -> document JSON text (``document.dumps(newsml.loads(raw))``) is
timed against ``xmltodict.parse`` of the same bytes; document JSON text ->
NewsML text (``newsml.dumps(document.loads(text))``) against
``xmltodict.unparse`` of xmltodict's parse of the same NewsML. The document
is the one `dump` makes of the article, carriers included; a third line
times the reference document alone (``carriers=False``). Targets (issue 4):
both ratios at most 1.6. The same two ratios follow for a concept item and
a planning item (issue 11: the corpus's ``conceptitem-all.xml`` when present,
else our concept fixture, and our planning item fixture). This reports; no
test asserts a timing.

`carrier_rows` gives issue 12's rows for one article (``document.dump`` with
and without the carrier against ``xmltodict.parse``, ``document.load`` +
``newsml.dumps`` from JSON text against ``xmltodict.unparse``);
``bench/bench_all.py`` calls it, and this script prints them for the corpus
text article and ``tests/fixtures/article-full.xml``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import xmltodict
from _timing import ROOT, interleaved, sample_article

from newsml_codecs import document, newsml

CONCEPT = (
    ROOT.parent / "shared" / "corpus" / "writer-format" / "conceptitem" / "conceptitem-all.xml"
)
CONCEPT_FIXTURE = ROOT / "tests" / "fixtures" / "kind-concept-event.xml"
PLANNING = ROOT / "tests" / "fixtures" / "kind-planningitem.xml"


def _kind_rows(label: str, raw: bytes, number: int) -> list[tuple[str, float, float]]:
    """Both directions for one item of another kind, against xmltodict."""
    text = document.dumps(newsml.loads(raw))
    tree = xmltodict.parse(raw)
    to_doc, parse = interleaved(
        lambda: document.dumps(newsml.loads(raw)), lambda: xmltodict.parse(raw), number=number
    )
    to_xml, unparse = interleaved(
        lambda: newsml.dumps(document.loads(text)), lambda: xmltodict.unparse(tree), number=number
    )
    return [
        (f"{label}: NewsML -> document / parse", to_doc, parse),
        (f"{label}: document -> NewsML / unparse", to_xml, unparse),
    ]


FULL_ARTICLE = ROOT / "tests" / "fixtures" / "article-full.xml"


def carrier_rows(raw: bytes, number: int = 100) -> list[tuple[str, float, float, float | None]]:
    """Issue 12's rows for the article `raw`: (label, ours s, baseline s, target ratio or None).

    The item is parsed once outside the timings, so `dump` is timed alone;
    `load` starts from the JSON text `document.dumps` wrote (carrier included).
    """
    item = newsml.loads(raw)
    text = document.dumps(item)
    tree = xmltodict.parse(raw)
    dump, parse = interleaved(
        lambda: document.dump(item), lambda: xmltodict.parse(raw), number=number
    )
    plain, parse2 = interleaved(
        lambda: document.dump(item, carriers=False), lambda: xmltodict.parse(raw), number=number
    )
    load, unparse = interleaved(
        lambda: newsml.dumps(document.loads(text)), lambda: xmltodict.unparse(tree), number=number
    )
    return [
        ("document.dump (with carrier) / parse", dump, parse, 0.8),
        ("document.dump carriers=False / parse", plain, parse2, None),
        ("document.loads + newsml.dumps / unparse", load, unparse, 1.0),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "file", nargs="?", type=Path, help="article to time (default: corpus text article)"
    )
    parser.add_argument("--number", type=int, default=100, help="calls per timed round")
    args = parser.parse_args()
    name, raw = (args.file.name, args.file.read_bytes()) if args.file else sample_article()
    text = document.dumps(newsml.loads(raw))
    tree = xmltodict.parse(raw)

    to_doc, parse = interleaved(
        lambda: document.dumps(newsml.loads(raw)), lambda: xmltodict.parse(raw), number=args.number
    )
    plain, parse2 = interleaved(
        lambda: document.dumps(newsml.loads(raw), carriers=False),
        lambda: xmltodict.parse(raw),
        number=args.number,
    )
    to_xml, unparse = interleaved(
        lambda: newsml.dumps(document.loads(text)),
        lambda: xmltodict.unparse(tree),
        number=args.number,
    )

    concept = CONCEPT if CONCEPT.exists() else CONCEPT_FIXTURE
    kinds = [
        *_kind_rows("concept", concept.read_bytes(), args.number),
        *_kind_rows("planning item", PLANNING.read_bytes(), args.number),
    ]
    print(f"concept: {concept.name}, planning item: {PLANNING.name}")
    print(
        f"article: {name}, {len(raw) / 1024:.1f} KiB, document {len(text) / 1024:.1f} KiB,"
        f" median of 9 rounds x {args.number} calls"
    )
    print(f"{'operation':<44}{'ours':>10}{'baseline':>11}{'ratio':>8}  target")
    for label, ours, base in (
        ("NewsML -> document JSON / xmltodict.parse", to_doc, parse),
        ("  same, carriers=False / xmltodict.parse", plain, parse2),
        ("document JSON -> NewsML / xmltodict.unparse", to_xml, unparse),
        *kinds,
    ):
        print(f"{label:<44}{ours * 1e6:>8.0f}us{base * 1e6:>9.0f}us{ours / base:>8.2f}  <= 1.6")
    for title, source in ((name, raw), (FULL_ARTICLE.name, FULL_ARTICLE.read_bytes())):
        print(f"issue 12, {title} ({len(source) / 1024:.1f} KiB):")
        for label, ours, base, target in carrier_rows(source, args.number):
            goal = "" if target is None else f"  <= {target}"
            print(f"  {label:<42}{ours * 1e6:>8.0f}us{base * 1e6:>9.0f}us{ours / base:>8.2f}{goal}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
