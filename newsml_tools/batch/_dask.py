"""Chunks of jobs on a Dask cluster (``dask[distributed]``, the ``dask`` extra).

Internal to `newsml_tools.batch`.

Each chunk is one task; the worker that runs it reads the inputs and writes
the outputs itself, so paths are made absolute here and must name the same
files on every worker (a shared filesystem). Only the job records and the
result records cross the network, never file contents. When a worker is
lost, the scheduler runs its tasks again elsewhere (outputs are written
atomically, so a task run twice leaves one whole file); a chunk whose
workers keep dying (``distributed.scheduler.allowed-failures``, 3 by
default) comes back as failed results.
"""

from __future__ import annotations

import contextlib
import logging
import os
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from newsml_tools.batch._local import Chunk, failed_chunk, run_chunk
from newsml_tools.batch._work import ConvertJob, Result, source_of

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["DASK_EXTRA", "DaskMissingError", "connect", "on_cluster", "threads_of"]

DASK_EXTRA = "dask"
"""The optional extra that installs Dask: ``pip install 'newsml-model[dask]'``."""

_CONNECT_TIMEOUT_S = 10


class DaskMissingError(ImportError):
    """Dask is not installed; the message names the extra to install."""


def _distributed() -> Any:
    """The `distributed` module, or `DaskMissingError` naming the extra."""
    try:
        import distributed
    except ImportError as error:
        raise DaskMissingError(
            f"running on a Dask cluster needs Dask: pip install 'newsml-model[{DASK_EXTRA}]'"
        ) from error
    return distributed


@contextlib.contextmanager
def connect(scheduler: str, *, workers: int = 0) -> Iterator[Client]:
    """A Dask client for ``tcp://host:port`` (any address Dask takes), or ``local``.

    ``local`` starts a `LocalCluster` of `workers` single-threaded worker
    processes on this machine (one per core for 0) and closes it at the end.

    Args:
        scheduler: The scheduler's address, or ``local``.
        workers: Worker processes for ``local``; ignored for an address.

    Yields:
        A connected `distributed.Client`, closed when the block ends.

    Raises:
        DaskMissingError: Dask is not installed.
        OSError: The scheduler cannot be reached (within 10 s).
    """
    distributed = _distributed()
    if scheduler == "local":
        cluster = distributed.LocalCluster(
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            # A free port for its HTTP server (8787 may be taken). The workers' own
            # logs are off: task failures come back as results, and a shutdown
            # after Ctrl-C would otherwise print connection tracebacks.
            dashboard_address=":0",
            silence_logs=logging.CRITICAL,
        )
        with cluster, distributed.Client(cluster) as client:
            yield client
        return
    with distributed.Client(scheduler, timeout=_CONNECT_TIMEOUT_S) as client:
        yield client


def threads_of(client: Client) -> int:
    """The worker threads the cluster has now (at least 1)."""
    workers = client.scheduler_info().get("workers", {})
    return max(1, sum(int(worker.get("nthreads", 1)) for worker in workers.values()))


def _absolute(job: object) -> object:
    """The job with its paths absolute: workers do not share this process's directory."""
    if isinstance(job, ConvertJob):
        return attrs.evolve(
            job, source=os.path.abspath(job.source), target=os.path.abspath(job.target)
        )
    return os.path.abspath(os.fspath(job))  # type: ignore[call-overload]


def _named_as_given(results: list[Result], chunk: Sequence[object]) -> list[Result]:
    """Results under the sources as the caller named them (not the absolute paths sent)."""
    return [
        attrs.evolve(result, source=source_of(job))
        for result, job in zip(results, chunk, strict=True)
    ]


J = TypeVar("J")


def on_cluster(
    task: Callable[[J], Result], chunks: Sequence[Sequence[J]], client: Client
) -> Iterator[Chunk]:
    """Run each chunk as one Dask task; yield each as it finishes.

    On Ctrl-C, or when the consumer stops early, the tasks not yet finished
    are cancelled (a task already running on a worker finishes its chunk:
    Dask cannot stop a running task).
    """
    distributed = _distributed()
    batch = uuid.uuid4().hex[:12]
    futures = {
        client.submit(
            run_chunk,
            task,
            [_absolute(job) for job in chunk],
            key=f"newsml-{task.__name__}-{batch}-{index}",
            pure=False,
        ): index
        for index, chunk in enumerate(chunks)
    }
    try:
        for future in distributed.as_completed(futures):
            index = futures[future]
            try:
                results = _named_as_given(future.result(), chunks[index])
            except Exception as error:  # KilledWorker: its workers kept dying
                results = failed_chunk(
                    chunks[index], f"worker lost: {type(error).__name__}: {error}"
                )
            future.release()
            yield index, results
    except BaseException:
        cancel: Any = client.cancel  # untyped in distributed
        cancel(list(futures))
        raise
