"""The Tools service as a real subprocess on loopback, shared by the service tests.

One server per test process: `shared_server` starts it on first use and an
``atexit`` hook stops it, so every service test module a pytest-xdist worker
runs talks to the same process however pytest orders them (each worker has
its own, on its own port).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import attrs
import httpx

from newsml_codecs import document
from newsml_tools.service import ERROR_STATUS

ROOT = Path(__file__).resolve().parents[2]
BASE_PATH = "/twirp/cca.Tools/"
JSON = "application/json"
PROTOBUF = "application/protobuf"
SEAL_KEY = bytes(range(32))
"""The key the servers the tests start seal carriers with (``NEWSML_SERVICE_SEAL_KEY``, unless
the test's environment gives one), so a test knows the document a server opens."""
CONVERTER = document.Converter(seal_key=SEAL_KEY)
"""The converter of the servers the tests start: ``CONVERTER.from_newsml`` is their
ConvertToDocument."""
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

    A port found free can be taken before the server binds it (by another
    test worker, or an outgoing connection): the server is then started
    again on another port, a few times.

    Args:
        args: Extra command-line options (``--workers 2``...).

    Raises:
        RuntimeError: The server exited or did not answer in time.
    """
    attempts = 5
    while True:
        attempts -= 1
        try:
            return _start_on(free_port(), args)
        except _PortTaken:
            if not attempts:
                raise


class _PortTaken(RuntimeError):
    """The server could not bind the port it was given."""


def _start_on(port: int, args: tuple[str, ...]) -> Server:
    log = Path(tempfile.mkstemp(prefix="newsml-service-", suffix=".log")[1])
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "newsml_tools.service", "--port", str(port), *args],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            env={"NEWSML_SERVICE_SEAL_KEY": SEAL_KEY.hex(), **os.environ, "PYTHONUNBUFFERED": "1"},
        )
    server = Server(process=process, base_url=f"http://127.0.0.1:{port}", log_path=log)
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            text = server.log()
            if "address already in use" in text.lower():
                log.unlink(missing_ok=True)
                raise _PortTaken(text)
            raise RuntimeError(f"server exited with {process.returncode}:\n{text}")
        try:
            if httpx.get(server.base_url + "/healthz", timeout=2).status_code == 200:
                return server
        except httpx.TransportError:
            pass
        time.sleep(0.05)
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


def wait_for(check: Any, seconds: float = 30.0, times: int = 1) -> bool:
    """Poll `check()` until it holds `times` times in a row, or `seconds` pass.

    A connection failure counts as "not yet": with several workers, uvicorn
    restarts them one by one on SIGHUP.
    """
    deadline = time.monotonic() + seconds
    streak = 0
    while time.monotonic() < deadline:
        try:
            streak = streak + 1 if check() else 0
        except httpx.TransportError:
            streak = 0
        if streak >= times:
            return True
        time.sleep(0.1)
    return False


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


@attrs.frozen(kw_only=True)
class RawReply:
    """An HTTP reply read off a socket.

    Attributes:
        status: The status code.
        headers: Header names (lower case) to values.
        body: The body (as much as Content-Length says).
        closed: Whether the server announced ``Connection: close`` and closed
            the connection after the reply.
    """

    status: int
    headers: dict[str, str]
    body: bytes
    closed: bool


def raw_exchange(
    server: Server, data: bytes, *, pause_after: int | None = None, timeout: float = 60.0
) -> RawReply:
    """Send raw bytes to `server`, all of them before reading, and read one reply.

    Args:
        server: The server to talk to.
        data: The request, head and body, exactly as sent.
        pause_after: Stop sending after this many bytes (and keep the
            connection open) rather than sending all of `data`.
        timeout: Socket timeout in seconds; a test fails rather than hangs.

    Raises:
        ConnectionError: The server reset the connection.
    """
    host, port = server.base_url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=timeout) as sock:
        sock.sendall(data if pause_after is None else data[:pause_after])
        reply = b""
        while b"\r\n\r\n" not in reply:
            chunk = sock.recv(65536)
            if not chunk:
                raise ConnectionError(f"closed without a reply after {reply!r}")
            reply += chunk
        head, _, body = reply.partition(b"\r\n\r\n")
        status_line, *lines = head.decode("latin-1").split("\r\n")
        headers = {
            name.strip().lower(): value.strip()
            for name, _, value in (line.partition(":") for line in lines)
        }
        length = int(headers.get("content-length", "0"))
        while len(body) < length:
            chunk = sock.recv(65536)
            if not chunk:
                raise ConnectionError(f"closed within the reply body after {body!r}")
            body += chunk
        closed = False
        if headers.get("connection", "").lower() == "close":
            # Announced: it must follow promptly (a reset raises instead).
            sock.settimeout(min(timeout, 10.0))
            with contextlib.suppress(TimeoutError):
                closed = sock.recv(1) == b""
    return RawReply(
        status=int(status_line.split()[1]), headers=headers, body=body[:length], closed=closed
    )


def request_head(method: str, *, headers: dict[str, str] | None = None) -> bytes:
    """The head of a POST to a Tools method with a JSON content type and `headers`."""
    lines = [f"POST {BASE_PATH}{method} HTTP/1.1", "Host: 127.0.0.1", f"Content-Type: {JSON}"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def chunked(body: bytes, size: int = 8192) -> bytes:
    """`body` in HTTP/1.1 chunked transfer coding, `size` bytes a chunk."""
    parts = [
        b"%x\r\n%s\r\n" % (len(body[i : i + size]), body[i : i + size])
        for i in range(0, len(body), size)
    ]
    return b"".join(parts) + b"0\r\n\r\n"


def check_twirp_error(status: int, content_type: str, body: bytes) -> dict[str, Any]:
    """A non-200 reply's body, checked to be exactly a Twirp error with the status of its code.

    Exactly what the Go client accepts: a JSON object with a string ``code``
    the status table knows, a string ``msg``, an optional object ``meta`` of
    strings, nothing else.

    Returns:
        The error body as a dict.
    """
    assert "application/json" == content_type, (status, content_type, body[:200])
    value = json.loads(body)
    assert isinstance(value, dict), body[:200]
    assert set(value) <= {"code", "msg", "meta"} and {"code", "msg"} <= set(value), value
    assert isinstance(value["code"], str) and isinstance(value["msg"], str), value
    meta = value.get("meta", {})
    assert isinstance(meta, dict) and all(isinstance(v, str) for v in meta.values()), value
    assert ERROR_STATUS[value["code"]] == status, (status, value)
    return value
