"""The NavigaDoc schema's two formats, ``date-time`` and ``uri``, as Naviga's validator reads them.

`newsml_codecs.schema` checks them (and re-exports these functions, their
public names); the converters check times and URIs with them too, without
importing the validators (python-jsonschema, jsonschema-rs), a third of a
command line process's imports. Internal module.
"""

from __future__ import annotations

import calendar
import re

# What Go's url.Parse (behind Naviga's `uri` format) refuses or requires.
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
_FORBIDDEN = re.compile(r"[\x00-\x1f\x7f\\]")  # control characters; backslash (gojsonschema)
_BAD_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")
_ESCAPE = r"%[0-9A-Fa-f]{2}"
_USERINFO = re.compile(rf"(?:[A-Za-z0-9\-._:~!$&'()*+,;=@]|{_ESCAPE})*")
# Go's url.Parse lets a host escape only non-ASCII bytes (%80-%FF), and %25.
_HOST_ESCAPE = r"%(?:25|[89A-Fa-f][0-9A-Fa-f])"
_HOST = rf"(?:[A-Za-z0-9\-._~!$&'()*+,;=<>\"]|[^\x00-\x7f]|{_HOST_ESCAPE})*"
_HOSTPORT = re.compile(rf"(?:{_HOST}|\[[0-9A-Fa-f:.]+(?:%25[^\]]+)?\])(?::[0-9]*)?")

# Go's time.RFC3339 layout as time.Parse reads it (fractions allowed), whole value only.
_DATE_TIME = re.compile(
    r"([0-9]{4})-(0[1-9]|1[0-2])-([0-9]{2})T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]"
    r"(?:\.[0-9]+)?(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])"
)
_ASCII_HOST_ESCAPE = re.compile(r"%(?!25)[0-7][0-9A-Fa-f]")


def is_date_time(value: str) -> bool:
    """Whether `value` passes the schema's ``date-time`` format: RFC 3339 as Go reads it.

    Args:
        value: The string to check.

    Returns:
        True when the whole of `value` is an RFC 3339 date-time with an
        offset, a real day of its month, a year from 1, and upper-case
        ``T`` and ``Z``: RFC 3339 §5.6 allows lower case, but Naviga's
        validator parses with Go's time layouts, which match ``T`` and
        ``Z`` byte for byte. Leap seconds fail, as in Go.
    """
    match = _DATE_TIME.fullmatch(value)
    if match is None:
        return False
    year, month, day = (int(group) for group in match.groups())
    return year > 0 and 1 <= day <= calendar.monthrange(year, month)[1]


def format_reason(fmt: str, value: object) -> str | None:
    """Why `value` fails format `fmt`, when plain RFC reading would not say.

    Args:
        fmt: ``"date-time"`` or ``"uri"``.
        value: The value that failed.

    Returns:
        A short reason, or None when the format's name says enough.
    """
    if not isinstance(value, str):
        return None
    if value != value.rstrip():
        return "characters after the value"
    if fmt == "date-time" and ("t" in value or "z" in value) and is_date_time(value.upper()):
        return (
            "lower-case 't' or 'z': RFC 3339 allows them, but Naviga's validator reads "
            "times with Go's layouts, which want 'T' and 'Z'"
        )
    if fmt == "uri" and value.count("/") >= 2:
        authority = value.partition("//")[2].partition("/")[0].rpartition("@")[2]
        if _ASCII_HOST_ESCAPE.search(authority):
            return "a percent-escaped ASCII character in the host, which Go's url.Parse refuses"
    return None


def is_uri(value: str) -> bool:
    """Whether `value` passes the schema's ``uri`` format, as Naviga's schema checks it.

    Naviga's validator asks Go's ``url.Parse`` and wants a scheme (and no
    backslash); this is that check: a scheme (``https``, ``im``, ``x-cmbr``...),
    no control character or backslash, a host of host characters and a numeric
    port, and well-formed ``%`` escapes in the path and fragment (an
    approximation: Go's finer host rules are not repeated). Like Go it
    lets spaces, non-ASCII letters and most punctuation through in paths, so
    newsroom URLs that Naviga accepts are accepted here too.

    Args:
        value: The string to check.

    Returns:
        True when `value` is an absolute URI by that check.
    """
    scheme = _SCHEME.match(value)
    if scheme is None or _FORBIDDEN.search(value):
        return False
    rest, _, fragment = value[scheme.end() :].partition("#")
    rest = rest.partition("?")[0]  # Go keeps the raw query unchecked
    if not rest.startswith("/"):
        # Opaque (`mailto:a@b`, `urn:uuid:...`): Go checks only the fragment.
        return _BAD_ESCAPE.search(fragment) is None
    if rest.startswith("//"):
        authority, slash, path = rest[2:].partition("/")
        userinfo, _, hostport = authority.rpartition("@")
        if not (_USERINFO.fullmatch(userinfo) and _HOSTPORT.fullmatch(hostport)):
            return False
        rest = slash + path
    return _BAD_ESCAPE.search(rest) is None and _BAD_ESCAPE.search(fragment) is None
