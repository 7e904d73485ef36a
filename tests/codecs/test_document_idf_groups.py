"""IDF groups through the document: a block put at the top of the body joins the body group.

The document's ``content`` is flat (the export merges the header and body
groups); the carrier records the groups and, since issue 21, the last child
of each group, so a block the document places after it starts the next
group instead of landing in ``group type="header"``.
"""

from __future__ import annotations

import json
from typing import Any

import support

import newsml_model as nm
from newsml_codecs import document, newsml
from newsml_model import body

FULL = newsml.loads(support.fixture_text("article-full.xml"))
assert isinstance(FULL, nm.NewsItem)
PARAGRAPH = {"type": "x-im/paragraph", "data": {"format": "html", "text": "Ny"}}


def loaded(edit: Any, item: nm.NewsItem = FULL) -> list[tuple[str | None, str | None]]:
    """``(block id, group type)`` of `item` dumped, edited by `edit(content)` and loaded."""
    doc = document.dump(item)
    edit(doc["content"])
    back = document.load(doc)
    assert isinstance(back, nm.NewsItem)
    return [(block.id, block.group.type) for block in body.blocks(back)]


def test_a_paragraph_moved_to_the_top_of_the_body_stays_in_the_body_group() -> None:
    """Issue 21: b2 moved before b1 (the body's first) lands in the body group, not the header."""

    def move(content: list[Any]) -> None:
        content.insert(3, content.pop(4))

    assert [
        ("h1", "header"),
        ("d1", "header"),
        ("l1", "header"),
        ("b2", "body"),
        ("b1", "body"),
    ] == loaded(move)[:5]


def test_a_paragraph_added_at_the_top_of_the_body_goes_into_the_body_group() -> None:
    """A new block between the header's last and the body's first belongs to the body."""
    assert [("l1", "header"), (None, "body"), ("b1", "body")] == loaded(
        lambda content: content.insert(3, PARAGRAPH)
    )[2:5]


def test_the_header_keeps_what_follows_its_last_block() -> None:
    """A child the export drops after the header's last block stays in the header group."""
    text = support.fixture_text("article-full.xml").replace(
        "trafiken.</element>", 'trafiken.</element><x:note xmlns:x="urn:n">kept</x:note>'
    )
    item = newsml.loads(text)
    assert isinstance(item, nm.NewsItem)
    assert newsml.equivalent(item, document.load(document.dump(item)))
    doc = document.dump(item)
    doc["content"].insert(3, PARAGRAPH)  # after l1, the header's last block
    back = document.load(doc)
    assert isinstance(back, nm.NewsItem) and back.idf is not None
    header, main = back.idf.elements("group")
    assert ["element", "element", "element", "note"] == [e.name for e in header.elements()]
    assert "Ny" == next(main.elements()).text


def test_an_unedited_round_trip_is_unchanged_and_old_carriers_still_apply() -> None:
    """Both groups come back whole; a carrier without the new end marks applies as before."""
    assert newsml.equivalent(FULL, document.load(document.dump(FULL)))
    doc = document.dump(FULL)
    for prop in doc["properties"]:
        if prop["name"] == "x-newsml/patch":
            patch = json.loads(prop["value"])
            strip(patch)
            prop["value"] = json.dumps(patch)
    assert newsml.equivalent(FULL, document.load(doc))


def strip(patch: Any) -> None:
    """Drop the group end marks (position 5 of s/m entries) from `patch`, as before issue 21."""
    for entry in patch.get("c", ()):
        if entry[0] in ("s", "m") and len(entry) == 6:
            del entry[5]
            if entry[4] is None:
                del entry[4]
        if entry[0] in ("s", "m", "n") and isinstance(entry[3], dict):
            strip(entry[3])
