"""Compare the two ways `document.load` applies a carrier, on the Writer's everyday edits.

    .venv/bin/python scripts/carrier_edits.py [--every N] [--kind KIND] [--seed S] [--show K]

A carrier whose JSON holds the key ``"n"`` is applied the fast way; without
it, the existing way. The inputs of ``bench/bench_edit_loss.py`` (every Nth,
of one root kind) are dumped, edited as a Writer user does, and loaded both
ways: as edited ("n") and with ``"n"`` taken out of the carrier ("old"). Per
edit, the table counts the cases, the edits that could not apply, the
loads the anchored way built (the others declined to the patch way), library
errors (both ways, or one way only: a bug, listed), equal items, and the
canonical NewsML lines lost against the original (the lower the better).
Edits win when the loaded item shows the *oracle*'s reference document: the
edited document loaded with its carrier emptied but for its kind header
and tie (``tests/support/carrier.py``; without the header a document of
another kind, or without a type, loads as something else or not at all).
"edits fail" counts results that differ from it, "law fails" those the
carrier law (`agrees`) rejects: it also forgives what NewsML cannot hold (a
reference document that does not survive its own round trip). ``--show K``
prints the first K cases whose two results differ: input, edit and the diff
of the two canonical NewsML outputs. It reports, asserts nothing; needs ``../shared``.
"""

from __future__ import annotations

import argparse
import copy
import difflib
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from bench_edit_loss import EDITS, SHARED, canonical_lines, differing, inputs
from support.carrier import CARRIER_PROPERTY, KINDS, agrees, oracle, split_value, stripped

from newsml_codecs import document, newsml
from newsml_codecs.document import _convert
from newsml_model import NewsItemError

Doc = dict[str, Any]
Result = Any  # a loaded item, or the NewsItemError its load raised
WAYS = ("n", "old")
LISTED = 10  # failures listed per kind of failure


def _blocks(doc: Doc, key: str, least: int) -> list[Any] | None:
    """``doc[key]`` when it is a list of at least `least` entries (else the edit cannot apply)."""
    found = doc.get(key)
    return found if isinstance(found, list) and len(found) >= least else None


