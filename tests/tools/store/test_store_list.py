"""`Store.list` and ``newsml store list`` on both backends: filters, paging, and index use."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from support.cli import newsml_cli

from newsml_codecs import newsml
from newsml_model import InvalidArgumentError
from newsml_tools.store import Listed, Page, SQLiteStore, open_store
from newsml_tools.store._listing import query

TAG = "b201e042-555b-11e5-885d-feff819cdc9f"
AUTHOR = "320938f8-db94-11e5-b5d2-0a1d41d68578"


def article(
    n: int,
    *,
    type: str = "x-im/article",
    status: str = "imext:draft",
    created: str = "2026-11-20T10:00:00+01:00",
    pub_start: str | None = None,
    services: tuple[str, ...] = (),
    links: tuple[str, ...] = (),
    headline: str = "Vanlig rubrik",
    body: str = "Brödtext om ingenting",
) -> Any:
    """A news item numbered `n` with the listed values given."""
    guid = f"00000000-0000-4000-8000-{n:012d}"
    start = f'<itemMetaExtProperty type="imext:pubstart" value="{pub_start}"/>' if pub_start else ""
    served = "".join(f'<service qcode="{q}"/>' for q in services)
    linked = "".join(f'<link rel="subject" type="x-im/topic" uuid="{u}"/>' for u in links)
    text = f"""<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="{guid}" version="1"
 standard="NewsML-G2" standardversion="2.20" conformance="power">
<itemMeta><itemClass qcode="ninat:text"/><versionCreated>{created}</versionCreated>
<pubStatus qcode="{status}"/><itemMetaExtProperty type="imext:type" value="{type}"/>{start}{served}
<links xmlns="http://www.infomaker.se/newsml/1.0">{linked}</links></itemMeta>
<contentMeta><headline>{headline}</headline></contentMeta>
<contentSet><inlineXML><idf xmlns="http://www.infomaker.se/idf/1.0"><group type="body">
<element id="p1" type="body">{body}</element></group></idf></inlineXML></contentSet></newsItem>"""
    return newsml.loads(text)


def uuids(found: Page) -> list[str]:
    return [listed.uuid for listed in found.items]


def guid(n: int) -> str:
    return f"00000000-0000-4000-8000-{n:012d}"


@pytest.fixture
def store(store_target: str) -> Any:
    """A store on each backend with seven items, each differing in one listed value."""
    with open_store(store_target) as opened:
        opened.save_many(
            [
                article(1),
                article(2, type="x-im/image"),
                article(3, status="stat:usable"),
                article(4, created="2026-11-24T08:00:00Z", pub_start="2026-11-25T06:00:00Z"),
                article(5, services=("imchn:sport", "imsection:hockey")),
                article(6, links=(TAG, AUTHOR)),
                article(7, headline="Älgjakt i Västerbotten", body="Skyttarna <em>samlades</em>"),
            ]
        )
        yield opened


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        ({}, [7, 6, 5, 4, 3, 2, 1]),
        ({"type": "x-im/image"}, [2]),
        ({"status": "usable"}, [3]),
        ({"status": "stat:usable"}, [3]),
        ({"status": "draft"}, [7, 6, 5, 4, 2, 1]),
        ({"since": "2026-11-24T00:00:00Z"}, [4]),
        ({"until": "2026-11-24T00:00:00Z"}, [7, 6, 5, 3, 2, 1]),
        ({"since": datetime(2026, 11, 24, 8, tzinfo=UTC)}, [4]),
        ({"since": "2026-11-24T08:00:00.001Z"}, []),
        ({"since": "2026-11-25T00:00:00Z", "time_field": "pubStart"}, [4]),
        ({"channel": "imchn:sport"}, [5]),
        ({"section": "imsection:hockey"}, [5]),
        ({"channel": "imsection:hockey"}, []),
        ({"link": TAG}, [6]),
        ({"link": AUTHOR}, [6]),
        ({"text": "älgjakt"}, [7]),
        ({"text": "ALGJAKT"}, []),
        ({"text": "samlades"}, [7]),
        ({"text": "västerbotten skyttarna"}, [7]),
        ({"text": "västerbotten saknas"}, []),
        ({"text": "brödtext"}, [6, 5, 4, 3, 2, 1]),
        ({"text": 'rubrik" OR "x'}, []),
        (
            {"type": "x-im/article", "status": "draft", "until": "2026-11-21T00:00:00Z"},
            [7, 6, 5, 1],
        ),
        ({"text": "brödtext", "link": TAG, "status": "draft", "type": "x-im/article"}, [6]),
        ({"text": "brödtext", "link": TAG, "status": "usable"}, []),
    ],
)
def test_each_filter_and_their_combination(store, filters, expected):
    """Every filter, alone and together, finds exactly the items it names (newest first)."""
    assert [guid(n) for n in expected] == uuids(store.list(**filters))


def test_a_listed_item_carries_its_head(store):
    """A Listed entry is the head revision with its values; a new revision moves nothing."""
    changed = article(
        4,
        status="stat:usable",
        headline="Ny rubrik",
        created="2026-11-24T08:00:00Z",
        pub_start="2026-11-25T06:00:00Z",
    )
    saved = store.save(changed)
    found = store.list(status="usable")
    assert [guid(4), guid(3)] == uuids(found)
    expected = Listed(
        uuid=guid(4),
        revision=2,
        etag=saved.etag,
        type="x-im/article",
        status="usable",
        version_created="2026-11-24T08:00:00.000000Z",
        pub_start="2026-11-25T06:00:00.000000Z",
        headline="Ny rubrik",
    )
    assert expected == found.items[0]
    assert [guid(3)] == uuids(store.list(text="vanlig", status="usable"))


def test_a_deleted_item_is_no_longer_listed(store):
    """delete removes the item's listing, its tags and its words."""
    assert store.delete(guid(6))
    assert [] == uuids(store.list(link=TAG))
    assert guid(6) not in uuids(store.list(text="brödtext"))
    assert [] == store.check()


