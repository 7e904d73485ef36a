"""The ``newsml`` command line, run as a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from support import FIXTURES


def newsml(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m newsml_codecs`` with `args`."""
    return subprocess.run(
        [sys.executable, "-m", "newsml_codecs", *args],
        input=stdin,
        capture_output=True,
        timeout=120,
    )


def test_one_file_goes_to_standard_output() -> None:
    """A single NewsML file converts to a document on stdout."""
    result = newsml("convert", str(FIXTURES / "article-full.xml"))
    assert 0 == result.returncode, result.stderr
    assert "5c3b1f0e-8d2a-4c1b-9a7e-2f4d6b8a0c11" == json.loads(result.stdout)["uuid"]


def test_directory_with_a_bad_file_converts_the_rest(tmp_path: Path) -> None:
    """A bad file is reported with its path, the others convert, the exit status is 1."""
    source = tmp_path / "in" / "nested"
    source.mkdir(parents=True)
    (source / "good.xml").write_bytes((FIXTURES / "article-full.xml").read_bytes())
    (source / "bad.xml").write_text("<newsItem><oops></newsItem>")
    result = newsml("convert", "-j", "2", str(tmp_path / "in"), "-o", str(tmp_path / "out"))
    assert 1 == result.returncode
    assert (tmp_path / "out" / "nested" / "good.json").is_file()
    stderr = result.stderr.decode()
    assert f"{source / 'bad.xml'}: malformed XML: mismatched tag" in stderr
    assert "converted 1 files, 1 failed" in stderr


def test_standard_input_both_ways() -> None:
    """NewsML from stdin becomes a document, and the document becomes NewsML again."""
    to_document = newsml("convert", "-", stdin=(FIXTURES / "article-full.xml").read_bytes())
    assert 0 == to_document.returncode, to_document.stderr
    back = newsml("convert", "--to", "newsml", "-", stdin=to_document.stdout)
    assert 0 == back.returncode, back.stderr
    assert b"<newsItem" in back.stdout


def test_validate_reports_problems_per_file(tmp_path: Path) -> None:
    """validate names the file and JSON path of each problem; exit 1 when any is invalid."""
    good = newsml("convert", str(FIXTURES / "article-full.xml")).stdout
    (tmp_path / "good.json").write_bytes(good)
    (tmp_path / "bad.json").write_text(json.dumps({"uuid": "nope", "type": "x"}))
    result = newsml("validate", str(tmp_path))
    assert 1 == result.returncode
    out = result.stdout.decode()
    assert f"{tmp_path / 'bad.json'}: $.uuid:" in out
    assert "good.json" not in out
    assert 0 == newsml("validate", str(tmp_path / "good.json")).returncode


def test_help_lists_the_subcommands() -> None:
    """--help names convert, validate and serve."""
    result = newsml("--help")
    assert 0 == result.returncode
    for command in (b"convert", b"validate", b"serve"):
        assert command in result.stdout
