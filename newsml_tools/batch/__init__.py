"""Convert and validate many files: in this process, on a process pool, or on a Dask cluster.

    from newsml_tools import batch

    for result in batch.convert(paths, "documents/", root="archive/"):
        if not result.ok:
            print(result.source, *result.problems)

    with batch.connect("tcp://scheduler:8786") as client:   # the `dask` extra
        failed = [r for r in batch.validate(paths, client=client) if not r.ok]

Each input gives one `Result` (source, output written, problems), yielded
as soon as its chunk finishes; a bad file is a result, never an exception, so
one file never stops the others. Jobs travel in chunks (about four per
worker, at most 64 files) so small files do not pay a round trip each. Outputs
are written atomically (temporary name, then rename) by whoever converts them.
The `newsml convert` and `newsml validate` commands are a front on `run`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypeVar

from newsml_codecs import document
from newsml_model import InvalidArgumentError
from newsml_tools.batch._dask import (
    DaskMissingError,
    NoWorkersError,
    connect,
    on_cluster,
    threads_of,
    wait_for_workers,
)
from newsml_tools.batch._local import Chunk, chunked, in_process, on_pool
from newsml_tools.batch._wire import FROM_FORMATS, G2, NINJS, TO_FORMATS, check_choice
from newsml_tools.batch._work import (
    DOCUMENT,
    NEWSML,
    OUTPUT_SUFFIX,
    ConvertJob,
    Result,
    convert_file,
    direction_of,
    output_clash,
    validate_file,
    validate_ninjs_file,
    write_atomically,
)

if TYPE_CHECKING:
    from distributed import Client

# What docs/batch.md documents; the CLI's helpers (`chunked`, `sniff_xml`,
# `problems_of`...) are imported from the internal modules.
__all__ = [
    "DOCUMENT",
    "FROM_FORMATS",
    "G2",
    "NEWSML",
    "NINJS",
    "TO_FORMATS",
    "Chunk",
    "ConvertJob",
    "DaskMissingError",
    "NoWorkersError",
    "Result",
    "connect",
    "convert",
    "convert_file",
    "run",
    "validate",
    "validate_file",
    "validate_ninjs_file",
    "write_atomically",
]

J = TypeVar("J")
S = TypeVar("S", bound="str | os.PathLike[str]")


def run(
    task: Callable[[J], Result],
    jobs: Iterable[J],
    *,
    client: Client | None = None,
    workers: int = 0,
    worker_timeout: float | None = None,
) -> Generator[Chunk, None, None]:
    """Apply `task` to every job; yield the chunks as they finish.

    Args:
        task: A module-level function (pickled by reference), such as
            `convert_file` or `validate_file`; it must return problems as
            results, never raise for a bad input.
        jobs: Picklable jobs (`ConvertJob`, paths).
        client: Run on this Dask cluster; None runs on this machine.
        workers: Processes on this machine, one per core for 0; with one
            (or one job) everything runs in this process. Ignored with a client.
        worker_timeout: With a client: seconds the cluster may have no
            workers (at the start, or after all of them died) before
            `NoWorkersError`; the ``newsml_tools.batch`` logger warns after a
            few seconds. None waits for ever.

    Yields:
        ``(index, results)`` per chunk in the order chunks finish; `index` is
        the chunk's position, `results` one per job of the chunk, in order
        (``chunked(jobs, ...)`` gives the chunks; callers that want job order
        put them back in order by index).

    Raises:
        NoWorkersError: The cluster had no workers for `worker_timeout` seconds.
    """
    jobs = list(jobs)
    if client is not None:
        wait_for_workers(client, worker_timeout)  # chunks sized for the workers there are
        chunks = chunked(jobs, threads_of(client))
        yield from on_cluster(task, chunks, client, worker_timeout=worker_timeout)
        return
    workers = max(1, min(workers or os.cpu_count() or 1, len(jobs)))
    chunks = chunked(jobs, workers)
    yield from in_process(task, chunks) if workers == 1 else on_pool(task, chunks, workers)


def _results(chunks: Iterator[Chunk], given: Mapping[str, S]) -> Iterator[Result[S]]:
    # Results name their input as a string (it travelled to a worker); give
    # back the object the caller named it with.
    for _, results in chunks:
        for result in results:
            source = given[os.fspath(result.source)]
            yield Result(
                source=source,
                output=result.output,
                problems=result.problems,
                outputs=result.outputs,
            )


def _fspath(path: str | os.PathLike[str]) -> str:
    return os.fspath(path)


def _inputs(paths: Iterable[S], argument: str) -> dict[str, S]:
    """Every input by its path string, each checked to be a path."""
    given: dict[str, S] = {}
    for index, path in enumerate(paths):
        try:
            name = _fspath(path)
        except TypeError:
            name = None
        if not isinstance(name, str):
            raise InvalidArgumentError(
                f"{argument}[{index}] is not a path (str or os.PathLike[str]): {path!r}",
                field=f"{argument}[{index}]",
            )
        given[name] = path
    return given


def convert(
    paths: Iterable[S],
    output: str | os.PathLike[str],
    *,
    to: Literal["document", "newsml", "ninjs"] | None = None,
    root: str | os.PathLike[str] | None = None,
    client: Client | None = None,
    workers: int = 0,
    worker_timeout: float | None = None,
    from_format: Literal["newsml", "document", "g2", "ninjs"] | None = None,
    converter: document.Converter | None = None,
) -> Iterator[Result[S]]:
    """Convert files into the directory `output`; yield one result per file as they finish.

    Args:
        paths: NewsML files (to documents) and document files (to NewsML).
        output: The output directory: a file goes to ``output/<its path
            below root>``, or ``output/<its name>`` without a root, with its
            suffix swapped (``.json`` for documents, ``.xml`` for NewsML).
        to: ``"document"``, ``"newsml"`` or ``"ninjs"`` for every file; None
            goes by each suffix (and is ``"document"`` with a `from_format`).
        root: The directory the inputs' paths are mirrored from.
        client: Run on this Dask cluster; None runs on this machine.
        workers: Processes on this machine (one per core for 0).
        worker_timeout: As `run`'s.
        from_format: What every file is: ``"newsml"``, ``"document"``,
            ``"g2"`` (an agency's NewsML-G2: one Writer article per text
            item) or ``"ninjs"`` (one per object); None goes by each suffix.
            An input with several outputs writes ``<stem>-1<suffix>``,
            ``<stem>-2<suffix>``... and lists them in ``Result.outputs``.
        converter: The document converter (`document.Converter`, holding
            custom converter options) of every document read or written;
            None for the reference's defaults. It travels to the workers
            once a chunk of files, not once a file.

    Returns:
        An iterator of `Result`: ``output`` is the file written, or
        ``problems`` say why not; ``source`` is the path as given (a
        ``Path`` stays a ``Path``).

    Raises:
        InvalidArgumentError: `to` or `from_format` is not one of its
            choices (`TO_FORMATS`, `FROM_FORMATS`) nor None; `converter` is
            neither a `document.Converter` nor None; a path is not a path or not below `root`; or two
            paths would be written to one output (same names without a
            root), or an output would be one of `paths`: all refused before
            anything is written. It is a ``ValueError`` too.
    """
    check_choice("to", to, TO_FORMATS)
    check_choice("from_format", from_format, FROM_FORMATS)
    if converter is not None and not isinstance(converter, document.Converter):
        raise InvalidArgumentError(
            "converter must be a document.Converter (document.Converter(options)) or None,"
            f" not {type(converter).__name__}",
            field="converter",
        )
    if from_format in (G2, NINJS) and to is None:
        to = "document"
    given = _inputs(paths, "paths")
    jobs = []
    for name in given:
        source = Path(name)
        try:
            relative = source.relative_to(root) if root is not None else Path(source.name)
        except ValueError:
            raise InvalidArgumentError(
                f"cannot convert: {name} is not below the root {os.fspath(root or '')}",
                field="root",
            ) from None
        suffix = OUTPUT_SUFFIX.get(direction_of(source, to) or "", ".out")
        target = (Path(output) / relative).with_suffix(suffix)
        jobs.append(
            ConvertJob(
                source=name,
                target=os.fspath(target),
                to=to,
                from_format=from_format,
                converter=converter,
            )
        )
    clash = output_clash(jobs)
    if clash is not None:
        raise InvalidArgumentError(f"cannot convert: {clash}", field="paths")
    chunks = run(convert_file, jobs, client=client, workers=workers, worker_timeout=worker_timeout)
    return _results(chunks, given)


def validate(
    paths: Iterable[S],
    *,
    client: Client | None = None,
    workers: int = 0,
    worker_timeout: float | None = None,
    ninjs: bool = False,
) -> Iterator[Result[S]]:
    """Validate files; yield one result per file as they finish.

    A ``.json`` file is a document checked against the schema, an ``.xml``
    file NewsML that must load; other suffixes are sniffed.

    Args:
        paths: The files.
        client: Run on this Dask cluster; None runs on this machine.
        workers: Processes on this machine (one per core for 0).
        worker_timeout: As `run`'s.
        ninjs: Check every file as IPTC ninjs (an object or a collection)
            against IPTC's schema of its version instead.

    Returns:
        An iterator of `Result` whose ``problems`` are empty for valid files;
        ``source`` is the path as given.

    Raises:
        InvalidArgumentError: A path that is not a path (str or os.PathLike).
    """
    given = _inputs(paths, "paths")
    jobs = list(given)
    task = validate_ninjs_file if ninjs else validate_file
    chunks = run(task, jobs, client=client, workers=workers, worker_timeout=worker_timeout)
    return _results(chunks, given)
