"""The ASGI application: Twirp routing, the body limit, errors, access log.

Plain ASGI, no framework: the service has four routes and a health check,
and every layer between uvicorn and the codec costs throughput (the target
is 70% of the in-process conversion rate per worker). Routing follows the
generated Go server of Twirp v8.1.3 check for check, so clients see the same
``bad_route`` errors as from a Go server.

Conversions run on the event loop thread: they are CPU-bound, so a thread
pool would only add hand-overs under the GIL; parallelism comes from
uvicorn's worker processes.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from typing import Any

from newsml_codecs import document
from newsml_tools.service._auth import Authenticator, Refusal
from newsml_tools.service._body import (
    BodyRefused,
    Disconnected,
    declared_length,
    discard_body,
    read_body,
)
from newsml_tools.service._edges import SECURITY_HEADERS, HostCheck, loggable
from newsml_tools.service._errors import TwirpError, bad_route
from newsml_tools.service._handlers import Handler, handlers
from newsml_tools.service._page import json_routes, page_asset

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024
# Seconds a request body may take to arrive in full (a slow client's 16 MiB
# over a 1 MB/s link still fits).
DEFAULT_BODY_TIMEOUT = 60.0
# How much of a refused body is read and thrown away so that its client gets
# the error rather than a connection reset; past it, the connection closes.
DEFAULT_MAX_DISCARD_BYTES = 64 * 1024 * 1024
PATH_PREFIX = "/twirp"
SERVICE = "cca.Tools"

access_log = logging.getLogger("newsml_tools.service.access")
error_log = logging.getLogger("newsml_tools.service")

_JSON = b"application/json"
_PROTOBUF = b"application/protobuf"
_HEALTH = b'{"status":"ok"}'


class ToolsApp:
    """The Tools service as an ASGI 3 application.

    Args:
        max_body_bytes: Largest request body accepted; larger
            bodies get 400 ``invalid_argument`` before they are read whole.
        body_timeout: Seconds the whole body may take to arrive; a slower
            one gets 408 ``deadline_exceeded`` and the connection is closed.
        max_discard_bytes: How much of a refused body is read and discarded
            after the error is sent, so that the client can read the error.
        authenticator: Checks every Twirp request's bearer token before
            routing (``/healthz`` is not checked); a refused request gets
            401 ``unauthenticated`` and reaches no handler. None: no check.
        page: Serve the page at ``/`` (and its two files) to GET requests.
        hosts: The ``Host`` values answered (`HostCheck`); any other gets
            400 ``invalid_argument`` before routing (``/healthz`` is not
            checked). None: no check.
        converter: The document converter of every route that converts
            (``ConvertToDocument``, ``ConvertToNewsml``, the page's
            ``Diff`` and ``ConvertToNinjs``), holding the converter options
            (``newsml serve --options``); None: the reference's defaults.
            The app holds it: two apps in one process convert each with
            its own, and one assigned to ``app.converter`` later is used
            from the next call on.

    Raises:
        ValueError: A negative size, a timeout that is not positive, or a
            `converter` that is not a `document.Converter`.
    """

    def __init__(
        self,
        *,
        max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
        body_timeout: float = DEFAULT_BODY_TIMEOUT,
        max_discard_bytes: int = DEFAULT_MAX_DISCARD_BYTES,
        authenticator: Authenticator | None = None,
        page: bool = True,
        hosts: HostCheck | None = None,
        converter: document.Converter | None = None,
    ) -> None:
        if max_body_bytes < 0:
            raise ValueError("max_body_bytes must not be negative")
        if max_discard_bytes < 0:
            raise ValueError("max_discard_bytes must not be negative")
        if not body_timeout > 0:  # also refuses NaN
            raise ValueError("body_timeout must be positive")
        if converter is not None and not isinstance(converter, document.Converter):
            raise ValueError(
                "converter must be a document.Converter (document.Converter(options)) or None,"
                f" not {type(converter).__name__}"
            )
        self.max_body_bytes = max_body_bytes
        self.body_timeout = body_timeout
        self.max_discard_bytes = max_discard_bytes
        self.authenticator = authenticator
        self.page = page
        self.hosts = hosts
        self.converter = document.Converter() if converter is None else converter
        self._routes: tuple[document.Converter, Mapping[str, Handler]] | None = None

    def _handler(self, name: str) -> Handler | None:
        """The Tools method `name`, bound to the app's `converter` as it is now; None: no such method."""
        # `converter` is a plain attribute, as `page` and `hosts` are, and takes
        # effect when set: routes bound to an earlier converter are bound again.
        if self._routes is None or self._routes[0] is not self.converter:
            converter = self.converter
            self._routes = (converter, {**handlers(converter), **json_routes(converter)})
        return self._routes[1].get(name)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one ASGI connection scope (``http`` or ``lifespan``)."""
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "lifespan":
            if self.authenticator is not None:
                self.authenticator.watch_sighup()
            await _lifespan(receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = time.perf_counter()
        method: str = scope["method"]
        path: str = scope["path"]
        code = "-"
        asset = page_asset(path) if self.page and method in ("GET", "HEAD") else None
        host = _host(scope) if self.hosts is not None else None
        wrong_host = self.hosts is not None and not self.hosts.allows(host)
        if path == "/healthz" and method in ("GET", "HEAD"):
            status, ctype, body = 200, _JSON, _HEALTH
        elif asset is not None and not wrong_host:
            (ctype, body), status = asset, 200
        else:
            try:
                if wrong_host:
                    raise _refused(scope, _wrong_host(host))
                if self.authenticator is not None:
                    refusal = self.authenticator.check(scope["headers"])
                    if refusal is not None:
                        raise _refused(scope, refusal)
                ctype, body = await self._twirp(scope, receive)
                status = 200
            except TwirpError as error:
                status, ctype, body, code = error.status, _JSON, error.body(), error.code
            except BodyRefused as refused:
                await self._refuse(receive, send, refused)
                reply = refused.error
                self._log(scope, started, reply.status, reply.code, len(reply.body()))
                return
            except Disconnected:
                # No reply can be sent, but the request still gets its line,
                # with nginx's "client closed request" status.
                self._log(scope, started, 499, "-", 0)
                return
            except Exception:
                # Only a bug gets here: every bad input raises TwirpError.
                error_log.exception(
                    "internal error serving %s %s", loggable(method), loggable(path)
                )
                bug = TwirpError("internal", "internal error")
                status, ctype, body, code = 500, _JSON, bug.body(), bug.code
        headers = [
            (b"content-type", ctype),
            (b"content-length", str(len(body)).encode()),
            *SECURITY_HEADERS,
        ]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": b"" if method == "HEAD" else body})
        self._log(scope, started, status, code, len(body))

    async def _refuse(self, receive: Receive, send: Send, refused: BodyRefused) -> None:
        """Answer a refused body, drain what is left of it (up to the bound), close."""
        body = refused.error.body()
        headers = [
            (b"content-type", _JSON),
            (b"content-length", str(len(body)).encode()),
            # The rest of the body may stay unread: never reuse the connection.
            (b"connection", b"close"),
            *SECURITY_HEADERS,
        ]
        if isinstance(refused.error, Refusal):  # the challenge a 401 must carry (RFC 9110)
            headers.append((b"www-authenticate", refused.error.challenge))
        await send(
            {"type": "http.response.start", "status": refused.error.status, "headers": headers}
        )
        # The whole reply goes out now (a client that reads while it sends
        # stops sending), but the response completes, and uvicorn closes the
        # connection, only once the rest of the body is read.
        await send({"type": "http.response.body", "body": body, "more_body": True})
        bound = self.max_discard_bytes
        if refused.drain and (refused.remaining is None or refused.remaining <= bound):
            deadline = asyncio.get_running_loop().time() + self.body_timeout
            await discard_body(receive, bound=bound, deadline=deadline)
        await send({"type": "http.response.body", "body": b""})

    @staticmethod
    def _log(scope: Scope, started: float, status: int, code: str, size: int) -> None:
        """Write the request's one access-log line (the client's text escaped: one line)."""
        if access_log.isEnabledFor(logging.INFO):
            client = scope.get("client")
            access_log.info(
                '%s "%s %s" %d %s %d %.2fms',
                f"{client[0]}:{client[1]}" if client else "-",
                loggable(scope["method"]),
                loggable(scope["path"]),
                status,
                code,
                size,
                (time.perf_counter() - started) * 1000,
            )

    async def _twirp(self, scope: Scope, receive: Receive) -> tuple[bytes, bytes]:
        """Route, read and handle one Twirp call; the reply's content type and body."""
        method: str = scope["method"]
        path: str = scope["path"]
        # The Go server's order of checks: method, service, prefix, method
        # name, content type.
        if method != "POST":
            raise bad_route(
                f"unsupported method {_quote(method)} (only POST is allowed)", method, path
            )
        parts = path.split("/")
        prefix, service, name = (
            ("/".join(parts[:-2]), parts[-2], parts[-1]) if len(parts) >= 2 else ("", "", "")
        )
        if service != SERVICE:
            raise bad_route(f"no handler for path {_quote(path)}", method, path)
        if prefix != PATH_PREFIX:
            raise bad_route(
                f"invalid path prefix {_quote(prefix)}, expected {_quote(PATH_PREFIX)}, on path {_quote(path)}",
                method,
                path,
            )
        handler = self._handler(name)
        if handler is None:
            raise bad_route(f"no handler for path {_quote(path)}", method, path)
        raw_type = _header(scope, b"content-type")
        media = raw_type.split(b";", 1)[0].strip().lower()
        if media not in (_JSON, _PROTOBUF):
            raise bad_route(
                f"unexpected Content-Type: {_quote(raw_type.decode('latin-1'))}", method, path
            )
        timeout = self.body_timeout
        deadline = asyncio.get_running_loop().time() + timeout
        body = await read_body(
            scope, receive, limit=self.max_body_bytes, timeout=timeout, deadline=deadline
        )
        return media, handler(body, media == _PROTOBUF)


