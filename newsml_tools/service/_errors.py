"""Twirp errors: the codes, their HTTP status, the JSON error body.

The library's errors (``newsml_model.NewsItemError`` and its subclasses)
become Twirp errors here and only here, at the service boundary (STYLE.md
point 7): bad input is always a 4xx with a documented code, ``internal``
(500) is kept for bugs.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from newsml_model import (
    DecodeError,
    InvalidDocumentError,
    LimitExceededError,
    MalformedXMLError,
    NewsItemError,
)

# The Twirp v7 code table (spec Part 2). `data_loss` is what every runtime
# and client send, although the spec's prose spells it `dataloss`.
ERROR_STATUS: Mapping[str, int] = {
    "canceled": 408,
    "unknown": 500,
    "invalid_argument": 400,
    "malformed": 400,
    "deadline_exceeded": 408,
    "not_found": 404,
    "bad_route": 404,
    "already_exists": 409,
    "permission_denied": 403,
    "unauthenticated": 401,
    "resource_exhausted": 429,
    "failed_precondition": 412,
    "aborted": 409,
    "out_of_range": 400,
    "unimplemented": 501,
    "internal": 500,
    "unavailable": 503,
    "data_loss": 500,
}


class TwirpError(NewsItemError):
    """A Twirp error, raised by `ToolsClient` and produced by the server.

    Part of the library's one error hierarchy: ``except
    newsml_model.NewsItemError`` catches it with every other error the
    library raises on purpose.

    Attributes:
        code: One of the Twirp codes (`ERROR_STATUS` keys), such as
            ``"invalid_argument"``.
        msg: The human-readable message.
        meta: String metadata, such as ``{"argument": "newsml", "line": "3"}``.
    """

    def __init__(self, code: str, msg: str, meta: Mapping[str, str] | None = None) -> None:
        super().__init__(f"twirp error {code}: {msg}")
        self.code = code
        self.msg = msg
        self.meta: dict[str, str] = dict(meta or {})

    @property
    def status(self) -> int:
        """The HTTP status of the code (500 for a code Twirp does not know)."""
        return ERROR_STATUS.get(self.code, 500)

    def body(self) -> bytes:
        """The Twirp JSON error body: ``code``, ``msg`` and ``meta`` when not empty."""
        value: dict[str, object] = {"code": self.code, "msg": self.msg}
        if self.meta:
            value["meta"] = self.meta
        return json.dumps(value, ensure_ascii=False).encode()

    def __repr__(self) -> str:
        return f"TwirpError({self.code!r}, {self.msg!r}, {self.meta!r})"

    def __reduce__(self) -> tuple[type[TwirpError], tuple[str, str, dict[str, str]]]:
        # Picklable (process pools, Dask workers) with its code, msg and meta.
        return (type(self), (self.code, self.msg, self.meta))


def bad_route(msg: str, method: str, path: str) -> TwirpError:
    """A ``bad_route`` error with the Go server's ``twirp_invalid_route`` meta."""
    return TwirpError("bad_route", msg, {"twirp_invalid_route": f"{method} {path}"})


def malformed(msg: str, cause: object) -> TwirpError:
    """A ``malformed`` error: the request body could not be decoded."""
    return TwirpError("malformed", msg, {"cause": str(cause)})


def required(argument: str) -> TwirpError:
    """The ``invalid_argument`` error of a missing required field."""
    return TwirpError("invalid_argument", f"{argument} is required", {"argument": argument})


def from_library_error(error: NewsItemError, argument: str) -> TwirpError:
    """The ``invalid_argument`` error for a library error raised by bad input.

    Input over the codec's size or depth limits is ``resource_exhausted``
    instead, as Twirp's table has it for a limit.

    Args:
        error: What the codec raised.
        argument: The request field it was raised for (``newsml``, ``document``).

    Returns:
        A TwirpError whose meta says where: ``argument`` always, ``line`` and
        ``column`` for malformed XML, ``path`` for a bad document.
    """
    meta = {"argument": argument}
    reason = str(error)
    if isinstance(error, MalformedXMLError):
        meta["line"] = str(error.line)
        meta["column"] = str(error.column)
    elif isinstance(error, InvalidDocumentError):
        meta["path"] = error.path
        reason = f"{error.path}: {error.reason}"
    kind = "cannot be read" if isinstance(error, DecodeError) else "is not valid"
    code = "resource_exhausted" if isinstance(error, LimitExceededError) else "invalid_argument"
    return TwirpError(code, f"{argument} {kind}: {reason}", meta)


def too_deep(argument: str) -> TwirpError:
    """The ``resource_exhausted`` error of input nested deeper than Python can recurse."""
    return TwirpError(
        "resource_exhausted", f"{argument} is nested too deeply", {"argument": argument}
    )
