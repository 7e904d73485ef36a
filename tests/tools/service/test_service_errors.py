"""Every error row of the Tools service spec, over real HTTP on loopback.

Each reply must be exactly a Twirp error body (``code``, ``msg``, optional
string ``meta``, nothing else) with the status of its code; no bad input
may get a 500.
"""

from __future__ import annotations

import json
import random
import socket
from typing import Any

import httpx
import pytest
import support
from support.service import JSON, PROTOBUF, Server

from newsml_codecs import newsml
from newsml_model import MalformedXMLError
from newsml_tools.service import DEFAULT_MAX_BODY_BYTES, ERROR_STATUS
from newsml_tools.service._proto.cca import service_pb2

ARTICLE = support.fixture_text("article-full.xml")
ROUTES = ["ConvertToDocument", "ConvertToNewsml", "ValidateNavigaDoc", "ValidatePlatformDoc"]
BROKEN_NEWSML = '<?xml version="1.0"?>\n<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/">\n  <itemMeta>\n</newsItem>'
ENTITY_NEWSML = (
    '<?xml version="1.0"?><!DOCTYPE newsItem [<!ENTITY x "boom">]><newsItem>&x;</newsItem>'
)


def twirp_error(response: httpx.Response) -> dict[str, Any]:
    """The reply's Twirp error body, checked to be exactly one with the right status."""
    assert JSON == response.headers["content-type"]
    body = response.json()
    assert set(body) <= {"code", "msg", "meta"}
    assert isinstance(body["msg"], str)
    assert all(isinstance(value, str) for value in body.get("meta", {}).values())
    assert ERROR_STATUS[body["code"]] == response.status_code
    return dict(body)


def call(
    http: httpx.Client, server: Server, method: str, body: bytes | str, ctype: str = JSON
) -> httpx.Response:
    """POST `body` to a Tools method."""
    content = body.encode() if isinstance(body, str) else body
    return http.post(server.url(method), content=content, headers={"Content-Type": ctype})


def test_wrong_method_is_bad_route(server: Server, http: httpx.Client) -> None:
    """GET on a Tools route: 404 bad_route naming the method, with twirp_invalid_route."""
    response = http.get(server.url("ConvertToDocument"))
    expected = {
        "code": "bad_route",
        "msg": 'unsupported method "GET" (only POST is allowed)',
        "meta": {"twirp_invalid_route": "GET /twirp/cca.Tools/ConvertToDocument"},
    }
    assert expected == twirp_error(response)


@pytest.mark.parametrize(
    ("path", "msg"),
    [
        ("/twirp/cca.Tools/Nope", 'no handler for path "/twirp/cca.Tools/Nope"'),
        (
            "/twirp/cca.Other/ConvertToDocument",
            'no handler for path "/twirp/cca.Other/ConvertToDocument"',
        ),
        ("/x", 'no handler for path "/x"'),
        ("/healthz", 'no handler for path "/healthz"'),
        (
            "/api/cca.Tools/ConvertToDocument",
            'invalid path prefix "/api", expected "/twirp", on path "/api/cca.Tools/ConvertToDocument"',
        ),
    ],
)
def test_unknown_route_is_bad_route(
    server: Server, http: httpx.Client, path: str, msg: str
) -> None:
    """Unknown service, method or prefix: 404 bad_route with the Go server's messages."""
    response = http.post(server.base_url + path, content=b"{}", headers={"Content-Type": JSON})
    expected = {"code": "bad_route", "msg": msg, "meta": {"twirp_invalid_route": f"POST {path}"}}
    assert expected == twirp_error(response)


@pytest.mark.parametrize("ctype", ["text/plain", "application/xml", "application/json-seq", ""])
def test_bad_content_type_is_bad_route(server: Server, http: httpx.Client, ctype: str) -> None:
    """A Content-Type other than JSON or protobuf: 404 bad_route quoting it."""
    response = call(http, server, "ConvertToDocument", "{}", ctype)
    expected = {
        "code": "bad_route",
        "msg": f'unexpected Content-Type: "{ctype}"',
        "meta": {"twirp_invalid_route": "POST /twirp/cca.Tools/ConvertToDocument"},
    }
    assert expected == twirp_error(response)


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize(
    "body",
    [
        b"{not json",
        b"[]",
        b'"newsml"',
        b"\xff\xfe{}",
        b'{"newsml": 5, "document": 5}',
        b"[" * 100_000,
    ],
    ids=["syntax", "array", "string", "not-utf8", "wrong-types", "deep"],
)
def test_undecodable_json_is_malformed(
    server: Server, http: httpx.Client, route: str, body: bytes
) -> None:
    """A JSON body that is no request message: 400 malformed."""
    assert "malformed" == twirp_error(call(http, server, route, body))["code"]


