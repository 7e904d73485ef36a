"""The service's edges: TwirpError in the one hierarchy, the same bad-document error over
both protocols, the public protobuf messages (called with plain httpx) and the .proto files
in the wheel."""

from __future__ import annotations

import pickle
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import httpx
import pytest
from support import FIXTURES
from support import service as service_support
from support.service import Server

import newsml_model as nm
from newsml_codecs import newsml, schema
from newsml_model import examples
from newsml_tools.service import ToolsClient, TwirpError, messages

ROOT = Path(__file__).resolve().parents[3]
PIP_WHEEL = (sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q")
GOOD = {
    "uuid": "1d02738f-7c99-42ba-a6da-3d1b97261523",
    "type": "x-im/article",
    "created": "2024-03-05T09:00:00Z",
}
# Documents the converter refuses: the JSON route's error is the protobuf client's too.
REFUSED: list[dict[str, Any]] = [
    {**GOOD, "links": "x"},
    {**GOOD, "links": [{"data": {"a": 1}}]},
    {**GOOD, "title": 3},
    {**GOOD, "properties": [{"name": "x", "parameters": {"p": 2}}]},
    {"uuid": GOOD["uuid"], "created": GOOD["created"]},
]


def test_twirp_error_is_in_the_library_hierarchy() -> None:
    """TwirpError is a NewsItemError with its code, msg, meta and status, and it pickles."""
    error = TwirpError("invalid_argument", "document cannot be read", {"argument": "document"})
    assert isinstance(error, nm.NewsItemError)
    assert ("invalid_argument", "document cannot be read", {"argument": "document"}, 400) == (
        error.code,
        error.msg,
        error.meta,
        error.status,
    )
    copy = pickle.loads(pickle.dumps(error))
    assert (error.code, error.msg, error.meta, str(error)) == (
        copy.code,
        copy.msg,
        copy.meta,
        str(copy),
    )


@pytest.mark.parametrize("doc", REFUSED)
def test_a_refused_document_fails_alike_over_both_protocols(
    server: Server, doc: dict[str, Any]
) -> None:
    """ConvertToNewsml of a bad document: same error type, code, message and meta in JSON and protobuf."""
    seen = []
    for protocol in ("json", "protobuf"):
        with (
            ToolsClient(server.base_url, protocol=protocol) as tools,  # type: ignore[arg-type]
            pytest.raises(TwirpError) as raised,
        ):
            tools.convert_to_newsml(doc)
        seen.append((type(raised.value), raised.value.code, raised.value.msg, raised.value.meta))
    assert seen[0] == seen[1]
    assert "invalid_argument" == seen[0][1]
    assert "document" == seen[0][3]["argument"]


@pytest.mark.parametrize(
    "doc",
    [{**GOOD, "created": "yesterday"}, {**GOOD, "title": 3}, {**GOOD, "foo": 1}],
)
def test_validate_of_an_uncarriable_document_is_the_json_answer(
    server: Server, doc: dict[str, Any]
) -> None:
    """ValidateNavigaDoc of a document naviga.Document cannot carry answers what the JSON route answers."""
    with (
        ToolsClient(server.base_url, protocol="json") as over_json,
        ToolsClient(server.base_url, protocol="protobuf") as over_proto,
    ):
        expected = over_json.validate_navigadoc(doc)
        assert expected == over_proto.validate_navigadoc(doc)
    assert schema.errors(doc) == expected


def test_protobuf_from_plain_httpx(server: Server) -> None:
    """The public messages and plain httpx: convert to a document and back, and validate."""
    xml = (FIXTURES / "article-full.xml").read_text(encoding="utf-8")
    headers = {"Content-Type": "application/protobuf"}
    base = server.base_url + "/twirp/cca.Tools/"
    req = messages.ConvertToDocumentReq(newsml=xml)
    reply = httpx.post(base + "ConvertToDocument", content=req.SerializeToString(), headers=headers)
    assert 200 == reply.status_code
    doc = messages.document_from_proto(
        messages.ConvertToDocumentRes.FromString(reply.content).document
    )
    assert service_support.CONVERTER.from_newsml(xml) == doc
    back = messages.ConvertToNewsmlReq()
    messages.document_to_proto(doc, back.document)
    reply = httpx.post(base + "ConvertToNewsml", content=back.SerializeToString(), headers=headers)
    assert newsml.equivalent(xml, messages.ConvertToNewsmlRes.FromString(reply.content).newsml)
    check = messages.ValidateDocumentReq(document=messages.Document(uuid="nope", type="x"))
    reply = httpx.post(
        base + "ValidateNavigaDoc", content=check.SerializeToString(), headers=headers
    )
    problems = list(messages.ValidateDocumentRes.FromString(reply.content).schemaErrors)
    assert any(problem.startswith("$.uuid: 'nope'") for problem in problems)


def test_proto_dir_holds_the_proto_files() -> None:
    """proto_dir() has every file of PROTO_FILES, the same text as the repository's proto/."""
    for name in messages.PROTO_FILES:
        assert (ROOT / "proto" / name).read_bytes() == (messages.proto_dir() / name).read_bytes()


def test_the_wheel_ships_the_proto_files(tmp_path: Path) -> None:
    """The built wheel holds the .proto files at newsml_tools/service/proto and the messages module.

    And the sample article the docs read (``newsml_model.examples``), so users of the wheel have it.
    """
    pytest.importorskip("hatchling")
    subprocess.run(
        [*PIP_WHEEL, "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=240,
    )
    (wheel,) = tmp_path.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        for name in messages.PROTO_FILES:
            inside = f"newsml_tools/service/proto/{name}"
            assert inside in names
            assert (ROOT / "proto" / name).read_bytes() == archive.read(inside)
        assert "newsml_tools/service/messages.py" in names
        assert examples.article() == archive.read("newsml_model/examples/article.xml")
