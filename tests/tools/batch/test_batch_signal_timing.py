"""A signal at each bytecode in turn: the interrupt guard and `newsml convert`'s stop hold wherever it lands.

Python runs a signal's handler between two bytecodes of the main thread, so
a stop must hold at every one of them, not only where a test happens to send
it. These tests trace the code that installs, forwards and restores the
handlers and, at each of its bytecodes in turn, run the handler Python would
run there for a signal arriving then (what a trace function raises is raised
at the bytecode it traces). A real signal lands at a few of these places
only, once in many runs: a SIGTERM at the exit of the former generator-based
guard left it suspended, and the garbage collector raised the interrupt
again after the command's last line, as a traceback.
"""

from __future__ import annotations

import gc
import json
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

import pytest
import support

from newsml_codecs import document, newsml
from newsml_tools.batch import _interrupts
from newsml_tools.batch._interrupts import interrupts_checked
from newsml_tools.batch._local import _init_worker
from newsml_tools.cli import _report, _stop, main

SMALL = support.FIXTURES / "api-bare.xml"
"""A short item: each run converts it once, so that a run per bytecode stays fast."""


def run_interrupted(
    run: Callable[[], object], signum: int, traced: Callable[[CodeType], bool], step: int
) -> tuple[int, bool]:
    """Call `run`; at its `step`-th traced bytecode, run `signum`'s handler there as Python would.

    Only bytecodes run while `signum` has a Python handler count: with the
    default action, a signal then ends the process, by design.

    Args:
        run: What to run; what it raises is raised (the handler's exception included).
        signum: The signal.
        traced: Which code objects to trace (the frames of the code under test).
        step: The bytecode to run the handler at, counting from 1; 0 for none.

    Returns:
        The number of bytecodes counted (with `step` 0: the steps there are),
        and whether the handler ran.
    """
    count = 0
    fired = False

    def opcode(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal count, fired
        handler = signal.getsignal(signum)
        if event == "opcode" and not fired and callable(handler):
            count += 1
            if count == step:
                fired = True
                handler(signum, frame)  # its exception is raised at this bytecode
        return opcode

    def call(frame: FrameType, event: str, arg: object) -> Any:
        if not traced(frame.f_code):
            return None
        frame.f_trace_opcodes = True
        return opcode

    previous = sys.gettrace()
    sys.settrace(call)
    try:
        run()
    finally:
        sys.settrace(previous)
    return count, fired


def in_files(*modules: object) -> Callable[[CodeType], bool]:
    """Code of these modules (of this test module too: the `with` statements under test)."""
    files = {getattr(module, "__file__", "") for module in modules} | {__file__}
    return lambda code: code.co_filename in files


@pytest.fixture
def unraisable(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Exceptions raised where nobody could catch them (a finaliser's), collected for the test."""
    found: list[str] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda raised: found.append(repr(raised.exc_value)))
    yield found


def handlers() -> tuple[object, object]:
    """SIGINT's and SIGTERM's handlers now."""
    return signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)


@pytest.fixture
def handlers_kept() -> Iterator[None]:
    """The test may install handlers of a converting process: put this process's back after it."""
    previous = handlers()
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous[0])
        signal.signal(signal.SIGTERM, previous[1])


@pytest.mark.usefixtures("handlers_kept")
@pytest.mark.parametrize(
    ("signum", "raised"), [(signal.SIGINT, KeyboardInterrupt), (signal.SIGTERM, SystemExit)]
)
def test_an_interrupt_at_any_bytecode_of_the_guard_is_raised_once_and_leaves_no_handler(
    signum: int, raised: type[BaseException], unraisable: list[str]
) -> None:
    """Ctrl-C in this process, or the pool's SIGTERM in a worker, at each bytecode of a guarded
    conversion and of the guard itself: the interrupt comes out of the `with`, the original
    handlers are back, and nothing is left to raise it again later (no unraisable exception)."""
    if signum == signal.SIGTERM:
        _init_worker()
    else:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    before = handlers()

    def guarded() -> None:
        with interrupts_checked():
            signal.getsignal(signum)  # a call: the interpreter checks for signals after it

    traced = in_files(_interrupts)
    steps, _ = run_interrupted(guarded, signum, traced, 0)
    assert steps > 20
    for step in range(1, steps + 1):
        with pytest.raises(raised):
            run_interrupted(guarded, signum, traced, step)
        assert before == handlers(), step
    gc.collect()  # a guard left suspended raises again when collected
    assert [] == unraisable


@pytest.mark.usefixtures("handlers_kept")
def test_sigterm_at_any_bytecode_of_a_convert_ends_with_one_summary_and_143(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], unraisable: list[str]
) -> None:
    """`newsml convert` of a tree, SIGTERM at each bytecode of the code that stops it (the command,
    its summary, the guard around the file's conversion): status 143, one summary second
    to last (``interrupted: ...``, or the plain one when the work was done), ``newsml: terminated``
    last, the handlers back, no temporary file, and an output only if it is whole."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "item.xml").write_bytes(SMALL.read_bytes())
    expected = document.dump(newsml.loads(SMALL.read_bytes()))
    before = handlers()
    traced = in_files(sys.modules[main.__module__], _stop, _report, _interrupts)
    status: list[int] = []

    def convert(out: Path) -> Callable[[], None]:
        return lambda: status.append(
            main(["convert", "-v", "-j", "1", str(tmp_path / "in"), "-o", str(out)])
        )

    steps, _ = run_interrupted(convert(tmp_path / "counted"), signal.SIGTERM, traced, 0)
    assert (0, "converted 1 file, 0 failed in") == (status.pop(), capsys.readouterr().err[:29])
    assert steps > 100
    for step in range(1, steps + 1):
        out = tmp_path / f"out-{step}"
        _, fired = run_interrupted(convert(out), signal.SIGTERM, traced, step)
        lines = capsys.readouterr().err.splitlines()
        summaries = [
            n
            for n, line in enumerate(lines)
            if "converted 1 file" in line or "converted 0 files" in line
        ]
        made = [json.loads(path.read_text("utf-8")) for path in out.rglob("*.json")]
        assert (True, 143, "newsml: terminated", [len(lines) - 2]) == (
            fired,
            status.pop(),
            lines[-1],
            summaries,
        ), (step, lines)
        assert (before, []) == (handlers(), list(out.rglob(".*.tmp"))), step
        assert made in ([], [expected]), step
    gc.collect()
    assert [] == unraisable
