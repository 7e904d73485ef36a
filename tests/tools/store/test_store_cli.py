"""``newsml store put|get|history`` run as subprocesses (``python -m newsml_tools``)."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import support

from newsml_tools.cli import _store
from newsml_tools.store import SQLiteStore

ARTICLE = support.FIXTURES / "article-full.xml"
GUID = "5c3b1f0e-8d2a-4c1b-9a7e-2f4d6b8a0c11"


def newsml_cli(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m newsml_tools store ARGS`` and capture its output."""
    return subprocess.run(
        [sys.executable, "-m", "newsml_tools", "store", *args],
        input=None if stdin is None else stdin.decode(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """Where the store file goes (not created yet)."""
    return tmp_path / "news.db"


def test_register_adds_the_three_actions():
    """register() adds ``store`` with put, get and history, each with a func."""
    parser = argparse.ArgumentParser()
    _store.register(parser.add_subparsers(dest="command"))
    put = parser.parse_args(["store", "put", "--db", "x.db", "a.xml", "--locking", "optimistic"])
    get = parser.parse_args(["store", "get", "--db", "x.db", "u", "--revision", "2"])
    history = parser.parse_args(["store", "history", "--db", "x.db", "u", "--json"])
    assert (_store.put, "optimistic", ["a.xml"]) == (put.func, put.locking, put.inputs)
    assert (_store.get, 2) == (get.func, get.revision)
    assert (_store.history, True) == (history.func, history.json)


def test_put_creates_the_store_and_prints_uuid_revision_etag(db):
    """put saves each file as a new revision and prints uuid, revision and etag."""
    first = newsml_cli("put", "--db", str(db), str(ARTICLE))
    second = newsml_cli("put", "--db", str(db), "--editor", "ops", str(ARTICLE))
    assert (0, 0) == (first.returncode, second.returncode)
    uuid, revision, etag = second.stdout.strip().split("\t")
    assert (GUID, "2") == (uuid, revision)
    with SQLiteStore(db, create=False) as store:
        assert etag == store.history(GUID)[-1].etag
        assert "ops" == store.history(GUID)[-1].editor


def test_put_reads_standard_input(db):
    """``put -`` reads the NewsML from standard input."""
    done = newsml_cli("put", "--db", str(db), "-", stdin=ARTICLE.read_bytes())
    assert 0 == done.returncode, done.stderr
    assert done.stdout.startswith(f"{GUID}\t1\t")


def test_put_with_optimistic_locking(db):
    """put --locking optimistic needs the current etag; a stale one is a conflict (exit 1)."""
    created = newsml_cli("put", "--db", str(db), "--locking", "optimistic", str(ARTICLE))
    etag = created.stdout.strip().split("\t")[2]
    accepted = newsml_cli(
        "put", "--db", str(db), "--locking", "optimistic", "--etag", etag, str(ARTICLE)
    )
    stale = newsml_cli(
        "put", "--db", str(db), "--locking", "optimistic", "--etag", etag, str(ARTICLE)
    )
    assert (0, 0, 1) == (created.returncode, accepted.returncode, stale.returncode)
    assert "conflict" in stale.stderr and etag in stale.stderr
    assert "" == stale.stdout


def test_put_with_pessimistic_locking_needs_the_lock(db):
    """put --locking pessimistic without holding the lock is refused (exit 1)."""
    refused = newsml_cli(
        "put", "--db", str(db), "--locking", "pessimistic", "--editor", "ops", str(ARTICLE)
    )
    assert 1 == refused.returncode
    assert "not locked by 'ops'" in refused.stderr


def test_put_refuses_unreadable_input(db, tmp_path):
    """Malformed XML and missing files are reported with their name; exit 1."""
    bad = tmp_path / "bad.xml"
    bad.write_text("<newsItem><itemMeta>", encoding="utf-8")
    done = newsml_cli("put", "--db", str(db), str(bad), str(tmp_path / "absent.xml"), str(ARTICLE))
    assert 1 == done.returncode
    assert f"{bad}:" in done.stderr and "line" in done.stderr
    assert "absent.xml" in done.stderr
    assert done.stdout.startswith(f"{GUID}\t1\t")


def test_put_validate_refuses_an_invalid_item(db, tmp_path):
    """put --validate refuses an item failing the model checks and saves nothing."""
    text = ARTICLE.read_text(encoding="utf-8").replace('<itemClass qcode="ninat:text"/>', "")
    invalid = tmp_path / "no-class.xml"
    invalid.write_text(text, encoding="utf-8")
    done = newsml_cli("put", "--db", str(db), "--validate", str(invalid))
    assert 1 == done.returncode
    assert "itemClass" in done.stderr
    with SQLiteStore(db, create=False) as store:
        assert not store.exists(GUID)


def test_get_prints_the_head_or_a_revision(db, tmp_path):
    """get prints the stored NewsML; --revision picks one; -o writes a file."""
    newsml_cli("put", "--db", str(db), str(ARTICLE))
    changed = ARTICLE.read_text(encoding="utf-8").replace("Kolla fakta med polisen", "Changed")
    newsml_cli("put", "--db", str(db), "-", stdin=changed.encode())
    head = newsml_cli("get", "--db", str(db), GUID)
    out = tmp_path / "first.xml"
    first = newsml_cli("get", "--db", str(db), GUID, "--revision", "1", "-o", str(out))
    assert (0, 0) == (head.returncode, first.returncode)
    assert support.canonical(changed) == support.canonical(head.stdout)
    assert support.canonical(ARTICLE.read_bytes()) == support.canonical(out.read_bytes())


def test_history_lists_revisions_oldest_first(db):
    """history prints one tab-separated line per revision; --json an array."""
    newsml_cli("put", "--db", str(db), "--editor", "alice", str(ARTICLE))
    newsml_cli("put", "--db", str(db), "--editor", "bob", str(ARTICLE))
    lines = newsml_cli("history", "--db", str(db), GUID).stdout.splitlines()
    records = json.loads(newsml_cli("history", "--db", str(db), GUID, "--json").stdout)
    assert ["1", "2"] == [line.split("\t")[0] for line in lines]
    assert ["alice", "bob"] == [line.split("\t")[3] for line in lines]
    assert [1, 2] == [r["revision"] for r in records]
    assert {"uuid", "revision", "etag", "saved_at", "editor"} == set(records[0])


def test_unknown_items_and_revisions_exit_1(db):
    """get and history of what is not stored exit 1 with a message naming it."""
    newsml_cli("put", "--db", str(db), str(ARTICLE))
    missing = newsml_cli("get", "--db", str(db), "nope")
    old = newsml_cli("get", "--db", str(db), GUID, "--revision", "9")
    history = newsml_cli("history", "--db", str(db), "nope")
    assert (1, 1, 1) == (missing.returncode, old.returncode, history.returncode)
    assert "no stored item nope" in missing.stderr
    assert "revision 9" in old.stderr
    assert "no stored item nope" in history.stderr


def test_a_missing_database_is_a_clear_error_and_not_created(db):
    """get and history on a missing database exit 1 and do not create it."""
    for action in ("get", "history"):
        done = newsml_cli(action, "--db", str(db), GUID)
        assert 1 == done.returncode
        assert f"{db}: no such store database" in done.stderr
    assert not db.exists()


def test_a_corrupt_database_is_a_clear_error(db):
    """Every action on a file that is not a store exits 1 naming the file."""
    db.write_bytes(b"\x00garbage" * 512)
    for args in (("put", str(ARTICLE)), ("get", GUID), ("history", GUID)):
        done = newsml_cli(args[0], "--db", str(db), *args[1:])
        assert 1 == done.returncode
        assert f"{db}: the database is corrupt or unreadable" in done.stderr
        assert "Traceback" not in done.stderr


def test_usage_errors_exit_2(db):
    """A missing --db or an unknown locking mode is a usage error (exit 2)."""
    assert 2 == newsml_cli("get", GUID).returncode
    assert 2 == newsml_cli("put", "--db", str(db), "--locking", "maybe", str(ARTICLE)).returncode


# -- hostile arguments and unwritable places (issue 15, items 14 and 15) -----


def unprivileged() -> list[str]:
    """A command prefix under which file permissions apply (root ignores them).

    As root the capabilities that bypass permissions are dropped with
    ``setpriv``; the test is skipped when that is not possible.
    """
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: file permissions cannot be tested")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner"]


def unprivileged_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``newsml store ARGS`` under `unprivileged`."""
    return subprocess.run(
        [*unprivileged(), sys.executable, "-m", "newsml_tools", "store", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_database_name_that_is_not_utf8_works(tmp_path):
    """A --db name of undecodable bytes (\\xff\\xfe.db) is a store like any other, no traceback."""
    name = os.fsdecode(b"\xff\xfe.db")
    done = subprocess.run(
        [sys.executable, "-m", "newsml_tools", "store", "put", "--db", name, str(ARTICLE)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=tmp_path,
    )
    assert 0 == done.returncode, done.stderr
    assert "Traceback" not in done.stderr
    assert [b"\xff\xfe.db"] == [
        p.name.encode("utf-8", "surrogateescape") for p in tmp_path.glob("*.db")
    ]


def test_a_revision_beyond_any_integer_is_not_found(db):
    """get --revision 1180591620717411303424 is a clear 'no stored item', not an OverflowError."""
    newsml_cli("put", "--db", str(db), str(ARTICLE))
    done = newsml_cli("get", "--db", str(db), GUID, "--revision", "1180591620717411303424")
    assert 1 == done.returncode
    assert f"no stored item {GUID} revision 1180591620717411303424" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_revision_below_1_is_a_usage_error(db):
    """get --revision 0 or -3 is refused by the argument parser (exit 2)."""
    assert 2 == newsml_cli("get", "--db", str(db), GUID, "--revision", "0").returncode
    assert 2 == newsml_cli("get", "--db", str(db), GUID, "--revision", "-3").returncode


def test_a_read_only_file_is_read_and_refuses_writes_saying_so(db):
    """A read-only database file: get and history read it; put says the file is read-only."""
    newsml_cli("put", "--db", str(db), str(ARTICLE))
    db.chmod(0o444)
    got = unprivileged_cli("get", "--db", str(db), GUID)
    history = unprivileged_cli("history", "--db", str(db), GUID)
    put = unprivileged_cli("put", "--db", str(db), str(ARTICLE))
    assert (0, 0, 1) == (got.returncode, history.returncode, put.returncode), got.stderr
    assert support.canonical(ARTICLE.read_bytes()) == support.canonical(got.stdout)
    assert "the database file is read-only" in put.stderr
    assert "corrupt" not in put.stderr


def test_a_store_in_a_read_only_directory_is_read_and_refuses_writes_saying_so(tmp_path):
    """A read-only directory: get and history read the store; put says the directory is read-only."""
    folder = tmp_path / "ro"
    folder.mkdir()
    db = folder / "news.db"
    newsml_cli("put", "--db", str(db), str(ARTICLE))
    folder.chmod(0o555)
    try:
        got = unprivileged_cli("get", "--db", str(db), GUID)
        history = unprivileged_cli("history", "--db", str(db), GUID)
        put = unprivileged_cli("put", "--db", str(db), str(ARTICLE))
    finally:
        folder.chmod(0o755)
    assert (0, 0, 1) == (got.returncode, history.returncode, put.returncode), got.stderr
    assert history.stdout.startswith("1\t")
    assert "the directory of the database is read-only" in put.stderr
    assert "corrupt" not in put.stderr


# -- PostgreSQL: --db postgresql://... ---------------------------------------


def test_put_get_history_on_postgres(pg_url, tmp_path):
    """put, get (head, --revision, -o) and history work on a postgresql:// URL as on a file.

    (The tests above cover the same actions on SQLite files.)
    """
    store_target = pg_url
    first = newsml_cli("put", "--db", store_target, "--editor", "alice", str(ARTICLE))
    etag = first.stdout.strip().split("\t")[2]
    second = newsml_cli(
        "put", "--db", store_target, "--locking", "optimistic", "--etag", etag, str(ARTICLE)
    )
    stale = newsml_cli(
        "put", "--db", store_target, "--locking", "optimistic", "--etag", etag, str(ARTICLE)
    )
    assert (0, 0, 1) == (first.returncode, second.returncode, stale.returncode), first.stderr
    out = tmp_path / "first.xml"
    got = newsml_cli("get", "--db", store_target, GUID, "--revision", "1", "-o", str(out))
    records = json.loads(newsml_cli("history", "--db", store_target, GUID, "--json").stdout)
    missing = newsml_cli("history", "--db", store_target, "nope")
    assert 0 == got.returncode, got.stderr
    assert support.canonical(ARTICLE.read_bytes()) == support.canonical(out.read_bytes())
    assert [(1, "alice"), (2, None)] == [(r["revision"], r["editor"]) for r in records]
    assert "conflict" in stale.stderr
    assert 1 == missing.returncode and "no stored item nope" in missing.stderr
    assert "s3cret" not in stale.stderr + missing.stderr


def test_postgres_failures_are_clear_errors_without_traceback(pg_cluster, pg_url, tmp_path):
    """Wrong password, missing database, no server, no store: exit 1, a clear line, no file made."""
    cases = [
        (("put", str(ARTICLE)), pg_cluster.url(password="wrong"), "password authentication failed"),
        (("get", GUID), pg_cluster.url("absent"), 'database "absent" does not exist'),
        (("history", GUID), "postgresql://newsml@127.0.0.1:1/newsml", "cannot connect"),
    ]
    for (action, *rest), url, message in cases:
        done = subprocess.run(
            [sys.executable, "-m", "newsml_tools", "store", action, "--db", url, *rest],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
            cwd=tmp_path,
        )
        assert 1 == done.returncode, (url, action, done.stderr)
        assert message in done.stderr
        assert "Traceback" not in done.stderr
        assert ":wrong@" not in done.stderr
    empty = newsml_cli("get", "--db", pg_url, GUID)
    assert 1 == empty.returncode
    assert "no newsml store in this database" in empty.stderr
    assert [] == list(tmp_path.iterdir())


# -- hostile arguments, on both backends ----------------------------------------

NOT_UTF8 = os.fsdecode(b"\xff\xfe")  # undecodable bytes as Python passes them on


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    """The single line a refusal prints (no traceback)."""
    [line] = done.stderr.splitlines()
    return line


def test_arguments_that_are_not_utf8_are_usage_errors(store_target):
    """get UUID, put --editor, put --etag with bytes that are not UTF-8: exit 2, one line, nothing stored."""
    newsml_cli("put", "--db", store_target, str(ARTICLE))
    got = newsml_cli("get", "--db", store_target, NOT_UTF8)
    history = newsml_cli("history", "--db", store_target, NOT_UTF8)
    editor = newsml_cli("put", "--db", store_target, "--editor", NOT_UTF8, str(ARTICLE))
    etag = newsml_cli("put", "--db", store_target, "--etag", NOT_UTF8, str(ARTICLE))
    assert [2, 2, 2, 2] == [d.returncode for d in (got, history, editor, etag)], got.stderr
    assert "newsml store: UUID is not UTF-8 text: b'\\xff\\xfe'" == one_line(got)
    assert "newsml store: --editor is not UTF-8 text: b'\\xff\\xfe'" == one_line(editor)
    assert "newsml store: --etag is not UTF-8 text: b'\\xff\\xfe'" == one_line(etag)
    assert 1 == len(newsml_cli("history", "--db", store_target, GUID).stdout.splitlines())


def test_a_malformed_url_is_a_usage_error(tmp_path):
    """--db postgresql://[::1:5432/news (an unclosed IPv6 bracket): exit 2, one line, for every action."""
    url = "postgresql://editor:s3cret@[::1:5432/news"
    for action in (("put", str(ARTICLE)), ("get", GUID), ("history", GUID)):
        done = newsml_cli(action[0], "--db", url, *action[1:])
        assert 2 == done.returncode, done.stderr
        line = one_line(done)
        assert line.startswith(
            "newsml store: malformed PostgreSQL URL 'postgresql://editor:***@["
        ), line
        assert "s3cret" not in line
    assert [] == list(tmp_path.iterdir())


def test_put_takes_a_directory(store_target, tmp_path):
    """put DIR saves every .xml file under it (sorted, recursively); other files are left alone."""
    folder = tmp_path / "items"
    (folder / "sub").mkdir(parents=True)
    shutil.copyfile(ARTICLE, folder / "sub" / "b.xml")
    shutil.copyfile(ARTICLE, folder / "a.xml")
    (folder / "notes.txt").write_text("not an item", encoding="utf-8")
    done = newsml_cli("put", "--db", store_target, str(folder))
    assert 0 == done.returncode, done.stderr
    assert [f"{GUID}\t1", f"{GUID}\t2"] == [
        "\t".join(line.split("\t")[:2]) for line in done.stdout.splitlines()
    ]


def test_put_of_a_directory_without_items_says_so(db, tmp_path):
    """put EMPTY_DIR: exit 1 and one line naming it (no '[Errno 21] Is a directory')."""
    empty = tmp_path / "empty"
    empty.mkdir()
    done = newsml_cli("put", "--db", str(db), str(empty))
    assert 1 == done.returncode
    assert f"newsml store: {empty}: a directory without .xml files" == one_line(done)


def test_put_under_another_editors_huge_lease_is_refused_in_one_line(store_target):
    """A lease of 1e12 s held by alice: bob's put is a LockedError line (exit 1), not a traceback."""
    from newsml_tools.store import open_store

    with open_store(store_target) as store:
        store.lock(GUID, "alice", lease=1e12)
    done = newsml_cli("put", "--db", store_target, "--editor", "bob", str(ARTICLE))
    assert 1 == done.returncode
    line = one_line(done)
    assert "is locked by 'alice' until " in line and " s after 1970-01-01T00:00:00Z" in line, line
