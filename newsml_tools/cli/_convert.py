"""``newsml convert``: NewsML <-> NavigaDoc documents, for files, trees and streams.

    newsml convert article.xml                  # document JSON on standard output
    newsml convert article.xml -o article.json  # ... into a file
    newsml convert archive/ -o documents/ -j 8  # a tree, mirrored, suffixes swapped
    newsml convert - --to newsml < doc.json     # standard input (direction sniffed without --to)

The direction is ``--to document|newsml``, else each file's suffix: ``.xml``
becomes a document (``.json``), ``.json`` becomes NewsML (``.xml``). A bad file
is reported as ``<path>: <error>`` on standard error (the error says where:
line and column, or a JSON path) and the batch goes on; the last line is
``converted N files, F failed in S s``. Exit status: 0 all converted, 1 some
failed, 2 usage error.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import attrs

from newsml_codecs import document, newsml
from newsml_model import NewsItemError
from newsml_tools import batch
from newsml_tools.cli._files import STDIN, Source, looks_like_xml, mirror, read_stdin, sources

__all__ = [
    "DOCUMENT",
    "NEWSML",
    "Job",
    "convert_bytes",
    "convert_file",
    "convert_one",
    "register",
    "run",
]

DOCUMENT = "document"
NEWSML = "newsml"
_OUTPUT_SUFFIX = {DOCUMENT: ".json", NEWSML: ".xml"}
_DIRECTION_OF_SUFFIX = {".xml": DOCUMENT, ".json": NEWSML}


def convert_bytes(data: bytes, to: str) -> str:
    """Convert one input text.

    Args:
        data: NewsML (when `to` is ``document``) or document JSON (``newsml``).
        to: ``document`` or ``newsml``.

    Returns:
        Document JSON text, or NewsML text.

    Raises:
        NewsItemError: The input cannot be read or converted (a `DecodeError`
            saying where).
    """
    if to == DOCUMENT:
        return document.dumps(newsml.loads(data))
    return newsml.dumps(document.loads(data))


@attrs.frozen(kw_only=True)
class Job:
    """One file to convert: `source` to `target`; `to` is None when the suffix says nothing."""

    source: str
    to: str | None
    target: str


def convert_file(job: Job) -> batch.Outcome:
    """Convert one file (in a worker process); every failure becomes a problem.

    Args:
        job: What to convert, which way, and where to write it.

    Returns:
        ``(source, [])`` when converted, else ``(source, [message])``.
    """
    return job.source, convert_one(Path(job.source), job.to, Path(job.target))


def convert_one(source: Path | bytes, to: str | None, target: Path | None) -> list[str]:
    """Convert a file or a text and write the result; return the problems.

    Args:
        source: The input file, or the input itself (read from stdin).
        to: ``document``, ``newsml``, or None when the suffix said nothing.
        target: The output file (its directories are made), or None for stdout.

    Returns:
        [] when converted, else one message saying what went wrong and where.
    """
    if to is None:
        return ["not .xml or .json: say which way with --to"]
    try:
        data = source.read_bytes() if isinstance(source, Path) else source
    except OSError as error:
        return [f"cannot read: {error.strerror or error}"]
    try:
        text = convert_bytes(data, to) + "\n"
    except NewsItemError as error:
        return [str(error)]
    except Exception as error:  # a codec bug must cost one file, not the batch
        return [f"internal error: {type(error).__name__}: {error}"]
    if target is None:
        sys.stdout.buffer.write(text.encode("utf-8"))
        sys.stdout.flush()
        return []
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    except OSError as error:
        return [f"cannot write {target}: {error.strerror or error}"]
    return []


def _direction(path: Path, to: str | None) -> str | None:
    return to if to is not None else _DIRECTION_OF_SUFFIX.get(path.suffix.lower())


def _jobs(found: list[Source], args: argparse.Namespace, named_file: bool) -> list[Job]:
    """One job per file; the output is a file for one named file, else a mirrored tree."""
    output = Path(args.output)
    to_file = named_file and not output.is_dir() and not args.output.endswith(("/", os.sep))
    jobs = []
    for source in found:
        to = _direction(source.path, args.to)
        target = output if to_file else mirror(source, output, _OUTPUT_SUFFIX.get(to or "", ".out"))
        jobs.append(Job(source=str(source.path), to=to, target=str(target)))
    return jobs


def _stream(args: argparse.Namespace) -> tuple[int, int]:
    """Standard input to `-o FILE` or standard output."""
    data = read_stdin()
    to = args.to or (DOCUMENT if looks_like_xml(data) else NEWSML)
    target = None if args.output in (None, STDIN) else Path(args.output)
    problems = convert_one(data, to, target)
    for problem in problems:
        print(f"{STDIN}: {problem}", file=sys.stderr)
    return (0, 1) if problems else (1, 0)


def _usage(message: str) -> int:
    print(f"newsml convert: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    """Convert every input; report failures with their paths; print the summary.

    Args:
        args: The parsed ``convert`` options.

    Returns:
        0 when everything converted, 1 when any input failed, 2 on usage errors.
    """
    started = time.perf_counter()
    inputs: list[str] = args.inputs
    to_stdout = args.output in (None, STDIN)
    named_file = len(inputs) == 1 and not Path(inputs[0]).is_dir()
    if STDIN in inputs:
        if len(inputs) > 1:
            return _usage("'-' (standard input) cannot be mixed with files")
        if not to_stdout and Path(args.output).is_dir():
            return _usage("standard input goes to a file or standard output, not a directory")
        succeeded, failed = _stream(args)
    elif named_file and to_stdout:
        problems = convert_one(Path(inputs[0]), _direction(Path(inputs[0]), args.to), None)
        for problem in problems:
            print(f"{inputs[0]}: {problem}", file=sys.stderr)
        succeeded, failed = (0, 1) if problems else (1, 0)
    elif to_stdout:
        return _usage("several inputs or a directory need -o/--output DIR")
    else:
        # Under directories take the files the direction can read (both without --to).
        suffixes = [suffix for suffix, to in _DIRECTION_OF_SUFFIX.items() if args.to in (None, to)]
        jobs = _jobs(list(sources(inputs, suffixes)), args, named_file)
        succeeded, failed = batch.run(
            convert_file,
            jobs,
            workers=batch.workers(args),
            report=sys.stderr,
            progress=args.progress,
        )
    if not args.quiet:
        elapsed = time.perf_counter() - started
        print(f"converted {succeeded} files, {failed} failed in {elapsed:.2f} s", file=sys.stderr)
    return 1 if failed else 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``convert`` subcommand to the ``newsml`` parser.

    Args:
        subparsers: The ``newsml`` parser's subcommands.
    """
    parser = subparsers.add_parser(
        "convert",
        help="convert NewsML <-> NavigaDoc documents (files, directories, stdin)",
        description="Convert NewsML to NavigaDoc documents and back: files, directory trees, standard input.",
        epilog="Without --to, .xml files become documents (.json) and .json files become "
        "NewsML (.xml); standard input is sniffed. Exit status: 0 all converted, "
        "1 some failed, 2 usage error.",
    )
    parser.add_argument(
        "inputs", nargs="+", metavar="INPUT", help="files, directories (recursive), or - for stdin"
    )
    parser.add_argument("--to", choices=(DOCUMENT, NEWSML), help="direction (default: by suffix)")
    parser.add_argument(
        "-o",
        "--output",
        metavar="PATH",
        help="output file (one input) or directory (mirrors the input tree); default: stdout for one input",
    )
    batch.add_options(parser)
    parser.set_defaults(func=run)
