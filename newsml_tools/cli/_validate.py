"""``newsml validate``: documents against the schema, NewsML by loading it.

    newsml validate doc.json article.xml       # one line per problem, on stdout
    newsml validate archive/ -j 4              # every .xml and .json below, in parallel
    newsml validate - < doc.json               # standard input (XML or JSON, sniffed)
    newsml validate --ninjs feed/              # IPTC ninjs against IPTC's schema of its version

A ``.json`` file is a NavigaDoc document checked against the shipped schema
(``newsml_codecs.schema``): each problem is printed as ``<path>: <JSON path>:
<message>``. An ``.xml`` file is NewsML, valid when ``newsml.loads`` reads it;
its problem says where (line and column). Other suffixes are sniffed. For
more than one file (or with ``--verbose``) the last line, on standard
error, is ``N valid, M invalid in S s``. ``--scheduler``
runs the batch on a Dask cluster (`newsml_tools.batch`). ``--ninjs`` checks
``.json`` files (or standard input) as IPTC ninjs instead, each problem as
``<path>: <JSON path>: <message>``. Exit status: 0 only
when every input is valid, 1 otherwise, 2 usage error, 130 interrupted,
143 terminated.
"""

from __future__ import annotations

import argparse
import sys

from newsml_tools import batch
from newsml_tools.batch._wire import ninjs_problems
from newsml_tools.batch._work import problems_of, sniff_xml
from newsml_tools.cli._files import STDIN, read_stdin, sources
from newsml_tools.cli._report import (
    Tally,
    UsageError,
    add_options,
    add_verbose,
    execute,
    summarised,
)
from newsml_tools.cli._stop import HANDLES_SIGTERM

__all__ = ["register", "run"]


def _dispatch(args: argparse.Namespace, tally: Tally) -> int | None:
    """Validate as the inputs say, counting into `tally`; a usage error's status, else None."""
    inputs: list[str] = args.inputs
    if STDIN in inputs:
        if len(inputs) > 1:
            print(
                "newsml validate: '-' (standard input) cannot be mixed with files", file=sys.stderr
            )
            return 2
        data = read_stdin()
        problems = ninjs_problems(data) if args.ninjs else problems_of(data, sniff_xml(data))
        for problem in problems:
            print(f"{STDIN}: {problem}")
        if problems:
            tally.failed += 1
        else:
            tally.succeeded += 1
        return None
    if args.ninjs:
        files = [str(source.path) for source in sources(inputs, [".json"])]
        task = batch.validate_ninjs_file
    else:
        files = [str(source.path) for source in sources(inputs)]
        task = batch.validate_file
    try:
        execute(task, files, args, report=sys.stdout, tally=tally)
    except UsageError as error:
        print(f"newsml validate: {error}", file=sys.stderr)
        return 2
    return None


def run(args: argparse.Namespace) -> int:
    """Validate every input; print each problem with its file; print the summary.

    Args:
        args: The parsed ``validate`` options.

    Returns:
        0 when every input is valid, 1 when any is not, 2 on usage errors.

    Raises:
        KeyboardInterrupt: Ctrl-C, after the summary of what had finished.
    """
    return summarised(
        args, _dispatch, lambda tally: f"{tally.succeeded} valid, {tally.failed} invalid"
    )


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``validate`` subcommand to the ``newsml`` parser.

    Args:
        subparsers: The ``newsml`` parser's subcommands.
    """
    parser = subparsers.add_parser(
        "validate",
        help="check documents against the schema and NewsML files by loading them",
        description="Check NavigaDoc documents against the schema and NewsML files by loading them.",
        epilog="Exit status: 0 all valid, 1 some invalid or unreadable, 2 usage error "
        "(or a missing extra), 130 interrupted, 143 terminated.",
    )
    parser.add_argument(
        "inputs", nargs="+", metavar="INPUT", help="files, directories (recursive), or - for stdin"
    )
    parser.add_argument(
        "--ninjs",
        action="store_true",
        help="check .json files as IPTC ninjs against IPTC's schema of their version",
    )
    add_options(parser)
    add_verbose(parser)
    # `summarised` turns SIGTERM into a stop where its summary can report it.
    parser.set_defaults(func=run, **{HANDLES_SIGTERM: True})
