"""Every Python example in README.md and docs/ runs, page by page, as written.

A page's examples run in order in one namespace (later blocks use names an
earlier block defined, as a reader following the page would), in a scratch
directory that holds the files the pages open (``article.xml`` is the
project's full test article, ``archive/`` a folder of articles). Examples
that call the Tools service at ``http://127.0.0.1:8080`` call the test
session's real service process instead (its address replaces that one).
A block that shows a fragment, not a program, says so in its fence:
```` ```python {test="skip"} ````.
"""

from __future__ import annotations

import dataclasses
import os
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
        if SERVICE_URL in example.source:
            url = service_support.shared_server().base_url
            example = dataclasses.replace(example, source=example.source.replace(SERVICE_URL, url))
        if SCHEDULER in example.source:
            address = request.getfixturevalue("scheduler")
            example = dataclasses.replace(
                example, source=example.source.replace(SCHEDULER, address)
            )
        failure = None
        try:
            if eval_example.update_examples:
                namespace = eval_example.run_print_update(example, module_globals=namespace)
            else:
                namespace = eval_example.run_print_check(example, module_globals=namespace)
        except Exception as error:
            failure = _where(error)
        if failure is not None:
            # Outside the except block: pytest cannot format a traceback through
            # the example's rewritten code (an INTERNALERROR would hide the cause).
            pytest.fail(f"{page}, the example at line {example.start_line}: {failure}", False)


def _where(error: Exception) -> str:
    """The error and the files and lines it passed through, without code positions."""
    frames = []
    trace = error.__traceback__
    while trace is not None:
        frames.append(f"{trace.tb_frame.f_code.co_filename}:{trace.tb_lineno}")
        trace = trace.tb_next
    return f"{type(error).__name__}: {error}\n  " + "\n  ".join(frames)
