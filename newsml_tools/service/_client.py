"""`ToolsClient`: a Python Twirp client of the Tools service.

It behaves like the generated Go client on the wire: ``Content-Type`` and
``Accept`` of the chosen encoding, ``Twirp-Version: v8.1.3``, no redirects
followed, and strict parsing of error bodies: a non-200 reply whose body is
not exactly a Twirp error is taken for a proxy's and gets a code derived
from the HTTP status, with ``meta.http_error_from_intermediary`` set.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from http import HTTPStatus
from types import TracebackType
from typing import Any, Literal

import httpx

from newsml_codecs import document, schema
from newsml_model import InvalidArgumentError, InvalidDocumentError, NewsItemError
from newsml_tools.service._errors import ERROR_STATUS, TwirpError, from_library_error
from newsml_tools.service._proto.cca import service_pb2
from newsml_tools.service._wire import document_from_proto, document_to_proto

TWIRP_VERSION = "v8.1.3"
_MEDIA = {"json": "application/json", "protobuf": "application/protobuf"}
# Go client: twirpErrorFromIntermediary's status -> code table.
_INTERMEDIARY_CODES = {
    400: "internal",
    401: "unauthenticated",
    403: "permission_denied",
    404: "bad_route",
    429: "resource_exhausted",
    502: "unavailable",
    503: "unavailable",
    504: "unavailable",
}


class ToolsClient:
    """Calls ``cca.Tools`` over HTTP in JSON or binary protobuf.

    Args:
        base_url: Address of the server, such as ``http://127.0.0.1:8080``
            (the ``/twirp/cca.Tools/`` path is added).
        protocol: ``"json"`` or ``"protobuf"`` (what CCA's own client uses).
        timeout: Seconds to wait for connecting, sending and receiving.
        http_client: An ``httpx.Client`` to use instead of a new one (for
            shared pools or custom transports); closing this client does not
            close it.
        token: A bearer token (a static API token or a JWT) sent as
            ``Authorization: Bearer <token>`` with every call, for a server
            started with ``--token-file`` or ``--jwks``.

    Raises:
        InvalidArgumentError: An unknown `protocol`, or a `token` that cannot
            be sent as a header value (empty, spaces, non-ASCII); a
            ``ValueError`` too.

    Documents are the plain dicts of `newsml_codecs.document` either way.
    Every failure raises `TwirpError` (a ``newsml_model.NewsItemError``);
    a call that gets no reply has the httpx error as ``__cause__`` and the
    code ``unavailable`` (nothing listening, the connection refused or
    dropped), ``deadline_exceeded`` (no answer within `timeout`) or
    ``internal`` (anything else). A bad document fails the same way
    over both protocols: over protobuf, a document the converter refuses is
    the `TwirpError` the JSON route gets from the server (same code,
    message and meta), checked before sending.
    """

    def __init__(
        self,
        base_url: str,
        *,
        protocol: Literal["json", "protobuf"] = "json",
        timeout: float = 30.0,
        http_client: httpx.Client | None = None,
        token: str | None = None,
    ) -> None:
        if protocol not in _MEDIA:
            raise InvalidArgumentError(
                f"protocol must be 'json' or 'protobuf', not {protocol!r}", field="protocol"
            )
        if token is not None and (
            not isinstance(token, str)
            or not token
            or not token.isascii()
            or not token.isprintable()
            or " " in token
        ):
            raise InvalidArgumentError(
                "token must be a non-empty string of printable ASCII without spaces", field="token"
            )
        self.protocol = protocol
        self._base = base_url.rstrip("/") + "/twirp/cca.Tools/"
        self._own_client = http_client is None
        self._http = http_client or httpx.Client(timeout=timeout)
        self._headers = {
            "Content-Type": _MEDIA[protocol],
            "Accept": _MEDIA[protocol],
            "Twirp-Version": TWIRP_VERSION,
        }
        if token is not None:
            self._headers["Authorization"] = f"Bearer {token}"

    def convert_to_document(self, newsml: str) -> dict[str, Any]:
        """``ConvertToDocument``: the NavigaDoc document of a full NewsML document.

        Raises:
            TwirpError: ``invalid_argument`` with ``meta.argument == "newsml"``
                (and ``line``/``column`` when known) for NewsML that does not
                convert; any other code the server or a proxy sends.
        """
        if self.protocol == "json":
            reply = self._call_json("ConvertToDocument", {"newsml": newsml})
            return dict(_reply_field(reply, "document", dict) or {})
        req = service_pb2.ConvertToDocumentReq(newsml=newsml)
        res = self._call_proto("ConvertToDocument", req, service_pb2.ConvertToDocumentRes)
        return document_from_proto(res.document)

    def convert_to_newsml(self, document: Mapping[str, Any]) -> str:
        """``ConvertToNewsml``: the full NewsML document of a NavigaDoc document.

        Raises:
            TwirpError: ``invalid_argument`` with ``meta.argument ==
                "document"`` and ``meta.path`` for a document that does not
                convert (over protobuf also for one ``naviga.Document``
                cannot carry, checked before sending); any other code the
                server or a proxy sends.
        """
        if self.protocol == "json":
            reply = self._call_json("ConvertToNewsml", {"document": dict(document)})
            return str(_reply_field(reply, "newsml", str) or "")
        req = service_pb2.ConvertToNewsmlReq()
        _carried(document, req.document)
        res = self._call_proto("ConvertToNewsml", req, service_pb2.ConvertToNewsmlRes)
        return str(res.newsml)

    def validate_navigadoc(self, document: Mapping[str, Any]) -> list[str]:
        """``ValidateNavigaDoc``: the schema problems of a document, [] when valid.

        Over protobuf, a document ``naviga.Document`` cannot carry (a field
        of the wrong type, a time that is not RFC 3339) is validated here,
        with the server's schema: the answer is the list the JSON route gives.

        Raises:
            TwirpError: Whatever the server or a proxy sends.
        """
        if self.protocol == "json":
            reply = self._call_json("ValidateNavigaDoc", {"document": dict(document)})
            return [str(problem) for problem in _reply_field(reply, "schemaErrors", list) or []]
        req = service_pb2.ValidateDocumentReq()
        try:
            document_to_proto(document, req.document)
        except InvalidDocumentError:
            return schema.errors(dict(document))
        res = self._call_proto("ValidateNavigaDoc", req, service_pb2.ValidateDocumentRes)
        return list(res.schemaErrors)

    def diff(self, a: str | Mapping[str, Any], b: str | Mapping[str, Any]) -> list[dict[str, Any]]:
        """``Diff``: what changed from item `a` to item `b`, in the news item API's words.

        Each side is NewsML text (a ``str``) or a NavigaDoc document (a
        mapping, converted to NewsML by the server first). ``Diff`` has no
        protobuf messages, so a client of either protocol sends it as JSON.

        Args:
            a: The old item.
            b: The new item.

        Returns:
            One dict per difference, as ``newsml diff --json`` writes them
            (``kind``, ``path``, ``old``, ``new``, ``event``...); ``[]`` when
            the items are equivalent.

        Raises:
            InvalidArgumentError: A side that is neither text nor a mapping
                (checked before sending; a ``ValueError`` too).
            TwirpError: ``invalid_argument`` with ``meta.argument`` ``a`` or
                ``b`` for a side that does not read or items of two kinds;
                any other code the server or a proxy sends.
        """
        request = {"a": _side(a, "a"), "b": _side(b, "b")}
        reply = self._call_json("Diff", request, _JSON_HEADERS)
        differences = _reply_field(reply, "differences", list) or []
        if not all(isinstance(difference, dict) for difference in differences):
            raise TwirpError("internal", "failed to unmarshal json response: bad differences")
        return list(differences)

    def close(self) -> None:
        """Close the connection pool (unless it was passed in)."""
        if self._own_client:
            self._http.close()

    def __enter__(self) -> ToolsClient:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _call_json(
        self, method: str, request: Mapping[str, Any], media: Mapping[str, str] | None = None
    ) -> Any:
        body = json.dumps(request, ensure_ascii=False, separators=(",", ":")).encode()
        content = self._post(method, body, media)
        try:
            return json.loads(content)
        except ValueError as error:
            raise TwirpError("internal", f"failed to unmarshal json response: {error}") from error

    def _call_proto(self, method: str, request: Any, reply_type: Any) -> Any:
        content = self._post(method, request.SerializeToString())
        try:
            return reply_type.FromString(content)
        except Exception as error:  # protobuf's DecodeError and friends
            raise TwirpError("internal", f"failed to unmarshal proto response: {error}") from error

    def _post(self, method: str, body: bytes, media: Mapping[str, str] | None = None) -> bytes:
        headers = self._headers if media is None else {**self._headers, **media}
        try:
            response = self._http.post(
                self._base + method, content=body, headers=headers, follow_redirects=False
            )
        except httpx.HTTPError as error:
            raise TwirpError(_transport_code(error), f"failed to do request: {error}") from error
        if response.status_code != 200:
            raise error_from_response(
                response.status_code, response.content, response.headers.get("location", "")
            )
        return response.content


_JSON_HEADERS = {"Content-Type": _MEDIA["json"], "Accept": _MEDIA["json"]}


def _transport_code(error: httpx.HTTPError) -> str:
    """The Twirp code of a call that got no reply: the server is down, slow, or gone mid-call.

    No server listening, a refused or dropped connection: ``unavailable``
    (try again later, or elsewhere); the ``timeout`` spent waiting for an
    answer: ``deadline_exceeded``; anything else (an unsupported URL
    scheme, say) stays ``internal``, as in the Go client.
    """
    if isinstance(error, httpx.ConnectTimeout | httpx.NetworkError | httpx.RemoteProtocolError):
        return "unavailable"  # RemoteProtocolError: closed without an answer
    if isinstance(error, httpx.TimeoutException):
        return "deadline_exceeded"
    return "internal"


def _side(value: object, name: str) -> dict[str, Any]:
    """One side of a ``Diff`` request: ``{"newsml": text}`` or ``{"document": object}``.

    Raises:
        InvalidArgumentError: `value` is neither a string nor a mapping.
    """
    if isinstance(value, str):
        return {"newsml": value}
    if isinstance(value, Mapping):
        return {"document": dict(value)}
    raise InvalidArgumentError(
        f"{name} must be NewsML text (str) or a document (a mapping), not {type(value).__name__}",
        field=name,
    )


def _carried(doc: Mapping[str, Any], out: Any) -> None:
    """Put `doc` into the protobuf message `out`, failing as the JSON route would.

    Raises:
        TwirpError: ``invalid_argument`` for ``document``: the server's own
            error for a document the converter refuses (the library's check,
            run here), else the place ``naviga.Document`` cannot carry.
    """
    try:
        document_to_proto(doc, out)
    except InvalidDocumentError as error:
        try:
            document.load(doc)
        except NewsItemError as refused:
            raise from_library_error(refused, "document") from None
        raise from_library_error(error, "document") from None


def error_from_response(status: int, body: bytes, location: str = "") -> TwirpError:
    """The `TwirpError` of a non-200 reply, parsed as strictly as the Go client does.

    Args:
        status: The HTTP status code.
        body: The reply body.
        location: The ``Location`` header (used for redirects).

    Returns:
        The server's error when `body` is exactly a Twirp error (keys
        ``code``, ``msg``, ``meta`` only, string values, a known code);
        otherwise an error "from an intermediary" whose code is derived from
        `status`.
    """
    if 300 <= status < 400:
        msg = f"unexpected HTTP status code {status} {_text(status)} received, Location={_quote(location)}"
        return _intermediary("internal", status, msg, {"location": location})
    parsed = _parse_error_body(body)
    if parsed is None:
        code = _INTERMEDIARY_CODES.get(status, "unknown")
        msg = f"Error from intermediary with HTTP status code {status} {_text(status)}"
        return _intermediary(code, status, msg, {"body": body.decode("utf-8", "replace")})
    code, msg, meta = parsed
    if code not in ERROR_STATUS:
        return TwirpError(
            "internal",
            f"invalid type returned from server error response: {code}",
            {"body": body.decode("utf-8", "replace")},
        )
    return TwirpError(code, msg, meta)


def _parse_error_body(body: bytes) -> tuple[str, str, dict[str, str]] | None:
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):
        return None
    if not isinstance(value, dict) or not set(value) <= {"code", "msg", "meta"}:
        return None
    code, msg, meta = value.get("code"), value.get("msg"), value.get("meta")
    # Go decodes into {Code, Msg string; Meta map[string]string}: null is the
    # zero value, any other type is a decoding error.
    if not isinstance(code, str) or not code or not isinstance(msg, str | None):
        return None
    if meta is not None and not (
        isinstance(meta, dict) and all(isinstance(v, str) for v in meta.values())
    ):
        return None
    return code, msg or "", dict(meta or {})


def _intermediary(code: str, status: int, msg: str, extra: Mapping[str, str]) -> TwirpError:
    meta = {"http_error_from_intermediary": "true", "status_code": str(status), **extra}
    return TwirpError(code, msg, meta)


def _text(status: int) -> str:
    """Go's ``%q`` of ``http.StatusText(status)``: the quoted reason phrase."""
    try:
        return _quote(HTTPStatus(status).phrase)
    except ValueError:
        return '""'


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _reply_field(reply: Any, name: str, kind: type) -> Any:
    if not isinstance(reply, dict):
        raise TwirpError("internal", "failed to unmarshal json response: not an object")
    value = reply.get(name)
    if value is not None and not isinstance(value, kind):
        raise TwirpError("internal", f"failed to unmarshal json response: bad {name}")
    return value
