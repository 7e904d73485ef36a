"""Schema validation speed as a ratio to a bare jsonschema validator, in one run.

    python bench/bench_schema.py [--number N] [FILE]

``schema.errors(doc)`` is timed against ``list(bare.iter_errors(doc))``,
where ``bare`` is a `jsonschema.Draft202012Validator` built here from the same
schema with the same format checker, precompiled before timing, on the same
document: the one ``document.dump`` makes of the article (carriers included).
A second line times an invalid copy of the document (four problems), so the
cost of turning errors into messages shows too; ``is_valid`` gets a third.
Since issue 12 the verdict comes from a compiled validator, so a valid
document costs a small fraction of the bare validator; an invalid one about
the same (target 1.2x). Issue 12's goal, validate at most 0.05x a bare
``xmltodict.parse``, is a row of ``bench_all.py``. This reports; no test
asserts a timing.
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path
from typing import Any

from _timing import interleaved, sample_article
from jsonschema import Draft202012Validator

from newsml_codecs import document, newsml, schema


def broken(doc: dict[str, Any]) -> dict[str, Any]:
    """A copy of `doc` with four schema problems, one of them nested."""
    bad = copy.deepcopy(doc)
    bad["uuid"] = "not-a-uuid"
    bad["created"] = "yesterday"
    bad.setdefault("links", []).append({"uri": "no scheme", "links": [{"data": {"n": 1}}]})
    return bad


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "file", nargs="?", type=Path, help="article to time (default: corpus text article)"
    )
    parser.add_argument("--number", type=int, default=200, help="calls per timed round")
    args = parser.parse_args()
    name, raw = (args.file.name, args.file.read_bytes()) if args.file else sample_article()
    doc = document.dump(newsml.loads(raw))
    bad = broken(doc)
    bare = Draft202012Validator(schema.SCHEMA, format_checker=schema.FORMAT_CHECKER)
    assert [] == list(bare.iter_errors(doc)) == schema.errors(doc)
    assert len(list(bare.iter_errors(bad))) == len(schema.errors(bad)) == 4

    rows = []
    for label, ours, base in (
        (
            "validate(valid) / bare iter_errors",
            lambda: schema.errors(doc),
            lambda: list(bare.iter_errors(doc)),
        ),
        (
            "validate(invalid) / bare iter_errors",
            lambda: schema.errors(bad),
            lambda: list(bare.iter_errors(bad)),
        ),
        (
            "is_valid(valid) / bare is_valid",
            lambda: schema.is_valid(doc),
            lambda: bare.is_valid(doc),
        ),
    ):
        rows.append((label, *interleaved(ours, base, number=args.number)))

    blocks = sum(len(doc.get(key, [])) for key in ("content", "meta", "links"))
    print(
        f"article: {name}, document with {blocks} top-level blocks,"
        f" median of 9 rounds x {args.number} calls"
    )
    print(f"{'operation':<40}{'ours':>10}{'baseline':>11}{'ratio':>8}  target")
    for label, ours, base in rows:
        print(f"{label:<40}{ours * 1e6:>8.1f}us{base * 1e6:>9.0f}us{ours / base:>8.3f}  <= 1.2")
    return 0


if __name__ == "__main__":
    sys.exit(main())
