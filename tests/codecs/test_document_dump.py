"""NewsML -> document: one worked example per construct of mapping spec Part 2 §4."""

from __future__ import annotations

import pytest
from support.document import item, reference

from newsml_model import DecodeError


def test_top_level_fields():
    """§4.2: ext properties give uri/url/path/type, title is itemMeta/title untrimmed, status mapped."""
    doc = reference(
        item(
            '<itemClass qcode="ninat:picture"/><provider literal="TT"/><versionCreated>2015-07-01T14:11:20Z</versionCreated>'
            '<firstCreated>2015-07-01T14:00:02+02:00</firstCreated><pubStatus qcode="imext:draft"/><title>  a </title>'
            '<itemMetaExtProperty type="imext:uri" value="im://image/x"/><itemMetaExtProperty type="imext:url" value="http://x"/>'
            '<itemMetaExtProperty type="imext:path" value="/p"/>'
        )
    )
    expected = {
        "uuid": "a0000000-0000-4000-8000-000000000001",
        "type": "x-im/image",
        "uri": "im://image/x",
        "url": "http://x",
        "path": "/p",
        "title": "  a ",
        "created": "2015-07-01T12:00:02Z",
        "modified": "2015-07-01T14:11:20Z",
        "status": "draft",
        "provider": "TT",
    }
    assert expected == doc


def test_imext_type_wins_over_item_class_and_unknown_status_passes():
    """§4.2/§3.4: imext:type overrides itemClass; unknown pubStatus passes through."""
    doc = reference(
        item(
            '<itemClass qcode="ninat:text"/><pubStatus qcode="imext:foo"/>'
            '<itemMetaExtProperty type="imext:type" value="x-im/graphic"/>'
        )
    )
    assert ("x-im/graphic", "imext:foo") == (doc["type"], doc["status"])


def test_times_to_utc_any_offset():
    """§4.3 + M2: pubstart/pubstop to UTC, +08:00 accepted, fractions kept trimmed."""
    doc = reference(
        item(
            '<itemClass qcode="ninat:text"/>'
            '<itemMetaExtProperty type="imext:pubstart" value="2015-07-01T14:27:00.500+08:00"/>'
            '<itemMetaExtProperty type="imext:pubstop" value="null"/>'
        )
    )
    assert "2015-07-01T06:27:00.5Z" == doc["published"]
    assert "unpublished" not in doc


def test_bad_time_is_an_error():
    """§4.3: a firstCreated without offset is refused."""
    with pytest.raises(DecodeError, match="firstCreated"):
        reference(item("<firstCreated>2015-07-01T14:00:02</firstCreated>"))


def test_properties_sorted_with_prefixes_and_parameters():
    """§4.4: prefixed names kept, creator/why parameters, contentMeta properties, stable sort."""
    doc = reference(
        item(
            '<itemClass qcode="ninat:text"/><fileName>a.jpg</fileName>'
            '<itemMetaExtProperty type="imext:haspublishedversion" value="true" why="x" literal="ignored"/>',
            '<altId>7</altId><slugline></slugline><language tag="sv"/><description role="drol:summary">d</description>'
            '<infoSource literal="MKT"/><contentMetaExtProperty type="imext:header" value="" literal="L"/>',
        )
    )
    expected = [
        {"name": "altId", "value": "7"},
        {"name": "description", "value": "d", "parameters": {"role": "drol:summary"}},
        {"name": "filename", "value": "a.jpg"},
        {"name": "imext:haspublishedversion", "value": "true", "parameters": {"why": "x"}},
        {"name": "imext:header"},
        {"name": "imext:header", "parameters": {"literal": "L"}},
        {"name": "infoSource", "parameters": {"literal": "MKT"}},
        {"name": "language", "value": "sv"},
    ]
    assert expected == doc["properties"]


def test_links_services_related_geo_and_contentmeta_exceptions():
    """§4.5: item links in order, related-geo expanded, services with data.why, contentMeta exceptions only."""
    doc = reference(
        item(
            '<itemClass qcode="ninat:text"/><service qcode="imchn:x"><name>X</name></service>'
            '<links xmlns="http://www.infomaker.se/newsml/1.0">'
            '<link rel="subject" type="x-im/topic" uuid="u1" title="Volvo" qcode="dropped"/>'
            '<link rel="related-geo" type=""><data><uuid title="Kalmar">g1</uuid><uuid>g2</uuid></data></link></links>',
            '<links xmlns="http://www.infomaker.se/newsml/1.0"><link rel="articlesource" type="x-im/articlesource" uri="im://a"/>'
            '<link rel="other" type="x-im/other" uri="im://dropped"/></links>',
        )
    )
    expected = [
        {"rel": "subject", "type": "x-im/topic", "uuid": "u1", "title": "Volvo"},
        {"type": "x-im/related-geo", "rel": "related-geo", "uuid": "g1", "title": "Kalmar"},
        {"type": "x-im/related-geo", "rel": "related-geo", "uuid": "g2"},
        {"type": "x-im/service", "value": "imchn:x", "title": "X", "data": {"why": ""}},
        {"rel": "articlesource", "type": "x-im/articlesource", "uri": "im://a"},
    ]
    assert expected == doc["links"]


