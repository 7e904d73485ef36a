"""Every route of the Tools service in both encodings, over real HTTP on loopback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
import support
from support import service as service_support
from support.service import JSON, PROTOBUF, Server

from newsml_tools.service._proto.cca import service_pb2
from newsml_tools.service._wire import document_from_proto, document_to_proto

ARTICLE = support.fixture_text("article-full.xml")


def expected_document(xml: str | bytes) -> dict[str, Any]:
    """The document the in-process codecs make of `xml`, with the servers' seal key."""
    return service_support.CONVERTER.from_newsml(xml)


def post(
    http: httpx.Client, server: Server, method: str, body: bytes, ctype: str
) -> httpx.Response:
    """POST `body` to a Tools method with the given Content-Type."""
    return http.post(server.url(method), content=body, headers={"Content-Type": ctype})


def test_healthz_answers_200(server: Server, http: httpx.Client) -> None:
    """GET /healthz is 200 with a JSON status, for orchestration."""
    response = http.get(server.base_url + "/healthz")
    assert (200, {"status": "ok"}) == (response.status_code, response.json())


def test_healthz_head_has_no_body(server: Server, http: httpx.Client) -> None:
    """HEAD /healthz is 200 with an empty body."""
    response = http.head(server.base_url + "/healthz")
    assert (200, b"") == (response.status_code, response.content)


def test_convert_to_document_json(server: Server, http: httpx.Client) -> None:
    """ConvertToDocument over JSON returns the codec's document under `document`."""
    response = post(
        http, server, "ConvertToDocument", json.dumps({"newsml": ARTICLE}).encode(), JSON
    )
    assert 200 == response.status_code
    assert JSON == response.headers["content-type"]
    assert {"document": expected_document(ARTICLE)} == response.json()


def test_convert_to_document_protobuf(server: Server, http: httpx.Client) -> None:
    """ConvertToDocument over protobuf returns the same document as a naviga.Document."""
    body = service_pb2.ConvertToDocumentReq(newsml=ARTICLE).SerializeToString()
    response = post(http, server, "ConvertToDocument", body, PROTOBUF)
    assert (200, PROTOBUF) == (response.status_code, response.headers["content-type"])
    reply = service_pb2.ConvertToDocumentRes.FromString(response.content)
    assert expected_document(ARTICLE) == document_from_proto(reply.document)


def test_convert_to_newsml_json_round_trips(server: Server, http: httpx.Client) -> None:
    """ConvertToNewsml over JSON gives back the original article (canonical XML)."""
    body = json.dumps({"document": expected_document(ARTICLE)}).encode()
    response = post(http, server, "ConvertToNewsml", body, JSON)
    assert 200 == response.status_code
    assert ["newsml"] == list(response.json())
    assert support.canonical(ARTICLE) == support.canonical(response.json()["newsml"])


def test_convert_to_newsml_protobuf_round_trips(server: Server, http: httpx.Client) -> None:
    """ConvertToNewsml over protobuf gives back the original article too."""
    request = service_pb2.ConvertToNewsmlReq()
    document_to_proto(expected_document(ARTICLE), request.document)
    response = post(http, server, "ConvertToNewsml", request.SerializeToString(), PROTOBUF)
    assert 200 == response.status_code
    reply = service_pb2.ConvertToNewsmlRes.FromString(response.content)
    assert support.canonical(ARTICLE) == support.canonical(reply.newsml)


@pytest.mark.parametrize("method", ["ValidateNavigaDoc", "ValidatePlatformDoc"])
def test_validate_valid_document_json(server: Server, http: httpx.Client, method: str) -> None:
    """A valid document gets `{}` over JSON, under both names of the method."""
    body = json.dumps({"document": expected_document(ARTICLE)}).encode()
    response = post(http, server, method, body, JSON)
    assert (200, {}) == (response.status_code, response.json())


