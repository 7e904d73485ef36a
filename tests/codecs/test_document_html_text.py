"""NavigaDoc "html" text as CMS documents hold it: bare "&", "<" and "<br>" load; other errors say where."""

from __future__ import annotations

from typing import Any

import pytest

import newsml_model as nm
from newsml_codecs import document, newsml

BASE = {
    "uuid": "1d02738f-7c99-42ba-a6da-3d1b97261523",
    "type": "x-im/article",
    "created": "2024-03-05T09:00:00Z",
}


def paragraph(text: str) -> dict[str, Any]:
    """A document with one paragraph holding `text` as html."""
    return {
        **BASE,
        "content": [{"type": "x-im/paragraph", "data": {"text": text, "format": "html"}}],
    }


def element_xml(text: str) -> str:
    """The IDF element `document.load` makes of a paragraph holding `text`."""
    xml = newsml.dumps(document.load(paragraph(text)), xml_declaration=False)
    start = xml.index("<element ")
    return xml[start : xml.index("</element>", start) + len("</element>")]


@pytest.mark.parametrize(
    ("text", "inner"),
    [
        ("Fish & chips", "Fish &amp; chips"),
        ("AT&T and Q&A", "AT&amp;T and Q&amp;A"),
        ("Fish &chips;", "Fish &amp;chips;"),
        ("x < y and 1 <2", "x &lt; y and 1 &lt;2"),
        ("Line one<br>line two", "Line one<br/>line two"),
        ('a<br >b<BR>c<br></br>d<hr class="x">e', 'a<br/>b<BR/>c<br/>d<hr class="x"/>e'),
        ("Fish &amp; chips<br/>", "Fish &amp; chips<br/>"),
        ("<strong>Fish & chips</strong><br>", "<strong>Fish &amp; chips</strong><br/>"),
        ("caf&eacute; &nbsp;", "café \u00a0"),
    ],
)
def test_cms_html_text_loads(text: str, inner: str) -> None:
    """What an HTML reader takes is read; the NewsML written is well-formed and says the same."""
    assert f'<element type="body" format="html">{inner}</element>' == element_xml(text)


def test_cms_html_text_round_trips_through_the_document() -> None:
    """The loaded item dumps back to a document whose text is the escaped form, and loads again equal."""
    item = document.load(paragraph("Fish & chips<br>to go"))
    again = document.load(document.dump(item))
    assert newsml.equivalent(item, again)


@pytest.mark.parametrize(
    ("text", "reason", "where"),
    [
        ("a <em>b</strong> and more text", "mismatched tag", "at character 10 of the text"),
        ("a <b>unclosed", "mismatched tag", "at character 14 of the text"),
        ("Å&ouml; <em>x", "mismatched tag", "of the text, near 'Å&ouml; <em>x'"),
        ("a\r\r\r\n<b>x</c>", "mismatched tag", "at character 10 of the text"),
    ],
)
def test_refused_text_says_where_inside_the_string(text: str, reason: str, where: str) -> None:
    """Markup that is not well-formed even so: InvalidDocumentError at data.text, with the place in the string."""
    with pytest.raises(nm.InvalidDocumentError) as raised:
        document.load(paragraph(text))
    assert "$.content[0].data.text" == raised.value.path
    assert reason in str(raised.value)
    assert where in str(raised.value)


def test_a_long_text_names_a_nearby_excerpt() -> None:
    """In a long paragraph the message quotes the text around the problem, not the whole string."""
    text = "word " * 200 + "<em>oops</strong>" + " tail" * 200
    with pytest.raises(nm.InvalidDocumentError) as raised:
        document.load(paragraph(text))
    message = str(raised.value)
    assert "oops</strong>" in message or "<em>oops" in message
    assert len(message) < 300
    position = int(message.split("at character ")[1].split(" ")[0])
    assert 1000 < position < 1020
