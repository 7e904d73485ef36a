"""Batch jobs carry the document converter: sent to a worker with its chunk, not as text per file.

The command line's own use of it (``newsml convert --options`` on the
process pool) is tested as a subprocess in tests/tools/cli/test_cli_options.py.
"""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from newsml_codecs import document, newsml
from newsml_model import InvalidArgumentError
from newsml_tools import batch

OPTIONS = {"element-types": ["x-im/custom-text"]}
DOC = {
    "uuid": "u",
    "type": "x-im/article",
    "content": [{"id": "c", "type": "x-im/custom-text", "data": {"text": "hi"}}],
}
ELEMENT = '<element id="c" type="x-im/custom-text">hi</element>'


def _source(tmp_path: Path) -> Path:
    source = tmp_path / "in" / "doc.json"
    source.parent.mkdir()
    source.write_text(json.dumps(DOC), encoding="utf-8")
    return source


def test_a_chunk_of_jobs_carries_its_options_once():
    """Jobs sharing a converter pickle its options' text once for the whole chunk."""
    converter = document.Converter(OPTIONS)
    jobs = [
        batch.ConvertJob(source=f"in/{i}.json", target=f"out/{i}.xml", converter=converter)
        for i in range(50)
    ]
    data = pickle.dumps(jobs)
    assert 1 == data.count(converter.options.custom.encode())
    back = pickle.loads(data)
    assert jobs == back
    assert 1 == len({id(job.converter.options) for job in back})


def test_convert_file_uses_the_jobs_converter(tmp_path: Path):
    """A job with a converter converts under its options; one without, under the defaults."""
    source = _source(tmp_path)
    custom = batch.ConvertJob(
        source=str(source),
        target=str(tmp_path / "custom.xml"),
        converter=document.Converter(OPTIONS),
    )
    plain = batch.ConvertJob(source=str(source), target=str(tmp_path / "plain.xml"))
    assert batch.convert_file(custom).ok
    assert batch.convert_file(plain).ok
    assert ELEMENT in (tmp_path / "custom.xml").read_text(encoding="utf-8")
    assert ELEMENT not in (tmp_path / "plain.xml").read_text(encoding="utf-8")
    assert newsml.loads((tmp_path / "plain.xml").read_bytes()) == document.load(DOC)


def test_a_wire_job_uses_the_jobs_converter(tmp_path: Path):
    """A job with a source format (the wire path) reads its document by the job's converter too."""
    source = _source(tmp_path)
    job = batch.ConvertJob(
        source=str(source),
        target=str(tmp_path / "wire.xml"),
        to="newsml",
        from_format="document",
        converter=document.Converter(OPTIONS),
    )
    assert batch.convert_file(job).ok
    assert ELEMENT in (tmp_path / "wire.xml").read_text(encoding="utf-8")


def test_batch_convert_takes_a_converter(tmp_path: Path):
    """``batch.convert(..., converter=)`` converts every file under the converter's options."""
    source = _source(tmp_path)
    (result,) = batch.convert(
        [source], tmp_path / "out", converter=document.Converter(OPTIONS), workers=1
    )
    assert result.ok, result.problems
    assert ELEMENT in (tmp_path / "out" / "doc.xml").read_text(encoding="utf-8")


def test_batch_convert_refuses_what_is_not_a_converter(tmp_path: Path):
    """Options given as ``converter=`` (a mapping, not a `document.Converter`) are refused before
    anything runs, naming the argument, rather than failing every file as an internal error."""
    source = _source(tmp_path)
    with pytest.raises(InvalidArgumentError, match="converter") as caught:
        batch.convert([source], tmp_path / "out", converter=OPTIONS, workers=1)  # type: ignore[arg-type]
    assert ("converter", False) == (caught.value.field, (tmp_path / "out").exists())
