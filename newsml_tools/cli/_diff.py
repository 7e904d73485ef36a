"""``newsml diff``: what changed between two items, or two trees of them.

    newsml diff old.xml new.xml              # one line per difference
    newsml diff article.xml article.json     # NewsML against a document (converted first)
    newsml diff --json old.xml new.xml       # one JSON object per pair, for machines
    newsml diff archive/ converted/ -j 8     # trees paired by relative path, on a process pool

Each difference is one line: its kind (``tag-added``, ``block-text-changed``...),
its XML path, what it is or was, and in brackets the Writer event the change
raises (``[tag/add]``, ``[headline/set]``); a one-line text (a headline, a
title, a time) shows ``"old" -> "new"``, a block's text or any text of several
lines follows as a unified diff, indented.
Inputs are NewsML (``<`` first) or NavigaDoc documents (JSON), told apart by
their content. Directories pair their ``.xml`` and ``.json`` files by
relative path, then by relative path without the suffix (so a tree and its
conversion pair up); a file on one side only is reported as ``only in``.
Exit status, as ``diff``: 0 all equivalent, 1 some differ, 2 trouble (an
input unreadable or invalid, items of two kinds, a usage error).
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import json
import logging
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import attrs

from newsml_codecs import document, newsml
from newsml_model import AnyItem, NewsItemError
from newsml_model.diff import Difference, diff
from newsml_tools import batch
from newsml_tools._diff_json import as_json, shown
from newsml_tools.batch._work import sniff_xml
from newsml_tools.cli._files import Source, sources
from newsml_tools.cli._report import PROGRESS_MIN_FILES, InOrder, add_options

__all__ = ["Compared", "DiffJob", "as_json", "compare", "register", "run", "text_lines"]

EQUAL, DIFFERENT, TROUBLE = 0, 1, 2


@attrs.frozen(kw_only=True)
class DiffJob(batch.ConvertJob):
    """Two files to compare: `source` the old one, `target` the new one.

    A `batch.ConvertJob` by shape, so the batch runner carries it to any
    worker as it is (on a cluster it makes both paths absolute); `to` is unused.

    Attributes:
        json: Report as JSON.
        header: Start a report with differences by ``diff A B`` (tree mode).
    """

    json: bool = False
    header: bool = False


@attrs.frozen(kw_only=True)
class Compared(batch.Result):
    """A `batch.Result` of one comparison: problems are trouble, `lines` the report.

    Attributes:
        status: 0 equivalent, 1 different, 2 trouble.
        lines: What to print on standard output.
    """

    status: int = EQUAL
    lines: tuple[str, ...] = ()


def _load(path: str) -> AnyItem:
    data = Path(path).read_bytes()
    return newsml.loads(data) if sniff_xml(data) else document.loads(data)


def _is_text_change(d: Difference) -> bool:
    """A text shown as a unified diff: a block's text, or text of several lines."""
    return (
        isinstance(d.old, str)
        and isinstance(d.new, str)
        and not d.kind.endswith("-moved")
        and "/@" not in d.path
        # A one-line value (a headline, a title, a time) reads best as old -> new.
        and (d.kind.startswith("block-") or "\n" in d.old or "\n" in d.new)
    )


def text_lines(differences: tuple[Difference, ...], a: str, b: str) -> Iterator[str]:
    """One line per difference, then an indented unified diff for each changed text."""
    for d in differences:
        event = f" [{d.event}]" if d.event else ""
        if d.kind.endswith("-moved"):
            yield f"{d.kind} {d.path} from {d.old}{event}"
        elif _is_text_change(d):
            yield f"{d.kind} {d.path}{event}"
            old, new = d.old.splitlines() or [""], d.new.splitlines() or [""]
            for line in difflib.unified_diff(old, new, a, b, lineterm=""):
                yield "  " + line
        elif d.old is None:
            yield f"{d.kind} {d.path} {shown(d.new)}{event}"
        elif d.new is None:
            yield f"{d.kind} {d.path} {shown(d.old)}{event}"
        else:
            yield f"{d.kind} {d.path} {shown(d.old)} -> {shown(d.new)}{event}"


