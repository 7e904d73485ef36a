"""``newsml serve --options FILE``: a real service process on loopback converts with the options."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import httpx
from support.service import JSON, start_server, stop_server

DOC = {
    "uuid": "u",
    "type": "x-im/article",
    "content": [{"id": "c", "type": "x-im/custom-text", "data": {"text": "hi"}}],
}
ELEMENT = '<element id="c" type="x-im/custom-text">hi</element>'


def serve_once(options: Path) -> subprocess.CompletedProcess[str]:
    """``newsml serve --options OPTIONS`` on port 1, which must exit before binding."""
    return subprocess.run(
        [sys.executable, "-m", "newsml_tools", "serve", "--port", "1", "--options", str(options)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_serve_converts_with_the_options_file(tmp_path):
    """Both directions over HTTP use the options; the custom type is an element and back."""
    options = tmp_path / "options.json"
    options.write_text(json.dumps({"element-types": ["x-im/custom-text"]}), encoding="utf-8")
    server = start_server("--workers", "1", "--options", str(options))
    try:
        reply = httpx.post(
            server.url("ConvertToNewsml"),
            json={"document": DOC},
            headers={"Content-Type": JSON},
            timeout=30,
        )
        assert 200 == reply.status_code, reply.text
        text = reply.json()["newsml"]
        assert ELEMENT in text
        back = httpx.post(
            server.url("ConvertToDocument"),
            json={"newsml": text},
            headers={"Content-Type": JSON},
            timeout=30,
        )
        assert 200 == back.status_code, back.text
        assert [{"id": "c", "type": "x-im/custom-text"}] == [
            {key: block[key] for key in ("id", "type")}
            for block in back.json()["document"]["content"]
        ]
    finally:
        stop_server(server)


def test_serve_refuses_bad_options(tmp_path):
    """Bad options: exit 2 with one line naming the key path, before serving."""
    options = tmp_path / "options.json"
    options.write_text('{"status": [{"qcode": "q"}]}', encoding="utf-8")
    result = serve_once(options)
    assert 2 == result.returncode
    assert f"--options {options}: options status[0].status: missing" in result.stderr


def test_the_page_diff_converts_documents_with_the_options(tmp_path):
    """A qcode-type override: Diff of a document and its ConvertToNewsml finds no difference."""
    options = tmp_path / "options.json"
    options.write_text(
        json.dumps({"qcode-type": [{"qcode": "ninat:audio", "type": "x-im/audio"}]}),
        encoding="utf-8",
    )
    audio = {"uuid": "2b1e4a5c-9d3f-4e8a-b7c6-0f1e2d3c4b5a", "type": "x-im/audio"}
    server = start_server("--workers", "1", "--options", str(options))
    try:
        converted = httpx.post(server.url("ConvertToNewsml"), json={"document": audio}, timeout=30)
        assert 200 == converted.status_code, converted.text
        text = converted.json()["newsml"]
        assert 'qcode="ninat:audio"' in text
        reply = httpx.post(
            server.url("Diff"),
            json={"a": {"newsml": text}, "b": {"document": audio}},
            timeout=30,
        )
        assert (200, {"differences": []}) == (reply.status_code, reply.json())
    finally:
        stop_server(server)


def test_serve_refuses_too_deep_or_too_large_options(tmp_path):
    """5,000 levels of nesting, or over a MiB: exit 2, one line naming the file, no traceback."""
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    shallow_but_deep = tmp_path / "deep40.json"
    shallow_but_deep.write_text('{"a":' * 40 + "1" + "}" * 40, encoding="utf-8")
    large = tmp_path / "large.json"
    large.write_text(json.dumps({"element-types": ["x" * 100] * 12000}), encoding="utf-8")
    for path, reason in (
        (deep, "nested deeper than 32 levels"),
        (shallow_but_deep, "nested deeper than 32 levels"),
        (large, "larger than 1048576 bytes"),
    ):
        result = serve_once(path)
        assert (2, [f"newsml serve: error: --options {path}: {reason}"]) == (
            result.returncode,
            result.stderr.strip().splitlines(),
        )
