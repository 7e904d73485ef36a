"""NewsML codec speed as ratios to xmltodict on the same bytes, in one run.

    python bench/bench_newsml.py [--number N] [FILE]

``newsml.loads`` is timed against ``xmltodict.parse`` and ``newsml.dumps``
against ``xmltodict.unparse`` (of xmltodict's own parse result), alternately,
on the same article. Targets (issue 12): loads at most 1.0, dumps at most
0.5. ``bench_all.py`` prints these rows with the rest of issue 12's table.
This reports; no test asserts a timing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import xmltodict
from _timing import interleaved, sample_article

from newsml_codecs import newsml


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "file", nargs="?", type=Path, help="article to time (default: corpus text article)"
    )
    parser.add_argument("--number", type=int, default=200, help="calls per timed round")
    args = parser.parse_args()
    name, raw = (args.file.name, args.file.read_bytes()) if args.file else sample_article()
    item = newsml.loads(raw)
    tree = xmltodict.parse(raw)

    loads, parse = interleaved(
        lambda: newsml.loads(raw), lambda: xmltodict.parse(raw), number=args.number
    )
    dumps, unparse = interleaved(
        lambda: newsml.dumps(item), lambda: xmltodict.unparse(tree), number=args.number
    )

    print(f"article: {name}, {len(raw) / 1024:.1f} KiB, median of 9 rounds x {args.number} calls")
    print(f"{'operation':<34}{'ours':>10}{'baseline':>11}{'ratio':>8}  target")
    for label, ours, base, target in (
        ("newsml.loads / xmltodict.parse", loads, parse, 1.0),
        ("newsml.dumps / xmltodict.unparse", dumps, unparse, 0.5),
    ):
        print(
            f"{label:<34}{ours * 1e6:>8.0f}us{base * 1e6:>9.0f}us{ours / base:>8.2f}  <= {target}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
