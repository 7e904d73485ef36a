"""A document that went through protobuf unedited still loads from its carried original.

Protobuf reorders fields, drops empty ones and respells times (UTC, 0/3/6/9
fraction digits); the carrier's fingerprint leaves those out, so the
service's protobuf route gets the same cheap, exact answer as JSON.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import CORPUS_NEWSITEMS, FIXTURES

from newsml_codecs import document, newsml
from newsml_codecs.document import _convert
from newsml_tools.service import messages

SOURCES = [
    FIXTURES / "document-article.xml",
    FIXTURES / "kind-planningitem.xml",
    FIXTURES / "kind-concept-event.xml",
    *(  # the Writer's examples, when the corpus is beside the repository
        path
        for name in ("newsitem-text.xml", "newsitem-picture.xml", "newsitem-video.xml")
        if (path := CORPUS_NEWSITEMS / name).exists()
    ),
]


def through_protobuf(doc: dict[str, Any]) -> dict[str, Any]:
    message = messages.Document()
    messages.document_to_proto(doc, message)
    return messages.document_from_proto(messages.Document.FromString(message.SerializeToString()))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_an_unedited_document_through_protobuf_loads_from_the_original(
    path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Protobuf's spelling aside, the document is recognised as unedited: the carried
    original answers, neither the anchored way nor the patch way runs."""
    source = newsml.loads(path.read_bytes())
    wired = through_protobuf(document.dump(source))

    def edited_way(*_args: Any) -> Any:
        raise AssertionError("the unedited document went an edited way")

    monkeypatch.setattr(_convert, "restore", edited_way)
    monkeypatch.setattr(_convert, "patch_for", edited_way)
    assert source == document.load(wired)
