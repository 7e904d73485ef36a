"""Whether the service's address can be bound, checked before uvicorn starts (internal).

uvicorn reports an address in use with its own log lines and exit status
(1 or 3); ``serve`` refuses it first, with one line naming the address and
status 2, as it refuses its other unusable options.
"""

from __future__ import annotations

import errno
import socket

__all__ = ["address_in_use"]


def address_in_use(host: str, port: int) -> str | None:
    """Why `host`:`port` cannot be bound (in use, or not an address here), or None when it can.

    Checked before uvicorn starts, so the refusal is one line of ours rather
    than uvicorn's log and its exit status 3.
    """
    if not 0 <= port <= 65535:  # getaddrinfo would wrap it round, bind raise OverflowError
        return f"cannot listen on {host}:{port}: a port is a number from 0 to 65535"
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as error:
        return f"cannot listen on {host}:{port}: {getattr(error, 'strerror', None) or error}"
    family, kind, proto, _name, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        # As uvicorn binds: SO_REUSEADDR, so a port in TIME_WAIT is free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return f"{host}:{port} is already in use (another server listens there)"
            return f"cannot listen on {host}:{port}: {error.strerror or error}"
    return None
