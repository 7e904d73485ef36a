"""``newsml serve --options FILE``: a real service process on loopback converts with the options.

The app holds its converter (no module-wide options): two apps in one
process, each served over HTTP on loopback, convert each with its own.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
import uvicorn
from support.service import JSON, start_server, stop_server, wait_for

from newsml_codecs import document
from newsml_tools.service import ToolsApp

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


@contextmanager
def _serving(app: ToolsApp) -> Iterator[str]:
    """`app` served by uvicorn in a thread of this process on a loopback socket; its base URL."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        assert wait_for(lambda: server.started), "the in-process server did not start"
        yield f"http://127.0.0.1:{sock.getsockname()[1]}/twirp/cca.Tools/"
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()


def _newsml_of(base: str) -> str:
    """The NewsML a served app makes of `DOC` (ConvertToNewsml, JSON)."""
    reply = httpx.post(base + "ConvertToNewsml", json={"document": DOC}, timeout=30)
    assert 200 == reply.status_code, reply.text
    text: str = reply.json()["newsml"]
    return text


def test_each_app_converts_with_its_own_converter():
    """Two apps in one process, over HTTP: the one given a converter uses its options, the other the defaults."""
    custom = ToolsApp(converter=document.Converter({"element-types": ["x-im/custom-text"]}))
    plain = ToolsApp()
    assert document.Converter() == plain.converter
    with _serving(custom) as custom_url, _serving(plain) as plain_url:
        assert [True, False, True] == [
            ELEMENT in _newsml_of(url) for url in (custom_url, plain_url, custom_url)
        ]
        diff = httpx.post(
            custom_url + "Diff",
            json={"a": {"newsml": _newsml_of(custom_url)}, "b": {"document": DOC}},
            timeout=30,
        )
        assert (200, {"differences": []}) == (diff.status_code, diff.json())


def test_an_app_converts_with_the_converter_it_holds_now():
    """A converter assigned to ``app.converter`` after construction is the one every route uses,
    as the app's other attributes (``page``, ``hosts``...) take effect when set."""
    app = ToolsApp()
    with _serving(app) as url:
        before = _newsml_of(url)
        app.converter = document.Converter({"element-types": ["x-im/custom-text"]})
        after = _newsml_of(url)
        diff = httpx.post(
            url + "Diff", json={"a": {"newsml": after}, "b": {"document": DOC}}, timeout=30
        )
    assert [False, True] == [ELEMENT in before, ELEMENT in after]
    assert (200, {"differences": []}) == (diff.status_code, diff.json())


def test_an_app_refuses_what_is_not_a_converter():
    """Options given as ``converter=`` (a mapping) are refused when the app is built, not
    answered with an internal error at every conversion."""
    with pytest.raises(ValueError, match=r"^converter must be a document\.Converter .*, not dict$"):
        ToolsApp(converter={"element-types": ["x-im/custom-text"]})  # type: ignore[arg-type]
