"""`newsml_model.diff`: what changed between two items, in the news item API's words."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import CORPUS_NEWSITEMS, FIXTURES

import newsml_model as nm
from newsml_codecs import document, newsml
from newsml_model import body
from newsml_model import newsitem as ni
from newsml_model.diff import Difference, diff
from newsml_model.strategies import any_items, news_items

ARTICLE = (FIXTURES / "article-full.xml").read_text(encoding="utf-8")
NEW_UUID = "11111111-2222-3333-4444-555555555555"
VOLVO = "b201e042-555b-11e5-885d-feff819cdc9f"
B2 = (
    '<element id="b2" type="body" format="html">Non-breaking  space, – dash, "quotes" '
    "&amp; 'apostrophes' &lt;tags&gt;.</element>"
)
BODY = "/newsItem/contentSet/inlineXML/idf/group[2]"


def _item(text: str = ARTICLE) -> nm.NewsItem:
    item = newsml.loads(text)
    assert isinstance(item, nm.NewsItem)
    return item


def three_edits(text: str) -> str:
    """The article with a tag added, a subheadline edited and paragraph b2 moved after it."""
    assert B2 in text and "Mellanrubrik</element>" in text
    edited = text.replace(
        '<link rel="creator"',
        f'<link rel="subject" title="Hockey" type="x-im/topic" uuid="{NEW_UUID}"/>\n'
        '            <link rel="creator"',
    )
    edited = edited.replace("Mellanrubrik</element>", "Ny mellanrubrik</element>")
    edited = edited.replace(B2 + "\n", "")
    return edited.replace('<list id="list1"', B2 + '\n                    <list id="list1"')


def test_the_writers_three_edits_are_exactly_three_differences() -> None:
    """A tag added, a paragraph edited, a block moved: those three, with paths, values, events."""
    old, new = _item(), _item(three_edits(ARTICLE))
    tag = new.item_meta.links[9]  # type: ignore[union-attr]
    expected = (
        Difference(
            kind="tag-added",
            path="/newsItem/itemMeta/links/link[10]",
            document_path="$.links[?(@.rel=='subject' && @.type=='x-im/topic' && "
            f"@.uuid=='{NEW_UUID}')]",
            old=None,
            new=tag,
            event="tag/add",
        ),
        Difference(
            kind="block-text-changed",
            path=f"{BODY}/element[2]",
            document_path="$.content[?(@.id=='s1')]",
            old="Mellanrubrik",
            new="Ny mellanrubrik",
            event="block/edit",
        ),
        Difference(
            kind="block-moved",
            path=f"{BODY}/element[4]",
            document_path="$.content[?(@.id=='b2')]",
            old=f"{BODY}/element[2]",
            new=f"{BODY}/element[4]",
            event="block/update",
        ),
    )
    assert tag.title == "Hockey"
    assert expected == diff(old, new)


def test_an_item_and_its_round_trips_have_no_difference() -> None:
    """Itself, its NewsML round trip and its document round trip: no difference."""
    item = _item()
    assert () == diff(item, item)
    assert () == diff(item, newsml.loads(newsml.dumps(item)))
    assert () == diff(item, document.load(document.dump(item)))


@pytest.mark.skipif(not CORPUS_NEWSITEMS.is_dir(), reason="../shared/corpus is absent")
def test_the_corpus_article_and_its_document_round_trip() -> None:
    """The Writer's example article: no difference after the document and back."""
    item = _item((CORPUS_NEWSITEMS / "newsitem-text.xml").read_text(encoding="utf-8"))
    assert () == diff(item, document.load(document.dump(item)))


