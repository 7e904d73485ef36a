"""Serving: the `serve` subcommand's options, workers, limits, graceful shutdown."""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import time

import httpx
import pytest
import support
from support import service as service_support

from newsml_codecs import document
from newsml_tools.cli import _serve
from newsml_tools.service import DEFAULT_MAX_BODY_BYTES, ToolsApp, app
from newsml_tools.service._app import DEFAULT_BODY_TIMEOUT
from newsml_tools.service._run import app_from_env, default_workers

ARTICLE = support.fixture_text("article-full.xml")


def serve_parser() -> argparse.ArgumentParser:
    """A parser with only the `serve` subcommand registered."""
    parser = argparse.ArgumentParser(prog="newsml")
    _serve.register(parser.add_subparsers(dest="command", required=True))
    return parser


def test_serve_defaults() -> None:
    """`newsml serve` binds 127.0.0.1:8080, one worker per core, 16 MiB bodies (T5, T7)."""
    args = serve_parser().parse_args(["serve"])
    assert ("127.0.0.1", 8080, None, DEFAULT_MAX_BODY_BYTES, "info") == (
        args.host,
        args.port,
        args.workers,
        args.max_body_bytes,
        args.log_level,
    )
    assert _serve.run is args.func
    assert default_workers() >= 1


def test_serve_options() -> None:
    """--host, --port, --workers and --max-body-bytes are parsed."""
    args = serve_parser().parse_args(
        [
            "serve",
            "--host",
            "0.0.0.0",
            "--port",
            "9000",
            "--workers",
            "3",
            "--max-body-bytes",
            "1024",
        ]
    )
    assert ("0.0.0.0", 9000, 3, 1024) == (args.host, args.port, args.workers, args.max_body_bytes)


