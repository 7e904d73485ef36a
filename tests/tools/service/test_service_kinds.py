"""Every item kind through the Tools service, JSON and protobuf, both ways, over real HTTP (issue 11)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import httpx
import pytest
import support
from support.service import JSON, PROTOBUF, Server

from newsml_codecs import document, newsml
from newsml_tools.service._proto.cca import service_pb2
from newsml_tools.service._wire import document_from_proto, document_to_proto

KINDS = [
    "kind-concept-person.xml",
    "kind-concept-event.xml",
    "kind-concept-tag.xml",
    "kind-planningitem.xml",
    "kind-assignment-dated.xml",
    "kind-list.xml",
    "kind-package.xml",
]
_TIMES = ("created", "modified", "published", "unpublished")


def post(
    http: httpx.Client, server: Server, method: str, body: bytes, ctype: str
) -> httpx.Response:
    """POST `body` to a Tools method with the given Content-Type."""
    return http.post(server.url(method), content=body, headers={"Content-Type": ctype})


def instants(doc: dict[str, Any]) -> dict[str, Any]:
    """`doc` with its times as instants: protobuf Timestamps carry no offset (K6)."""
    return {
        key: datetime.fromisoformat(value.replace("Z", "+00:00")) if key in _TIMES else value
        for key, value in doc.items()
    }


@pytest.mark.parametrize("name", KINDS)
def test_convert_to_document_json(server: Server, http: httpx.Client, name: str) -> None:
    """ConvertToDocument over JSON gives the codec's document for every kind."""
    xml = support.fixture_text(name)
    body = json.dumps({"newsml": xml}).encode()
    response = post(http, server, "ConvertToDocument", body, JSON)
    assert 200 == response.status_code
    assert {"document": document.from_newsml(xml)} == response.json()


@pytest.mark.parametrize("name", KINDS)
def test_convert_to_document_protobuf(server: Server, http: httpx.Client, name: str) -> None:
    """ConvertToDocument over protobuf gives the same document, times as the same instants."""
    xml = support.fixture_text(name)
    body = service_pb2.ConvertToDocumentReq(newsml=xml).SerializeToString()
    response = post(http, server, "ConvertToDocument", body, PROTOBUF)
    assert (200, PROTOBUF) == (response.status_code, response.headers["content-type"])
    reply = service_pb2.ConvertToDocumentRes.FromString(response.content)
    expected = document.from_newsml(xml)
    assert instants(expected) == instants(document_from_proto(reply.document))


@pytest.mark.parametrize("name", KINDS)
def test_convert_to_newsml_json_is_lossless(server: Server, http: httpx.Client, name: str) -> None:
    """ConvertToNewsml over JSON gives back the original item of every kind."""
    xml = support.fixture_text(name)
    body = json.dumps({"document": document.dump(newsml.loads(xml))}).encode()
    response = post(http, server, "ConvertToNewsml", body, JSON)
    assert 200 == response.status_code
    assert support.canonical(xml) == support.canonical(response.json()["newsml"])


@pytest.mark.parametrize("name", KINDS)
def test_convert_to_newsml_protobuf_is_lossless(
    server: Server, http: httpx.Client, name: str
) -> None:
    """ConvertToNewsml over protobuf too: the carrier restores the offsets (K6)."""
    xml = support.fixture_text(name)
    request = service_pb2.ConvertToNewsmlReq()
    document_to_proto(document.dump(newsml.loads(xml)), request.document)
    response = post(http, server, "ConvertToNewsml", request.SerializeToString(), PROTOBUF)
    assert 200 == response.status_code
    reply = service_pb2.ConvertToNewsmlRes.FromString(response.content)
    assert support.canonical(xml) == support.canonical(reply.newsml)


@pytest.mark.parametrize("name", KINDS)
def test_validate_kind_documents(server: Server, http: httpx.Client, name: str) -> None:
    """ValidateNavigaDoc accepts the document of every kind fixture."""
    doc = document.dump(newsml.loads(support.fixture_text(name)))
    response = post(http, server, "ValidateNavigaDoc", json.dumps({"document": doc}).encode(), JSON)
    assert (200, {}) == (response.status_code, response.json())