async def _lifespan(receive: Receive, send: Send) -> None:
    # Nothing to set up (the codecs compile what they need at import), but
    # answering keeps uvicorn from logging that lifespan is unsupported.
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


def _refused(scope: Scope, error: TwirpError) -> BodyRefused:
    """A request refused before routing (Host, token), answered like a refused body.

    The body is drained unread, unless the client waits for "100 Continue"
    and sends none.
    """
    waits = any(key == b"expect" for key, _ in scope["headers"])
    return BodyRefused(error, drain=not waits, remaining=declared_length(scope))


def _header(scope: Scope, name: bytes) -> bytes:
    return _find(scope, name) or b""


def _host(scope: Scope) -> bytes | None:
    """The request's ``Host`` header, or None when it has none."""
    return _find(scope, b"host")


def _find(scope: Scope, name: bytes) -> bytes | None:
    for key, value in scope["headers"]:
        if key == name:
            return bytes(value)
    return None


def _wrong_host(host: bytes | None) -> TwirpError:
    """The refusal of a request whose ``Host`` the service does not answer."""
    if host is None:
        return TwirpError("invalid_argument", "missing Host header", {"argument": "Host"})
    name = _quote(host.decode("latin-1"))
    return TwirpError(
        "invalid_argument",
        f"Host {name} is not served here (the server answers its bound address "
        "and the names given with --allowed-host)",
        {"argument": "Host"},
    )


def _quote(text: str) -> str:
    """Quote like Go's ``%q`` does for the strings routing meets."""
    return json.dumps(text, ensure_ascii=False)