def test_paging_stays_right_while_items_are_saved(store_target):
    """Pages never repeat or skip an item while new items and new revisions are saved between them."""
    with open_store(store_target) as opened:
        opened.save_many([article(n) for n in range(1, 31)])
        seen: list[str] = []
        cursor = None
        extra = 100
        while True:
            found = opened.list(limit=7, cursor=cursor, status="draft")
            seen.extend(uuids(found))
            # Between pages: a new item, a new revision of a listed and of an unlisted one.
            extra += 1
            opened.save(article(extra))
            opened.save(article(int(seen[-1][-12:]), headline="Ändrad"))
            opened.save(article(1, body="Ny revision"))
            if found.cursor is None:
                break
            cursor = found.cursor
    assert len(seen) == len(set(seen))
    assert {guid(n) for n in range(1, 31)} == set(seen)


def test_a_page_ends_with_no_cursor(store):
    """The last page has no cursor; a page of exactly the remaining items too."""
    first = store.list(limit=4)
    assert 4 == len(first.items) and first.cursor is not None
    second = store.list(limit=3, cursor=first.cursor)
    assert [guid(3), guid(2), guid(1)] == uuids(second)
    assert second.cursor is None


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({"limit": 0}, "limit"),
        ({"limit": 10_001}, "limit"),
        ({"limit": True}, "limit"),
        ({"cursor": "nonsense"}, "cursor"),
        ({"cursor": "c1.!!"}, "cursor"),
        ({"cursor": 5}, "cursor"),
        ({"since": "yesterday"}, "since"),
        ({"until": 3}, "until"),
        ({"time_field": "firstCreated"}, "time_field"),
        ({"type": ""}, "type"),
        ({"text": "  "}, "text"),
        ({"link": 7}, "link"),
    ],
)
def test_bad_arguments_name_their_field(store, arguments, field):
    """A bad filter, limit, cursor or time field is an InvalidArgumentError naming it."""
    with pytest.raises(InvalidArgumentError) as raised:
        store.list(**arguments)
    assert field == raised.value.field


# -- index use -----------------------------------------------------------------

# Filter, the index (SQLite) and the index (PostgreSQL) the plan must name.
PLANS = [
    ({"type": "x-im/rare"}, "listing_type", "newsml_listing_type"),
    ({"status": "withheld"}, "listing_status", "newsml_listing_status"),
    (
        {"since": "2026-11-24T00:00:00Z", "until": "2026-11-24T01:00:00Z"},
        "listing_version_created",
        "newsml_listing_version_created",
    ),
    (
        {"since": "2026-11-24T00:00:00Z", "time_field": "pubStart"},
        "listing_pub_start",
        "newsml_listing_pub_start",
    ),
    ({"channel": "imchn:rare"}, "listing_tags USING PRIMARY KEY", "newsml_listing_tags_pkey"),
    ({"section": "imsection:x"}, "listing_tags USING PRIMARY KEY", "newsml_listing_tags_pkey"),
    ({"link": TAG}, "listing_tags USING PRIMARY KEY", "newsml_listing_tags_pkey"),
    ({"text": "älgjakt"}, "listing_text VIRTUAL TABLE INDEX", "newsml_listing_words"),
]


