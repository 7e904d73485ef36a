"""``newsml serve``: run the Tools service under uvicorn.

Options: ``--host`` (127.0.0.1), ``--port`` (8080), ``--workers`` (one per
core), ``--max-body-bytes`` (16 MiB), ``--log-level``, ``--options FILE``
(the converter's options, JSON); authentication
(``--token-file``, ``--jwks`` with ``--issuer`` and ``--audience``,
``--insecure-no-auth``) and TLS (``--ssl-certfile``, ``--ssl-keyfile``).
A non-loopback ``--host`` without authentication is refused (exit 2).
SIGTERM or Ctrl-C shuts down gracefully: in-flight requests finish first;
SIGHUP re-reads the token and JWKS files.
"""

from __future__ import annotations

import argparse

from newsml_tools.service._run import add_arguments, serve


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``serve`` subcommand to the ``newsml`` parser.

    Args:
        subparsers: The ``newsml`` parser's subcommands.
    """
    parser = subparsers.add_parser(
        "serve",
        help="run the Tools service (Twirp, JSON and protobuf) under uvicorn",
        description="Serve cca.Tools (ConvertToDocument, ConvertToNewsml, ValidateNavigaDoc) "
        "and GET /healthz; one access-log line per request on standard output.",
    )
    add_arguments(parser)
    parser.set_defaults(func=serve)
