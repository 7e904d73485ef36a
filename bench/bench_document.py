"""NavigaDoc codec speed as ratios to xmltodict on the same article, in one run.

    python bench/bench_document.py [--number N] [FILE]

NewsML text -> document JSON text (``document.dumps(newsml.loads(raw))``) is
timed against ``xmltodict.parse`` of the same bytes; document JSON text ->
NewsML text (``newsml.dumps(document.loads(text))``) against
``xmltodict.unparse`` of xmltodict's parse of the same NewsML. The document
is the one `dump` makes of the article, carriers included; a third line
times the reference document alone (``carriers=False``). Targets (issue 4):
both ratios at most 1.6. This reports; no test asserts a timing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import xmltodict
from _timing import interleaved, sample_article

from newsml_codecs import document, newsml


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

    print(
        f"article: {name}, {len(raw) / 1024:.1f} KiB, document {len(text) / 1024:.1f} KiB,"
        f" median of 9 rounds x {args.number} calls"
    )
    print(f"{'operation':<44}{'ours':>10}{'baseline':>11}{'ratio':>8}  target")
    for label, ours, base in (
        ("NewsML -> document JSON / xmltodict.parse", to_doc, parse),
        ("  same, carriers=False / xmltodict.parse", plain, parse2),
        ("document JSON -> NewsML / xmltodict.unparse", to_xml, unparse),
    ):
        print(f"{label:<44}{ours * 1e6:>8.0f}us{base * 1e6:>9.0f}us{ours / base:>8.2f}  <= 1.6")
    return 0


if __name__ == "__main__":
    sys.exit(main())
