"""The batch options of ``convert`` and ``validate``, and reporting a batch as it runs.

Internal to the CLI. `execute` runs jobs through `newsml_tools.batch` (on this
machine, or on a Dask cluster with ``--scheduler``) and reports each problem
as ``<source>: <message>`` in the order of the jobs, as soon as its chunk and
every chunk before it are done, so a long batch shows failures while it runs
and two runs print the same report. Files are counted as their chunks finish,
so after a Ctrl-C the counts say exactly what finished. A tqdm bar on standard error counts files
as their chunks finish, when the batch is large and standard error is a terminal.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import sys
import time
from collections.abc import Callable, Sequence
from typing import IO, Any, TypeVar

import attrs

from newsml_tools import batch
from newsml_tools._argtypes import count, seconds
from newsml_tools.batch._dask import DASK_EXTRA, NoWorkersError
from newsml_tools.cli._stop import SigtermStop, Terminated

__all__ = [
    "PROGRESS_MIN_FILES",
    "InOrder",
    "Tally",
    "UsageError",
    "add_options",
    "add_verbose",
    "execute",
    "files",
    "summarised",
]

J = TypeVar("J")

PROGRESS_MIN_FILES = 20
"""Fewer files than this finish too soon for a progress bar to help."""

DEFAULT_SCHEDULER_TIMEOUT = 180.0
"""Seconds a cluster may have no workers before ``--scheduler`` gives up."""


class UsageError(Exception):
    """The options cannot run (Dask missing, scheduler unreachable): exit status 2."""


@attrs.define
class Tally:
    """Files done so far (updated as chunks are reported, so an interrupt can say what finished)."""

    succeeded: int = 0
    failed: int = 0


class InOrder:
    """Puts finished chunks back in job order, so two runs over a tree print the same report."""

    def __init__(self) -> None:
        self._waiting: dict[int, list[batch.Result]] = {}
        self._following = 0

    def add(self, index: int, results: list[batch.Result]) -> list[batch.Result]:
        """Take chunk `index`; return the results now releasable in job order (maybe none)."""
        self._waiting[index] = results
        released: list[batch.Result] = []
        while self._following in self._waiting:
            released.extend(self._waiting.pop(self._following))
            self._following += 1
        return released

    def rest(self) -> list[batch.Result]:
        """The results held back for an earlier chunk that never came (after an interrupt)."""
        rest = [result for index in sorted(self._waiting) for result in self._waiting[index]]
        self._waiting.clear()
        return rest


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
    """Add ``-j/--jobs N``, ``--scheduler ADDRESS``, ``--scheduler-timeout``, ``--no-progress``, ``-q``.

    Args:
        parser: A subcommand's parser.
    """
    parser.add_argument(
        "-j",
        "--jobs",
        type=count,
        default=0,
        metavar="N",
        help="worker processes on this machine, or of --scheduler local (default 0: one per core)",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on the Dask cluster at ADDRESS (tcp://host:port), or 'local' for a "
        f"LocalCluster here; needs the '{DASK_EXTRA}' extra and paths every worker sees",
    )
    parser.add_argument(
        "--scheduler-timeout",
        type=seconds,
        default=DEFAULT_SCHEDULER_TIMEOUT,
        metavar="SECONDS",
        help="how long the cluster may have no workers before giving up "
        "(default: %(default)g; a notice after a few seconds)",
    )
    parser.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help=f"no progress bar (shown only for {PROGRESS_MIN_FILES}+ files when stderr is a terminal)",
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="no summary line")


def add_verbose(parser: argparse.ArgumentParser) -> None:
    """Add ``-v/--verbose``: the summary line of `summarised` for one file too.

    Args:
        parser: The parser of a subcommand that reports through `summarised`.
    """
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="the summary line for one file too (by default only for several)",
    )


def _client(args: argparse.Namespace, stack: contextlib.ExitStack) -> Any:
    """The Dask client ``--scheduler`` asks for (closed with `stack`), or None.

    Raises:
        UsageError: Dask is missing, or no scheduler answers at the address
            (one line naming it and what was found there).
    """
    if args.scheduler is None:
        return None
    # Dask logs worker and connection chatter at INFO/WARNING; the report says what matters.
    logging.getLogger("distributed").setLevel(logging.ERROR)
    # The batch's own notices (a cluster without workers) go to standard error as they come.
    notices = logging.StreamHandler(sys.stderr)
    notices.setFormatter(logging.Formatter(f"newsml {args.command}: %(message)s"))
    batch_log = logging.getLogger("newsml_tools.batch")
    batch_log.addHandler(notices)
    batch_log.propagate = False
    stack.callback(batch_log.removeHandler, notices)
    try:
        return stack.enter_context(batch.connect(args.scheduler, workers=args.jobs))
    except batch.DaskMissingError as error:
        raise UsageError(str(error)) from None
    except (OSError, ValueError) as error:
        raise UsageError(f"no Dask scheduler at {args.scheduler}: {error}") from None


def execute(
    task: Callable[[J], batch.Result],
    jobs: Sequence[J],
    args: argparse.Namespace,
    *,
    report: IO[str],
    tally: Tally,
) -> None:
    """Run `task` over `jobs` as the options say; report problems; count into `tally`.

    Args:
        task: `batch.convert_file` or `batch.validate_file`.
        jobs: Its jobs.
        args: The parsed options (`add_options`).
        report: Where ``<source>: <problem>`` lines go (through the bar, when
            there is one, so they do not tear it).
        tally: Counts, updated as results are released (still right after an interrupt).

    Raises:
        UsageError: ``--scheduler`` cannot be used (Dask missing, no
            scheduler at the address, no workers for ``--scheduler-timeout``).
        KeyboardInterrupt: Ctrl-C; the work was stopped first.
    """
    with contextlib.ExitStack() as stack:
        client = _client(args, stack)
        bar = _progress_bar(len(jobs), args.progress)
        # Closed on the way out, so an interrupt stops the workers before it is reported.
        run = batch.run(
            task, jobs, client=client, workers=args.jobs, worker_timeout=args.scheduler_timeout
        )
        finished = stack.enter_context(contextlib.closing(run))
        order = InOrder()

        def emit(results: list[batch.Result]) -> None:
            for result in results:
                for problem in result.problems:
                    line = f"{result.source}: {problem}"
                    if bar is None:
                        print(line, file=report)
                    else:
                        bar.write(line, file=report)

        try:
            for index, results in finished:
                # Counted as they finish, so the summary after an interrupt says what finished.
                for result in results:
                    if result.ok:
                        tally.succeeded += 1
                    else:
                        tally.failed += 1
                emit(order.add(index, results))
                if bar is not None:
                    bar.update(len(results))
        except KeyboardInterrupt:
            emit(order.rest())  # every counted failure is reported, even out of order
            raise
        except NoWorkersError as error:
            emit(order.rest())
            raise UsageError(f"{error} (--scheduler-timeout)") from None
        finally:
            if bar is not None:
                bar.close()


def summarised(
    args: argparse.Namespace,
    dispatch: Callable[[argparse.Namespace, Tally], int | None],
    counts: Callable[[Tally], str],
    after_interrupt: str = "",
) -> int:
    """Run a subcommand's `dispatch` and print its summary line, on Ctrl-C and SIGTERM too.

    The summary is printed for any number of files but one (a single file's
    output or problem says enough), for one too with ``--verbose``, and never
    with ``--quiet``; after a Ctrl-C or a SIGTERM always (unless ``--quiet``).
    SIGTERM stops the work as Ctrl-C does from the moment it starts, at
    whatever instant it arrives; the subcommand's parser sets
    `HANDLES_SIGTERM` so that ``main`` leaves SIGTERM to this function.

    Args:
        args: The parsed options (``quiet``, ``verbose``).
        dispatch: Does the work, counting into the tally; returns an exit
            status to return as it is (a usage error, a single file) or None.
        counts: The summary's counts, such as ``"3 valid, 1 invalid"``.
        after_interrupt: Appended to the summary printed after a Ctrl-C.

    Returns:
        `dispatch`'s status, else 1 when any input failed and 0 otherwise.

    Raises:
        KeyboardInterrupt: Ctrl-C, after the summary of what had finished.
        Terminated: SIGTERM (a `KeyboardInterrupt`), after the summary of what
            had finished, or after the whole summary when the work was done.
    """
    started = time.perf_counter()
    tally = Tally()
    # SIGTERM raises inside this try (so no stop once the work has begun goes
    # without the summary) and is only recorded once the work is done, so the
    # summary is printed whole and once (`_stop` says why).
    sigterm = SigtermStop()
    try:
        sigterm.install()
        status = dispatch(args, tally)
        sigterm.defer()
    except KeyboardInterrupt:
        sigterm.restore()  # the interrupt may have cut `defer` short
        if not args.quiet:
            elapsed = time.perf_counter() - started
            print(
                f"interrupted: {counts(tally)} in {elapsed:.2f} s{after_interrupt}",
                file=sys.stderr,
            )
        raise
    try:
        if status is None:
            # One file is quiet, as cp and gzip are: its output or its problem says it all.
            one = tally.succeeded + tally.failed == 1
            if not args.quiet and (getattr(args, "verbose", False) or not one):
                elapsed = time.perf_counter() - started
                print(f"{counts(tally)} in {elapsed:.2f} s", file=sys.stderr)
            status = 1 if tally.failed else 0
    finally:
        sigterm.restore()
    if sigterm.deferred:
        raise Terminated  # after the summary: the command ends with 143 (`main`)
    return status


def files(count: int) -> str:
    """``1 file``, ``2 files``: a count of files in the summary lines."""
    return f"{count} file" if count == 1 else f"{count} files"
