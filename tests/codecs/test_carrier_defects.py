"""Defects of the ``x-newsml/patch`` carrier found by hostile and random testing (issue 20).

Each test names its defect: D1 resurrection and doubling, D2 a change landing
on another block, D3 added data lost, D4 a corrupted carrier, D6 times over
protobuf, D10 a foreign carrier, and typeless items that did not come back.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import httpx
import pytest
from support import CORPUS_CONCEPTITEMS, FIXTURES, canonical
from support.document import HEAD
from support.service import JSON, shared_server

from newsml_codecs import document, newsml
from newsml_model import InvalidDocumentError
from newsml_tools.service._proto.cca import service_pb2
from newsml_tools.service._wire import document_from_proto, document_to_proto

ARTICLE = FIXTURES / "document-article.xml"
CONCEPT_ALL = CORPUS_CONCEPTITEMS / "conceptitem-all.xml"


def dumped(path: Any) -> dict[str, Any]:
    """The document of a NewsML file, with its carrier."""
    return document.dump(newsml.loads(path.read_bytes()))


def carrier(doc: dict[str, Any]) -> dict[str, Any]:
    """The carrier property of `doc`."""
    return next(p for p in doc["properties"] if p["name"] == document.CARRIER_PROPERTY)


def shown(doc: dict[str, Any]) -> dict[str, Any]:
    """What a reader sees of the item `doc` loads to: its reference document."""
    return document.dump(document.load(doc), carriers=False)


def with_patch(doc: dict[str, Any], patch: str) -> dict[str, Any]:
    """`doc` whose carrier holds `patch`, tied to `doc` (``u`` set to its uuid)."""
    out = copy.deepcopy(doc)
    value = json.loads(patch)
    if isinstance(value, dict):
        value = {"u": doc["uuid"], **value}
    carrier(out)["value"] = json.dumps(value)
    return out


# D4: a corrupted carrier is an InvalidDocumentError at $.properties, never a crash
# or malformed NewsML.
CORRUPTED = [
    '{"a": [["id", null, 5]]}',  # a non-string value
    '{"a": [[1, 2, 3]]}',
    '{"a": [["x y", null, "v"]]}',  # names that would need escaping
    '{"a": [["x\\"y", null, "v"]]}',
    '{"a": [["a<b", null, "v"]]}',
    '{"a": [["xmlns", null, "urn:x"]]}',
    '{"a": [["foo:bar", null, "v"]]}',  # an unbound prefix
    '{"a": [["id", null, "\\u0001"]]}',  # a character XML cannot carry
    '{"a": 5}',
    '{"c": 5}',
    '{"c": [5]}',
    '{"c": [["s", 1, 2, 3]]}',
    '{"c": [["zz"]]}',
    '{"c": [["v", 5]]}',
    '{"c": [["v", "<a>"]]}',
    '{"r": 5}',
    '{"r": [1, 2]}',
    '{"g": [[["a", 1]]]}',
    '{"g": [[["a b", "1"]]]}',
    "[1]",
    '"text"',
    "not json",
    '{"o": 5}',  # the carried original: not base64 of zlib data of NewsML
    '{"o": "%%"}',
    '{"o": "eJwLSSwBAAM0ATc="}',
]


@pytest.mark.parametrize("patch", CORRUPTED)
def test_d4_a_corrupted_carrier_is_an_invalid_document(patch: str) -> None:
    """D4: every malformed carrier is refused at ``$.properties``; none writes bad NewsML."""
    doc = dumped(ARTICLE)
    bad = with_patch(doc, patch) if patch != "not json" else copy.deepcopy(doc)
    if patch == "not json":
        carrier(bad)["value"] = "{not json"
    with pytest.raises(InvalidDocumentError) as caught:
        document.load(bad)
    assert "$.properties" == caught.value.path


def test_d4_a_corrupted_carrier_is_http_400_through_the_service() -> None:
    """D4: the service answers 400 (not 500, not 200 with NewsML that does not parse)."""
    doc = dumped(ARTICLE)
    server = shared_server()
    with httpx.Client(timeout=60) as http:
        for patch in ('{"a": [["id", null, 5]]}', '{"a": [["x y", null, "v"]]}', '{"o": "%%"}'):
            body = json.dumps({"document": with_patch(doc, patch)}).encode()
            response = http.post(
                server.url("ConvertToNewsml"), content=body, headers={"Content-Type": JSON}
            )
            assert 400 == response.status_code, response.text


def test_d10_a_carrier_copied_from_another_document_is_ignored() -> None:
    """D10: another item's generator, version, language and notes do not leak in."""
    mine = newsml.loads(ARTICLE.read_bytes())
    other_xml = (
        ARTICLE.read_text()
        .replace('version="3"', 'version="9"')
        .replace("Writer</generator>", "Other tool</generator>")
        .replace('xml:lang="sv"', 'xml:lang="fi"')
    )
    other_xml = other_xml.replace(mine.guid, "b0000000-0000-4000-8000-00000000000b")
    other = newsml.loads(other_xml)
    doc = document.dump(mine)
    foreign = copy.deepcopy(doc)
    carrier(foreign)["value"] = carrier(document.dump(other))["value"]
    bare = document.dump(mine, carriers=False)
    back = newsml.dumps(document.load(foreign))
    assert canonical(newsml.dumps(document.load(bare))) == canonical(back)
    assert "Other tool" not in back
    assert 'version="9"' not in back


