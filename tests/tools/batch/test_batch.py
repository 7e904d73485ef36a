"""`newsml_tools.batch` on this machine: the library entry point, atomic outputs, interrupts.

The cluster tests are in test_batch_dask.py. Tests of a CLI behaviour run it
as a subprocess.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nh3
import pytest
from support.cli import ARTICLE, copy_articles, newsml_cli

from newsml_codecs import document, newsml
from newsml_codecs.document import _markup
from newsml_tools import batch
from newsml_tools.batch._interrupts import interrupts_checked


def expected_document() -> object:
    """The document the library makes of the article fixture."""
    return document.dump(newsml.loads(ARTICLE.read_bytes()))


def leftovers(directory: Path) -> list[Path]:
    """Temporary files of atomic writes left anywhere below `directory`."""
    return sorted(path for path in directory.rglob(".*.tmp"))


def test_public_names_are_pinned() -> None:
    """The batch package exports exactly these names (nothing by accident)."""
    assert [
        "DOCUMENT",
        "FROM_FORMATS",
        "G2",
        "NEWSML",
        "NINJS",
        "TO_FORMATS",
        "Chunk",
        "ConvertJob",
        "DaskMissingError",
        "NoWorkersError",
        "Result",
        "connect",
        "convert",
        "convert_file",
        "run",
        "validate",
        "validate_file",
        "validate_ninjs_file",
        "write_atomically",
    ] == batch.__all__


@pytest.mark.parametrize("workers", [1, 2])
def test_convert_yields_one_result_per_input(tmp_path: Path, workers: int) -> None:
    """Every path gives one result: the output written below the mirrored root, or its problem."""
    paths = copy_articles(tmp_path / "in" / "sub", 3)
    bad = tmp_path / "in" / "bad.xml"
    bad.write_text("<newsItem>\n<a></b>", encoding="utf-8")
    results = list(
        batch.convert([*paths, bad], tmp_path / "out", root=tmp_path / "in", workers=workers)
    )
    by_source = {result.source: result for result in results}
    assert 4 == len(results) == len(by_source)
    for path in paths:
        output = tmp_path / "out" / "sub" / path.with_suffix(".json").name
        assert batch.Result(source=path, output=str(output)) == by_source[path]
        assert expected_document() == json.loads(output.read_text("utf-8"))
    assert not by_source[bad].ok
    assert "(line 2, column" in by_source[bad].problems[0]


def test_validate_yields_problems_per_file(tmp_path: Path) -> None:
    """validate gives an empty result for a valid file and the JSON paths of an invalid one."""
    empty = tmp_path / "empty.json"
    empty.write_text("{}", encoding="utf-8")
    results = {result.source: result for result in batch.validate([ARTICLE, empty], workers=1)}
    assert results[ARTICLE].ok
    assert "$: 'uuid' is a required property" in results[empty].problems


def test_write_atomically_makes_directories_and_replaces_whole(tmp_path: Path) -> None:
    """A str path works; missing directories are made; an old file is replaced; nothing else is left."""
    target = tmp_path / "a" / "b.json"
    batch.write_atomically(str(target), b"first")
    batch.write_atomically(target, b"second")
    assert b"second" == target.read_bytes()
    assert [target] == [path for path in tmp_path.rglob("*") if path.is_file()]


def test_a_failed_write_leaves_no_temporary_file_and_no_stale_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rename that fails (full disk, say): the temporary file is gone, the earlier output too, and the problem says both."""
    target = tmp_path / "a.json"
    target.write_text("earlier", encoding="utf-8")

    def no_space(source: object, destination: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", no_space)
    result = batch.convert_file(batch.ConvertJob(source=str(ARTICLE), target=str(target)))
    assert (
        f"cannot write {target}: No space left on device; "
        f"removed the output of an earlier run: {target}",
    ) == result.problems
    assert [] == list(tmp_path.iterdir())


def _limit_file_size() -> None:  # pragma: no cover - runs in the child before exec
    """Files of 4 KiB at most, EFBIG (not SIGXFSZ) beyond: a disk that fills up mid-file."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))


def test_a_full_disk_never_leaves_a_truncated_output(tmp_path: Path) -> None:
    """Item 15.13: the write fails past 4 KiB; no truncated .json is left, the failure is reported."""
    target = tmp_path / "article.json"
    result = subprocess.run(
        [sys.executable, "-m", "newsml_tools", "convert", str(ARTICLE), "-o", str(target)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        preexec_fn=_limit_file_size,
    )
    assert 1 == result.returncode
    assert f"{ARTICLE}: cannot write {target}: File too large" in result.stderr
    assert [] == list(tmp_path.iterdir())


def test_an_output_of_an_earlier_run_whose_input_now_fails_is_removed(tmp_path: Path) -> None:
    """Item 15.13: the stale output does not stay looking current; the report says it was removed."""
    copy_articles(tmp_path / "in", 2)
    assert 0 == newsml_cli("convert", tmp_path / "in", "-o", tmp_path / "out").returncode
    broken = tmp_path / "in" / "article-001.xml"
    broken.write_text("<newsItem>", encoding="utf-8")
    result = newsml_cli("convert", tmp_path / "in", "-o", tmp_path / "out")
    assert 1 == result.returncode
    stale = tmp_path / "out" / "article-001.json"
    assert f"removed the output of an earlier run: {stale}" in result.stderr
    assert ["article-000.json"] == [path.name for path in (tmp_path / "out").iterdir()]


def default_sigint_in_child() -> None:
    """Run in a child before exec: SIGINT's default disposition, whatever pytest inherited.

    Started with SIGINT ignored (``nohup``, ``cmd &`` in a script, some CI
    runners), a child would inherit SIG_IGN and Python would not install its
    KeyboardInterrupt handler; the tests send the SIGINT they mean to test.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture
def python_sigint_handler() -> Iterator[None]:
    """Python's own SIGINT handler in this process for the test (pytest may run with SIGINT ignored)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.fixture
def interrupted_sanitiser(monkeypatch: pytest.MonkeyPatch, python_sigint_handler: None) -> None:
    """nh3's attribute callback receives a SIGINT while it handles an ``href`` (as a Ctrl-C would)."""

    def interrupting(element: str, attribute: str, value: str) -> str:
        if attribute == "href":
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.01)  # the handler runs here, inside the callback nh3 made
        return value

    monkeypatch.setattr(
        _markup, "_CLEANER", nh3.Cleaner(attribute_filter=interrupting, link_rel=None)
    )


