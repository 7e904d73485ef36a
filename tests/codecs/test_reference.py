"""Every pair of the reference converter's golden corpus (``../shared/reference``).

Forward: `document.dump` of the NewsML input equals the reference's document
(as JSON values; our own carrier property left out, the reference never
writes it). Reverse: `newsml.dumps(document.load(doc))` equals the NewsML the
reference writes, compared canonically as the corpus README says. Refused: an
input the reference rejects or crashes on is converted or refused with a
library error, never a crash. The departures (docs/mapping.md) are forgiven by
the comparison itself (`support.reference`) and pinned in
``test_reference_departures.py``.
``scripts/reference_score.py`` prints the identical counts per kind.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import canonical, reference
from support.document import item
from support.document import reference as reference_doc

from newsml_codecs import document, newsml
from newsml_model import NewsItemError


def _params(direction: str) -> list[Any]:
    found = reference.pairs(direction)
    if not found:
        return [
            pytest.param(None, None, marks=pytest.mark.skip(reason="../shared/reference is absent"))
        ]
    return [pytest.param(kind, name, id=f"{kind}/{name}") for kind, name in found]


@pytest.mark.parametrize(("kind", "name"), _params("forward"))
def test_forward(kind: str, name: str) -> None:
    """document.dump of the NewsML input equals the reference's document."""
    expected, actual = reference.forward(kind, name)
    assert expected == actual


@pytest.mark.parametrize(("kind", "name"), _params("reverse"))
def test_reverse(kind: str, name: str) -> None:
    """The NewsML of the reference's document equals the reference's NewsML, canonically."""
    expected, actual = reference.reverse(kind, name)
    assert expected == actual


def _refused() -> list[Any]:
    rows = reference.refused()
    if not rows:
        return [
            pytest.param(None, None, marks=pytest.mark.skip(reason="../shared/reference is absent"))
        ]
    return [pytest.param(name, direction, id=f"{direction}:{name}") for name, direction, _ in rows]


@pytest.mark.parametrize(("name", "direction"), _refused())
def test_refused(name: str, direction: str) -> None:
    """An input the reference refuses is converted, or refused with a library error."""
    try:
        reference.convert_refused(name, direction)
    except NewsItemError as error:
        assert str(error)


# --- the output rules, without the corpus ---------------------------------------


def test_rule_empty_fields_are_omitted_but_data_values_stay() -> None:
    """Empty fields of document, blocks and properties are left out; data values stay."""
    doc = reference_doc(
        item(
            '<itemClass qcode="ninat:text"/><title></title>'
            '<itemMetaExtProperty type="" value="v"/><itemMetaExtProperty type="imext:x" value=""/>'
            '<service qcode="imchn:a" why=""/>'
            '<links xmlns="http://www.infomaker.se/newsml/1.0">'
            '<link rel="" type="x-im/author" title="A"><data><end/></data></link></links>'
        )
    )
    expected = {
        "uuid": "a0000000-0000-4000-8000-000000000001",
        "type": "x-im/article",
        "links": [
            {"type": "x-im/author", "title": "A", "data": {"end": ""}},
            {"type": "x-im/service", "value": "imchn:a", "data": {"why": ""}},
        ],
        "properties": [{"value": "v"}, {"name": "imext:x"}],  # "" sorts first
    }
    assert expected == doc


def test_rule_content_created_keeps_its_offset_in_go_form() -> None:
    """The contentCreated fallback is written as Go writes a time: Z for zero, no trailing zeros."""
    cases = {
        "2020-01-02T03:04:05.100000+00:00": "2020-01-02T03:04:05.1Z",
        "2020-01-02T03:04:05.000-00:00": "2020-01-02T03:04:05Z",
        "2020-01-02T03:04:05.120+05:30": "2020-01-02T03:04:05.12+05:30",
        "2020-01-02T03:04:05-03:00": "2020-01-02T03:04:05-03:00",
    }
    actual = {
        text: reference_doc(item(content_meta=f"<contentCreated>{text}</contentCreated>"))[
            "created"
        ]
        for text in cases
    }
    assert cases == actual


def test_rule_an_empty_imext_type_overrides_the_item_class() -> None:
    """An imext:type without a value leaves the type unset, whatever the item class."""
    for ext in (
        '<itemMetaExtProperty type="imext:type" value=""/>',
        '<itemMetaExtProperty type="imext:type"/>',
    ):
        doc = reference_doc(item(ext + '<itemClass qcode="ninat:text"/>'))
        assert "type" not in doc


