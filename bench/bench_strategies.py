"""Generation cost of the strategies per example, as a ratio to drawing UUIDs, in one run.

    python bench/bench_strategies.py [--examples N] [--rounds R] [--profile]

Each row runs a ``@given`` test that does nothing with its argument over N
examples (generate phase only, no database, no health checks) and reports
the median time per example over R rounds, alternating with the same test
over ``st.uuids()`` (one draw an example: what Hypothesis itself costs an
example on this machine at this moment) so that the ratio survives a loaded
machine. CPU time of this process. The goal of issue 21: a complete article
(``news_items(complete=True, item_classes=st.just("ninat:text"))``) at most
5 ms per example. ``--profile`` prints cProfile's top functions for the
complete article. This reports; no test asserts a timing.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import statistics
import time
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from newsml_model import strategies


def per_example(strategy: st.SearchStrategy[Any], examples: int) -> Callable[[], float]:
    """A function running `examples` examples of `strategy`, giving CPU seconds per example."""
    count = [0]

    @settings(
        max_examples=examples,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def run(_value: Any) -> None:
        count[0] += 1

    def timed() -> float:
        count[0] = 0
        start = time.process_time()
        run()
        return (time.process_time() - start) / max(count[0], 1)

    return timed


ROWS: list[tuple[str, st.SearchStrategy[Any]]] = [
    (
        "news_items(complete=True) ninat:text",
        strategies.news_items(complete=True, item_classes=st.just("ninat:text")),
    ),
    ("news_items(complete=True)", strategies.news_items(complete=True)),
    ("concept_items(complete=True)", strategies.concept_items(complete=True)),
    ("planning_items(complete=True)", strategies.planning_items(complete=True)),
    ("plannings(complete=True)", strategies.plannings(complete=True)),
    ("item_lists(complete=True)", strategies.item_lists(complete=True)),
    ("packages(complete=True)", strategies.packages(complete=True)),
    ("authors(complete=True)", strategies.authors(complete=True)),
    ("news_items() (default)", strategies.news_items()),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=100, help="examples per timed run")
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds per row")
    parser.add_argument("--profile", action="store_true", help="cProfile the complete article")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, ", end=""
    )
    print(f"load average {load:.2f}; Python {platform.python_version()}")
    print(f"each row: {args.rounds} rounds x {args.examples} examples, alternating with st.uuids()")
    print(f"{'strategy':40} {'ms/example':>10} {'uuids ms':>9} {'ratio':>7}")
    baseline = per_example(st.uuids(), args.examples)
    for label, strategy in ROWS:
        ours = per_example(strategy, args.examples)
        ours()
        baseline()
        mine, base, ratios = [], [], []
        for _ in range(args.rounds):
            a, b = ours(), baseline()
            mine.append(a)
            base.append(b)
            ratios.append(a / b)
        print(
            f"{label:40} {statistics.median(mine) * 1e3:10.3f}"
            f" {statistics.median(base) * 1e3:9.3f} {statistics.median(ratios):7.1f}"
        )
    if args.profile:
        profiler = cProfile.Profile()
        run = per_example(ROWS[0][1], args.examples)
        profiler.runcall(run)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