@pytest.mark.parametrize("route", ROUTES)
def test_empty_json_body_is_malformed(server: Server, http: httpx.Client, route: str) -> None:
    """An empty JSON body is not a message: 400 malformed."""
    assert "malformed" == twirp_error(call(http, server, route, b""))["code"]


@pytest.mark.parametrize("route", ROUTES)
def test_undecodable_protobuf_is_malformed(server: Server, http: httpx.Client, route: str) -> None:
    """Bytes that are no protobuf message: 400 malformed."""
    assert "malformed" == twirp_error(call(http, server, route, b"\xff\xff\xff", PROTOBUF))["code"]


def test_empty_protobuf_body_is_an_empty_message(server: Server, http: httpx.Client) -> None:
    """An empty protobuf body is a valid empty request: the required field is missing."""
    for route, argument in [("ConvertToDocument", "newsml"), ("ConvertToNewsml", "document")]:
        expected = {
            "code": "invalid_argument",
            "msg": f"{argument} is required",
            "meta": {"argument": argument},
        }
        assert expected == twirp_error(call(http, server, route, b"", PROTOBUF))


def test_broken_newsml_names_line_and_column(server: Server, http: httpx.Client) -> None:
    """NewsML that does not parse: 400 invalid_argument with argument, line and column."""
    with pytest.raises(MalformedXMLError) as raised:
        newsml.loads(BROKEN_NEWSML)
    expected_meta = {
        "argument": "newsml",
        "line": str(raised.value.line),
        "column": str(raised.value.column),
    }
    for body, ctype in [
        (json.dumps({"newsml": BROKEN_NEWSML}).encode(), JSON),
        (service_pb2.ConvertToDocumentReq(newsml=BROKEN_NEWSML).SerializeToString(), PROTOBUF),
    ]:
        error = twirp_error(call(http, server, "ConvertToDocument", body, ctype))
        assert ("invalid_argument", expected_meta) == (error["code"], error["meta"])
        assert "4" == error["meta"]["line"]


def test_entity_declaration_is_refused(server: Server, http: httpx.Client) -> None:
    """XML declaring an entity: 400 invalid_argument on newsml, never expanded."""
    error = twirp_error(
        call(http, server, "ConvertToDocument", json.dumps({"newsml": ENTITY_NEWSML}))
    )
    assert ("invalid_argument", {"argument": "newsml"}) == (error["code"], error["meta"])
    assert "boom" not in error["msg"]


def test_newsml_over_the_readers_limits_is_resource_exhausted(
    server: Server, http: httpx.Client
) -> None:
    """Elements nested past the reader's depth limit: 429 resource_exhausted, Twirp's code for a limit."""
    deep = "<newsItem>" + "<x>" * 300 + "</x>" * 300 + "</newsItem>"
    error = twirp_error(call(http, server, "ConvertToDocument", json.dumps({"newsml": deep})))
    assert ("resource_exhausted", {"argument": "newsml"}) == (error["code"], error["meta"])
    assert "nested deeper than 256 levels" in error["msg"], error["msg"]


def test_unknown_item_kinds_are_invalid_arguments(server: Server, http: httpx.Client) -> None:
    """A root that is no item kind the codec reads (a newsMessage): 400 invalid_argument on newsml."""
    error = twirp_error(
        call(http, server, "ConvertToDocument", json.dumps({"newsml": "<newsMessage/>"}))
    )
    assert ("invalid_argument", {"argument": "newsml"}) == (error["code"], error["meta"])