def test_what_equivalence_ignores_is_never_reported() -> None:
    """Attribute order, prefixes, layout and stripped text ends are no differences."""
    plain = (
        '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="g" version="1">'
        '<itemMeta><links xmlns="http://www.infomaker.se/newsml/1.0">'
        '<link rel="subject" type="x-im/topic" uuid="u" title="T"/></links></itemMeta>'
        "<contentSet><inlineXML><idf xmlns='http://www.infomaker.se/idf/1.0'><group type='body'>"
        '<element id="p" type="body">Some <strong>bold</strong> text</element>'
        "</group></idf></inlineXML></contentSet></newsItem>"
    )
    spelled = (
        '<?xml version="1.0"?>\n<!-- a comment -->\n'
        '<n:newsItem version="1" guid="g" xmlns:n="http://iptc.org/std/nar/2006-10-01/">\n'
        '  <n:itemMeta>\n    <im:links xmlns:im="http://www.infomaker.se/newsml/1.0">\n'
        '      <im:link title="T" uuid="u" type="x-im/topic" rel="subject"></im:link>\n'
        "    </im:links>\n  </n:itemMeta>\n"
        "  <n:contentSet><n:inlineXML><i:idf xmlns:i='http://www.infomaker.se/idf/1.0'>"
        '<i:group type="body">\n  <i:element type="body" id="p">  Some <i:strong>bold</i:strong>'
        " text\n</i:element></i:group></i:idf></n:inlineXML></n:contentSet>\n</n:newsItem>"
    )
    assert newsml.equivalent(plain, spelled)
    assert () == diff(newsml.loads(plain), newsml.loads(spelled))


def _events(change: nm.Change) -> list[str]:
    return [f"{e.type}/{e.action}" for e in change.events if isinstance(e, nm.DocumentChanged)]


API_CHANGES: list[tuple[Callable[..., nm.Change], tuple[Any, ...], str, str]] = [
    (
        ni.add_tag,
        ({"uuid": NEW_UUID, "title": "Hockey", "type": "x-im/topic"},),
        "tag-added",
        "tag/add",
    ),
    (ni.remove_link_by_uuid, (VOLVO,), "tag-removed", "tag/delete"),
    (
        ni.update_tag,
        (VOLVO, {"uuid": VOLVO, "title": "Volvo AB", "type": "x-im/topic"}),
        "tag-changed",
        "tag/update",
    ),
    (ni.add_simple_author, ("Kim",), "author-added", "author/add"),
    (
        ni.remove_author_by_uuid,
        ("bad4314c-7e33-11e5-8bcf-feff819cdc9f",),
        "author-removed",
        "author/delete",
    ),
    (ni.set_pub_status, ({"qcode": "stat:usable"},), "pubStatus-changed", "pubStatus/set"),
    (
        ni.set_pub_start,
        ({"value": "2024-03-06T12:00:00+01:00", "type": "imext:pubstart"},),
        "pubStart-changed",
        "pubStart/set",
    ),
    (ni.remove_pub_stop, (), "pubStop-removed", "pubStop/delete"),
    (ni.add_channel, ({"qcode": "imchn:culture"},), "channel-added", "channel/add"),
    (ni.remove_channel, ({"qcode": "imchn:news"},), "channel-removed", "channel/delete"),
    (
        ni.set_ext_property,
        ("itemMeta", "npext:articleid", "999"),
        "extProperty-changed",
        "itemMetaExtProperty/set",
    ),
    (
        ni.delete_ext_property,
        ("itemMeta", "npext:articleid"),
        "extProperty-removed",
        "itemMetaExtProperty/delete",
    ),
    (ni.set_has_published_version, (True,), "extProperty-changed", "hasPublishedVersion/set"),
    (
        ni.remove_content_meta_object,
        ("8400c74d667e",),
        "object-removed",
        "contentmetaobject/delete",
    ),
    (
        ni.add_link,
        ({"@rel": "related", "@type": "x-im/article", "@uuid": NEW_UUID},),
        "link-added",
        "link/add",
    ),
    (
        ni.add_content_meta_link,
        ({"@rel": "related", "@type": "x-im/article", "@uuid": NEW_UUID},),
        "link-added",
        "link/add",
    ),
    (ni.add_story, ({"uuid": NEW_UUID, "title": "S"},), "story-added", "story/add"),
    (ni.add_category, ({"uuid": NEW_UUID, "title": "C"},), "category-added", "category/add"),
    (
        ni.add_content_profile,
        ({"uuid": NEW_UUID, "title": "P"},),
        "contentprofile-added",
        "contentprofile/add",
    ),
    (
        ni.add_location,
        (
            {
                "uuid": NEW_UUID,
                "title": "Här",
                "type": "x-im/place",
                "data": {"position": "POINT(1 2)"},
            },
        ),
        "location-added",
        "location/add",
    ),
    (ni.set_language, ("en-GB",), "language-changed", "language/update"),
    (
        ni.update_link_rel,
        (
            {
                "uuid": "a0836ecc-1d4a-4ce0-b5dc-7d06ba853759",
                "rel": "channel",
                "type": "x-im/channel",
            },
        ),
        "link-changed",
        "x-im/channel/update",
    ),
]


