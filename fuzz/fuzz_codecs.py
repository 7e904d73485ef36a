"""Coverage-guided fuzzing of the decoders with atheris (run by hand, not in CI).

The law is the property suite's: whatever the input, a decoder returns an
item or raises a `newsml_model.NewsItemError`; anything else is a bug, and
atheris stops with the input that caused it (saved as ``crash-*``).

Set up and run (Linux, CPython with a C compiler)::

    .venv/bin/pip install atheris
    .venv/bin/python fuzz/fuzz_codecs.py -atheris_runs=200000 fuzz/corpus/
    .venv/bin/python fuzz/fuzz_codecs.py -max_total_time=600

Optional: seed a corpus directory with real articles first, e.g.
``mkdir -p fuzz/corpus && cp tests/fixtures/article-full.xml fuzz/corpus/``.
The first input byte chooses the target: NewsML (``newsml.loads`` then a
round trip through ``dumps``), NavigaDoc JSON (``document.loads``), or the
Writer's save of a document (``to_newsml``, as the library and as the
service's sealed converter run it: its carrier is client input, which may
only be refused with a `newsml_model.NewsItemError`). For the last,
seed the corpus with documents that carry a carrier, each prefixed with
the byte 2: ``python fuzz/fuzz_codecs.py --seed-saves fuzz/corpus/``.
"""

from __future__ import annotations

import contextlib
import sys

import atheris

with atheris.instrument_imports():
    import newsml_model as nm
    from newsml_codecs import jsontext, newsml

    try:
        from newsml_codecs import document
    except ImportError:  # the document codec is optional for this harness
        document = None  # type: ignore[assignment]


def _newsml(data: bytes) -> None:
    try:
        item = newsml.loads(data)
    except nm.NewsItemError:
        return
    try:
        text = newsml.dumps(item)
    except nm.InvalidArgumentError:
        return  # an item with characters XML 1.0 cannot write: documented
    if newsml.loads(text) != item:
        raise AssertionError("loads(dumps(item)) != item")


def _document(data: bytes) -> None:
    if document is None:
        return
    try:
        item = document.loads(data)
    except nm.NewsItemError:
        return
    try:
        newsml.dumps(item)
    except nm.InvalidArgumentError:
        return  # a value with characters XML 1.0 cannot write (a form feed): documented


_SEALED = None if document is None else document.Converter(seal_key=bytes(range(32)))


def _saved(data: bytes) -> None:
    if _SEALED is None:
        return
    try:
        mapping = jsontext.loads(data)
    except nm.NewsItemError:
        return
    for save in (document.to_newsml, _SEALED.to_newsml):
        with contextlib.suppress(nm.NewsItemError):
            save(mapping)


def test_one_input(data: bytes) -> None:
    """One fuzz case: the first byte picks the decoder, the rest is its input."""
    if not data:
        return
    target = (_document, _newsml, _saved, _newsml)[data[0] % 4]
    target(data[1:])


def _seed_saves(folder: str) -> None:
    """Write the save target's seeds into `folder`: the documents the Writer opens of the
    project's NewsML fixtures that carry a carrier, each prefixed with the byte 2."""
    from pathlib import Path

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    fixtures = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
    for path in sorted(fixtures.glob("*.xml")):
        try:
            doc = document.from_newsml(path.read_bytes())
        except nm.NewsItemError:
            continue
        if any(p.get("name") == document.CARRIER_PROPERTY for p in doc.get("properties", ())):
            (out / f"save-{path.stem}").write_bytes(b"\x02" + jsontext.dumps(doc).encode())


def main() -> None:
    """Run atheris over `test_one_input` with libFuzzer's command line."""
    if len(sys.argv) == 3 and sys.argv[1] == "--seed-saves":
        _seed_saves(sys.argv[2])
        return
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