@pytest.mark.parametrize("method", ["ValidateNavigaDoc", "ValidatePlatformDoc"])
def test_validate_invalid_document_json(server: Server, http: httpx.Client, method: str) -> None:
    """An invalid document gets `schemaErrors`, one string per problem naming its path."""
    doc = {**expected_document(ARTICLE), "title": 5, "created": "yesterday"}
    response = post(http, server, method, json.dumps({"document": doc}).encode(), JSON)
    assert 200 == response.status_code
    problems = response.json()["schemaErrors"]
    assert 2 == len(problems)
    assert any("title" in problem for problem in problems)
    assert any("created" in problem for problem in problems)


@pytest.mark.parametrize("method", ["ValidateNavigaDoc", "ValidatePlatformDoc"])
def test_validate_protobuf(server: Server, http: httpx.Client, method: str) -> None:
    """Over protobuf a valid document gets no schemaErrors, one without type gets some."""
    valid = service_pb2.ValidateDocumentReq()
    document_to_proto(expected_document(ARTICLE), valid.document)
    response = post(http, server, method, valid.SerializeToString(), PROTOBUF)
    assert 200 == response.status_code
    assert [] == list(service_pb2.ValidateDocumentRes.FromString(response.content).schemaErrors)
    invalid = service_pb2.ValidateDocumentReq()
    invalid.document.uuid = "5c3b1f0e-8d2a-4c1b-9a7e-2f4d6b8a0c11"
    response = post(http, server, method, invalid.SerializeToString(), PROTOBUF)
    problems = list(service_pb2.ValidateDocumentRes.FromString(response.content).schemaErrors)
    assert 200 == response.status_code
    assert any("type" in problem for problem in problems)


def test_content_type_parameters_and_case_are_ignored(server: Server, http: httpx.Client) -> None:
    """`Application/JSON; charset=utf-8` selects JSON and the reply is plain `application/json`."""
    body = json.dumps({"newsml": ARTICLE}).encode()
    response = post(http, server, "ConvertToDocument", body, "Application/JSON; charset=utf-8")
    assert (200, JSON) == (response.status_code, response.headers["content-type"])
    assert {"document": expected_document(ARTICLE)} == response.json()


def test_json_unknown_fields_ignored_and_null_absent(server: Server, http: httpx.Client) -> None:
    """Unknown request fields are ignored; a null field counts as absent (decision T3)."""
    body = json.dumps({"newsml": ARTICLE, "extra": [1, 2], "document": None}).encode()
    response = post(http, server, "ConvertToDocument", body, JSON)
    assert {"document": expected_document(ARTICLE)} == response.json()


@pytest.mark.parametrize("path", support.corpus_params())
@pytest.mark.parametrize("ctype", [JSON, PROTOBUF])
def test_corpus_through_both_encodings(
    server: Server, http: httpx.Client, path: Path, ctype: str
) -> None:
    """Every corpus newsItem converts to the in-process document and back to itself."""
    xml = path.read_bytes()
    expected = expected_document(xml)
    if ctype == JSON:
        reply = post(
            http, server, "ConvertToDocument", json.dumps({"newsml": xml.decode()}).encode(), ctype
        )
        doc = reply.json()["document"]
        back = post(http, server, "ConvertToNewsml", json.dumps({"document": doc}).encode(), ctype)
        text = back.json()["newsml"]
    else:
        body = service_pb2.ConvertToDocumentReq(newsml=xml.decode()).SerializeToString()
        reply = post(http, server, "ConvertToDocument", body, ctype)
        doc = document_from_proto(
            service_pb2.ConvertToDocumentRes.FromString(reply.content).document
        )
        request = service_pb2.ConvertToNewsmlReq()
        document_to_proto(doc, request.document)
        back = post(http, server, "ConvertToNewsml", request.SerializeToString(), ctype)
        text = service_pb2.ConvertToNewsmlRes.FromString(back.content).newsml
    assert expected == doc
    assert support.canonical(xml) == support.canonical(text)
