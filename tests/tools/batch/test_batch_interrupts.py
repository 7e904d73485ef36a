"""An interrupted batch never leaves a wrong output: each output is absent or a clean conversion.

A signal's handler raises at the next Python code run. These tests put the
interrupt in the sanitiser's URL check (which ran inside nh3, a native
library that swallows what its callbacks raise, before the codec moved it
out), at every call in turn, in this process (Ctrl-C, pool workers' SIGTERM)
and in a real pool, and swallow it there where a native library would. The
other interrupt tests, with a swallowing nh3 callback, are in test_batch.py.
"""

from __future__ import annotations

import contextlib
import json
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.cli import ARTICLE, copy_articles

from newsml_codecs import document, newsml
from newsml_codecs.document import _markup
from newsml_model import NewsItemError
from newsml_tools import batch
from newsml_tools.batch._interrupts import interrupts_checked
from newsml_tools.batch._local import _init_worker

INTERRUPTS = {
    "sigint-in-this-process": (signal.SIGINT, KeyboardInterrupt),
    "sigterm-in-a-pool-worker": (signal.SIGTERM, SystemExit),
}


@pytest.fixture(params=list(INTERRUPTS))
def interrupt(request: pytest.FixtureRequest) -> Iterator[tuple[int, type[BaseException]]]:
    """This process's signal handlers as a converting process's for the test: the signal, what it raises.

    Ctrl-C where the batch runs in this process (Python's SIGINT handler), or
    the pool's stop in a worker (the worker's own set-up: SIGTERM raises).
    """
    signum, raised = INTERRUPTS[request.param]
    previous = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    if signum == signal.SIGTERM:
        _init_worker()
    else:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield signum, raised
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def test_an_interrupt_inside_the_sanitiser_leaves_each_output_absent_or_clean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, interrupt: tuple[int, type[BaseException]]
) -> None:
    """A batch interrupted in the sanitiser's URL check (at each call in turn) goes on stopping; the files
    before it are written as a clean conversion, the interrupted one and the rest not at all."""
    signum, raised = interrupt
    paths = copy_articles(tmp_path / "in", 3)
    real = _markup.link_url
    countdown = [-1]  # the signal is raised at the call where it reaches 0

    def link_url(value: str) -> str | None:
        countdown[0] -= 1
        if countdown[0] == 0:
            signal.raise_signal(signum)  # its handler raises here, in the URL check
        return real(value)

    monkeypatch.setattr(_markup, "link_url", link_url)
    assert all(result.ok for result in batch.convert(paths, tmp_path / "clean", workers=1))
    calls = -1 - countdown[0]
    per_file = calls // len(paths)
    assert (len(paths) * per_file, True) == (calls, per_file > 0)
    expected = document.dump(newsml.loads(ARTICLE.read_bytes()))
    for call in range(1, calls + 1):
        out = tmp_path / f"out-{call}"
        countdown[0] = call
        with pytest.raises(raised):
            list(batch.convert(paths, out, workers=1))
        made = sorted(out.glob("*.json"))
        assert (call - 1) // per_file == len(made), call
        assert all(expected == json.loads(path.read_text("utf-8")) for path in made), call
        assert [] == list(tmp_path.rglob(".*.tmp"))


def test_an_interrupt_swallowed_before_an_error_is_raised_in_its_place(
    interrupt: tuple[int, type[BaseException]],
) -> None:
    """A conversion that lost the interrupt and then failed (for what it lost) raises the interrupt:
    the stop goes on, the file is not reported as failed (nor its earlier output removed)."""
    signum, raised = interrupt
    with pytest.raises(raised), interrupts_checked():
        with contextlib.suppress(raised):  # as a native library does in its callbacks
            signal.raise_signal(signum)
        raise NewsItemError("the link lost its href")


# `newsml convert` whose first pool worker to reach the sanitiser's URL check sends the
# parent a SIGINT from there and waits there for the parent's SIGTERM. The
# workers are forked, so they inherit the patch.
_STOPPED_INSIDE_THE_SANITISER = """
import multiprocessing, os, signal, sys, time
from newsml_codecs.document import _markup
from newsml_tools.cli import main

token, parent, real = sys.argv[1], os.getpid(), _markup.link_url

def link_url(value):
    if os.getpid() != parent:
        try:
            os.close(os.open(token, os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            pass
        else:
            try:
                os.kill(parent, signal.SIGINT)
                while True:  # until the parent's SIGTERM raises SystemExit here
                    time.sleep(0.001)
            finally:
                # The pool SIGTERMs its workers again once one has left: that
                # race must not decide whether this worker writes its file.
                signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    return real(value)

_markup.link_url = link_url
signal.signal(signal.SIGINT, signal.default_int_handler)  # even if started with SIGINT ignored
multiprocessing.set_start_method("fork")
sys.exit(main(sys.argv[2:]))
"""


def test_a_pool_stopped_while_a_worker_sanitises_leaves_no_wrong_output(tmp_path: Path) -> None:
    """The SIGTERM that stops a pool worker in the sanitiser's URL check does not make
    the worker write its document without the link's href: every output is a clean conversion."""
    paths = copy_articles(tmp_path / "in", 40)
    out = tmp_path / "out"
    result = subprocess.run(
        [
            *(sys.executable, "-c", _STOPPED_INSIDE_THE_SANITISER, tmp_path / "token"),
            *("convert", "-j", "2", tmp_path / "in", "-o", out),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert 130 == result.returncode, result.stderr
    assert (tmp_path / "token").exists()
    made = sorted(out.glob("*.json"))
    assert len(made) < len(paths)
    expected = document.dump(newsml.loads(ARTICLE.read_bytes()))
    assert all(expected == json.loads(path.read_text("utf-8")) for path in made), result.stderr
    assert [] == list(out.rglob(".*.tmp"))


# `newsml convert` whose URL check takes a Ctrl-C and drops it, as a native
# library that calls Python back (nh3 did) drops one that lands in its callback.
_SWALLOWED_IN_THE_SANITISER = """
import contextlib, signal, sys
from newsml_codecs.document import _markup
from newsml_tools.cli import main

real = _markup.link_url

def link_url(value):
    with contextlib.suppress(KeyboardInterrupt):
        signal.raise_signal(signal.SIGINT)
    return real(value)

_markup.link_url = link_url
signal.signal(signal.SIGINT, signal.default_int_handler)  # even if started with SIGINT ignored
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("source_format", [[], ["--from", "newsml"]])
def test_one_file_converted_in_this_process_never_loses_a_swallowed_interrupt(
    source_format: list[str],
) -> None:
    """One file to standard output, by its suffix or from a named source format: a Ctrl-C
    swallowed inside the conversion still stops it (status 130), and nothing is written."""
    result = subprocess.run(
        [
            *(sys.executable, "-c", _SWALLOWED_IN_THE_SANITISER),
            *("convert", *source_format, "--to", "document", ARTICLE),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (130, "") == (result.returncode, result.stdout), result.stderr