@pytest.mark.usefixtures("interrupted_sanitiser")
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # nh3's report of it
def test_ctrl_c_inside_the_sanitiser_aborts_the_file(tmp_path: Path) -> None:
    """Item 15.11: nh3 swallows the KeyboardInterrupt, yet the file is not written and Ctrl-C goes on."""
    target = tmp_path / "article.json"
    with pytest.raises(KeyboardInterrupt):
        batch.convert_file(batch.ConvertJob(source=str(ARTICLE), target=str(target)))
    assert [] == list(tmp_path.iterdir())


@pytest.mark.usefixtures("interrupted_sanitiser")
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # nh3's report of it
def test_ctrl_c_inside_the_sanitiser_leaves_an_earlier_output_unaltered(tmp_path: Path) -> None:
    """Item 15.11: an output of an earlier run is neither rewritten nor removed by the interrupt."""
    target = tmp_path / "article.json"
    target.write_text("earlier\n", encoding="utf-8")
    with pytest.raises(KeyboardInterrupt):
        batch.convert_file(batch.ConvertJob(source=str(ARTICLE), target=str(target)))
    assert "earlier\n" == target.read_text("utf-8")


@pytest.mark.usefixtures("python_sigint_handler")
def test_interrupts_checked_lets_an_undisturbed_block_through() -> None:
    """Without a SIGINT the block's value comes through and Python's handler is back afterwards."""
    with interrupts_checked():
        value = 42
    assert 42 == value
    assert signal.default_int_handler is signal.getsignal(signal.SIGINT)


def stop_a_batch(tmp_path: Path, jobs: str, signum: int, **popen: Any) -> list[str]:
    """`newsml convert -j jobs` of 400 files, sent `signum` once an output is written.

    Checks what every stop promises (fewer than 400 outputs, each whole, no
    temporary file left, the summary second to last) and returns the lines
    of standard error; the exit status is in the assertion of its caller.
    """
    copy_articles(tmp_path / "in", 400)
    out = tmp_path / "out"
    with subprocess.Popen(
        [sys.executable, "-m", "newsml_tools", "convert", "-j", jobs, tmp_path / "in", "-o", out],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        **popen,
    ) as process:
        deadline = time.monotonic() + 60
        while not (out.is_dir() and any(out.glob("*.json"))) and time.monotonic() < deadline:
            time.sleep(0.005)
        process.send_signal(signum)
        _, stderr = process.communicate(timeout=60)
    assert 128 + signum == process.returncode, stderr
    made = sorted(out.glob("*.json"))
    assert len(made) < 400, f"the batch ended before the signal reached it: {stderr}"
    expected = expected_document()
    assert all(expected == json.loads(path.read_text("utf-8")) for path in made)
    assert [] == leftovers(out)
    lines = stderr.splitlines()
    assert lines[-2].startswith("interrupted: converted "), stderr
    return lines


def test_sigint_to_the_parent_alone_stops_the_batch(tmp_path: Path) -> None:
    """Item 15.12: SIGINT to the newsml process only (not its workers) stops the batch: exit 130,
    files not started are not converted, every output present is whole, no temporary file is left,
    and the last line says what had finished."""
    lines = stop_a_batch(tmp_path, "2", signal.SIGINT, preexec_fn=default_sigint_in_child)
    assert "newsml: interrupted" == lines[-1]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_sigterm_stops_the_batch_as_ctrl_c_does(tmp_path: Path, jobs: str) -> None:
    """SIGTERM to the newsml process (a supervisor's stop), in-process or with a pool: exit 143
    after the summary, every output present whole, no temporary file left (the default action
    ended the process where it stood)."""
    lines = stop_a_batch(tmp_path, jobs, signal.SIGTERM)
    assert "newsml: terminated" == lines[-1]


def test_scheduler_without_dask_is_a_usage_error_naming_the_extra(tmp_path: Path) -> None:
    """--scheduler with Dask not installed: exit 2 and the pip command with the extra."""
    copy_articles(tmp_path / "in", 1)
    hide_dask = "import sys; sys.modules['distributed'] = None; from newsml_tools.cli import main; sys.exit(main())"
    for command in ("convert", "validate"):
        args = [command, "--scheduler", "local", str(tmp_path / "in")]
        if command == "convert":
            args += ["-o", str(tmp_path / "out")]
        result = subprocess.run(
            [sys.executable, "-c", hide_dask, *args],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert 2 == result.returncode
        assert (
            f"newsml {command}: running on a Dask cluster needs Dask: "
            "pip install 'newsml-model[dask]'\n"
        ) == result.stderr
