"""The service's building blocks: dict <-> protobuf documents, codes, protos, exports."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import support

import newsml_model as nm
import newsml_tools.service as service
from newsml_codecs import document, newsml
from newsml_tools.service import ERROR_STATUS, TwirpError
from newsml_tools.service._proto.cca import service_pb2
from newsml_tools.service._proto.naviga import document_pb2
from newsml_tools.service._wire import document_from_proto, document_to_proto

ROOT = Path(__file__).resolve().parents[3]
ARTICLE = support.fixture_text("article-full.xml")


def through_proto(doc: dict[str, Any]) -> dict[str, Any]:
    """`doc` encoded as a binary naviga.Document and decoded again."""
    msg = document_pb2.Document()
    document_to_proto(doc, msg)
    return document_from_proto(document_pb2.Document.FromString(msg.SerializeToString()))


def test_exports_are_pinned() -> None:
    """The service package exports exactly these names."""
    expected = [
        "DEFAULT_MAX_BODY_BYTES",
        "ERROR_STATUS",
        "HostCheck",
        "ToolsApp",
        "ToolsClient",
        "TwirpError",
        "app",
        "error_from_response",
    ]
    assert expected == service.__all__


def test_article_document_survives_protobuf() -> None:
    """The full article's document is equal after a binary round trip."""
    doc = document.dump(newsml.loads(ARTICLE))
    assert doc == through_proto(doc)


@pytest.mark.parametrize("path", support.corpus_params())
def test_corpus_documents_survive_protobuf(path: Path) -> None:
    """Every corpus document is equal after a binary round trip."""
    doc = document.dump(newsml.loads(path.read_bytes()))
    assert doc == through_proto(doc)


def test_every_field_survives_protobuf() -> None:
    """Each field of Document, Block and Property travels, with its field number."""
    block = {
        "id": "1",
        "uuid": "u",
        "uri": "im://x",
        "url": "https://x",
        "type": "t",
        "title": "T",
        "data": {"k": "", "text": "<b>x</b>"},
        "rel": "r",
        "name": "n",
        "value": "v",
        "contentType": "image/jpeg",
        "role": "ro",
    }
    doc = {
        "uuid": "u",
        "type": "x-im/article",
        "uri": "im://a",
        "url": "https://a",
        "title": "A",
        "path": "/a",
        "products": ["p1", "p2"],
        "created": "2024-03-05T09:00:00Z",
        "modified": "2024-03-05T09:15:30.500Z",
        "published": "2024-03-05T11:00:00Z",
        "unpublished": "2024-04-05T10:00:00.123456789Z",
        "content": [{**block, "content": [block]}],
        "meta": [{**block, "meta": [block]}],
        "links": [{**block, "links": [block]}],
        "properties": [{"name": "n", "value": "v", "parameters": {"a": "b"}}],
        "source": "s",
        "language": "sv",
        "status": "draft",
        "provider": "P",
    }
    assert doc == through_proto(doc)
    assert {"type", "contentType"} <= {f.name for f in document_pb2.Block.DESCRIPTOR.fields}
    assert 11 == document_pb2.Block.DESCRIPTOR.fields_by_name["contentType"].number


MAPPED = """
import json, sys
from newsml_codecs import document, newsml
from newsml_tools.service._wire import document_from_proto, document_to_proto
from newsml_tools.service._proto.naviga import document_pb2
doc = json.loads(sys.argv[1])
msg = document_pb2.Document()
document_to_proto(doc, msg)
back = document_from_proto(document_pb2.Document.FromString(msg.SerializeToString()))
print(json.dumps([list(back["content"][0]["data"]), newsml.dumps(document.load(back))]))
"""


def test_a_protobuf_map_gives_the_same_newsml_in_every_process() -> None:
    """A block's ``data`` sent as protobuf (a map, read back in an order that changes from
    process to process) comes back in its keys' order: the same NewsML in every process."""
    keys = ["width", "height", "text", "credit", "alttext", "flags", "href", "caption"]
    image = {"type": "x-im/image", "uuid": "b1", "data": {key: key[0] for key in keys}}
    doc = {"uuid": "u-1", "type": "x-im/article", "content": [image]}
    runs = {
        subprocess.run(
            [sys.executable, "-c", MAPPED, json.dumps(doc)],
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        ).stdout
        for _ in range(4)
    }
    assert 1 == len(runs)
    assert sorted(keys) == json.loads(runs.pop())[0]


