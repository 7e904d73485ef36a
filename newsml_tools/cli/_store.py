"""``newsml store put|get|history --db PATH|URL``: the store for operators.

``--db`` is an SQLite file path or a ``postgresql://user:password@host:port/dbname``
URL (`newsml_tools.store.open_store`); a URL is never taken for a file name.

* ``put FILE|DIR... | -``: save each NewsML file (any item kind; under a
  directory every ``.xml`` file, recursively, in sorted order) as a new
  revision (the SQLite file or the PostgreSQL tables are created when missing); prints ``uuid<TAB>revision<TAB>etag`` per file.
  ``--locking none|optimistic|pessimistic`` with ``--etag`` / ``--editor``
  apply the store's locking rules; ``--validate`` refuses items that fail the
  editor session's checks (news items; other kinds are stored as parsed).
* ``get UUID [--revision N] [-o FILE]``: the stored NewsML text.
* ``history UUID [--json]``: one line per revision, oldest first:
  ``revision<TAB>etag<TAB>saved_at<TAB>editor``.
* ``list [--type T] [--status S] [--since T1] [--until T2] [--pub-start]
  [--channel Q] [--section Q] [--link UUID] [--text WORDS] [--limit N]
  [--cursor C] [--json]``: the heads that match, newest first saved first:
  ``uuid<TAB>revision<TAB>type<TAB>status<TAB>versionCreated<TAB>headline``;
  when more remain, ``next: --cursor C`` on standard error.
* ``diff UUID [R1 R2]``: what changed from revision R1 to R2 (default the
  last two), printed as ``newsml diff`` prints it; exit 0 equivalent, 1
  different, 2 trouble (as ``newsml diff``).

Exit status: 0 done, 1 refused (conflict, lock, not found, no store at
``--db``, unreadable input or database, unreachable server), 2 usage errors
(argparse; a UUID, ``--editor`` or ``--etag`` whose bytes are not UTF-8; a
malformed ``--db`` URL; a PostgreSQL URL without the ``postgres`` extra).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import attrs

from newsml_codecs import newsml
from newsml_model import InvalidArgumentError, LockingMode, NewsItem, NewsItemError
from newsml_tools._argtypes import count, positive
from newsml_tools._validation import validate
from newsml_tools.cli._diff import as_json, text_lines
from newsml_tools.cli._files import sources
from newsml_tools.store import (
    PostgresStore,
    SQLiteStore,
    StoreDriverError,
    StoreFileError,
    open_store,
)
from newsml_tools.store._fields import seconds

_MODES = {
    "none": LockingMode.NONE,
    "optimistic": LockingMode.OPTIMISTIC_LOCKING,
    "pessimistic": LockingMode.PESSIMISTIC_LOCKING,
}


def _time(text: str) -> str:
    """An argparse ``type=``: `text` if it is an RFC 3339 date-time (the library's own check)."""
    if seconds(text) is None:
        raise argparse.ArgumentTypeError(f"not an RFC 3339 date-time: {text!r}")
    return text


def _fail(message: str) -> int:
    print(f"newsml store: {message}", file=sys.stderr)
    return 1


def _usage(message: str) -> int:
    print(f"newsml store: {message}", file=sys.stderr)
    return 2


# The text arguments each action stores or looks up, with their names on the command line.
_TEXT_ARGUMENTS = (
    ("uuid", "UUID"),
    ("editor", "--editor"),
    ("etag", "--etag"),
    ("type", "--type"),
    ("status", "--status"),
    ("channel", "--channel"),
    ("section", "--section"),
    ("link", "--link"),
    ("text", "--text"),
)


def _not_utf8(args: argparse.Namespace) -> str | None:
    """A usage error for a text argument whose bytes are not UTF-8 (no store can hold it)."""
    for attribute, name in _TEXT_ARGUMENTS:
        value = getattr(args, attribute, None)
        if value is None:
            continue
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            # Python decoded the argument's bytes with surrogateescape: show the bytes.
            return f"{name} is not UTF-8 text: {os.fsencode(value)!r}"
    return None


def _open(args: argparse.Namespace, **options: bool) -> SQLiteStore | PostgresStore | int:
    """The store ``--db`` names, or the exit status of the line that says why not.

    A malformed URL (or another scheme) is a usage error (2); a store that
    cannot be opened is a refusal (1).
    """
    bad = _not_utf8(args)
    if bad is not None:
        return _usage(bad)
    try:
        return open_store(args.db, **options)
    except (InvalidArgumentError, StoreDriverError) as error:
        return _usage(str(error))  # a malformed URL, or PostgreSQL without its extra
    except StoreFileError as error:
        if not error.missing:
            return _fail(str(error))
        # The library's advice in parentheses speaks to Python callers (create=True).
        found = error.reason.partition(" (")[0]
        return _fail(f"{error.path}: {found} ('newsml store put --db DB FILE' creates a store)")
    except NewsItemError as error:
        return _fail(str(error))


def _item_files(inputs: list[str]) -> tuple[list[str], list[str]]:
    """The files ``put`` reads: named files and ``-`` as given, directories as their ``.xml`` files.

    Returns:
        The file names, in order (each directory's sorted), and one problem
        per directory that holds no ``.xml`` file.
    """
    files: list[str] = []
    empty: list[str] = []
    for name in inputs:
        if name != "-" and Path(name).is_dir():
            found = [str(source.path) for source in sources([name], {".xml"})]
            if not found:
                empty.append(f"{name}: a directory without .xml files")
            files.extend(found)
        else:
            files.append(name)
    return files, empty


def put(args: argparse.Namespace) -> int:
    """Save every input (files, or the ``.xml`` files under directories) as a new revision; 1 when any was refused."""
    store = _open(args, create=True)
    if isinstance(store, int):
        return store
    files, empty = _item_files(args.inputs)
    for problem in empty:
        _fail(problem)
    failed = len(empty)
    with store:
        for name in files:
            try:
                data = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
                item = newsml.loads(data)
                problems = validate(item) if args.validate and isinstance(item, NewsItem) else []
                if problems:
                    failed += 1
                    for problem in problems:
                        _fail(f"{name}: {problem}")
                    continue
                saved = store.save(item, _MODES[args.locking], args.etag, editor=args.editor)
            except (NewsItemError, OSError) as error:
                failed += 1
                _fail(f"{name}: {error}")
                continue
            print(f"{saved.uuid}\t{saved.revision}\t{saved.etag}")
    return 1 if failed else 0


def get(args: argparse.Namespace) -> int:
    """Write the stored NewsML of a revision to standard output or ``--output``."""
    store = _open(args, create=False, readonly=True)
    if isinstance(store, int):
        return store
    try:
        with store:
            _, text = store.read(args.uuid, args.revision)
        if args.indent is not None:
            # Pretty for people: element-only content one element a line.
            text = newsml.dumps(newsml.loads(text), indent=args.indent)
        if args.output:
            Path(args.output).write_text(text, encoding="utf-8")
        else:
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
    except (NewsItemError, OSError) as error:
        return _fail(str(error))
    return 0


def history(args: argparse.Namespace) -> int:
    """List the revisions of an item, oldest first; 1 when none is stored."""
    store = _open(args, create=False, readonly=True)
    if isinstance(store, int):
        return store
    try:
        with store:
            revisions = store.history(args.uuid)
            where = str(store.path)  # a URL without its password
    except NewsItemError as error:
        return _fail(str(error))
    if not revisions:
        return _fail(f"{where}: no stored item {args.uuid}")
    if args.json:
        print(json.dumps([attrs.asdict(revision) for revision in revisions], indent=2))
    else:
        for r in revisions:
            print(f"{r.revision}\t{r.etag}\t{r.saved_at}\t{r.editor or ''}")
    return 0


def list_items(args: argparse.Namespace) -> int:
    """Print one page of the stored items that match the filters; 1 when the store refuses."""
    store = _open(args, create=False)
    if isinstance(store, int):
        return store
    try:
        with store:
            found = store.list(
                type=args.type,
                status=args.status,
                since=args.since,
                until=args.until,
                time_field="pubStart" if args.pub_start else "versionCreated",
                channel=args.channel,
                section=args.section,
                link=args.link,
                text=args.text,
                limit=args.limit,
                cursor=args.cursor,
            )
    except InvalidArgumentError as error:
        return _usage(str(error))
    except NewsItemError as error:
        return _fail(str(error))
    if args.json:
        items = [attrs.asdict(listed) for listed in found.items]
        print(json.dumps({"items": items, "cursor": found.cursor}, indent=2, ensure_ascii=False))
        return 0
    for i in found.items:
        fields = (i.uuid, str(i.revision), i.type, i.status, i.version_created, i.headline)
        print("\t".join(field or "" for field in fields))
    if found.cursor is not None:
        print(f"next: --cursor {found.cursor}", file=sys.stderr)
    return 0


def diff_revisions(args: argparse.Namespace) -> int:
    """Print what changed between two revisions: 0 equivalent, 1 different, 2 trouble."""
    if len(args.revisions) not in (0, 2):
        _usage("give two revisions (R1 R2) or none (the last two)")
        return 2
    store = _open(args, create=False, readonly=True)
    if isinstance(store, int):
        return 2
    old, new = args.revisions or (None, None)
    try:
        with store:
            differences = store.diff(args.uuid, old, new)
            head = store.read(args.uuid)[0]  # the stored spelling of the uuid, for the header
            if old is None:
                new = head.revision
                old = new - 1
    except NewsItemError as error:
        print(f"newsml store: {error}", file=sys.stderr)
        return 2
    a, b = f"{head.uuid}@{old}", f"{head.uuid}@{new}"
    if args.json:
        record = {"a": a, "b": b, "differences": [as_json(d) for d in differences]}
        print(json.dumps(record, ensure_ascii=False))
    else:
        for line in text_lines(differences, a, b):
            print(line)
    return 1 if differences else 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``store`` subcommand with its ``put``, ``get`` and ``history`` actions.

    Args:
        subparsers: The ``newsml`` parser's subcommands.
    """
    parser = subparsers.add_parser(
        "store",
        help="save and read revisioned items in an SQLite or PostgreSQL store",
        description="Operate on a store: an SQLite file or a PostgreSQL URL (docs/persistence.md).",
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    db = argparse.ArgumentParser(add_help=False)
    db.add_argument(
        "--db",
        required=True,
        metavar="PATH|URL",
        help="the store: an SQLite file, or postgresql://user:password@host:port/dbname",
    )

    put_parser = actions.add_parser("put", parents=[db], help="save NewsML files as new revisions")
    put_parser.add_argument(
        "inputs",
        nargs="+",
        metavar="FILE",
        help="NewsML files, directories (their .xml files, recursively), or - for stdin",
    )
    put_parser.add_argument("--locking", choices=sorted(_MODES), default="none")
    put_parser.add_argument("--etag", help="the expected current etag (optimistic locking)")
    put_parser.add_argument("--editor", help="who saves (recorded; the lock owner)")
    put_parser.add_argument(
        "--validate", action="store_true", help="refuse items failing the model and schema checks"
    )
    put_parser.set_defaults(func=put)

    get_parser = actions.add_parser("get", parents=[db], help="print a stored revision's NewsML")
    get_parser.add_argument("uuid")
    get_parser.add_argument(
        "--revision", type=positive, help="a revision number (default: the head)"
    )
    get_parser.add_argument("-o", "--output", help="write to this file instead of stdout")
    get_parser.add_argument(
        "--indent",
        type=count,
        metavar="N",
        help="pretty output for people: indent by N spaces (default: the stored text as it is)",
    )
    get_parser.set_defaults(func=get)

    history_parser = actions.add_parser("history", parents=[db], help="list an item's revisions")
    history_parser.add_argument("uuid")
    history_parser.add_argument("--json", action="store_true", help="a JSON array of revisions")
    history_parser.set_defaults(func=history)

    list_parser = actions.add_parser(
        "list", parents=[db], help="list stored items by type, status, time, link or word"
    )
    list_parser.add_argument("--type", help="imext:type (x-im/article), or the kind (conceptItem)")
    list_parser.add_argument("--status", help="pubStatus: usable, draft, stat:usable...")
    list_parser.add_argument(
        "--since", type=_time, help="versionCreated (or pubStart) at or after, RFC 3339"
    )
    list_parser.add_argument(
        "--until", type=_time, help="versionCreated (or pubStart) before, RFC 3339"
    )
    list_parser.add_argument(
        "--pub-start",
        action="store_true",
        help="--since/--until bound pubStart, not versionCreated",
    )
    list_parser.add_argument("--channel", help="a channel's qcode (imchn:sport)")
    list_parser.add_argument("--section", help="a section's qcode")
    list_parser.add_argument(
        "--link", metavar="UUID", help="items linking to this uuid (a tag...), in either case"
    )
    list_parser.add_argument(
        "--text",
        metavar="QUERY",
        help="words that must all occur in the headline, titles of tags, authors, sections, "
        'places... or text; "a phrase", prefix*, this OR that',
    )
    list_parser.add_argument("--limit", type=positive, default=100, help="items per page (100)")
    list_parser.add_argument("--cursor", help="the cursor a previous page printed")
    list_parser.add_argument(
        "--json", action="store_true", help='{"items": [...], "cursor": ...} on standard output'
    )
    list_parser.set_defaults(func=list_items)

    diff_parser = actions.add_parser(
        "diff", parents=[db], help="what changed between two revisions of an item"
    )
    diff_parser.add_argument("uuid")
    diff_parser.add_argument(
        "revisions",
        nargs="*",
        type=positive,
        metavar="R",
        help="two revisions, old then new (default: the last two)",
    )
    diff_parser.add_argument("--json", action="store_true", help="one JSON object")
    diff_parser.set_defaults(func=diff_revisions)
