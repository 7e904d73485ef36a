"""JXON: the Writer's JSON shapes (spec §3, decision D21) and `newsml_codecs.jxon`."""

from __future__ import annotations

from typing import Any

import pytest
import support

import newsml_model as nm
from newsml_codecs import jxon, newsml
from newsml_model import newsitem

FULL = newsml.loads(support.fixture_text("article-full.xml"))


def element(xml: str) -> Any:
    """The first link of an itemMeta links container holding `xml`."""
    item = newsml.loads(
        '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/"><itemMeta><links xmlns="http://www.infomaker.se/newsml/1.0">'
        + xml
        + "</links></itemMeta></newsItem>"
    )
    assert item.item_meta is not None
    return item.item_meta.links[0]


@pytest.mark.parametrize(
    ("xml", "expected"),
    [
        ("<link><data/></link>", {"data": ""}),
        ("<link><data></data></link>", {"data": ""}),
        ("<link><data> hi </data></link>", {"data": "hi"}),
        ("<link><data>  </data></link>", {"data": ""}),
        ('<link a=" x "/>', {"@a": "x"}),
        ("<link><data><k>a</k></data></link>", {"data": {"k": "a"}}),
        ("<link><data><k>a</k><k>b</k><k>c</k></data></link>", {"data": {"k": ["a", "b", "c"]}}),
        ("<link><data>t1<b>x</b>t2</data></link>", {"data": {"b": "x", "keyValue": "t1t2"}}),
        (
            '<link><data><x xmlns="urn:x">y</x></data></link>',
            {"data": {"x": {"@xmlns": "urn:x", "keyValue": "y"}}},
        ),
        ("<link><data><![CDATA[ <b> ]]></data></link>", {"data": "<b>"}),
    ],
)
def test_build_rules(xml: str, expected: object) -> None:
    """The §3.1 table, with D21's amendment: an empty element is "" (never {})."""
    assert expected == jxon.dump(element(xml))


def test_dump_link_raw_and_normalized() -> None:
    """Raw JXON keeps '@'; normalize drops it at the top level only."""
    (jane,) = [a for a in newsitem.get_authors(FULL) if a.title == "Jane Doe"]
    raw = jxon.dump(jane)
    assert "x-im/author" == raw["@type"]
    assert {
        "link": {
            "@rel": "avatar",
            "@type": "x-im/image",
            "@uuid": "9c188460-c500-11e5-9912-ba0be0483c18",
            "@uri": "im://image/janedoe.jpeg",
        }
    } == raw["links"]
    normal = jxon.dump(jane, normalize=True)
    assert ("x-im/author", "@rel" in normal["links"]["link"]) == (normal["type"], True)


def test_dump_keeps_unknown_attributes() -> None:
    """Attributes outside the typed fields are dumped too."""
    (bot,) = newsitem.get_link_by_type_and_rel(FULL, "x-im/user", "creator")
    assert {
        "@rel": "creator",
        "@title": "Editor Bot",
        "@type": "x-im/user",
        "@uri": "im://user/1",
        "@role": "system",
        "@custom-attr": "kept",
    } == jxon.dump(bot)


def test_dump_mixed_content_data() -> None:
    """Mixed content reads as the Writer's JXON: children by name, texts joined in keyValue."""
    (polisen,) = newsitem.get_link_by_type(FULL, "x-im/organisation")
    assert {"description": {"em": "ordning", "keyValue": "Ansvarar föroch säkerhet."}} == jxon.dump(
        polisen.data
    )


@pytest.mark.parametrize(
    ("mapping", "expected"),
    [
        (
            {"@rel": "a", "@n": 2, "@b": True},
            nm.Link(rel="a", attributes=(("n", "2"), ("b", "true"))),
        ),
        ({"@rel": "a", "@xmlns": "urn:x", "@gone": None}, nm.Link(rel="a")),
        (
            {"data": {"x": "", "y": None, "z": 1.5, "w": 2.0}},
            nm.Link(
                children=(
                    nm.Element(
                        name="data",
                        children=(
                            nm.Element(name="x"),
                            nm.Element(name="y"),
                            nm.Element(name="z", children=("1.5",)),
                            nm.Element(name="w", children=("2",)),
                        ),
                    ),
                )
            ),
        ),
        (
            {"data": {"k": ["a", "b"]}},
            nm.Link(
                children=(
                    nm.Element(
                        name="data",
                        children=(
                            nm.Element(name="k", children=("a",)),
                            nm.Element(name="k", children=("b",)),
                        ),
                    ),
                )
            ),
        ),
        (
            {"data": {"keyValue": "t", "0": "skipped", "f": print}},
            nm.Link(children=(nm.Element(name="data", children=("t",)),)),
        ),
    ],
)
def test_load_link_rules(mapping: dict[str, Any], expected: nm.Link) -> None:
    """The §3.2 table as amended by D19/D21: strings, None absent, lists repeat, junk skipped."""
    assert expected == jxon.load(nm.Link, mapping)


