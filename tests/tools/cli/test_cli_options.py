"""``newsml convert --options FILE``: the converter's options from a JSON file (subprocess)."""

from __future__ import annotations

import json
from pathlib import Path

from support.cli import newsml_cli

DOC = {
    "uuid": "u",
    "type": "x-im/article",
    "content": [{"id": "c", "type": "x-im/custom-text", "data": {"text": "hi"}}],
}
OPTIONS = {"element-types": ["x-im/custom-text"]}
ELEMENT = '<element id="c" type="x-im/custom-text">hi</element>'


def _files(tmp_path: Path) -> tuple[Path, Path]:
    doc = tmp_path / "in" / "doc.json"
    doc.parent.mkdir()
    doc.write_text(json.dumps(DOC), encoding="utf-8")
    options = tmp_path / "options.json"
    options.write_text(json.dumps(OPTIONS), encoding="utf-8")
    return doc, options


def test_convert_uses_the_options_file(tmp_path):
    """A custom text type is an IDF element with the options, an object without."""
    doc, options = _files(tmp_path)
    plain = newsml_cli("convert", doc)
    assert (0, False) == (plain.returncode, ELEMENT in plain.stdout)
    custom = newsml_cli("convert", doc, "--options", options)
    assert (0, True) == (custom.returncode, ELEMENT in custom.stdout)


def test_convert_passes_the_options_to_batch_jobs(tmp_path):
    """A directory converted on the process pool uses the options too."""
    doc, options = _files(tmp_path)
    result = newsml_cli(
        "convert", doc.parent, "-o", tmp_path / "out", "--options", options, "-j", "2"
    )
    assert 0 == result.returncode, result.stderr
    assert ELEMENT in (tmp_path / "out" / "doc.xml").read_text(encoding="utf-8")


def test_convert_refuses_bad_options_before_converting(tmp_path):
    """Bad options: exit 2, one line naming the file and the key path, nothing written."""
    doc, options = _files(tmp_path)
    options.write_text('{"text-options": [{"type": "t", "tag": {}}]}', encoding="utf-8")
    result = newsml_cli("convert", doc, "-o", tmp_path / "out.xml", "--options", options)
    assert 2 == result.returncode
    assert f"--options {options}: options text-options[0].tag: unknown key" in result.stderr
    assert not (tmp_path / "out.xml").exists()
    missing = newsml_cli("convert", doc, "--options", tmp_path / "none.json")
    assert 2 == missing.returncode
    assert f"--options {tmp_path / 'none.json'}: cannot read" in missing.stderr
