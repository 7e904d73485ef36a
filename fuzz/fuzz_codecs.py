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
round trip through ``dumps``) or NavigaDoc JSON (``document.loads``).
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    import newsml_model as nm
    from newsml_codecs import newsml

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
    newsml.dumps(item)


def test_one_input(data: bytes) -> None:
    """One fuzz case: the first byte picks the decoder, the rest is its input."""
    if not data:
        return
    target = _document if data[0] % 4 == 0 else _newsml
    target(data[1:])


def main() -> None:
    """Run atheris over `test_one_input` with libFuzzer's command line."""
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
