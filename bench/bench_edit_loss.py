"""What the carrier keeps through the Writer's everyday edits (issue 27), as diff lines.

    python bench/bench_edit_loss.py [--every N]

For each NewsML file of ``../shared/corpus`` and of the golden corpus's
forward inputs (every Nth), the document ``dump`` makes of it is edited as a
reporter does (one block's text changed, a subject link appended, the title
changed), loaded back, and compared with the original in canonical form
(``newsml.equivalent``'s: attribute order and namespace prefixes aside).
The number of differing lines counts the edit's own lines and whatever the
carrier failed to restore beside it; the lower, the more the carrier kept.
It measures, it asserts nothing: run it on two revisions to compare
carriers (edits win either way: the law tests pin that).
"""

from __future__ import annotations

import argparse
import copy
import difflib
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from newsml_codecs import document, newsml
from newsml_codecs._canonical import canonical_form
from newsml_model import NewsItemError

SHARED = Path(__file__).resolve().parents[2] / "shared"
_LINK = {
    "type": "x-im/category",
    "rel": "subject",
    "title": "Added",
    "uuid": "03d22994-a1d1-11e5-aab3-6ed9a6c3f6f2",
}
Edit = Callable[[dict[str, Any], random.Random], bool]


def _block_text(doc: dict[str, Any], rnd: random.Random) -> bool:
    blocks = [
        b for b in doc.get("content") or () if isinstance((b.get("data") or {}).get("text"), str)
    ]
    if not blocks:
        return False
    rnd.choice(blocks)["data"]["text"] = "Edited text."
    return True


def _link(doc: dict[str, Any], rnd: random.Random) -> bool:
    doc.setdefault("links", []).append(dict(_LINK))
    return True


def _title(doc: dict[str, Any], rnd: random.Random) -> bool:
    doc["title"] = "Edited title"
    return True


EDITS: dict[str, Edit] = {"block text": _block_text, "link added": _link, "title": _title}


def canonical_lines(item: Any) -> list[str]:
    """The canonical NewsML of `item`, one element per line (what `differing` compares)."""
    return canonical_form(newsml.dumps(item)).replace("><", ">\n<").splitlines()


def differing(a: list[str], b: list[str]) -> int:
    """Lines removed or added between `a` and `b`."""
    diff = difflib.unified_diff(a, b, lineterm="", n=0)
    return sum(1 for line in diff if line[:1] in "+-" and not line.startswith(("+++", "---")))


def inputs(every: int = 1) -> list[Path]:
    """The NewsML files of ``../shared/corpus``, then every Nth golden-corpus forward input."""
    files = sorted((SHARED / "corpus").rglob("*.xml"))
    return files + sorted((SHARED / "reference" / "forward").glob("*/*.xml"))[::every]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=4, help="every Nth golden-corpus input")
    args = parser.parse_args()
    if not SHARED.is_dir():
        print("../shared is absent", file=sys.stderr)
        return 1
    rnd = random.Random(27)
    totals = {name: [0, 0] for name in EDITS}  # edits, lines
    for path in inputs(args.every):
        try:
            original = newsml.loads(path.read_bytes())
            doc = document.dump(original)
        except NewsItemError:  # inputs the converter refuses are not edited
            continue
        before = canonical_lines(original)
        for name, edit in EDITS.items():
            edited = copy.deepcopy(doc)
            if edit(edited, rnd):
                totals[name][0] += 1
                totals[name][1] += differing(before, canonical_lines(document.load(edited)))
    print("| edit | edits | differing lines | per edit |")
    print("| --- | --- | --- | --- |")
    for name, (count, lines) in totals.items():
        print(f"| {name} | {count} | {lines} | {lines / max(count, 1):.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
