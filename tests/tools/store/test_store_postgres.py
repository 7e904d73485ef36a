"""PostgreSQL's own failures and set-up: restarts, logins, databases, schema, the factory.

The behaviour shared with SQLite (revisions, etags, locking) is in
test_store.py, run on both backends.
"""

from __future__ import annotations

import threading

import pytest
import support

from newsml_codecs import newsml
from newsml_model import InvalidArgumentError, LockingMode, newsitem
from newsml_tools.store import (
    ConflictError,
    PostgresStore,
    SQLiteStore,
    StoreBusyError,
    StoreConnectionError,
    StoreError,
    StoreFileError,
    open_store,
)

psycopg = pytest.importorskip("psycopg", reason="the postgres extra is not installed")
pytest.importorskip("psycopg_pool", reason="the postgres extra is not installed")


@pytest.fixture(scope="module")
def article():
    """The full fixture article."""
    return newsml.loads(support.fixture_text("article-full.xml"))


def test_open_store_picks_the_backend_by_target(pg_url, tmp_path):
    """A postgresql:// URL opens a PostgresStore, a path an SQLiteStore."""
    with open_store(pg_url) as shared, open_store(tmp_path / "news.db") as embedded:
        assert isinstance(shared, PostgresStore)
        assert isinstance(embedded, SQLiteStore)


def test_a_url_is_never_taken_for_a_file_name(tmp_path, monkeypatch):
    """An unreachable postgresql:// URL is a connection error; no file or directory appears."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(StoreConnectionError, match="cannot connect"):
        open_store("postgresql://nobody@127.0.0.1:1/none", timeout=2)
    with pytest.raises(InvalidArgumentError, match="unsupported store URL scheme 'mysql'"):
        open_store("mysql://nobody@127.0.0.1/none")
    assert [] == list(tmp_path.iterdir())


def test_wrong_credentials_are_a_clear_connection_error(pg_cluster):
    """A refused login is a StoreConnectionError saying so, without the password."""
    url = pg_cluster.url(password="wrong-password")
    with pytest.raises(StoreConnectionError, match="password authentication failed") as refused:
        PostgresStore(url)
    assert "wrong-password" not in str(refused.value)
    assert f"postgresql://newsml:***@127.0.0.1:{pg_cluster.port}/newsml" == refused.value.path
    assert isinstance(refused.value, ConnectionError)


def test_a_missing_database_is_a_clear_connection_error(pg_cluster):
    """A database that does not exist is a StoreConnectionError naming it."""
    with pytest.raises(StoreConnectionError, match='database "absent" does not exist'):
        PostgresStore(pg_cluster.url("absent"))


def test_an_empty_database_needs_create(pg_url, article):
    """create=False on a database without the store's tables is a StoreFileError."""
    with pytest.raises(StoreFileError, match="no newsml store in this database"):
        PostgresStore(pg_url, create=False)
    with PostgresStore(pg_url) as created:
        created.save(article)
    with PostgresStore(pg_url, create=False) as reopened:
        assert reopened.exists(article.guid)


def test_the_schema_version_is_recorded_and_a_newer_one_refused(pg_url):
    """The tables carry schema_version 3; a store written by a newer schema is refused."""
    PostgresStore(pg_url).close()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        row = conn.execute("SELECT value FROM newsml_store WHERE key = 'schema_version'")
        assert ("3",) == row.fetchone()
        conn.execute("UPDATE newsml_store SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(StoreFileError, match="schema version 99"):
        PostgresStore(pg_url)


def test_a_read_only_store_reads_and_refuses_writes(pg_url, article):
    """readonly=True reads; a write is a StoreFileError saying the store is read-only."""
    with PostgresStore(pg_url) as writable:
        writable.save(article)
    with PostgresStore(pg_url, create=False, readonly=True) as reader:
        assert article.guid == reader.get(article.guid).guid
        with pytest.raises(StoreFileError, match="read-only"):
            reader.save(article)


def test_a_server_restart_mid_session_is_reconnected(pg_cluster, pg_url, article):
    """After the server restarts, the next calls of the same store work again."""
    with PostgresStore(pg_url, timeout=10) as store:
        first = store.save(article)
        pg_cluster.restart()
        assert first.etag == store.get(article.guid).etag
        assert 2 == store.save(article, LockingMode.OPTIMISTIC_LOCKING, first.etag).revision
        assert [] == store.check()


def test_a_stopped_server_is_a_clear_error_until_it_is_back(pg_cluster, pg_url, article):
    """With the server down calls raise StoreConnectionError; once it is back they work."""
    with PostgresStore(pg_url, timeout=1) as store:
        store.save(article)
        pg_cluster.stop()
        try:
            with pytest.raises(StoreConnectionError, match=r"cannot connect|lost the connection"):
                store.get(article.guid)
            with pytest.raises(StoreConnectionError):
                store.save(article)
        finally:
            pg_cluster.resume()
        assert 2 == store.save(article).revision


def test_the_password_never_appears_in_messages(pg_url, article):
    """Errors name the database by its URL with the password replaced."""
    with PostgresStore(pg_url) as store:
        head = store.save(article)
        store.save(article)
        with pytest.raises(ConflictError) as conflict:
            store.save(article, LockingMode.OPTIMISTIC_LOCKING, head.etag)
    assert "s3cret" not in str(conflict.value)
    assert ":***@" in str(conflict.value)
    assert "s3cret" not in repr(store)


def test_writers_wait_for_each_other_not_fail(pg_url, article):
    """Threads saving one item without locking queue on the item: gap-free revisions."""
    with PostgresStore(pg_url, pool_size=4) as store:
        errors: list[BaseException] = []

        def work() -> None:
            try:
                for _ in range(10):
                    store.save(article)
            except BaseException as error:  # reported below
                errors.append(error)

        threads = [threading.Thread(target=work) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert [] == errors
        assert list(range(1, 41)) == [r.revision for r in store.history(article.guid)]


def test_the_server_clock_is_used_without_a_clock(pg_url, article):
    """Without a clock, leases and saved_at come from the database server's clock."""
    with PostgresStore(pg_url) as store:
        lock = store.lock(article.guid, "alice", lease=60)
        saved = store.save(article, LockingMode.PESSIMISTIC_LOCKING, editor="alice")
        with psycopg.connect(pg_url) as conn:
            row = conn.execute("SELECT extract(epoch FROM clock_timestamp())::float8").fetchone()
        assert abs(row[0] + 60 - lock.expires) < 30
        assert saved.saved_at.endswith("Z")
        assert lock == store.lock_info(article.guid)


def test_a_store_error_is_a_store_error(pg_cluster):
    """Connection errors are StoreErrors, so callers catch one family."""
    with pytest.raises(StoreError):
        PostgresStore(pg_cluster.url("absent"))


def test_a_writer_held_up_beyond_the_timeout_is_busy(pg_url, article):
    """A save waiting longer than `timeout` for another writer of the item is StoreBusyError."""
    with PostgresStore(pg_url, timeout=0.3) as store:
        store.save(article)
        with psycopg.connect(pg_url) as holder:  # a transaction holding the item
            holder.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (article.guid,))
            with pytest.raises(StoreBusyError, match="stayed locked by another writer"):
                store.save(article)
            other = store.save(newsitem.set_guid(article, "another-item").item)
        assert (1, 2) == (other.revision, store.save(article).revision)