@pytest.mark.parametrize(
    ("method", "arguments", "kind", "event"), API_CHANGES, ids=[c[0].__name__ for c in API_CHANGES]
)
def test_an_api_change_is_one_difference_naming_the_writers_event(
    method: Callable[..., nm.Change], arguments: tuple[Any, ...], kind: str, event: str
) -> None:
    """What the Writer's API changes comes back as one difference naming the event it raised."""
    item = _item()
    change = method(item, "plugin", *arguments)
    differences = diff(item, change.item)
    assert [(kind, event)] == [(d.kind, d.event) for d in differences]
    assert event in _events(change)


BODY_CHANGES: list[tuple[Callable[..., nm.Change], tuple[Any, ...], dict[str, Any], str, str]] = [
    (body.set_text, ("b1", "Ny text"), {}, "block-text-changed", "block/edit"),
    (body.remove, ("b2",), {}, "block-removed", "block/delete"),
    (body.move, ("s1",), {"before": "b1"}, "block-moved", "block/update"),
    (
        body.insert,
        (body.element("body", "Nytt stycke"),),
        {"after": "b1"},
        "block-inserted",
        "block/add",
    ),
]


@pytest.mark.parametrize(
    ("method", "arguments", "options", "kind", "event"),
    BODY_CHANGES,
    ids=[c[0].__name__ for c in BODY_CHANGES],
)
def test_a_body_change_names_the_event_of_the_body_module(
    method: Callable[..., nm.Change],
    arguments: tuple[Any, ...],
    options: dict[str, Any],
    kind: str,
    event: str,
) -> None:
    """Block edits made with `newsml_model.body`: one difference naming the event it raised."""
    item = _item()
    change = method(item, "plugin", *arguments, **options)
    assert [(kind, event)] == [(d.kind, d.event) for d in diff(item, change.item)]
    assert [event] == _events(change)


def test_a_section_replaced_is_the_writers_delete_then_update() -> None:
    """``update_section`` with a new qcode: the old section removed, the new one added."""
    item = _item()
    change = ni.update_section(item, "plugin", {"qcode": "imsection:sport", "name": "Sport"})
    differences = diff(item, change.item)
    assert [("section-removed", "section/delete"), ("section-added", "section/update")] == [
        (d.kind, d.event) for d in differences
    ]
    assert _events(change) == [d.event for d in differences]


def test_an_ed_note_set_and_an_attribute_changed() -> None:
    """edNote text and the item's own attributes: changed, with their old and new values."""
    item = _item()
    noted = ni.set_ed_note(item, "Ny anteckning").item
    renamed = ni.set_guid(noted, "other").item
    assert [
        ("attribute-changed", "/newsItem/@guid", item.guid, "other", None),
        (
            "edNote-changed",
            "/newsItem/itemMeta/edNote[1]",
            "Kolla fakta med polisen",
            "Ny anteckning",
            "edNote/set",
        ),
    ] == [(d.kind, d.path, d.old, d.new, d.event) for d in diff(item, renamed)]


def test_a_link_detail_is_a_change_of_its_subject_at_the_detail() -> None:
    """An author's e-mail changed: ``author-changed`` at the ``email`` element, old and new text."""
    new = ARTICLE.replace("asa.oberg@example.org", "asa@example.org")
    (difference,) = diff(_item(), _item(new))
    assert "author-changed" == difference.kind
    assert "/newsItem/itemMeta/links/link[2]/data/email" == difference.path
    assert ("asa.oberg@example.org", "asa@example.org") == (difference.old, difference.new)
    assert "author/update" == difference.event


def test_blocks_removed_inserted_and_moved_across_groups() -> None:
    """Blocks pair by id across groups: a block moved to the header group is a move."""
    moved_up = ARTICLE.replace('<element id="s1" type="subheadline1">Mellanrubrik</element>', "")
    moved_up = moved_up.replace(
        '<element id="h1" type="headline">',
        '<element id="s1" type="subheadline1">Mellanrubrik</element><element id="h1" type="headline">',
    )
    assert [("block-moved", "/newsItem/contentSet/inlineXML/idf/group[1]/element[1]")] == [
        (d.kind, d.path) for d in diff(_item(), _item(moved_up))
    ]
    removed = ARTICLE.replace(B2, "")
    inserted = ARTICLE.replace(B2, B2 + '<element id="new" type="body">Ny</element>')
    assert ["block-removed"] == [d.kind for d in diff(_item(), _item(removed))]
    assert [("block-inserted", "$.content[?(@.id=='new')]")] == [
        (d.kind, d.document_path) for d in diff(_item(), _item(inserted))
    ]


