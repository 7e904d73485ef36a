"""Every row of issue 12's table in one run: ratios and absolute times.

    python bench/bench_all.py [--number N] [--rounds R] [--service-seconds S] [--no-service]

For the 26 KB corpus text article and our full fixture (tests/fixtures/
article-full.xml), each step is timed against its baseline in the same run,
alternately (`_timing.interleaved`, CPU time of this process): a bare
``xmltodict.parse`` of the same bytes, or ``xmltodict.unparse`` of
xmltodict's own parse result. The ``document.dump``/``document.load`` rows
are ``bench_document.carrier_rows`` (the carrier's own bench, wall clock). The last row starts the Tools service with one
worker (`bench_service.measure`) and compares its ConvertToDocument rate over
HTTP with the same conversion in process (``document.from_newsml`` and the
JSON response, as the service runs it; so is the ConvertToDocument row). Prints the machine, the table and
whether each goal is met. This reports; no test asserts a timing.
"""

from __future__ import annotations

import argparse
import copy
import os
import platform
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import xmltodict
from _timing import CORPUS_TEXT, FIXTURE_TEXT, paired
from bench_document import carrier_rows

from newsml_codecs import document, jsontext, newsml, schema


def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"{cpu}, {os.cpu_count()} cores, load average {load:.2f};"
        f" Python {platform.python_version()} ({platform.python_implementation()})"
    )


Row = tuple[str, float, float, str, float, float]


def _rows(raw: bytes, number: int, rounds: int) -> list[Row]:
    """(step, ours, baseline, baseline name, goal, ratio) for one article."""
    item = newsml.loads(raw)
    tree = xmltodict.parse(raw)
    doc = document.dump(item)
    assert [] == schema.errors(doc), "the article's document must be valid for the schema row"

    def parse() -> object:
        return xmltodict.parse(raw)

    def unparse() -> object:
        return xmltodict.unparse(tree)

    text = raw.decode("utf-8")  # the request's field, as the service reads it

    def convert_to_document() -> object:
        # the service's conversion: the carrier also records where the nodes stand
        return jsontext.dumpb({"document": document.from_newsml(text)})

    steps: list[tuple[str, Callable[[], object], Callable[[], object], str, float]] = [
        ("newsml.loads", lambda: newsml.loads(raw), parse, "parse", 1.0),
        ("newsml.dumps", lambda: newsml.dumps(item), unparse, "unparse", 0.5),
        ("ConvertToDocument in process", convert_to_document, parse, "parse", 2.0),
        ("schema.validate (valid)", lambda: schema.errors(doc), parse, "parse", 0.05),
    ]
    rows = []
    for label, ours, baseline, base_name, goal in steps:
        mine, base, ratio = paired(ours, baseline, number=number, rounds=rounds)
        rows.append((label, mine, base, base_name, goal, ratio))
    # The document rows are H3a's measure of its carrier (bench_document.py,
    # wall clock): dump with and without carriers, load + newsml.dumps.
    for label, mine, base, target in reversed(carrier_rows(raw, number)):
        short, _, base_name = label.partition(" / ")
        goal = float("nan") if target is None else target
        rows.insert(2, (short, mine, base, base_name, goal, mine / base))
    return rows


def _invalid_row(raw: bytes, number: int, rounds: int) -> tuple[float, float]:
    """schema.validate of an invalid document against a bare python-jsonschema iter_errors."""
    from jsonschema import Draft202012Validator

    bad: dict[str, Any] = copy.deepcopy(document.dump(newsml.loads(raw)))
    bad["created"] = "yesterday"
    bad.setdefault("links", []).append({"uri": "no scheme"})
    bare = Draft202012Validator(schema.SCHEMA, format_checker=schema.FORMAT_CHECKER)
    mine, base, _ = paired(
        lambda: schema.errors(bad),
        lambda: list(bare.iter_errors(bad)),
        number=max(1, number // 10),
        rounds=rounds,
    )
    return mine, base


def _print_rows(name: str, raw: bytes, rows: list[Row]) -> int:
    missed = 0
    print(f"\n{name} ({len(raw) / 1024:.1f} KiB)")
    print(f"  {'step':<32}{'ours':>10}{'baseline':>20}{'ratio':>8}{'goal':>9}  met")
    for label, mine, base, base_name, goal, ratio in rows:
        if goal != goal:  # NaN: reported, no goal
            verdict, goal_text = "", "-"
        else:
            verdict, goal_text = ("yes" if ratio <= goal else "NO"), f"<= {goal:g}"
            missed += ratio > goal
        print(
            f"  {label:<32}{mine * 1e6:>8.1f}us{base * 1e6:>10.1f}us {base_name:<8}"
            f"{ratio:>8.3f}{goal_text:>9}  {verdict}"
        )
    return missed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=20, help="calls per timed round")
    parser.add_argument("--rounds", type=int, default=41, help="alternating rounds per row")
    parser.add_argument(
        "--service-seconds", type=float, default=5.0, help="load seconds per service round"
    )
    parser.add_argument("--service-rounds", type=int, default=3, help="service rounds")
    parser.add_argument("--no-service", action="store_true", help="skip the service row")
    args = parser.parse_args()

    print(f"machine: {_machine()}")
    print(
        f"each row: {args.rounds} alternating rounds x {args.number} calls, CPU time of this"
        " process, medians of the times and of the per-round ratios;"
        " baseline = xmltodict on the same bytes, same run"
    )
    articles = [path for path in (CORPUS_TEXT, FIXTURE_TEXT) if path.exists()]
    missed = 0
    for path in articles:
        raw = path.read_bytes()
        missed += _print_rows(path.name, raw, _rows(raw, args.number, args.rounds))
        invalid, bare = _invalid_row(raw, args.number, args.rounds)
        print(
            f"  {'  schema.validate (invalid)':<32}{invalid * 1e6:>8.1f}us{bare * 1e6:>10.1f}us"
            f" {'jsonschm':<8}{invalid / bare:>8.3f}{'-':>9}"
            "   (bare python-jsonschema iter_errors)"
        )

    if not args.no_service:
        from bench_service import in_process_convert, measure

        raw = articles[0].read_bytes()
        run = measure(
            raw,
            in_process_convert(raw),
            rounds=args.service_rounds,
            seconds=args.service_seconds,
            quiet=False,
        )
        share = statistics.median(run.per_worker)
        met = share >= 0.85
        missed += not met
        print(
            f"\nservice, one worker, JSON, 8 clients, access log on ({articles[0].name}):"
            f" {run.requests_per_second:.0f} req/s against"
            f" {statistics.mean(run.rates):.0f}/s in process (from_newsml + JSON text)"
        )
        print(
            f"  {'share of the in-process rate':<32}{share:>8.0%} (rounds:"
            f" {', '.join(f'{r:.0%}' for r in run.per_worker)}){'>= 85%':>10}"
            f"  {'yes' if met else 'NO'}; {len(run.errors)} errors"
        )
    print(f"\n{missed} goal(s) missed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
