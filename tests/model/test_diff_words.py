"""`diff` names the commonest edits (headline, title, byline, times, status) in the API's words."""

from __future__ import annotations

import pytest

import newsml_model as nm
from newsml_codecs import newsml
from newsml_model import body, diff, examples, tree
from newsml_model import newsitem as ni

HEADLINE = "Volvo to build battery plant near Gothenburg"


def _article() -> nm.NewsItem:
    return newsml.loads(examples.article(), kind=nm.NewsItem)


def _with_text(item: nm.NewsItem, name: str, text: str) -> nm.NewsItem:
    """`item` with the text of its first element called `name` replaced."""
    for path, node in tree.descendants(item):
        if isinstance(node, nm.Element) and node.name == name:
            return tree.update_in(item, path, lambda old: tree.with_children(old, (text,)))
    raise AssertionError(f"no {name} in the sample article")


def test_a_headline_set_is_headline_set_in_both_places() -> None:
    """``set_headline``: contentMeta's headline and the headline block, each ``headline/set``."""
    item = _article()
    change = body.set_headline(item, "p", "Volvo picks Torslanda")
    assert [("headline", "set")] == [
        (event.type, event.action) for event in change.events_of(nm.DocumentChanged)
    ]
    assert [
        (
            "headline-changed",
            "/newsItem/contentMeta/headline",
            "$.properties[?(@.name=='headline')]",
            HEADLINE,
            "Volvo picks Torslanda",
            "headline/set",
        ),
        (
            "block-text-changed",
            "/newsItem/contentSet/inlineXML/idf/group[1]/element[1]",
            "$.content[?(@.id=='h1')]",
            HEADLINE,
            "Volvo picks Torslanda",
            "headline/set",
        ),
    ] == [(d.kind, d.path, d.document_path, d.old, d.new, d.event) for d in diff(item, change.item)]


def test_a_paragraph_edit_stays_a_block_edit() -> None:
    """Only the headline block's text is ``headline/set``; a paragraph's is ``block/edit``."""
    item = _article()
    edited = body.set_text(item, "p", "b1", "New text").item
    assert [("block-text-changed", "block/edit")] == [(d.kind, d.event) for d in diff(item, edited)]


@pytest.mark.parametrize(
    ("element", "kind", "path", "document_path", "old"),
    [
        ("title", "title-changed", "/newsItem/itemMeta/title", "$.title", HEADLINE),
        (
            "by",
            "byline-changed",
            "/newsItem/contentMeta/by",
            "$.properties[?(@.name=='by')]",
            "Anna Lindqvist, Erik Berg",
        ),
        (
            "versionCreated",
            "versionCreated-changed",
            "/newsItem/itemMeta/versionCreated",
            "$.modified",
            "2025-03-12T09:41:07Z",
        ),
        (
            "firstCreated",
            "firstCreated-changed",
            "/newsItem/itemMeta/firstCreated",
            "$.created",
            "2025-03-12T08:15:00Z",
        ),
        (
            "contentCreated",
            "contentCreated-changed",
            "/newsItem/contentMeta/contentCreated",
            None,
            "2025-03-12T08:15:00Z",
        ),
        (
            "contentModified",
            "contentModified-changed",
            "/newsItem/contentMeta/contentModified",
            None,
            "2025-03-12T09:41:07Z",
        ),
    ],
)
def test_a_section_text_is_named_by_its_subject(
    element: str, kind: str, path: str, document_path: str | None, old: str
) -> None:
    """Title, byline and times: a ``<subject>-changed``, no event (no Writer method sets them)."""
    item = _article()
    edited = _with_text(item, element, "X")
    assert [(kind, path, document_path, old, "X", None)] == [
        (d.kind, d.path, d.document_path, d.old, d.new, d.event) for d in diff(item, edited)
    ]


def test_pub_status_and_section_keep_the_writers_events() -> None:
    """pubStatus and a section: the Writer's ``pubStatus/set``, ``section/delete``, ``section/update``."""
    item = _article()
    status = ni.set_pub_status(item, "p", {"qcode": "stat:usable"}).item
    assert [("pubStatus-changed", "$.status", "pubStatus/set")] == [
        (d.kind, d.document_path, d.event) for d in diff(item, status)
    ]
    moved = ni.update_section(item, "p", {"qcode": "imsection:sport", "name": "Sport"}).item
    assert [("section-removed", "section/delete"), ("section-added", "section/update")] == [
        (d.kind, d.event) for d in diff(item, moved)
    ]


def test_an_assignments_headline_and_status_are_named_without_an_event() -> None:
    """A ``planning``'s headline and ``imext:status``: named, with no news item API event."""
    old = (
        '<planning xmlns="http://iptc.org/std/nar/2006-10-01/" guid="p1">'
        '<itemClass qcode="ninat:text"/><headline>Photo</headline>'
        '<planningExtProperty type="imext:status" value="todo"/></planning>'
    )
    new = old.replace('value="todo"', 'value="done"').replace("Photo<", "Photos<")
    assert [
        ("headline-changed", "/planning/headline", "Photo", "Photos", None),
        ("status-changed", "/planning/planningExtProperty/@value", "todo", "done", None),
    ] == [
        (d.kind, d.path, d.old, d.new, d.event) for d in diff(newsml.loads(old), newsml.loads(new))
    ]
