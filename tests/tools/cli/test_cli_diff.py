"""``newsml diff`` as a subprocess: files, documents, trees, JSON, exit statuses."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest
from support import CORPUS_NEWSITEMS
from support.cli import (
    ARTICLE,
    BODY,
    NEW_UUID,
    copy_articles,
    newsml_cli,
    newsml_on_terminal,
    three_edits,
)

from newsml_codecs import document, newsml


@pytest.fixture
def versions(tmp_path: Path) -> tuple[Path, Path]:
    """The article and its next version, as two files."""
    old, new = tmp_path / "old.xml", tmp_path / "new.xml"
    shutil.copy(ARTICLE, old)
    new.write_text(three_edits(ARTICLE.read_text(encoding="utf-8")), encoding="utf-8")
    return old, new


def test_three_edits_print_exactly_three_changes(versions: tuple[Path, Path]) -> None:
    """Tag added, paragraph edited, block moved: three lines (a unified diff under the text) and 1."""
    old, new = versions
    result = newsml_cli("diff", old, new)
    expected = [
        "tag-added /newsItem/itemMeta/links/link[10] "
        f'<link rel="subject" type="x-im/topic" uuid="{NEW_UUID}" title="Hockey"/> [tag/add]',
        f"block-text-changed {BODY}/element[2] [block/edit]",
        f"  --- {old}",
        f"  +++ {new}",
        "  @@ -1 +1 @@",
        "  -Mellanrubrik",
        "  +Ny mellanrubrik",
        f"block-moved {BODY}/element[4] from {BODY}/element[2] [block/update]",
    ]
    assert (1, expected, "") == (result.returncode, result.stdout.splitlines(), result.stderr)
    differences = [line for line in result.stdout.splitlines() if not line.startswith(" ")]
    assert 3 == len(differences)


def test_a_file_and_its_document_round_trip_are_equivalent(tmp_path: Path) -> None:
    """NewsML against the document converted from it (loaded back to NewsML first): nothing, 0."""
    converted = tmp_path / "article.json"
    converted.write_text(document.dumps(newsml.loads(ARTICLE.read_bytes())), encoding="utf-8")
    result = newsml_cli("diff", ARTICLE, converted)
    assert (0, "", "") == (result.returncode, result.stdout, result.stderr)


@pytest.mark.skipif(not CORPUS_NEWSITEMS.is_dir(), reason="../shared/corpus is absent")
def test_the_corpus_article_and_its_document(tmp_path: Path) -> None:
    """The Writer's example article against its document: nothing, 0; its status edited: 1."""
    article = CORPUS_NEWSITEMS / "newsitem-text.xml"
    converted = tmp_path / "article.json"
    converted.write_text(document.dumps(newsml.loads(article.read_bytes())), encoding="utf-8")
    result = newsml_cli("diff", article, converted)
    assert (0, "") == (result.returncode, result.stdout)
    text = article.read_text(encoding="utf-8")
    assert '<pubStatus qcode="stat:withheld"/>' in text
    edited = tmp_path / "edited.xml"
    edited.write_text(text.replace('"stat:withheld"', '"stat:usable"'), encoding="utf-8")
    result = newsml_cli("diff", article, edited)
    expected = (
        'pubStatus-changed /newsItem/itemMeta/pubStatus/@qcode "stat:withheld" -> "stat:usable"'
        " [pubStatus/set]\n"
    )
    assert (1, expected) == (result.returncode, result.stdout)


def test_json_is_one_object_per_pair(versions: tuple[Path, Path]) -> None:
    """--json: the pair and its differences, records as raw JXON, document paths, events."""
    old, new = versions
    result = newsml_cli("diff", "--json", old, new)
    assert 1 == result.returncode
    (line,) = result.stdout.splitlines()
    report = json.loads(line)
    assert (str(old), str(new)) == (report["a"], report["b"])
    assert ["tag-added", "block-text-changed", "block-moved"] == [
        d["kind"] for d in report["differences"]
    ]
    tag = report["differences"][0]
    assert {"@rel": "subject", "@type": "x-im/topic", "@uuid": NEW_UUID, "@title": "Hockey"} == tag[
        "new"
    ]
    assert ("tag/add", None) == (tag["event"], tag["old"])
    assert "$.content[?(@.id=='s1')]" == report["differences"][1]["document_path"]


def test_trouble_is_2_and_says_where(tmp_path: Path) -> None:
    """A missing file, two item kinds, a file against a directory: 2, with the path.

    (A malformed file: `test_a_bad_pair_in_a_tree_is_2_and_the_rest_still_reported`.)
    """
    concept = Path(ARTICLE).parent / "kind-concept-person.xml"
    cases = [
        (tmp_path / "missing.xml", "missing.xml: cannot read: No such file or directory"),
        (concept, "not a NewsItem and a ConceptItem"),
        (tmp_path, "compare two files or two directories"),
    ]
    for other, message in cases:
        result = newsml_cli("diff", ARTICLE, other)
        assert (2, "") == (result.returncode, result.stdout), other
        assert message in result.stderr, result.stderr


