"""Copies the carrier restores (renditions of the body, a list's title) never outlive an edit.

Issue 27: a body edited in the document left the old text in a ``text/plain``
rendition of the same contentSet (a name the reporter removed was
published), and a renamed list kept its old name in ``itemMeta/title``.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from support import FIXTURES
from support.carrier import carrier_of, with_carrier

import newsml_model as nm
from newsml_codecs import document, newsml
from newsml_codecs.document._carrier.copies import sources
from newsml_codecs.document._dump.omit import omitted

_IDF = "http://www.infomaker.se/idf/1.0"
ARTICLE = (
    '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="c1" version="1">'
    '<itemMeta><itemClass qcode="ninat:text"/><title>T</title></itemMeta><contentSet>'
    '<inlineXML contenttype="application/vnd.iptc.g2.idf+xml">'
    f'<idf xmlns="{_IDF}"><group type="body">'
    '<element id="p1" type="body">John Smith said hello.</element>'
    '<element id="p2" type="body">Second.</element></group></idf></inlineXML>'
    '<inlineData contenttype="text/plain">John Smith said hello.\nSecond.</inlineData>'
    '<inlineXML contenttype="application/xhtml+xml">'
    '<html xmlns="http://www.w3.org/1999/xhtml"><body><p>John Smith said hello.</p>'
    "<p>Second.</p></body></html></inlineXML></contentSet></newsItem>"
)


def _article() -> dict[str, Any]:
    return document.dump(newsml.loads(ARTICLE))


def test_an_unedited_article_keeps_its_renditions() -> None:
    """Nothing changed: the original comes back, renditions and all."""
    assert newsml.loads(ARTICLE) == document.load(_article())


def test_an_edited_body_drops_the_renditions_that_copy_it() -> None:
    """The reporter removes a name from the body: no rendition publishes it."""
    doc = _article()
    doc["content"][0]["data"]["text"] = "He said hello."
    text = newsml.dumps(document.load(doc))
    assert "Smith" not in text
    assert "He said hello." in text
    assert "inlineData" not in text
    assert "xhtml" not in text


def test_an_edit_elsewhere_keeps_the_renditions() -> None:
    """A new title leaves the body, and so its renditions, as they were."""
    doc = _article()
    doc["title"] = "New title"
    text = newsml.dumps(document.load(doc))
    assert 2 == text.count("<inlineXML")
    assert "text/plain" in text


def test_a_renamed_list_writes_its_new_name_as_its_title() -> None:
    """tests/fixtures/kind-list.xml renamed: itemMeta/title follows the name."""
    doc = document.dump(newsml.loads((FIXTURES / "kind-list.xml").read_bytes()))
    doc["title"] = "Renamed"
    loaded = document.load(doc)
    assert isinstance(loaded, nm.ItemList)
    meta = next(c for c in loaded.children if isinstance(c, nm.ItemMeta))
    assert "Renamed" == meta.find_text("title")
    assert "Top stories" not in newsml.dumps(loaded)


def test_a_carrier_without_digests_counts_its_sources_as_changed() -> None:
    """A carrier written before the digests (no ``s``, no anchors ``n``): an edited title
    drops the body's renditions too."""
    doc = _article()
    carrier = carrier_of(doc)[1]
    assert "s" not in carrier  # the anchors tell what changed now
    old = with_carrier(doc, {k: v for k, v in carrier.items() if k != "n"})
    old["title"] = "edited"
    assert "inlineData" not in newsml.dumps(document.load(old))


def test_an_earlier_carriers_digests_tell_what_changed() -> None:
    """A carrier of an earlier release (``s``, no anchors): a title edit keeps the renditions
    of the unchanged body."""
    doc = _article()
    carrier = {k: v for k, v in carrier_of(doc)[1].items() if k != "n"}
    carrier["s"] = sources(omitted(doc))
    old = with_carrier(doc, carrier)
    old["title"] = "edited"
    assert "inlineData" in newsml.dumps(document.load(old))


@pytest.mark.parametrize("value", [["x"], {"content": 1}])
def test_malformed_digests_are_a_document_error(value: Any) -> None:
    """``s`` is client input like the rest of the carrier."""
    doc = _article()
    carrier = carrier_of(doc)[1]
    with pytest.raises(nm.InvalidDocumentError) as caught:
        document.load(with_carrier(copy.deepcopy(doc), {**carrier, "s": value}))
    assert "$.properties" == caught.value.path
