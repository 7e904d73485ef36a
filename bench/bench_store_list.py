"""Filtered `Store.list` on a growing store: time at 10k, 50k and 100k items as ratios.

    python bench/bench_store_list.py [--items 100000] [--pg URL] [--rounds R] [--explain]

Items are generated (short news items whose type, pubStatus,
versionCreated, channel, links and words vary with their number) and saved
with `Store.save_many`, 5,000 to a transaction, into a fresh SQLite file
(a temporary directory), or into the PostgreSQL database at ``--pg URL``
(tables ``newsml_*`` are created; use an empty database or schema). At
each checkpoint (10%, 50% and 100% of ``--items``) the first page (limit 50)
of each filter is timed (median of rounds), and the ratio to the first
checkpoint printed: answered from an index, a filter whose matches stay
few keeps its time as the store grows tenfold. The ``scan`` row is the
contrast, a query no index serves (``LIKE`` over every stored revision's
text), which grows with the store. ``--explain`` prints each filter's
plan at the last checkpoint. This reports; no test asserts a timing.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from newsml_codecs import newsml
from newsml_tools.store import PostgresStore, SQLiteStore
from newsml_tools.store._listing import query

RARE_TAG = "a1a1a1a1-0000-4000-8000-000000000001"
BATCH = 5_000

# What each filter asks. The rare values are on five items (100-104) whatever
# the store's size, and a ten-minute window holds ten items: their first
# page costs the same at any size when an index answers. "usable" is on
# three items in four (the first page is 50 of many); the combination asks
# for a word on one item in eight and a channel on one in ten.
FILTERS: dict[str, dict[str, Any]] = {
    "type": {"type": "x-im/rare"},
    "status": {"status": "withheld"},
    "versionCreated": {"since": "2026-01-01T00:00:00Z", "until": "2026-01-01T00:10:00Z"},
    "pubStart": {"since": "2026-06-01T00:00:00Z", "time_field": "pubStart"},
    "channel": {"channel": "imchn:rare"},
    "link": {"link": RARE_TAG},
    "text": {"text": "älgjakt"},
    "status usable": {"status": "usable"},
    "link+status": {"link": RARE_TAG, "status": "usable"},
    "usable+sport+hockey": {"status": "usable", "channel": "imchn:sport", "text": "hockey"},
}

_WORDS = ("hockey", "fotboll", "val", "budget", "väder", "trafik", "skola", "vård")


def item_text(n: int) -> str:
    """The NewsML of generated item `n`."""
    rare = 100 <= n < 105
    # One a minute from 2026-01-01T00:00:00Z.
    created = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(1767225600 + 60 * n))
    kind = "x-im/rare" if rare else "x-im/article"
    status = "stat:withheld" if rare else "imext:draft" if n % 4 == 0 else "stat:usable"
    channel = "imchn:rare" if rare else "imchn:sport" if n % 10 == 0 else "imchn:news"
    tags = [f"5c0ffee0-0000-4000-8000-{n % 500:012d}"] + ([RARE_TAG] if rare else [])
    word = "älgjakt" if rare else _WORDS[n % len(_WORDS)]
    start = ""
    if rare:
        start = '<itemMetaExtProperty type="imext:pubstart" value="2026-06-01T00:00:00Z"/>'
    links = "".join(f'<link rel="subject" type="x-im/topic" uuid="{t}"/>' for t in tags)
    return f"""<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/"
 guid="00000000-0000-4000-8000-{n:012d}" version="1" standard="NewsML-G2"
 standardversion="2.20" conformance="power"><itemMeta><itemClass qcode="ninat:text"/>
