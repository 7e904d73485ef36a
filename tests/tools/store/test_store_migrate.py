"""A store written by the previous release (schema version 1) opens, gains the listing, loses nothing."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from support.cli import newsml_cli

from newsml_codecs import newsml
from newsml_tools.store import PostgresStore, SQLiteStore, StoreFileError, open_store

# The previous release's tables, copied from its newsml_tools/store/_sqlite_db.py
# and _postgres_db.py (schema version 1), so that this test keeps writing
# what that release wrote whatever the current code creates.
SQLITE_V1 = (
    """CREATE TABLE items (
        uuid TEXT PRIMARY KEY,
        revision INTEGER NOT NULL,
        etag TEXT NOT NULL
    ) WITHOUT ROWID""",
    """CREATE TABLE revisions (
        uuid TEXT NOT NULL,
        revision INTEGER NOT NULL,
        etag TEXT NOT NULL,
        saved_at TEXT NOT NULL,
        editor TEXT,
        newsml TEXT NOT NULL,
        PRIMARY KEY (uuid, revision)
    ) WITHOUT ROWID""",
    """CREATE TABLE locks (
        uuid TEXT PRIMARY KEY,
        editor TEXT NOT NULL,
        expires REAL NOT NULL
    ) WITHOUT ROWID""",
    "PRAGMA application_id=1313688659",  # "NMLS"
    "PRAGMA user_version=1",
)

POSTGRES_V1 = (
    """CREATE TABLE IF NOT EXISTS newsml_store (
        key text PRIMARY KEY,
        value text NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS newsml_items (
        uuid text PRIMARY KEY,
        revision bigint NOT NULL,
        etag text NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS newsml_revisions (
        uuid text NOT NULL,
        revision bigint NOT NULL,
        etag text NOT NULL,
        saved_at text NOT NULL,
        editor text,
        newsml text NOT NULL,
        PRIMARY KEY (uuid, revision)
    )""",
    """CREATE TABLE IF NOT EXISTS newsml_locks (
        uuid text PRIMARY KEY,
        editor text NOT NULL,
        expires double precision NOT NULL
    )""",
    "INSERT INTO newsml_store (key, value) VALUES ('schema_version', '1')",
)

TAG = "b201e042-555b-11e5-885d-feff819cdc9f"


def text(n: int, status: str, headline: str, tag: bool = False) -> str:
    """The NewsML of item `n` as the previous release stored it."""
    link = f'<link rel="subject" type="x-im/topic" uuid="{TAG}"/>' if tag else ""
    return newsml.dumps(
        newsml.loads(
            f"""<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="{guid(n)}"
 version="1" standard="NewsML-G2" standardversion="2.20" conformance="power">
<itemMeta><itemClass qcode="ninat:text"/><versionCreated>2026-11-0{n}T10:00:00Z</versionCreated>
<pubStatus qcode="{status}"/><itemMetaExtProperty type="imext:type" value="x-im/article"/>
<links xmlns="http://www.infomaker.se/newsml/1.0">{link}</links></itemMeta>
<contentMeta><headline>{headline}</headline></contentMeta></newsItem>"""
        )
    )


def guid(n: int) -> str:
    return f"00000000-0000-4000-8000-{n:012d}"


# uuid, revision, etag, saved_at, editor, newsml: item 1 has three revisions
# (its head usable and tagged), item 2 one, item 3 two (its head a draft).
ROWS = [
    (guid(1), 1, "e11", "2026-11-01T10:00:00.000000Z", "anna", text(1, "imext:draft", "Först")),
    (guid(1), 2, "e12", "2026-11-01T11:00:00.000000Z", None, text(1, "imext:draft", "Sedan")),
    (guid(1), 3, "e13", "2026-11-01T12:00:00.000000Z", "anna", text(1, "stat:usable", "Älg", True)),
    (guid(2), 1, "e21", "2026-11-02T10:00:00.000000Z", None, text(2, "stat:usable", "Hockey")),
    (guid(3), 1, "e31", "2026-11-03T10:00:00.000000Z", "bo", text(3, "stat:usable", "Fotboll")),
    (guid(3), 2, "e32", "2026-11-03T11:00:00.000000Z", "bo", text(3, "imext:draft", "Fotboll")),
]
HEADS = [(guid(1), 3, "e13"), (guid(2), 1, "e21"), (guid(3), 2, "e32")]


def write_v1(target: str) -> None:
    """A store of schema version 1 at `target`, written as the previous release wrote it."""
    if target.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(target, autocommit=True) as conn, conn.transaction():
            for statement in POSTGRES_V1:
                conn.execute(statement)
            conn.cursor().executemany(
                "INSERT INTO newsml_revisions VALUES (%s, %s, %s, %s, %s, %s)", ROWS
            )
            conn.cursor().executemany("INSERT INTO newsml_items VALUES (%s, %s, %s)", HEADS)
            conn.execute("INSERT INTO newsml_locks VALUES (%s, 'anna', 1e12)", (guid(2),))
        return
    conn = sqlite3.connect(target, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    for statement in SQLITE_V1:
        conn.execute(statement)
    conn.executemany("INSERT INTO revisions VALUES (?, ?, ?, ?, ?, ?)", ROWS)
    conn.executemany("INSERT INTO items VALUES (?, ?, ?)", HEADS)
    conn.execute("INSERT INTO locks VALUES (?, 'anna', 1e12)", (guid(2),))
    conn.close()


def tables(target: str) -> tuple[list[Any], list[Any], list[Any], str]:
    """The revisions, heads and locks as stored, and the recorded schema version."""
    if target.startswith("postgresql://"):
        import psycopg

        prefix, version = "newsml_", "SELECT value FROM newsml_store WHERE key = 'schema_version'"
        with psycopg.connect(target) as conn:
            return (
                *[
                    [
                        tuple(row)
                        for row in conn.execute(f"SELECT * FROM {prefix}{name} ORDER BY 1, 2")
                    ]
                    for name in ("revisions", "items", "locks")
                ],
                str(conn.execute(version).fetchone()[0]),  # type: ignore[index]
            )
    conn = sqlite3.connect(target)
    try:
        found = [
            conn.execute(f"SELECT * FROM {name} ORDER BY 1, 2").fetchall()
            for name in ("revisions", "items", "locks")
        ]
        return (*found, str(conn.execute("PRAGMA user_version").fetchone()[0]))
    finally:
        conn.close()


def test_a_version_1_store_gains_the_listing_without_losing_a_revision(store_target):
    """Opened for writing, an old store is migrated: every row kept, heads listed, version 3."""
    write_v1(store_target)
    revisions, heads, locks, version = tables(store_target)
    assert ("1", 6, 3) == (version, len(revisions), len(heads))
    with open_store(store_target) as store:
        assert [] == store.check()
        # Only heads are listed, newest first saved first; each filter answers.
        assert [guid(3), guid(2), guid(1)] == [i.uuid for i in store.list().items]
        assert [guid(2), guid(1)] == [i.uuid for i in store.list(status="usable").items]
        assert [guid(1)] == [i.uuid for i in store.list(link=TAG).items]
        assert [guid(1)] == [i.uuid for i in store.list(text="älg").items]
        assert () == store.list(text="först").items
        listed = store.list(type="x-im/article", status="draft").items
        assert [(guid(3), 2, "e32")] == [(i.uuid, i.revision, i.etag) for i in listed]
        assert ROWS[1][5] == store.read(guid(1), 2)[1]
        assert 3 == len(store.history(guid(1)))
    assert (revisions, heads, locks, "3") == tables(store_target)
    # Opening it again migrates nothing; a new save is listed.
    with open_store(store_target) as store:
        store.save(newsml.loads(text(4, "stat:usable", "Ny")))
        assert [guid(4), guid(2), guid(1)] == [i.uuid for i in store.list(status="usable").items]
    assert revisions == tables(store_target)[0][:6]


def test_a_version_1_store_opened_read_only_is_read_and_not_migrated(store_target):
    """Read-only, an old store reads as before, list says to open it for writing, nothing changes."""
    write_v1(store_target)
    before = tables(store_target)
    if store_target.startswith("postgresql://"):
        store: SQLiteStore | PostgresStore = PostgresStore(store_target, readonly=True)
    else:
        store = SQLiteStore(store_target, readonly=True)
    with store:
        assert "e13" == store.history(guid(1))[-1].etag
        assert [] != list(store.diff(guid(1)))
        with pytest.raises(StoreFileError):
            store.list()
    assert before == tables(store_target)


def test_newsml_store_list_migrates_an_old_store_file(tmp_path):
    """``newsml store list`` on a previous release's SQLite file lists its heads."""
    path = str(tmp_path / "old.db")
    write_v1(path)
    result = newsml_cli("store", "list", "--db", path, "--status", "usable")
    assert 0 == result.returncode, result.stderr
    assert [guid(2), guid(1)] == [line.split("\t")[0] for line in result.stdout.splitlines()]
    assert "3" == tables(path)[3]


def test_a_newer_schema_version_is_still_refused(tmp_path):
    """A store whose version is above this library's is refused, not migrated down."""
    path = str(tmp_path / "new.db")
    SQLiteStore(path).close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version=4")
    conn.close()
    with pytest.raises(StoreFileError, match="schema version 4"):
        SQLiteStore(path)


# -- version 2 -> 3 ------------------------------------------------------------------

UPPER_TAG = "B201E042-555B-11E5-885D-FEFF819CDC9F"


def tagged(n: int) -> str:
    """NewsML of item `n` tagged "Volvo" by a link whose uuid is written in upper case."""
    return text(n, "stat:usable", f"Rubrik {n}").replace(
        "</itemMeta>",
        '<links xmlns="http://www.infomaker.se/newsml/1.0"><link rel="subject" '
        f'type="x-im/topic" title="Volvo" uuid="{UPPER_TAG}"/></links></itemMeta>',
    )


def as_version_2(target: str) -> None:
    """Turn a store written now back into what the version 2 release left.

    Version 2 listed link uuids as written and searched the headline and the
    text only (no titles), and had no lower-case uuid indexes.
    """
    if target.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(target, autocommit=True) as conn, conn.transaction():
            conn.execute("DROP INDEX newsml_items_folded, newsml_locks_folded")
            conn.execute("UPDATE newsml_listing_tags SET value = upper(value) WHERE facet = 'link'")
            conn.execute("UPDATE newsml_listing SET words = to_tsvector('simple', lower(headline))")
            conn.execute("UPDATE newsml_store SET value = '2' WHERE key = 'schema_version'")
        return
    conn = sqlite3.connect(target, isolation_level=None)
    conn.execute("DROP INDEX items_folded")
    conn.execute("DROP INDEX locks_folded")
    conn.execute("UPDATE listing_tags SET value = upper(value) WHERE facet = 'link'")
    conn.execute("DELETE FROM listing_text")
    conn.execute("INSERT INTO listing_text (rowid, words) SELECT seq, lower(headline) FROM listing")
    conn.execute("PRAGMA user_version=2")
    conn.close()


def test_a_version_2_store_gains_uuid_case_and_title_search(store_target):
    """Opened for writing, a version 2 store lists again: tags by title, links in either case, places kept."""
    with open_store(store_target) as store:
        for n in (1, 2, 3):
            store.save(newsml.loads(tagged(n) if n != 2 else text(n, "stat:usable", "Rubrik 2")))
    as_version_2(store_target)
    before = tables(store_target)
    with open_store(store_target, readonly=True) as old:
        assert () == old.list(text="volvo").items  # what version 2 answered
    with open_store(store_target) as store:
        assert [guid(3), guid(1)] == [i.uuid for i in store.list(text="Volvo").items]
        assert [guid(3), guid(1)] == [i.uuid for i in store.list(link=UPPER_TAG.lower()).items]
        assert [guid(3), guid(2), guid(1)] == [i.uuid for i in store.list().items]
        assert store.exists(guid(1).upper())
    assert (*before[:3], "3") == tables(store_target)