def compare(job: DiffJob) -> Compared:
    """Compare the two files of `job` (run on any worker; never raises for a bad input).

    Returns:
        Its status and report lines; trouble is in ``problems``.
    """
    source = job.source
    items = []
    for path in (job.source, job.target):
        try:
            items.append(_load(path))
        except OSError as error:
            problem = f"cannot read: {error.strerror or error}"
            return Compared(source=path, problems=(problem,), status=TROUBLE)
        except NewsItemError as error:
            return Compared(source=path, problems=(str(error),), status=TROUBLE)
    try:
        differences = diff(items[0], items[1])
    except NewsItemError as error:  # two kinds
        return Compared(source=source, problems=(f"{job.target}: {error}",), status=TROUBLE)
    except Exception as error:  # a bug is reported like a bad input, not a crash of the batch
        problem = f"internal error: {type(error).__name__}: {error}"
        return Compared(source=source, problems=(problem,), status=TROUBLE)
    status = DIFFERENT if differences else EQUAL
    if job.json:
        pair = {"a": job.source, "b": job.target}
        record = {**pair, "differences": [as_json(d) for d in differences]}
        return Compared(
            source=source, status=status, lines=(json.dumps(record, ensure_ascii=False),)
        )
    lines = list(text_lines(differences, job.source, job.target))
    if job.header and lines:
        lines.insert(0, f"diff {job.source} {job.target}")
    return Compared(source=source, status=status, lines=tuple(lines))


def _one_sided(a: str | None, b: str | None, as_json: bool) -> Compared:
    """The report of a file found in one tree only."""
    present = a or b or ""
    if as_json:
        line = json.dumps({"a": a, "b": b, "only_in": "a" if b is None else "b"})
    else:
        line = f"only in {'A' if b is None else 'B'}: {present}"
    return Compared(source=present, status=DIFFERENT, lines=(line,))


def _pairs(a: Path, b: Path) -> list[tuple[str | None, str | None]]:
    """Files of two trees paired by relative path, then by relative path without the suffix."""
    left = {s.relative.as_posix(): s for s in sources([str(a)])}
    right = {s.relative.as_posix(): s for s in sources([str(b)])}
    paired: dict[str, tuple[Source | None, Source | None]] = {}
    for name in left.keys() & right.keys():
        paired[name] = (left.pop(name), right.pop(name))
    stems_left = _by_stem(left)
    stems_right = _by_stem(right)
    for stem in stems_left.keys() & stems_right.keys():
        if len(stems_left[stem]) == len(stems_right[stem]) == 1:
            one, other = stems_left.pop(stem)[0], stems_right.pop(stem)[0]
            paired[one.relative.as_posix()] = (one, other)
    for found in stems_left.values():
        paired.update((s.relative.as_posix(), (s, None)) for s in found)
    for found in stems_right.values():
        paired.update((s.relative.as_posix(), (None, s)) for s in found)
    return [
        (None if x is None else str(x.path), None if y is None else str(y.path))
        for _name, (x, y) in sorted(paired.items())
    ]


def _by_stem(found: dict[str, Source]) -> dict[str, list[Source]]:
    stems: dict[str, list[Source]] = {}
    for source in found.values():
        stems.setdefault(source.relative.with_suffix("").as_posix(), []).append(source)
    return stems


def _client(args: argparse.Namespace, stack: contextlib.ExitStack) -> Any:
    if args.scheduler is None:
        return None
    logging.getLogger("distributed").setLevel(logging.ERROR)
    return stack.enter_context(batch.connect(args.scheduler, workers=args.jobs))


