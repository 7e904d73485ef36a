"""``newsml convert`` refuses a batch whose outputs clash, before anything is written.

Two inputs with one target (same-named files into one ``-o`` directory), or a
target that is an input of the run (``convert dir -o dir``), are a usage
error (status 2, one line); the library's ``batch.convert`` raises
`ValueError` for the same batches.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.cli import ARTICLE, newsml_cli

from newsml_codecs import document, newsml
from newsml_tools import batch

BROKEN = b"<newsItem>\n  <itemMeta></newsItem>\n"


def _tree(directory: Path) -> dict[str, bytes]:
    """Every file below `directory` (hidden ones too) with its bytes."""
    return {
        str(path.relative_to(directory)): path.read_bytes()
        for path in sorted(directory.rglob("*"))
        if path.is_file()
    }


def test_same_named_inputs_into_one_directory_are_refused(tmp_path: Path) -> None:
    """x/a.xml and y/a.xml -o out/: status 2, one line naming both and the target; nothing written."""
    for folder in ("x", "y"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "a.xml").write_bytes(ARTICLE.read_bytes())
    out = tmp_path / "out"
    result = newsml_cli("convert", tmp_path / "x" / "a.xml", tmp_path / "y" / "a.xml", "-o", out)
    assert 2 == result.returncode, result.stderr
    assert [
        f"newsml convert: {tmp_path / 'x' / 'a.xml'} and {tmp_path / 'y' / 'a.xml'} would both "
        f"be written to {out / 'a.json'}; nothing was written "
        "(convert into another -o directory)"
    ] == result.stderr.splitlines()
    assert not out.exists()


def test_a_failing_twin_never_deletes_an_output(tmp_path: Path) -> None:
    """The second same-named input broken, out/a.json there from an earlier run: refused, a.json kept."""
    (tmp_path / "x").mkdir()
    (tmp_path / "y").mkdir()
    (tmp_path / "x" / "a.xml").write_bytes(ARTICLE.read_bytes())
    (tmp_path / "y" / "a.xml").write_bytes(BROKEN)
    out = tmp_path / "out"
    out.mkdir()
    (out / "a.json").write_text('{"earlier": "run"}\n', encoding="utf-8")
    result = newsml_cli("convert", tmp_path / "x" / "a.xml", tmp_path / "y" / "a.xml", "-o", out)
    assert 2 == result.returncode, result.stderr
    assert {"a.json": b'{"earlier": "run"}\n'} == _tree(out)


def test_converting_a_directory_into_itself_is_refused(tmp_path: Path) -> None:
    """A broken a.xml beside a valid a.json, convert dir -o dir: status 2, both files untouched."""
    folder = tmp_path / "dir"
    folder.mkdir()
    (folder / "a.xml").write_bytes(BROKEN)
    valid = json.dumps(document.dump(newsml.loads(ARTICLE.read_bytes()))).encode()
    (folder / "a.json").write_bytes(valid)
    before = _tree(folder)
    result = newsml_cli("convert", folder, "-o", folder)
    assert 2 == result.returncode, result.stderr
    [line] = result.stderr.splitlines()
    assert "an input of this run; nothing was written" in line, line
    assert before == _tree(folder)


def test_a_file_into_itself_is_refused(tmp_path: Path) -> None:
    """newsml convert --to document a.xml -o a.xml: status 2, the input untouched."""
    source = tmp_path / "a.xml"
    source.write_bytes(ARTICLE.read_bytes())
    result = newsml_cli("convert", "--to", "document", source, "-o", source)
    assert 2 == result.returncode, result.stderr
    assert f"{source} would be overwritten by its own output" in result.stderr
    assert ARTICLE.read_bytes() == source.read_bytes()


def test_distinct_targets_still_convert(tmp_path: Path) -> None:
    """Different names from different folders into one directory: both converted, status 0."""
    for folder, name in (("x", "a.xml"), ("y", "b.xml")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / name).write_bytes(ARTICLE.read_bytes())
    out = tmp_path / "out"
    result = newsml_cli("convert", tmp_path / "x" / "a.xml", tmp_path / "y" / "b.xml", "-o", out)
    assert 0 == result.returncode, result.stderr
    assert ["a.json", "b.json"] == sorted(_tree(out))


def test_the_library_refuses_clashing_outputs(tmp_path: Path) -> None:
    """batch.convert: ValueError before anything is written, for twins and for an input as target."""
    for folder in ("x", "y"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "a.xml").write_bytes(ARTICLE.read_bytes())
    twins = [tmp_path / "x" / "a.xml", tmp_path / "y" / "a.xml"]
    with pytest.raises(ValueError, match="would both be written to"):
        batch.convert(twins, tmp_path / "out", workers=1)
    assert not (tmp_path / "out").exists()
    (tmp_path / "x" / "a.json").write_bytes(b"{}")
    inputs = [tmp_path / "x" / "a.xml", tmp_path / "x" / "a.json"]
    with pytest.raises(ValueError, match="an input of this run"):
        batch.convert(inputs, tmp_path / "x", workers=1)
    assert b"{}" == (tmp_path / "x" / "a.json").read_bytes()
