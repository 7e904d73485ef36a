"""The patch way keeps what the reference drops of a node whose shown attributes were edited.

A link's ``qcode``, ``id`` and ``name`` (an object's ``uri`` and ``rel``)
are not in its document block; the carrier restores them. A save whose edit
changed the link's title (a person's name corrected) keeps them in the patch
way (a carrier without ``"n"``, as earlier releases wrote, or where the
anchored way declines): edits win attribute by attribute, and a link of
another concept inherits nothing.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from support import FIXTURES
from support.carrier import carrier_of, split_value, with_carrier

import newsml_model as nm
from newsml_codecs import document, newsml

CARRIER = document.CARRIER_PROPERTY

ASSIGNMENT = (FIXTURES / "kind-assignment-dated.xml").read_text("utf-8")
PLANNING = (FIXTURES / "kind-planningitem.xml").read_text("utf-8")
ASSIGNEE = (
    '<link rel="assignee" title="Jane Doe" type="x-im/author"'
    ' uuid="5b0ad1a4-3c0e-4a55-9f6a-1d2b3c4d5e02"'
)
AUTHOR = (
    '<link rel="author" title="Jane Doe" type="x-im/author"'
    ' uuid="5b0ad1a4-3c0e-4a55-9f6a-1d2b3c4d5e02"'
)
HIDDEN = {
    "qcode, id and name": ' qcode="q:jane" id="L1" name="jd"',
    "qcode and name": ' qcode="q:jane" name="jd"',
}
Links = Callable[[dict[str, Any]], list[dict[str, Any]]]


def own_links(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """An assignment's links: the document's own."""
    links: list[dict[str, Any]] = doc["links"]
    return links


def first_assignment_links(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """A planning item's first assignment's links (its newsCoverage's <links>)."""
    block = next(link for link in doc["links"] if link.get("type") == "x-im/assignment")
    links: list[dict[str, Any]] = block["links"]
    return links


SOURCES = {
    "an assignment": (ASSIGNMENT, ASSIGNEE, own_links),
    "a planning item's assignment": (PLANNING, AUTHOR, first_assignment_links),
}


def patch_way(doc: dict[str, Any]) -> dict[str, Any]:
    """`doc` with its carrier's anchors ("n") taken out: `load` takes the patch way."""
    carrier = carrier_of(doc)[1]
    return with_carrier(doc, {key: value for key, value in carrier.items() if key != "n"})


def jane(text: str) -> list[str]:
    """The start tags of the links to Jane's uuid in NewsML `text`."""
    return re.findall(r'<link [^>]*uuid="5b0ad1a4-3c0e-4a55-9f6a-1d2b3c4d5e02"[^>]*>', text)


def pairs(text: str) -> dict[str, str]:
    """The attributes written in `text` (a start tag), by name."""
    return dict(re.findall(r'(\w+)="([^"]*)"', text))


def saved(
    source: str, tag: str, hidden: str, edit: Callable[[list[dict[str, Any]]], object], links: Links
) -> str:
    """The NewsML of `source` whose link `tag` holds `hidden`, dumped, edited the patch way."""
    doc = document.dump(newsml.loads(source.replace(tag, tag + hidden)))
    changed = copy.deepcopy(doc)
    edit(links(changed))
    return newsml.dumps(document.load(patch_way(changed)))


def renamed(links: list[dict[str, Any]]) -> None:
    """Jane's link given another title."""
    next(link for link in links if link.get("title") == "Jane Doe")["title"] = "Jane D. Doe"


@pytest.mark.parametrize("hidden", HIDDEN.values(), ids=HIDDEN.keys())
@pytest.mark.parametrize("source", SOURCES.values(), ids=SOURCES.keys())
def test_a_renamed_link_keeps_what_the_document_does_not_show(
    source: tuple[str, str, Links], hidden: str
) -> None:
    """Jane's link (hidden qcode, name, perhaps an id) retitled: the edited title, and the
    qcode, name and id the original had."""
    text, tag, links = source
    found = jane(saved(text, tag, hidden, renamed, links))
    attributes = pairs(found[0]) if len(found) == 1 else {}
    wanted = pairs(hidden)
    assert {**wanted, "title": "Jane D. Doe"} == {
        key: attributes.get(key) for key in [*wanted, "title"]
    }


@pytest.mark.parametrize("source", SOURCES.values(), ids=SOURCES.keys())
def test_a_link_to_another_concept_inherits_nothing(source: tuple[str, str, Links]) -> None:
    """Jane's link replaced by a link of another uuid, same type and rel: no qcode, id or
    name of Jane's on it, and Jane's link is gone."""
    text, tag, links = source

    def replaced(blocks: list[dict[str, Any]]) -> None:
        link = next(link for link in blocks if link.get("title") == "Jane Doe")
        link.update(uuid="0f0f0f0f-0000-4000-8000-000000000009", title="Bo")

    back = saved(text, tag, HIDDEN["qcode, id and name"], replaced, links)
    bo = re.findall(r'<link [^>]*uuid="0f0f0f0f-0000-4000-8000-000000000009"[^>]*>', back)
    assert ([], 1, []) == (jane(back), len(bo), re.findall(r"\b(?:qcode|name|id)=", bo[0]))


@pytest.mark.parametrize("source", SOURCES.values(), ids=SOURCES.keys())
def test_a_shown_attribute_the_user_removed_stays_removed(source: tuple[str, str, Links]) -> None:
    """Jane's link retitled and its title removed: no title (the edit wins), the qcode kept."""
    text, tag, links = source

    def untitled(blocks: list[dict[str, Any]]) -> None:
        next(link for link in blocks if link.get("title") == "Jane Doe").pop("title")

    found = jane(saved(text, tag, HIDDEN["qcode, id and name"], untitled, links))
    assert (1, False, True) == (len(found), "title=" in found[0], 'qcode="q:jane"' in found[0])


def test_a_retitled_object_keeps_its_uri_and_rel() -> None:
    """A contentMeta object (id, uri, rel: the reference drops uri and rel) given another
    title in the document: the patch way writes the new title and keeps uri and rel."""
    source = (
        '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="g1" version="1">'
        '<itemMeta><itemClass qcode="ninat:text"/><title>T</title>'
        '<itemMetaExtProperty type="imext:type" value="x-im/article"/></itemMeta>'
        '<contentMeta><metadata xmlns="http://www.infomaker.se/newsml/1.0">'
        '<object id="o1" type="x-im/generic-property" uri="im://x/1" rel="r1" title="Old">'
        "<data><text>v</text></data></object></metadata></contentMeta></newsItem>"
    )
    doc = document.dump(newsml.loads(source))
    doc["meta"][0]["title"] = "New"
    back = newsml.dumps(document.load(patch_way(doc)))
    found = re.findall(r"<object [^>]*>", back)
    attributes = pairs(found[0]) if len(found) == 1 else {}
    wanted = {"id": "o1", "uri": "im://x/1", "rel": "r1", "title": "New"}
    assert wanted == {key: attributes.get(key) for key in wanted}


@pytest.mark.parametrize("named", [5, "not a key", None], ids=["a number", "text", "null"])
def test_a_patch_form_carrier_with_a_malformed_identity_is_a_document_error(named: Any) -> None:
    """A carrier of the patch form (no "o") whose node patch holds an "i" that is not an
    identity key: an InvalidDocumentError at $.properties."""
    doc = document.dump(
        newsml.loads(ASSIGNMENT.replace(ASSIGNEE, ASSIGNEE + HIDDEN["qcode and name"]))
    )
    head = split_value(next(p["value"] for p in doc["properties"] if p["name"] == CARRIER))[0]
    forged = {"c": [["s", "0000abcd", 0, {"a": [["qcode", None, "q"]], "i": named}]]}
    for prop in doc["properties"]:
        if prop["name"] == CARRIER:
            prop["value"] = head + json.dumps(forged)
    doc["title"] = "edited"
    with pytest.raises(nm.InvalidDocumentError) as caught:
        document.load(doc)
    assert ("$.properties", True) == (caught.value.path, "identity key" in str(caught.value))
