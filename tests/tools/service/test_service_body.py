"""Reading request bodies, in process: the ASGI app against scripted clients.

The live tests (`test_service_limits`) show what a client sees; these pin
the bounds that are slow to reach over a socket: how much of a refused body
is drained, when nothing is, and the timeout of a stalled body.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, MutableMapping
from typing import Any

from newsml_tools.service import ToolsApp

Message = MutableMapping[str, Any]


def scope(*headers: tuple[bytes, bytes]) -> dict[str, Any]:
    """The ASGI scope of a JSON POST to ValidateNavigaDoc with extra `headers`."""
    return {
        "type": "http",
        "method": "POST",
        "path": "/twirp/cca.Tools/ValidateNavigaDoc",
        "headers": [(b"content-type", b"application/json"), *headers],
        "client": ("127.0.0.1", 1234),
    }


def run(app: ToolsApp, request: dict[str, Any], receive: Callable[[], Any]) -> list[Message]:
    """Serve one request; the messages the app sent."""
    sent: list[Message] = []

    async def send(message: Message) -> None:
        sent.append(message)

    asyncio.run(app(request, receive, send))
    return sent


def endless(chunk: bytes, log: list[int]) -> Callable[[], Any]:
    """A receive callable whose body never ends; `log` counts the calls."""

    async def receive() -> Message:
        log.append(1)
        return {"type": "http.request", "body": chunk, "more_body": True}

    return receive


def reply(sent: list[Message]) -> tuple[int, dict[bytes, bytes], dict[str, Any], bool]:
    """Status, headers, decoded body and whether the response was completed."""
    start, *bodies = sent
    body = b"".join(message.get("body", b"") for message in bodies)
    complete = not bodies[-1].get("more_body", False)
    return start["status"], dict(start["headers"]), json.loads(body), complete


def test_refused_chunked_body_is_drained_up_to_the_bound() -> None:
    """A body that never ends is read past the limit only up to max_discard_bytes, then closed."""
    app = ToolsApp(max_body_bytes=100, max_discard_bytes=10_000, body_timeout=30)
    calls: list[int] = []
    sent = run(app, scope(), endless(b"x" * 1000, calls))
    status, headers, body, complete = reply(sent)
    assert (400, "invalid_argument", b"close", True) == (
        status,
        body["code"],
        headers[b"connection"],
        complete,
    )
    # One chunk passes the limit, then 11 more pass the bound.
    assert 1 + 11 == len(calls)
    # The whole error went out before the draining began.
    assert sent[1]["more_body"] and json.loads(sent[1]["body"]) == body


def test_declared_body_beyond_the_bound_is_not_drained() -> None:
    """A declared length past limit and bound: the error, then close without reading."""
    app = ToolsApp(max_body_bytes=100, max_discard_bytes=1000)
    calls: list[int] = []
    sent = run(app, scope((b"content-length", b"5000")), endless(b"x", calls))
    assert (400, True) == (reply(sent)[0], reply(sent)[3])
    assert [] == calls


def test_expect_continue_is_not_drained() -> None:
    """A client waiting for 100 Continue is not read from (uvicorn would send it after the error)."""
    app = ToolsApp(max_body_bytes=100)
    calls: list[int] = []
    headers = ((b"content-length", b"500"), (b"expect", b"100-continue"))
    sent = run(app, scope(*headers), endless(b"x", calls))
    assert (400, True) == (reply(sent)[0], reply(sent)[3])
    assert [] == calls


def test_stalled_body_times_out() -> None:
    """A body that stops arriving gets 408 deadline_exceeded after body_timeout, then closed."""
    app = ToolsApp(body_timeout=0.05)
    parts = [{"type": "http.request", "body": b"{", "more_body": True}]

    async def receive() -> Message:
        if parts:
            return parts.pop()
        await asyncio.Event().wait()  # the client sends nothing more
        raise AssertionError("unreachable")

    status, headers, body, complete = reply(run(app, scope(), receive))
    assert (408, "deadline_exceeded", "0.05", b"close", True) == (
        status,
        body["code"],
        body["meta"]["timeout"],
        headers[b"connection"],
        complete,
    )


def test_client_gone_gets_no_reply() -> None:
    """A client that disconnects before its body arrives gets nothing sent."""

    async def receive() -> Message:
        return {"type": "http.disconnect"}

    assert [] == run(ToolsApp(), scope(), receive)