@pytest.mark.parametrize("option", ["--workers", "--max-body-bytes"])
def test_serve_refuses_non_positive_counts(option: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Zero workers or a zero limit is a usage error (exit status 2)."""
    with pytest.raises(SystemExit) as raised:
        serve_parser().parse_args(["serve", option, "0"])
    assert 2 == raised.value.code
    assert "must be at least 1" in capsys.readouterr().err


def test_app_from_env_reads_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Worker processes take the body limit from the environment."""
    monkeypatch.setenv("NEWSML_SERVICE_MAX_BODY_BYTES", "123")
    assert 123 == app_from_env().max_body_bytes
    monkeypatch.delenv("NEWSML_SERVICE_MAX_BODY_BYTES")
    assert DEFAULT_MAX_BODY_BYTES == app_from_env().max_body_bytes
    assert DEFAULT_MAX_BODY_BYTES == app.max_body_bytes


def test_negative_limit_is_refused() -> None:
    """A negative body limit is a programming error."""
    with pytest.raises(ValueError, match="max_body_bytes"):
        ToolsApp(max_body_bytes=-1)


def test_body_timeout_option_and_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """--body-timeout takes positive seconds (default 60) and reaches workers through the environment."""
    assert DEFAULT_BODY_TIMEOUT == serve_parser().parse_args(["serve"]).body_timeout == 60
    assert 2.5 == serve_parser().parse_args(["serve", "--body-timeout", "2.5"]).body_timeout
    monkeypatch.setenv("NEWSML_SERVICE_BODY_TIMEOUT", "0.25")
    assert 0.25 == app_from_env().body_timeout
    monkeypatch.delenv("NEWSML_SERVICE_BODY_TIMEOUT")
    assert DEFAULT_BODY_TIMEOUT == app_from_env().body_timeout == app.body_timeout


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "soon"])
def test_serve_refuses_bad_body_timeouts(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A body timeout that is not a positive finite number is a usage error."""
    with pytest.raises(SystemExit) as raised:
        serve_parser().parse_args(["serve", "--body-timeout", value])
    assert 2 == raised.value.code
    assert "--body-timeout" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({"body_timeout": 0}, "body_timeout"),
        ({"body_timeout": float("nan")}, "body_timeout"),
        ({"max_discard_bytes": -1}, "max_discard_bytes"),
    ],
)
def test_bad_app_options_are_refused(options: dict[str, float], name: str) -> None:
    """A timeout that is not positive or a negative discard bound is a programming error."""
    with pytest.raises(ValueError, match=name):
        ToolsApp(**options)  # type: ignore[arg-type]


def seal_of(doc: dict[str, object]) -> str:
    """The seal (``n.s``) of a document's carrier."""
    props = doc["properties"]
    assert isinstance(props, list)
    value = next(p["value"] for p in props if p["name"] == document.CARRIER_PROPERTY)
    seal: str = json.loads(value)["n"]["s"]
    return seal


SEAL_KEY = bytes(range(1, 33))
"""Not the key `service_support` starts servers with: the environment's key is the one used."""


def test_two_workers_limit_seal_key_and_graceful_shutdown(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two workers serve with the configured limit and seal carriers with the given key (each
    open on a connection of its own: the seal a converter of that key writes); SIGTERM stops
    all cleanly (exit 0)."""
    monkeypatch.setenv("NEWSML_SERVICE_SEAL_KEY", SEAL_KEY.hex())
    server = service_support.start_server("--workers", "2", "--max-body-bytes", "100000")
    try:
        with httpx.Client(timeout=60) as http:
            small = http.post(
                server.url("ConvertToDocument"),
                content=b'{"newsml": ""}',
                headers={"Content-Type": "application/json"},
            )
            big = http.post(
                server.url("ConvertToDocument"),
                content=b" " * 100001,
                headers={"Content-Type": "application/json"},
            )
        seals = set()
        for _ in range(4):
            with httpx.Client(timeout=60) as http:
                opened = http.post(server.url("ConvertToDocument"), json={"newsml": ARTICLE})
            assert 200 == opened.status_code, opened.text
            seals.add(seal_of(opened.json()["document"]))
        assert "newsml is required" == small.json()["msg"]
        assert (400, {"argument": "body", "limit": "100000"}) == (
            big.status_code,
            big.json()["meta"],
        )
    finally:
        status = service_support.stop_server(server)
        log = server.log()
        server.log_path.unlink(missing_ok=True)
    assert {seal_of(document.Converter(seal_key=SEAL_KEY).from_newsml(ARTICLE))} == seals
    assert 0 == status, log
    assert 2 == log.count("Application startup complete"), log
    assert 2 == log.count("Finished server process"), log
    # The start-up health check and the six calls, one line each.
    assert 7 == log.count(" access "), log


@pytest.mark.parametrize("key", ["00" * 15, "zz" * 32, "00" * 65])
def test_a_bad_seal_key_is_refused(key: str) -> None:
    """A seal key that is not 16 to 64 bytes in hex exits 2 before the service starts."""
    result = subprocess.run(
        [sys.executable, "-m", "newsml_tools.service", "--port", "1"],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "NEWSML_SERVICE_SEAL_KEY": key},
    )
    assert 2 == result.returncode, result.stderr
    expected = (
        "newsml serve: error: NEWSML_SERVICE_SEAL_KEY is not 16 to 64 bytes in hexadecimal"
        " (32 to 128 digits)\n"
    )
    assert expected == result.stderr


def test_app_from_env_reads_the_seal_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker's converter seals with the key `serve` hands it; without one, the defaults."""
    monkeypatch.setenv("NEWSML_SERVICE_SEAL_KEY", SEAL_KEY.hex())
    converter = app_from_env().converter
    assert converter is not None and SEAL_KEY == converter.seal_key
    assert document.Converter() == converter
    monkeypatch.delenv("NEWSML_SERVICE_SEAL_KEY")
    assert None is app_from_env().converter.seal_key
    monkeypatch.setenv("NEWSML_SERVICE_SEAL_KEY", "zz" * 32)
    with pytest.raises(ValueError, match="NEWSML_SERVICE_SEAL_KEY is not hexadecimal"):
        app_from_env()


def cli_assembled() -> bool:
    """Whether `newsml_tools.cli.main` exists yet (another part of the project)."""
    try:
        from newsml_tools.cli import main  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.mark.skipif(not cli_assembled(), reason="the newsml command line is not assembled yet")
def test_newsml_serve_help() -> None:
    """`newsml serve --help` lists the serving options."""
    code = "import sys; from newsml_tools.cli import main; sys.exit(main())"
    result = subprocess.run(
        [sys.executable, "-c", code, "serve", "--help"], capture_output=True, text=True, check=False
    )
    assert 0 == result.returncode, result.stderr
    for option in ("--host", "--port", "--workers", "--max-body-bytes", "--body-timeout"):
        assert option in result.stdout


def test_sigterm_lets_the_request_in_flight_finish(monkeypatch: pytest.MonkeyPatch) -> None:
    """A request half sent when SIGTERM arrives still gets its 200, then the server exits 0.

    The request is in flight before the signal is sent: the client asks for
    "100 Continue", which the server sends only once the app reads the body.
    A request still unread in the socket when SIGTERM arrives is not in
    flight: uvicorn closes its connection as idle (a reset), as it must.
    """
    monkeypatch.setenv("NEWSML_SERVICE_SEAL_KEY", SEAL_KEY.hex())
    server = service_support.start_server("--workers", "1")
    body = json.dumps({"newsml": ARTICLE}).encode()
    head = (
        "POST /twirp/cca.Tools/ConvertToDocument HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        "Expect: 100-continue\r\n\r\n"
    ).encode()
    host, port = server.base_url.removeprefix("http://").split(":")
    try:
        with socket.create_connection((host, int(port)), timeout=60) as sock:
            sock.sendall(head)
            interim = b""
            while b"\r\n\r\n" not in interim and (chunk := sock.recv(65536)):
                interim += chunk
            assert b"HTTP/1.1 100 Continue\r\n\r\n" == interim
            sock.sendall(body[:100])
            server.process.send_signal(signal.SIGTERM)
            deadline = time.monotonic() + 60
            while "Shutting down" not in server.log() and time.monotonic() < deadline:
                time.sleep(0.05)
            assert "Shutting down" in server.log()
            sock.sendall(body[100:])
            reply = b""
            while chunk := sock.recv(65536):
                reply += chunk
        status = server.process.wait(60)
        log = server.log()
    finally:
        service_support.stop_server(server)
        server.log_path.unlink(missing_ok=True)
    head_part, _, payload = reply.partition(b"\r\n\r\n")
    assert head_part.startswith(b"HTTP/1.1 200 OK"), reply[:200]
    served = document.Converter(seal_key=SEAL_KEY).from_newsml(ARTICLE)
    assert {"document": served} == json.loads(payload)
    assert 0 == status, log
    assert "Finished server process" in log


def test_client_gone_mid_body_still_gets_an_access_line() -> None:
    """A client that hangs up before its body arrives is logged with status 499."""
    server = service_support.shared_server()
    host, port = server.base_url.removeprefix("http://").split(":")
    head = (
        "POST /twirp/cca.Tools/ConvertToNewsml HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
    )
    with socket.create_connection((host, int(port)), timeout=60) as sock:
        sock.sendall(head.encode())
    line = '"POST /twirp/cca.Tools/ConvertToNewsml" 499 - 0 '
    deadline = time.monotonic() + 60
    while line not in server.log() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert line in server.log()
    with httpx.Client() as http:
        assert 200 == http.get(server.base_url + "/healthz").status_code
