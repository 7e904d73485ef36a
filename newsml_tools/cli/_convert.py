"""``newsml convert``: NewsML <-> NavigaDoc documents, for files, trees and streams.

    newsml convert article.xml                  # document JSON on standard output
    newsml convert article.xml -o article.json  # ... into a file
    newsml convert archive/ -o documents/ -j 8  # a tree, mirrored, suffixes swapped
    newsml convert - --to newsml < doc.json     # standard input (direction sniffed without --to)
    newsml convert archive/ -o docs/ --options writer.json  # the converter's custom options
    newsml convert archive/ -o web/ --to ninjs   # articles (NewsML or documents) as IPTC ninjs
    newsml convert feed/ -o in/ --from g2        # an agency's NewsML-G2: a document per text item
    newsml convert api.json -o in/ --from ninjs --to newsml  # ninjs to Writer NewsML

The direction is ``--to document|newsml``, else each file's suffix: ``.xml``
becomes a document (``.json``), ``.json`` becomes NewsML (``.xml``); ``--to ninjs``
writes IPTC ninjs (``.json``), ``--from g2|ninjs`` reads an agency's item or
feed (one output per article: ``<stem>-1.json``... when there are several). A bad file
is reported as ``<path>: <error>`` on standard error (the error says where:
line and column, or a JSON path) and the batch goes on; for more than one
file (or with ``--verbose``) the last line is ``converted N files, F failed
in S s``. Outputs are written atomically; a
file that fails removes the output an earlier run left for it. ``--scheduler``
runs the batch on a Dask cluster (`newsml_tools.batch`). Exit status: 0 all
converted, 1 some failed, 2 usage error, 130 interrupted, 143 terminated
(SIGTERM; the summary says how many files had finished).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from newsml_codecs import document
from newsml_model import NewsItemError
from newsml_tools import batch
from newsml_tools._argtypes import OptionsFileError, count, options_file
from newsml_tools.batch._wire import NINJS, numbered, wire_outputs
from newsml_tools.batch._work import (
    OUTPUT_SUFFIX,
    convert_bytes,
    direction_of,
    output_clash,
    sniff_xml,
)
from newsml_tools.cli._files import STDIN, Source, mirror, read_stdin, sources
from newsml_tools.cli._report import (
    Tally,
    UsageError,
    add_options,
    add_verbose,
    execute,
    files,
    summarised,
)
from newsml_tools.cli._stop import HANDLES_SIGTERM

__all__ = ["register", "run"]

_INPUT_SUFFIX = {batch.DOCUMENT: ".xml", batch.NEWSML: ".json"}
_FROM_SUFFIX = {"newsml": ".xml", "document": ".json", batch.G2: ".xml", batch.NINJS: ".json"}


def _jobs(
    found: list[Source], args: argparse.Namespace, named_file: bool
) -> list[batch.ConvertJob]:
    """One job per file; the output is a file for one named file, else a mirrored tree."""
    output = Path(args.output)
    to_file = named_file and not output.is_dir() and not args.output.endswith(("/", os.sep))
    jobs = []
    for source in found:
        to = direction_of(source.path, args.to)
        suffix = OUTPUT_SUFFIX.get(to or "", ".out")
        target = output if to_file else mirror(source, output, suffix)
        jobs.append(
            batch.ConvertJob(
                source=str(source.path),
                to=args.to,
                target=str(target),
                converter=args.converter,
                indent=args.indent,
                from_format=args.from_format,
            )
        )
    return jobs


def _converted(
    data: bytes,
    to: str,
    converter: document.Converter,
    indent: int | None = None,
    from_format: str | None = None,
) -> tuple[list[bytes], list[str]]:
    """The converted outputs (each with a final newline) and [], or [] and the problem."""
    try:
        if from_format is None and to != NINJS:
            return [convert_bytes(data, to, converter, indent) + b"\n"], []
        source = from_format or ("newsml" if sniff_xml(data) else "document")
        outputs = wire_outputs(data, to, source, converter, indent)
        return [out + b"\n" for out in outputs], []
    except NewsItemError as error:
        return [], [str(error)]
    except Exception as error:  # a codec bug is reported like a bad input
        return [], [f"internal error: {type(error).__name__}: {error}"]


def _one(
    name: str,
    data: bytes | None,
    to: str | None,
    output: str | None,
    converter: document.Converter,
    indent: int | None = None,
    from_format: str | None = None,
) -> list[str]:
    """A named file (`data` None) or standard input (`data`) to stdout, or stdin to the file `output`.

    Several outputs (an agency's message, a ninjs collection) follow each
    other on stdout, or go to ``<stem>-1<suffix>``... beside `output`.

    Returns:
        The problems (reported by the caller under `name`).
    """
    if to is None:
        return ["not .xml or .json: say which way with --to"]
    if data is None:
        try:
            data = Path(name).read_bytes()
        except OSError as error:
            return [f"cannot read: {error.strerror or error}"]
    converted, problems = _converted(data, to, converter, indent, from_format)
    if problems:
        return problems
    if output is None:
        for out in converted:
            sys.stdout.buffer.write(out)
        sys.stdout.flush()
        return []
    for target, out in zip(numbered(output, len(converted)), converted, strict=True):
        try:
            batch.write_atomically(Path(target), out)
        except OSError as error:
            return [f"cannot write {target}: {error.strerror or error}"]
    return []


def _single(
    name: str,
    data: bytes | None,
    to: str | None,
    output: str | None,
    tally: Tally,
    converter: document.Converter,
    indent: int | None = None,
    from_format: str | None = None,
) -> None:
    """Convert one input with `_one`; report its problems and count it."""
    problems = _one(name, data, to, output, converter, indent, from_format)
    for problem in problems:
        print(f"{name}: {problem}", file=sys.stderr)
    if problems:
        tally.failed += 1
    else:
        tally.succeeded += 1


def _usage(message: str) -> int:
    print(f"newsml convert: {message}", file=sys.stderr)
    return 2


def _dispatch(args: argparse.Namespace, tally: Tally) -> int | None:
    """Convert as the inputs and -o say, counting into `tally`; a usage error's status, else None."""
    try:
        options = read_options(args.options)
    except UsageError as error:
        return _usage(str(error))
    # Built once: the batch jobs carry it to the workers (pickled once a chunk).
    args.converter = document.Converter(options)
    if args.from_format in (batch.G2, batch.NINJS) and args.to is None:
        args.to = batch.DOCUMENT  # an agency's item becomes a Writer document unless told otherwise
    inputs: list[str] = args.inputs
    output = None if args.output in (None, STDIN) else str(args.output)
    named_file = len(inputs) == 1 and not Path(inputs[0]).is_dir()
    if STDIN in inputs:
        if len(inputs) > 1:
            return _usage("'-' (standard input) cannot be mixed with files")
        if output is not None and Path(output).is_dir():
            return _usage("standard input goes to a file or standard output, not a directory")
        data = read_stdin()
        to = args.to or (batch.DOCUMENT if sniff_xml(data) else batch.NEWSML)
        _single(STDIN, data, to, output, tally, args.converter, args.indent, args.from_format)
    elif named_file and output is None:
        to = direction_of(inputs[0], args.to)
        _single(inputs[0], None, to, None, tally, args.converter, args.indent, args.from_format)
    elif output is None:
        return _usage("several inputs or a directory need -o/--output DIR")
    else:
        # Under directories take the files the direction can read (both without --to).
        if args.from_format is not None:
            suffixes = [_FROM_SUFFIX[args.from_format]]
        elif args.to is None or args.to == NINJS:
            suffixes = [".xml", ".json"]
        else:
            suffixes = [_INPUT_SUFFIX[args.to]]
        jobs = _jobs(list(sources(inputs, suffixes)), args, named_file)
        clash = output_clash(jobs)
        if clash is not None:
            return _usage(f"{clash}; nothing was written (convert into another -o directory)")
        try:
            execute(batch.convert_file, jobs, args, report=sys.stderr, tally=tally)
        except UsageError as error:
            return _usage(str(error))
    return None


def read_options(path: str | None) -> Any:
    """The converter options of the JSON file at `path` (None: no file), checked.

    Raises:
        UsageError: The file cannot be read, is not JSON, is too large or
            too deeply nested (`options_file`), or holds options
            `document.make_options` refuses (the message names the key path).
    """
    if path is None:
        return None
    try:
        options = options_file(path)
    except OptionsFileError as error:
        raise UsageError(str(error)) from None
    try:
        document.make_options(options)
    except NewsItemError as error:
        raise UsageError(f"--options {path}: {error}") from None
    return options


def run(args: argparse.Namespace) -> int:
    """Convert every input; report failures with their paths; print the summary.

    Args:
        args: The parsed ``convert`` options.

    Returns:
        0 when everything converted, 1 when any input failed, 2 on usage errors.

    Raises:
        KeyboardInterrupt: Ctrl-C, after the summary of what had finished.
    """
    return summarised(
        args,
        _dispatch,
        lambda tally: f"converted {files(tally.succeeded)}, {tally.failed} failed",
        "; the rest were stopped (any other output is whole)",
    )


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``convert`` subcommand to the ``newsml`` parser.

    Args:
        subparsers: The ``newsml`` parser's subcommands.
    """
    parser = subparsers.add_parser(
        "convert",
        help="convert NewsML <-> NavigaDoc documents, and from NewsML-G2 and to/from ninjs",
        description="Convert NewsML to NavigaDoc documents and back: files, directory trees, standard input.",
        epilog="Without --to, .xml files become documents (.json) and .json files become "
        "NewsML (.xml); standard input is sniffed. Exit status: 0 all converted, "
        "1 some failed, 2 usage error (or a missing extra), 130 interrupted, 143 terminated.",
    )
    parser.add_argument(
        "inputs", nargs="+", metavar="INPUT", help="files, directories (recursive), or - for stdin"
    )
    parser.add_argument(
        "--to",
        choices=batch.TO_FORMATS,
        help="what to write: a document, NewsML or IPTC ninjs (default: by suffix)",
    )
    parser.add_argument(
        "--from",
        dest="from_format",
        choices=batch.FROM_FORMATS,
        help="what the inputs are: NewsML, documents, an agency's NewsML-G2 (one article per "
        "text item) or ninjs (default: by suffix; g2 and ninjs become documents without --to)",
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="PATH",
        help="output file (one input) or directory (mirrors the input tree); default: stdout for one input",
    )
    parser.add_argument(
        "--options",
        metavar="FILE",
        help="the converter's options (a JSON file, as document.make_options takes)",
    )
    parser.add_argument(
        "--indent",
        type=count,
        metavar="N",
        help="pretty output for people: indent by N spaces (default: compact)",
    )
    add_options(parser)
    add_verbose(parser)
    # `summarised` turns SIGTERM into a stop where its summary can report it.
    parser.set_defaults(func=run, **{HANDLES_SIGTERM: True})
