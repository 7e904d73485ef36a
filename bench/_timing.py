"""Timing helpers shared by the benchmarks: medians of repeated runs, ratios."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS_TEXT = ROOT.parent / "shared" / "corpus" / "writer-format" / "newsitem" / "newsitem-text.xml"
FIXTURE_TEXT = ROOT / "tests" / "fixtures" / "article-full.xml"


def sample_article() -> tuple[str, bytes]:
    """A real-size article: the corpus text article if present, else our fixture."""
    path = CORPUS_TEXT if CORPUS_TEXT.exists() else FIXTURE_TEXT
    return path.name, path.read_bytes()


def median_seconds(fn: Callable[[], object], *, number: int, repeat: int = 9) -> float:
    """Median over `repeat` runs of the mean time of `number` calls of `fn`."""
    fn()  # warm caches and lazy imports outside the measurement
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        runs.append((time.perf_counter() - start) / number)
    return statistics.median(runs)


def interleaved(
    ours: Callable[[], object],
    baseline: Callable[[], object],
    *,
    number: int,
    rounds: int = 9,
    clock: Callable[[], float] = time.perf_counter,
    summary: Callable[[list[float]], float] = statistics.median,
) -> tuple[float, float]:
    """Per-call seconds of `ours` and `baseline` (median of rounds), timed alternately.

    Alternating the two in each round means a noisy neighbour on a shared
    machine slows both, so the ratio stays meaningful. ``clock=time.process_time``
    counts only this process's CPU time, which a neighbour disturbs less;
    ``summary=min`` keeps the least disturbed round of each.
    """
    ours()
    baseline()
    ours_runs, base_runs = [], []
    for _ in range(rounds):
        for fn, runs in ((ours, ours_runs), (baseline, base_runs)):
            start = clock()
            for _ in range(number):
                fn()
            runs.append((clock() - start) / number)
    return summary(ours_runs), summary(base_runs)


def paired(
    ours: Callable[[], object],
    baseline: Callable[[], object],
    *,
    number: int,
    rounds: int = 31,
    clock: Callable[[], float] = time.process_time,
) -> tuple[float, float, float]:
    """Median per-call seconds of `ours` and `baseline`, and the median of their per-round ratios.

    Each round times `number` calls of one, then of the other, then the
    reverse order in the next round; the ratio of a round compares two
    measurements taken moments apart, so a machine whose speed drifts (a
    shared or virtual one) disturbs the ratio far less than it disturbs
    either time.
    """
    ours()
    baseline()
    ours_runs, base_runs, ratios = [], [], []
    for index in range(rounds):
        pair = [(ours, ours_runs), (baseline, base_runs)]
        for fn, runs in pair if index % 2 == 0 else pair[::-1]:
            start = clock()
            for _ in range(number):
                fn()
            runs.append((clock() - start) / number)
        ratios.append(ours_runs[-1] / base_runs[-1])
    return statistics.median(ours_runs), statistics.median(base_runs), statistics.median(ratios)
