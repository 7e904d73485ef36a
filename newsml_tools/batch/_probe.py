"""Is there a Dask scheduler at this address? A bounded look before Dask connects.

Internal to `newsml_tools.batch`.

``distributed.Client`` trusts the address it is given: a server that accepts
and stays silent (the dashboard's HTTP port, 8787, given for the scheduler's
8786) keeps it waiting for ever, an HTTP server's answer read as a frame
length raises `MemoryError`, and ``tls://`` without TLS settings a
`TypeError`. `probe` looks first, within one deadline: it connects (with TLS
for ``tls://``) and reads the greeting every Dask server sends at once on a
new connection (its comm handshake: one small msgpack frame). It sends
nothing, so whatever is listening is not disturbed. Anything else raises
`ConnectionError` saying what was found.
"""

from __future__ import annotations

import socket
import ssl
import struct
import time
from typing import Any

__all__ = ["CONNECT_TIMEOUT_S", "connect_timeout", "probe"]

CONNECT_TIMEOUT_S = 10.0
"""The longest a connection and a greeting may take (docs/batch.md promises 10 s)."""

# A greeting is a few dozen bytes; a "length" beyond this is not Dask's.
_MAX_GREETING = 65536
_LENGTH = struct.Struct("<Q")


def connect_timeout(dask_config: Any) -> float:
    """10 s, or Dask's ``distributed.comm.timeouts.connect`` when that is shorter."""
    import dask.utils

    configured = dask_config.get("distributed.comm.timeouts.connect", None)
    if configured is None:
        return CONNECT_TIMEOUT_S
    return min(CONNECT_TIMEOUT_S, float(dask.utils.parse_timedelta(configured, default="s")))


def _read(sock: socket.socket, count: int, deadline: float, silent: str) -> bytes:
    """Exactly `count` bytes, or `ConnectionError` (closed early, or nothing by `deadline`)."""
    data = b""
    while len(data) < count:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            chunk = sock.recv(count - len(data))
        except TimeoutError:
            raise ConnectionError(silent if not data else "the greeting stopped midway") from None
        if not chunk:
            what = "closed the connection" + (" midway through" if data else " without")
            raise ConnectionError(f"the server {what} a Dask greeting")
        data += chunk
    return data


def _greeting(sock: socket.socket, deadline: float, timeout: float, scheme: str) -> None:
    """Read and check a Dask greeting on `sock`."""
    silent = (
        f"a server accepted the connection but sent nothing in {timeout:g} s; a Dask "
        "scheduler greets at once (an HTTP server such as the dashboard, usually on port "
        "8787, waits for a request"
        + (", and so does a tls:// scheduler)" if scheme == "tcp" else ")")
    )
    head = _read(sock, _LENGTH.size, deadline, silent)
    (length,) = _LENGTH.unpack(head)
    if not 2 * _LENGTH.size < length <= _MAX_GREETING:
        raise ConnectionError(f"a server answered, but not as a Dask scheduler: {head!r}...")
    body = _read(sock, length, deadline, silent)
    (frames,) = _LENGTH.unpack_from(body)
    if frames != 1 or b"pickle-protocol" not in body:
        raise ConnectionError(
            f"a server answered, but not as a Dask scheduler: {(head + body)[:40]!r}..."
        )


def probe(address: str, ssl_context: ssl.SSLContext | None, timeout: float) -> None:
    """Check that a Dask server greets at `address` within `timeout` seconds.

    Only ``tcp://`` and ``tls://`` addresses are probed (other transports are
    left to Dask).

    Args:
        address: ``tcp://host:port``, ``tls://host:port`` or ``host:port``.
        ssl_context: The client's TLS context for ``tls://`` (from Dask's
            configuration); None when there is none.
        timeout: Seconds for the connection, the TLS handshake and the greeting together.

    Raises:
        ValueError: A malformed address, or ``tls://`` without TLS settings.
        ConnectionError: Nothing listens there, or what listens is not a Dask
            server; the message says what was found.
    """
    from distributed.comm.addressing import parse_address, parse_host_port

    scheme, location = parse_address(address, strict=False)
    if scheme not in ("tcp", "tls"):
        return
    if scheme == "tls" and ssl_context is None:
        raise ValueError(
            "tls:// needs TLS settings: the Dask configuration's distributed.comm.tls "
            "(ca-file, and client.cert and client.key)"
        )
    host, port = parse_host_port(location)
    deadline = time.monotonic() + timeout
    try:
        raw = socket.create_connection((host, port), timeout=timeout)
    except TimeoutError:
        raise ConnectionError(f"no answer to a connection in {timeout:g} s") from None
    except OSError as error:
        raise ConnectionError(f"cannot connect: {error.strerror or error}") from None
    with raw:
        sock = raw
        if ssl_context is not None and scheme == "tls":
            raw.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                sock = ssl_context.wrap_socket(raw, server_hostname=host)
            except TimeoutError:
                raise ConnectionError(f"no TLS handshake in {timeout:g} s") from None
            except (ssl.SSLError, OSError) as error:
                raise ConnectionError(f"the TLS handshake failed: {error}") from None
        with sock:
            _greeting(sock, deadline, timeout, scheme)
