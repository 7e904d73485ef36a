"""Converter options (``document.dump/load(..., options=)``): merge, checks, and what they change.

The options merge into the reference's defaults as the reference merges
them (arrays appended, ``text-options`` replaced per type, exceptions merged
by type, ``itemmeta-*`` sections overriding); docs/mapping.md "Options".
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import canonical

from newsml_codecs import document, newsml
from newsml_model import ConceptItem, InvalidArgumentError, NewsItem, PlanningItem, examples
from newsml_model.strategies import news_items

NAR = "{http://iptc.org/std/nar/2006-10-01/}"
IDF = "{http://www.infomaker.se/idf/1.0}"
IMNS = "{http://www.infomaker.se/newsml/1.0}"
HEAD = '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="n1">'


def _xml(doc: dict[str, Any], options: Any = None) -> ET.Element:
    return ET.fromstring(newsml.dumps(document.load(doc, options=options)).encode("utf-8"))


def _article(body: str) -> NewsItem:
    return newsml.loads(
        HEAD + '<itemMeta><itemClass qcode="ninat:text"/></itemMeta><contentSet><inlineXML>'
        '<idf xmlns="http://www.infomaker.se/idf/1.0"><group type="body">'
        + body
        + "</group></idf></inlineXML></contentSet></newsItem>"
    )


# --- the record: defaults, cache, merge -------------------------------------------


def test_no_options_and_empty_options_are_the_defaults():
    """None and {} give the reference's default tables, one record."""
    assert document.make_options(None) is document.make_options({})
    assert "x-im/paragraph" in document.make_options(None).element_types


def test_the_record_is_built_once_per_distinct_options():
    """Equal options (whatever their key order) share one record; others do not."""
    one = document.make_options({"element-types": ["a"], "status": []})
    assert one is document.make_options({"status": [], "element-types": ["a"]})
    assert one is not document.make_options({"element-types": ["b"]})


def test_arrays_are_appended_and_first_match_wins():
    """A pair for a new key is added; one for a key the defaults map does not override it."""
    record = document.make_options(
        {
            "element-types": ["x-im/custom-text"],
            "status": [
                {"qcode": "imext:draft", "status": "other"},
                {"qcode": "imext:review", "status": "review"},
            ],
        }
    )
    assert {"x-im/custom-text", "x-im/paragraph"} <= record.element_types
    assert ("draft", "review") == (record.status["imext:draft"], record.status["imext:review"])


def test_text_options_are_replaced_per_type():
    """A ``text-options`` entry replaces its type's entry whole (flags included)."""
    record = document.make_options(
        {
            "text-options": [
                {"type": "x-im/teaser", "data": {"subject": "xml"}},
                {"type": "x-im/factbox", "data": {"body": "xml"}, "flags": True},
            ]
        }
    )
    assert {"subject": "xml"} == dict(record.text_options["x-im/teaser"])
    assert {"body": "xml"} == dict(record.text_options["x-im/factbox"])
    assert "x-im/teaser" not in record.flag_types
    assert {"x-im/image", "x-im/factbox"} == set(record.flag_types)
    assert {"thead": "xml", "tbody": "xml", "tfoot": "xml"} == dict(
        record.text_options["x-im/table"]
    )


def test_exceptions_merge_by_type():
    """Same type: rel replaced, sections added, an itemmeta-* section drops the one it overrides."""
    record = document.make_options(
        {
            "link-exceptions": [{"type": "x-im/category", "rel": "main"}],
            "object-exceptions": [{"type": "x-im/contact-info", "sections": ["itemmeta-concept"]}],
            "property-exceptions": [
                {"type": "slugline", "sections": ["itemmeta-planning"]},
                {"type": "x-im/new", "sections": ["contentmeta"]},
            ],
        }
    )
    assert "main" == record.contentmeta_link_rels["x-im/category"]
    assert "x-im/contact-info" not in record.concept_object_types
    assert {"itemmeta-concept"} == record.object_first_sections["x-im/contact-info"]
    assert {"contentmeta", "itemmeta-planning"} == record.property_first_sections["slugline"]
    assert "x-im/new" in record.contentmeta_ext_properties


