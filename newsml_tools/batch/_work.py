"""The work done for one file, wherever it runs: in this process, a pool worker, a Dask worker.

Internal to `newsml_tools.batch` (its public names are re-exported there).

Every task takes one job and returns one `Result`; it never raises for a bad
file (a codec bug included), so one file never stops a batch. Outputs are
written atomically: to a hidden temporary name in the target's directory,
then renamed over the target, so a killed worker, a full disk or a retried
task never leaves a truncated or doubled file. A file that fails removes the
output an earlier run left for it, so no stale output looks current.

An interrupt is never swallowed into a wrong output: each conversion runs
under `interrupts_checked` (`_interrupts` says why).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import typing
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs
from typing_extensions import TypeVar

from newsml_codecs import document, jsontext, newsml
from newsml_model import NewsItemError
from newsml_tools.batch._interrupts import interrupts_checked
from newsml_tools.batch._wire import NINJS, from_format_of, ninjs_problems, numbered, wire_outputs

__all__ = [
    "DOCUMENT",
    "NEWSML",
    "OUTPUT_SUFFIX",
    "ConvertJob",
    "Result",
    "convert_bytes",
    "convert_file",
    "direction_of",
    "output_clash",
    "problems_of",
    "sniff_xml",
    "source_of",
    "validate_file",
    "validate_ninjs_file",
    "write_atomically",
]

DOCUMENT = "document"
NEWSML = "newsml"
OUTPUT_SUFFIX = {DOCUMENT: ".json", NEWSML: ".xml", NINJS: ".json"}
"""The suffix of an output, by direction."""
_DIRECTION_OF_SUFFIX = {".xml": DOCUMENT, ".json": NEWSML}


@attrs.frozen(kw_only=True)
class ConvertJob:
    """One file to convert.

    Attributes:
        source: The input file.
        target: The output file (its directories are made as needed).
        to: ``"document"``, ``"newsml"``, or None to go by the source's suffix.
        converter: The `document.Converter` (its options), None for the defaults;
            a value shared by the jobs of a chunk: pickled once with the chunk,
            its tables built once per worker process.
        indent: Pretty output for people (``newsml convert --indent``): the
            indentation of `convert_bytes`; None for compact output.
        from_format: ``newsml``, ``document``, ``g2`` or ``ninjs``; None: by suffix. With it
            (or `to` ``"ninjs"``) an input may give several outputs, ``<stem>-1<suffix>``...
    """

    source: str
    target: str
    to: str | None = None
    converter: document.Converter | None = None
    indent: int | None = None
    from_format: str | None = None


Source = TypeVar("Source", bound="str | os.PathLike[str]", default=str)
"""The type an input was named with: `batch.convert` and `batch.validate` keep it."""


@attrs.frozen(kw_only=True)
class Result(typing.Generic[Source]):
    """What became of one input.

    Attributes:
        source: The input, as named in its job; `batch.convert` and
            `batch.validate` give back the very object they were given (a
            ``Path`` stays a ``Path``).
        output: The file written (None when nothing was: validation, or a failure).
        problems: Why it failed or is invalid, each saying where; empty when it went well.
        outputs: Every file written when an input gave several (`output` is the first).
    """

    source: Source
    output: str | None = None
    problems: tuple[str, ...] = ()
    outputs: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """Whether the input converted, or is valid."""
        return not self.problems


def source_of(job: object) -> str:
    """The input a job names: a `ConvertJob`'s source, else the job itself as a path."""
    return job.source if isinstance(job, ConvertJob) else os.fspath(job)  # type: ignore[call-overload]


def direction_of(path: str | os.PathLike[str], to: str | None = None) -> str | None:
    """`to`, else the direction a suffix says (``.xml`` to a document, ``.json`` to NewsML), else None."""
    return to if to is not None else _DIRECTION_OF_SUFFIX.get(Path(path).suffix.lower())


def sniff_xml(data: bytes) -> bool:
    """Whether `data` starts, after a BOM and whitespace, with ``<`` (else JSON is assumed)."""
    return data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<")