def test_missing_newsml_is_invalid_argument(server: Server, http: httpx.Client) -> None:
    """`{}` or an empty newsml string: 400 invalid_argument, the field is required."""
    expected = {
        "code": "invalid_argument",
        "msg": "newsml is required",
        "meta": {"argument": "newsml"},
    }
    assert expected == twirp_error(call(http, server, "ConvertToDocument", "{}"))
    assert expected == twirp_error(call(http, server, "ConvertToDocument", '{"newsml": ""}'))


def test_document_without_type_names_the_path(server: Server, http: httpx.Client) -> None:
    """A document without type: 400 invalid_argument with argument document and meta.path."""
    doc = {"uuid": "5c3b1f0e-8d2a-4c1b-9a7e-2f4d6b8a0c11", "title": "No type"}
    proto = service_pb2.ConvertToNewsmlReq()
    proto.document.uuid, proto.document.title = doc["uuid"], doc["title"]
    for body, ctype in [
        (json.dumps({"document": doc}).encode(), JSON),
        (proto.SerializeToString(), PROTOBUF),
    ]:
        error = twirp_error(call(http, server, "ConvertToNewsml", body, ctype))
        assert ("invalid_argument", {"argument": "document", "path": "$.type"}) == (
            error["code"],
            error["meta"],
        )


def test_bad_value_inside_a_document_names_its_path(server: Server, http: httpx.Client) -> None:
    """A wrongly typed value deep in a JSON document: its JSON path in meta.path."""
    doc = {"type": "x-im/article", "content": [{"type": "x-im/paragraph", "data": {"text": 1}}]}
    error = twirp_error(call(http, server, "ConvertToNewsml", json.dumps({"document": doc})))
    assert "invalid_argument" == error["code"]
    assert "$.content[0].data.text" == error["meta"]["path"]


def test_oversized_body_is_refused(server: Server, http: httpx.Client) -> None:
    """A body over 16 MiB: 400 invalid_argument, whether its length is declared or chunked."""
    body = b'{"newsml": "' + b"x" * DEFAULT_MAX_BODY_BYTES + b'"}'
    expected = {
        "code": "invalid_argument",
        "msg": f"request body larger than {DEFAULT_MAX_BODY_BYTES} bytes",
        "meta": {"argument": "body", "limit": str(DEFAULT_MAX_BODY_BYTES)},
    }
    assert expected == twirp_error(call(http, server, "ConvertToDocument", body))
    chunked = http.post(
        server.url("ConvertToDocument"),
        content=iter([body[:1000], body[1000:]]),
        headers={"Content-Type": JSON},
    )
    assert "chunked" == chunked.request.headers["transfer-encoding"]
    assert expected == twirp_error(chunked)


def test_oversized_body_refused_before_it_is_sent(server: Server) -> None:
    """A declared Content-Length over the limit is answered before any body byte arrives."""
    host, port = server.base_url.removeprefix("http://").split(":")
    head = (
        "POST /twirp/cca.Tools/ConvertToDocument HTTP/1.1\r\n"
        f"Host: {host}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {DEFAULT_MAX_BODY_BYTES + 1}\r\n\r\n"
    )
    with socket.create_connection((host, int(port)), timeout=60) as sock:
        sock.sendall(head.encode())
        reply = b""
        while b"\r\n\r\n" not in reply or not reply.endswith(b"}"):
            chunk = sock.recv(65536)
            assert chunk, f"connection closed after {reply!r}"
            reply += chunk
    status_line, _, rest = reply.partition(b"\r\n")
    assert b"HTTP/1.1 400 Bad Request" == status_line
    assert "invalid_argument" == json.loads(rest.split(b"\r\n\r\n", 1)[1])["code"]


def test_lone_surrogate_is_an_invalid_argument(server: Server, http: httpx.Client) -> None:
    r"""A JSON "\ud800" escape survives decoding but is no Unicode: 400, not 500."""
    body = b'{"document": {"type": "x-im/article", "uuid": "5c3b1f0e-8d2a-4c1b-9a7e-2f4d6b8a0c11", "title": "\\ud800"}}'
    error = twirp_error(call(http, server, "ConvertToNewsml", body))
    assert ("invalid_argument", "document") == (error["code"], error["meta"]["argument"])