def _insert(doc: Doc, rnd: random.Random) -> bool:
    blocks = _blocks(doc, "content", 1)
    if blocks is None:
        return False
    new = {"id": f"{rnd.getrandbits(48):012x}", "type": "x-im/paragraph"}
    blocks.insert(len(blocks) // 2, {**new, "data": {"text": "New.", "format": "html"}})
    return True


def _remove(doc: Doc, rnd: random.Random, key: str) -> bool:
    found = _blocks(doc, key, 1)
    if found is None:
        return False
    del found[rnd.randrange(len(found))]
    return True


def _swap_blocks(doc: Doc, rnd: random.Random) -> bool:
    blocks = _blocks(doc, "content", 2)
    if blocks is None:
        return False
    i, j = rnd.sample(range(len(blocks)), 2)
    blocks[i], blocks[j] = blocks[j], blocks[i]
    return True


def _swap_links(doc: Doc, rnd: random.Random) -> bool:
    links = _blocks(doc, "links", 2)
    if links is None:
        return False
    links[0], links[1] = links[1], links[0]
    return True


def _note(doc: Doc, rnd: random.Random) -> bool:
    meta = [m for m in doc.get("meta") or () if isinstance(m, dict)]
    notes = [m for m in meta if m.get("type") == "x-im/note" and isinstance(m.get("data"), dict)]
    if notes:
        rnd.choice(notes)["data"]["text"] = "Edited note."
    elif meta:
        rnd.choice(meta)["title"] = "Edited meta title"
    return bool(meta)


def _status(doc: Doc, rnd: random.Random) -> bool:
    """The Writer's setPubStatus: another status (draft, done, usable)."""
    old = doc.get("status")
    doc["status"] = rnd.choice([s for s in ("draft", "done", "usable") if s != old])
    return True


def _published(doc: Doc, rnd: random.Random) -> bool:
    """The Writer's setPubStart: a publication time set (or moved), a minute past the hour."""
    doc["published"] = f"2026-11-{rnd.randint(1, 28):02d}T{rnd.randint(0, 23):02d}:01:00Z"
    return True


def _published_version(doc: Doc, rnd: random.Random) -> bool:
    """The Writer's setHasPublishedVersion(true), as at a publish: the ext property set."""
    props = [
        p
        for p in doc.get("properties") or ()
        if p.get("name") not in (CARRIER_PROPERTY, "imext:haspublishedversion")
    ]
    carrier = [p for p in doc.get("properties") or () if p.get("name") == CARRIER_PROPERTY]
    mark = {"name": "imext:haspublishedversion", "value": "true"}
    doc["properties"] = sorted([*props, mark], key=lambda p: p.get("name") or "") + carrier
    return True


def _reporter(doc: Doc, rnd: random.Random) -> bool:
    return EDITS["block text"](doc, rnd) and EDITS["link added"](doc, rnd)


CASES: dict[str, Callable[[Doc, random.Random], bool]] = {
    "block text": EDITS["block text"],
    "paragraph inserted": _insert,
    "block removed": lambda doc, rnd: _remove(doc, rnd, "content"),
    "blocks swapped": _swap_blocks,
    "link added": EDITS["link added"],
    "link removed": lambda doc, rnd: _remove(doc, rnd, "links"),
    "links swapped": _swap_links,
    "note or meta title": _note,
    "title": EDITS["title"],
    "reporter (text + link)": _reporter,
    "status": _status,
    "publication time": _published,
    "published version": _published_version,
    "none": lambda doc, rnd: True,
}


def without_n(doc: Doc) -> Doc:
    """`doc` with ``"n"`` taken out of its carrier's JSON (the existing way), header kept."""
    props = []
    for prop in doc.get("properties") or ():
        if prop.get("name") == CARRIER_PROPERTY:
            head, text = split_value(prop["value"])
            carrier = {k: v for k, v in json.loads(text).items() if k != "n"}
            prop = {**prop, "value": head + json.dumps(carrier, separators=(",", ":"))}
        props.append(prop)
    return {**doc, "properties": props} if "properties" in doc else doc


ANCHORED: list[bool] = []
"""Whether each anchored save of the last load built the item (False: it declined)."""


def _spied(restore: Callable[..., Any]) -> Callable[..., Any]:
    """`restore` noting in `ANCHORED` whether it built the item or declined."""

    def spy(*args: Any, **keywords: Any) -> Any:
        done = restore(*args, **keywords)
        ANCHORED.append(done is not None)
        return done

    return spy


_convert.restore = _spied(_convert.restore)


def load(doc: Doc) -> tuple[Result, float]:
    """(item or the library error, CPU seconds) of ``document.load(doc)``."""
    ANCHORED.clear()
    start = time.process_time()
    try:
        result: Result = document.load(doc)
    except NewsItemError as error:
        result = error
    return result, time.process_time() - start


def visible(item: Any) -> Any:
    """The reference document of `item`, as JSON values (properties a list, in order)."""
    return json.loads(json.dumps(document.dump(item, carriers=False)))


def lines(result: Result) -> list[str]:
    """Canonical NewsML lines of a result (the error's text when it raised)."""
    if isinstance(result, NewsItemError):
        return [f"raised {result!r}"]
    return canonical_lines(result)


COLUMNS: tuple[str, ...] = ("cases", "skipped", "anchored", "both raise", "one raises", "identical")
CHECKS = ("edits fail", "law fails")
COLUMNS += ("no oracle", *(f"{c} ({w})" for c in CHECKS for w in WAYS))
COLUMNS += tuple(f"lines lost ({w})" for w in WAYS)


class Tally:
    """Counts per edit, failures to list and time per way."""

    def __init__(self) -> None:
        self.rows = {name: dict.fromkeys(COLUMNS, 0) for name in CASES}
        self.one_raises: list[str] = []
        self.fails: dict[tuple[str, str], list[str]] = {(c, w): [] for c in CHECKS for w in WAYS}
        self.seconds = dict.fromkeys(WAYS, 0.0)
        self.inputs = self.refused = self.shown = 0


def same(a: Result, b: Result) -> bool:
    """Equal items, or errors of one class and message."""
    if isinstance(a, NewsItemError) and isinstance(b, NewsItemError):
        return type(a) is type(b) and str(a) == str(b)
    return bool(a == b)


Fails = dict[str, tuple[bool, ...]]  # per way, whether each of CHECKS failed


def compare(
    tally: Tally, where: str, edit: str, edited: Doc, results: dict[str, Result], baseline: Fails
) -> Fails:
    """Count the two results of one edited document but for lines lost.

    A failure is listed only where the input's unedited document (`baseline`)
    passes the same check: the others fail whatever the edit.
    """
    row = tally.rows[edit]
    row["cases"] += 1
    raised = [w for w in WAYS if isinstance(results[w], NewsItemError)]
    if len(raised) == 2:
        row["both raise"] += 1
    elif raised:
        row["one raises"] += 1
        if len(tally.one_raises) < 3 * LISTED:
            tally.one_raises.append(f"{where} / {edit}: {raised[0]} raised {results[raised[0]]!r}")
    row["identical"] += same(results["n"], results["old"])
    try:  # the edited document as the converter reads it without the carrier's patch
        want = visible(document.load(oracle(edited)))
    except NewsItemError:
        row["no oracle"] += 1
        return {}
    user = stripped(edited)
    fails: Fails = {}
    for way in WAYS:
        result = results[way]
        if isinstance(result, NewsItemError):
            continue
        if way != "n" and "n" in fails and same(result, results["n"]):
            fails[way] = fails["n"]  # equal items show the same document
        else:
            got = visible(result)
            fails[way] = got != want, not agrees(got, user, want)
        for i, check in enumerate(CHECKS):
            row[f"{check} ({way})"] += fails[way][i]
            listed = tally.fails[check, way]
            if fails[way][i] and not baseline.get(way, (0, 0))[i] and len(listed) < LISTED:
                listed.append(f"{where} / {edit}")
    return fails


def run(args: argparse.Namespace) -> Tally:
    """Edit and load every input, counting into a `Tally`."""
    tally = Tally()
    for path in inputs()[:: args.every]:
        where = str(path.relative_to(SHARED))
        try:
            original = newsml.loads(path.read_bytes())
            doc = document.dump(original)
        except NewsItemError:  # inputs the converter refuses are not edited
            tally.refused += 1
            continue
        if args.kind and original.element_name != args.kind:
            continue
        tally.inputs += 1
        before = canonical_lines(original)
        rnd = random.Random(f"{args.seed}:{where}")  # the same edits whatever --every takes
        edited: dict[str, Doc] = {}
        for edit, apply in CASES.items():
            candidate = copy.deepcopy(doc)
            if apply(candidate, rnd):
                edited[edit] = candidate
            else:
                tally.rows[edit]["skipped"] += 1
        results: dict[str, dict[str, Result]] = {edit: {} for edit in edited}
        for way in WAYS:
            document._PATCHES.clear()  # each way derives its patch once per input
            for edit, one in edited.items():
                try:
                    results[edit][way], seconds = load(one if way == "n" else without_n(one))
                except Exception as error:  # a crash: said where, then raised
                    error.add_note(f"loading {where} / {edit} the {way} way")
                    raise
                if way == "n" and ANCHORED == [True]:
                    tally.rows[edit]["anchored"] += 1
                tally.seconds[way] += seconds
        # Until the unedited case is compared: its own strict failure is no edit lost.
        baseline: Fails = {way: (True, False) for way in WAYS}
        for edit in sorted(edited, key=lambda edit: edit != "none"):  # the baseline first
            fails = compare(tally, where, edit, edited[edit], results[edit], baseline)
            baseline = fails if edit == "none" else baseline
            got = results[edit]
            equal = same(got["n"], got["old"])
            outputs = {"n": lines(got["n"])}
            outputs["old"] = outputs["n"] if equal else lines(got["old"])
            for way in WAYS:
                if not isinstance(got[way], NewsItemError):
                    tally.rows[edit][f"lines lost ({way})"] += differing(before, outputs[way])
            if not equal and tally.shown < args.show:
                tally.shown += 1
                show(where, edit, outputs)
    return tally


def show(where: str, edit: str, outputs: dict[str, list[str]]) -> None:
    """Print one differing case: its input, its edit and the diff of the two outputs."""
    print(f"### {where}: {edit}\n\n```diff")
    print("\n".join(difflib.unified_diff(outputs["old"], outputs["n"], "old", "n", lineterm="")))
    print("```\n")


def report(tally: Tally) -> None:
    """Print the table, the failures and the CPU time of each way."""
    print(f"{tally.inputs} inputs edited, {tally.refused} refused by the converter (not edited)\n")
    print("| edit | " + " | ".join(COLUMNS) + " |")
    print("| --- " * (len(COLUMNS) + 1) + "|")
    total = dict.fromkeys(COLUMNS, 0)
    for name, row in tally.rows.items():
        print(f"| {name} | " + " | ".join(str(row[c]) for c in COLUMNS) + " |")
        total = {c: total[c] + row[c] for c in COLUMNS}
    print("| total | " + " | ".join(str(total[c]) for c in COLUMNS) + " |\n")
    print(f"Raised one way only, first {3 * LISTED}:", *tally.one_raises or ["none"], sep="\n- ")
    for (check, way), cases in tally.fails.items():
        title = f"\n{check.capitalize()} ({way}) where the unedited passes, first {LISTED}:"
        print(title, *cases or ["none"], sep="\n- ")
    print()
    for way in WAYS:
        print(f"CPU seconds of the loads ({way}): {tally.seconds[way]:.2f}")


def main() -> int:
    """Parse the options, run and print; 1 when ``../shared`` is absent."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=1, help="take every Nth input")
    parser.add_argument("--kind", choices=KINDS, help="only inputs of this root kind")
    parser.add_argument("--seed", default="0", help="seed of the edits' random choices")
    parser.add_argument("--show", type=int, default=0, help="print the first K differing cases")
    args = parser.parse_args()
    if not SHARED.is_dir():
        print(f"no corpus at {SHARED}", file=sys.stderr)
        return 1
    report(run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