# --- checks -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "field", "words"),
    [
        ({"element-typez": []}, "element-typez", "unknown key"),
        ({"text-options": [{"type": "t", "tag": {}}]}, "text-options[0].tag", "unknown key"),
        (
            {"text-options": [{"type": "t", "data": {"a": "html"}}]},
            "text-options[0].data.a",
            "unknown value handling 'html' configured for 't'",
        ),
        ({"status": [{"qcode": "q"}]}, "status[0].status", "missing"),
        ({"status": {"qcode": "q"}}, "status", "must be a list"),
        ({"element-types": [3]}, "element-types[0]", "must be a string"),
        (
            {"object-exceptions": [{"type": "t", "sections": ["itemmeta"]}]},
            "object-exceptions[0].sections[0]",
            "unknown section",
        ),
        ({"text-options": [{"type": "t", "flags": "yes"}]}, "text-options[0].flags", "true or"),
        ({"data-conversions": []}, "data-conversions", "not supported"),
        (["element-types"], "$", "must be an object"),
    ],
)
def test_bad_options_name_the_key_path(options, field, words):
    """InvalidArgumentError with the key path in ``field`` and in the message."""
    with pytest.raises(InvalidArgumentError) as caught:
        document.make_options(options)
    assert field == caught.value.field
    assert f"options {field}: " in str(caught.value)
    assert words in str(caught.value)


def test_options_that_are_not_json_are_refused():
    """A set (not a JSON value) is an InvalidArgumentError, not a TypeError."""
    with pytest.raises(InvalidArgumentError):
        document.dump(_article(""), options={"element-types": {"a"}})


def test_bad_options_are_refused_by_load_too():
    """load checks options the same way."""
    with pytest.raises(InvalidArgumentError, match="unknown key"):
        document.load({"uuid": "u", "type": "x-im/article"}, options={"nope": []})


# --- what options change --------------------------------------------------------------

CUSTOM_TEXT = {
    "element-types": ["x-im/custom-text", "subheadline6"],
    "element-type": [{"element": "sub6", "type": "subheadline6"}],
}


def test_a_custom_text_type_is_an_element_both_ways():
    """A custom text type loads as an IDF element (an object without options) and back."""
    doc = {
        "uuid": "u",
        "type": "x-im/article",
        "content": [
            {"id": "c", "type": "x-im/custom-text", "data": {"text": "a <strong>b</strong>"}},
            {"id": "s", "type": "subheadline6", "data": {"text": "S"}},
        ],
    }
    plain = _xml(doc)
    assert ["object", "object"] == [
        c.tag.rpartition("}")[2] for c in next(plain.iter(IDF + "group"))
    ]
    custom = _xml(doc, CUSTOM_TEXT)
    group = next(custom.iter(IDF + "group"))
    assert [("element", "x-im/custom-text"), ("element", "sub6")] == [
        (c.tag.rpartition("}")[2], c.get("type")) for c in group
    ]
    assert "a " == group[0].text
    back = document.dump(newsml.loads(ET.tostring(custom)), carriers=False, options=CUSTOM_TEXT)
    assert [
        {"id": "c", "type": "x-im/custom-text", "data": {"text": "a <strong>b</strong>"}},
        {"id": "s", "type": "subheadline6", "data": {"text": "S"}},
    ] == [{**b, "data": {"text": b["data"]["text"]}} for b in back["content"]]


def test_an_element_rename_applies_on_dump():
    """``element-type`` renames the IDF type to the block type going to a document."""
    item = _article('<element id="s" type="sub6">S</element>')
    assert "sub6" == document.dump(item, carriers=False)["content"][0]["type"]
    assert (
        "subheadline6"
        == (document.dump(item, carriers=False, options=CUSTOM_TEXT)["content"][0]["type"])
    )


def test_a_custom_text_option_changes_data_handling_both_ways():
    """A custom block type's markup-valued data key keeps its inline markup."""
    options = {"text-options": [{"type": "x-im/factbox", "data": {"body": "xml"}}]}
    item = _article(
        '<object id="f" type="x-im/factbox"><data><body>a <strong>b</strong></body></data></object>'
    )
    assert "a " == document.dump(item, carriers=False)["content"][0]["data"]["body"]
    doc = document.dump(item, carriers=False, options=options)
    assert "a <strong>b</strong>" == doc["content"][0]["data"]["body"]
    body = _xml(doc, options).find(f".//{IDF}object/{IDF}data/{IDF}body")
    assert ["strong"] == [c.tag.rpartition("}")[2] for c in body]


