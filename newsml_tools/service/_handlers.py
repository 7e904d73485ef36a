"""The three Tools methods: request body in, response body out.

Each handler takes the raw body and whether it is binary protobuf, and
returns the encoded response in the same encoding. Expected failures raise
`TwirpError`; anything else escaping a handler is a bug (``internal``).
The JSON path uses the project's own codec on plain dicts,
never protobuf's ``json_format``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from google.protobuf.message import DecodeError as ProtoDecodeError

from newsml_codecs import document, jsontext, schema
from newsml_model import AnyItem, LimitExceededError, NewsItemError
from newsml_tools.service._errors import (
    TwirpError,
    from_library_error,
    malformed,
    required,
    too_deep,
)
from newsml_tools.service._proto.cca import service_pb2
from newsml_tools.service._wire import document_from_proto, document_to_proto

Handler = Callable[[bytes, bool], bytes]

log = logging.getLogger("newsml_tools.service")

_JSON_UNDECODABLE = "the json request could not be decoded"
_PROTO_UNDECODABLE = "the protobuf request could not be decoded"


def load_document(converter: document.Converter, doc: Mapping[str, Any]) -> AnyItem:
    """The item of a NavigaDoc document, by the app's `converter` (its options).

    Every route that reads a document (``ConvertToNewsml``, the page's
    ``Diff`` and ``ConvertToNinjs``) converts it here, so they agree on the
    options.

    Raises:
        NewsItemError: As `document.load`.
    """
    return converter.load(doc)


def convert_to_document(converter: document.Converter, body: bytes, protobuf: bool) -> bytes:
    """``ConvertToDocument``: a full NewsML document to a NavigaDoc document, by `converter`."""
    if protobuf:
        text = _proto_request(service_pb2.ConvertToDocumentReq, body).newsml
    else:
        text = _json_field(_json_request(body), "newsml", str, "a string")
    if not text:
        raise required("newsml")
    try:
        # with where each node stands, so the save copies the unchanged ones (`to_newsml`)
        doc = converter.from_newsml(text)
    except NewsItemError as error:
        raise from_library_error(error, "newsml") from None
    except RecursionError:
        raise too_deep("newsml") from None
    except (ValueError, OverflowError) as error:
        raise _leaked(error, "newsml") from None
    if not protobuf:
        return _json_response({"document": doc}, "newsml")
    reply = service_pb2.ConvertToDocumentRes()
    try:
        document_to_proto(doc, reply.document)
    except (NewsItemError, ValueError) as error:
        # A value the codec accepts but protobuf cannot carry (a time before
        # year 1, text that is not valid Unicode): the input's fault.
        raise TwirpError(
            "invalid_argument",
            f"newsml cannot be sent as protobuf: {error}",
            {"argument": "newsml"},
        ) from None
    return reply.SerializeToString()


def convert_to_newsml(converter: document.Converter, body: bytes, protobuf: bool) -> bytes:
    """``ConvertToNewsml``: a NavigaDoc document to a full NewsML document, by `converter`."""
    doc = _document_argument(body, protobuf, service_pb2.ConvertToNewsmlReq)
    if doc is None:
        raise required("document")
    try:
        text = converter.to_newsml(doc)
    except NewsItemError as error:
        raise from_library_error(error, "document") from None
    except RecursionError:
        raise too_deep("document") from None
    except (ValueError, OverflowError) as error:
        raise _leaked(error, "document") from None
    if not protobuf:
        return _json_response({"newsml": text}, "document")
    try:
        return service_pb2.ConvertToNewsmlRes(newsml=text).SerializeToString()
    except ValueError as error:
        raise TwirpError(
            "invalid_argument", f"document is not valid Unicode: {error}", {"argument": "document"}
        ) from None


def validate_navigadoc(body: bytes, protobuf: bool) -> bytes:
    """``ValidateNavigaDoc`` (and its alias ``ValidatePlatformDoc``): schema errors.

    An absent document is validated as the empty document, so the reply names
    what it lacks (decision T6: schema problems are a reply, not an error).
    """
    doc = _document_argument(body, protobuf, service_pb2.ValidateDocumentReq)
    try:
        problems = schema.errors({} if doc is None else doc)
    except LimitExceededError as error:
        # Too deep to write a message about: a limit, not a verdict.
        raise TwirpError(
            "resource_exhausted", f"document cannot be validated: {error}", {"argument": "document"}
        ) from None
    except RecursionError:
        raise too_deep("document") from None
    if not protobuf:
        return _json_response({"schemaErrors": problems} if problems else {}, "document")
    return service_pb2.ValidateDocumentRes(schemaErrors=problems).SerializeToString()


def handlers(converter: document.Converter) -> Mapping[str, Handler]:
    """The Tools methods by name, the conversions bound to `converter` (the app's)."""
    return {
        "ConvertToDocument": partial(convert_to_document, converter),
        "ConvertToNewsml": partial(convert_to_newsml, converter),
        "ValidateNavigaDoc": validate_navigadoc,
        # The name in the service description.
        "ValidatePlatformDoc": validate_navigadoc,
    }


def _document_argument(body: bytes, protobuf: bool, message: Any) -> Mapping[str, Any] | None:
    """The request's ``document`` as a dict, or None when absent."""
    if protobuf:
        req = _proto_request(message, body)
        if not req.HasField("document"):
            return None
        try:
            return document_from_proto(req.document)
        except NewsItemError as error:
            # A Timestamp out of range: decodable, but not a time (400, with
            # the field's path).
            raise from_library_error(error, "document") from None
    value: Mapping[str, Any] | None = _json_field(
        _json_request(body), "document", dict, "an object"
    )
    return value


def _proto_request(message: Any, body: bytes) -> Any:
    try:
        return message.FromString(body)
    except (ProtoDecodeError, ValueError, RecursionError) as error:
        raise malformed(_PROTO_UNDECODABLE, str(error) or "not a protobuf message") from None


def _json_request(body: bytes) -> dict[str, Any]:
    if not body.strip():
        # Unlike an empty protobuf message, empty JSON is not a value.
        raise malformed(_JSON_UNDECODABLE, "empty body")
    try:
        value = json.loads(body)
    except ValueError as error:  # includes UnicodeDecodeError
        raise malformed(_JSON_UNDECODABLE, error) from None
    except RecursionError:
        raise malformed(_JSON_UNDECODABLE, "nested too deeply") from None
    if not isinstance(value, dict):
        raise malformed(_JSON_UNDECODABLE, "expected a JSON object")
    return value


def _json_field(request: Mapping[str, Any], name: str, kind: type, label: str) -> Any:
    # Unknown fields are ignored and null is absent; a value of
    # the wrong JSON type is undecodable, as protojson would say.
    value = request.get(name)
    if value is not None and not isinstance(value, kind):
        raise malformed(_JSON_UNDECODABLE, f"{name}: expected {label}")
    return value


def _json_response(value: Mapping[str, Any], argument: str) -> bytes:
    try:
        return jsontext.dumpb(value)
    except UnicodeEncodeError as error:
        # Lone surrogates arrive as JSON escapes ("\ud800") and survive the
        # codecs, but cannot be sent back as UTF-8.
        raise TwirpError(
            "invalid_argument",
            f"{argument} is not valid Unicode: {error.reason}",
            {"argument": argument},
        ) from None


def _leaked(error: Exception, argument: str) -> TwirpError:
    """A value error the codecs should have raised as a DecodeError.

    Only input reaches the codecs, so a ValueError or OverflowError (a date
    out of range, say) is the input's fault: it gets invalid_argument rather
    than a 500, and a warning so the codec can be fixed to say where.
    """
    log.warning("codec raised %s instead of a DecodeError: %s", type(error).__name__, error)
    return TwirpError(
        "invalid_argument", f"{argument} cannot be converted: {error}", {"argument": argument}
    )