<versionCreated>{created}</versionCreated><pubStatus qcode="{status}"/>
<itemMetaExtProperty type="imext:type" value="{kind}"/>{start}<service qcode="{channel}"/>
<links xmlns="http://www.infomaker.se/newsml/1.0">{links}</links></itemMeta>
<contentMeta><headline>Nyhet {n} om {word}</headline></contentMeta>
<contentSet><inlineXML><idf xmlns="http://www.infomaker.se/idf/1.0"><group type="body">
<element id="p1" type="body">Artikel nummer {n} handlar om {word} och annat.</element>
</group></idf></inlineXML></contentSet></newsItem>"""


def median(fn: Callable[[], object], rounds: int) -> float:
    fn()
    runs = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def fill(store: SQLiteStore | PostgresStore, start: int, end: int) -> float:
    """Save items start..end-1 in transactions of `BATCH`; the seconds it took."""
    began = time.perf_counter()
    for first in range(start, end, BATCH):
        store.save_many([newsml.loads(item_text(n)) for n in range(first, min(end, first + BATCH))])
    return time.perf_counter() - began


def scan(store: SQLiteStore | PostgresStore) -> Callable[[], object]:
    """A query no index serves: every stored text read (the contrast row)."""
    if isinstance(store, SQLiteStore):
        statement = "SELECT count(*) FROM revisions WHERE newsml LIKE :pattern"
    else:
        statement = "SELECT count(*) FROM newsml_revisions WHERE newsml LIKE %(pattern)s"
    return lambda: store._read(statement, {"pattern": "%älgjakt%"})


def plan(store: SQLiteStore | PostgresStore, filters: dict[str, Any]) -> str:
    given = {k: v for k, v in filters.items() if k != "time_field"}
    field = filters.get("time_field", "versionCreated")
    statement, args = query(store._SQL, given, limit=50, cursor=None, time_field=field)
    if isinstance(store, SQLiteStore):
        rows = store._read("EXPLAIN QUERY PLAN " + statement, args)
        return "; ".join(str(row[-1]) for row in rows)
    rows = store._read("EXPLAIN " + statement, args)
    return "; ".join(str(row[0]).strip() for row in rows if "Scan" in str(row[0]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--pg", metavar="URL", help="a PostgreSQL database instead of SQLite")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--explain", action="store_true", help="print the plans at the end")
    args = parser.parse_args()
    checkpoints = [args.items // 10, args.items // 2, args.items]
    with tempfile.TemporaryDirectory() as place:
        where = Path(place) / "bench.db"
        store: SQLiteStore | PostgresStore = (
            PostgresStore(args.pg) if args.pg else SQLiteStore(where)
        )
        with store:
            rows: dict[str, list[float]] = {name: [] for name in [*FILTERS, "scan"]}
            counts: dict[str, list[int]] = {name: [] for name in FILTERS}
            done = 0
            for checkpoint in checkpoints:
                took = fill(store, done, checkpoint)
                print(
                    f"saved {checkpoint - done} items in {took:.1f} s "
                    f"({(checkpoint - done) / took:,.0f}/s), {checkpoint:,} stored",
                    flush=True,
                )
                done = checkpoint
                if isinstance(store, PostgresStore):
                    # What autovacuum does after a bulk load, without waiting for it.
                    with store._db.connection() as conn:
                        conn.execute("ANALYZE")
                for name, filters in FILTERS.items():
                    found = store.list(limit=50, **filters)
                    counts[name].append(len(found.items))
                    rows[name].append(
                        median(lambda f=filters: store.list(limit=50, **f), args.rounds)
                    )
                rows["scan"].append(median(scan(store), max(3, args.rounds // 5)))
                # As it goes, so that a long run reports what it has.
                each = ", ".join(f"{name} {times[-1] * 1000:.2f}" for name, times in rows.items())
                print(f"  at {checkpoint:,} (ms): {each}", flush=True)
            backend = "PostgreSQL" if args.pg else "SQLite"
            print(f"\n{backend}: first page (limit 50), median of {args.rounds} rounds")
            header = "".join(f"{c:>12,}" for c in checkpoints)
            print(f"{'filter':<20}{header}   ratios to {checkpoints[0]:,}   (items found)")
            for name, times in rows.items():
                millis = "".join(f"{t * 1000:>10.2f}ms" for t in times)
                ratios = " ".join(f"{t / times[0]:.2f}" for t in times)
                found = " ".join(str(c) for c in counts.get(name, []))
                print(f"{name:<20}{millis}   {ratios:<20} {found}")
            if args.explain:
                print()
                for name, filters in FILTERS.items():
                    print(f"{name}: {plan(store, filters)}")


if __name__ == "__main__":
    main()