def test_times_arrive_in_utc() -> None:
    """A time with an offset travels as the same instant in UTC (decision T9)."""
    assert {"type": "t", "created": "2024-03-05T08:00:00Z"} == through_proto(
        {"type": "t", "created": "2024-03-05T09:00:00+01:00"}
    )


def test_empty_and_null_fields_are_omitted() -> None:
    """proto3 has no empty strings or lists to send: they come back absent, as does null."""
    assert {"type": "t"} == through_proto({"type": "t", "title": "", "links": [], "uri": None})


@pytest.mark.parametrize(
    ("doc", "path"),
    [
        ({"type": 5}, "$.type"),
        ({"type": "t", "created": "yesterday"}, "$.created"),
        ({"type": "t", "content": {}}, "$.content"),
        ({"type": "t", "content": ["x"]}, "$.content[0]"),
        ({"type": "t", "links": [{"links": [{"data": {"a": 1}}]}]}, "$.links[0].links[0].data.a"),
        ({"type": "t", "properties": [{"parameters": []}]}, "$.properties[0].parameters"),
        ({"type": "t", "products": [1]}, "$.products[0]"),
        ({"type": "t", "extra": "x"}, "$.extra"),
        ({"type": "t", "meta": [{"bad": "x"}]}, "$.meta[0].bad"),
        ({"type": "t", "properties": [{"other": "x"}]}, "$.properties[0].other"),
    ],
)
def test_unsendable_documents_name_the_path(doc: dict[str, Any], path: str) -> None:
    """What naviga.Document cannot carry raises InvalidDocumentError at its JSON path."""
    with pytest.raises(nm.InvalidDocumentError) as raised:
        document_to_proto(doc, document_pb2.Document())
    assert path == raised.value.path


def test_timestamp_out_of_range_names_its_field() -> None:
    """A decoded Timestamp out of range raises InvalidDocumentError at the field's path."""
    msg = document_pb2.Document(type="x-im/article")
    msg.modified.nanos = -1
    with pytest.raises(nm.InvalidDocumentError) as raised:
        document_from_proto(msg)
    assert "$.modified" == raised.value.path


def test_error_status_table() -> None:
    """The Twirp code table of spec Part 2, `data_loss` spelt as the runtimes do."""
    expected = {
        "canceled": 408,
        "unknown": 500,
        "invalid_argument": 400,
        "malformed": 400,
        "deadline_exceeded": 408,
        "not_found": 404,
        "bad_route": 404,
        "already_exists": 409,
        "permission_denied": 403,
        "unauthenticated": 401,
        "resource_exhausted": 429,
        "failed_precondition": 412,
        "aborted": 409,
        "out_of_range": 400,
        "unimplemented": 501,
        "internal": 500,
        "unavailable": 503,
        "data_loss": 500,
    }
    assert expected == dict(ERROR_STATUS)


def test_error_body_omits_empty_meta() -> None:
    """An error without meta has only code and msg."""
    assert (
        b'{"code": "internal", "msg": "internal error"}'
        == TwirpError("internal", "internal error").body()
    )


def test_proto_enums_match_the_model() -> None:
    """The cca enums in service.proto have the model's names and wire values."""
    for enum in (nm.ProcessingStatus, nm.LockingMode, nm.DownloadType):
        proto = service_pb2.DESCRIPTOR.enum_types_by_name[enum.__name__]
        assert {member.name: member.value for member in enum} == {
            v.name: v.number for v in proto.values
        }


@pytest.mark.skipif(
    importlib.util.find_spec("grpc_tools") is None, reason="grpcio-tools is not installed"
)
def test_generated_code_is_up_to_date(tmp_path: Path) -> None:
    """scripts/gen_proto.py regenerates exactly the committed messages."""
    script = (ROOT / "scripts" / "gen_proto.py").read_text()
    out = tmp_path / "_proto"
    patched = script.replace(
        'OUT_DIR = ROOT / "newsml_tools" / "service" / "_proto"', f"OUT_DIR = Path({str(out)!r})"
    )
    assert patched != script
    runner = tmp_path / "gen.py"
    runner.write_text(
        patched.replace("Path(__file__).resolve().parent.parent", f"Path({str(ROOT)!r})")
    )
    subprocess.run([sys.executable, str(runner)], check=True)
    committed = ROOT / "newsml_tools" / "service" / "_proto"

    def sources(root: Path) -> list[str]:
        return sorted(
            p.relative_to(root).as_posix() for p in root.rglob("*") if p.suffix in (".py", ".pyi")
        )

    names = sources(out)
    assert sources(committed) == names
    for name in names:
        assert (committed / name).read_text() == (out / name).read_text(), name