@pytest.fixture(scope="module")
def big_store(module_target: str) -> Any:
    """A store of 1,500 items where each filter of `PLANS` matches a few, its statistics gathered.

    One per backend for the module: the plans only read it.
    """
    target = module_target
    many = [article(n, status="stat:usable", created="2026-11-01T00:00:00Z") for n in range(1500)]
    many += [
        article(2000, type="x-im/rare", status="stat:withheld", links=(TAG,)),
        article(2001, created="2026-11-24T00:30:00Z", pub_start="2026-11-25T00:00:00Z"),
        article(2002, services=("imchn:rare", "imsection:x"), headline="Älgjakt"),
    ]
    with open_store(target) as opened:
        opened.save_many(many)
        if isinstance(opened, SQLiteStore):
            opened._connection().execute("ANALYZE")
        else:
            with opened._db.connection() as conn:
                conn.execute("ANALYZE")
        yield opened


@pytest.mark.parametrize(("filters", "sqlite_index", "postgres_index"), PLANS)
def test_each_filter_is_answered_from_its_index(big_store, filters, sqlite_index, postgres_index):
    """EXPLAIN of the list query of each filter names that filter's index, and the filter finds its items.

    SQLite after ANALYZE as it plans by itself; PostgreSQL with sequential
    and plain index scans off, leaving bitmap scans of an index (on 1,500
    rows a full read is cheapest; bench/bench_store_list.py --pg shows its
    own choice on 100,000 items).
    """
    arguments = {"time_field": filters.get("time_field", "versionCreated")}
    given = {k: v for k, v in filters.items() if k != "time_field"}
    statement, args = query(big_store._SQL, given, limit=20, cursor=None, **arguments)
    if isinstance(big_store, SQLiteStore):
        rows = big_store._connection().execute("EXPLAIN QUERY PLAN " + statement, args).fetchall()
        plan = "\n".join(str(row[-1]) for row in rows)
        assert sqlite_index in plan, plan
        assert "SCAN l\n" not in plan + "\n", plan
    else:
        with big_store._db.connection() as conn:
            # 1,500 rows fit in a few pages, where reading them all (in
            # turn, or in list order by the primary key) is the cheapest
            # plan; forbidding both shows the filter has an index to use.
            conn.execute("SET enable_seqscan = off")
            conn.execute("SET enable_indexscan = off")
            try:
                rows = conn.execute("EXPLAIN " + statement, args).fetchall()
            finally:
                conn.execute("RESET enable_seqscan")
                conn.execute("RESET enable_indexscan")
        plan = "\n".join(str(row[0]) for row in rows)
        assert postgres_index in plan, plan
        assert "Seq Scan on newsml_listing " not in plan, plan
    assert 1 <= len(big_store.list(**filters).items) <= 3


# -- newsml store list ------------------------------------------------------------


def test_cli_lists_pages_and_filters(store_target):
    """``newsml store list`` prints one line per item, the next cursor on stderr, --json the page."""
    with open_store(store_target) as opened:
        opened.save_many([article(1), article(2, links=(TAG,)), article(3, links=(TAG,))])
    first = newsml_cli("store", "list", "--db", store_target, "--link", TAG, "--limit", "1")
    assert 0 == first.returncode, first.stderr
    uuid, revision, kind, status, created, headline = first.stdout.rstrip("\n").split("\t")
    assert [guid(3), "1", "x-im/article", "draft"] == [uuid, revision, kind, status]
    assert ("2026-11-20T09:00:00.000000Z", "Vanlig rubrik") == (created, headline)
    cursor = first.stderr.strip().removeprefix("next: --cursor ")
    second = newsml_cli(
        "store", "list", "--db", store_target, "--link", TAG, "--cursor", cursor, "--json"
    )
    assert 0 == second.returncode, second.stderr
    page = json.loads(second.stdout)
    assert [guid(2)] == [listed["uuid"] for listed in page["items"]]
    assert page["cursor"] is None
    bad = newsml_cli("store", "list", "--db", store_target, "--cursor", "x")
    assert 2 == bad.returncode
    assert "cursor" in bad.stderr and "Traceback" not in bad.stderr


def test_an_item_with_a_very_long_text_is_saved_and_found(store_target):
    """A text beyond what a PostgreSQL tsvector holds (1 MB) is saved; its first words are found."""
    body = " ".join(f"ord{i:07d}" for i in range(120_000))  # 1.3 MB of distinct words
    with open_store(store_target) as opened:
        opened.save(article(1, body=body))
        assert [guid(1)] == uuids(opened.list(text="ord0000001"))
        assert [] == uuids(opened.list(text="ord0119999"))  # past the searched part
