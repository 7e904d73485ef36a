"""Reading request bodies: the size limit, the read deadline, refused bodies.

Internal to the service (`_app` uses it). Three guarantees come from here:

- A body over the limit is refused as soon as the limit is known to be
  passed: on a declared ``Content-Length`` before anything is read, on a
  chunked body when the running count passes it.
- The whole body must arrive before a deadline (``body_timeout``): a client
  that declares 100 bytes and sends 10 cannot hold a connection forever.
- A refused body is read and thrown away, up to a bound, after the error is
  sent and before the connection closes, as Go's net/http does: a client
  that writes its whole body before reading (most do) then reads the Twirp
  error instead of a connection reset (closing a socket with unread data
  makes the kernel answer with RST, which discards the reply in flight).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from newsml_tools.service._errors import TwirpError

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]


class Disconnected(Exception):
    """The client went away before its body arrived: nobody to answer."""


class BodyRefused(Exception):
    """The body was refused: send `error`, then drain what is left or close.

    Attributes:
        error: The Twirp error to answer with.
        drain: True when the rest of the body should be read and discarded
            before closing (too large); false when the connection is closed
            at once (too slow, or a client waiting for ``100 Continue``).
        remaining: Bytes still to come when the length was declared, None
            for a chunked body.
    """

    def __init__(self, error: TwirpError, *, drain: bool, remaining: int | None) -> None:
        super().__init__(error.msg)
        self.error = error
        self.drain = drain
        self.remaining = remaining


async def read_body(
    scope: Scope, receive: Receive, *, limit: int, timeout: float, deadline: float
) -> bytes:
    """The whole request body, read before `deadline` (event-loop time).

    Args:
        scope: The request's ASGI scope (for ``Content-Length`` and ``Expect``).
        receive: The ASGI receive callable.
        limit: Largest body accepted, in bytes.
        timeout: The seconds `deadline` allows, for the error message.
        deadline: Loop time by which the last byte must have arrived.

    Raises:
        BodyRefused: Larger than `limit` (``invalid_argument``) or not all
            there by `deadline` (``deadline_exceeded``).
        Disconnected: The client hung up first.
    """
    declared = declared_length(scope)
    # Refuse on the declared length before reading anything; the
    # running count below catches chunked bodies and lying headers.
    if declared is not None and declared > limit:
        # A client that sent "Expect: 100-continue" sends nothing until told
        # to: reading would make uvicorn write "100 Continue" after the reply.
        raise BodyRefused(too_large(limit), drain=not _expects_continue(scope), remaining=declared)
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout_at(deadline):
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    raise Disconnected()
                chunk = message.get("body", b"")
                size += len(chunk)
                more = bool(message.get("more_body", False))
                if size > limit:
                    raise BodyRefused(
                        too_large(limit),
                        drain=more,
                        remaining=None if declared is None else declared - size,
                    )
                chunks.append(chunk)
                if not more:
                    break
    except TimeoutError:
        raise BodyRefused(timed_out(timeout), drain=False, remaining=None) from None
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


async def discard_body(receive: Receive, *, bound: int, deadline: float) -> int:
    """Read and drop the rest of a refused body: at most `bound` bytes, until `deadline`.

    Returns:
        The number of bytes discarded (more than `bound` when it gave up).
    """
    discarded = 0
    try:
        async with asyncio.timeout_at(deadline):
            while discarded <= bound:
                message = await receive()
                if message["type"] == "http.disconnect":
                    break
                discarded += len(message.get("body", b""))
                if not message.get("more_body", False):
                    break
    except TimeoutError:
        pass  # the connection is closed anyway
    return discarded


def declared_length(scope: Scope) -> int | None:
    """The request's ``Content-Length`` as a number, None when absent.

    uvicorn's parser has already refused malformed and conflicting values.
    """
    for key, value in scope["headers"]:
        if key == b"content-length":
            text = bytes(value).strip()
            return int(text) if text.isdigit() else None
    return None


def _expects_continue(scope: Scope) -> bool:
    return any(
        key == b"expect" and bytes(value).strip().lower() == b"100-continue"
        for key, value in scope["headers"]
    )


def too_large(limit: int) -> TwirpError:
    """The ``invalid_argument`` error of a body over `limit` bytes."""
    return TwirpError(
        "invalid_argument",
        f"request body larger than {limit} bytes",
        {"argument": "body", "limit": str(limit)},
    )


def timed_out(timeout: float) -> TwirpError:
    """The ``deadline_exceeded`` error of a body not all there after `timeout` seconds."""
    return TwirpError(
        "deadline_exceeded",
        f"request body not received within {timeout:g} seconds",
        {"argument": "body", "timeout": f"{timeout:g}"},
    )