def test_a_carrier_written_before_the_tie_still_applies() -> None:
    """A carrier with no ``u`` (written by an earlier release) restores the item as it did."""
    original = newsml.loads(ARTICLE.read_bytes())
    doc = document.dump(original)
    value = carrier(doc)["value"]
    header = "" if value.startswith("{") else "|".join(value.split("|", 2)[:2]) + "|"
    legacy = json.loads(value[len(header) :])
    assert legacy.pop("u") == doc["uuid"]
    carrier(doc)["value"] = header + json.dumps(legacy)
    assert newsml.equivalent(original, document.load(doc))


def test_d3_data_added_to_a_block_whose_original_data_was_empty_is_kept() -> None:
    """D3: data added where the original had an empty ``<data/>`` is written into that one."""
    original = newsml.loads(
        HEAD + '<itemMeta><itemClass qcode="ninat:text"/><links xmlns="http://www.infomaker.se/'
        'newsml/1.0"><link rel="author" type="x-im/author" title="A" uuid="u1"><data/></link>'
        "</links></itemMeta></newsItem>"
    )
    doc = document.dump(original)
    author = next(link for link in doc["links"] if link.get("rel") == "author")
    author["data"] = {"email": "a@example.org"}
    back = document.load(doc)
    assert 1 == newsml.dumps(back).count("<data")
    loaded = next(link for link in shown(doc)["links"] if link.get("rel") == "author")
    assert {"email": "a@example.org"} == loaded["data"]


def links_of(doc: dict[str, Any]) -> list[tuple[Any, ...]]:
    """(rel, title, data) of each top-level link."""
    return [(link.get("rel"), link.get("title"), link.get("data")) for link in doc["links"]]


def test_d2_deleting_a_related_geo_link_leaves_the_author_link() -> None:
    """D2: unlike siblings never pair by name: the deleted link is the one that goes."""
    doc = dumped(ARTICLE)
    expected = [link for link in links_of(doc) if link[0] != "related-geo"]
    doc["links"] = [link for link in doc["links"] if link.get("rel") != "related-geo"]
    assert expected == links_of(shown(doc))


def test_d2_a_duplicated_author_merges_no_other_links_data() -> None:
    """D2: a duplicated author is written twice, each with its own data, and nothing else changes.

    Compared in any order: the reference writes an item's links grouped by
    its own rules, so the order is the one the converter makes.
    """
    doc = dumped(ARTICLE)
    index = next(i for i, link in enumerate(doc["links"]) if link.get("rel") == "author")
    doc["links"].insert(index, copy.deepcopy(doc["links"][index]))
    assert sorted(map(repr, links_of(doc))) == sorted(map(repr, links_of(shown(doc))))


def meta_types(doc: dict[str, Any]) -> list[tuple[str, Any]]:
    """(type, data text) of each meta block, in any order."""
    return sorted((m["type"], (m.get("data") or {}).get("text")) for m in doc.get("meta", ()))


