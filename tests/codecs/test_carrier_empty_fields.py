"""Empty lists and objects a client sends show what their absence shows, carrier included.

Go's ``omitempty`` leaves empty fields out of the documents `dump` writes,
and a reader sees no difference between ``"links": []`` and no ``links``. A
JavaScript client may send them all the same; the carrier then judges and
restores the document as `dump` wrote it, so the original comes back whole
and an edit keeps everything the carrier holds beside it.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from support import FIXTURES, KIND_FIXTURES, canonical

from newsml_codecs import document, newsml

FILES = [
    FIXTURES / "document-article.xml",
    FIXTURES / "article-full.xml",
    *(FIXTURES / name for name in KIND_FIXTURES),
]


def with_empties(doc: dict[str, Any]) -> dict[str, Any]:
    """A copy of `doc` whose every block holds ``data: {}``, ``links: []`` and ``meta: []``
    where it had none, and an empty top-level ``meta`` and ``links``."""
    out = copy.deepcopy(doc)

    def visit(holder: dict[str, Any]) -> None:
        for key in ("content", "links", "meta"):
            for block in holder.get(key) or ():
                block.setdefault("data", {})
                block.setdefault("links", [])
                block.setdefault("meta", [])
                visit(block)

    visit(out)
    out.setdefault("links", [])
    out.setdefault("meta", [])
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda path: Path(path).name)
def test_an_unedited_document_with_empty_fields_gives_back_the_original(path: Path) -> None:
    """The empties change nothing a reader sees: the carried original comes back."""
    item = newsml.loads(path.read_bytes())
    assert item == document.load(with_empties(document.dump(item)))


@pytest.mark.parametrize("path", FILES, ids=lambda path: Path(path).name)
def test_an_edited_document_with_empty_fields_loads_as_without_them(path: Path) -> None:
    """A title edit with empties gives what it gives without them (the patch is not cut)."""
    doc = document.dump(newsml.loads(path.read_bytes()))
    doc["title"] = (doc.get("title") or "") + ", edited"
    assert document.load(doc) == document.load(with_empties(doc))


def test_an_item_whose_only_property_is_the_carrier_keeps_its_original_through_an_edit() -> None:
    """An assignment without properties: its edited document has none once the carrier is out.

    The export adds an ``imext:type`` property the original lacks; the empty
    list left where the carrier was used to count as the user's value, so
    the edit failed the law and the carrier's removal of that property was
    left out.
    """
    original = (
        '<planning xmlns="http://iptc.org/std/nar/2006-10-01/"'
        ' guid="8f1f0a4e-4b7e-4c55-9d7e-1f2a3b4c5d6e" version="1">'
        '<itemClass qcode="ninat:text"/><headline>{}</headline>'
        '<links xmlns="http://www.infomaker.se/newsml/1.0"><link rel="assignment-of"'
        ' type="x-im/newscoverage" uuid="0d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d" id="a1"/>'
        "</links></planning>"
    )
    doc = document.dump(newsml.loads(original.format("Budget")))
    assert [document.CARRIER_PROPERTY] == [prop["name"] for prop in doc["properties"]]
    doc["title"] = "Budget, edited"
    assert canonical(original.format("Budget, edited")) == canonical(
        newsml.dumps(document.load(doc))
    )
