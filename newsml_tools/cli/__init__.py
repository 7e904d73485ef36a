"""The ``newsml`` command line: ``convert``, ``validate``, ``diff``, ``serve``, ``store``.

Each subcommand lives in its own module exposing ``register(subparsers)``,
which adds its parser with ``set_defaults(func=...)``; ``func`` takes the
parsed namespace and returns the exit status. A subcommand module that is not
there (a build without it) is skipped; any other import failure is a bug and
is raised. A subcommand whose optional dependencies are missing registers a
parser that says which extra to install (`_extras`); the core install runs
every other subcommand.

Exit status: 0 success, 1 some input failed (``diff``: the inputs differ),
2 usage error, missing extra or trouble, 130 interrupted (Ctrl-C), 143
terminated (SIGTERM, which stops the work as Ctrl-C does: a batch's
outputs are each whole or absent, its temporary files removed).
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
from collections.abc import Sequence

from newsml_tools.cli._extras import ACCEPTS_EXTRA
from newsml_tools.cli._stop import HANDLES_SIGTERM, SigtermStop, Terminated

__all__ = ["build_parser", "main"]

# Registration order is the order `newsml --help` lists the subcommands in.
_SUBCOMMANDS = ("_convert", "_validate", "_diff", "_serve", "_store")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The ``newsml`` argument parser with every available subcommand registered.

    Args:
        only: Register this subcommand alone (its name, e.g. ``"convert"``):
            `main` passes the one the arguments name, so ``newsml convert``
            does not import the service, the store and Dask to build parsers
            it will not use. None, or a name that is not a subcommand: all.

    Returns:
        The parser; each subcommand sets ``func`` on the namespace.

    Raises:
        ModuleNotFoundError: A subcommand module imports something missing
            (only the subcommand module itself may be absent).
    """
    parser = argparse.ArgumentParser(
        prog="newsml",
        description="NewsML-G2 (Writer / Naviga flavour) and NavigaDoc tools.",
        epilog="Run 'newsml COMMAND --help' for the options of a command.",
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    chosen = f"_{only}"
    for name in (chosen,) if chosen in _SUBCOMMANDS else _SUBCOMMANDS:
        qualified = f"{__name__}.{name}"
        try:
            module = importlib.import_module(qualified)
        except ModuleNotFoundError as error:
            if error.name != qualified:
                raise
            continue  # not written yet, or left out of this build
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``newsml`` command line.

    Args:
        argv: The arguments after the program name; `sys.argv` when None.

    Returns:
        The exit status (argparse's usage errors and ``--help`` included, so
        callers in-process get a status rather than `SystemExit`).
    """
    words = list(sys.argv[1:] if argv is None else argv)
    # The subcommand is the first word when there is one (the top level has
    # no options of its own but --help); anything else builds every parser.
    parser = build_parser(words[0] if words and not words[0].startswith("-") else None)
    try:
        args, unknown = parser.parse_known_args(argv)
        if unknown and not getattr(args, ACCEPTS_EXTRA, False):
            parser.error(f"unrecognized arguments: {' '.join(unknown)}")  # as parse_args says it
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    # Created before the try, installed inside it: a SIGTERM at any instant
    # from the install on is reported (`_stop` says why the order matters).
    sigterm = SigtermStop()
    try:
        try:
            if not getattr(args, HANDLES_SIGTERM, False):
                sigterm.install()
            status: int = args.func(args)
            sigterm.defer()  # a SIGTERM from here on is answered below
        finally:
            sigterm.restore()
    except Terminated:
        sigterm.restore()  # the SIGTERM may have cut the one above short
        print("newsml: terminated", file=sys.stderr)
        return 128 + signal.SIGTERM
    except KeyboardInterrupt:
        sigterm.restore()
        print("newsml: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # `newsml convert ... | head`: the reader left. Point stdout at devnull so
        # the interpreter's final flush does not raise again (Python docs, signal).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    if sigterm.deferred:
        print("newsml: terminated", file=sys.stderr)
        return 128 + signal.SIGTERM
    return status
