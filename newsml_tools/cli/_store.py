"""``newsml store put|get|history --db PATH|URL``: the store for operators.

``--db`` is an SQLite file path or a ``postgresql://user:password@host:port/dbname``
URL (`newsml_tools.store.open_store`); a URL is never taken for a file name.

* ``put FILE... | -``: save each NewsML file (any item kind) as a new
  revision (the SQLite file or the PostgreSQL tables are created when missing); prints ``uuid<TAB>revision<TAB>etag`` per file.
  ``--locking none|optimistic|pessimistic`` with ``--etag`` / ``--editor``
  apply the store's locking rules; ``--validate`` refuses items that fail the
  editor session's checks (news items; other kinds are stored as parsed).
* ``get UUID [--revision N] [-o FILE]``: the stored NewsML text.
* ``history UUID [--json]``: one line per revision, oldest first:
  ``revision<TAB>etag<TAB>saved_at<TAB>editor``.

Exit status: 0 done, 1 refused (conflict, lock, not found, unreadable
input or database, unreachable server), 2 usage errors (argparse).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import attrs

from newsml_codecs import newsml
from newsml_model import LockingMode, NewsItem, NewsItemError
from newsml_tools._argtypes import positive
from newsml_tools._validation import validate
from newsml_tools.store import open_store

_MODES = {
    "none": LockingMode.NONE,
    "optimistic": LockingMode.OPTIMISTIC_LOCKING,
    "pessimistic": LockingMode.PESSIMISTIC_LOCKING,
}


def _fail(message: str) -> int:
    print(f"newsml store: {message}", file=sys.stderr)
    return 1


def put(args: argparse.Namespace) -> int:
    """Save every input as a new revision; 1 when any was refused."""
    failed = 0
    try:
        store = open_store(args.db, create=True)
    except NewsItemError as error:
        return _fail(str(error))
    with store:
        for name in args.inputs:
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
    try:
        with open_store(args.db, create=False, readonly=True) as store:
            _, text = store.read(args.uuid, args.revision)
        if args.output:
            Path(args.output).write_text(text, encoding="utf-8")
        else:
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
    except (NewsItemError, OSError) as error:
        return _fail(str(error))
    return 0


def history(args: argparse.Namespace) -> int:
    """List the revisions of an item, oldest first; 1 when none is stored."""
    try:
        with open_store(args.db, create=False, readonly=True) as store:
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
        "inputs", nargs="+", metavar="FILE", help="NewsML files, or - for stdin"
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
    get_parser.set_defaults(func=get)

    history_parser = actions.add_parser("history", parents=[db], help="list an item's revisions")
    history_parser.add_argument("uuid")
    history_parser.add_argument("--json", action="store_true", help="a JSON array of revisions")
    history_parser.set_defaults(func=history)
