"""Chunks of jobs on this machine: in this process, or on a pool of worker processes.

Internal to `newsml_tools.batch`.

Pool workers ignore SIGINT: a Ctrl-C (which the terminal sends to the whole
process group) or a SIGINT sent to the parent alone is the parent's to handle,
and it handles both the same way: queued chunks are cancelled, the workers
are sent SIGTERM, which each turns into `SystemExit` so the file it is
writing drops its temporary file, and the parent waits for them to exit.
Every output then present is complete and right (a `SystemExit` that a
conversion swallowed is raised again before its file is written: see
`_interrupts.interrupts_checked`); the chunks in flight are lost.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from types import FrameType
from typing import TypeVar

from newsml_tools.batch._work import Result, source_of

__all__ = ["Chunk", "chunked", "failed_chunk", "in_process", "on_pool", "run_chunk"]

J = TypeVar("J")

Chunk = tuple[int, list[Result]]
"""A finished chunk: its index among the chunks, and one result per job, in job order."""

# Chunks big enough to amortise pickling and scheduling, small enough that
# every worker gets several (load balance) and a progress bar moves.
_MAX_CHUNK = 64
_CHUNKS_PER_WORKER = 4

# How long the workers get to leave after SIGTERM before they are killed.
_EXIT_GRACE_S = 5.0


def chunked(jobs: Sequence[J], workers: int) -> list[Sequence[J]]:
    """`jobs` cut into consecutive chunks, about four per worker, at most 64 long.

    Args:
        jobs: The jobs, in order.
        workers: The number of workers (processes or cluster threads).

    Returns:
        The chunks; together they are `jobs`, in order.
    """
    size = max(1, min(_MAX_CHUNK, len(jobs) // (max(1, workers) * _CHUNKS_PER_WORKER)))
    return [jobs[start : start + size] for start in range(0, len(jobs), size)]


def run_chunk(task: Callable[[J], Result], chunk: Sequence[J]) -> list[Result]:
    """`task` applied to every job of `chunk`, in order (on whichever worker runs it)."""
    return [task(job) for job in chunk]


def failed_chunk(chunk: Sequence[object], problem: str) -> list[Result]:
    """One failed result per job of a chunk that could not run (its worker died, say)."""
    return [Result(source=source_of(job), problems=(problem,)) for job in chunk]


def in_process(task: Callable[[J], Result], chunks: Sequence[Sequence[J]]) -> Iterator[Chunk]:
    """Run the chunks one after the other in this process."""
    for index, chunk in enumerate(chunks):
        yield index, run_chunk(task, chunk)


def _terminated(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


def _init_worker() -> None:
    """Pool worker setup: the parent alone decides on Ctrl-C; SIGTERM unwinds cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _terminated)


def _pool_chunk(task: Callable[[J], Result], chunk: Sequence[J]) -> list[Result]:
    """`run_chunk` in a pool worker: SIGTERM ends the process, not just the chunk.

    The executor would catch the `SystemExit` and hand the worker its next
    chunk; leaving at once (after the `finally` blocks removed temporary
    files) keeps a stop prompt.
    """
    try:
        return run_chunk(task, chunk)
    except SystemExit as stop:
        os._exit(stop.code if isinstance(stop.code, int) else 1)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel what is queued, SIGTERM the workers, wait for them to leave (then kill them)."""
    processes = list(getattr(pool, "_processes", None) or {})
    workers = [pool._processes[pid] for pid in processes] if processes else []
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        if process.is_alive():
            process.terminate()
    for process in workers:
        process.join(_EXIT_GRACE_S)
        if process.is_alive():
            process.kill()
            process.join()


def on_pool(
    task: Callable[[J], Result], chunks: Sequence[Sequence[J]], workers: int
) -> Iterator[Chunk]:
    """Run the chunks on `workers` processes; yield each as it finishes.

    A chunk whose worker died (killed, out of memory) comes back as failed
    results saying so; the pool is then broken and so are the chunks after it.
    On Ctrl-C, or when the consumer stops early, the workers are stopped (see
    the module docstring).
    """
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_init_worker)
    try:
        pending: dict[Future[list[Result]], int] = {
            pool.submit(_pool_chunk, task, chunk): index for index, chunk in enumerate(chunks)
        }
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                index = pending.pop(future)
                try:
                    results = future.result()
                except Exception as error:  # BrokenProcessPool: a worker died
                    results = failed_chunk(chunks[index], f"worker lost: {error}")
                yield index, results
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown(wait=True)
