"""Command-line edges: a busy port, messages in shell terms, and docs/cli.md against the real parser."""

from __future__ import annotations

import argparse
import re
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.cli import ARTICLE, newsml_cli

from newsml_tools import cli

CLI_MD = Path(__file__).resolve().parents[3] / "docs" / "cli.md"
NUMBERS = {"four": 4, "five": 5, "six": 6, "seven": 7}


@pytest.fixture
def listening() -> Iterator[int]:
    """A port on loopback that another socket listens on, for the length of a test."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        yield taken.getsockname()[1]


def subcommands() -> list[str]:
    """The subcommands ``newsml --help`` lists, from the parser itself."""
    parser = cli.build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return list(action.choices)


def test_serve_on_a_busy_port_is_one_line_naming_the_address(listening: int) -> None:
    """serve on a port another socket holds: exit 2 and one line with host:port, no traceback."""
    result = newsml_cli("serve", "--port", str(listening), "--workers", "1")
    assert 2 == result.returncode
    assert [
        f"newsml serve: error: 127.0.0.1:{listening} is already in use (another server listens there)"
    ] == result.stderr.splitlines()


def test_serve_on_an_address_of_another_machine_is_a_usage_error() -> None:
    """A --host this machine does not have: exit 2 naming the address (uvicorn would exit 1)."""
    result = newsml_cli("serve", "--host", "192.0.2.1", "--port", "8080", "--insecure-no-auth")
    assert 2 == result.returncode
    [line] = result.stderr.splitlines()
    assert line.startswith("newsml serve: error: cannot listen on 192.0.2.1:8080: "), line


@pytest.mark.parametrize("port", ["70000", "-1"])
def test_serve_on_a_port_out_of_range_is_a_usage_error(port: str) -> None:
    """A --port beyond 0-65535: exit 2, one line naming it, no traceback."""
    result = newsml_cli("serve", f"--port={port}")
    assert (
        2,
        [
            f"newsml serve: error: cannot listen on 127.0.0.1:{port}: a port is a number from 0 to 65535"
        ],
    ) == (
        result.returncode,
        result.stderr.splitlines(),
    )


def test_a_missing_store_gives_shell_advice(tmp_path: Path) -> None:
    """Reading a store that is not there says how to make one with the command line, not create=True."""
    db = tmp_path / "none.db"
    for action in (["get", "x"], ["history", "x"], ["list"], ["diff", "x"]):
        result = newsml_cli("store", *action, "--db", db)
        assert result.returncode in (1, 2), action
        assert [
            f"newsml store: {db}: no such store database "
            "('newsml store put --db DB FILE' creates a store)"
        ] == result.stderr.splitlines(), action
        assert "create=" not in result.stderr


def test_an_empty_database_gives_shell_advice(tmp_path: Path) -> None:
    """An empty file as --db: 'not a store', with the command that makes one."""
    db = tmp_path / "empty.db"
    db.write_bytes(b"")
    result = newsml_cli("store", "list", "--db", db)
    assert 1 == result.returncode
    assert [
        f"newsml store: {db}: empty database, not a store "
        "('newsml store put --db DB FILE' creates a store)"
    ] == result.stderr.splitlines()


def test_cli_md_counts_and_lists_the_subcommands() -> None:
    """docs/cli.md says how many subcommands there are and lists each one, as the parser has them."""
    text = CLI_MD.read_text(encoding="utf-8")
    said = re.search(r"has (\w+) subcommands", text)
    assert said is not None
    listed = re.findall(r"^\| `newsml (\w+)` \|", text, re.MULTILINE)
    assert (NUMBERS[said.group(1)], subcommands()) == (len(subcommands()), listed)


def test_cli_md_documents_every_exit_status_of_every_subcommand() -> None:
    """Each status a subcommand's --help epilog names is a row of cli.md's table, and 130 and 143 too."""
    text = CLI_MD.read_text(encoding="utf-8")
    table = text[text.index("## Exit statuses") :].split("\n\n")[1]
    rows = set(re.findall(r"^\| \*\*(\d+)\*\* \|", table, re.MULTILINE))
    for command in ("convert", "validate", "diff", "serve"):
        result = newsml_cli(command, "--help")
        epilog = " ".join(result.stdout.split())
        named = set(
            re.findall(r"(\d+) (?:all|after|the|some|usage|equivalent|different|trouble)", epilog)
        )
        assert named, (command, epilog)
        assert named <= rows, command
    assert {"0", "1", "2", "130", "143"} == rows


def test_one_file_convert_writes_nothing_but_its_output(tmp_path: Path) -> None:
    """convert A -o B: no output, no summary, exit 0 (quiet success in a script)."""
    result = newsml_cli("convert", ARTICLE, "-o", tmp_path / "a.json")
    assert (0, "", "") == (result.returncode, result.stdout, result.stderr)


def test_a_bad_time_is_said_in_shell_terms(tmp_path: Path) -> None:
    """store list --since yesterday: argparse's usage error naming the option, not Python's datetime."""
    result = newsml_cli("store", "list", "--db", tmp_path / "s.db", "--since", "yesterday")
    assert 2 == result.returncode
    assert result.stderr.endswith(
        "newsml store list: error: argument --since: not an RFC 3339 date-time: 'yesterday'\n"
    )
    assert "datetime" not in result.stderr
