"""`Store.diff` and ``newsml store diff`` on both backends: what changed between two revisions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from support.cli import ARTICLE, ARTICLE_UUID, BODY, newsml_cli, three_edits

from newsml_codecs import newsml
from newsml_model import InvalidArgumentError, diff
from newsml_tools.store import ItemNotFoundError, open_store


@pytest.fixture
def revisions(store_target: str) -> Any:
    """The article saved three times: as it is, with three edits, and the same again."""
    original = ARTICLE.read_text(encoding="utf-8")
    edited = newsml.loads(three_edits(original))
    with open_store(store_target) as store:
        store.save_many([newsml.loads(original), edited, edited])
        yield store


def test_diff_of_two_revisions_is_the_model_diff(revisions):
    """diff(uuid, 1, 2) is newsml_model.diff of the two stored items: exactly the three edits."""
    found = revisions.diff(ARTICLE_UUID, 1, 2)
    expected = diff(revisions.get(ARTICLE_UUID, 1), revisions.get(ARTICLE_UUID, 2))
    assert expected == found
    assert ["tag-added", "block-text-changed", "block-moved"] == [d.kind for d in found]
    assert ["tag/add", "block/edit", "block/update"] == [d.event for d in found]


def test_by_default_the_last_two_revisions(revisions):
    """Without revisions the head is compared with the one before it (equivalent here).

    Only `from_revision`: against the head; only `to_revision`: against the one before it.
    """
    assert () == revisions.diff(ARTICLE_UUID)
    three = revisions.diff(ARTICLE_UUID, 1, 2)
    assert 3 == len(three)
    assert three == revisions.diff(ARTICLE_UUID, 1)
    assert three == revisions.diff(ARTICLE_UUID, to_revision=2)


def test_an_item_of_one_revision_or_an_unknown_one_is_not_found(store_target):
    """One revision: no revision before the head; unknown uuid or revision: ItemNotFoundError."""
    with open_store(store_target) as store:
        store.save(newsml.loads(ARTICLE.read_bytes()))
        with pytest.raises(ItemNotFoundError, match="revision 0"):
            store.diff(ARTICLE_UUID)
        with pytest.raises(ItemNotFoundError, match="revision 5"):
            store.diff(ARTICLE_UUID, 1, 5)
        with pytest.raises(ItemNotFoundError):
            store.diff("no-such-item")
        for bad in (0, -1, "2", 2.0, True):
            with pytest.raises(InvalidArgumentError):
                store.diff(ARTICLE_UUID, bad, 1)


# -- newsml store diff, compared with newsml diff ------------------------------


def test_cli_prints_what_newsml_diff_prints_and_exits_1(revisions, store_target, tmp_path: Path):
    """``newsml store diff UUID 1 2`` prints newsml diff's lines for the two revisions, status 1."""
    old, new = tmp_path / "old.xml", tmp_path / "new.xml"
    old.write_text(revisions.read(ARTICLE_UUID, 1)[1], encoding="utf-8")
    new.write_text(revisions.read(ARTICLE_UUID, 2)[1], encoding="utf-8")
    files = newsml_cli("diff", old, new)
    stored = newsml_cli("store", "diff", "--db", store_target, ARTICLE_UUID, "1", "2")
    assert (1, "") == (stored.returncode, stored.stderr)
    named = files.stdout.replace(str(old), f"{ARTICLE_UUID}@1").replace(
        str(new), f"{ARTICLE_UUID}@2"
    )
    assert named.splitlines() == stored.stdout.splitlines()
    assert f"block-moved {BODY}/element[4] from {BODY}/element[2] [block/update]" in named
    as_json = newsml_cli("store", "diff", "--db", store_target, ARTICLE_UUID, "1", "2", "--json")
    record = json.loads(as_json.stdout)
    assert (1, f"{ARTICLE_UUID}@1") == (as_json.returncode, record["a"])
    assert ["tag-added", "block-text-changed", "block-moved"] == [
        d["kind"] for d in record["differences"]
    ]


def test_cli_exit_statuses(revisions, store_target):
    """0 for equivalent revisions (the default pair), 2 for an unknown revision or a bad count."""
    same = newsml_cli("store", "diff", "--db", store_target, ARTICLE_UUID)
    assert (0, "") == (same.returncode, same.stdout)
    missing = newsml_cli("store", "diff", "--db", store_target, ARTICLE_UUID, "1", "9")
    assert 2 == missing.returncode
    assert "revision 9" in missing.stderr and "Traceback" not in missing.stderr
    one = newsml_cli("store", "diff", "--db", store_target, ARTICLE_UUID, "1")
    assert 2 == one.returncode and "two revisions" in one.stderr