def test_a_custom_item_class_maps_both_ways():
    """``qcode-type``: a new item class gets its type on dump and back on load."""
    options = {"qcode-type": [{"qcode": "ninat:audio", "type": "x-im/audio"}]}
    item = newsml.loads(HEAD + '<itemMeta><itemClass qcode="ninat:audio"/></itemMeta></newsItem>')
    assert "type" not in document.dump(item, carriers=False)
    doc = document.dump(item, carriers=False, options=options)
    assert "x-im/audio" == doc["type"]
    assert "ninat:audio" == _xml(doc, options).find(f"{NAR}itemMeta/{NAR}itemClass").get("qcode")
    assert "imext:newsitem" == _xml(doc).find(f"{NAR}itemMeta/{NAR}itemClass").get("qcode")


def test_a_custom_concept_type_loads_as_a_concept():
    """``concept-qcode-type``: a new concept type goes to a conceptItem with its qcode."""
    options = {"concept-qcode-type": [{"type": "x-im/brand", "qcode": "cpnat:object"}]}
    doc = {"uuid": "b", "type": "x-im/brand", "title": "Brand"}
    assert isinstance(document.load(doc), NewsItem)
    item = document.load(doc, options=options)
    assert isinstance(item, ConceptItem)
    assert "cpnat:object" == item.concept.type_qcode


CONCEPT = {
    "uuid": "c1",
    "type": "x-im/person",
    "title": "Jane",
    "properties": [{"name": "imext:headline", "value": "H"}],
    "meta": [{"id": "m1", "type": "x-im/contact-info", "data": {"email": "j@x.org"}}],
}


def test_concept_overrides_move_objects_and_properties_to_item_meta():
    """``itemmeta-concept``: the contact object and the property go to itemMeta (spec §7.1)."""
    plain = _xml(CONCEPT)
    assert ["x-im/contact-info"] == [
        o.get("type") for o in plain.find(f"{NAR}concept/{IMNS}metadata")
    ]
    assert plain.find(f"{NAR}itemMeta/{IMNS}metadata") is None
    assert [] == [
        e for e in plain.iter(NAR + "itemMetaExtProperty") if e.get("type") == "imext:headline"
    ]
    options = {
        "object-exceptions": [{"type": "x-im/contact-info", "sections": ["itemmeta-concept"]}],
        "property-exceptions": [{"type": "imext:headline", "sections": ["itemmeta-concept"]}],
    }
    custom = _xml(CONCEPT, options)
    metadata = custom.find(f"{NAR}itemMeta/{IMNS}metadata")
    assert ["x-im/contact-info"] == [o.get("type") for o in metadata]
    assert custom.find(f"{NAR}concept/{IMNS}metadata") is None
    assert [("imext:headline", "H")] == [
        (e.get("type"), e.get("value"))
        for e in custom.iter(NAR + "itemMetaExtProperty")
        if e.get("type") == "imext:headline"
    ]


PLANNING = {
    "uuid": "p1",
    "type": "x-im/newscoverage",
    "properties": [{"name": "slugline", "value": "S"}],
    "meta": [
        {"type": "x-im/newscoverage", "data": {"priority": "3", "slug": ""}},
        {"id": "o", "type": "x-im/custom-meta", "data": {"k": "v"}},
    ],
}


def test_planning_overrides_move_objects_and_properties_to_item_meta():
    """``itemmeta-planning``: the property becomes an ext property, the object an itemMeta object."""
    plain = _xml(PLANNING)
    assert isinstance(document.load(PLANNING), PlanningItem)
    assert plain.find(f"{NAR}itemMeta/{IMNS}metadata") is None
    assert [] == [e for e in plain.iter(NAR + "itemMetaExtProperty") if e.get("type") == "slugline"]
    options = {
        "object-exceptions": [{"type": "x-im/custom-meta", "sections": ["itemmeta-planning"]}],
        "property-exceptions": [{"type": "slugline", "sections": ["itemmeta-planning"]}],
    }
    custom = _xml(PLANNING, options)
    assert ["x-im/custom-meta"] == [
        o.get("type") for o in custom.find(f"{NAR}itemMeta/{IMNS}metadata")
    ]
    assert [("slugline", "S")] == [
        (e.get("type"), e.get("value"))
        for e in custom.iter(NAR + "itemMetaExtProperty")
        if e.get("type") == "slugline"
    ]


def test_a_news_item_object_override_goes_to_item_meta():
    """``itemmeta-newsitem``: a meta object leaves contentMeta for itemMeta."""
    doc = {"uuid": "u", "type": "x-im/article", "meta": [{"id": "o", "type": "x-im/flag-x"}]}
    assert _xml(doc).find(f"{NAR}contentMeta/{IMNS}metadata") is not None
    options = {"object-exceptions": [{"type": "x-im/flag-x", "sections": ["itemmeta-newsitem"]}]}
    custom = _xml(doc, options)
    assert custom.find(f"{NAR}contentMeta") is None
    assert ["x-im/flag-x"] == [o.get("type") for o in custom.find(f"{NAR}itemMeta/{IMNS}metadata")]


