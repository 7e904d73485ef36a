"""The page at ``/`` of ``newsml serve``, and the ``Diff`` route it calls.

The page (``page/index.html``, ``page.js``, ``page.css`` in this package; no
file from anywhere else) converts, validates and diffs in the browser by
calling the service's own Twirp routes with JSON, as any client does:
``ConvertToDocument``, ``ConvertToNewsml``, ``ValidateNavigaDoc`` and
``Diff``. ``Diff`` is a JSON-only route beside them: ``{"a": SIDE, "b":
SIDE}`` where a side is ``{"newsml": TEXT}`` or ``{"document": OBJECT}``,
answered with ``{"differences": [...]}`` (`newsml_model.diff`, each
difference as ``newsml diff --json`` writes it). ``ConvertToNinjs`` is
another: ``{"item": SIDE, "version": "3.0"}`` (the version optional),
answered with ``{"ninjs": OBJECT}``, the article as IPTC ninjs
(`newsml_codecs.ninjs.dump`; valid against IPTC's schema of that version).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from functools import partial
from importlib import resources
from typing import Any

from newsml_codecs import document, jsontext, newsml, ninjs
from newsml_model import AnyItem, NewsItemError
from newsml_model.diff import diff
from newsml_tools._diff_json import as_json
from newsml_tools.service._errors import (
    TwirpError,
    bad_route,
    from_library_error,
    malformed,
    required,
    too_deep,
)
from newsml_tools.service._handlers import Handler, load_document

__all__ = ["json_routes", "page_asset"]

_ASSETS = {
    "/": ("index.html", b"text/html; charset=utf-8"),
    "/page.js": ("page.js", b"text/javascript; charset=utf-8"),
    "/page.css": ("page.css", b"text/css; charset=utf-8"),
}
_UNDECODABLE = "the json request could not be decoded"


@functools.cache
def _asset(name: str) -> bytes:
    return resources.files(__package__).joinpath("page", name).read_bytes()


def page_asset(path: str) -> tuple[bytes, bytes] | None:
    """The content type and bytes of the page's file at `path`, or None when it is not one."""
    found = _ASSETS.get(path)
    if found is None:
        return None
    name, content_type = found
    return content_type, _asset(name)


def _side(converter: document.Converter, request: Mapping[str, Any], name: str) -> AnyItem:
    """The item a request side names: NewsML text, or a document converted first (by `converter`)."""
    side = request.get(name)
    if side is None:
        raise required(name)
    if not isinstance(side, dict):
        raise malformed(_UNDECODABLE, f"{name}: expected an object")
    text, doc = side.get("newsml"), side.get("document")
    try:
        if isinstance(text, str) and text:
            return newsml.loads(text)
        if isinstance(doc, dict):
            return load_document(converter, doc)  # the app's converter, as ConvertToNewsml
    except NewsItemError as error:
        raise from_library_error(error, name) from None
    except RecursionError:
        raise too_deep(name) from None
    raise required(f"{name}.newsml or {name}.document")


def _json_request(body: bytes, protobuf: bool, method: str) -> dict[str, Any]:
    """The JSON object of a JSON-only route's request."""
    if protobuf:
        raise bad_route(
            f"{method} takes application/json only", "POST", f"/twirp/cca.Tools/{method}"
        )
    try:
        request = json.loads(body) if body.strip() else None
    except (ValueError, RecursionError) as error:
        raise malformed(_UNDECODABLE, error) from None
    if not isinstance(request, dict):
        raise malformed(_UNDECODABLE, "expected a JSON object")
    return request


def _reply(value: object) -> bytes:
    try:
        return jsontext.dumpb(value)
    except UnicodeEncodeError as error:
        raise TwirpError("invalid_argument", f"not valid Unicode: {error.reason}") from None


def ninjs_of(converter: document.Converter, body: bytes, protobuf: bool) -> bytes:
    """``ConvertToNinjs``: the item (NewsML or a document) as IPTC ninjs (JSON only).

    Raises:
        TwirpError: A protobuf request (``bad_route``), an undecodable
            request, no item, an input the codecs refuse, an item that is no
            news item, or a version ninjs is not written in (``invalid_argument``).
    """
    request = _json_request(body, protobuf, "ConvertToNinjs")
    item = _side(converter, request, "item")
    version = request.get("version") or "3.0"
    if not isinstance(version, str):
        raise malformed(_UNDECODABLE, "version: expected a string")
    try:
        found = ninjs.dump(item, version=version)  # type: ignore[arg-type]
    except NewsItemError as error:  # another kind of item, or an unknown version
        argument = "version" if getattr(error, "field", None) == "version" else "item"
        raise from_library_error(error, argument) from None
    return _reply({"ninjs": found})


def diff_items(converter: document.Converter, body: bytes, protobuf: bool) -> bytes:
    """``Diff``: what changed from item ``a`` to item ``b`` (JSON only).

    Raises:
        TwirpError: A protobuf request (``bad_route``: the method has no
            protobuf messages), an undecodable request, a missing side, an
            input the codecs refuse, or items of two kinds (``invalid_argument``).
    """
    request = _json_request(body, protobuf, "Diff")
    a, b = _side(converter, request, "a"), _side(converter, request, "b")
    try:
        differences = diff(a, b)
    except NewsItemError as error:  # two kinds
        raise from_library_error(error, "b") from None
    return _reply({"differences": [as_json(d) for d in differences]})


def json_routes(converter: document.Converter) -> dict[str, Handler]:
    """Twirp methods served in JSON only, beside the generated ones; documents read by `converter`."""
    return {"Diff": partial(diff_items, converter), "ConvertToNinjs": partial(ninjs_of, converter)}
