"""UUIDs in either letter case find the same stored item, on both backends; answers keep the stored spelling."""

from __future__ import annotations

from typing import Any

import pytest
from support.cli import ARTICLE, ARTICLE_UUID, newsml_cli

from newsml_codecs import newsml
from newsml_model import LockingMode, NewsItem, newsitem
from newsml_tools.store import ItemNotFoundError, LockedError, open_store

UPPER = ARTICLE_UUID.upper()
VOLVO = "b201e042-555b-11e5-885d-feff819cdc9f"  # the article's Volvo topic link


def renamed(item: NewsItem, guid: str) -> NewsItem:
    """`item` with another guid."""
    return newsitem.set_guid(item, guid).item


@pytest.fixture
def store(store_target: str) -> Any:
    """A store on each backend holding the article (lower-case guid) at revisions 1 and 2."""
    with open_store(store_target) as opened:
        article = newsml.loads(ARTICLE.read_bytes())
        opened.save(article)
        opened.save(article)
        yield opened


def test_reads_find_an_upper_case_uuid_and_answer_the_stored_spelling(store: Any) -> None:
    """get, read, exists, history and diff take the upper-case uuid; revisions say it as stored."""
    assert ARTICLE_UUID == store.get(UPPER).guid
    found, _ = store.read(UPPER, 1)
    assert (ARTICLE_UUID, 1) == (found.uuid, found.revision)
    assert store.exists(UPPER)
    assert [(ARTICLE_UUID, 1), (ARTICLE_UUID, 2)] == [
        (r.uuid, r.revision) for r in store.history(UPPER)
    ]
    assert () == store.diff(UPPER)


def test_list_by_link_ignores_the_letter_case_and_keeps_the_stored_uuid(store: Any) -> None:
    """list(link=UPPER) finds the article linking to the lower-case uuid; it is listed as stored."""
    assert [ARTICLE_UUID] == [i.uuid for i in store.list(link=VOLVO.upper()).items]
    assert [ARTICLE_UUID] == [i.uuid for i in store.list(link=VOLVO).items]


def test_a_save_under_the_other_spelling_is_a_new_revision_of_the_same_item(store: Any) -> None:
    """The item saved with an upper-case guid is revision 3 of the stored item, not a second item."""
    item = renamed(newsml.loads(ARTICLE.read_bytes()), UPPER)
    saved = store.save(item)
    assert (ARTICLE_UUID, 3) == (saved.uuid, saved.revision)
    assert (ARTICLE_UUID,) == store.uuids()
    assert UPPER == store.get(ARTICLE_UUID).guid  # the text as saved


def test_locks_and_deletes_ignore_the_letter_case(store: Any) -> None:
    """A lock taken in one spelling holds against the other; unlock and delete take either."""
    lock = store.lock(UPPER, "anna")
    assert ARTICLE_UUID == lock.uuid
    assert "anna" == store.lock_info(ARTICLE_UUID).editor
    assert ARTICLE_UUID == store.lock_info(UPPER).uuid
    with pytest.raises(LockedError):
        store.save(newsml.loads(ARTICLE.read_bytes()), editor="bo")
    assert store.unlock(ARTICLE_UUID, "anna")
    head = store.read(UPPER)[0]
    assert store.delete(UPPER, LockingMode.OPTIMISTIC_LOCKING, head.etag)
    assert not store.exists(ARTICLE_UUID)


def test_a_lock_before_the_first_save_is_found_in_the_other_spelling(store_target: str) -> None:
    """A uuid locked in upper case before any save: the lower-case save by another editor is refused."""
    with open_store(store_target) as opened:
        opened.lock(UPPER, "anna")
        with pytest.raises(LockedError):
            opened.save(newsml.loads(ARTICLE.read_bytes()), editor="bo")
        saved = opened.save(newsml.loads(ARTICLE.read_bytes()), editor="anna")
        assert UPPER == saved.uuid  # the lease's spelling is the key


def test_a_guid_that_is_not_a_uuid_is_compared_exactly(store_target: str) -> None:
    """Only UUIDs ignore the letter case: guid "ABC-1" is not "abc-1"."""
    with open_store(store_target) as opened:
        opened.save(renamed(newsml.loads(ARTICLE.read_bytes()), "ABC-1"))
        assert opened.exists("ABC-1")
        assert not opened.exists("abc-1")
        with pytest.raises(ItemNotFoundError):
            opened.get("abc-1")


def test_save_many_takes_both_spellings_as_one_item(store_target: str) -> None:
    """An import holding one item under two spellings gives it two revisions under one key."""
    article = newsml.loads(ARTICLE.read_bytes())
    with open_store(store_target) as opened:
        saved = opened.save_many([renamed(article, UPPER), article])
        assert [(UPPER, 1), (UPPER, 2)] == [(r.uuid, r.revision) for r in saved]
        assert (UPPER,) == opened.uuids()


def test_the_command_line_takes_an_upper_case_uuid(store_target: str) -> None:
    """store get, history, diff and list --link with upper-case uuids answer the stored item."""
    with open_store(store_target) as opened:
        opened.save(newsml.loads(ARTICLE.read_bytes()))
    got = newsml_cli("store", "get", "--db", store_target, UPPER)
    assert 0 == got.returncode, got.stderr
    assert f'guid="{ARTICLE_UUID}"' in got.stdout
    history = newsml_cli("store", "history", "--db", store_target, UPPER, "--json")
    assert 0 == history.returncode, history.stderr
    assert f'"uuid": "{ARTICLE_UUID}"' in history.stdout
    listed = newsml_cli("store", "list", "--db", store_target, "--link", VOLVO.upper())
    assert [ARTICLE_UUID] == [line.split("\t")[0] for line in listed.stdout.splitlines()]
    put = newsml_cli("store", "put", "--db", store_target, ARTICLE)
    assert put.stdout.startswith(f"{ARTICLE_UUID}\t2\t")
    compared = newsml_cli("store", "diff", "--db", store_target, UPPER)
    assert (0, "") == (compared.returncode, compared.stdout)
    equal = newsml_cli("store", "diff", "--db", store_target, UPPER, "1", "2", "--json")
    assert f'"a": "{ARTICLE_UUID}@1"' in equal.stdout


def test_the_other_spelling_is_found_from_an_index(store: Any) -> None:
    """The spelling lookup reads the lower-case uuid indexes of items and locks, not every row."""
    args = {"u": UPPER, "f": ARTICLE_UUID}
    if store._SQL.search == "fts5":
        rows = store._connection().execute("EXPLAIN QUERY PLAN " + store._SQL.spelling, args)
        plan = "\n".join(str(row[-1]) for row in rows)
        assert ("items_folded", "locks_folded") == (
            "items_folded" if "items_folded" in plan else plan,
            "locks_folded" if "locks_folded" in plan else plan,
        )
        return
    with store._db.connection() as conn:
        # A two-row table is cheapest to read whole; forbidding that shows the index serves.
        conn.execute("SET enable_seqscan = off")
        try:
            rows = conn.execute("EXPLAIN " + store._SQL.spelling, args).fetchall()
        finally:
            conn.execute("RESET enable_seqscan")
    plan = "\n".join(str(row[0]) for row in rows)
    assert ("newsml_items_folded", "newsml_locks_folded") == (
        "newsml_items_folded" if "newsml_items_folded" in plan else plan,
        "newsml_locks_folded" if "newsml_locks_folded" in plan else plan,
    )
