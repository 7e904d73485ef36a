"""Store speed on both backends: saves and reads per second, against raw SQL on the same payload.

    python bench/bench_store.py [--number N] [--rounds R] [--postgres URL | --no-postgres] [FILE]

A real-size article (the corpus text article if present, else
``tests/fixtures/article-full.xml``) is saved again and again under one uuid
and read back, in a fresh `SQLiteStore` (a temporary directory) and a fresh
`PostgresStore`. The baselines run in the same process against the same
engine with the same settings: for SQLite a second file (WAL,
``synchronous=NORMAL``), for PostgreSQL a plain table in the same database
over one psycopg connection. A baseline save is one ``BEGIN`` / ``INSERT``
/ ``COMMIT`` of the same NewsML text, a baseline read one ``SELECT`` by
primary key. Ours and the baseline alternate in each round and the medians
are compared. ``newsml.dumps`` / ``newsml.loads`` are timed the same way
(rows in parentheses): a save serialises, a `get` parses.

PostgreSQL: ``--postgres URL`` uses that server (tables ``newsml_*`` and
``bench_payloads`` are created and dropped). Without it a throwaway cluster
is started from the installed binaries (as the tests do, with
``synchronous_commit`` on, so commits wait for the WAL flush); without
binaries or psycopg that backend is skipped with the reason. This reports;
no test asserts a timing.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _timing import interleaved, sample_article

from newsml_codecs import newsml
from newsml_model import LockingMode
from newsml_tools.store import PostgresStore, SQLiteStore

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

Row = tuple[str, float, str, float]


def sqlite_baseline(path: Path, text: str) -> tuple[Callable[[], None], Callable[[], None], Any]:
    """Raw insert and select of `text` on a plain SQLite file with the store's settings."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("CREATE TABLE payloads (id INTEGER PRIMARY KEY, newsml TEXT NOT NULL)")

    def insert() -> None:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO payloads (newsml) VALUES (?)", (text,))
        conn.execute("COMMIT")

    def select() -> None:
        conn.execute("SELECT newsml FROM payloads WHERE id = 1").fetchone()

    return insert, select, conn


def postgres_baseline(url: str, text: str) -> tuple[Callable[[], None], Callable[[], None], Any]:
    """Raw insert and select of `text` in a plain table of the same database."""
    import psycopg

    conn = psycopg.connect(url, autocommit=True)
    conn.execute("DROP TABLE IF EXISTS bench_payloads")
    conn.execute("CREATE TABLE bench_payloads (id bigserial PRIMARY KEY, newsml text NOT NULL)")

    def insert() -> None:
        with conn.transaction():
            conn.execute("INSERT INTO bench_payloads (newsml) VALUES (%s)", (text,))

    def select() -> None:
        conn.execute("SELECT newsml FROM bench_payloads WHERE id = 1").fetchone()

    return insert, select, conn


def measure(
    store: SQLiteStore | PostgresStore,
    insert: Callable[[], None],
    select: Callable[[], None],
    data: bytes,
    *,
    number: int,
    rounds: int,
) -> list[Row]:
    """The rows of one backend: saves against raw inserts, reads against raw selects."""
    item = newsml.loads(data)
    text = newsml.dumps(item)
    uuid = item.guid
    assert uuid, "the article needs a guid"
    head = [store.save(item)]
    insert()  # the row the baseline selects

    def save_none() -> None:
        store.save(item)

    def save_optimistic() -> None:
        head[0] = store.save(item, LockingMode.OPTIMISTIC_LOCKING, head[0].etag)

    rows: list[Row] = []
    for label, ours in (("save, NONE", save_none), ("save, OPTIMISTIC", save_optimistic)):
        head[0] = store.history(uuid)[-1]
        ours_s, base_s = interleaved(ours, insert, number=number, rounds=rounds)
        rows.append((label, ours_s, "raw INSERT txn", base_s))
    ours_s, base_s = interleaved(lambda: newsml.dumps(item), insert, number=number, rounds=rounds)
    rows.append(("(newsml.dumps)", ours_s, "raw INSERT txn", base_s))
    for label, read in (
        ("get (parse)", lambda: store.get(uuid)),
        ("read (text)", lambda: store.read(uuid)),
        ("(newsml.loads)", lambda: newsml.loads(text)),
    ):
        ours_s, base_s = interleaved(read, select, number=number, rounds=rounds)
        rows.append((label, ours_s, "raw SELECT", base_s))
    return rows


def report(title: str, rows: list[Row]) -> None:
    """Print one backend's table."""
    print(title)
    print(f"{'measure':<18} {'ours/s':>9} {'baseline':<15} {'base/s':>9} {'ratio':>6}")
    for label, ours_s, base_label, base_s in rows:
        print(
            f"{label:<18} {1 / ours_s:9.0f} {base_label:<15} {1 / base_s:9.0f} "
            f"{ours_s / base_s:5.1f}x"
        )


def run_sqlite(data: bytes, args: argparse.Namespace) -> None:
    """Measure and report the SQLite backend."""
    with tempfile.TemporaryDirectory() as tmp:
        insert, select, raw = sqlite_baseline(
            Path(tmp) / "raw.db", newsml.dumps(newsml.loads(data))
        )
        with SQLiteStore(Path(tmp) / "store.db") as store:
            rows = measure(store, insert, select, data, number=args.number, rounds=args.rounds)
        raw.close()
    report(f"SQLite {sqlite3.sqlite_version} (WAL, synchronous=NORMAL)", rows)


def run_postgres(data: bytes, args: argparse.Namespace) -> None:
    """Measure and report the PostgreSQL backend (a throwaway cluster unless --postgres)."""
    cluster = None
    url = args.postgres
    if url is None:
        from support import pg as pg_support

        reason = pg_support.unavailable()
        if reason is not None:
            print(f"PostgreSQL: skipped ({reason})")
            return
        cluster = pg_support.Cluster().start(durable=True)
        url = cluster.url()
    try:
        insert, select, raw = postgres_baseline(url, newsml.dumps(newsml.loads(data)))
        with PostgresStore(url) as store:
            rows = measure(store, insert, select, data, number=args.number, rounds=args.rounds)
            version = raw.info.server_version
        for table in ("bench_payloads", "newsml_revisions", "newsml_items", "newsml_locks"):
            raw.execute(f"DROP TABLE IF EXISTS {table}")
        raw.execute("DROP TABLE IF EXISTS newsml_store")
        raw.close()
    finally:
        if cluster is not None:
            cluster.remove()
    where = "a throwaway local cluster" if cluster is not None else "the given server"
    report(f"PostgreSQL {version // 10000}.{version % 100} ({where}, loopback TCP)", rows)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print one table per backend."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", type=Path, help="a NewsML article (default: sample)")
    parser.add_argument("--number", type=int, default=200, help="calls per round")
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds")
    parser.add_argument("--postgres", metavar="URL", help="a PostgreSQL database to use")
    parser.add_argument("--no-postgres", action="store_true", help="SQLite only")
    args = parser.parse_args(argv)
    name, data = (args.file.name, args.file.read_bytes()) if args.file else sample_article()
    print(f"article: {name} ({len(newsml.dumps(newsml.loads(data)).encode())} bytes of NewsML)")
    run_sqlite(data, args)
    if not args.no_postgres:
        print()
        run_postgres(data, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
