"""An interrupt that reaches a conversion while the HTML sanitiser works stops it, never an attribute.

nh3 swallows what a Python callback raises inside it, and Python runs a
signal handler at the next bytecode, so a Ctrl-C arriving while nh3 works
would be raised in such a callback, lost, and the attribute dropped with it.
The sanitiser therefore runs no Python inside nh3: attributes are filtered
on the cleaned tree afterwards.
"""

from __future__ import annotations

import gc
import random
import signal
from types import FrameType

import pytest
from support import FIXTURES

from newsml_codecs import document, newsml
from newsml_codecs.document import _markup

ARTICLE = FIXTURES / "article-full.xml"  # a paragraph holds a link
MARKUP = '<a href="https://example.org/a">a link</a>'


@pytest.mark.parametrize("interrupt", [KeyboardInterrupt, SystemExit])
def test_an_interrupt_in_the_url_check_is_raised_by_the_sanitiser(
    monkeypatch: pytest.MonkeyPatch, interrupt: type[BaseException]
) -> None:
    """The interrupt comes out of `sanitize` (nh3 would have returned ``<a>`` without it)."""
    checked: list[str] = []

    def link_url(value: str) -> str | None:
        checked.append(value)
        raise interrupt

    monkeypatch.setattr(_markup, "link_url", link_url)
    with pytest.raises(interrupt):
        _markup.sanitize(MARKUP)
    assert ["https://example.org/a"] == checked


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


def test_no_signal_is_lost_while_the_sanitiser_works() -> None:
    """Timers at random moments during sanitising: each handler's exception comes out.

    A handler that ran without its exception reaching here was swallowed by
    a native caller of Python code: inside nh3 about half of them were, with
    the attribute callback. The garbage collector's callbacks (a plugin's)
    swallow one too, so the collector is paused while the timers run.
    """
    markup = " ".join(
        f'<a href="https://example.org/{n}" title="t{n}">link {n}</a>' for n in range(300)
    )
    expected = _markup.sanitize(markup)
    fired: list[str] = []

    def alarm(signum: int, frame: FrameType | None) -> None:
        fired.append(f"{frame.f_code.co_filename}:{frame.f_code.co_name}" if frame else "?")
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, alarm)
    rnd = random.Random(27)
    raised = 0
    collecting = gc.isenabled()
    gc.disable()
    try:
        for _ in range(40):
            delay = rnd.uniform(0.0002, 0.004)
            try:
                # armed inside the try: on a loaded machine the timer may fire
                # at the very next bytecode, before a try after it is entered
                signal.setitimer(signal.ITIMER_REAL, delay)
                for _ in range(200):
                    assert expected == _markup.sanitize(markup)
                signal.setitimer(signal.ITIMER_REAL, 0)
            except KeyboardInterrupt:
                raised += 1
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if collecting:
            gc.enable()
    assert len(fired) == raised, fired
    assert raised > 0