def test_load_typed_children() -> None:
    """Nested links and meta objects become the records the reader would build."""
    link = jxon.load(
        nm.Link,
        {
            "@rel": "x",
            "links": {"link": [{"@uuid": "a"}, {"@uuid": "b"}]},
            "meta": {"object": {"@id": "o"}},
        },
    )
    assert (nm.Link(uuid="a"), nm.Link(uuid="b")) == link.links
    assert (nm.ContentMetaObject(id="o"),) == link.meta


@pytest.mark.parametrize(
    ("mapping", "field"),
    [
        ({"@": "x"}, "link.@"),
        ({"a b": "x"}, "link.a b"),
        ({"@rel": ["x"]}, "link.@rel"),
        ({"data": {"x": object()}}, "link.data.x"),
        ({1: "x"}, "link"),
        # A name followed by a line break is not a name ("$" would have let it through).
        ({"title\n": "x"}, "link.title\n"),
        ({"@rel\n": "x"}, "link.@rel\n"),
    ],
)
def test_load_bad_mappings_name_the_field(mapping: dict[Any, Any], field: str) -> None:
    """A mapping that cannot be XML raises InvalidArgumentError with the dotted field."""
    with pytest.raises(nm.InvalidArgumentError) as raised:
        jxon.load(nm.Link, mapping)
    assert field == raised.value.field


def test_round_trip_of_links_and_objects() -> None:
    """load(dump(x)) == x for every link and object of the fixture without blank text."""
    for link in newsitem.get_link_by_type(FULL, "x-im/image"):
        assert link == jxon.load(nm.Link, jxon.dump(link))
    for obj in newsitem.get_content_meta_objects_by_type(FULL, "x-im/teaser"):
        again = jxon.load(nm.ContentMetaObject, jxon.dump(obj))
        assert jxon.dump(obj) == jxon.dump(again)


@pytest.mark.parametrize(
    "record",
    [
        nm.Channel(qcode="imchn:a", why="imext:main"),
        nm.Section(qcode="imsection:a", name="A", pubconstraint="p"),
        nm.PubStatus(qcode="stat:usable"),
        nm.PubTime(value="2024-01-01T00:00:00Z", type="imext:pubstart"),
        nm.Location(uuid="u", title="T", position="POINT(1 2)"),
        nm.Tag(uuid="u", title="T", type="x-im/topic"),
        nm.Author(name="A", uuid="u", first_name="F", twitter_url="t"),
        nm.Story(uuid="u", title="T"),
        nm.Category(uuid="u", title="T"),
        nm.ContentProfile(uuid="u", title="T"),
        nm.LanguageParts(type="sv", subtype="SE", direction=None),
        nm.EditorConfig(language="sv_SE", locale_fallbacks=(("sv", "sv_SE"),)),
        nm.Organisation(
            organisation=nm.Link(uuid="o", type="x-im/organisation"),
            units=(nm.Link(uuid="u", type="x-im/unit"),),
        ),
    ],
)
def test_records_round_trip(record: Any) -> None:
    """Every argument/result record dumps to the Writer's shape and loads back equal."""
    assert record == jxon.load(type(record), jxon.dump(record))
    assert record == jxon.load(type(record), jxon.dump(record, normalize=True))


