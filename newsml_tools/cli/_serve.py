"""``newsml serve``: run the Tools service under uvicorn (the ``service`` extra).

Options: ``--host`` (127.0.0.1), ``--port`` (8080), ``--workers`` (one per
core), ``--max-body-bytes`` (16 MiB), ``--log-level``, ``--options FILE``
(the converter's options, JSON); authentication
(``--token-file``, ``--jwks`` with ``--issuer`` and ``--audience``,
``--insecure-no-auth``) and TLS (``--ssl-certfile``, ``--ssl-keyfile``).
A non-loopback ``--host`` without authentication is refused (exit 2), and so
is an address already in use (one line naming it).
SIGTERM or Ctrl-C shuts down gracefully: in-flight requests finish first;
SIGHUP re-reads the token and JWKS files.

The service's modules are imported only here, when the parser is built, so
that the rest of ``newsml`` works without the extra; without it ``serve``
says which extra to install (exit 2).
"""

from __future__ import annotations

import argparse
import sys

from newsml_tools.cli._extras import is_missing_extra, register_missing

__all__ = ["SERVICE_EXTRA", "register", "run"]

SERVICE_EXTRA = "service"
_HELP = "run the Tools service (Twirp, JSON and protobuf) under uvicorn"


def run(args: argparse.Namespace) -> int:
    """Serve as `args` say, with the exit statuses docs/cli.md lists.

    Args:
        args: The parsed ``serve`` options.

    Returns:
        0 after a graceful stop; 1 when uvicorn could not start (it logged
        why); 2 with one line on standard error for an address in use or
        not of this machine, and for the refusals of ``serve`` itself.
    """
    # The extra is there (`register` checked); serve refuses a busy address itself.
    from newsml_tools.service._bind import address_in_use
    from newsml_tools.service._run import serve

    try:
        return serve(args)
    except SystemExit as stop:
        if stop.code in (0, None):
            raise
        # uvicorn could not start and has logged why (exit 1 or 3): the
        # address taken between our check and its bind is a usage error,
        # anything else a failure, both with the statuses cli.md lists.
        taken = address_in_use(args.host, args.port)
        if taken is None:
            return 1
        print(f"newsml serve: error: {taken}", file=sys.stderr)
        return 2


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``serve`` subcommand to the ``newsml`` parser.

    Without the ``service`` extra the subcommand only says which extra to install.

    Args:
        subparsers: The ``newsml`` parser's subcommands.

    Raises:
        ModuleNotFoundError: One of the library's own modules is missing (a broken install).
    """
    try:
        from newsml_tools.service._run import add_arguments
    except ModuleNotFoundError as error:
        if not is_missing_extra(error):
            raise
        register_missing(subparsers, "serve", SERVICE_EXTRA, _HELP)
        return

    parser = subparsers.add_parser(
        "serve",
        help=_HELP,
        description="Serve cca.Tools (ConvertToDocument, ConvertToNewsml, ValidateNavigaDoc) "
        "and GET /healthz; one access-log line per request on standard output.",
        epilog="Exit status: 0 after a graceful stop, 1 the service could not start "
        "(its log says why), 2 usage error (bad options, unusable authentication or TLS "
        "files, an address in use or not of this machine).",
    )
    add_arguments(parser)
    parser.set_defaults(func=run)
