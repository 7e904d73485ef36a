"""Argparse ``type=`` checkers shared by the ``newsml`` command line and the service runner.

Internal to `newsml_tools`: ``newsml convert|validate`` (``-j``,
``--scheduler-timeout``) and ``newsml serve`` / ``python -m
newsml_tools.service`` (``--workers``, ``--max-body-bytes``,
``--body-timeout``) check their numbers here, so a bad value reads the same
everywhere. Each raises `argparse.ArgumentTypeError`, which argparse turns
into a usage error (exit status 2) naming the option.
"""

from __future__ import annotations

import argparse
import math

__all__ = ["count", "positive", "seconds"]


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
