"""``newsml convert``: NewsML <-> NavigaDoc, files, directories or stdin, in parallel."""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from newsml_codecs import document, newsml
from newsml_codecs.cli._files import expand, read_stdin
from newsml_model import NewsItemError


def convert_bytes(data: bytes, to: str) -> str:
    """Convert one NewsML (to="document") or document (to="newsml") text."""
    if to == "document":
        return document.dumps(newsml.loads(data))
    return newsml.dumps(document.loads(data))


def _direction(path: Path, to: str | None) -> str:
    if to is not None:
        return to
    return "newsml" if path.suffix == ".json" else "document"


def _target(path: Path, root: Path | None, output: Path, to: str) -> Path:
    suffix = ".json" if to == "document" else ".xml"
    relative = path.relative_to(root) if root is not None else Path(path.name)
    return (output / relative).with_suffix(suffix)


def _convert_file(job: tuple[str, str, str | None]) -> tuple[str, str | None]:
    """Convert one file (in a worker process); returns (path, error or None)."""
    source, to, target = job
    try:
        text = convert_bytes(Path(source).read_bytes(), to)
    except (NewsItemError, OSError) as error:
        return source, str(error)
    if target is None:
        sys.stdout.write(text + "\n")
    else:
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        Path(target).write_text(text, encoding="utf-8")
    return source, None


def run(args: argparse.Namespace) -> int:
    """Convert every input; report failures by path; non-zero when any failed."""
    started = time.perf_counter()
    if args.inputs == ["-"]:
        try:
            sys.stdout.write(convert_bytes(read_stdin(), args.to or "document") + "\n")
        except NewsItemError as error:
            print(f"-: {error}", file=sys.stderr)
            return 1
        return 0
    jobs = []
    for name in args.inputs:
        root = Path(name) if Path(name).is_dir() else None
        for path in expand([name]):
            to = _direction(path, args.to)
            target = None if args.output is None else str(_target(path, root, args.output, to))
            jobs.append((str(path), to, target))
    if args.output is None and len(jobs) > 1:
        print("newsml convert: several inputs need -o/--output DIR", file=sys.stderr)
        return 2
    failed = 0
    workers = max(1, min(args.jobs or os.cpu_count() or 1, len(jobs) or 1))
    results = _results(jobs, workers)
    if len(jobs) > 20 and sys.stderr.isatty():
        try:
            from tqdm import tqdm

            results = tqdm(results, total=len(jobs), unit="file", file=sys.stderr)
        except ImportError:  # the `cli` extra is not installed: no bar
            pass
    for source, error in results:
        if error is not None:
            failed += 1
            print(f"{source}: {error}", file=sys.stderr)
    elapsed = time.perf_counter() - started
    print(
        f"converted {len(jobs) - failed} files, {failed} failed in {elapsed:.2f} s", file=sys.stderr
    )
    return 1 if failed else 0


def _results(jobs: list[tuple[str, str, str | None]], workers: int):  # type: ignore[no-untyped-def]
    if workers == 1:
        yield from map(_convert_file, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_convert_file, jobs, chunksize=8)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``convert`` subcommand."""
    parser = subparsers.add_parser("convert", help="convert NewsML <-> NavigaDoc documents")
    parser.add_argument("inputs", nargs="+", help="files, directories, or - for standard input")
    parser.add_argument(
        "--to", choices=("document", "newsml"), help="direction (default: by suffix)"
    )
    parser.add_argument(
        "-o", "--output", type=Path, help="output directory (mirrors the input tree)"
    )
    parser.add_argument("-j", "--jobs", type=int, default=0, help="processes (default: all cores)")
    parser.set_defaults(func=run)
