"""Subcommands whose optional dependencies are not installed (internal to the CLI).

``pip install newsml-model`` gives ``convert``, ``validate``, ``diff`` and
``store`` on SQLite; ``serve`` needs the ``service`` extra, ``store`` on
PostgreSQL the ``postgres`` extra, ``--scheduler`` the ``dask`` extra (progress
bars use the ``cli`` extra when it is there and are left out silently when
not). A subcommand whose module cannot import its extra's packages is still
listed by ``newsml --help``; running it, with any arguments (``--help``
too), prints one line naming the extra and exits 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

__all__ = ["ACCEPTS_EXTRA", "install_hint", "is_missing_extra", "register_missing"]

ACCEPTS_EXTRA = "accepts_extra_arguments"
"""Namespace attribute: the subcommand takes arguments argparse does not know (`newsml_tools.cli.main`)."""

# The library's own packages: a module of these that is missing is a broken
# install or a bug, never an extra left out.
_OWN = ("newsml_model", "newsml_codecs", "newsml_tools")


def install_hint(extra: str) -> str:
    """The shell command that installs `extra`: ``pip install 'newsml-model[service]'``."""
    return f"pip install 'newsml-model[{extra}]'"


def is_missing_extra(error: ModuleNotFoundError) -> bool:
    """True when `error` is a third-party package missing (an extra), not one of the library's."""
    name = error.name or ""
    return bool(name) and name.partition(".")[0] not in _OWN


def register_missing(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
    command: str,
    extra: str,
    help: str,
) -> None:
    """Add `command` as a subcommand that only says which extra it needs.

    Args:
        subparsers: The ``newsml`` parser's subcommands.
        command: The subcommand (``serve``).
        extra: The extra that installs what it needs (``service``).
        help: Its line in ``newsml --help``.
    """
    parser = subparsers.add_parser(
        command, add_help=False, help=f"{help} (needs the '{extra}' extra)"
    )
    parser.set_defaults(func=_refusal(command, extra), **{ACCEPTS_EXTRA: True})


def _refusal(command: str, extra: str) -> Callable[[argparse.Namespace], int]:
    def refuse(args: argparse.Namespace) -> int:
        print(
            f"newsml {command}: needs the '{extra}' extra: {install_hint(extra)}", file=sys.stderr
        )
        return 2

    return refuse
