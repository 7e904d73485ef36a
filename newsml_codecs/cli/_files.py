"""Finding input files and reading/writing them for the batch subcommands."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

SUFFIXES = (".xml", ".json")


def expand(inputs: list[str]) -> Iterator[Path]:
    """Yield the files named, and every .xml/.json file under named directories, sorted."""
    for name in inputs:
        path = Path(name)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.is_file() and p.suffix in SUFFIXES)
        else:
            yield path


def read_stdin() -> bytes:
    """All of standard input as bytes."""
    return sys.stdin.buffer.read()
