"""The document codec before and after a change, paired in one run: dump and load, carrier or not.

    python bench/bench_options.py [--baseline REV] [--number N] [--rounds R] [--options FILE]

Two worker processes import the codecs, one from this tree and one from
``git archive REV`` (default ``HEAD``) in a scratch directory, and time on
the same files five steps: ``dump`` (``document.dump(item,
carriers=False)``), ``load`` (the reference document, no carrier),
``cdump`` (``document.dump(item)``, the carrier made), ``cload`` (the
document with its carrier, unedited: the original comes back) and
``eload`` (that document with its title edited, the patch cache cleared
before each call: the Writer's first save of an edit). With
``--options``, both sides pass those converter options (a JSON file) as
``options=`` on every call, as a caller of the module functions does. Each round asks one
worker, then the other (the order alternates), for the CPU time of
`number` calls; the ratio of a round compares two measurements taken
moments apart, so a shared machine's drift disturbs it little. Prints, per
file and direction, the median per-call time of each side and the median
of the per-round ratios (after / before: below 1 is faster). This
reports; no test asserts a timing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

from _timing import CORPUS_TEXT, ROOT

FIXTURES = ROOT / "tests" / "fixtures"
FILES = [
    CORPUS_TEXT if CORPUS_TEXT.exists() else FIXTURES / "article-full.xml",
    FIXTURES / "document-article.xml",
    FIXTURES / "kind-concept-event.xml",
    FIXTURES / "kind-planningitem.xml",
    FIXTURES / "kind-list.xml",
    FIXTURES / "kind-package.xml",
]

STEPS = ("dump", "load", "cdump", "cload", "eload")

# The worker: reads "<file index> <dump|load> <number>" lines, answers with
# the CPU seconds per call; the files and options come as JSON on its first line.
WORKER = """
import json, sys, time
from newsml_codecs import document, newsml
paths, options = json.loads(sys.stdin.readline())
items = [newsml.loads(open(p, "rb").read()) for p in paths]
docs = [document.dump(item, carriers=False, options=options) for item in items]
carried = [document.dump(item, options=options) for item in items]
edited = [{**doc, "title": (doc.get("title") or "") + " (edited)"} for doc in carried]
def edited_load(doc):
    document._PATCHES.clear()
    return document.load(doc, options=options)
print("ready", flush=True)
for line in sys.stdin:
    index, step, number = line.split()
    i = int(index)
    call = {
        "dump": lambda: document.dump(items[i], carriers=False, options=options),
        "load": lambda: document.load(docs[i], options=options),
        "cdump": lambda: document.dump(items[i], options=options),
        "cload": lambda: document.load(carried[i], options=options),
        "eload": lambda: edited_load(edited[i]),
    }[step]
    call()
    start = time.process_time()
    for _ in range(int(number)):
        call()
    print((time.process_time() - start) / int(number), flush=True)
"""


def _baseline_tree(revision: str, into: Path) -> Path:
    """The codec packages of `revision`, extracted below `into`."""
    archive = subprocess.run(
        ["git", "archive", revision, "newsml_codecs", "newsml_model"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def _worker(tree: Path, scratch: Path, paths: list[str], options: object) -> subprocess.Popen[str]:
    """A worker importing the codecs from `tree` (run from `scratch`, so cwd adds nothing)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    worker = subprocess.Popen(
        [sys.executable, "-c", WORKER],
        cwd=scratch,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert worker.stdin is not None and worker.stdout is not None
    worker.stdin.write(json.dumps([paths, options]) + "\n")
    worker.stdin.flush()
    if worker.stdout.readline().strip() != "ready":
        raise SystemExit(f"the worker of {tree} did not start")
    return worker


def _time(worker: subprocess.Popen[str], index: int, step: str, number: int) -> float:
    assert worker.stdin is not None and worker.stdout is not None
    worker.stdin.write(f"{index} {step} {number}\n")
    worker.stdin.flush()
    return float(worker.stdout.readline())


def main() -> None:
    """Print the paired table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default="HEAD", help="the git revision before (HEAD)")
    parser.add_argument("--number", type=int, default=40, help="calls per round (40)")
    parser.add_argument("--rounds", type=int, default=15, help="rounds per row (15)")
    parser.add_argument("--options", type=Path, help="converter options (a JSON file)")
    args = parser.parse_args()
    paths = [str(path) for path in FILES]
    options = None if args.options is None else json.loads(args.options.read_bytes())
    with tempfile.TemporaryDirectory() as scratch:
        before_tree = _baseline_tree(args.baseline, Path(scratch) / "before")
        after = _worker(ROOT, Path(scratch), paths, options)
        before = _worker(before_tree, Path(scratch), paths, options)
        print(
            f"after: this tree; before: {args.baseline}; CPU time, {args.rounds} rounds;"
            f" options: {args.options or 'none'}"
        )
        print(f"{'file':<28} {'step':<5} {'before µs':>10} {'after µs':>10} {'ratio':>6}")
        ratios_all = []
        by_step: dict[str, list[float]] = {step: [] for step in STEPS}
        try:
            for index, path in enumerate(FILES):
                for step in STEPS:
                    befores, afters, ratios = [], [], []
                    for round_ in range(args.rounds):
                        pair = [(after, afters), (before, befores)]
                        for worker, runs in pair if round_ % 2 == 0 else pair[::-1]:
                            runs.append(_time(worker, index, step, args.number))
                        ratios.append(afters[-1] / befores[-1])
                    ratio = statistics.median(ratios)
                    ratios_all.append(ratio)
                    by_step[step].append(ratio)
                    print(
                        f"{path.name:<28} {step:<5} {statistics.median(befores) * 1e6:>10.1f}"
                        f" {statistics.median(afters) * 1e6:>10.1f} {ratio:>6.3f}"
                    )
        finally:
            for worker in (after, before):
                assert worker.stdin is not None
                worker.stdin.close()
                worker.wait()
        for step, ratios in by_step.items():
            print(f"geometric mean of the {step} ratios: {statistics.geometric_mean(ratios):.3f}")
        print(f"geometric mean of all the ratios: {statistics.geometric_mean(ratios_all):.3f}")


if __name__ == "__main__":
    main()