def convert_bytes(
    data: bytes, to: str, converter: document.Converter | None = None, indent: int | None = None
) -> bytes:
    """Convert one input, whatever item kind it holds.

    Args:
        data: NewsML (`to` is ``"document"``) or document JSON (``"newsml"``).
        to: The direction.
        converter: The document converter (None: the reference's defaults).
        indent: Spaces of indentation for people (``document.dumps`` /
            ``newsml.dumps`` ``indent=``); None for the compact text.

    Returns:
        Document JSON (compact, as `document.dumps`, unless `indent`) or
        NewsML, UTF-8, no final newline.

    Raises:
        NewsItemError: The input cannot be read or converted (a `DecodeError` saying where).
        KeyboardInterrupt: Ctrl-C during the conversion (see `interrupts_checked`).
        SystemExit: SIGTERM in a pool worker (the pool's stop) during the conversion.
    """
    converter = document.Converter() if converter is None else converter
    with interrupts_checked():
        if to == DOCUMENT:
            item = newsml.loads(data)
            if indent is not None:
                return converter.dumps(item, indent=indent).encode("utf-8")
            return jsontext.dumpb(converter.dump(item))
        return converter.to_newsml(jsontext.loads(data), indent=indent).encode("utf-8")


def write_atomically(target: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to `target` through a hidden temporary file in the same directory.

    The rename is atomic on POSIX filesystems, so readers see the old file or
    the whole new one; on any failure or exit (SystemExit from SIGTERM
    included) the temporary file is removed. Only SIGKILL can leave one
    behind: ``.<name>.<pid>-<hex>.tmp``, never under the target's own name.

    Args:
        target: The output file; its directories are made.
        data: The whole content.

    Raises:
        OSError: The directory or file cannot be written (full disk, permissions).
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
    try:
        with open(temporary, "xb") as file:
            file.write(data)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise


def _same_file_key(path: str) -> str:
    """A key equal for two names of one file (relative or absolute, through symbolic links)."""
    return os.path.normcase(os.path.realpath(path))


def output_clash(jobs: Sequence[ConvertJob]) -> str | None:
    """Why `jobs` cannot run as one batch, or None when they can.

    Two jobs writing one target would leave one output for two inputs (and a
    failure of the second would remove the first's output), and a target
    that is an input of the batch would be overwritten before, or after, it
    is read. Either is found here, before anything is written.

    Args:
        jobs: The batch's jobs.

    Returns:
        The first clash in job order, naming the files; None for none.
    """
    sources = {_same_file_key(job.source): job.source for job in jobs}
    targets: dict[str, str] = {}
    for job in jobs:
        key = _same_file_key(job.target)
        if key == _same_file_key(job.source):
            return f"{job.source} would be overwritten by its own output"
        if key in sources:
            return (
                f"the output of {job.source} would overwrite {sources[key]}, an input of this run"
            )
        if key in targets:
            return f"{targets[key]} and {job.source} would both be written to {job.target}"
        targets[key] = job.source
    return None


def _remove_stale(job: ConvertJob, problem: str) -> str:
    """Remove the target an earlier run left for a source that now fails; say so in the problem."""
    target = Path(job.target)
    try:
        if not target.is_file() or target.resolve() == Path(job.source).resolve():
            return problem
        target.unlink()
    except OSError as error:
        return f"{problem}; the output of an earlier run is still there: {target}: {error.strerror or error}"
    return f"{problem}; removed the output of an earlier run: {target}"


def _convert_problem(job: ConvertJob) -> str | None:
    """Convert and write one job; the problem, or None when written."""
    to = direction_of(job.source, job.to)
    if to is None:
        return "not .xml or .json: say which way with --to"
    try:
        data = Path(job.source).read_bytes()
    except OSError as error:
        return f"cannot read: {error.strerror or error}"
    try:
        output = convert_bytes(data, to, job.converter, job.indent) + b"\n"
    except NewsItemError as error:
        return str(error)
    except Exception as error:  # a codec bug must cost one file, not the batch
        return f"internal error: {type(error).__name__}: {error}"
    try:
        write_atomically(Path(job.target), output)
    except OSError as error:
        return f"cannot write {job.target}: {error.strerror or error}"
    return None


def _wire_problem(job: ConvertJob) -> tuple[str | None, tuple[str, ...]]:
    """Convert and write a job from or to a wire format: the problem, or None and the files written."""
    source = from_format_of(job.source, job.from_format)
    if source is None:
        return "not .xml or .json: say what it is with --from", ()
    try:
        data = Path(job.source).read_bytes()
    except OSError as error:
        return f"cannot read: {error.strerror or error}", ()
    try:
        outputs = wire_outputs(data, job.to or DOCUMENT, source, job.converter, job.indent)
    except NewsItemError as error:
        return str(error), ()
    except Exception as error:  # a codec bug must cost one file, not the batch
        return f"internal error: {type(error).__name__}: {error}", ()
    targets = numbered(job.target, len(outputs))
    try:
        for target, output in zip(targets, outputs, strict=True):
            write_atomically(Path(target), output + b"\n")
    except OSError as error:
        return f"cannot write: {error.strerror or error}", ()
    return None, tuple(targets)


def convert_file(job: ConvertJob) -> Result:
    """Convert one file and write its output atomically; every failure becomes a problem.

    Args:
        job: What to convert, which way, and where to write it.

    Returns:
        The result: the output written, or the problem (a failure also removes
        the target an earlier run left, and says so).

    Raises:
        KeyboardInterrupt: Ctrl-C; nothing was written for this file.
        SystemExit: SIGTERM in a pool worker (the pool's stop); nothing was
            written for this file.
    """
    if job.from_format is not None or job.to == NINJS:
        problem, written = _wire_problem(job)
    else:
        problem, written = _convert_problem(job), (job.target,)
    if problem is None:
        return Result(source=job.source, output=written[0], outputs=written[1:] and written)
    return Result(source=job.source, problems=(_remove_stale(job, problem),))


def problems_of(data: bytes, xml: bool) -> list[str]:
    """The problems of one input text: NewsML must load, a document must match the schema.

    Args:
        data: The bytes of a NewsML file (`xml` true) or a JSON document.
        xml: Which of the two `data` is.

    Returns:
        [] when valid; else messages saying where (line and column for XML,
        the JSON path for documents).
    """
    with interrupts_checked():
        if xml:
            try:
                newsml.loads(data)
            except NewsItemError as error:
                return [str(error)]
            return []
        try:
            doc = json.loads(data)
        except (ValueError, RecursionError) as error:  # JSONDecodeError and UnicodeDecodeError too
            return [f"not JSON: {error}"]
        # Imported here: the schema's validators (python-jsonschema, jsonschema-rs) are a third
        # of a `newsml convert` process's imports, which never validates a document.
        from newsml_codecs import schema

        return schema.errors(doc)


def _checked(path: str, check: Callable[[str, bytes], list[str]]) -> Result:
    """The problems `check` finds in the file `path`; nothing is raised for a bad file."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        return Result(source=path, problems=(f"cannot read: {error.strerror or error}",))
    try:
        with interrupts_checked():
            problems = check(path, data)
    except Exception as error:  # a bug must cost one file, not the batch
        problems = [f"internal error: {type(error).__name__}: {error}"]
    return Result(source=path, problems=tuple(problems))


def _newsml_or_document(path: str, data: bytes) -> list[str]:
    suffix = Path(path).suffix.lower()
    return problems_of(
        data, suffix == ".xml" if suffix in _DIRECTION_OF_SUFFIX else sniff_xml(data)
    )


def validate_file(path: str) -> Result:
    """The problems of one file; nothing is raised for a bad file.

    Args:
        path: A ``.json`` document or an ``.xml`` NewsML file (other suffixes are sniffed).

    Returns:
        The result, with the problems (none when valid).
    """
    return _checked(path, _newsml_or_document)


def validate_ninjs_file(path: str) -> Result:
    """The problems of one ninjs file (an object or a collection) against IPTC's schema of its version."""
    return _checked(path, lambda _, data: ninjs_problems(data))
