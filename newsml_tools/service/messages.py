"""The Tools service's protobuf messages, for callers that speak protobuf themselves.

The generated classes of ``cca/service.proto`` and ``naviga/document.proto``
(Naviga's field numbers), importable without reaching into the package's
internals, and the ``.proto`` files themselves (shipped in the wheel) for
generating clients in other languages. With these and any HTTP client a
call is a POST of the serialized request::

    import httpx
    from newsml_tools.service import messages

    req = messages.ConvertToDocumentReq(newsml=xml_text)
    reply = httpx.post(
        "http://127.0.0.1:8080/twirp/cca.Tools/ConvertToDocument",
        content=req.SerializeToString(),
        headers={"Content-Type": "application/protobuf"},
    )
    doc = messages.document_from_proto(messages.ConvertToDocumentRes.FromString(reply.content).document)

`document_to_proto` and `document_from_proto` turn the plain NavigaDoc
dicts of ``newsml_codecs.document`` into ``naviga.Document`` messages and
back, as `ToolsClient` does. Needs the ``service`` extra (protobuf).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from newsml_tools.service._proto.cca import service_pb2
from newsml_tools.service._proto.naviga import document_pb2
from newsml_tools.service._wire import document_from_proto, document_to_proto

__all__ = [
    "PROTO_FILES",
    "Block",
    "ConvertToDocumentReq",
    "ConvertToDocumentRes",
    "ConvertToNewsmlReq",
    "ConvertToNewsmlRes",
    "Document",
    "Property",
    "ValidateDocumentReq",
    "ValidateDocumentRes",
    "document_from_proto",
    "document_to_proto",
    "proto_dir",
]

Document = document_pb2.Document
"""``naviga.Document``."""
Block = document_pb2.Block
"""``naviga.Block``: a link, content or meta block."""
Property = document_pb2.Property
"""``naviga.Property``."""

ConvertToDocumentReq = service_pb2.ConvertToDocumentReq
"""``cca.ConvertToDocumentReq``: ``newsml`` (the NewsML text)."""
ConvertToDocumentRes = service_pb2.ConvertToDocumentRes
"""``cca.ConvertToDocumentRes``: ``document``."""
ConvertToNewsmlReq = service_pb2.ConvertToNewsmlReq
"""``cca.ConvertToNewsmlReq``: ``document``."""
ConvertToNewsmlRes = service_pb2.ConvertToNewsmlRes
"""``cca.ConvertToNewsmlRes``: ``newsml``."""
ValidateDocumentReq = service_pb2.ValidateDocumentReq
"""``cca.ValidateDocumentReq`` (of ``ValidateNavigaDoc``): ``document``."""
ValidateDocumentRes = service_pb2.ValidateDocumentRes
"""``cca.ValidateDocumentRes``: ``schemaErrors``, empty when valid."""

PROTO_FILES = ("cca/service.proto", "naviga/document.proto")
"""The ``.proto`` files, relative to `proto_dir` (the import root ``protoc -I`` wants)."""


def proto_dir() -> Path:
    """The folder holding the service's ``.proto`` files (`PROTO_FILES` relative to it).

    Installed from the wheel it is ``newsml_tools/service/proto`` inside the
    package; in a source checkout, the repository's ``proto/``.

    Returns:
        The folder, for ``protoc -I <folder> cca/service.proto ...``.
    """
    packaged = Path(str(resources.files("newsml_tools.service").joinpath("proto")))
    if (packaged / PROTO_FILES[0]).is_file():
        return packaged
    return Path(__file__).resolve().parents[2] / "proto"
