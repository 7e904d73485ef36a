"""``newsml validate``, run as a subprocess: documents, NewsML, trees, stdin, statuses."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from support.cli import ARTICLE, ARTICLE_UUID, copy_articles, newsml_cli

from newsml_codecs import document, newsml

SUMMARY = re.compile(r"^(\d+) valid, (\d+) invalid in \d+\.\d\d s$", re.MULTILINE)


def summary(stderr: str) -> tuple[int, int]:
    """The (valid, invalid) counts of the summary line on stderr."""
    match = SUMMARY.search(stderr)
    assert match is not None, stderr
    return int(match.group(1)), int(match.group(2))


def good_document() -> dict[str, Any]:
    """The document of the article fixture (schema-valid)."""
    return document.dump(newsml.loads(ARTICLE.read_bytes()))


def write_json(path: Path, value: object) -> Path:
    """Write `value` as JSON to `path` and return the path."""
    path.write_text(json.dumps(value), encoding="utf-8")
    return path


def test_valid_files_exit_0_and_print_no_problem(tmp_path: Path) -> None:
    """A valid document and a readable NewsML file: nothing on stdout, exit 0."""
    doc = write_json(tmp_path / "doc.json", good_document())
    result = newsml_cli("validate", doc, ARTICLE)
    assert 0 == result.returncode, result.stdout
    assert "" == result.stdout
    assert (2, 0) == summary(result.stderr)


def test_invalid_document_lists_each_problem_with_file_and_json_path(tmp_path: Path) -> None:
    """Every schema problem is a line '<file>: <JSON path>: <message>'; exit 1."""
    bad = write_json(
        tmp_path / "bad.json",
        {"uuid": ARTICLE_UUID.upper() + "x", "type": "x-im/article", "links": [{"uri": "nope"}]},
    )
    good = write_json(tmp_path / "good.json", good_document())
    result = newsml_cli("validate", good, bad)
    assert 1 == result.returncode
    assert [
        f"{bad}: $: 'created' is a required property",
        f"{bad}: $.uuid: '{ARTICLE_UUID.upper()}x' is too long",
        f"{bad}: $.uuid: '{ARTICLE_UUID.upper()}x' does not match "
        "'^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$'",
        f"{bad}: $.links[0].uri: 'nope' is not a 'uri'",
    ] == result.stdout.splitlines()
    assert (1, 1) == summary(result.stderr)


def test_broken_newsml_names_line_and_column(tmp_path: Path) -> None:
    """NewsML is valid when it loads; a broken file's problem says where."""
    bad = tmp_path / "bad.xml"
    bad.write_text("<newsItem>\n<itemMeta>\n</newsItem>", encoding="utf-8")
    result = newsml_cli("validate", bad)
    assert 1 == result.returncode
    assert re.fullmatch(rf"{re.escape(str(bad))}: .*\(line 3, column \d+\)\n", result.stdout)


def test_a_directory_is_searched_recursively_in_parallel(tmp_path: Path) -> None:
    """Every .xml and .json below the directory is checked, with -j 2; other files are not."""
    copy_articles(tmp_path / "a" / "b", 3)
    write_json(tmp_path / "a" / "doc.json", good_document())
    bad = write_json(tmp_path / "a" / "b" / "empty.json", {})
    (tmp_path / "a" / "readme.txt").write_text("not checked")
    result = newsml_cli("validate", "-j", "2", tmp_path)
    assert 1 == result.returncode
    assert (4, 1) == summary(result.stderr)
    assert {f"{bad}"} == {line.split(": ", 1)[0] for line in result.stdout.splitlines()}


@pytest.mark.parametrize("kind", ["xml", "json"])
def test_standard_input_is_sniffed(kind: str) -> None:
    """'-' reads stdin; XML or JSON is told by the first character."""
    data = ARTICLE.read_bytes() if kind == "xml" else json.dumps(good_document()).encode()
    assert 0 == newsml_cli("validate", "-", stdin=data).returncode
    bad = b"<newsItem><oops>" if kind == "xml" else b'{"type": "x"}'
    result = newsml_cli("validate", "-", stdin=bad)
    assert 1 == result.returncode
    assert result.stdout.startswith("-: ")


def test_not_json_and_missing_files_are_invalid(tmp_path: Path) -> None:
    """Undecodable JSON and unreadable files are problems of their file, not crashes."""
    broken = tmp_path / "broken.json"
    broken.write_text('{"uuid": ', encoding="utf-8")
    result = newsml_cli("validate", broken, tmp_path / "missing.json")
    assert 1 == result.returncode
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{broken}: not JSON: Expecting value: line 1 column 10")
    assert f"{tmp_path / 'missing.json'}: cannot read: No such file or directory" == lines[1]
    assert (0, 2) == summary(result.stderr)


def test_quiet_drops_the_summary(tmp_path: Path) -> None:
    """-q prints problems only, for several files too."""
    doc = write_json(tmp_path / "doc.json", good_document())
    result = newsml_cli("validate", "-q", doc, ARTICLE)
    assert (0, "", "") == (result.returncode, result.stdout, result.stderr)


def test_one_file_is_quiet_unless_verbose(tmp_path: Path) -> None:
    """One valid file prints nothing; with --verbose its summary line ("1 valid")."""
    doc = write_json(tmp_path / "doc.json", good_document())
    quiet = newsml_cli("validate", doc)
    assert (0, "", "") == (quiet.returncode, quiet.stdout, quiet.stderr)
    verbose = newsml_cli("validate", "-v", doc)
    assert 0 == verbose.returncode
    assert (1, 0) == summary(verbose.stderr)


def test_help_lists_the_subcommands_and_validate_options() -> None:
    """newsml --help names every registered subcommand; validate --help its options."""
    top = newsml_cli("--help")
    assert 0 == top.returncode
    listed = re.findall(r"^    (\w+) ", top.stdout, re.MULTILINE)
    assert ["convert", "validate"] == listed[:2]
    assert "serve" in listed
    sub = newsml_cli("validate", "--help")
    assert 0 == sub.returncode
    for option in ("-j N", "--scheduler ADDRESS", "--no-progress", "--quiet", "INPUT"):
        assert option in sub.stdout


def test_no_subcommand_is_a_usage_error() -> None:
    """Bare 'newsml' prints the usage and exits 2."""
    result = newsml_cli()
    assert 2 == result.returncode
    assert result.stderr.startswith("usage: newsml")
