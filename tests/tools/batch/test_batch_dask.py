"""`newsml convert` and `newsml validate` on a real Dask cluster on 127.0.0.1.

One scheduler and two single-threaded worker processes (``dask scheduler`` /
``dask worker --no-nanny``, so SIGKILL takes a worker away for good) are
started once for the module. The test that kills a worker runs last.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from support.cli import ARTICLE, copy_articles, newsml_cli, newsml_on_terminal

from newsml_codecs import document, newsml

pytest.importorskip("distributed", reason="the dask extra is not installed")

_START_TIMEOUT_S = 60


@attrs.frozen(kw_only=True)
class Cluster:
    """A running scheduler and its worker processes."""

    address: str
    workers: tuple[subprocess.Popen[bytes], ...]


def _dask(*args: str | Path, log: Path) -> subprocess.Popen[bytes]:
    """Start ``python -m dask ARGS`` with its output in `log`."""
    with open(log, "wb") as output:
        return subprocess.Popen(
            [sys.executable, "-m", "dask", *map(str, args)],
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
        )


def _wait_for(condition: object, what: str) -> None:
    """Poll `condition` (a callable) until true, or fail after a minute."""
    deadline = time.monotonic() + _START_TIMEOUT_S
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.05)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """A scheduler on a free port of 127.0.0.1 and two registered workers."""
    directory = tmp_path_factory.mktemp("dask")
    scheduler_file = directory / "scheduler.json"
    common = ("--no-dashboard", "--host", "127.0.0.1")
    processes = [
        _dask(
            "scheduler",
            "--port",
            "0",
            "--scheduler-file",
            scheduler_file,
            *common,
            log=directory / "scheduler.log",
        )
    ]
    try:
        _wait_for(scheduler_file.exists, "the scheduler file")
        worker_logs = [directory / f"worker-{number}.log" for number in (1, 2)]
        for log in worker_logs:
            processes.append(
                _dask(
                    "worker", "--scheduler-file", scheduler_file, "--nthreads", "1",
                    "--no-nanny", "--local-directory", directory, *common, log=log,
                )
            )  # fmt: skip
        for log in worker_logs:
            _wait_for(lambda log=log: "Registered to:" in log.read_text(errors="replace"), str(log))
        address = json.loads(scheduler_file.read_text())["address"]
        yield Cluster(address=address, workers=tuple(processes[1:]))
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _held_tasks(address: str) -> int:
    """Tasks the scheduler and the workers still hold (running, queued or kept)."""
    import distributed

    with distributed.Client(address, timeout=10) as client:
        on_scheduler = client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))
        on_workers = client.run(lambda dask_worker: len(dask_worker.state.tasks))
    return int(on_scheduler) + sum(on_workers.values())


def _wait_until_idle(cluster: Cluster) -> None:
    """Wait until no task is left anywhere on `cluster` (a cancelled running one included)."""
    _wait_for(lambda: 0 == _held_tasks(cluster.address), "the cluster to finish its tasks")


def expected_document() -> object:
    """The document the library makes of the article fixture."""
    return document.dump(newsml.loads(ARTICLE.read_bytes()))


def test_scheduler_local_starts_a_cluster_of_its_own(tmp_path: Path) -> None:
    """--scheduler local -j 2: a LocalCluster of two worker processes converts the tree, then closes."""
    copy_articles(tmp_path / "in", 6)
    result = newsml_cli(
        "convert", "--scheduler", "local", "-j", "2", tmp_path / "in", "-o", tmp_path / "out"
    )
    assert 0 == result.returncode, result.stderr
    assert result.stderr.startswith("converted 6 files, 0 failed in "), result.stderr
    assert 6 == len(list((tmp_path / "out").glob("*.json")))


def test_validate_on_the_cluster(cluster: Cluster, tmp_path: Path) -> None:
    """validate --scheduler: every problem with its file, the summary, exit 1 for an invalid file."""
    copy_articles(tmp_path, 3)
    empty = tmp_path / "empty.json"
    empty.write_text("{}", encoding="utf-8")
    result = newsml_cli("validate", "--scheduler", cluster.address, tmp_path)
    assert 1 == result.returncode, result.stderr
    assert {str(empty)} == {line.split(": ", 1)[0] for line in result.stdout.splitlines()}
    assert "$: 'uuid' is a required property" in result.stdout
    assert result.stderr.startswith("3 valid, 1 invalid in ")


def test_library_yields_one_result_per_input_on_a_client(cluster: Cluster, tmp_path: Path) -> None:
    """batch.convert on a distributed.Client: a result per path as chunks finish, outputs written by the workers."""
    from newsml_tools import batch

    paths = copy_articles(tmp_path / "in", 12)
    with batch.connect(cluster.address) as client:
        results = list(batch.convert(paths, tmp_path / "out", client=client))
    assert sorted(paths) == sorted(result.source for result in results)  # Paths stay Paths
    assert all(result.ok for result in results)
    expected = expected_document()
    made = sorted((tmp_path / "out").iterdir())
    assert 12 == len(made)
    assert all(expected == json.loads(path.read_text("utf-8")) for path in made)


def test_progress_bar_counts_files_on_the_cluster(cluster: Cluster, tmp_path: Path) -> None:
    """With stderr on a terminal the bar counts the cluster's finished files to the end."""
    copy_articles(tmp_path / "in", 25)
    status, terminal = newsml_on_terminal(
        "convert", "--scheduler", cluster.address, tmp_path / "in", "-o", tmp_path / "out"
    )
    assert 0 == status, terminal
    assert "25/25" in terminal
    assert "converted 25 files, 0 failed" in terminal