@pytest.mark.skipif(not CONCEPT_ALL.exists(), reason="../shared/corpus is absent")
def test_d1_a_deleted_meta_block_of_a_concept_stays_deleted() -> None:
    """D1: the Writer's conceptitem-all: no proposal back, no second image."""
    doc = dumped(CONCEPT_ALL)
    doc["meta"] = [m for m in doc["meta"] if m["type"] != "x-im/proposal"]
    assert meta_types(doc) == meta_types(shown(doc))


@pytest.mark.skipif(not CONCEPT_ALL.exists(), reason="../shared/corpus is absent")
def test_d1_an_edited_meta_block_of_a_concept_comes_out_once_as_edited() -> None:
    """D1: the edit comes out, and not the original beside it."""
    doc = dumped(CONCEPT_ALL)
    next(m for m in doc["meta"] if m["type"] == "x-im/proposal")["data"]["text"] = "Edited"
    assert meta_types(doc) == meta_types(shown(doc))


def test_d1_a_deleted_channel_sub_link_of_a_coverage_stays_deleted() -> None:
    """D1: the reference shows a coverage's x-im/imchn link but does not write it back."""
    doc = dumped(FIXTURES / "kind-planningitem.xml")
    for block in doc["links"]:
        if block.get("links"):
            block["links"] = [link for link in block["links"] if link["type"] != "x-im/imchn"]
    types = [link["type"] for block in shown(doc)["links"] for link in block.get("links", ())]
    assert "x-im/imchn" not in types


def test_d1_a_deleted_ext_property_of_an_unlisted_type_stays_deleted() -> None:
    """D1: deleted, it stays deleted, as the export (which drops it) makes it."""
    doc = dumped(FIXTURES / "kind-concept-event.xml")
    doc["properties"] = [p for p in doc["properties"] if p["name"] != "nrptype:evtyp"]
    bare = {
        **doc,
        "properties": [p for p in doc["properties"] if p["name"] != document.CARRIER_PROPERTY],
    }
    assert [] == evtyp(shown(bare))
    assert [] == evtyp(shown(doc))


def test_d1_an_edited_ext_property_of_an_unlisted_type_shows_the_edit() -> None:
    """D1: edited, the concept's contentMetaExtProperty says the new value (the export,
    which drops the property, would lose it), and not the old one."""
    doc = dumped(FIXTURES / "kind-concept-event.xml")
    next(p for p in doc["properties"] if p["name"] == "nrptype:evtyp")["value"] = "Culture"
    assert [{"name": "nrptype:evtyp", "value": "Culture"}] == evtyp(shown(doc))


def evtyp(doc: dict[str, Any]) -> list[Any]:
    """The ``nrptype:evtyp`` properties of `doc`."""
    return [p for p in doc["properties"] if p["name"] == "nrptype:evtyp"]


@pytest.mark.parametrize(
    "spelling",
    ["2020-01-01T10:00:00.5+01:00", "2020-01-01T10:00:00.25Z", "2020-01-01T10:00:00.1234+02:00"],
)
def test_d6_a_news_item_time_keeps_its_spelling_over_protobuf(spelling: str) -> None:
    """D6: protobuf writes 0, 3, 6 or 9 fraction digits; the carrier keeps the original."""
    original = newsml.loads(
        HEAD
        + '<itemMeta><itemClass qcode="ninat:text"/><versionCreated>'
        + spelling
        + "</versionCreated><firstCreated>"
        + spelling
        + "</firstCreated></itemMeta></newsItem>"
    )
    message = service_pb2.ConvertToNewsmlReq()
    document_to_proto(document.dump(original), message.document)
    back = document.load(document_from_proto(message.document))
    assert canonical(newsml.dumps(original)) == canonical(newsml.dumps(back))


def test_a_typeless_news_item_comes_back_from_its_own_document() -> None:
    """An item with no item class and no imext:type loads from its document (carrier tied)."""
    original = newsml.loads(HEAD + "<itemMeta><generator>g</generator></itemMeta></newsItem>")
    doc = document.dump(original)
    assert "type" not in doc
    assert canonical(newsml.dumps(original)) == canonical(newsml.dumps(document.load(doc)))
    bare = document.dump(original, carriers=False)
    with pytest.raises(InvalidDocumentError, match="unsupported type"):
        document.load(bare)
