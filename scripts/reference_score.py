"""Print how many golden-corpus pairs we convert exactly as the reference does.

Per kind and direction (NewsML -> document forward, document -> NewsML
reverse), the number of identical pairs out of all, compared as
``tests/codecs/test_reference.py`` compares them, and how refused inputs
fare (converted, refused with a library error, crashed). ``-v`` lists the
pairs that differ. Needs ``../shared/reference``.

    .venv/bin/python scripts/reference_score.py [-v]
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from support import reference

from newsml_model import NewsItemError


def main() -> int:
    """Print the table; 1 when the corpus is absent."""
    verbose = "-v" in sys.argv[1:]
    if not reference.REFERENCE.is_dir():
        print(f"no corpus at {reference.REFERENCE}")
        return 1
    same: Counter[tuple[str, str]] = Counter()
    total: Counter[tuple[str, str]] = Counter()
    for direction, compare in (("forward", reference.forward), ("reverse", reference.reverse)):
        for kind, name in reference.pairs(direction):
            total[kind, direction] += 1
            try:
                expected, actual = compare(kind, name)
            except Exception as error:
                expected, actual = None, error
            if expected == actual:
                same[kind, direction] += 1
            elif verbose:
                print(
                    f"differs: {direction} {kind}/{name}"
                    + (f" ({actual!r})" if expected is None else "")
                )
    print("| kind | NewsML -> document identical | document -> NewsML identical |")
    print("| --- | --- | --- |")
    for kind in (*reference.KINDS, "total"):
        cells = []
        for direction in ("forward", "reverse"):
            if kind == "total":
                n = sum(v for (_, d), v in same.items() if d == direction)
                t = sum(v for (_, d), v in total.items() if d == direction)
            else:
                n, t = same[kind, direction], total[kind, direction]
            cells.append(f"{n}/{t} ({100 * n // max(t, 1)}%)")
        print(f"| {kind} | {cells[0]} | {cells[1]} |")
    outcome = Counter(
        refused_outcome(name, direction) for name, direction, _ in reference.refused()
    )
    print("refused inputs:", dict(outcome))
    return 0


def refused_outcome(name: str, direction: str) -> str:
    """converted, error (a library error) or crash, for one refused input."""
    try:
        reference.convert_refused(name, direction)
    except NewsItemError:
        return "error"
    except Exception:
        return "crash"
    return "converted"


if __name__ == "__main__":
    raise SystemExit(main())
