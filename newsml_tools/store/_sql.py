"""The store's statements, written once for SQLite and PostgreSQL (internal to ``newsml_tools.store``).

Both backends keep the same three tables (the heads, every revision, the
leases) under their own names and spell parameters their own way; `Statements`
is every query the store runs, made from one set of templates by `statements`.
Parameters are named (``{u}`` in a template: the uuid), so one mapping serves
every statement of a call. `StoreBase` runs them; a backend only says how its
tables are named, how a parameter is written, and what its clock is.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

__all__ = ["REVISION_COLUMNS", "Statements", "statements"]

# The columns of a revision, in the order `revision_of` reads them.
REVISION_COLUMNS = ("uuid", "revision", "etag", "saved_at", "editor")

# Parameter names: u uuid, r revision, e etag, at saved_at, by editor,
# text the NewsML, owner the lock's editor, until its expiry, now the time.
_TEMPLATES = {
    "head": "SELECT {r_columns}, r.newsml FROM {items} i "
    "JOIN {revisions} r ON r.uuid = i.uuid AND r.revision = i.revision WHERE i.uuid = {u}",
    "revision": "SELECT {columns}, newsml FROM {revisions} WHERE uuid = {u} AND revision = {r}",
    "history": "SELECT {columns} FROM {revisions} WHERE uuid = {u} ORDER BY revision",
    "exists": "SELECT 1 FROM {items} WHERE uuid = {u}",
    # The stored spelling of a uuid given in another letter case ({f}: lower
    # case), an item's first, else a lock's (a uuid may be locked before it is
    # saved); the expression indexes of `_migrate.FOLDED` serve it.
    # The exact spelling first, should a store of an earlier version hold two.
    "spelling": "SELECT uuid, 0, uuid = {u} FROM {items} WHERE lower(uuid) = {f} "
    "UNION ALL SELECT uuid, 1, uuid = {u} FROM {locks} WHERE lower(uuid) = {f} "
    "ORDER BY 2, 3 DESC LIMIT 1",
    # Byte order on both backends.
    "uuids": "SELECT uuid FROM {items} ORDER BY uuid{bytewise}",
    # One row, one round trip: the lock's owner and expiry, the head's revision and etag.
    "state": "SELECT (SELECT editor FROM {locks} WHERE uuid = {u}), "
    "(SELECT expires FROM {locks} WHERE uuid = {u}), "
    "(SELECT revision FROM {items} WHERE uuid = {u}), "
    "(SELECT etag FROM {items} WHERE uuid = {u})",
    "insert_revision": "INSERT INTO {revisions} ({columns}, newsml) "
    "VALUES ({u}, {r}, {e}, {at}, {by}, {text})",
    "move_head": "INSERT INTO {items} (uuid, revision, etag) VALUES ({u}, {r}, {e}) "
    "ON CONFLICT (uuid) DO UPDATE SET revision = excluded.revision, etag = excluded.etag",
    # The listing of the head (`_fields.Fields`), kept by every save and
    # remove; `index_head` keeps an item's seq (its place in `list`) for life.
    "index_head": "INSERT INTO {listing} "
    "(uuid, type, status, version_created, pub_start, headline{words_column}) "
    "VALUES ({u}, {type}, {status}, {vc}, {ps}, {headline}{words_value}) "
    "ON CONFLICT (uuid) DO UPDATE SET type = excluded.type, status = excluded.status, "
    "version_created = excluded.version_created, pub_start = excluded.pub_start, "
    "headline = excluded.headline{words_update} RETURNING seq",
    "untag": "DELETE FROM {tags_table} WHERE seq = {seq}",
    "tag": "INSERT INTO {tags_table} (facet, value, seq) "
    "SELECT value ->> 0, value ->> 1, {seq} FROM {pair_rows}",
    "unlist_tags": "DELETE FROM {tags_table} WHERE seq = (SELECT seq FROM {listing} WHERE uuid = {u})",
    "unlist": "DELETE FROM {listing} WHERE uuid = {u}",
    # The heads with their text, oldest first: what the migration lists.
    "head_texts": "SELECT i.uuid, r.newsml FROM {items} i "
    "JOIN {revisions} r ON r.uuid = i.uuid AND r.revision = i.revision "
    "ORDER BY (SELECT saved_at FROM {revisions} WHERE uuid = i.uuid AND revision = 1), i.uuid",
    "list": "SELECT l.seq, l.uuid, i.revision, i.etag, l.type, l.status, "
    "l.version_created, l.pub_start, l.headline FROM {listing} l "
    "JOIN {items} i ON i.uuid = l.uuid",
    "remove_revisions": "DELETE FROM {revisions} WHERE uuid = {u}",
    "remove_head": "DELETE FROM {items} WHERE uuid = {u}",
    "put_lock": "INSERT INTO {locks} (uuid, editor, expires) VALUES ({u}, {owner}, {until}) "
    "ON CONFLICT (uuid) DO UPDATE SET editor = excluded.editor, expires = excluded.expires",
    "release_live": "DELETE FROM {locks} WHERE uuid = {u} AND editor = {owner} AND expires > {now}",
    "release_expired": "DELETE FROM {locks} WHERE uuid = {u} AND expires <= {now}",
    "lease": "SELECT editor, expires, {clock} FROM {locks} WHERE uuid = {u}",
    # Per head: uuid, revision, etag, how many revisions, the largest, the
    # etag of the head's own revision (`consistency_problems` reads them).
    "heads": "SELECT i.uuid, i.revision, i.etag, count(r.revision), max(r.revision), "
    "(SELECT etag FROM {revisions} WHERE uuid = i.uuid AND revision = i.revision) "
    "FROM {items} i LEFT JOIN {revisions} r ON r.uuid = i.uuid "
    "GROUP BY i.uuid, i.revision, i.etag",
    "orphans": "SELECT DISTINCT uuid FROM {revisions} WHERE uuid NOT IN (SELECT uuid FROM {items})",
}

_PARAMETERS: tuple[str, ...] = ("u", "f", "r", "e", "at", "by", "text", "owner", "until", "now")
_PARAMETERS += ("type", "status", "vc", "ps", "headline", "words", "pairs", "seq")

# What `Store.list` may ask for, each one condition on the listing ``l``
# (`list`), with the parameter of the same name. `text` is the backend's own.
_CONDITIONS = {
    "type": "l.type = {type}",
    "status": "l.status = {status}",
    "versionCreated_since": "l.version_created >= {since}",
    "versionCreated_until": "l.version_created < {until}",
    "pubStart_since": "l.pub_start >= {since}",
    "pubStart_until": "l.pub_start < {until}",
    "channel": "l.seq IN (SELECT seq FROM {tags_table} WHERE facet = 'channel' AND value = {channel})",
    "section": "l.seq IN (SELECT seq FROM {tags_table} WHERE facet = 'section' AND value = {section})",
    "link": "l.seq IN (SELECT seq FROM {tags_table} WHERE facet = 'link' AND value = {link})",
    "after": "l.seq < {after}",
}
_CONDITION_PARAMETERS = ("since", "until", "channel", "section", "link", "after", "text", "limit")

# Full-text search: SQLite's FTS5 table, or PostgreSQL's tsvector column.
# Both get the words `_search` split (a tsvector and a tsquery literal for
# PostgreSQL, so its parser and dictionaries never see the text): the same
# words, the same answers.
_SEARCH = {
    "fts5": {
        "condition": "l.seq IN (SELECT rowid FROM {fts} WHERE {fts} MATCH {text})",
        "statements": (
            "DELETE FROM {fts} WHERE rowid = {seq}",
            "INSERT INTO {fts} (rowid, words) VALUES ({seq}, {words})",
        ),
        "unlist": ("DELETE FROM {fts} WHERE rowid = (SELECT seq FROM {listing} WHERE uuid = {u})",),
        "words_column": "",
        "words_value": "",
        "words_update": "",
        "pair_rows": "json_each({pairs})",
    },
    "tsvector": {
        "condition": "l.words @@ {text}::tsquery",
        "statements": (),
        "unlist": (),
        "words_column": ", words",
        "words_value": ", {words}::tsvector",
        "words_update": ", words = excluded.words",
        "pair_rows": "jsonb_array_elements({pairs}::jsonb) AS pair(value)",
    },
}


@attrs.frozen(kw_only=True)
class Statements:
    """Every statement of a store, in one backend's dialect.

    The reads take ``{"u": uuid}`` (and ``"r"`` for `revision`); the writes
    the parameters their template names. `save` is one statement or two,
    run in order with the same parameters.
    """

    search: str
    head: str
    revision: str
    history: str
    exists: str
    spelling: str
    uuids: str
    state: str
    save: tuple[str, ...]
    remove: tuple[str, ...]
    index_head: str
    reindex: tuple[str, ...]
    head_texts: str
    list: str
    conditions: dict[str, str]
    order: str
    put_lock: str
    release_live: str
    release_expired: str
    lease: str
    heads: str
    orphans: str


def statements(
    *,
    prefix: str,
    parameter: Callable[[str], str],
    bytewise: str = "",
    clock: str = "NULL",
    one_trip_save: bool = False,
    search: str = "fts5",
) -> Statements:
    """The store's statements for one backend.

    Args:
        prefix: Put before the table names ``items``, ``revisions``, ``locks``.
        parameter: A named parameter as the driver spells it (``:u``, ``%(u)s``).
        bytewise: What follows ``ORDER BY uuid`` to sort by bytes.
        clock: An expression of the server's time in seconds since the epoch,
            read by `lease`; ``NULL`` when the store keeps its own clock.
        one_trip_save: Save the revision and move the head in one statement
            (a data-modifying ``WITH``, which PostgreSQL has and SQLite not).
        search: ``fts5`` (an FTS5 table ``{prefix}listing_text``) or
            ``tsvector`` (a ``words`` column of the listing).
    """
    found = _SEARCH[search]
    names = {
        "items": f"{prefix}items",
        "revisions": f"{prefix}revisions",
        "locks": f"{prefix}locks",
        "listing": f"{prefix}listing",
        "tags_table": f"{prefix}listing_tags",
        "fts": f"{prefix}listing_text",
        "columns": ", ".join(REVISION_COLUMNS),
        "r_columns": ", ".join(f"r.{column}" for column in REVISION_COLUMNS),
        "bytewise": bytewise,
        "clock": clock,
        **{name: parameter(name) for name in _PARAMETERS + _CONDITION_PARAMETERS},
    }
    for key in ("words_column", "words_update"):
        names[key] = str(found[key])
    for key in ("words_value", "pair_rows"):
        names[key] = str(found[key]).format(**names)
    sql = {key: template.format(**names) for key, template in _TEMPLATES.items()}
    conditions = {key: template.format(**names) for key, template in _CONDITIONS.items()}
    conditions["text"] = str(found["condition"]).format(**names)
    text_statements = tuple(str(s).format(**names) for s in found["statements"])
    unlist = tuple(str(s).format(**names) for s in found["unlist"])
    insert, move = sql.pop("insert_revision"), sql.pop("move_head")
    save = (f"WITH saved AS ({insert}) {move}",) if one_trip_save else (insert, move)
    remove = (
        *unlist,
        sql.pop("unlist_tags"),
        sql.pop("unlist"),
        sql.pop("remove_revisions"),
        sql.pop("remove_head"),
    )
    reindex = (sql.pop("untag"), sql.pop("tag"), *text_statements)
    order = " ORDER BY l.seq DESC LIMIT {limit}".format(**names)
    listing = sql.pop("list")
    if search == "tsvector":
        # The page first, then its heads: PostgreSQL guesses a hundred rows
        # for a word and would join them by reading every head (a hash join).
        values = "l.type, l.status, l.version_created, l.pub_start, l.headline"
        listing = (
            f"SELECT l.seq, l.uuid, i.revision, i.etag, {values} FROM "
            f"(SELECT l.seq, l.uuid, {values} FROM {names['listing']} l"
        )
        order += f") AS l JOIN {names['items']} i ON i.uuid = l.uuid ORDER BY l.seq DESC"
    return Statements(
        search=search,
        list=listing,
        save=save,
        remove=remove,
        reindex=reindex,
        conditions=conditions,
        order=order,
        **sql,
    )
