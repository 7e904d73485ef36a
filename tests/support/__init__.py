"""Helpers shared by the test suites (imported as ``support``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from newsml_codecs._canonical import canonical_form

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
CORPUS = ROOT.parent / "shared" / "corpus" / "writer-format"
CORPUS_NEWSITEMS = CORPUS / "newsitem"

# Files of the corpus's newsitem folder that are not whole newsItems: the
# format's authors keep contentSet snippets there. They must be refused with
# UnsupportedItemKindError, not round-tripped.
CORPUS_SNIPPETS = {
    "newsitem-article-with-splitted-gif-snippet.xml": "a contentSet snippet, not a newsItem",
    "newsitem-article-with-video-snippet.xml": "a contentSet snippet, not a newsItem",
}


def canonical(xml: str | bytes) -> str:
    """DESIGN.md's canonical form (the one `newsml_codecs.newsml.equivalent` compares).

    A string, so that a failed ``canonical(a) == canonical(b)`` shows the diff.
    """
    return canonical_form(xml)


def corpus_newsitems() -> list[Path]:
    """The corpus's whole newsItem files, or [] when ../shared/corpus is absent."""
    if not CORPUS_NEWSITEMS.is_dir():
        return []
    return sorted(p for p in CORPUS_NEWSITEMS.glob("*.xml") if p.name not in CORPUS_SNIPPETS)


def corpus_params() -> list[object]:
    """`corpus_newsitems` as pytest params, or one skipped param when the corpus is absent."""
    files = corpus_newsitems()
    if not files:
        return [pytest.param(None, marks=pytest.mark.skip(reason="../shared/corpus is absent"))]
    return [pytest.param(p, id=p.name) for p in files]


CORPUS_CONCEPTITEMS = CORPUS / "conceptitem"


def corpus_conceptitem_params() -> list[object]:
    """The corpus's conceptItem files as pytest params, or one skipped param when absent."""
    files = sorted(CORPUS_CONCEPTITEMS.glob("*.xml")) if CORPUS_CONCEPTITEMS.is_dir() else []
    if not files:
        return [pytest.param(None, marks=pytest.mark.skip(reason="../shared/corpus is absent"))]
    return [pytest.param(p, id=p.name) for p in files]


KIND_FIXTURES = sorted(p.name for p in FIXTURES.glob("kind-*.xml"))
"""Our own fixtures of the other item kinds (``tests/fixtures/kind-*.xml``)."""


def fixture_text(name: str) -> str:
    """The text of ``tests/fixtures/<name>``."""
    return (FIXTURES / name).read_text(encoding="utf-8")
