"""The ``newsml`` command line: ``convert``, ``validate``, ``serve``.

Each subcommand lives in its own module exposing ``register(subparsers)``,
which adds its parser with ``set_defaults(func=...)``; ``func`` takes the
parsed namespace and returns the exit status.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

_SUBCOMMANDS = ("_convert", "_validate", "_serve", "_store")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="newsml", description="NewsML-G2 and NavigaDoc tools: convert, validate, serve."
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in _SUBCOMMANDS:
        qualified = f"{__name__}.{name}"
        try:
            module = importlib.import_module(qualified)
        except ModuleNotFoundError as error:
            if error.name != qualified:
                raise
            continue  # an optional subcommand not shipped in this build
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    status: int = args.func(args)
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
