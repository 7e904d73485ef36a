"""The Tools service as a real subprocess on loopback, shared by the service tests.

One server per test session: `shared_server` starts it on first use and an
``atexit`` hook stops it, so every ``tests/test_service_*.py`` module talks to
the same process however pytest orders them.
"""

from __future__ import annotations

import atexit
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import attrs
import httpx

ROOT = Path(__file__).resolve().parent.parent
BASE_PATH = "/twirp/cca.Tools/"
JSON = "application/json"
PROTOBUF = "application/protobuf"
# Bounded waits: a server that is not up by then has failed to start.
START_SECONDS = 60.0
STOP_SECONDS = 60.0


@attrs.frozen(kw_only=True)
class Server:
    """A running service process.

    Attributes:
        process: The ``python -m newsml_tools.service`` subprocess.
        base_url: ``http://127.0.0.1:<port>``.
        log_path: Where its standard output and error go (the access log).
    """

    process: subprocess.Popen[bytes]
    base_url: str
    log_path: Path

    def url(self, method: str) -> str:
        """The URL of a Tools method (``ConvertToDocument``...)."""
        return self.base_url + BASE_PATH + method

    def log(self) -> str:
        """Everything the server has written so far."""
        return self.log_path.read_text(encoding="utf-8", errors="replace")


def free_port() -> int:
    """A TCP port free on loopback right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(*args: str) -> Server:
    """Start ``python -m newsml_tools.service`` on a free port and wait for /healthz.

    Args:
        args: Extra command-line options (``--workers 2``...).

    Raises:
        RuntimeError: The server exited or did not answer in time.
    """
    port = free_port()
    log = Path(tempfile.mkstemp(prefix="newsml-service-", suffix=".log")[1])
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "newsml_tools.service", "--port", str(port), *args],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    server = Server(process=process, base_url=f"http://127.0.0.1:{port}", log_path=log)
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}:\n{server.log()}")
        try:
            if httpx.get(server.base_url + "/healthz", timeout=2).status_code == 200:
                return server
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    stop_server(server)
    raise RuntimeError(f"server did not answer /healthz:\n{server.log()}")


def stop_server(server: Server) -> int:
    """Send SIGTERM (graceful shutdown) and wait; kill if it hangs.

    Returns:
        The exit status.
    """
    if server.process.poll() is None:
        server.process.send_signal(signal.SIGTERM)
        try:
            server.process.wait(STOP_SECONDS)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait()
    return server.process.returncode


_shared: list[Server] = []


def shared_server() -> Server:
    """The session's server (default options, one worker), started on first use."""
    if not _shared:
        _shared.append(start_server("--workers", "1"))
        atexit.register(_stop_shared)
    return _shared[0]


def _stop_shared() -> None:
    for server in _shared:
        stop_server(server)
        server.log_path.unlink(missing_ok=True)
