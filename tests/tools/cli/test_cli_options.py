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


def test_convert_refuses_too_deep_or_too_large_options(tmp_path):
    """5,000 levels of nesting, or over a MiB: exit 2, one line naming the file, no traceback."""
    doc, _ = _files(tmp_path)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    large = tmp_path / "large.json"
    large.write_text(json.dumps({"element-types": ["x" * 100] * 12000}), encoding="utf-8")
    for path, reason in (
        (deep, "nested deeper than 32 levels"),
        (large, "larger than 1048576 bytes"),
    ):
        result = newsml_cli("convert", doc, "--options", path)
        assert (2, [f"newsml convert: --options {path}: {reason}"]) == (
            result.returncode,
            result.stderr.strip().splitlines(),
        )
        assert "Traceback" not in result.stderr
