"""Batch conversion speed: files per second on a Dask cluster against the process pool.

    python bench/bench_batch.py [--files N] [--rounds R] [FILE]

N copies (default 600) of a real-size article (the corpus text article if
present, else ``tests/fixtures/article-full.xml``) are converted to documents
with `newsml_tools.batch.convert`, the engine behind ``newsml convert``, in
four ways on the same inputs: in this process (``-j 1``), on a pool of two
processes (``-j 2``), and on a local Dask cluster of one and of two
single-threaded worker processes (a ``LocalCluster``, so every file crosses
the same scheduler, pickling and worker machinery as on a real cluster; the
cluster is started once, outside the timing). Each round runs the four in
turn, so a noisy neighbour slows them all; the median round is reported.

It also measures what crossing a process boundary costs for one article:
pickle size and time of the parsed `NewsItem` against its XML bytes, which
is why the batch sends paths and the workers read and parse the files
themselves. This reports; no test asserts a timing.
"""

from __future__ import annotations

import argparse
import logging
import os
import pickle
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from _timing import median_seconds, sample_article

from newsml_codecs import newsml
from newsml_tools import batch


def files_per_second(run: Callable[[Path], int], out: Path, files: int) -> float:
    """Time one batch into a fresh `out`; every file must have converted."""
    shutil.rmtree(out, ignore_errors=True)
    start = time.perf_counter()
    converted = run(out)
    elapsed = time.perf_counter() - start
    if converted != files:
        raise SystemExit(f"only {converted} of {files} files converted")
    return files / elapsed


def pickle_costs(data: bytes) -> None:
    """Print pickle size and time of a parsed item against its XML bytes."""
    item = newsml.loads(data)
    blob = pickle.dumps(item, protocol=pickle.HIGHEST_PROTOCOL)
    raw = pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)
    rows = [
        ("XML bytes", len(data), ""),
        ("pickle of the XML bytes", len(raw), ""),
        ("pickle of the NewsItem", len(blob), f"{len(blob) / len(data):.2f}x the XML"),
    ]
    for name, size, note in rows:
        print(f"  {name:<28} {size:>8} bytes  {note}")
    timings = [
        ("pickle.dumps(NewsItem)", median_seconds(lambda: pickle.dumps(item, 5), number=200)),
        ("pickle.loads(NewsItem)", median_seconds(lambda: pickle.loads(blob), number=200)),
        ("pickle.dumps(XML bytes)", median_seconds(lambda: pickle.dumps(data, 5), number=2000)),
        ("newsml.loads(XML bytes)", median_seconds(lambda: newsml.loads(data), number=50)),
    ]
    for name, seconds in timings:
        print(f"  {name:<28} {seconds * 1e6:>8.1f} us")


def main() -> int:
    """Run the benchmark and print files/s per way of running."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("file", nargs="?", type=Path, help="the article to copy")
    options = parser.parse_args()
    try:
        import distributed
    except ImportError:
        print("needs the dask extra: pip install 'newsml-model[dask]'", file=sys.stderr)
        return 2
    logging.getLogger("distributed").setLevel(logging.ERROR)  # INFO chatter of the clusters
    name, data = (
        (options.file.name, options.file.read_bytes()) if options.file else sample_article()
    )
    print(f"{name}: {len(data)} bytes of NewsML, {options.files} copies")
    print("crossing a process boundary, one article:")
    pickle_costs(data)

    with tempfile.TemporaryDirectory() as directory:
        source = Path(directory) / "in"
        source.mkdir()
        paths = [source / f"article-{n:05d}.xml" for n in range(options.files)]
        for path in paths:
            path.write_bytes(data)

        def count(results: object) -> int:
            return sum(1 for result in results if result.ok)  # type: ignore[attr-defined]

        started = time.perf_counter()
        one = distributed.Client(
            distributed.LocalCluster(
                n_workers=1,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",
                silence_logs=logging.ERROR,
            )
        )
        two = distributed.Client(
            distributed.LocalCluster(
                n_workers=2,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",
                silence_logs=logging.ERROR,
            )
        )
        print(
            f"two local clusters started in {time.perf_counter() - started:.1f} s (not timed below)"
        )
        ways: dict[str, Callable[[Path], int]] = {
            "in this process (-j 1)": lambda out: count(batch.convert(paths, out, workers=1)),
            "process pool, 2 workers (-j 2)": lambda out: count(
                batch.convert(paths, out, workers=2)
            ),
            "Dask cluster, 1 worker": lambda out: count(batch.convert(paths, out, client=one)),
            "Dask cluster, 2 workers": lambda out: count(batch.convert(paths, out, client=two)),
        }
        rates: dict[str, list[float]] = {way: [] for way in ways}
        try:
            for _ in range(options.rounds):
                for way, run in ways.items():
                    rates[way].append(files_per_second(run, Path(directory) / "out", options.files))
        finally:
            for client in (one, two):
                cluster = client.cluster
                client.close()
                if cluster is not None:
                    cluster.close()
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"load average after the run (1, 5, 15 min, {os.cpu_count()} cores): {load}")
    base = statistics.median(rates["in this process (-j 1)"])
    print(f"files per second (median of {options.rounds} rounds):")
    for way, values in rates.items():
        rate = statistics.median(values)
        print(f"  {way:<32} {rate:>7.0f} files/s  {rate / base:.2f}x -j 1")
    return 0


if __name__ == "__main__":
    sys.exit(main())
