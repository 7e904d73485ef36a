"""The Writer's first save of an edited article (`document.to_newsml`) frees what it made by
reference counting.

A save that leaves a reference cycle keeps what the cycle holds until a
garbage collection, whose runs through young objects then cost the save
more than the work (docs/performance.md, "The skeleton's walk and the
garbage collector": the save builds the original of the skeleton as the
open walks it).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from support import FIXTURES
from support.garbage import cycles_left

from newsml_codecs import document

SUBJECT = {
    "uuid": "03d22994-a1d1-11e5-aab3-6ed9a6c3f6f2",
    "title": "Subject",
    "type": "x-im/category",
    "rel": "subject",
}


def edited(doc: dict[str, Any]) -> dict[str, Any]:
    """`doc` with a reporter's edit: the first text block's text changed, a subject link added."""
    out = copy.deepcopy(doc)
    block = next(b for b in out["content"] if isinstance((b.get("data") or {}).get("text"), str))
    block["data"]["text"] = "Edited."
    out.setdefault("links", []).append(dict(SUBJECT))
    return out


@pytest.mark.parametrize("name", ["article-full.xml", "document-article.xml", "lean-odd.xml"])
def test_a_first_save_leaves_no_garbage_cycle(name: str) -> None:
    """The first save of an opened article, edited, builds the original of its skeleton and
    leaves nothing for the garbage collector to find."""
    doc = document.from_newsml((FIXTURES / name).read_bytes())
    assert '"k":' in str(doc["properties"])  # a skeleton: its original is the one built
    changed = edited(doc)
    document._PATCHES.clear()  # as for a document not seen before
    text, left = cycles_left(lambda: document.to_newsml(changed))
    assert 0 == left
    assert "Edited." in text
