"""The service's uvicorn protocol hook: used when uvicorn has it, a warned fallback when not.

`newsml_tools.service._protocol` overrides ``HttpToolsProtocol.send_400_response``,
which uvicorn does not document. A uvicorn without it is stood in for by
deleting or changing the method before the server starts (in the server's own
process for the server test).
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import pytest
from support.service import (
    ROOT,
    START_SECONDS,
    Server,
    free_port,
    raw_exchange,
    shared_server,
    stop_server,
)

from newsml_tools.service import _run

# Runs the service as `python -m newsml_tools.service` would, on a uvicorn
# whose hook changed: it takes another argument (its own protocol still
# works, calling it its way), so overriding it would break every bad request.
_CHANGED_HOOK = """
import sys
from uvicorn.protocols.http import httptools_impl
stock = httptools_impl.HttpToolsProtocol.send_400_response
def send_400_response(self, msg, *, reason=None):
    return stock(self, msg)
httptools_impl.HttpToolsProtocol.send_400_response = send_400_response
from newsml_tools.service.__main__ import main
sys.exit(main(sys.argv[1:]))
"""


def test_installed_uvicorn_has_the_hook() -> None:
    """On the uvicorn installed here the service runs its own protocol."""
    assert _run.PROTOCOL == _run.http_protocol()


def test_missing_hook_falls_back_with_a_warning(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Without ``send_400_response``: uvicorn's stock protocol ("auto") and one warning naming the hook."""
    from uvicorn.protocols.http import httptools_impl

    monkeypatch.delattr(httptools_impl.HttpToolsProtocol, "send_400_response")
    with caplog.at_level(logging.WARNING, logger="newsml_tools.service"):
        assert "auto" == _run.http_protocol()
    [record] = caplog.records
    assert "has no send_400_response method" in record.getMessage()


def test_changed_hook_signature_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hook that no longer takes (self, msg) is not overridden either."""
    from uvicorn.protocols.http import httptools_impl

    def send_400_response(self: object, msg: str, status: int) -> None:
        """A future signature."""

    monkeypatch.setattr(httptools_impl.HttpToolsProtocol, "send_400_response", send_400_response)
    assert "auto" == _run.http_protocol()


def _start_with_changed_hook() -> Server:
    port = free_port()
    log = Path(tempfile.mkstemp(prefix="newsml-service-", suffix=".log")[1])
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-c", _CHANGED_HOOK, "--port", str(port), "--workers", "1"],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    server = Server(process=process, base_url=f"http://127.0.0.1:{port}", log_path=log)
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if httpx.get(server.base_url + "/healthz", timeout=2).status_code == 200:
                return server
        except httpx.TransportError:
            time.sleep(0.1)
    stop_server(server)
    raise RuntimeError(f"server did not start:\n{server.log()}")


def test_server_with_a_changed_hook_serves_and_warns() -> None:
    """A real server on a uvicorn whose hook changed: it warns at start, serves, and bad HTTP gets uvicorn's 400."""
    server = _start_with_changed_hook()
    try:
        reply = httpx.post(server.url("ValidateNavigaDoc"), json={"document": {}}, timeout=30)
        garbled = raw_exchange(server, b"HELLO THERE\r\n\r\n")
    finally:
        stop_server(server)
        log = server.log()
        server.log_path.unlink(missing_ok=True)
    assert 200 == reply.status_code
    assert (400, True) == (garbled.status, garbled.closed)
    assert "text/plain" in garbled.headers["content-type"]
    assert "send_400_response does not take (self, msg)" in log
    assert "serving on uvicorn's own HTTP protocol" in log
    assert "Traceback" not in log


def test_server_with_the_hook_answers_bad_http_in_twirp() -> None:
    """The same request line on the stock server: a Twirp ``malformed`` JSON body (the hook is used)."""
    garbled = raw_exchange(shared_server(), b"HELLO THERE\r\n\r\n")
    assert ("application/json", 400) == (garbled.headers["content-type"], garbled.status)
