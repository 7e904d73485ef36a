"""Link URLs as the reference's sanitiser keeps them: Go's ``url.Parse`` then ``String``; internal.

bluemonday (mapping spec §3.10, §4.11) keeps an ``href``/``src`` that, once
trimmed, has no space, tab or newline, parses with Go's ``net/url`` and has
an allowed scheme or none (a relative URL), and writes it as Go's
``URL.String`` re-serialises it: the path and fragment percent-encoded where
they hold characters a URL may not carry (non-ASCII, spaces, quotes...), the
scheme in lower case, the query as it was.
"""

from __future__ import annotations

import re

SCHEMES = frozenset({"http", "https", "mailto", "sms", "tel", "callto"})

_PATH, _FRAGMENT, _HOST, _USER = "path", "fragment", "host", "user"
_UNRESERVED = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~")
_HEX = re.compile(r"%[0-9A-Fa-f]{2}")
# Go's unicode.IsSpace, which strings.TrimSpace trims.
_GO_SPACE = " \t\n\v\f\r\u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"


class _Invalid(ValueError):
    """Go's url.Parse refuses the text."""


def link_url(raw: str) -> str | None:
    """The value bluemonday writes for a link URL `raw`, or None when it drops the attribute."""
    value = raw.strip(_GO_SPACE)
    if any(c in value for c in " \t\n"):
        return None
    try:
        scheme, text = _parse(value)
    except _Invalid:
        return None
    if scheme and scheme not in SCHEMES:
        return None
    return text or None


def _parse(raw: str) -> tuple[str, str]:
    """(scheme, String()) of Go's url.Parse(raw)."""
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in raw):
        raise _Invalid("control character")
    rest, hash_mark, fragment = raw.partition("#")
    scheme, rest = _scheme(rest)
    force_query = rest.endswith("?") and rest.count("?") == 1
    if force_query:
        rest, query = rest[:-1], ""
    else:
        rest, _, query = rest.partition("?")
    out = scheme + ":" if scheme else ""
    if not rest.startswith("/") and scheme:
        out += rest  # opaque: written as it is
    else:
        if not scheme and ":" in rest.partition("/")[0]:
            raise _Invalid("first path segment in URL cannot contain colon")
        host = None
        if rest.startswith("//"):
            authority, slash, path = rest[2:].partition("/")
            rest = slash + path
            host = _authority(authority)
        path = _unescape(rest, _PATH)
        written = rest if _valid_encoded(rest, _PATH) else _escape(path, _PATH)
        if host is not None and (host or path):
            out += "//" + host
        elif not out and ":" in written.partition("/")[0]:
            out += "./"
        out += written
    if force_query or query:
        out += "?" + query
    if hash_mark:
        decoded = _unescape(fragment, _FRAGMENT)
        if decoded:
            out += "#" + (
                fragment if _valid_encoded(fragment, _FRAGMENT) else _escape(decoded, _FRAGMENT)
            )
    return scheme, out


def _scheme(raw: str) -> tuple[str, str]:
    for index, char in enumerate(raw):
        if char.isascii() and char.isalpha():
            continue
        if char.isascii() and (char.isdigit() or char in "+-."):
            if index == 0:
                return "", raw
            continue
        if char == ":":
            if index == 0:
                raise _Invalid("missing protocol scheme")
            return raw[:index].lower(), raw[index + 1 :]
        return "", raw
    return "", raw


def _authority(authority: str) -> str:
    """The written ``user@host:port`` of an authority."""
    user, at, host = authority.rpartition("@")
    if not at:
        user, host = "", authority
    written = ""
    if at:
        name, colon, password = user.partition(":")
        written = _escape(_unescape(name, _USER), _USER)
        if colon:
            written += ":" + _escape(_unescape(password, _USER), _USER)
        written += "@"
    return written + _host(host)


def _host(host: str) -> str:
    """The written host of Go's parseHost (brackets and port checked)."""
    if host.startswith("["):
        end = host.find("]")
        if end < 0:
            raise _Invalid("missing ']' in host")
        port = host[end + 1 :]
    else:
        colon = host.rfind(":")
        port = host[colon:] if colon >= 0 else ""
    if port and not re.fullmatch(r":[0-9]*", port):
        raise _Invalid("invalid port")
    for char in host:
        if char.isascii() and char != "%" and _should_escape(char, _HOST):
            raise _Invalid("invalid character in host name")
    return _escape(_unescape(host, _HOST), _HOST)


def _should_escape(char: str, mode: str) -> bool:
    """Go's shouldEscape for one character (non-ASCII always escapes)."""
    if char in _UNRESERVED:
        return False
    if mode == _HOST and char in "!$&'()*+,;=:[]<>\"":
        return False
    if char in "$&+,/:;=?@":
        if mode == _PATH:
            return char == "?"
        if mode == _USER:
            return char in "@/?:"
        if mode == _FRAGMENT:
            return False
    return not (mode == _FRAGMENT and char in "!()*")


def _escape(text: str, mode: str) -> str:
    out: list[str] = []
    for char in text:
        if _should_escape(char, mode):
            out.extend(f"%{byte:02X}" for byte in char.encode("utf-8", "surrogatepass"))
        else:
            out.append(char)
    return "".join(out)


def _unescape(text: str, mode: str) -> str:
    """Go's unescape: %XX decoded (bytes, as UTF-8); a bad escape is invalid."""
    if "%" not in text:
        return text
    data = bytearray()
    index = 0
    while index < len(text):
        char = text[index]
        if char == "%":
            if not _HEX.match(text, index):
                raise _Invalid("invalid URL escape")
            data.append(int(text[index + 1 : index + 3], 16))
            index += 3
        else:
            data.extend(char.encode("utf-8", "surrogatepass"))
            index += 1
    return data.decode("utf-8", "replace")


def _valid_encoded(text: str, mode: str) -> bool:
    """Go's validEncoded: the text may be written as it is (and its escapes are sound)."""
    for char in text:
        if char in "!$&'()*+,;=:@[]":
            continue
        if char == "%":
            continue
        if _should_escape(char, mode):
            return False
    return True