def test_sigint_to_the_parent_cancels_the_tasks_not_started(
    cluster: Cluster, tmp_path: Path
) -> None:
    """SIGINT to newsml alone: status 130, tasks not started are cancelled, every output present
    is whole, no temporary file is left, and the summary says what finished."""
    copy_articles(tmp_path / "in", 400)
    out = tmp_path / "out"
    with subprocess.Popen(
        [
            sys.executable,
            "-m",
            "newsml_tools",
            "convert",
            "--scheduler",
            cluster.address,
            tmp_path / "in",
            "-o",
            out,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        # SIGINT's default in newsml, even when pytest was started with it ignored.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    ) as process:
        _wait_for(lambda: out.is_dir() and any(out.glob("*.json")), "the first output")
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=120)
    # A chunk a worker was running when the task was cancelled goes on to its
    # end after newsml has exited (documented): only once the cluster has let
    # go of every task is the output directory final.
    _wait_until_idle(cluster)
    assert 130 == process.returncode, stderr
    assert stderr.splitlines()[-2].startswith("interrupted: converted "), stderr
    made = sorted(out.glob("*.json"))
    assert len(made) < 400
    expected = expected_document()
    assert all(expected == json.loads(path.read_text("utf-8")) for path in made)
    assert [] == sorted(out.glob(".*"))


def test_a_tree_survives_a_killed_worker_and_reports_the_broken_file(
    cluster: Cluster, tmp_path: Path
) -> None:
    """A worker SIGKILLed mid-run loses no file: exit 1 for the one broken file, reported once;
    every other output whole, none duplicated; at most a hidden temporary file of the dead worker."""
    source = tmp_path / "in"
    copy_articles(source / "a", 150)
    copy_articles(source / "b" / "c", 150)
    broken = source / "b" / "broken.xml"
    broken.write_text("<newsItem>\n  <itemMeta></newsItem>\n", encoding="utf-8")
    out = tmp_path / "out"
    with subprocess.Popen(
        [
            sys.executable,
            "-m",
            "newsml_tools",
            "convert",
            "--scheduler",
            cluster.address,
            source,
            "-o",
            out,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        _wait_for(lambda: out.is_dir() and any(out.rglob("*.json")), "the first output")
        victim = cluster.workers[0]
        victim.send_signal(signal.SIGKILL)
        victim.wait(timeout=10)
        _, stderr = process.communicate(timeout=120)
    assert 1 == process.returncode, stderr
    problems = [line for line in stderr.splitlines() if line.startswith(str(source))]
    assert 1 == len(problems), stderr
    assert problems[0].startswith(f"{broken}: ") and "(line 2, column" in problems[0]
    assert stderr.splitlines()[-1].startswith("converted 300 files, 1 failed in "), stderr
    expected_names = {Path("a") / f"article-{n:03d}.json" for n in range(150)} | {
        Path("b") / "c" / f"article-{n:03d}.json" for n in range(150)
    }
    found = {path.relative_to(out) for path in out.rglob("*") if path.is_file()}
    visible = {path for path in found if not path.name.startswith(".")}
    assert expected_names == visible
    hidden = found - visible
    assert all(f".{victim.pid}-" in path.name and path.name.endswith(".tmp") for path in hidden)
    expected = expected_document()
    assert all(expected == json.loads((out / name).read_text("utf-8")) for name in visible)
    assert -signal.SIGKILL == victim.returncode
    assert os.path.exists(out)
