"""`newsml convert --to ninjs / --from g2 / --from ninjs` and `newsml validate --ninjs`, as a subprocess."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from support import FIXTURES
from support.cli import ARTICLE, newsml_cli

from newsml_codecs import document, newsml, ninjs, schema
from newsml_codecs._article_read import read
from newsml_tools import batch

MESSAGE = FIXTURES / "g2-message.xml"  # a package, two text items and a picture item

COLLECTION = [
    {"uri": "urn:example:1", "headlines": [{"value": "One"}], "bodies": [{"value": "Text one"}]},
    {"uri": "urn:example:2", "headlines": [{"value": "Two"}]},
]


def _tree(tmp_path: Path) -> Path:
    """An input tree: a NewsML article and its NavigaDoc document in a subfolder."""
    root = tmp_path / "in"
    (root / "sub").mkdir(parents=True)
    shutil.copy(ARTICLE, root / "article.xml")
    doc = document.dump(newsml.loads(ARTICLE.read_bytes()))
    (root / "sub" / "document.json").write_text(json.dumps(doc), encoding="utf-8")
    return root


def test_to_ninjs_converts_a_folder(tmp_path: Path) -> None:
    """--to ninjs: NewsML and documents of a tree become valid ninjs 3.0 files, mirrored."""
    result = newsml_cli("convert", _tree(tmp_path), "-o", tmp_path / "out", "--to", "ninjs")
    assert (0, "") == (result.returncode, result.stdout)
    assert "converted 2 files, 0 failed" in result.stderr
    written = sorted(
        p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*.json")
    )
    assert ["article.json", "sub/document.json"] == written
    for path in (tmp_path / "out").rglob("*.json"):
        doc = json.loads(path.read_bytes())
        assert [] == ninjs.errors(doc, version="3.0")
        assert "Älgen på E4" == doc["headlines"][0]["value"]


def test_from_g2_gives_one_document_per_text_item(tmp_path: Path) -> None:
    """--from g2 on a folder: a message with two text items gives two numbered Writer documents."""
    feed = tmp_path / "feed"
    feed.mkdir()
    shutil.copy(MESSAGE, feed / "message.xml")
    result = newsml_cli("convert", feed, "-o", tmp_path / "out", "--from", "g2")
    assert 0 == result.returncode, result.stderr
    assert ["message-1.json", "message-2.json"] == sorted(
        p.name for p in (tmp_path / "out").iterdir()
    )
    for path in (tmp_path / "out").iterdir():
        assert [] == schema.errors(json.loads(path.read_bytes()))


def test_from_g2_to_ninjs_and_a_failure_among_them(tmp_path: Path) -> None:
    """--from g2 --to ninjs: good feeds convert, a fragment is reported with its path, exit 1."""
    feed = tmp_path / "feed"
    feed.mkdir()
    shutil.copy(MESSAGE, feed / "message.xml")
    (feed / "fragment.xml").write_text(
        "<contentSet><inlineData>x</inlineData></contentSet>", encoding="utf-8"
    )
    result = newsml_cli("convert", feed, "-o", tmp_path / "out", "--from", "g2", "--to", "ninjs")
    assert 1 == result.returncode
    assert f"{feed / 'fragment.xml'}: a NewsML-G2 fragment" in result.stderr
    assert "converted 1 file, 1 failed" in result.stderr
    docs = [json.loads(p.read_bytes()) for p in sorted((tmp_path / "out").glob("message-*.json"))]
    assert 2 == len(docs)
    assert all(ninjs.errors(doc) == [] for doc in docs)


def test_from_ninjs_collection_to_newsml(tmp_path: Path) -> None:
    """--from ninjs --to newsml: a collection of two gives two Writer NewsML files."""
    source = tmp_path / "collection.json"
    source.write_text(json.dumps(COLLECTION), encoding="utf-8")
    result = newsml_cli(
        "convert", source, "-o", tmp_path / "out.xml", "--from", "ninjs", "--to", "newsml"
    )
    assert 0 == result.returncode, result.stderr
    headlines = [
        read(newsml.loads((tmp_path / f"out-{n}.xml").read_bytes())).headline for n in (1, 2)
    ]
    assert ["One", "Two"] == headlines


def test_from_ninjs_on_standard_input(tmp_path: Path) -> None:
    """One ninjs object on stdin becomes a Writer document on stdout."""
    result = newsml_cli("convert", "-", "--from", "ninjs", stdin=json.dumps(COLLECTION[0]).encode())
    assert 0 == result.returncode, result.stderr
    doc = json.loads(result.stdout)
    assert ([], "One") == (schema.errors(doc), doc["title"])


def test_validate_ninjs(tmp_path: Path) -> None:
    """validate --ninjs: valid files pass, an invalid one prints its JSON path, exit 1."""
    (tmp_path / "good.json").write_text(json.dumps(COLLECTION), encoding="utf-8")
    (tmp_path / "bad.json").write_text(
        json.dumps({"uri": "urn:x:1", "standard": {"version": "3.0"}, "urgency": 0}),
        encoding="utf-8",
    )
    result = newsml_cli("validate", "--ninjs", tmp_path)
    assert 1 == result.returncode
    assert f"{tmp_path / 'bad.json'}: $.urgency: 0 is less than the minimum of 1\n" == result.stdout
    assert "1 valid, 1 invalid" in result.stderr


def test_batch_api_from_g2_and_validate_ninjs(tmp_path: Path) -> None:
    """batch.convert(from_format="g2") lists every output; batch.validate(ninjs=True) checks ninjs."""
    (result,) = batch.convert([MESSAGE], tmp_path / "out", from_format="g2", to="ninjs", workers=1)
    assert (str(tmp_path / "out" / "g2-message-1.json"), 2) == (result.output, len(result.outputs))
    checked = list(batch.validate(list(result.outputs), ninjs=True, workers=1))
    assert [True, True] == [r.ok for r in checked]


@pytest.mark.parametrize(("to", "from_format"), [("json", None), (None, "xml")])
def test_batch_api_refuses_unknown_formats(
    tmp_path: Path, to: str | None, from_format: str | None
) -> None:
    """An unknown to= or from_format= is InvalidArgumentError naming the argument."""
    with pytest.raises(ValueError) as raised:
        batch.convert([MESSAGE], tmp_path, to=to, from_format=from_format)  # type: ignore[arg-type]
    assert ("to" if to else "from_format") == raised.value.field  # type: ignore[attr-defined]


def test_from_g2_on_a_local_dask_cluster(tmp_path: Path) -> None:
    """--scheduler local: the g2 conversion runs on Dask workers alike."""
    pytest.importorskip("distributed", reason="the dask extra is not installed")
    feed = tmp_path / "feed"
    feed.mkdir()
    shutil.copy(MESSAGE, feed / "message.xml")
    result = newsml_cli(
        "convert", "--scheduler", "local", "-j", "1", feed, "-o", tmp_path / "out", "--from", "g2"
    )
    assert 0 == result.returncode, result.stderr
    assert ["message-1.json", "message-2.json"] == sorted(
        p.name for p in (tmp_path / "out").iterdir()
    )