def test_rule_repeated_data_the_last_wins() -> None:
    """Of repeated <data> siblings the last one is read, everything of it (an empty one too)."""
    doc = reference_doc(
        item(
            '<itemClass qcode="ninat:text"/><links xmlns="http://www.infomaker.se/newsml/1.0">'
            '<link rel="author" type="x-im/author" title="A"><data><a>1</a></data>'
            "<data><b>2</b></data></link>"
            '<link rel="author" type="x-im/author" title="B"><data><a>1</a></data><data/></link>'
            "</links>"
        )
    )
    expected = [
        {"rel": "author", "type": "x-im/author", "title": "A", "data": {"b": "2"}},
        {"rel": "author", "type": "x-im/author", "title": "B"},
    ]
    assert expected == doc["links"]


def _text(body: str) -> str:
    doc = reference_doc(item(body=f'<element type="body" id="p">{body}</element>'))
    text: str = doc["content"][0]["data"]["text"]
    return text


def test_rule_an_empty_inline_element_stays_empty() -> None:
    """An empty element keeps the following text outside it (self-closed or not)."""
    assert 'a <strong id="s1"/> b' == _text('a <strong id="s1"></strong> b')
    assert 'a <strong id="s1"/> b <em/> c' == _text('a <strong id="s1"/> b <em/> c')


def test_rule_table_cells_keep_their_markup() -> None:
    """thead/tbody/tfoot of x-im/table keep rows and cells, as the reference's tokeniser does."""
    doc = reference_doc(
        item(
            body='<object id="t" type="x-im/table"><data>'
            "<thead><tr><th>Lag</th></tr></thead><tbody><tr><td>A</td><td>7</td></tr></tbody>"
            "</data></object>"
        )
    )
    expected = {"thead": "<tr><th>Lag</th></tr>", "tbody": "<tr><td>A</td><td>7</td></tr>"}
    assert expected == doc["content"][0]["data"]


def test_rule_a_cr_in_removed_markup_stays_a_cr() -> None:
    """&#13; inside a tag the sanitiser removes (and inside a kept one) stays a CR."""
    assert "x\ry <strong>a\rb</strong>" == _text("<span>x&#13;y</span> <strong>a&#13;b</strong>")


def test_rule_link_urls_are_written_as_go_writes_them() -> None:
    """Relative and non-ASCII hrefs stay, percent-encoded; other schemes and spaces lose the href."""
    body = (
        '<a href=" ../å.html ">r</a> <a href="HTTP://x.se/ä?q=å#fré">h</a> '
        '<a href="javascript:x()">j</a> <a href="a b">s</a> <a href="http://x.se/%zz">p</a>'
    )
    expected = (
        '<a href="../%C3%A5.html">r</a> <a href="http://x.se/%C3%A4?q=å#fr%C3%A9">h</a> j s p'
    )
    assert expected == _text(body)


def test_rule_cdata_values_lose_the_layout_around_the_section() -> None:
    """embedCode: the line break and indentation around the CDATA section go, its own text stays."""
    body = (
        '<object id="e" type="x-im/htmlembed"><data><embedCode>\n        <![CDATA[<b>x</b>\n'
        "          ]]>\n      </embedCode></data></object>"
        '<object id="f" type="x-im/iframely"><data><embedCode><![CDATA[<i>y</i>]]></embedCode>'
        "</data></object>"
    )
    content = reference_doc(item(body=body))["content"]
    expected = ["<b>x</b>\n          ", "<i>y</i>"]
    assert expected == [block["data"]["embedCode"] for block in content]


def test_rule_a_cdata_section_after_a_line_break_is_the_value_alone() -> None:
    """embedCode as Naviga's full-article.xml writes it: the whitespace before the section goes.

    The section sits on a line of its own, the end tag right after it; the
    value is the section's text alone, and the carrier brings the layout back.
    A section right after the start tag keeps the layout after it (the
    reference drops it; the model cannot tell it from the section's text).
    """
    source = item(
        body='<object id="e" type="x-im/iframely"><data><embedCode>\n      '
        '<![CDATA[<div class="iframely-embed"><a href="https://x.se/v">v</a></div>]]>'
        "</embedCode></data></object>"
        '<object id="f" type="x-im/htmlembed"><data><embedCode><![CDATA[<p>x</p>]]>\n    '
        "</embedCode></data></object>"
    )
    content = reference_doc(source)["content"]
    expected = [
        '<div class="iframely-embed"><a href="https://x.se/v">v</a></div>',
        "<p>x</p>\n    ",
    ]
    assert expected == [block["data"]["embedCode"] for block in content]
    assert canonical(newsml.dumps(source)) == canonical(
        newsml.dumps(document.load(document.dump(source)))
    )


