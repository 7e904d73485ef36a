"""The service's edges: headers every reply carries, the Host check, log-safe text.

Internal to the service (`_app` and `_protocol` use it). A loopback service
without authentication must not be drivable by any web page a browser on
the same machine visits: a page cannot frame it, its replies cannot be
sniffed into another type, and a request whose ``Host`` names a host the
operator did not list (DNS rebinding: an attacker's name resolving to
127.0.0.1) is refused before routing.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

__all__ = [
    "LOOPBACK_NAMES",
    "SECURITY_HEADERS",
    "WILDCARD",
    "HostCheck",
    "host_name",
    "is_loopback",
    "loggable",
]

CONTENT_SECURITY_POLICY = (
    b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    b"frame-ancestors 'none'"
)
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    # Only the service's own files run on the page, nothing inline, and no
    # other site may frame it (frame-ancestors; X-Frame-Options for older
    # browsers).
    (b"content-security-policy", CONTENT_SECURITY_POLICY),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
"""Headers on every reply: the page, its files, Twirp replies and errors, ``/healthz``."""

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
"""Names a client on this machine may use for a loopback-bound service."""
WILDCARD = "*"
"""``--allowed-host '*'``: any Host (a proxy in front checks it)."""
_WILDCARD_BINDS = frozenset({"0.0.0.0", "::", ""})


def host_name(value: str) -> str:
    """The host of a ``Host`` header value: no port, no brackets, lower case, no final dot.

    >>> host_name("[::1]:8080"), host_name("News.Example.SE.:443")
    ('::1', 'news.example.se')
    """
    value = value.strip().lower()
    if value.startswith("["):
        value = value[1:].partition("]")[0]
    elif value.count(":") == 1:
        value = value.partition(":")[0]
    return value.rstrip(".")


def is_loopback(host: str) -> bool:
    """Whether binding `host` serves this machine only (``localhost``, 127.0.0.0/8, ``::1``)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a host name: it may resolve to anything


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class HostCheck:
    """Which ``Host`` values the service answers.

    Args:
        bound: The address the server binds (``--host``).
        allowed: More names (``--allowed-host``); ``*`` allows every Host.

    A loopback bind answers the loopback names (``localhost``, 127.0.0.1,
    ``::1``) and the bound address; a wildcard bind (``0.0.0.0``, ``::``)
    answers any IP address (a rebinding attack needs a name); any other
    bind answers its own address or name. Listed names are added.
    """

    def __init__(self, bound: str, allowed: Iterable[str] = ()) -> None:
        names = {host_name(name) for name in allowed if name.strip()}
        self.any = WILDCARD in names
        bound_name = host_name(bound)
        self.any_ip = bound_name in _WILDCARD_BINDS
        names.add(bound_name)
        if is_loopback(bound_name):
            names |= LOOPBACK_NAMES
        self.names = frozenset(names - {WILDCARD})

    def allows(self, host: bytes | None) -> bool:
        """Whether a request whose ``Host`` header is `host` (None: absent) is answered."""
        if self.any:
            return True
        if host is None:
            return False
        name = host_name(host.decode("latin-1"))
        return name in self.names or (self.any_ip and _is_ip(name))


def loggable(text: str) -> str:
    """`text` fit for one log line: control and other unprintable characters, ``"`` and ``\\`` escaped.

    As nginx writes its access log: a client's bytes can neither end the
    line nor forge another, nor move a terminal's cursor: CR is ``\\x0d``,
    ``"`` is ``\\x22``.
    """
    if text.isprintable() and '"' not in text and "\\" not in text:
        return text
    return "".join(
        char if char.isprintable() and char not in '"\\' else _escape(char) for char in text
    )


def _escape(char: str) -> str:
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
