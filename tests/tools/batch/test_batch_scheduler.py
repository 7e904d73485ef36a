"""``--scheduler`` pointed at what is not a working Dask cluster: one line and status 2, never a hang.

Real servers on 127.0.0.1: a TCP server that accepts and stays silent, the
Tools service (an HTTP server), a closed port, and a real Dask scheduler
without workers. The connection bound is Dask's
``distributed.comm.timeouts.connect`` when shorter than 10 s: the tests set
it to 2 s, and ``--scheduler-timeout`` to a few seconds.
"""

from __future__ import annotations

import json
import logging
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.cli import copy_articles, newsml_cli
from support.service import shared_server

pytest.importorskip("distributed", reason="the dask extra is not installed")

_START_TIMEOUT_S = 60


@pytest.fixture
def short_connect(monkeypatch: pytest.MonkeyPatch) -> None:
    """Subprocesses (and this process's Dask config) bound a connection to 2 s."""
    import dask

    monkeypatch.setenv("DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT", "2s")
    monkeypatch.setitem(dask.config.config["distributed"]["comm"]["timeouts"], "connect", "2s")


@pytest.fixture
def silent_server() -> Iterator[str]:
    """``tcp://127.0.0.1:PORT`` of a server that accepts every connection and never writes."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    accepted: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                accepted.append(listener.accept()[0])
            except OSError:  # closed at teardown
                return

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        # shutdown wakes the accept() blocked in the thread (close alone does not, on Linux).
        listener.shutdown(socket.SHUT_RDWR)
        listener.close()
        thread.join(10)
        for conn in accepted:
            conn.close()


@pytest.fixture(scope="module")
def no_workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a real ``dask scheduler`` that has no workers."""
    directory = tmp_path_factory.mktemp("lonely")
    scheduler_file = directory / "scheduler.json"
    with open(directory / "scheduler.log", "wb") as log:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "dask",
                "scheduler",
                "--port",
                "0",
                "--no-dashboard",
                "--host",
                "127.0.0.1",
                "--scheduler-file",
                str(scheduler_file),
            ],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + _START_TIMEOUT_S
        while True:
            # The scheduler writes the file in place: it may exist, still empty
            # or partly written, before it parses.
            try:
                address = str(json.loads(scheduler_file.read_text())["address"])
                break
            except (FileNotFoundError, ValueError, KeyError):
                assert time.monotonic() < deadline, "the scheduler did not start"
                time.sleep(0.05)
        yield address
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _convert(tmp_path: Path, scheduler: str, *options: str) -> subprocess.CompletedProcess[str]:
    copy_articles(tmp_path / "in", 2)
    return newsml_cli(
        "convert", "--scheduler", scheduler, *options, tmp_path / "in", "-o", tmp_path / "out"
    )


def _refused_usage(result: subprocess.CompletedProcess[str], address: str, found: str) -> None:
    """Status 2 and exactly one line naming the address and what was found; nothing written."""
    assert 2 == result.returncode, result.stderr
    [line] = result.stderr.splitlines()
    assert line.startswith(f"newsml convert: no Dask scheduler at {address}: "), line
    assert found in line


@pytest.mark.usefixtures("short_connect")
def test_a_silent_server_is_refused_in_one_line(silent_server: str, tmp_path: Path) -> None:
    """A server that accepts and says nothing (the dashboard-port mix-up): status 2, one line."""
    result = _convert(tmp_path, silent_server)
    _refused_usage(result, silent_server, "accepted the connection but sent nothing in 2 s")
    assert not (tmp_path / "out").exists()


@pytest.mark.usefixtures("short_connect")
def test_an_http_server_is_refused_in_one_line(tmp_path: Path) -> None:
    """The Tools service (newsml serve, HTTP) given as the scheduler: status 2, one line, no MemoryError."""
    address = "tcp://" + shared_server().base_url.removeprefix("http://")
    result = _convert(tmp_path, address)
    _refused_usage(result, address, "sent nothing in 2 s")


@pytest.mark.usefixtures("short_connect")
def test_validate_refuses_it_too(silent_server: str, tmp_path: Path) -> None:
    """newsml validate takes the same path: status 2, one line naming the address."""
    copy_articles(tmp_path, 1)
    result = newsml_cli("validate", "--scheduler", silent_server, tmp_path)
    assert 2 == result.returncode, result.stderr
    [line] = result.stderr.splitlines()
    assert line.startswith(f"newsml validate: no Dask scheduler at {silent_server}: "), line


def test_a_closed_port_is_refused_in_one_line(tmp_path: Path) -> None:
    """Nothing listening: status 2, one line saying the connection was refused."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{probe.getsockname()[1]}"
    result = _convert(tmp_path, address)
    _refused_usage(result, address, "cannot connect: Connection refused")


def test_tls_without_settings_is_refused_in_one_line(silent_server: str, tmp_path: Path) -> None:
    """tls:// with no TLS configuration: status 2, one line saying what is missing (no TypeError)."""
    address = silent_server.replace("tcp://", "tls://")
    result = _convert(tmp_path, address)
    _refused_usage(result, address, "tls:// needs TLS settings")


def test_a_malformed_address_is_refused_in_one_line(tmp_path: Path) -> None:
    """An address Dask cannot parse: status 2, one line."""
    result = _convert(tmp_path, "tcp://[::1:8786")
    _refused_usage(result, "tcp://[::1:8786", "invalid address")


def test_a_scheduler_without_workers_says_so_then_gives_up(no_workers: str, tmp_path: Path) -> None:
    """No workers: a notice that it waits, then status 2 after --scheduler-timeout; nothing written."""
    result = _convert(tmp_path, no_workers, "--scheduler-timeout", "3")
    assert 2 == result.returncode, result.stderr
    assert [
        f"newsml convert: the Dask cluster {no_workers} has no workers; waiting (up to 3 s)",
        f"newsml convert: the Dask cluster {no_workers} has had no workers for 3 s "
        "(--scheduler-timeout)",
    ] == result.stderr.splitlines()
    assert not (tmp_path / "out").exists()


def test_the_library_raises_no_workers_error(
    no_workers: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """batch.validate(worker_timeout=...) on a cluster without workers: a warning, then NoWorkersError."""
    from newsml_tools import batch

    paths = copy_articles(tmp_path, 2)
    with (
        caplog.at_level(logging.WARNING, logger="newsml_tools.batch"),
        batch.connect(no_workers) as client,
        pytest.raises(batch.NoWorkersError, match="has had no workers for 1 s"),
    ):
        list(batch.validate(paths, client=client, worker_timeout=1))
    assert [f"the Dask cluster {no_workers} has no workers; waiting (up to 1 s)"] == [
        record.getMessage() for record in caplog.records if record.name == "newsml_tools.batch"
    ]


def test_a_run_whose_workers_are_gone_gives_up(no_workers: str, tmp_path: Path) -> None:
    """Chunks waiting on a cluster that has no worker left (all died): the run raises, the tasks are cancelled."""
    from newsml_tools import batch
    from newsml_tools.batch._dask import on_cluster

    def ours(dask_scheduler: Any) -> int:
        return sum(1 for key in dask_scheduler.tasks if "newsml-" in str(key))

    paths = [str(path) for path in copy_articles(tmp_path, 2)]
    with batch.connect(no_workers) as client:
        with pytest.raises(batch.NoWorkersError):
            list(on_cluster(batch.validate_file, [paths], client, worker_timeout=1))
        deadline = time.monotonic() + _START_TIMEOUT_S
        while client.run_on_scheduler(ours):
            assert time.monotonic() < deadline, "the tasks were not cancelled"
            time.sleep(0.05)
