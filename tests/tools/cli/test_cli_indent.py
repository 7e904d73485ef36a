"""``newsml convert --indent`` and ``newsml store get --indent``: pretty output, as a subprocess."""

from __future__ import annotations

import json
from pathlib import Path

from support.cli import ARTICLE, newsml_cli

from newsml_codecs import document, newsml


def test_convert_indent_writes_pretty_documents() -> None:
    """--indent 2: the document as json.dumps(indent=2) writes it, plus a final newline."""
    result = newsml_cli("convert", ARTICLE, "--indent", "2")
    assert 0 == result.returncode, result.stderr
    doc = document.dump(newsml.loads(ARTICLE.read_bytes()))
    assert json.dumps(doc, ensure_ascii=False, indent=2) + "\n" == result.stdout
    compact = newsml_cli("convert", ARTICLE)
    assert json.loads(compact.stdout) == json.loads(result.stdout)
    assert 1 == compact.stdout.count("\n")


def test_convert_indent_writes_pretty_newsml_for_stdin_and_trees(tmp_path: Path) -> None:
    """Back to NewsML from stdin and through a tree (the batch job carries the indent)."""
    text = newsml_cli("convert", ARTICLE).stdout.encode()
    result = newsml_cli("convert", "-", "--to", "newsml", "--indent", "4", stdin=text)
    assert 0 == result.returncode, result.stderr
    assert newsml.equivalent(ARTICLE.read_bytes(), result.stdout)
    assert "\n    <itemMeta>" in result.stdout
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.xml").write_bytes(ARTICLE.read_bytes())
    (tmp_path / "in" / "b.xml").write_bytes(ARTICLE.read_bytes())
    tree = newsml_cli(
        "convert", tmp_path / "in", "-o", tmp_path / "out", "--indent", "1", "-j", "2"
    )
    assert 0 == tree.returncode, tree.stderr
    doc = document.dump(newsml.loads(ARTICLE.read_bytes()))
    for name in ("a.json", "b.json"):
        written = (tmp_path / "out" / name).read_text(encoding="utf-8")
        assert json.dumps(doc, ensure_ascii=False, indent=1) + "\n" == written


def test_a_bad_indent_is_a_usage_error() -> None:
    """A negative or non-numeric --indent: exit 2 naming the option, nothing converted."""
    for bad in ("-1", "two"):
        result = newsml_cli("convert", ARTICLE, "--indent", bad)
        assert 2 == result.returncode
        assert "--indent" in result.stderr
        assert "" == result.stdout


def test_store_get_indent(tmp_path: Path) -> None:
    """store get --indent 2 prints the stored revision pretty; equivalent to the plain text."""
    db = tmp_path / "news.db"
    put = newsml_cli("store", "put", "--db", db, ARTICLE)
    assert 0 == put.returncode, put.stderr
    uuid = put.stdout.split("\t")[0]
    plain = newsml_cli("store", "get", "--db", db, uuid)
    pretty = newsml_cli("store", "get", "--db", db, uuid, "--indent", "2")
    assert 0 == pretty.returncode, pretty.stderr
    assert newsml.equivalent(plain.stdout, pretty.stdout)
    assert "\n  <itemMeta>" in pretty.stdout
    assert pretty.stdout.count("\n") > plain.stdout.count("\n")
    assert 2 == newsml_cli("store", "get", "--db", db, uuid, "--indent", "x").returncode
