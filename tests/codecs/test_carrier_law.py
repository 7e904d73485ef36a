"""The carrier law checked by `document.load`: an edited document's edits win, always.

A document `dump` wrote (its fingerprint matches) gets the whole carrier; an
edited one gets it only where the item passes the law, the part that breaks
it left out. ``property_tests/test_carrier_law.py`` states the law over
random edits of every kind; these pin the mechanism on small cases.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import FIXTURES, canonical
from support.carrier import calls, carrier_of, with_carrier

import newsml_model as nm
from newsml_codecs import document, newsml
from newsml_codecs.document._carrier.apply import apply_patch
from newsml_codecs.document._carrier.law import fingerprint
from newsml_codecs.document._convert import patch_for
from newsml_codecs.document._dispatch import load_any

GUID = "d95bafc8-f2a4-d27b-dcf4-bb99f4bea973"
# A planning with an empty headline (the reference writes its title from the
# assignment block) and an element of a foreign namespace the reference drops.
PLANNING = (
    f'<planning xmlns="http://iptc.org/std/nar/2006-10-01/" guid="{GUID}"><headline/>'
    '<planningExtProperty type="imext:status" value=""/>'
    '<x:keep xmlns:x="urn:x">kept</x:keep></planning>'
)


def test_a_title_the_carrier_would_double_wins_and_the_rest_is_restored() -> None:
    """The carried empty headline would be written beside the edited one, hiding it.

    The law check leaves out that one entry: the title shows, and the
    foreign element, carried by another entry, still comes back.
    """
    doc = document.dump(newsml.loads(PLANNING))
    doc["meta"] = []
    doc["title"] = "T1"
    item = document.load(doc)
    text = newsml.dumps(item)
    assert text.count("<headline") == 1
    assert document.dump(item, carriers=False)["title"] == "T1"
    assert '<keep xmlns="urn:x">kept</keep>' in text


def test_without_the_check_the_patch_would_undo_that_edit() -> None:
    """The case above is a real one: the patch, applied unchecked, loses the title.

    The patch is the one `load` derives from the carried original for an
    edited document, applied here to the export of that document directly.
    """
    original = newsml.loads(PLANNING)
    doc = document.dump(original)
    doc["meta"] = []
    doc["title"] = "T1"
    edited = {
        **doc,
        "properties": [p for p in doc["properties"] if p["name"] != document.CARRIER_PROPERTY],
    }
    options = document.make_options(None)
    patch = patch_for(options, original)
    assert patch is not None
    unchecked = apply_patch(load_any(options, edited, "planning"), patch, edited)
    text = newsml.dumps(unchecked)
    assert text.count("<headline") == 2  # the edit and the carried empty one: the title is lost


def test_a_document_edited_and_put_back_is_checked_and_comes_back_whole() -> None:
    """A document whose title was changed and changed back has its own fingerprint again."""
    source = newsml.loads((FIXTURES / "document-article.xml").read_bytes())
    doc = document.dump(source)
    doc["title"] = doc["title"] + " (draft)"
    doc["title"] = doc["title"].removesuffix(" (draft)")
    assert canonical(newsml.dumps(document.load(doc))) == canonical(newsml.dumps(source))


def test_a_document_through_protobuf_is_still_recognised() -> None:
    """Fields reordered and times respelled as protobuf does: the same fingerprint."""
    doc = document.dump(newsml.loads((FIXTURES / "document-article.xml").read_bytes()))
    shown = {k: v for k, v in doc.items() if k != "properties"}
    shown["properties"] = [p for p in doc["properties"] if p["name"] != document.CARRIER_PROPERTY]
    wired = dict(reversed(list(shown.items())))
    assert doc["modified"] == "2020-02-25T06:18:00.588Z"
    wired["modified"] = "2020-02-25T07:18:00.588000+01:00"
    assert fingerprint(wired) == fingerprint(shown)
    assert fingerprint({**wired, "modified": "2020-02-25T06:18:00.589Z"}) != fingerprint(shown)


def test_a_carrier_without_a_fingerprint_still_restores_an_unedited_document() -> None:
    """Carriers written before the fingerprint (and the anchors) are always checked, and
    still lossless."""
    source = newsml.loads((FIXTURES / "kind-planningitem.xml").read_bytes())
    doc = document.dump(source)
    patch = carrier_of(doc)[1]
    assert "h" not in patch  # the anchors tell an unedited document now
    del patch["n"]
    back = document.load(with_carrier(doc, patch))
    assert canonical(newsml.dumps(back)) == canonical(newsml.dumps(source))


@pytest.mark.parametrize("value", [12, None, ["a"]])
def test_a_fingerprint_that_is_not_text_is_refused(value: Any) -> None:
    doc = document.dump(newsml.loads(PLANNING))
    with pytest.raises(nm.InvalidDocumentError) as caught:
        document.load(with_carrier(doc, {**carrier_of(doc)[1], "h": value}))
    assert caught.value.path == "$.properties"
    assert "fingerprint" in str(caught.value)


def _notes_item(pairs: int) -> nm.AnyItem:
    """An article with `pairs` edNotes of text, each followed by one of markup (shown empty)."""
    notes = "".join(
        f"<edNote>Note {i}</edNote><edNote><span>m{i}</span></edNote>" for i in range(pairs)
    )
    return newsml.loads(
        f'<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="{GUID}" version="1">'
        f'<itemMeta><itemClass qcode="ninat:text"/><title>T</title>{notes}</itemMeta></newsItem>'
    )


def _last_note_edited(pairs: int) -> dict[str, Any]:
    doc = document.dump(_notes_item(pairs))
    notes = [block for block in doc["meta"] if block["type"] == "x-im/note"]
    notes[-1]["data"]["text"] = "edited"
    return doc


def test_an_edit_the_law_refuses_costs_a_linear_load() -> None:
    """Issue 27: 200 note pairs with the last one edited took 3-4 s (a whole check per entry);
    the cut is now found by halving and a bounded number of single tries."""
    small, large = _last_note_edited(50), _last_note_edited(100)
    assert calls(lambda: document.load(large)) < 2.5 * calls(lambda: document.load(small))
    loaded = document.load(_last_note_edited(200))
    assert "edited" in newsml.dumps(loaded)


def _links(doc: dict[str, Any]) -> list[tuple[Any, Any]]:
    return [(link.get("type"), link.get("rel")) for link in doc.get("links", ())]


def _loaded_links(doc: dict[str, Any]) -> list[tuple[Any, Any]]:
    return _links(document.dump(document.load(doc), carriers=False))


ARTICLE = FIXTURES / "document-article.xml"


def test_links_swapped_across_containers_keep_the_users_order() -> None:
    """Issue 27: swapping the author and the related-geo link (which the converter
    rewrites) wrote the original order back; the law now counts order."""
    doc = document.dump(newsml.loads(ARTICLE.read_bytes()))
    rels = [link.get("rel") for link in doc["links"]]
    i, j = rels.index("author"), rels.index("related-geo")
    doc["links"][i], doc["links"][j] = doc["links"][j], doc["links"][i]
    assert _links(doc) == _loaded_links(doc)


def test_reversed_links_keep_the_users_order_where_newsml_can_hold_it() -> None:
    """NewsML keeps services after itemMeta's links and contentMeta's links apart: a reversal
    loads with itemMeta's links in the user's order (the related-geo link too), then the
    service, then the contentMeta link; the conversion without the carrier moves the
    related-geo link last."""
    source = newsml.loads(ARTICLE.read_bytes())
    doc, bare = document.dump(source), document.dump(source, carriers=False)
    doc["links"].reverse()
    bare["links"].reverse()
    assert [
        ("x-im/articlesource", "articlesource"),
        ("x-im/service", None),
        ("x-im/author", "author"),
        ("x-im/related-geo", "related-geo"),
        ("x-im/topic", "subject"),
    ] == _links(doc)
    assert [
        ("x-im/author", "author"),
        ("x-im/related-geo", "related-geo"),
        ("x-im/topic", "subject"),
        ("x-im/service", None),
        ("x-im/articlesource", "articlesource"),
    ] == _loaded_links(doc)
    assert _loaded_links(bare)[:3] == [
        ("x-im/author", "author"),
        ("x-im/topic", "subject"),
        ("x-im/related-geo", "related-geo"),
    ]


def test_a_link_added_after_the_services_is_no_reorder() -> None:
    """NewsML keeps services after links: a subject link the user appends after the service
    block stands before it, and the carrier still restores the rest (the generator)."""
    doc = document.dump(newsml.loads(ARTICLE.read_bytes()))
    assert "x-im/service" == doc["links"][-2]["type"]
    doc["links"].append({"type": "x-im/category", "rel": "subject", "title": "New", "uuid": "n1"})
    loaded = document.load(doc)
    assert '<generator versioninfo="5.1">Writer</generator>' in newsml.dumps(loaded)
    types = [link.get("type") for link in document.dump(loaded)["links"]]
    assert types.index("x-im/category") < types.index("x-im/service")