@pytest.mark.parametrize("options", [CUSTOM_TEXT, {"element-types": []}])
def test_dump_and_load_with_the_same_options_are_lossless(options):
    """The carrier keeps what the reference drops under custom options too."""
    item = _article(
        '<element id="c" type="x-im/custom-text" variation="v">a</element>'
        '<element id="s" type="sub6">S</element><object id="o" type="x-im/x" rel="r"/>'
    )
    assert item == document.load(document.dump(item, options=options), options=options)
    text = document.dumps(item, options=document.make_options(options))
    assert item == document.loads(text, options=options)


# --- lossless under custom options, and per conversion ------------------------------

WIDE = {
    "element-types": ["x-im/image", "x-im/youtube", "x-im/custom-text"],
    "element-type": [{"element": "sub6", "type": "subheadline6"}],
    "text-options": [{"type": "x-im/image", "data": {"text": "cdata"}, "flags": True}],
    "link-exceptions": [{"type": "x-im/author", "sections": ["contentmeta"]}],
    "object-exceptions": [{"type": "x-im/image", "sections": ["itemmeta-newsitem"]}],
    "property-exceptions": [{"type": "headline", "sections": ["itemmeta-newsitem"]}],
}
ITEMS = news_items(
    item_classes=st.sampled_from(["ninat:text", "ninat:picture", "ninat:graphic", "ninat:video"])
).filter(lambda item: item.item_class is not None)


@settings(
    max_examples=25, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(ITEMS)
def test_round_trip_under_custom_options_is_lossless(item):
    """dump then load with the same custom options writes the same NewsML."""
    back = document.load(document.dump(item, options=WIDE), options=WIDE)
    assert canonical(newsml.dumps(item)) == canonical(newsml.dumps(back))


def test_options_apply_to_one_conversion_only():
    """Threads converting with and without options at once each get their own tables."""
    doc = {
        "uuid": "u",
        "type": "x-im/article",
        "content": [{"id": "c", "type": "x-im/custom-text", "data": {"text": "hi"}}],
    }

    def kind(custom: bool) -> str:
        root = _xml(doc, CUSTOM_TEXT if custom else None)
        return next(root.iter(IDF + "group"))[0].tag.rpartition("}")[2]

    with ThreadPoolExecutor(4) as pool:
        kinds = list(pool.map(kind, [i % 2 == 0 for i in range(40)]))
    assert ["element", "object"] * 20 == kinds
    assert "object" == kind(False)


# --- bounded options ---------------------------------------------------------------------


def _deep_list(levels: int) -> Any:
    value: Any = "x"
    for _ in range(levels):
        value = [value]
    return value


def test_options_nested_100000_levels_deep_are_refused_by_name() -> None:
    """A table nested 100,000 levels deep is an InvalidArgumentError naming where, not a crash."""
    with pytest.raises(InvalidArgumentError) as caught:
        document.make_options({"element-types": _deep_list(100_000)})
    assert "element-types[0][0][0][0][0]" == caught.value.field
    assert "nested too deeply" in str(caught.value)


def test_a_deep_mapping_of_options_is_refused_by_name() -> None:
    """Objects nested 100,000 deep are refused the same way, by every function taking options."""
    value: dict[str, Any] = {}
    top = value
    for _ in range(100_000):
        value["a"] = {}
        value = value["a"]
    with pytest.raises(InvalidArgumentError) as caught:
        document.dumps(newsml.loads(examples.article()), options={"text-options": [top]})
    assert "text-options[0].a.a.a.a" == caught.value.field


def test_too_many_option_values_are_refused_by_name() -> None:
    """More values than the bound are refused before anything copies them."""
    with pytest.raises(InvalidArgumentError) as caught:
        document.make_options({"element-types": ["x"] * 200_000})
    assert "element-types" == caught.value.field
    assert "too large" in str(caught.value)


def test_options_at_the_bounds_are_taken() -> None:
    """The deepest table the options have and a few thousand entries are within the bounds."""
    options = {
        "text-options": [{"type": "x-im/factbox", "data": {"body": "xml"}}],
        "element-types": [f"x-im/t{i}" for i in range(5000)],
    }
    assert "x-im/t4999" in document.make_options(options).element_types
