"""An interrupt that reaches a conversion inside the HTML sanitiser stops it, not the attribute.

nh3 swallows what its attribute callback raises and goes on without the
attribute; a Ctrl-C landing there would be lost and the document written
without a link's ``href``. The codec raises it once the cleaner returns.
"""

from __future__ import annotations

import pytest
from support import FIXTURES

from newsml_codecs import document, newsml
from newsml_codecs.document import _markup

ARTICLE = FIXTURES / "article-full.xml"  # a paragraph holds a link
MARKUP = '<a href="https://example.org/a">a link</a>'


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # nh3's report of it
@pytest.mark.parametrize("interrupt", [KeyboardInterrupt, SystemExit])
def test_an_interrupt_in_the_url_check_is_raised_by_the_sanitiser(
    monkeypatch: pytest.MonkeyPatch, interrupt: type[BaseException]
) -> None:
    """The interrupt comes out of `sanitize`; without the guard nh3 returned ``<a>`` alone."""
    checked: list[str] = []

    def link_url(value: str) -> str | None:
        checked.append(value)
        raise interrupt

    monkeypatch.setattr(_markup, "link_url", link_url)
    with pytest.raises(interrupt):
        _markup.sanitize(MARKUP)
    assert ["https://example.org/a"] == checked


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_dump_interrupted_in_the_sanitiser_raises_and_the_next_one_is_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`document.dump` raises the Ctrl-C; the next conversion keeps every link's href."""
    item = newsml.loads(ARTICLE.read_bytes())
    clean = document.dump(item)
    real = _markup.link_url
    pending = [True]

    def link_url(value: str) -> str | None:
        if pending:
            pending.clear()
            raise KeyboardInterrupt
        return real(value)

    monkeypatch.setattr(_markup, "link_url", link_url)
    assert "href=" in str(clean)
    with pytest.raises(KeyboardInterrupt):
        document.dump(item)
    assert clean == document.dump(item)


def test_an_ordinary_url_is_kept() -> None:
    """The guard changes nothing without an interrupt."""
    assert MARKUP == _markup.sanitize(MARKUP)
