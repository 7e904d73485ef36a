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
import math
import os
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from newsml_tools.batch._local import Chunk, failed_chunk, run_chunk
from newsml_tools.batch._probe import connect_timeout, probe
from newsml_tools.batch._work import ConvertJob, Result, source_of

if TYPE_CHECKING:
    from distributed import Client

__all__ = [
    "DASK_EXTRA",
    "DaskMissingError",
    "NoWorkersError",
    "connect",
    "on_cluster",
    "threads_of",
    "wait_for_workers",
]

DASK_EXTRA = "dask"
"""The optional extra that installs Dask: ``pip install 'newsml-model[dask]'``."""

# How often a run looks at the cluster while no chunk finishes, and how long
# a cluster may have no workers before the log says so (at most).
_POLL_S = 1.0
_NOTICE_S = 5.0

_log = logging.getLogger("newsml_tools.batch")


class DaskMissingError(ImportError):
    """Dask is not installed; the message names the extra to install."""


class NoWorkersError(TimeoutError):
    """The Dask cluster had no workers for longer than the run allows (``worker_timeout``)."""


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
    For a ``tcp://`` or ``tls://`` address, what listens there must greet as
    a Dask server within 10 s (or Dask's ``distributed.comm.timeouts.connect``
    when shorter) and take the client as a scheduler: a silent server, an
    HTTP server or a worker's address is refused, never waited on for ever.

    Args:
        scheduler: The scheduler's address, or ``local``.
        workers: Worker processes for ``local``; ignored for an address.

    Yields:
        A connected `distributed.Client`, closed when the block ends.

    Raises:
        DaskMissingError: Dask is not installed.
        ValueError: A malformed address, or ``tls://`` without TLS settings.
        ConnectionError: No Dask scheduler answers there in time; the message
            says what was found instead.
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
    import dask

    timeout = connect_timeout(dask.config)
    security = distributed.security.Security()
    probe(scheduler, security.get_connection_args("client")["ssl_context"], timeout)
    try:
        client = distributed.Client(scheduler, timeout=timeout, security=security)
    except (OSError, TimeoutError) as error:
        raise ConnectionError(f"a Dask server, but the client could not connect: {error}") from None
    except Exception as error:  # a worker's or nanny's address refuses the scheduler's calls
        raise ConnectionError(
            f"a Dask server, but not a scheduler (a worker's address?): "
            f"{type(error).__name__}: {error}"
        ) from None
    with client:
        yield client


def threads_of(client: Client) -> int:
    """The worker threads the cluster has now (at least 1)."""
    workers = client.scheduler_info().get("workers", {})
    return max(1, sum(int(worker.get("nthreads", 1)) for worker in workers.values()))


def _has_workers(client: Client) -> bool:
    return bool(client.scheduler_info().get("workers"))


class _Idle:
    """Watches a cluster for want of workers: logs a notice, then raises `NoWorkersError`."""

    def __init__(self, client: Client, timeout: float | None) -> None:
        self._client = client
        self._timeout = timeout
        self._since: float | None = None
        self._noticed = False

    def check(self) -> None:
        """Note whether the cluster has workers now; raise when it has had none too long."""
        if _has_workers(self._client):
            self._since, self._noticed = None, False
            return
        now = time.monotonic()
        self._since = now if self._since is None else self._since
        idle = now - self._since
        limit = math.inf if self._timeout is None else self._timeout
        address = self._client.scheduler_info().get("address", "")
        if not self._noticed and idle >= min(_NOTICE_S, limit / 2):
            self._noticed = True
            bound = "" if self._timeout is None else f" (up to {self._timeout:g} s)"
            _log.warning("the Dask cluster %s has no workers; waiting%s", address, bound)
        if idle >= limit:
            raise NoWorkersError(f"the Dask cluster {address} has had no workers for {limit:g} s")


def wait_for_workers(client: Client, timeout: float | None) -> None:
    """Return once the cluster has a worker; say so in the log when it has none for a while.

    Args:
        client: The cluster's client.
        timeout: Seconds without a worker before giving up; None waits for ever.

    Raises:
        NoWorkersError: No worker for `timeout` seconds.
    """
    idle = _Idle(client, timeout)
    while True:
        idle.check()
        if _has_workers(client):
            return
        time.sleep(_POLL_S / 4)


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
    task: Callable[[J], Result],
    chunks: Sequence[Sequence[J]],
    client: Client,
    *,
    worker_timeout: float | None = None,
) -> Iterator[Chunk]:
    """Run each chunk as one Dask task; yield each as it finishes.

    While no chunk finishes, the cluster is watched for workers: when it has
    none (all died and none came back) the log says so after a few seconds,
    and after `worker_timeout` seconds `NoWorkersError` is raised. On that,
    on Ctrl-C, or when the consumer stops early, the tasks not yet finished
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
    pending = set(futures)
    idle = _Idle(client, worker_timeout)
    try:
        while pending:
            try:
                done, _ = distributed.wait(
                    list(pending), timeout=_POLL_S, return_when="FIRST_COMPLETED"
                )
            except TimeoutError:
                idle.check()
                continue
            for future in done:
                pending.discard(future)
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
