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

Exit status: 0 done, 1 refused (conflict, lock, not found, unreadable
input or database, unreachable server), 2 usage errors (argparse; a UUID,
``--editor`` or ``--etag`` whose bytes are not UTF-8; a malformed ``--db`` URL).
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
from newsml_tools.cli._files import sources
from newsml_tools.store import PostgresStore, SQLiteStore, open_store

_MODES = {
    "none": LockingMode.NONE,
    "optimistic": LockingMode.OPTIMISTIC_LOCKING,
    "pessimistic": LockingMode.PESSIMISTIC_LOCKING,
}


def _fail(message: str) -> int:
    print(f"newsml store: {message}", file=sys.stderr)
    return 1


def _usage(message: str) -> int:
    print(f"newsml store: {message}", file=sys.stderr)
    return 2


# The text arguments each action stores or looks up, with their names on the command line.
_TEXT_ARGUMENTS = (("uuid", "UUID"), ("editor", "--editor"), ("etag", "--etag"))


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
    except InvalidArgumentError as error:
        return _usage(str(error))
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
