"""The JSON-only ``ConvertToNinjs`` route of ``newsml serve``, over real HTTP on loopback."""

from __future__ import annotations

import httpx
import pytest
from support.cli import ARTICLE
from support.service import shared_server

from newsml_codecs import document, newsml, ninjs

TEXT = ARTICLE.read_text(encoding="utf-8")


def _post(body: object) -> httpx.Response:
    return httpx.post(shared_server().url("ConvertToNinjs"), json=body)


def test_newsml_and_its_document_give_the_same_ninjs() -> None:
    """NewsML or its document: 200 and ninjs.dump's object, valid against IPTC's 3.0 schema."""
    expected = ninjs.dump(newsml.loads(TEXT))
    from_newsml = _post({"item": {"newsml": TEXT}})
    from_document = _post({"item": {"document": document.dump(newsml.loads(TEXT))}})
    assert (200, 200) == (from_newsml.status_code, from_document.status_code)
    assert expected == from_newsml.json()["ninjs"]
    assert expected["headlines"] == from_document.json()["ninjs"]["headlines"]
    assert [] == ninjs.errors(from_newsml.json()["ninjs"])


def test_the_version_is_chosen() -> None:
    """version 2.2: 2.x's lower-case names."""
    reply = _post({"item": {"newsml": TEXT}, "version": "2.2"})
    assert (200, "2.2") == (reply.status_code, reply.json()["ninjs"]["standard"]["version"])
    assert "versioncreated" in reply.json()["ninjs"]


@pytest.mark.parametrize(
    ("body", "status", "code", "argument"),
    [
        ({"item": {"newsml": TEXT}, "version": "1.0"}, 400, "invalid_argument", "version"),
        ({"item": {"newsml": "<newsItem><a></newsItem>"}}, 400, "invalid_argument", "item"),
        ({}, 400, "invalid_argument", "item"),
        ({"item": {"newsml": TEXT}, "version": 3}, 400, "malformed", None),
        ([], 400, "malformed", None),
    ],
    ids=["unknown-version", "malformed-newsml", "no-item", "version-not-text", "not-an-object"],
)
def test_client_mistakes_are_twirp_errors(
    body: object, status: int, code: str, argument: str | None
) -> None:
    """Each client mistake: a 4xx Twirp error (never a 500), naming the argument where there is one."""
    reply = _post(body)
    assert (status, code) == (reply.status_code, reply.json()["code"])
    assert argument == reply.json().get("meta", {}).get("argument")


def test_a_concept_item_is_no_news_item() -> None:
    """A conceptItem: invalid_argument, ninjs holds news items."""
    concept = (ARTICLE.parent / "kind-concept-person.xml").read_text(encoding="utf-8")
    reply = _post({"item": {"newsml": concept}})
    assert (400, "invalid_argument") == (reply.status_code, reply.json()["code"])
    assert "expected a NewsItem" in reply.json()["msg"]


def test_protobuf_is_a_bad_route() -> None:
    """ConvertToNinjs has no protobuf messages: 404 bad_route."""
    reply = httpx.post(
        shared_server().url("ConvertToNinjs"),
        content=b"",
        headers={"content-type": "application/protobuf"},
    )
    assert (404, "bad_route") == (reply.status_code, reply.json()["code"])
