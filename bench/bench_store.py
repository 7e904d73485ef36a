"""Store speed: saves and reads per second, against raw SQLite on the same payload.

    python bench/bench_store.py [--number N] [--rounds R] [FILE]

A real-size article (the corpus text article if present, else
``tests/fixtures/article-full.xml``) is saved again and again under one uuid
in a fresh `SQLiteStore` in a temporary directory, and read back. The
baselines run in the same process on a second database file with the same
settings (WAL, ``synchronous=NORMAL``): one ``BEGIN IMMEDIATE`` / ``INSERT``
/ ``COMMIT`` of the same NewsML text per call for saves, one ``SELECT`` by
primary key for reads. Ours and the baseline are timed alternately in each
round and the medians compared. ``newsml.dumps`` / ``newsml.loads`` are
timed the same way (rows in parentheses), since a save serialises and a
`get` parses: they account for most of the gap. This reports; no test asserts a timing.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
from pathlib import Path

from _timing import interleaved, sample_article

from newsml_codecs import newsml
from newsml_model import LockingMode
from newsml_tools.store import SQLiteStore


def raw_database(path: Path) -> sqlite3.Connection:
    """A plain SQLite file with the store's settings and one payload table."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("CREATE TABLE payloads (id INTEGER PRIMARY KEY, newsml TEXT NOT NULL)")
    return conn


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print one line per measure."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", type=Path, help="a NewsML article (default: sample)")
    parser.add_argument("--number", type=int, default=200, help="calls per round")
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds")
    args = parser.parse_args(argv)
    name, data = (args.file.name, args.file.read_bytes()) if args.file else sample_article()
    item = newsml.loads(data)
    text = newsml.dumps(item)
    uuid = item.guid
    assert uuid, "the article needs a guid"

    with tempfile.TemporaryDirectory() as tmp:
        store = SQLiteStore(Path(tmp) / "store.db")
        raw = raw_database(Path(tmp) / "raw.db")
        head = [store.save(item)]

        def save_none() -> None:
            store.save(item)

        def save_optimistic() -> None:
            head[0] = store.save(item, LockingMode.OPTIMISTIC_LOCKING, head[0].etag)

        def raw_insert() -> None:
            raw.execute("BEGIN IMMEDIATE")
            raw.execute("INSERT INTO payloads (newsml) VALUES (?)", (text,))
            raw.execute("COMMIT")

        def get() -> None:
            store.get(uuid)

        def read() -> None:
            store.read(uuid)

        def raw_select() -> None:
            raw.execute("SELECT newsml FROM payloads WHERE id = 1").fetchone()

        head[0] = store.save(item)
        rows = []
        for label, ours, baseline in (
            ("save, NONE", save_none, raw_insert),
            ("save, OPTIMISTIC", save_optimistic, raw_insert),
        ):
            head[0] = store.history(uuid)[-1]
            ours_s, base_s = interleaved(ours, baseline, number=args.number, rounds=args.rounds)
            rows.append((label, ours_s, "raw INSERT txn", base_s))
        # The codec's share, timed the same way: a save serialises, a get parses.
        ours_s, base_s = interleaved(
            lambda: newsml.dumps(item), raw_insert, number=args.number, rounds=args.rounds
        )
        rows.append(("(newsml.dumps)", ours_s, "raw INSERT txn", base_s))
        for label, ours in (
            ("get (parse)", get),
            ("read (text)", read),
            ("(newsml.loads)", lambda: newsml.loads(text)),
        ):
            ours_s, base_s = interleaved(ours, raw_select, number=args.number, rounds=args.rounds)
            rows.append((label, ours_s, "raw SELECT", base_s))
        revisions = len(store.history(uuid))
        store.close()
        raw.close()

    print(
        f"article: {name} ({len(text.encode())} bytes of NewsML), sqlite {sqlite3.sqlite_version}"
    )
    print(f"{'measure':<18} {'ours/s':>9} {'baseline':<15} {'base/s':>9} {'ratio':>6}")
    for label, ours_s, base_label, base_s in rows:
        print(
            f"{label:<18} {1 / ours_s:9.0f} {base_label:<15} {1 / base_s:9.0f} "
            f"{ours_s / base_s:5.1f}x"
        )
    print(f"{revisions} revisions written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