def test_rule_cdata_layout_is_told_by_the_lines_around_the_value_only() -> None:
    """The model joins CDATA sections with the text beside them, so only the value's edges are layout.

    The reference drops every whitespace-only text node; here a value that
    starts with one line break loses it, its indentation and a blank last
    line. Whitespace between two sections, text beside a section, a second
    blank line before the section and spaces around a section on the
    element's own line stay (docs/mapping.md, "CDATA values").
    """
    sections = [
        "\n  <![CDATA[<i>a</i>]]>\n  <![CDATA[<i>b</i>]]>\n",
        "\n  x <![CDATA[<i>a</i>]]>\n",
        "\n\n  <![CDATA[<i>a</i>]]>\n",
        "\n  <![CDATA[\n<i>a</i>\n]]>\n",
        "  <![CDATA[<i>a</i>]]>  ",
    ]
    body = "".join(
        f'<object id="o{i}" type="x-im/htmlembed"><data><embedCode>{inner}</embedCode></data></object>'
        for i, inner in enumerate(sections)
    )
    source = item(body=body)
    content = reference_doc(source)["content"]
    expected = [
        "<i>a</i>\n  <i>b</i>",
        "x <i>a</i>",
        "\n  <i>a</i>",
        "\n<i>a</i>\n",
        "  <i>a</i>  ",
    ]
    assert expected == [block["data"]["embedCode"] for block in content]
    assert canonical(newsml.dumps(source)) == canonical(
        newsml.dumps(document.load(document.dump(source)))
    )


def test_rule_a_cr_in_data_values_is_a_line_feed_in_body_markup_a_cr() -> None:
    """&#13; in an xml-handled data value (a teaser's text) reads as the HTML reader reads it: LF.

    Inside body markup (an IDF element, with or without inline elements) and
    in a text-handled value (an image's height), ``&#13;\\n`` stays ``\\r\\n``.
    The carrier brings the CRs of the data value back.
    """
    source = item(
        body='<element id="p" type="body">one&#13;\ntwo <strong>b&#13;\nc</strong>&#13;\n</element>'
        '<element id="q" type="body">one&#13;\ntwo</element>'
        '<object id="t" type="x-im/teaser"><data><title>T&#13;\nU</title>'
        "<text>a&#13;\nb&#13;c <em>d</em></text></data></object>"
        '<object id="t2" type="x-im/teaser"><data><text>a&#13;\nb&#13;c</text></data></object>'
        '<object id="i" type="x-im/image"><data><height>20&#13;\n0</height></data></object>'
    )
    content = reference_doc(source)["content"]
    expected = [
        "one\r\ntwo <strong>b\r\nc</strong>\r\n",
        "one\r\ntwo",
        {"title": "T\nU", "text": "a\nb\nc <em>d</em>"},
        {"text": "a\nb\nc"},
        {"height": "20\r\n0"},
    ]
    actual = [
        content[0]["data"]["text"],
        content[1]["data"]["text"],
        content[2]["data"],
        content[3]["data"],
        content[4]["data"],
    ]
    assert expected == actual
    assert canonical(newsml.dumps(source)) == canonical(
        newsml.dumps(document.load(document.dump(source)))
    )


def test_rule_data_keys_are_every_element_name() -> None:
    """A <data> child whose name is no plain ASCII name is a key too; it round-trips."""
    source = item(
        '<itemClass qcode="ninat:text"/><links xmlns="http://www.infomaker.se/newsml/1.0">'
        '<link rel="author" type="x-im/author"><data><Élément>v</Élément><a.b/></data></link>'
        "</links>"
    )
    assert {"Élément": "v", "a.b": ""} == reference_doc(source)["links"][0]["data"]
    assert canonical(newsml.dumps(source)) == canonical(
        newsml.dumps(document.load(document.dump(source)))
    )


def test_rule_a_package_status_the_load_refuses_still_dumps() -> None:
    """A package whose itemMeta status has no package pubStatus (withheld) dumps and round-trips.

    The package load refuses such a document without a carrier, as the
    reference's does; under the carrier (which also makes its ``x-im/article``
    type a package again) it leaves ``<pubStatus>`` to the carrier.
    """
    xml = (
        '<package uuid="p1" published="true"><name>N</name><pubStatus>private</pubStatus>'
        '<itemMeta><itemClass qcode="ninat:text"/><pubStatus qcode="stat:withheld"/></itemMeta>'
        "</package>"
    )
    source = newsml.loads(xml)
    doc = document.dump(source)
    assert "withheld" == doc["status"]
    assert canonical(newsml.dumps(source)) == canonical(newsml.dumps(document.load(doc)))
    bare = {**document.dump(source, carriers=False), "type": "x-im/package"}
    with pytest.raises(NewsItemError, match="can't convert status withheld"):
        document.load(bare)
