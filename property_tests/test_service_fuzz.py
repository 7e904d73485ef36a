"""Fuzzing the live Tools service: never a 500, every failure a proper Twirp error.

The service runs as a real subprocess on loopback (`tests/support/service.py`) and
gets Hypothesis-generated requests over HTTP: JSON bodies of any shape and
document-shaped ones, protobuf messages with arbitrary field values
(Timestamps out of range included), raw bytes, and byte-level mutations of
real requests. Whatever the body, the reply is a 200 that decodes in the
request's encoding, or exactly a Twirp error body (what the Go client
accepts) whose HTTP status is its code's, and never ``internal``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import fixture_text, json_strategy
from support import service as service_support
from support.service import JSON, PROTOBUF, Server

from newsml_codecs import document, newsml
from newsml_tools.service._proto.cca import service_pb2
from newsml_tools.service._wire import document_to_proto

ROUTES = ["ConvertToDocument", "ConvertToNewsml", "ValidateNavigaDoc", "ValidatePlatformDoc"]
REPLIES: dict[str, Any] = {
    "ConvertToDocument": service_pb2.ConvertToDocumentRes,
    "ConvertToNewsml": service_pb2.ConvertToNewsmlRes,
    "ValidateNavigaDoc": service_pb2.ValidateDocumentRes,
    "ValidatePlatformDoc": service_pb2.ValidateDocumentRes,
}
ARTICLE = fixture_text("article-full.xml")
DOCUMENT = document.dump(newsml.loads(ARTICLE))
INT64 = st.integers(-(2**63), 2**63 - 1)
INT32 = st.integers(-(2**31), 2**31 - 1)


@pytest.fixture(scope="module")
def http() -> Iterator[tuple[Server, httpx.Client]]:
    """The session's service and a keep-alive client for it."""
    server = service_support.shared_server()
    with httpx.Client(timeout=60) as client:
        yield server, client


def post(http: tuple[Server, httpx.Client], route: str, body: bytes, ctype: str) -> httpx.Response:
    """POST `body` to `route` and check the reply: a decodable 200 or a Twirp error, never 500."""
    server, client = http
    response = client.post(server.url(route), content=body, headers={"Content-Type": ctype})
    assert response.status_code < 500, (response.status_code, response.content[:300])
    if response.status_code == 200:
        assert ctype == response.headers["content-type"]
        if ctype == JSON:
            assert isinstance(response.json(), dict)
        else:
            REPLIES[route].FromString(response.content)
    else:
        error = service_support.check_twirp_error(
            response.status_code, response.headers["content-type"], response.content
        )
        assert error["code"] in {"malformed", "invalid_argument"}, error
    return response


# JSON values of every shape, small enough to keep requests quick.
json_values = json_strategy.json_values(text_size=20, key_size=10)
times = st.sampled_from(
    [
        "2020-01-01T00:00:00Z",
        "0999-06-01T00:30:00+01:00",
        "0001-01-01T00:00:00+01:00",
        "9999-12-31T23:59:59-01:00",
        "2020-02-30T00:00:00Z",
        "yesterday",
        "",
    ]
)
block_types = st.sampled_from(
    ["x-im/paragraph", "x-im/image", "x-im/topic", "x-im/group", "x-im/table", "x-im/flags"]
)