def _trees(tmp_path: Path) -> tuple[Path, Path]:
    a, b = tmp_path / "A", tmp_path / "B"
    (a / "sub").mkdir(parents=True)
    (b / "sub").mkdir(parents=True)
    text = ARTICLE.read_text(encoding="utf-8")
    (a / "edited.xml").write_text(text, encoding="utf-8")
    (b / "edited.xml").write_text(three_edits(text), encoding="utf-8")
    for number in range(6):
        (a / "sub" / f"same-{number}.xml").write_text(text, encoding="utf-8")
        document_text = document.dumps(newsml.loads(text))
        (b / "sub" / f"same-{number}.json").write_text(document_text, encoding="utf-8")
    (a / "only-here.xml").write_text(text, encoding="utf-8")
    return a, b


def test_trees_pair_by_relative_path_on_a_process_pool(tmp_path: Path) -> None:
    """Trees: NewsML paired with its document by path without suffix; one-sided files; 1."""
    a, b = _trees(tmp_path)
    result = newsml_cli("diff", a, b, "-j", "2")
    lines = result.stdout.splitlines()
    assert 1 == result.returncode, result.stderr
    assert f"diff {a / 'edited.xml'} {b / 'edited.xml'}" == lines[0]
    assert 3 == len([line for line in lines[1:] if not line.startswith((" ", "only in"))])
    assert f"only in A: {a / 'only-here.xml'}" == lines[-1]
    assert "compared 8 pairs: 6 equivalent, 2 differ, 0 failed in" in result.stderr


def test_equal_trees_are_0_and_json_lines(tmp_path: Path) -> None:
    """Trees of equivalent items: 0; --json gives one line per pair."""
    a, b = _trees(tmp_path)
    (a / "only-here.xml").unlink()
    (b / "edited.xml").write_text(ARTICLE.read_text(encoding="utf-8"), encoding="utf-8")
    result = newsml_cli("diff", "--json", "-q", a, b)
    assert (0, "") == (result.returncode, result.stderr)
    reports = [json.loads(line) for line in result.stdout.splitlines()]
    assert 7 == len(reports)
    assert all(report["differences"] == [] for report in reports)


@pytest.mark.skipif(importlib.util.find_spec("distributed") is None, reason="Dask is not installed")
def test_trees_on_a_local_dask_cluster(tmp_path: Path) -> None:
    """--scheduler local: pairs compared on Dask workers, the report as on this machine."""
    a, b = _trees(tmp_path)
    result = newsml_cli("diff", "--scheduler", "local", "-j", "2", a, b)
    lines = result.stdout.splitlines()
    assert 1 == result.returncode, result.stderr
    assert f"diff {a / 'edited.xml'} {b / 'edited.xml'}" == lines[0]
    assert f"only in A: {a / 'only-here.xml'}" == lines[-1]
    assert "compared 8 pairs: 6 equivalent, 2 differ, 0 failed in" in result.stderr


def test_a_bad_pair_in_a_tree_is_2_and_the_rest_still_reported(tmp_path: Path) -> None:
    """One malformed file among the pairs: its path and reason on stderr, the others compared, 2."""
    a, b = _trees(tmp_path)
    (b / "sub" / "same-3.json").write_text("{not json", encoding="utf-8")
    result = newsml_cli("diff", a, b)
    assert 2 == result.returncode
    assert f"{b / 'sub' / 'same-3.json'}: " in result.stderr
    assert "compared 8 pairs: 5 equivalent, 2 differ, 1 failed in" in result.stderr
    assert f"only in A: {a / 'only-here.xml'}" == result.stdout.splitlines()[-1]


def test_a_long_tree_run_shows_a_bar_on_a_terminal(tmp_path: Path) -> None:
    """25 pairs with standard error on a terminal: a progress bar; with --no-progress none."""
    copy_articles(tmp_path / "A", 25)
    copy_articles(tmp_path / "B", 25)
    status, terminal = newsml_on_terminal("diff", "-j", "2", tmp_path / "A", tmp_path / "B")
    assert 0 == status, terminal
    assert "25/25" in terminal
    assert "compared 25 pairs: 25 equivalent, 0 differ, 0 failed" in terminal
    status, plain = newsml_on_terminal("diff", "--no-progress", tmp_path / "A", tmp_path / "B")
    assert (0, False) == (status, "25/25" in plain)


def test_a_headline_change_prints_the_apis_event(tmp_path: Path) -> None:
    """A new headline: ``headline-changed`` with old -> new and ``[headline/set]``, and the block."""
    import newsml_model as nm
    from newsml_model import body, examples

    item = newsml.loads(examples.article(), kind=nm.NewsItem)
    old, new = tmp_path / "old.xml", tmp_path / "new.xml"
    old.write_bytes(examples.article())
    new.write_text(newsml.dumps(body.set_headline(item, "p", "Volvo picks Torslanda").item))
    result = newsml_cli("diff", old, new)
    was = "Volvo to build battery plant near Gothenburg"
    assert [
        f'headline-changed /newsItem/contentMeta/headline "{was}" -> "Volvo picks Torslanda"'
        " [headline/set]",
        "block-text-changed /newsItem/contentSet/inlineXML/idf/group[1]/element[1] [headline/set]",
        f"  --- {old}",
        f"  +++ {new}",
        "  @@ -1 +1 @@",
        f"  -{was}",
        "  +Volvo picks Torslanda",
    ] == result.stdout.splitlines()
    assert (1, "") == (result.returncode, result.stderr)
