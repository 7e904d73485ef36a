"""What only the SQLite store has: its file, WAL, permissions, a full disk, odd file names.

The behaviour both backends share is in test_store.py.
"""

from __future__ import annotations

import os
import sqlite3

import pytest
import support

import newsml_model as nm
from newsml_codecs import newsml
from newsml_model import newsitem
from newsml_tools.store import SQLiteStore, StoreError, StoreFileError


@pytest.fixture(scope="module")
def article() -> nm.NewsItem:
    """The full fixture article."""
    return newsml.loads(support.fixture_text("article-full.xml"))


@pytest.fixture
def sqlite_db(tmp_path):
    """A fresh SQLite store in a temporary directory."""
    with SQLiteStore(tmp_path / "news.db") as store:
        yield store


def noted(item: nm.NewsItem, text: str) -> nm.NewsItem:
    """`item` with a test extension property set to `text` (a visible change)."""
    return newsitem.set_ext_property(item, "test", "itemMeta", "test:note", text).item


def test_the_database_uses_wal(sqlite_db, article):
    """The file is in WAL journal mode (concurrent readers during a write)."""
    db = sqlite_db
    db.save(article)
    conn = sqlite3.connect(db.path)
    try:
        assert "wal" == conn.execute("PRAGMA journal_mode").fetchone()[0]
    finally:
        conn.close()


def test_a_missing_file_is_a_clear_error_and_is_not_created(tmp_path):
    """create=False on a missing file raises StoreFileError (an OSError) naming the path."""
    path = tmp_path / "missing.db"
    with pytest.raises(StoreFileError, match="no such store database") as missing:
        SQLiteStore(path, create=False)
    assert str(path) in str(missing.value)
    assert isinstance(missing.value, OSError) and isinstance(missing.value, StoreError)
    assert not path.exists()


def test_a_missing_directory_is_a_clear_error(tmp_path):
    """A database in a directory that does not exist cannot be created."""
    with pytest.raises(StoreFileError, match="cannot open the database"):
        SQLiteStore(tmp_path / "no" / "such" / "dir" / "news.db")


def test_a_directory_is_not_a_database(tmp_path):
    """A directory path is refused."""
    with pytest.raises(StoreFileError, match="is a directory"):
        SQLiteStore(tmp_path)


def test_random_bytes_are_not_a_database(tmp_path):
    """A file of junk raises StoreFileError, with or without create."""
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is not sqlite at all " * 200)
    for create in (True, False):
        with pytest.raises(StoreFileError, match="corrupt or unreadable") as junk:
            SQLiteStore(path, create=create)
        assert str(path) in str(junk.value)


def test_another_sqlite_database_is_refused(tmp_path):
    """An SQLite file with other tables is not taken over."""
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    with pytest.raises(StoreFileError, match="not a newsml store"):
        SQLiteStore(path)


def test_an_empty_file_needs_create(tmp_path, article):
    """A zero-byte file is refused without create and becomes a store with it."""
    path = tmp_path / "empty.db"
    path.touch()
    with pytest.raises(StoreFileError, match="empty database"):
        SQLiteStore(path, create=False)
    with SQLiteStore(path) as created:
        created.save(article)
    with SQLiteStore(path, create=False) as reopened:
        assert reopened.exists(article.guid)


def test_a_newer_schema_is_refused(tmp_path):
    """A store written by a newer schema version is refused, not misread."""
    path = tmp_path / "future.db"
    SQLiteStore(path).close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version=99")
    conn.close()
    with pytest.raises(StoreFileError, match="schema version 99"):
        SQLiteStore(path)


def test_a_truncated_store_is_a_clear_error(tmp_path, article):
    """Cutting a store file short gives StoreFileError on open or on use, never sqlite3 errors."""
    path = tmp_path / "cut.db"
    with SQLiteStore(path) as full:
        for n in range(30):
            full.save(noted(newsitem.set_guid(article, f"item-{n}").item, "x" * 2000))
        conn = sqlite3.connect(path)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    for suffix in ("-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)
    with pytest.raises(StoreFileError):
        cut = SQLiteStore(path, create=False)
        problems = cut.check()
        for n in range(30):
            cut.get(f"item-{n}")
        assert problems, "a store cut in half must not read as consistent"


def test_a_full_disk_is_reported_as_such(sqlite_db, article):
    """A write that finds no room says the disk is full, not that the file is corrupt."""
    db = sqlite_db
    db.save(article)
    conn = db._connection()
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    # SQLite's size cap gives the same SQLITE_FULL as a full disk.
    conn.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(StoreFileError, match="the disk is full") as full:
        db.save(noted(article, "x" * 100_000))
    assert "SQLITE_FULL" == full.value.code
    assert "corrupt" not in str(full.value)
    assert [1] == [r.revision for r in db.history(article.guid)]


def test_a_read_only_store_reads_and_refuses_writes(tmp_path, article):
    """readonly=True reads the store; a write says the file is read-only; nothing is created."""
    path = tmp_path / "news.db"
    with SQLiteStore(path) as writable:
        writable.save(article)
    with SQLiteStore(path, create=False, readonly=True) as reader:
        assert article.guid == reader.get(article.guid).guid
        with pytest.raises(StoreFileError, match="the database file is read-only"):
            reader.save(article)
    with pytest.raises(StoreFileError, match="no such store database"):
        SQLiteStore(tmp_path / "absent.db", readonly=True)
    assert not (tmp_path / "absent.db").exists()


def test_a_file_name_that_is_not_utf8_is_a_store(tmp_path, article):
    """A path with undecodable bytes (surrogate-escaped) opens like any other."""
    path = tmp_path / os.fsdecode(b"\xff\xfe.db")
    with SQLiteStore(path) as odd:
        odd.save(article)
    assert os.path.exists(os.fsencode(tmp_path) + b"/\xff\xfe.db")