def _blocks(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.lists(
        st.fixed_dictionaries(
            {},
            optional={
                "type": block_types | json_values,
                "uuid": st.uuids().map(str) | st.text(max_size=10),
                "rel": st.sampled_from(["subject", "author", "channel"]) | json_values,
                "data": st.dictionaries(st.text(max_size=10), st.text(max_size=20) | json_values),
                "content": children,
                "links": children,
                "meta": children,
            },
        ),
        max_size=3,
    )


blocks = st.recursive(st.just([]) | json_values, _blocks, max_leaves=8)
documents = st.fixed_dictionaries(
    {},
    optional={
        "uuid": st.uuids().map(str) | json_values,
        "type": st.sampled_from(["x-im/article", "x-im/image", "x-im/concept", ""]) | json_values,
        "title": st.text(max_size=20) | json_values,
        "created": times | json_values,
        "modified": times,
        "content": blocks,
        "links": blocks,
        "meta": blocks,
        "properties": st.lists(
            st.fixed_dictionaries(
                {}, optional={"name": st.text(max_size=15), "value": st.text(max_size=30)}
            )
            | json_values,
            max_size=3,
        ),
    },
)
newsml_values = (
    st.sampled_from([ARTICLE, ARTICLE[: len(ARTICLE) // 2], "<newsItem/>", "<x>&nbsp;</x>", ""])
    | st.text(max_size=50)
    | json_values
)


@given(
    route=st.sampled_from(ROUTES),
    request=st.fixed_dictionaries(
        {}, optional={"newsml": newsml_values, "document": documents | json_values}
    )
    | json_values,
)
def test_json_requests(http: tuple[Server, httpx.Client], route: str, request: Any) -> None:
    """Any JSON request, object or not, document-shaped or not: 200 or a 4xx Twirp error."""
    post(http, route, json.dumps(request).encode(), JSON)


def _timestamp(message: Any, draw: st.DrawFn) -> None:
    message.seconds = draw(st.sampled_from([0, 2**62, -(2**62), 253402300800]) | INT64)
    message.nanos = draw(st.sampled_from([0, -1, 10**9]) | INT32)


@st.composite
def protobuf_requests(draw: st.DrawFn, route: str) -> bytes:
    """A serialized request for `route` with arbitrary field values."""
    if route == "ConvertToDocument":
        text = draw(st.sampled_from([ARTICLE, "<newsItem/>", ""]) | st.text(max_size=50))
        return bytes(service_pb2.ConvertToDocumentReq(newsml=text).SerializeToString())
    message = (
        service_pb2.ConvertToNewsmlReq()
        if route == "ConvertToNewsml"
        else service_pb2.ValidateDocumentReq()
    )
    doc = message.document
    doc.type = draw(st.sampled_from(["x-im/article", "x-im/image", "x-im/concept", ""]))
    doc.uuid = draw(st.uuids().map(str) | st.text(max_size=10))
    doc.title = draw(st.text(max_size=20))
    for field in draw(
        st.sets(st.sampled_from(["created", "modified", "published", "unpublished"]))
    ):
        _timestamp(getattr(doc, field), draw)
    for _ in range(draw(st.integers(0, 3))):
        block = draw(st.sampled_from([doc.content, doc.links, doc.meta])).add()
        block.type = draw(block_types)
        block.uuid = draw(st.uuids().map(str) | st.text(max_size=10))
        block.rel = draw(st.text(max_size=10))
        for key, value in draw(st.dictionaries(st.text(max_size=10), st.text(max_size=20))).items():
            block.data[key] = value
    for _ in range(draw(st.integers(0, 2))):
        prop = doc.properties.add()
        prop.name = draw(st.sampled_from(["x-newsml/patch", "headline"]) | st.text(max_size=10))
        prop.value = draw(st.text(max_size=30))
    return bytes(message.SerializeToString())


@given(data=st.data(), route=st.sampled_from(ROUTES))
def test_protobuf_requests(
    http: tuple[Server, httpx.Client], data: st.DataObject, route: str
) -> None:
    """Any protobuf request (Timestamps out of range included): 200 or a 4xx Twirp error."""
    post(http, route, data.draw(protobuf_requests(route)), PROTOBUF)


def _real_requests() -> list[tuple[str, str, bytes]]:
    """Real requests of every route in both encodings: (route, content type, body)."""
    to_document = service_pb2.ConvertToDocumentReq(newsml=ARTICLE)
    to_newsml = service_pb2.ConvertToNewsmlReq()
    document_to_proto(DOCUMENT, to_newsml.document)
    validate = service_pb2.ValidateDocumentReq()
    validate.document.CopyFrom(to_newsml.document)
    return [
        ("ConvertToDocument", JSON, json.dumps({"newsml": ARTICLE}).encode()),
        ("ConvertToNewsml", JSON, json.dumps({"document": DOCUMENT}).encode()),
        ("ValidateNavigaDoc", JSON, json.dumps({"document": DOCUMENT}).encode()),
        ("ConvertToDocument", PROTOBUF, to_document.SerializeToString()),
        ("ConvertToNewsml", PROTOBUF, to_newsml.SerializeToString()),
        ("ValidatePlatformDoc", PROTOBUF, validate.SerializeToString()),
    ]


REAL = _real_requests()


@st.composite
def mutations(draw: st.DrawFn) -> tuple[str, str, bytes]:
    """A real request with a few bytes replaced, inserted or deleted, or cut short."""
    route, ctype, body = draw(st.sampled_from(REAL))
    data = bytearray(body)
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(data)))
        action = draw(st.sampled_from(["replace", "insert", "delete", "cut"]))
        if action == "replace" and at < len(data):
            data[at] = draw(st.integers(0, 255))
        elif action == "insert":
            token = draw(st.sampled_from([b"\x00", b"\xff", b'"', b"{", b"<", b"&", b"\\ud800"]))
            data[at:at] = token
        elif action == "delete":
            del data[at : at + draw(st.integers(1, 16))]
        else:
            del data[at:]
    # Sometimes the right bytes under the other encoding's content type.
    if draw(st.booleans()) and draw(st.booleans()):
        ctype = JSON if ctype == PROTOBUF else PROTOBUF
    return route, ctype, bytes(data)


@given(mutated=mutations())
def test_mutated_real_requests(
    http: tuple[Server, httpx.Client], mutated: tuple[str, str, bytes]
) -> None:
    """Real requests mutated at the byte level: 200 or a 4xx Twirp error."""
    route, ctype, body = mutated
    post(http, route, body, ctype)


@given(route=st.sampled_from(ROUTES), ctype=st.sampled_from([JSON, PROTOBUF]), body=st.binary())
def test_random_bytes(
    http: tuple[Server, httpx.Client], route: str, ctype: str, body: bytes
) -> None:
    """Random bytes under either content type: 200 or a 4xx Twirp error."""
    post(http, route, body, ctype)
