"""Every item kind passes through the tools above the codecs: CLI, service, store, editor.

The service over real HTTP is tested in the service's own kind tests; here
its handlers run in-process, which is what decides whether a kind gets
through.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import attrs
import pytest
from support import FIXTURES, KIND_FIXTURES, canonical, fixture_text

import newsml_model as nm
from newsml_codecs import document, newsml, schema
from newsml_tools import cli
from newsml_tools.editor import Editor
from newsml_tools.service import _handlers
from newsml_tools.service._proto.cca import service_pb2
from newsml_tools.store import SQLiteStore

# One of each kind: the document codec's own tests cover every fixture.
SAMPLES = [
    "kind-concept-event.xml",
    "kind-planningitem.xml",
    "kind-assignment-dated.xml",
    "kind-list.xml",
    "kind-package.xml",
]
CONVERTER = document.Converter()  # the reference's defaults, as a served app holds them


@pytest.mark.parametrize("name", SAMPLES)
def test_service_converts_each_kind_in_json(name: str) -> None:
    """ConvertToDocument, ValidateNavigaDoc and ConvertToNewsml take any kind (JSON)."""
    xml = fixture_text(name)
    reply = _handlers.convert_to_document(CONVERTER, json.dumps({"newsml": xml}).encode(), False)
    doc = json.loads(reply)["document"]
    assert document.dump(newsml.loads(xml)) == doc
    checked = json.loads(
        _handlers.validate_navigadoc(json.dumps({"document": doc}).encode(), False)
    )
    assert [] == checked.get("errors", [])
    back = json.loads(
        _handlers.convert_to_newsml(CONVERTER, json.dumps({"document": doc}).encode(), False)
    )
    assert canonical(xml) == canonical(back["newsml"])


@pytest.mark.parametrize("name", SAMPLES)
def test_service_converts_each_kind_in_protobuf(name: str) -> None:
    """ConvertToDocument then ConvertToNewsml in protobuf bring back an item of the same kind.

    Exactness over protobuf (times whose offset protobuf cannot carry, K6) is
    the document codec's business, tested with the service's kind tests.
    """
    xml = fixture_text(name)
    request = service_pb2.ConvertToDocumentReq(newsml=xml).SerializeToString()
    reply = service_pb2.ConvertToDocumentRes.FromString(
        _handlers.convert_to_document(CONVERTER, request, True)
    )
    back_request = service_pb2.ConvertToNewsmlReq(document=reply.document).SerializeToString()
    back = service_pb2.ConvertToNewsmlRes.FromString(
        _handlers.convert_to_newsml(CONVERTER, back_request, True)
    )
    original, returned = newsml.loads(xml), newsml.loads(back.newsml)
    assert (type(original), original.guid) == (type(returned), returned.guid)


def test_cli_converts_and_validates_every_kind(tmp_path: Path) -> None:
    """`newsml convert` and `newsml validate` take a tree of every kind, both ways."""
    source = tmp_path / "in"
    source.mkdir()
    for name in KIND_FIXTURES:
        shutil.copy(FIXTURES / name, source / name)
    docs, xmls = tmp_path / "docs", tmp_path / "xml"
    options = ["-j", "1", "--no-progress", "-q"]
    assert 0 == cli.main(["convert", str(source), "-o", str(docs), *options])
    assert 0 == cli.main(["validate", str(source), *options])
    assert 0 == cli.main(["convert", str(docs), "-o", str(xmls), *options])
    valid = []
    for name in KIND_FIXTURES:
        written = json.loads((docs / name).with_suffix(".json").read_text(encoding="utf-8"))
        assert document.dump(newsml.loads(fixture_text(name))) == written
        valid.append(schema.is_valid(written))
        back = (xmls / name).read_text(encoding="utf-8")
        assert canonical(fixture_text(name)) == canonical(back)
    # validate reports what the schema says of each document, whatever the kind
    assert (0 if all(valid) else 1) == cli.main(["validate", str(docs), *options])


@pytest.mark.parametrize("name", SAMPLES)
def test_editor_refuses_other_kinds(name: str) -> None:
    """The editor session edits news items; another kind is a documented error naming it."""
    with pytest.raises(nm.UnsupportedItemKindError) as caught:
        Editor.from_newsml(fixture_text(name))
    assert newsml.loads(fixture_text(name)).element_name == caught.value.kind
    assert ("newsItem",) == caught.value.supported


@pytest.mark.parametrize("name", SAMPLES)
def test_store_saves_and_returns_each_kind(tmp_path: Path, name: str) -> None:
    """The store keeps any kind under its guid (a list's or package's uuid), with history."""
    item = newsml.loads(fixture_text(name))
    with SQLiteStore(tmp_path / "kinds.db") as db:
        first = db.save(item)
        second = db.save(item)
        assert item.guid is not None
        stored = db.get(item.guid)
        assert attrs.evolve(item, etag=second.etag) == stored
        assert type(item) is type(db.get(item.guid, first.revision))
        assert [1, 2] == [revision.revision for revision in db.history(item.guid)]
