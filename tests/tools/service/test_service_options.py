"""``newsml serve --options FILE``: a real service process on loopback converts with the options."""

from __future__ import annotations

import json
import subprocess
import sys

import httpx
from support.service import JSON, start_server, stop_server

DOC = {
    "uuid": "u",
    "type": "x-im/article",
    "content": [{"id": "c", "type": "x-im/custom-text", "data": {"text": "hi"}}],
}
ELEMENT = '<element id="c" type="x-im/custom-text">hi</element>'


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
    result = subprocess.run(
        [sys.executable, "-m", "newsml_tools", "serve", "--port", "1", "--options", str(options)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert 2 == result.returncode
    assert f"--options {options}: options status[0].status: missing" in result.stderr
