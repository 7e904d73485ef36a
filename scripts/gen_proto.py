"""Regenerate the protobuf message classes of the Tools service.

Reads ``proto/cca/service.proto`` and ``proto/naviga/document.proto`` and
writes ``*_pb2.py`` with ``*_pb2.pyi`` stubs (so ``mypy --strict`` sees
typed messages) under ``newsml_tools/service/_proto/``. Run it after
editing a ``.proto`` file and commit the result::

    .venv/bin/python scripts/gen_proto.py

Needs ``grpcio-tools`` (the ``dev`` extra). protoc writes
``from naviga import document_pb2``, an import that only works with
``_proto`` on ``sys.path``; the script rewrites it to the package path.
"""

from __future__ import annotations

import re
import sys
from importlib import resources
from pathlib import Path

from grpc_tools import protoc

ROOT = Path(__file__).resolve().parent.parent
PROTO_DIR = ROOT / "proto"
OUT_DIR = ROOT / "newsml_tools" / "service" / "_proto"
PACKAGE = "newsml_tools.service._proto"
PROTOS = ("naviga/document.proto", "cca/service.proto")
# Generated code is not ours to lint. The stubs are type-checked, less the
# bare `Mapping` protoc writes in constructor signatures.
HEADER = "# ruff: noqa\n"
STUB_HEADER = '# mypy: disable-error-code="type-arg"\n'


def generate() -> None:
    """Run protoc on every proto file and fix up the generated imports.

    Raises:
        SystemExit: protoc failed (its messages are on stderr).
    """
    include = str(resources.files("grpc_tools") / "_proto")
    for sub in ("cca", "naviga"):
        (OUT_DIR / sub).mkdir(parents=True, exist_ok=True)
        (OUT_DIR / sub / "__init__.py").write_text('"""Generated protobuf messages."""\n')
    (OUT_DIR / "__init__.py").write_text(
        '"""Generated protobuf messages (scripts/gen_proto.py); do not edit."""\n'
    )
    args = [
        "protoc",
        f"--proto_path={PROTO_DIR}",
        f"--proto_path={include}",
        f"--python_out={OUT_DIR}",
        f"--pyi_out={OUT_DIR}",
        *(str(PROTO_DIR / name) for name in PROTOS),
    ]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed")
    for path in sorted(OUT_DIR.rglob("*_pb2.py*")):
        text = path.read_text()
        text = re.sub(r"^from (cca|naviga) import", rf"from {PACKAGE}.\1 import", text, flags=re.M)
        if not text.startswith(HEADER):
            text = HEADER + (STUB_HEADER if path.suffix == ".pyi" else "") + text
        path.write_text(text)


if __name__ == "__main__":
    generate()
    sys.exit(0)
