"""The other item kinds through the document form: round trips, carriers, schema (item-kinds K1, K5)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import CORPUS, FIXTURES, canonical

import newsml_model as nm
from newsml_codecs import document, newsml, schema

CONCEPT_CORPUS = CORPUS / "conceptitem"

# Known failures, with their reason: the Writer's event example has a
# versionCreated without offset, which the reference refuses (item-kinds §3.4)
# and M2 does not make valid.
KNOWN_FAILURES = {
    "conceptitem-event.xml": "versionCreated time '2018-03-26T07:42:59' is not RFC 3339",
}


def _sources() -> list[object]:
    corpus = sorted(CONCEPT_CORPUS.glob("*.xml")) if CONCEPT_CORPUS.is_dir() else []
    params: list[object] = [pytest.param(p, id=p.name) for p in corpus]
    if not corpus:
        params.append(pytest.param(None, marks=pytest.mark.skip(reason="corpus absent")))
    params.extend(pytest.param(p, id=p.name) for p in sorted(FIXTURES.glob("kind-*.xml")))
    return params


SOURCES = _sources()
ROOTS = {
    "conceptItem": nm.ConceptItem,
    "planningItem": nm.PlanningItem,
    "planning": nm.Planning,
    "list": nm.ItemList,
    "package": nm.Package,
}


def _load(path):
    if path.name in KNOWN_FAILURES:
        with pytest.raises(nm.DecodeError, match=KNOWN_FAILURES[path.name]):
            document.dump(newsml.loads(path.read_bytes()))
        pytest.skip(f"known failure: {KNOWN_FAILURES[path.name]}")
    return newsml.loads(path.read_bytes())


@pytest.mark.parametrize("path", SOURCES)
def test_newsml_document_newsml_is_lossless(path):
    """K5: XML -> document (JSON text) -> XML is equal as canonical XML, same record type."""
    original = _load(path)
    back = document.loads(document.dumps(original))
    assert type(original) is type(back)
    assert canonical(newsml.dumps(original)) == canonical(newsml.dumps(back))


@pytest.mark.parametrize("path", SOURCES)
def test_carrier_is_last_and_changes_no_reference_field(path):
    """K5: the carrier is the last property; without it the document is the reference's."""
    original = _load(path)
    with_carrier = document.dump(original)
    props = with_carrier.get("properties", [])
    assert props and props[-1]["name"] == document.CARRIER_PROPERTY
    assert [p["name"] for p in props].count(document.CARRIER_PROPERTY) == 1
    stripped = {**with_carrier, "properties": props[:-1]}
    if not props[:-1]:
        del stripped["properties"]
    assert document.dump(original, carriers=False) == stripped


# Known schema problems, with their reason: the documents faithfully carry
# what the items say. The Writer's examples link social profiles by
# protocol-relative URLs (no scheme, so not a 'uri'), the default example an
# avatar by a bare number, the author example has a guid that is not a UUID,
# and an undated assignment has no `created`.
_RELATIVE = "url: '//"
KNOWN_SCHEMA_PROBLEMS = {
    "conceptitem-all.xml": (_RELATIVE,),
    "conceptitem-author.xml": (_RELATIVE, "$.uuid: 'b89qebf6-9f17-11e5-8994-feff819cdc8y' does"),
    "conceptitem-person.xml": (_RELATIVE,),
    "conceptitem-default.xml": (_RELATIVE, "uri: '123456' is not a 'uri'"),
    "kind-concept-author.xml": (_RELATIVE,),
    "kind-concept-organisation.xml": (_RELATIVE,),
    "kind-assignment-undated.xml": ("$: 'created' is a required property",),
}


@pytest.mark.parametrize("path", SOURCES)
def test_every_document_is_schema_valid(path):
    """M6: documents of every kind, carrier included, validate (known input problems aside)."""
    problems = schema.errors(document.dump(_load(path)))
    known = KNOWN_SCHEMA_PROBLEMS.get(path.name, ())
    assert [] == [p for p in problems if not any(k in p for k in known)]


@pytest.mark.parametrize("path", SOURCES)
def test_json_text_survives_edits_of_unrelated_fields(path):
    """An edited title is loaded; everything the carrier holds still comes back."""
    original = _load(path)
    doc = json.loads(document.dumps(original))
    doc["title"] = "Edited title"
    back = document.load(doc)
    assert type(original) is type(back)
    assert "Edited title" in newsml.dumps(back)


@pytest.mark.parametrize(
    ("name", "root"),
    [
        ("kind-concept-person.xml", "conceptItem"),
        ("kind-planningitem.xml", "planningItem"),
        ("kind-assignment-dated.xml", "planning"),
        ("kind-list.xml", "list"),
        ("kind-package.xml", "package"),
    ],
)
def test_dump_dispatches_on_the_root(name, root):
    """K2: the record of the root decides the mapping; the carrier records the kind."""
    item = newsml.loads((FIXTURES / name).read_bytes())
    assert isinstance(item, ROOTS[root])
    doc = document.dump(item)
    assert isinstance(document.load(doc), ROOTS[root])


def test_carrier_restores_offsets_protobuf_drops():
    """K6: times given as the same instant in UTC (as protobuf gives them) come back as written."""
    original = newsml.loads((FIXTURES / "kind-concept-event.xml").read_bytes())
    doc = document.dump(original)
    assert "2024-03-01T09:30:00.25+01:00" == doc["created"]
    doc["created"] = "2024-03-01T08:30:00.250Z"
    doc["modified"] = "2024-03-05T09:15:30Z"
    assert canonical(newsml.dumps(original)) == canonical(newsml.dumps(document.load(doc)))


def test_an_edited_time_wins_over_the_carrier():
    """K6: a time whose instant changed is loaded as edited."""
    original = newsml.loads((FIXTURES / "kind-planningitem.xml").read_bytes())
    doc = document.dump(original)
    doc["modified"] = "2025-01-01T00:00:00Z"
    assert "2025-01-01T00:00:00Z" in newsml.dumps(document.load(doc))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(*(st.from_type(record) for record in ROOTS.values())))
def test_generated_items_of_every_kind_round_trip(item):
    """K5 for generated items: same record type, canonical XML equal (a typed document)."""
    try:
        doc = document.dump(item)
    except nm.DecodeError:
        return  # what the reference refuses: an assignment without itemClass, a bad time
    if not doc.get("type"):
        return  # the reference's typeless documents (below) cannot be loaded
    back = document.loads(document.dumps(item))
    assert type(item) is type(back)
    assert canonical(newsml.dumps(item)) == canonical(newsml.dumps(back))


def test_a_planning_item_without_imext_type_has_no_type():
    """§4.2 step 3: the type comes only from imext:type; K2 keeps the error for no type.

    Without its carrier the typeless document is refused as the reference
    refuses it; with the carrier, which records the kind, the item comes back.
    """
    item = newsml.loads(
        '<planningItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="p">'
        '<itemMeta><itemClass qcode="plinat:newscoverage"/></itemMeta></planningItem>'
    )
    doc = document.dump(item)
    assert "type" not in doc
    with pytest.raises(nm.InvalidDocumentError, match="unsupported type") as caught:
        document.load(document.dump(item, carriers=False))
    assert "$.type" == caught.value.path
    assert canonical(newsml.dumps(item)) == canonical(newsml.dumps(document.load(doc)))
