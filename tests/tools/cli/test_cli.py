"""The ``newsml`` entry point and the CLI's batch reporting, in-process."""

from __future__ import annotations

import argparse
import io
import types
from pathlib import Path
from typing import Any

import pytest

from newsml_tools import batch, cli
from newsml_tools.batch._local import chunked
from newsml_tools.batch._work import sniff_xml
from newsml_tools.cli import _report
from newsml_tools.cli._files import Source, mirror, sources


def subcommands(parser: argparse.ArgumentParser) -> list[str]:
    """The subcommand names registered on `parser`, in order."""
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return list(action.choices)


def test_subcommands_register_in_order() -> None:
    """convert and validate come first; diff, serve and store follow when their modules exist."""
    names = subcommands(cli.build_parser())
    assert ["convert", "validate"] == names[:2]
    assert set(names) <= {"convert", "validate", "diff", "serve", "store"}


def test_a_missing_subcommand_module_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A subcommand module that does not exist (not written yet) is left out."""
    monkeypatch.setattr(cli, "_SUBCOMMANDS", ("_convert", "_not_written_yet"))
    assert ["convert"] == subcommands(cli.build_parser())


def test_a_broken_subcommand_module_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """A subcommand module whose own imports fail is a bug and is raised, not hidden."""
    real = cli.importlib.import_module

    def import_module(name: str) -> types.ModuleType:
        if name.endswith("._serve"):
            raise ModuleNotFoundError("No module named 'uvicorn'", name="uvicorn")
        return real(name)

    monkeypatch.setattr(cli.importlib, "import_module", import_module)
    with pytest.raises(ModuleNotFoundError, match="uvicorn"):
        cli.build_parser()


def test_main_returns_usage_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    """--help gives 0 and no subcommand 2, as statuses rather than SystemExit."""
    assert 0 == cli.main(["--help"])
    assert "usage: newsml" in capsys.readouterr().out
    assert 2 == cli.main([])
    assert "the following arguments are required: COMMAND" in capsys.readouterr().err


def test_main_returns_130_when_interrupted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C during a subcommand ends with status 130 and a short message, no traceback."""

    def interrupted(args: argparse.Namespace) -> int:
        raise KeyboardInterrupt

    parser = argparse.ArgumentParser()
    parser.set_defaults(func=interrupted)
    monkeypatch.setattr(cli, "build_parser", lambda only=None: parser)
    assert 130 == cli.main([])
    assert "newsml: interrupted\n" == capsys.readouterr().err


@pytest.mark.parametrize("count, workers", [(0, 4), (1, 4), (10, 1), (100, 2), (10_000, 8)])
def test_chunks_cover_every_job_in_order(count: int, workers: int) -> None:
    """Chunks concatenate back to the jobs, are at most 64 long, and give each worker several."""
    jobs = list(range(count))
    chunks = chunked(jobs, workers)
    assert jobs == [job for chunk in chunks for job in chunk]
    assert all(1 <= len(chunk) <= 64 for chunk in chunks)
    if count >= 64 * workers:
        assert len(chunks) >= 4 * workers


def check_number(job: int) -> batch.Result:
    """A task for the batch tests: odd numbers are problems."""
    return batch.Result(source=f"job{job}", problems=(f"{job} is odd",) if job % 2 else ())


@pytest.mark.parametrize("workers", [1, 2])
def test_batch_counts_and_reports_problems(workers: int) -> None:
    """execute counts successes and failures and writes '<source>: <problem>' per problem, in job order."""
    report = io.StringIO()
    tally = _report.Tally()
    args = argparse.Namespace(jobs=workers, scheduler=None, scheduler_timeout=None, progress=False)
    _report.execute(check_number, list(range(100)), args, report=report, tally=tally)
    assert (50, 50) == (tally.succeeded, tally.failed)
    expected = [f"job{n}: {n} is odd" for n in range(1, 100, 2)]
    assert expected == report.getvalue().splitlines()


def test_results_are_released_in_job_order() -> None:
    """Chunks finishing 2, 0, 1 release nothing, then chunk 0, then 1 and 2."""

    def result(name: str, *problems: str) -> batch.Result:
        return batch.Result(source=name, problems=problems)

    a, b, b2, c = result("a"), result("b", "x"), result("b2"), result("c")
    order = _report.InOrder()
    assert [] == order.add(2, [c])
    assert [a] == order.add(0, [a])
    assert [b, b2, c] == order.add(1, [b, b2])
    assert [] == order.rest()


def test_results_held_back_are_given_out_after_an_interrupt() -> None:
    """After an interrupt, the chunks waiting for an earlier one come out, in order."""
    order = _report.InOrder()
    late = [batch.Result(source=f"f{n}") for n in range(4)]
    assert [] == order.add(3, late[3:])
    assert [] == order.add(1, late[1:3])
    assert late[1:] == order.rest()
    assert [] == order.rest()


def test_sources_walk_directories_sorted_and_take_named_files(tmp_path: Path) -> None:
    """Directories give their .xml/.json files (any case) recursively, sorted; named files are kept as given."""
    for name in ("b/z.json", "a.XML", "b/a.xml", "c.txt"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    found: list[Any] = list(sources([str(tmp_path), str(tmp_path / "c.txt")]))
    assert [
        Source(path=tmp_path / "a.XML", relative=Path("a.XML")),
        Source(path=tmp_path / "b" / "a.xml", relative=Path("b/a.xml")),
        Source(path=tmp_path / "b" / "z.json", relative=Path("b/z.json")),
        Source(path=tmp_path / "c.txt", relative=Path("c.txt")),
    ] == found
    assert tmp_path / "out" / "b" / "a.json" == mirror(found[1], tmp_path / "out", ".json")


@pytest.mark.parametrize(
    "data, expected",
    [
        (b"<newsItem/>", True),
        (b"\xef\xbb\xbf\n  <?xml?>", True),
        (b'{"a": 1}', False),
        (b"", False),
    ],
)
def test_standard_input_sniffing(data: bytes, expected: bool) -> None:
    """XML starts with '<' after a BOM and whitespace; anything else is taken for JSON."""
    assert expected == sniff_xml(data)


def test_a_subcommand_builds_its_own_parser_alone() -> None:
    """``newsml validate ...`` registers the validate parser only; ``newsml --help`` all five.

    So a subcommand does not import the service, the store and Dask to build
    parsers it will not use (a cost every call of the command line pays).
    """
    choices = cli.build_parser("validate")._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert ["validate"] == list(choices)
    every = cli.build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert ["convert", "validate", "diff", "serve", "store"] == list(every)
    assert list(every) == list(
        cli.build_parser("no-such-command")._subparsers._group_actions[0].choices
    )  # type: ignore[union-attr]