def test_items_of_two_kinds_are_refused_naming_both() -> None:
    """A newsItem and a conceptItem: InvalidArgumentError naming both kinds."""
    concept = newsml.loads((FIXTURES / "kind-concept-person.xml").read_bytes())
    with pytest.raises(nm.InvalidArgumentError, match=r"NewsItem.*ConceptItem"):
        diff(_item(), concept)
    with pytest.raises(nm.InvalidArgumentError, match="not str"):
        diff(_item(), ARTICLE)


# --- document paths resolve in the document -------------------------------------

_STEP = re.compile(r"\.(\w+)|\[\?\((.*?)\)\]")
_TERM = re.compile(r"@\.(\w+)=='((?:[^'\\]|\\.)*)'")


def _resolve(doc: Any, path: str) -> list[Any]:
    """The values a JSON path of `Difference.document_path`'s form selects in `doc`."""
    assert path.startswith("$")
    found = [doc]
    for field, condition in _STEP.findall(path[1:]):
        if field:
            found = [value[field] for value in found if isinstance(value, dict) and field in value]
        else:
            terms = _TERM.findall(condition)
            found = [
                entry
                for values in found
                for entry in values
                if all(entry.get(key) == value.replace("\\'", "'") for key, value in terms)
            ]
    return found


def test_document_paths_select_one_value_in_the_document() -> None:
    """Every document path of the API changes selects exactly one value of the new document."""
    item = _item()
    checked = 0
    for method, arguments, _kind, _event in API_CHANGES:
        new = method(item, "plugin", *arguments).item
        for difference in diff(item, new):
            if difference.document_path is None or difference.kind.endswith("-removed"):
                continue
            assert 1 == len(_resolve(document.dump(new), difference.document_path)), difference
            checked += 1
    assert checked >= 15


# --- laws --------------------------------------------------------------------------

_LAWS = settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))


@_LAWS
@given(any_items(), any_items())
def test_no_difference_exactly_when_equivalent(a: Any, b: Any) -> None:
    """``diff(a, b) == ()`` iff the items are equivalent; never for two kinds."""
    if type(a) is not type(b):
        with pytest.raises(nm.InvalidArgumentError):
            diff(a, b)
        return
    assert (diff(a, b) == ()) == newsml.equivalent(a, b)
    assert () == diff(a, a)


@_LAWS
@given(news_items(), st.data())
def test_a_re_indented_item_has_no_difference(item: nm.NewsItem, data: st.DataObject) -> None:
    """Layout added by a pretty printer (whitespace around elements) is never a difference."""
    tree = ET.fromstring(newsml.dumps(item, xml_declaration=False))
    ET.indent(tree, space=data.draw(st.sampled_from([" ", "  ", "\t"])))
    spelled = ET.tostring(tree, encoding="unicode").replace("\r", "&#13;")  # ET writes it raw
    assert newsml.equivalent(item, spelled)
    assert () == diff(item, newsml.loads(spelled))


@_LAWS
@given(news_items(), st.data())
def test_a_changed_item_has_differences(item: nm.NewsItem, data: st.DataObject) -> None:
    """An item after any one API change differs exactly when it is not equivalent."""
    method, arguments, _kind, _event = data.draw(st.sampled_from(API_CHANGES))
    try:
        new = method(item, "plugin", *arguments).item
    except nm.NewsItemError:
        return  # the change needs something this item lacks
    assert (diff(item, new) == ()) == newsml.equivalent(item, new)


def test_a_part_moved_inside_a_unit_is_a_move_at_the_part() -> None:
    """An author's data children swapped: ``author-moved`` at the part, no event, paths as values."""
    email = "<email>asa.oberg@example.org</email>"
    phone = "<phone>+46 70 000 00 00</phone>"
    swapped = ARTICLE.replace(email, "@@").replace(phone, email).replace("@@", phone)
    author = "/newsItem/itemMeta/links/link[2]"
    (difference,) = diff(_item(), _item(swapped))
    path = f"{author}/data/email"
    assert ("author-moved", path, path, path, None) == (
        difference.kind,
        difference.path,
        difference.old,
        difference.new,
        difference.event,
    )
