"""``newsml convert``, run as a subprocess: files, trees, streams, workers, failures."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support import canonical
from support.cli import ARTICLE, ARTICLE_UUID, copy_articles, newsml_cli, newsml_on_terminal

from newsml_codecs import document, newsml

SUMMARY = re.compile(r"^converted (\d+) files?, (\d+) failed in \d+\.\d\d s$", re.MULTILINE)


def summary(stderr: str) -> tuple[int, int]:
    """The (converted, failed) counts of the summary line, which must be the last line."""
    match = SUMMARY.search(stderr)
    assert match is not None, stderr
    assert stderr.rstrip("\n").endswith(match.group(0))
    return int(match.group(1)), int(match.group(2))


def expected_document() -> object:
    """The document the library makes of the article fixture."""
    return document.dump(newsml.loads(ARTICLE.read_bytes()))


def test_one_file_goes_to_standard_output() -> None:
    """One NewsML file and no -o: its document on stdout, nothing on stderr (quiet success)."""
    result = newsml_cli("convert", ARTICLE)
    assert 0 == result.returncode, result.stderr
    assert expected_document() == json.loads(result.stdout)
    assert "" == result.stderr


def test_verbose_gives_one_file_its_summary_in_the_singular() -> None:
    """--verbose prints the summary for one file too, and says "1 file"."""
    result = newsml_cli("convert", "--verbose", ARTICLE)
    assert 0 == result.returncode, result.stderr
    assert result.stderr.startswith("converted 1 file, 0 failed in "), result.stderr
    assert (1, 0) == summary(result.stderr)


def test_one_file_to_an_output_file(tmp_path: Path) -> None:
    """-o FILE writes the document there, nothing on stdout."""
    target = tmp_path / "made" / "article.json"
    result = newsml_cli("convert", ARTICLE, "-o", target)
    assert 0 == result.returncode, result.stderr
    assert "" == result.stdout
    assert expected_document() == json.loads(target.read_text(encoding="utf-8"))


def test_one_file_into_an_existing_directory(tmp_path: Path) -> None:
    """-o DIR (existing) puts the file in it with its suffix swapped."""
    result = newsml_cli("convert", ARTICLE, "-o", tmp_path)
    assert 0 == result.returncode, result.stderr
    assert [tmp_path / "article-full.json"] == list(tmp_path.iterdir())


def test_document_file_becomes_newsml_by_its_suffix(tmp_path: Path) -> None:
    """A .json file converts to NewsML, the same article as the original (lossless)."""
    source = tmp_path / "article.json"
    source.write_text(json.dumps(expected_document()), encoding="utf-8")
    result = newsml_cli("convert", source)
    assert 0 == result.returncode, result.stderr
    assert canonical(ARTICLE.read_bytes()) == canonical(result.stdout)


def test_directory_with_one_bad_file(tmp_path: Path) -> None:
    """The bad file is reported with its path and line/column, the rest converts, exit 1."""
    source = tmp_path / "in"
    copy_articles(source / "a", 2)
    copy_articles(source / "b" / "c", 1)
    bad = source / "b" / "bad.xml"
    bad.write_text("<newsItem>\n  <itemMeta></newsItem>\n", encoding="utf-8")
    result = newsml_cli("convert", "-j", "2", source, "-o", tmp_path / "out")
    assert 1 == result.returncode
    assert (3, 1) == summary(result.stderr)
    assert re.search(rf"^{re.escape(str(bad))}: .*\(line 2, column \d+\)$", result.stderr, re.M)
    made = sorted(p.relative_to(tmp_path / "out") for p in (tmp_path / "out").rglob("*.json"))
    expected = [
        Path("a/article-000.json"),
        Path("a/article-001.json"),
        Path("b/c/article-000.json"),
    ]
    assert expected == made
    assert expected_document() == json.loads((tmp_path / "out" / made[2]).read_text("utf-8"))


def test_bad_document_is_reported_with_its_json_path(tmp_path: Path) -> None:
    """A malformed document names the JSON path of the offending value."""
    source = tmp_path / "doc.json"
    doc = {"uuid": ARTICLE_UUID, "type": "x-im/article", "created": "2024-03-05T09:00:00Z"}
    source.write_text(json.dumps({**doc, "links": [{"type": "x-im/topic", "data": {"n": 1}}]}))
    result = newsml_cli("convert", source)
    assert 1 == result.returncode
    assert "" == result.stdout
    assert [f"{source}: $.links[0].data.n: "] == [
        line[: len(f"{source}: $.links[0].data.n: ")] for line in result.stderr.splitlines()
    ]


def test_mixed_tree_converts_each_file_by_its_suffix(tmp_path: Path) -> None:
    """Without --to .xml files become .json and .json files become .xml; --to picks one kind."""
    source = tmp_path / "in"
    copy_articles(source, 1)
    (source / "doc.json").write_text(json.dumps(expected_document()), encoding="utf-8")
    (source / "notes.txt").write_text("not an article")
    assert 0 == newsml_cli("convert", source, "-o", tmp_path / "both").returncode
    assert ["article-000.json", "doc.xml"] == sorted(p.name for p in (tmp_path / "both").iterdir())
    result = newsml_cli("convert", "--to", "newsml", source, "-o", tmp_path / "one")
    assert 0 == result.returncode, result.stderr
    assert ["doc.xml"] == [p.name for p in (tmp_path / "one").iterdir()]


def test_standard_input_round_trip() -> None:
    """NewsML on stdin becomes a document (sniffed), and the document becomes the same NewsML."""
    to_document = newsml_cli("convert", "-", stdin=ARTICLE.read_bytes())
    assert 0 == to_document.returncode, to_document.stderr
    assert expected_document() == json.loads(to_document.stdout)
    back = newsml_cli("convert", "-", "--to", "newsml", stdin=to_document.stdout.encode())
    assert 0 == back.returncode, back.stderr
    assert canonical(ARTICLE.read_bytes()) == canonical(back.stdout)


def test_bad_standard_input_is_reported_as_dash() -> None:
    """Broken XML on stdin: '-: ... (line, column)', nothing on stdout, exit 1."""
    result = newsml_cli("convert", "-", stdin=b"<newsItem>\n<a></b>")
    assert 1 == result.returncode
    assert "" == result.stdout
    assert re.search(r"^-: .*\(line 2, column \d+\)$", result.stderr, re.M)


def test_standard_input_to_an_output_file(tmp_path: Path) -> None:
    """'-' with -o FILE writes the file."""
    target = tmp_path / "out.json"
    result = newsml_cli("convert", "-", "-o", target, stdin=ARTICLE.read_bytes())
    assert 0 == result.returncode, result.stderr
    assert expected_document() == json.loads(target.read_text(encoding="utf-8"))


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_workers_give_the_same_files(tmp_path: Path, jobs: str) -> None:
    """-j 1 and -j 2 convert all 30 files to the same documents."""
    copy_articles(tmp_path / "in", 30)
    result = newsml_cli("convert", "-j", jobs, tmp_path / "in", "-o", tmp_path / "out")
    assert 0 == result.returncode, result.stderr
    assert (30, 0) == summary(result.stderr)
    made = sorted((tmp_path / "out").iterdir())
    assert 30 == len(made)
    expected = expected_document()
    assert all(expected == json.loads(path.read_text("utf-8")) for path in made)


def test_progress_bar_only_on_a_terminal(tmp_path: Path) -> None:
    """Many files with stderr on a terminal show a tqdm bar; on a pipe, or with --no-progress, none."""
    copy_articles(tmp_path / "in", 25)
    status, terminal = newsml_on_terminal(
        "convert", "-j", "2", tmp_path / "in", "-o", tmp_path / "a"
    )
    assert 0 == status, terminal
    assert "25/25" in terminal
    assert "converted 25 files, 0 failed" in terminal
    piped = newsml_cli("convert", "-j", "2", tmp_path / "in", "-o", tmp_path / "b")
    assert "25/25" not in piped.stderr
    status, plain = newsml_on_terminal(
        "convert", "--no-progress", tmp_path / "in", "-o", tmp_path / "c"
    )
    assert "25/25" not in plain


@pytest.mark.parametrize(
    "args, message",
    [
        (["a.xml", "b.xml"], "several inputs or a directory need -o/--output DIR"),
        (["-", "a.xml"], "'-' (standard input) cannot be mixed with files"),
    ],
)
def test_usage_errors_exit_2(args: list[str], message: str) -> None:
    """Inputs that need a directory, or stdin mixed with files, are usage errors."""
    result = newsml_cli("convert", *args)
    assert 2 == result.returncode
    assert f"newsml convert: {message}\n" == result.stderr


def test_negative_jobs_is_refused() -> None:
    """-j takes 0 (one per core) or more; argparse refuses the rest with status 2."""
    result = newsml_cli("convert", "-j", "-1", "a.xml")
    assert 2 == result.returncode
    assert "must be 0 or more: -1" in result.stderr


def test_missing_and_unknown_files_are_failures(tmp_path: Path) -> None:
    """A missing file and a file of unknown suffix are reported; the other converts."""
    notes = tmp_path / "notes.txt"
    notes.write_text("x")
    result = newsml_cli("convert", tmp_path / "nope.xml", notes, ARTICLE, "-o", tmp_path / "out")
    assert 1 == result.returncode
    assert f"{tmp_path / 'nope.xml'}: cannot read: No such file or directory" in result.stderr
    assert f"{notes}: not .xml or .json: say which way with --to" in result.stderr
    assert (1, 2) == summary(result.stderr)
    assert [tmp_path / "out" / "article-full.json"] == list((tmp_path / "out").iterdir())


def test_help_describes_the_options() -> None:
    """convert --help names its options and the direction rule."""
    result = newsml_cli("convert", "--help")
    assert 0 == result.returncode
    options = (
        "--to {document,newsml,ninjs}",
        "--from {newsml,document,g2,ninjs}",
        "-o PATH",
        "-j N",
    )
    options += ("--scheduler ADDRESS", "--no-progress")
    for option in (*options, "--quiet"):
        assert option in result.stdout
    assert ".xml files become documents" in " ".join(result.stdout.split())