def test_ednotes_then_metadata_objects_with_flags_and_properties():
    """§4.6-§4.8: notes first with ids, teaser data as markup, flags block, generic properties."""
    doc = reference(
        item(
            '<itemClass qcode="ninat:text"/><edNote>n</edNote>',
            '<metadata xmlns="http://www.infomaker.se/newsml/1.0"><object id="t" type="x-im/teaser" title="T">'
            '<data><title>It\'s &amp; "x"</title><text>a <b>b</b></text><subject>s <b>x</b></subject><end/>'
            "<flags><flag>disableAutomaticCrop</flag></flags></data>"
            '<properties><property name="p" value="v"/></properties></object></metadata>',
        )
    )
    expected = [
        {"id": "0", "type": "x-im/note", "data": {"text": "n"}},
        {
            "id": "t",
            "type": "x-im/teaser",
            "title": "T",
            "data": {
                "title": "It&apos;s &amp; &quot;x&quot;",
                "text": "a b",
                "subject": "s ",
                "end": "",
            },
            "meta": [
                {"type": "x-im/flags", "data": {"disableAutomaticCrop": "true"}},
                {"type": "x-im/generic-property", "data": {"p": "v"}},
            ],
        },
    ]
    assert expected == doc["meta"]


def test_idf_elements_renames_lists_and_sanitising():
    """§4.10-§4.11: renames, format always html, list items as paragraphs, disallowed tags removed."""
    doc = reference(
        item(
            body=(
                '<element id="h" type="headline">Head</element>'
                '<element id="p" type="body" format="xml" variation="v">a <Strong>b</Strong> <span>c</span>'
                "<script>x</script> &amp; d&gt;<em></em></element>"
                '<element id="l" type="x-im/unordered-list"><list-item>one</list-item><list-item>two</list-item></element>'
                '<element id="e" type="preamble"/><unknown/>'
            )
        )
    )
    expected = [
        {"id": "h", "type": "x-im/header", "data": {"format": "html", "text": "Head"}},
        {
            "id": "p",
            "type": "x-im/paragraph",
            "data": {
                "format": "html",
                "variation": "v",
                "text": "a <strong>b</strong> c &amp; d&gt;<em/>",
            },
        },
        {
            "id": "l",
            "type": "x-im/unordered-list",
            "data": {"format": "html"},
            "content": [
                {"type": "x-im/paragraph", "data": {"text": "one", "format": "html"}},
                {"type": "x-im/paragraph", "data": {"text": "two", "format": "html"}},
            ],
        },
        {"id": "e", "type": "preamble", "data": {"format": "html"}},
    ]
    assert expected == doc["content"]
    assert "sv" == doc["language"]


def test_content_objects_image_iframely_content_part():
    """§4.9-§4.10: image self link with markup text, cdata embed code, idf text -> content."""
    doc = reference(
        item(
            body=(
                '<object id="i" type="x-im/image" uuid="u" rel="dropped"><links><link rel="self" type="x-im/image" uri="im://i">'
                "<data><text>a <em>b</em></text><width>10</width><credit/><flags><flag>f</flag></flags></data></link></links>"
                '<properties><property name="k" value="v"/></properties></object>'
                '<object id="f" type="x-im/iframely"><data><embedCode><![CDATA[<b>&amp;</b>]]></embedCode><text/></data></object>'
                '<object id="c" type="x-im/content-part"><data><title>T</title><text format="idf">'
                '<element type="body">p</element></text></data></object>'
            )
        )
    )
    expected = [
        {
            "id": "i",
            "uuid": "u",
            "type": "x-im/image",
            "links": [
                {
                    "rel": "self",
                    "type": "x-im/image",
                    "uri": "im://i",
                    "data": {"text": "a <em>b</em>", "width": "10", "credit": ""},
                    "meta": [{"type": "x-im/flags", "data": {"f": "true"}}],
                }
            ],
            "meta": [{"type": "x-im/generic-property", "data": {"k": "v"}}],
        },
        {"id": "f", "type": "x-im/iframely", "data": {"embedCode": "<b>&amp;</b>"}},
        {
            "id": "c",
            "type": "x-im/content-part",
            "data": {"title": "T"},
            "content": [{"type": "x-im/paragraph", "data": {"format": "html", "text": "p"}}],
        },
    ]
    assert expected == doc["content"]


def test_sanitiser_links_need_allowed_schemes():
    """Relative hrefs stay (as the reference's outputs show), other schemes lose the tag."""
    doc = reference(
        item(
            body='<element type="body"><a href="/x">r</a> <a href="mailto:a@b.se" class="c">m</a>'
            ' <a href="javascript:x()">j</a></element>'
        )
    )
    expected = '<a href="/x">r</a> <a href="mailto:a@b.se">m</a> j'
    assert expected == doc["content"][0]["data"]["text"]


def test_nested_object_properties_keep_values():
    """M2 (fixing a §4.10 quirk): properties of a nested link keep their values."""
    doc = reference(
        item(
            body=(
                '<object id="o" type="x-im/x"><links><link rel="r" type="t" contenttype="c" name="n">'
                '<properties><property name="k" value="v"/></properties></link></links></object>'
            )
        )
    )
    expected = [
        {
            "rel": "r",
            "type": "t",
            "contentType": "c",
            "name": "n",
            "meta": [{"type": "x-im/generic-property", "data": {"k": "v"}}],
        }
    ]
    assert expected == doc["content"][0]["links"]
