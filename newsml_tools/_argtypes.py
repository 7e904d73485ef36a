"""Argparse ``type=`` checkers shared by the ``newsml`` command line and the service runner.

Internal to `newsml_tools`: ``newsml convert|validate`` (``-j``,
``--scheduler-timeout``) and ``newsml serve`` / ``python -m
newsml_tools.service`` (``--workers``, ``--max-body-bytes``,
``--body-timeout``) check their numbers here, so a bad value reads the same
everywhere. Each raises `argparse.ArgumentTypeError`, which argparse turns
into a usage error (exit status 2) naming the option.

`options_file` reads an ``--options`` file for ``newsml convert`` and
``newsml serve`` alike, bounded in size and nesting before any of it reaches
the codec (`OptionsFileError`, a usage error too).
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

__all__ = [
    "MAX_OPTIONS_BYTES",
    "MAX_OPTIONS_DEPTH",
    "OptionsFileError",
    "count",
    "options_file",
    "positive",
    "seconds",
]

MAX_OPTIONS_BYTES = 1024 * 1024
"""Largest ``--options`` file read: the reference's defaults are 6 KiB of JSON."""
MAX_OPTIONS_DEPTH = 32
"""Deepest nesting of an ``--options`` file: the options' tables nest four levels."""


def _integer(text: str, minimum: int, rule: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < minimum:
        raise argparse.ArgumentTypeError(f"{rule}: {value}")
    return value


def count(text: str) -> int:
    """A non-negative integer (``0`` often meaning "one per core").

    Raises:
        argparse.ArgumentTypeError: Not an integer, or negative.
    """
    return _integer(text, 0, "must be 0 or more")


def positive(text: str) -> int:
    """A positive integer.

    Raises:
        argparse.ArgumentTypeError: Not an integer, or below 1.
    """
    return _integer(text, 1, "must be at least 1")


def seconds(text: str) -> float:
    """A positive, finite number of seconds.

    Raises:
        argparse.ArgumentTypeError: Not a number, zero, negative, infinite or NaN.
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds: {text}")
    return value


class OptionsFileError(argparse.ArgumentTypeError):
    """An ``--options`` file that cannot be read, is not JSON, or is too large or too deep.

    Its message is one line naming the file: ``--options FILE: <reason>``.
    """


def options_file(path: str) -> Any:
    """The JSON value of the ``--options`` file at `path`, bounded in size and depth.

    Nothing is handed to the codec that could exhaust the interpreter's
    stack: a file nested deeper than `MAX_OPTIONS_DEPTH` (or than the JSON
    reader can recurse) is refused, as is one over `MAX_OPTIONS_BYTES`.

    Raises:
        OptionsFileError: The file cannot be read, is too large, is not
            JSON (or not UTF-8), or is nested too deeply.
    """
    try:
        with Path(path).open("rb") as file:
            data = file.read(MAX_OPTIONS_BYTES + 1)
    except OSError as error:
        raise OptionsFileError(
            f"--options {path}: cannot read: {error.strerror or error}"
        ) from None
    if len(data) > MAX_OPTIONS_BYTES:
        raise OptionsFileError(f"--options {path}: larger than {MAX_OPTIONS_BYTES} bytes")
    too_deep = OptionsFileError(f"--options {path}: nested deeper than {MAX_OPTIONS_DEPTH} levels")
    try:
        value = json.loads(data)
    except RecursionError:
        raise too_deep from None
    except ValueError as error:  # includes UnicodeDecodeError
        raise OptionsFileError(f"--options {path}: not JSON: {error}") from None
    if _depth(value) > MAX_OPTIONS_DEPTH:
        raise too_deep
    return value


def _depth(value: Any) -> int:
    """How deeply JSON containers nest in `value` (0 for a scalar), without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict):
            children = list(node.values())
        elif isinstance(node, list):
            children = node
        else:
            continue
        deepest = max(deepest, level)
        if level <= MAX_OPTIONS_DEPTH:  # deeper is refused whatever lies below
            stack.extend((child, level + 1) for child in children)
    return deepest