def test_date_out_of_range_is_an_invalid_argument(server: Server, http: httpx.Client) -> None:
    """A first-of-year-1 time with an offset (no UTC equivalent) gets 400, not 500, in both encodings."""
    xml = (
        '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/"><itemMeta>'
        "<versionCreated>0001-01-01T00:00:00+01:00</versionCreated></itemMeta></newsItem>"
    )
    for body, ctype in [
        (json.dumps({"newsml": xml}).encode(), JSON),
        (service_pb2.ConvertToDocumentReq(newsml=xml).SerializeToString(), PROTOBUF),
    ]:
        error = twirp_error(call(http, server, "ConvertToDocument", body, ctype))
        assert ("invalid_argument", "newsml") == (error["code"], error["meta"]["argument"])


@pytest.mark.parametrize("route", ["ConvertToNewsml", "ValidateNavigaDoc"])
@pytest.mark.parametrize(
    ("field", "seconds", "nanos"),
    [
        ("created", 0, -1),
        ("modified", 2**62, 0),
        ("published", -(2**62), 0),
        ("unpublished", 0, 10**9),
    ],
)
def test_protobuf_timestamp_out_of_range_is_an_invalid_argument(
    server: Server, http: httpx.Client, route: str, field: str, seconds: int, nanos: int
) -> None:
    """A Timestamp out of its range (nanos -1, seconds 2**62): 400 naming the field, not 500."""
    message = (
        service_pb2.ConvertToNewsmlReq
        if route == "ConvertToNewsml"
        else service_pb2.ValidateDocumentReq
    )
    req = message()
    req.document.type = "x-im/article"
    getattr(req.document, field).seconds = seconds
    getattr(req.document, field).nanos = nanos
    error = twirp_error(call(http, server, route, req.SerializeToString(), PROTOBUF))
    assert ("invalid_argument", "document", f"$.{field}") == (
        error["code"],
        error["meta"]["argument"],
        error["meta"]["path"],
    )
    assert f"seconds={seconds}, nanos={nanos}" in error["msg"]


def junk_bodies() -> list[tuple[str, bytes]]:
    """Deterministic junk: random bytes, truncated and mutated real requests."""
    rng = random.Random(20240305)
    good_json = json.dumps({"newsml": ARTICLE}).encode()
    good_proto = service_pb2.ConvertToDocumentReq(newsml=ARTICLE).SerializeToString()
    shapes = [
        {"document": value}
        for value in (
            {"type": "x-im/article", "content": [None, 1, "x", {"type": 2}]},
            {"type": "x-im/article", "links": {"rel": "x"}, "meta": [[]]},
            {"type": "x-im/article", "properties": [{"name": None, "value": {}}]},
            {
                "type": "x-im/article",
                "content": [{"type": "x-im/paragraph", "data": {"text": "<b>" * 5000}}],
            },
            {"type": "x-im/image", "uri": 5, "created": "not a time"},
            {"type": "x-im/concept"},
            {"type": "x-im/article", "x-extra": True},
        )
    ]
    bodies = [(JSON, json.dumps(shape).encode()) for shape in shapes]
    for _ in range(12):
        cut = rng.randrange(len(good_json))
        bodies.append((JSON, good_json[:cut]))
        bodies.append((PROTOBUF, good_proto[:cut]))
        mutated = bytearray(good_proto)
        for _ in range(8):
            mutated[rng.randrange(len(mutated))] = rng.randrange(256)
        bodies.append((PROTOBUF, bytes(mutated)))
        bodies.append((rng.choice([JSON, PROTOBUF]), rng.randbytes(rng.randrange(1, 400))))
    return [(f"{ctype}-{index}", body) for index, (ctype, body) in enumerate(bodies)]


@pytest.mark.parametrize("route", ROUTES)
def test_junk_never_gets_a_500(server: Server, http: httpx.Client, route: str) -> None:
    """Random and mutated bodies get 200 or a 4xx Twirp error, never internal."""
    statuses = set()
    for name, body in junk_bodies():
        response = call(http, server, route, body, name.rsplit("-", 1)[0])
        statuses.add(response.status_code)
        if response.status_code != 200:
            assert twirp_error(response)["code"] in {"malformed", "invalid_argument"}, name
    assert statuses <= {200, 400}
    assert 400 in statuses
