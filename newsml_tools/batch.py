"""Running one function over many files, in worker processes, with progress.

`run` splits the jobs into chunks, hands the chunks to a
`ProcessPoolExecutor` (or runs them in-process for one worker), and reports
each problem as ``<source>: <message>`` in the order of the jobs, as soon as
its chunk and every chunk before it are done, so a long batch shows failures
while it runs and two runs print the same report. A tqdm bar on standard error
counts files when the batch is large and standard error is a terminal.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import IO, Any, TypeVar

__all__ = ["PROGRESS_MIN_FILES", "Outcome", "add_options", "chunked", "run", "workers"]

J = TypeVar("J")

Outcome = tuple[str, list[str]]
"""A job's result: its source name and its problems ([] when it went well)."""

PROGRESS_MIN_FILES = 20
"""Fewer files than this finish too soon for a progress bar to help."""

# Chunks big enough to amortise pickling and scheduling, small enough that
# every worker gets several (load balance) and the bar moves.
_MAX_CHUNK = 64
_CHUNKS_PER_WORKER = 4


def chunked(jobs: Sequence[J], workers: int) -> list[Sequence[J]]:
    """`jobs` cut into consecutive chunks, about four per worker, at most 64 long.

    Args:
        jobs: The jobs, in order.
        workers: The number of processes.

    Returns:
        The chunks; together they are `jobs`, in order.
    """
    size = max(1, min(_MAX_CHUNK, len(jobs) // (max(1, workers) * _CHUNKS_PER_WORKER)))
    return [jobs[start : start + size] for start in range(0, len(jobs), size)]


def _run_chunk(worker: Callable[[J], Outcome], chunk: Sequence[J]) -> list[Outcome]:
    return [worker(job) for job in chunk]


def _outcomes(
    worker: Callable[[J], Outcome], chunks: list[Sequence[J]], workers: int
) -> Iterator[tuple[int, list[Outcome]]]:
    """Each chunk's index and outcomes, in the order the chunks finish."""
    if workers <= 1:
        for index, chunk in enumerate(chunks):
            yield index, _run_chunk(worker, chunk)
        return
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        pending: dict[Future[list[Outcome]], int] = {
            pool.submit(_run_chunk, worker, chunk): index for index, chunk in enumerate(chunks)
        }
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield pending.pop(future), future.result()
    except BaseException:
        # Ctrl-C, or the consumer stopped: drop what is queued, do not wait for it.
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def _in_order(finished: Iterator[tuple[int, list[Outcome]]]) -> Iterator[tuple[int, list[Outcome]]]:
    """Pairs of (chunks just finished, outcomes now releasable in job order).

    Reports follow the order of the jobs whatever order the workers finish
    in, so two runs over the same tree print the same lines; the count of
    finished chunks still moves the bar as soon as a worker is done.
    """
    waiting: dict[int, list[Outcome]] = {}
    following = 0
    for index, outcomes in finished:
        waiting[index] = outcomes
        released: list[Outcome] = []
        while following in waiting:
            released.extend(waiting.pop(following))
            following += 1
        yield len(outcomes), released


def _progress_bar(total: int, show: bool) -> Any:
    """A tqdm bar on standard error, or None (small batch, no terminal, no tqdm)."""
    if not show or total < PROGRESS_MIN_FILES or not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:  # the `cli` extra is not installed: no bar, same results
        return None
    return tqdm(total=total, unit="file", file=sys.stderr, dynamic_ncols=True)


def add_options(parser: argparse.ArgumentParser) -> None:
    """Add the batch options ``-j/--jobs N``, ``--no-progress`` and ``-q/--quiet``.

    Args:
        parser: A subcommand's parser.
    """
    parser.add_argument(
        "-j",
        "--jobs",
        type=_count,
        default=0,
        metavar="N",
        help="worker processes (default 0: one per core)",
    )
    parser.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help=f"no progress bar (shown only for {PROGRESS_MIN_FILES}+ files when stderr is a terminal)",
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="no summary line")


def workers(args: argparse.Namespace) -> int:
    """The processes ``-j`` asks for: its value, or one per core for 0."""
    return int(args.jobs) or os.cpu_count() or 1


def _count(text: str) -> int:
    """An argparse type: a non-negative integer."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more: {value}")
    return value


def run(
    worker: Callable[[J], Outcome],
    jobs: Sequence[J],
    *,
    workers: int,
    report: IO[str],
    progress: bool = True,
) -> tuple[int, int]:
    """Apply `worker` to every job and report the problems as they come.

    Args:
        worker: A picklable (module-level) function; it must catch the errors
            of its job and return them as problems, never raise.
        jobs: Picklable job descriptions.
        workers: Processes to use; 1 runs in this process.
        report: Where ``<source>: <problem>`` lines go (written through the
            bar, when there is one, so they do not tear it).
        progress: Allow a progress bar (still only for large batches on a terminal).

    Returns:
        ``(succeeded, failed)`` counts of jobs.
    """
    workers = max(1, min(workers, len(jobs)))
    bar = _progress_bar(len(jobs), progress)
    succeeded = failed = 0
    try:
        for done, outcomes in _in_order(_outcomes(worker, chunked(jobs, workers), workers)):
            for source, problems in outcomes:
                if not problems:
                    succeeded += 1
                    continue
                failed += 1
                for problem in problems:
                    line = f"{source}: {problem}"
                    if bar is None:
                        print(line, file=report)
                    else:
                        bar.write(line, file=report)
            if bar is not None:
                bar.update(done)
    finally:
        if bar is not None:
            bar.close()
    return succeeded, failed
