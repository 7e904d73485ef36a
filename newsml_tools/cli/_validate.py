"""``newsml validate``: documents against the schema, NewsML by loading it.

    newsml validate doc.json article.xml       # one line per problem, on stdout
    newsml validate archive/ -j 4              # every .xml and .json below, in parallel
    newsml validate - < doc.json               # standard input (XML or JSON, sniffed)

A ``.json`` file is a NavigaDoc document checked against the shipped schema
(``newsml_codecs.schema``): each problem is printed as ``<path>: <JSON path>:
<message>``. An ``.xml`` file is NewsML, valid when ``newsml.loads`` reads it;
its problem says where (line and column). Other suffixes are sniffed. The
last line, on standard error, is ``N valid, M invalid in S s``. Exit status:
0 only when every input is valid, 1 otherwise, 2 usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from newsml_codecs import newsml, schema
from newsml_model import NewsItemError
from newsml_tools import batch
from newsml_tools.cli._files import STDIN, looks_like_xml, read_stdin, sources

__all__ = ["problems_of", "register", "run", "validate_file"]


def problems_of(data: bytes, xml: bool) -> list[str]:
    """The problems of one input text.

    Args:
        data: The bytes of a NewsML file (`xml` true) or a JSON document.
        xml: Which of the two `data` is.

    Returns:
        [] when valid; else messages saying where (line and column for XML,
        the JSON path for documents).
    """
    if xml:
        try:
            newsml.loads(data)
        except NewsItemError as error:
            return [str(error)]
        return []
    try:
        doc = json.loads(data)
    except ValueError as error:  # JSONDecodeError and UnicodeDecodeError alike
        return [f"not JSON: {error}"]
    return schema.validate(doc)


def validate_file(path: str) -> batch.Outcome:
    """The problems of one file (in a worker process); nothing is raised.

    Args:
        path: A ``.json`` document or an ``.xml`` NewsML file (else sniffed).

    Returns:
        ``(path, problems)``.
    """
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        return path, [f"cannot read: {error.strerror or error}"]
    suffix = Path(path).suffix.lower()
    xml = suffix == ".xml" if suffix in (".xml", ".json") else looks_like_xml(data)
    try:
        return path, problems_of(data, xml)
    except Exception as error:  # a bug must cost one file, not the batch
        return path, [f"internal error: {type(error).__name__}: {error}"]


def run(args: argparse.Namespace) -> int:
    """Validate every input; print each problem with its file; print the summary.

    Args:
        args: The parsed ``validate`` options.

    Returns:
        0 when every input is valid, 1 when any is not, 2 on usage errors.
    """
    started = time.perf_counter()
    inputs: list[str] = args.inputs
    if STDIN in inputs:
        if len(inputs) > 1:
            print(
                "newsml validate: '-' (standard input) cannot be mixed with files", file=sys.stderr
            )
            return 2
        data = read_stdin()
        problems = problems_of(data, looks_like_xml(data))
        for problem in problems:
            print(f"{STDIN}: {problem}")
        valid, invalid = (0, 1) if problems else (1, 0)
    else:
        files = [str(source.path) for source in sources(inputs)]
        valid, invalid = batch.run(
            validate_file,
            files,
            workers=batch.workers(args),
            report=sys.stdout,
            progress=args.progress,
        )
    if not args.quiet:
        elapsed = time.perf_counter() - started
        print(f"{valid} valid, {invalid} invalid in {elapsed:.2f} s", file=sys.stderr)
    return 1 if invalid else 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``validate`` subcommand to the ``newsml`` parser.

    Args:
        subparsers: The ``newsml`` parser's subcommands.
    """
    parser = subparsers.add_parser(
        "validate",
        help="check documents against the schema and NewsML files by loading them",
        description="Check NavigaDoc documents against the schema and NewsML files by loading them.",
        epilog="Exit status: 0 all valid, 1 some invalid or unreadable, 2 usage error.",
    )
    parser.add_argument(
        "inputs", nargs="+", metavar="INPUT", help="files, directories (recursive), or - for stdin"
    )
    batch.add_options(parser)
    parser.set_defaults(func=run)
