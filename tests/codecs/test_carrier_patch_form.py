"""A carrier of the previous release holds the patch itself (no ``o``): it still loads.

Documents stored by that release carry the patch `dump` then made, the
differences between the original and the reference's export of its
document, where this one carries the original and derives the patch at an
edited load. The patch here is made by the derivation that release ran at
`dump` (`patch_for`; since, it adds identities, ``"i"``, and pairs a node
whose ``rel`` or ``id`` the export dropped). Both unedited and edited
documents of that form load as they did: the original back, or the edit with
what the patch restores beside it.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from support import FIXTURES, canonical
from support.carrier import split_value

from newsml_codecs import document, newsml
from newsml_codecs.document._config import DEFAULT
from newsml_codecs.document._convert import patch_for

FILES = [FIXTURES / "document-article.xml", FIXTURES / "kind-concept-person.xml"]


def patch_form(doc: dict[str, Any], original: Any) -> dict[str, Any]:
    """`doc` with its carrier in the previous release's form: the kind header, then the patch."""
    out = copy.deepcopy(doc)
    for prop in out["properties"]:
        if prop["name"] == document.CARRIER_PROPERTY:
            header = split_value(prop["value"])[0]
            prop["value"] = header + json.dumps(patch_for(DEFAULT, original))
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda path: Path(path).name)
def test_an_unedited_document_of_the_patch_form_gives_back_the_original(path: Path) -> None:
    """No ``o`` to answer from: the patch is applied to the export, and the law holds it whole."""
    original = newsml.loads(path.read_bytes())
    doc = patch_form(document.dump(original), original)
    assert '"o"' not in json.dumps(doc["properties"])
    assert canonical(newsml.dumps(original)) == canonical(newsml.dumps(document.load(doc)))


@pytest.mark.parametrize("path", FILES, ids=lambda path: Path(path).name)
def test_an_edited_document_of_the_patch_form_keeps_the_edit_and_the_rest(path: Path) -> None:
    """A title edit loads as the same edit of a document of this release's form."""
    original = newsml.loads(path.read_bytes())
    doc = document.dump(original)
    doc["title"] = (doc.get("title") or "") + ", edited"
    expected = newsml.dumps(document.load(doc))
    assert ", edited" in expected
    assert canonical(expected) == canonical(newsml.dumps(document.load(patch_form(doc, original))))
