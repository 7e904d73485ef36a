"""Every Python example in README.md and docs/ runs, page by page, as written.

A page's examples run in order in one namespace (later blocks use names an
earlier block defined, as a reader following the page would), in a scratch
directory that holds the files the pages open: ``article.xml`` is the
sample article the package ships (``newsml_model.examples``), the very
file a reader gets, and ``archive/`` three copies of it. Examples
that call the Tools service at ``http://127.0.0.1:8080`` call the test
session's real service process instead (its address replaces that one).
A block that shows a fragment, not a program, says so in its fence:
```` ```python {test="skip"} ````.

Every output a page prints is checked: the ``#>`` lines under a ``print``
are what it printed (pytest-examples' print check). On the pages of
`CONSOLE_PAGES` the ``console`` blocks run too, after the page's Python
blocks and in the same directory: each ``$ `` line in one shell, and what
follows it up to the next ``$ `` line is its output (standard output and
error), checked the same way; times in seconds (``in 0.41 s``) are
compared as any time. ``pytest tests/test_docs.py --update-examples``
rewrites both kinds of output from what the examples really print.
"""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_examples import CodeExample, EvalExample, find_examples
from support import ROOT
from support import service as service_support

from newsml_model import examples

PAGES: dict[str, list[CodeExample]] = {}
for _example in find_examples(str(ROOT / "README.md"), str(ROOT / "docs")):
    PAGES.setdefault(str(Path(_example.path).relative_to(ROOT)), []).append(_example)


# Pages whose ``console`` blocks (not ``{test="skip"}``) run as shell commands.
CONSOLE_PAGES = ("docs/diff.md",)
_CONSOLE = re.compile(r"^```console([^\n]*)\n(.*?)^```$", re.DOTALL | re.MULTILINE)
_SECONDS = re.compile(r"\b\d+\.\d+ s\b")
_END = "\x1e"  # after each command's output: splits the shell's output per command

SERVICE_URL = "http://127.0.0.1:8080"
SCHEDULER = "tcp://scheduler:8786"


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A real local Dask scheduler with one worker process, for the cluster examples."""
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=1, threads_per_worker=1, host="127.0.0.1", dashboard_address=":0"
    ) as cluster:
        yield str(cluster.scheduler_address)


@pytest.fixture
def scratch(tmp_path: Path) -> Iterator[Path]:
    """A working directory holding the files the examples open."""
    article = examples.article()
    (tmp_path / "article.xml").write_bytes(article)
    (tmp_path / "archive" / "2024").mkdir(parents=True)
    for name in ("a.xml", "b.xml", "2024/c.xml"):
        (tmp_path / "archive" / name).write_bytes(article)
    before = Path.cwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(before)


def test_the_pages_read_the_shipped_sample_article(scratch: Path) -> None:
    """``article.xml`` and the archive the pages open are the article the package ships."""
    assert examples.article() == (scratch / "article.xml").read_bytes()
    assert examples.article() == (scratch / "archive" / "2024" / "c.xml").read_bytes()


def test_a_console_block_printing_something_else_is_caught(tmp_path: Path) -> None:
    """Control: a wrong output fails the check; --update-examples writes the real one."""
    page = tmp_path / "page.md"
    page.write_text("Text.\n\n```console\n$ echo hi; false\nbye\n$ echo $?\n1\n```\n")
    assert 1 == len(check_console(page, tmp_path, update=False))
    assert [] == check_console(page, tmp_path, update=True)
    expected = "Text.\n\n```console\n$ echo hi; false\nhi\n$ echo $?\n1\n```\n"
    assert expected == page.read_text()
    assert [] == check_console(page, tmp_path, update=False)


def test_the_pages_have_examples() -> None:
    """The collector finds the README's and the docs' examples (the test below is not empty)."""
    assert "README.md" in PAGES
    assert len(PAGES) >= 5


@pytest.mark.parametrize("page", sorted(PAGES))
def test_page_examples_run(
    page: str, scratch: Path, eval_example: EvalExample, request: pytest.FixtureRequest
) -> None:
    """Each example of `page` runs without error, in page order, in one namespace."""
    namespace: dict[str, object] = {"__name__": "__main__"}
    for example in PAGES[page]:
        if example.prefix_settings().get("test") == "skip":
            continue
        # The real addresses, put back before --update-examples writes the page.
        swaps = []
        if SERVICE_URL in example.source:
            swaps.append((SERVICE_URL, service_support.shared_server().base_url))
        if SCHEDULER in example.source:
            swaps.append((SCHEDULER, request.getfixturevalue("scheduler")))
        source = example.source
        for placeholder, real in swaps:
            source = source.replace(placeholder, real)
        example = dataclasses.replace(example, source=source)
        failure = None
        try:
            if eval_example.update_examples:
                namespace = eval_example.run_print_update(example, module_globals=namespace)
                for placeholder, real in swaps:
                    example.source = example.source.replace(real, placeholder)
            else:
                namespace = eval_example.run_print_check(example, module_globals=namespace)
        except Exception as error:
            failure = _where(error)
        if failure is not None:
            # Outside the except block: pytest cannot format a traceback through
            # the example's rewritten code (an INTERNALERROR would hide the cause).
            pytest.fail(f"{page}, the example at line {example.start_line}: {failure}", False)
    if page in CONSOLE_PAGES:
        wrong = check_console(ROOT / page, scratch, eval_example.update_examples)
        assert [] == wrong, f"{page}: a console block prints something else"


def run_console(block: str, cwd: Path) -> str:
    """The block as it should read: each ``$ `` command followed by what it printed."""
    commands = [line[2:] for line in block.splitlines() if line.startswith("$ ")]
    # One shell, so `echo $?` sees the command before it; the marker keeps the status.
    script = "".join(f'{{ {c}\n}} 2>&1; s=$?; printf "{_END}"; (exit $s)\n' for c in commands)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    result = subprocess.run(
        ["bash", "-c", script], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )
    outputs = result.stdout.split(_END)
    assert len(commands) + 1 == len(outputs), result.stdout + result.stderr
    return "".join(f"$ {c}\n{out}" for c, out in zip(commands, outputs, strict=False))


def check_console(path: Path, scratch: Path, update: bool) -> list[str]:
    """Run the page's console blocks; the blocks whose output differs (rewritten if `update`)."""
    text = path.read_text(encoding="utf-8")
    wrong, pieces, last = [], [], 0
    for found in _CONSOLE.finditer(text):
        fence, block = found.group(1), found.group(2)
        if 'test="skip"' in fence:
            continue
        actual = run_console(block, scratch)
        if _SECONDS.sub("N s", actual) != _SECONDS.sub("N s", block):
            wrong.append(f"line {text.count(chr(10), 0, found.start()) + 1}:\n{actual}")
            pieces += [text[last : found.start(2)], actual]
            last = found.end(2)
    if update and wrong:
        path.write_text("".join([*pieces, text[last:]]), encoding="utf-8")
        return []
    return wrong


def _where(error: Exception) -> str:
    """The error and the files and lines it passed through, without code positions."""
    frames = []
    trace = error.__traceback__
    while trace is not None:
        frames.append(f"{trace.tb_frame.f_code.co_filename}:{trace.tb_lineno}")
        trace = trace.tb_next
    return f"{type(error).__name__}: {error}\n  " + "\n  ".join(frames)