def test_writer_shapes_of_records() -> None:
    """channel["qcode"], author camelCase keys, location data.geometry (D10)."""
    assert {"qcode": "imchn:a", "@why": "imext:main"} == jxon.dump(
        nm.Channel(qcode="imchn:a", why="imext:main")
    )
    assert {"qcode": "imchn:a", "why": "imext:main"} == jxon.dump(
        nm.Channel(qcode="imchn:a", why="imext:main"), normalize=True
    )
    assert {"name": "A", "firstName": "F"} == jxon.dump(nm.Author(name="A", first_name="F"))
    assert {
        "uuid": "u",
        "rel": "subject",
        "type": "x-im/place",
        "data": {"geometry": "P"},
    } == jxon.dump(nm.Location(uuid="u", position="P"))


def test_dump_and_load_refuse_unknown_types() -> None:
    """Values without a JXON shape, types load does not know: InvalidArgumentError."""
    with pytest.raises(nm.InvalidArgumentError):
        jxon.dump({"a": 1})
    with pytest.raises(nm.InvalidArgumentError):
        jxon.load(dict, {})  # type: ignore[type-var]
    with pytest.raises(nm.InvalidArgumentError):
        jxon.load(nm.Element, {})


def test_dump_goes_through_xmltodict(monkeypatch: pytest.MonkeyPatch) -> None:
    """jxon.dump is the XML writer then ``xmltodict.parse`` (issue 10): the parse is called."""
    import xmltodict

    calls: list[str] = []
    original = xmltodict.parse

    def spy(text: str, **options: Any) -> Any:
        calls.append(text)
        return original(text, **options)

    monkeypatch.setattr(xmltodict, "parse", spy)
    assert {"@rel": "a"} == jxon.dump(nm.Link(rel="a"))
    assert ['<link rel="a"/>'] == calls


def test_load_goes_through_xmltodict(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mappings are structured through ``xmltodict.unparse`` (issue 10)."""
    import xmltodict

    calls: list[Any] = []
    original = xmltodict.unparse

    def spy(tree: Any, **options: Any) -> Any:
        calls.append(tree)
        return original(tree, **options)

    monkeypatch.setattr(xmltodict, "unparse", spy)
    assert nm.Link(rel="a") == jxon.load(nm.Link, {"@rel": "a"})
    assert [{"link": {"@rel": "a"}}] == calls


def test_links_keep_their_namespace_in_both_views() -> None:
    """A nested links container in the Infomaker namespace shows no @xmlns; another one does."""
    same = nm.Link(rel="a", children=(nm.Links(children=(nm.Link(uuid="b"),)),))
    assert {"@rel": "a", "links": {"link": {"@uuid": "b"}}} == jxon.dump(same)
    other = nm.Link(children=(nm.Links(namespace="urn:x", children=(nm.Link(uuid="b"),)),))
    assert {"links": {"@xmlns": "urn:x", "link": {"@uuid": "b"}}} == jxon.dump(other)


def test_load_refuses_characters_xml_cannot_carry() -> None:
    """A control character in a value is an InvalidArgumentError naming its key."""
    with pytest.raises(nm.InvalidArgumentError) as raised:
        jxon.load(nm.Link, {"data": {"text": "a\x01b"}})
    assert "link.data.text" == raised.value.field


def test_load_text_beside_children() -> None:
    """keyValue is the text beside child elements; it reads back the same way."""
    link = jxon.load(nm.Link, {"data": {"b": "x", "keyValue": "t"}})
    assert {"data": {"b": "x", "keyValue": "t"}} == jxon.dump(link)


def test_load_keeps_a_childs_namespace_and_reads_dumped_strings() -> None:
    """A child's @xmlns puts it in that namespace (§3.2); "" and text load as dump gives them."""
    link = jxon.load(nm.Link, {"@xmlns": "urn:ignored", "x": {"@xmlns": "urn:x", "y": "z"}})
    assert (
        nm.Link(
            children=(
                nm.Element(
                    name="x", namespace="urn:x", children=(nm.Element(name="y", children=("z",)),)
                ),
            )
        )
        == link
    )
    assert (nm.Link(), nm.Link(children=("t",))) == (
        jxon.load(nm.Link, ""),
        jxon.load(nm.Link, "t"),
    )


def test_load_keeps_carriage_returns_in_text() -> None:
    """A carriage return in text survives xmltodict (a parser would make it a newline)."""
    link = jxon.load(nm.Link, {"data": {"text": "a\r\nb"}})
    assert {"data": {"text": "a\r\nb"}} == jxon.dump(link)