def run(args: argparse.Namespace) -> int:
    """Compare two files or two trees; print the report.

    Args:
        args: The parsed ``diff`` options.

    Returns:
        0 when every pair is equivalent, 1 when some differ, 2 on trouble.
    """
    a, b = Path(args.a), Path(args.b)
    if a.is_dir() != b.is_dir():
        print("newsml diff: compare two files or two directories", file=sys.stderr)
        return TROUBLE
    tree = a.is_dir()
    pairs = _pairs(a, b) if tree else [(args.a, args.b)]
    jobs = [
        DiffJob(source=x, target=y, json=args.json, header=tree)
        for x, y in pairs
        if x is not None and y is not None
    ]
    started = time.perf_counter()
    counts = [0, 0, 0]
    try:
        trouble = _compare_all(jobs, args, counts)
    except KeyboardInterrupt:
        if tree and not args.quiet:
            elapsed = time.perf_counter() - started
            print(f"interrupted: {_summary(counts)} in {elapsed:.2f} s", file=sys.stderr)
        raise
    if trouble:
        return TROUBLE
    for x, y in pairs:
        if x is None or y is None:
            _report(_one_sided(x, y, args.json), counts)
    if tree and not args.quiet:
        elapsed = time.perf_counter() - started
        print(
            f"compared {len(pairs)} pairs: {_summary(counts)} in {elapsed:.2f} s", file=sys.stderr
        )
    return TROUBLE if counts[TROUBLE] else DIFFERENT if counts[DIFFERENT] else EQUAL


def _summary(counts: list[int]) -> str:
    return f"{counts[EQUAL]} equivalent, {counts[DIFFERENT]} differ, {counts[TROUBLE]} failed"


def _compare_all(jobs: list[DiffJob], args: argparse.Namespace, counts: list[int]) -> bool:
    """Run the jobs as the options say, reporting in job order; True when Dask cannot be used."""
    with contextlib.ExitStack() as stack:
        try:
            client = _client(args, stack)
        except batch.DaskMissingError as error:
            print(f"newsml diff: {error}", file=sys.stderr)
            return True
        except (OSError, ValueError) as error:
            print(
                f"newsml diff: cannot reach the Dask scheduler {args.scheduler}: {error}",
                file=sys.stderr,
            )
            return True
        # Closed on the way out, so an interrupt stops the workers before it is reported.
        finished = stack.enter_context(
            contextlib.closing(batch.run(compare, jobs, client=client, workers=args.jobs))
        )
        order = InOrder()
        bar = _progress_bar(len(jobs), args.progress)
        try:
            for index, results in finished:
                for result in order.add(index, results):
                    _report(result, counts, bar)
                if bar is not None:
                    bar.update(len(results))
        finally:
            if bar is not None:
                bar.close()
    return False


def _progress_bar(total: int, show: bool) -> Any:
    """A tqdm bar on standard error for a long run on a terminal, or None."""
    if not show or total < PROGRESS_MIN_FILES or not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:  # the `cli` extra is not installed: no bar, same report
        return None
    return tqdm(total=total, unit="pair", file=sys.stderr, dynamic_ncols=True)


def _report(result: batch.Result, counts: list[int], bar: Any = None) -> None:
    # A chunk lost with its worker comes back as plain results with problems.
    status = result.status if isinstance(result, Compared) else TROUBLE
    if result.problems:
        status = TROUBLE
    counts[status] += 1
    for problem in result.problems:
        _write(f"{result.source}: {problem}", sys.stderr, bar)
    for line in getattr(result, "lines", ()):
        _write(line, sys.stdout, bar)


def _write(line: str, stream: IO[str], bar: Any) -> None:
    # Through the bar when there is one, so that lines do not tear it.
    if bar is None:
        print(line, file=stream)
    else:
        bar.write(line, file=stream)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``diff`` subcommand to the ``newsml`` parser.

    Args:
        subparsers: The ``newsml`` parser's subcommands.
    """
    parser = subparsers.add_parser(
        "diff",
        help="what changed between two items (NewsML or documents), or two trees of them",
        description="Compare two items in the news item API's words: one line per difference "
        "(kind, XML path, value, the Writer event it raises), a unified diff for changed text.",
        epilog="Inputs are NewsML or NavigaDoc documents (told apart by content). Directories "
        "pair files by relative path, then without the suffix. Exit status: 0 equivalent, "
        "1 different, 2 trouble.",
    )
    parser.add_argument("a", metavar="A", help="the old item: a file, or a directory")
    parser.add_argument("b", metavar="B", help="the new item: a file, or a directory")
    parser.add_argument("--json", action="store_true", help="one JSON object per pair (JSON Lines)")
    add_options(parser)
    parser.set_defaults(func=run)
