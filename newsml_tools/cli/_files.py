"""Finding the input files of the batch subcommands, and their output paths."""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterator, Sequence
from pathlib import Path

import attrs

__all__ = ["STDIN", "Source", "mirror", "read_stdin", "sources"]

STDIN = "-"
"""The input (and output) name meaning the standard stream."""

SUFFIXES = frozenset({".xml", ".json"})


@attrs.frozen(kw_only=True)
class Source:
    """One input file.

    Attributes:
        path: The file.
        relative: Its path below the directory named on the command line, or
            its bare name when the file itself was named; output trees mirror it.
    """

    path: Path
    relative: Path


def sources(inputs: Sequence[str], suffixes: Collection[str] = SUFFIXES) -> Iterator[Source]:
    """The files named, and the files under the directories named, recursively.

    A named file is taken whatever its suffix; under a directory only files
    with one of `suffixes` (compared case-insensitively) are, sorted by path
    so runs and reports are reproducible. A name that does not exist is
    yielded as a file: reading it fails and is reported with its path.

    Args:
        inputs: Paths from the command line (not ``-``).
        suffixes: Suffixes to pick in directories, lower case with the dot.

    Returns:
        An iterator of `Source`.
    """
    for name in inputs:
        path = Path(name)
        if path.is_dir():
            found = (p for p in path.rglob("*") if p.suffix.lower() in suffixes and p.is_file())
            for file in sorted(found):
                yield Source(path=file, relative=file.relative_to(path))
        else:
            yield Source(path=path, relative=Path(path.name))


def mirror(source: Source, output: Path, suffix: str) -> Path:
    """Where `source` goes in the output tree `output`, with its suffix swapped.

    Args:
        source: An input file.
        output: The output directory.
        suffix: The suffix of the converted file (``.json`` or ``.xml``).

    Returns:
        ``output / source.relative`` with `suffix`.
    """
    return (output / source.relative).with_suffix(suffix)


def read_stdin() -> bytes:
    """All of standard input, as bytes (the codecs find the encoding)."""
    return sys.stdin.buffer.read()
