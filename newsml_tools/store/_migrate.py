"""The listing tables and the migrations that add them (internal to ``newsml_tools.store``).

Schema version 1 had the heads, the revisions and the leases; version 2
adds the listing `Store.list` reads: one row per head with the values it
filters on, a table of its channels, sections and link uuids, and the words
of the item for full-text search (an FTS5 table in SQLite, a ``tsvector``
column with a GIN index in PostgreSQL), each filter with its index.
Version 3 finds UUIDs in either letter case (an index of the lower-case
uuids of the heads and the leases; link uuids listed in lower case) and
searches the titles of links and concepts too, with words split by the
store itself (`_search`), the same on both backends.

Opening a store of an earlier version for writing migrates it in one
transaction: the missing tables and indexes are created, every head is
listed again from its stored revision (keeping its place in the listing),
no revision is touched, and the version becomes 3.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from newsml_tools.store._fields import Fields, fields_of
from newsml_tools.store._sql import Statements

__all__ = [
    "POSTGRES_FOLDED",
    "POSTGRES_LISTING",
    "SQLITE_FOLDED",
    "SQLITE_LISTING",
    "backfill",
    "index_head",
]

SQLITE_LISTING = (
    # seq: the item's place in `list`, given at its first save and kept for
    # life (AUTOINCREMENT: never reused after a delete).
    """CREATE TABLE listing (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        uuid TEXT NOT NULL UNIQUE,
        type TEXT NOT NULL,
        status TEXT,
        version_created REAL,
        pub_start REAL,
        headline TEXT NOT NULL
    )""",
    "CREATE INDEX listing_type ON listing (type, seq)",
    "CREATE INDEX listing_status ON listing (status, seq)",
    "CREATE INDEX listing_version_created ON listing (version_created)",
    "CREATE INDEX listing_pub_start ON listing (pub_start)",
    """CREATE TABLE listing_tags (
        facet TEXT NOT NULL,
        value TEXT NOT NULL,
        seq INTEGER NOT NULL,
        PRIMARY KEY (facet, value, seq)
    ) WITHOUT ROWID""",
    "CREATE INDEX listing_tags_seq ON listing_tags (seq)",
    # Diacritics kept: Swedish å, ä and ö are letters of their own.
    "CREATE VIRTUAL TABLE listing_text USING fts5 (words, tokenize = 'unicode61 remove_diacritics 0')",
)

POSTGRES_LISTING = (
    """CREATE TABLE IF NOT EXISTS newsml_listing (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        uuid text NOT NULL UNIQUE,
        type text NOT NULL,
        status text,
        version_created double precision,
        pub_start double precision,
        headline text NOT NULL,
        words tsvector NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS newsml_listing_type ON newsml_listing (type, seq)",
    "CREATE INDEX IF NOT EXISTS newsml_listing_status ON newsml_listing (status, seq)",
    "CREATE INDEX IF NOT EXISTS newsml_listing_version_created ON newsml_listing (version_created)",
    "CREATE INDEX IF NOT EXISTS newsml_listing_pub_start ON newsml_listing (pub_start)",
    "CREATE INDEX IF NOT EXISTS newsml_listing_words ON newsml_listing USING gin (words)",
    """CREATE TABLE IF NOT EXISTS newsml_listing_tags (
        facet text NOT NULL,
        value text NOT NULL,
        seq bigint NOT NULL,
        PRIMARY KEY (facet, value, seq)
    )""",
    "CREATE INDEX IF NOT EXISTS newsml_listing_tags_seq ON newsml_listing_tags (seq)",
)

# Version 3: `spelling` finds a uuid given in another letter case by these.
SQLITE_FOLDED = (
    "CREATE INDEX items_folded ON items (lower(uuid))",
    "CREATE INDEX locks_folded ON locks (lower(uuid))",
)

POSTGRES_FOLDED = (
    "CREATE INDEX IF NOT EXISTS newsml_items_folded ON newsml_items (lower(uuid))",
    "CREATE INDEX IF NOT EXISTS newsml_locks_folded ON newsml_locks (lower(uuid))",
)

# What a head whose stored text does not parse is listed as (a damaged
# store): by its uuid, with no value to filter on.
_UNREADABLE = Fields(
    type="", status=None, version_created=None, pub_start=None, headline="", words="", tags=()
)


def index_head(conn: Any, sql: Statements, uuid: str, text: str) -> None:
    """List the head of `uuid`, whose NewsML is `text`, on `conn` (inside a write).

    Args:
        conn: A connection in a transaction (``execute`` with named parameters).
        sql: The backend's statements.
        uuid: The item.
        text: The head revision's NewsML.
    """
    try:
        found = fields_of(text)
    except ET.ParseError:
        found = _UNREADABLE
    row = {"u": uuid, **found.row(sql.search)}
    seq = conn.execute(sql.index_head, row).fetchone()[0]
    row["seq"] = seq
    for statement in sql.reindex:
        conn.execute(statement, row)


def backfill(conn: Any, sql: Statements) -> int:
    """List every stored head again, oldest first (the migrations); how many.

    A head already listed keeps its seq (its place in `list`): `index_head`
    updates its row.

    Args:
        conn: A connection in the migration's transaction.
        sql: The backend's statements.
    """
    heads = conn.execute(sql.head_texts, {}).fetchall()
    for uuid, text in heads:
        index_head(conn, sql, str(uuid), str(text))
    return len(heads)
