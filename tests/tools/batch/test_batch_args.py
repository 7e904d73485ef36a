"""batch.convert and batch.validate: arguments checked up front, sources given back as given."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from support.cli import ARTICLE

from newsml_codecs import document, newsml
from newsml_model import InvalidArgumentError
from newsml_tools import batch


@pytest.mark.parametrize("to", ["json", "xml", "Document", ""])
def test_an_unknown_direction_is_refused_before_anything_runs(tmp_path: Path, to: str) -> None:
    """to= other than 'document', 'newsml' or None: InvalidArgumentError naming to, nothing written."""
    with pytest.raises(InvalidArgumentError) as raised:
        batch.convert([ARTICLE], tmp_path / "out", to=to, workers=1)  # type: ignore[arg-type]
    assert "to" == raised.value.field
    assert repr(to) in str(raised.value)
    assert not (tmp_path / "out").exists()


def test_a_path_outside_the_root_is_an_argument_error(tmp_path: Path) -> None:
    """A path not below root= is InvalidArgumentError naming both (was pathlib's bare ValueError)."""
    with pytest.raises(InvalidArgumentError) as raised:
        list(batch.convert([ARTICLE], tmp_path / "out", root=tmp_path / "elsewhere", workers=1))
    assert "root" == raised.value.field
    assert str(ARTICLE) in str(raised.value)
    assert str(tmp_path / "elsewhere") in str(raised.value)


def test_clashing_outputs_are_an_argument_error(tmp_path: Path) -> None:
    """Two inputs of one name into one directory: InvalidArgumentError, still a ValueError."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = shutil.copy(ARTICLE, tmp_path / "a" / "x.xml")
    second = shutil.copy(ARTICLE, tmp_path / "b" / "x.xml")
    with pytest.raises(InvalidArgumentError) as raised:
        batch.convert([first, second], tmp_path / "out", workers=1)
    assert isinstance(raised.value, ValueError)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("bad", [3, None, b"bytes.xml"])
def test_a_path_that_is_no_path_is_an_argument_error(tmp_path: Path, bad: object) -> None:
    """A non-path among the paths: InvalidArgumentError naming its index, for convert and validate."""
    with pytest.raises(InvalidArgumentError) as raised:
        batch.convert([ARTICLE, bad], tmp_path / "out", workers=1)  # type: ignore[list-item]
    assert "paths[1]" == raised.value.field
    with pytest.raises(InvalidArgumentError):
        batch.validate([bad], workers=1)  # type: ignore[list-item]


def test_sources_keep_the_type_they_were_given(tmp_path: Path) -> None:
    """A Path comes back as that Path, a str as that str; outputs are right either way."""
    named = shutil.copy(ARTICLE, tmp_path / "named.xml")
    as_path = Path(named)
    as_text = str(shutil.copy(ARTICLE, tmp_path / "other.xml"))
    results = list(batch.convert([as_path, as_text], tmp_path / "out", to="document", workers=1))
    assert [as_path, as_text] == [r.source for r in results]
    assert results[0].source is as_path
    assert results[1].source is as_text
    expected = document.dump(newsml.loads(ARTICLE.read_bytes()))
    for result in results:
        assert result.ok
        assert result.output is not None
        assert expected == json.loads(Path(result.output).read_text())
    checked = list(batch.validate([as_path, as_text], workers=1))
    assert [as_path, as_text] == [r.source for r in checked]
    assert checked[0].source is as_path
    assert checked[1].source is as_text
    assert all(r.ok for r in checked)


def test_sources_keep_their_type_on_a_process_pool(tmp_path: Path) -> None:
    """On worker processes too, each result names its input as it was given."""
    inputs = [Path(shutil.copy(ARTICLE, tmp_path / f"a{n}.xml")) for n in range(4)]
    results = list(batch.validate(inputs, workers=2))
    assert sorted(inputs) == sorted(r.source for r in results)
    assert all(isinstance(r.source, Path) for r in results)
