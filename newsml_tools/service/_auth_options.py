"""The service's authentication and TLS options: checked in the main process, handed to workers.

Internal to the service: `_run` adds the options (`add_arguments`), checks
them before anything is bound (`prepare`, which also reads the token and
JWKS files once, so a file that cannot be used exits 2 rather than starting
workers that refuse everyone) and passes TLS to uvicorn (`tls_options`).
"""

from __future__ import annotations

import argparse
import logging
import ssl
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

from newsml_tools.service._auth import (
    AUDIENCE_ENV,
    ISSUER_ENV,
    JWKS_ENV,
    TOKEN_FILE_ENV,
    AuthConfigError,
    Authenticator,
)
from newsml_tools.service._edges import is_loopback

__all__ = ["add_arguments", "is_loopback", "prepare", "tls_options"]

_log = logging.getLogger("newsml_tools.service")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the authentication and TLS options to `parser`."""
    group = parser.add_argument_group("authentication and TLS")
    group.add_argument(
        "--token-file",
        type=Path,
        metavar="FILE",
        help="static bearer tokens, one per line; re-read on SIGHUP",
    )
    group.add_argument(
        "--jwks",
        type=Path,
        metavar="FILE",
        help="JSON Web Key Set verifying JWT bearer tokens (needs --issuer, --audience); "
        "re-read on SIGHUP",
    )
    group.add_argument("--issuer", help="the 'iss' claim a JWT must carry")
    group.add_argument("--audience", help="the 'aud' claim a JWT must carry")
    group.add_argument(
        "--insecure-no-auth",
        action="store_true",
        help="serve a non-loopback address without authentication, on purpose",
    )
    group.add_argument("--ssl-certfile", metavar="FILE", help="TLS certificate chain (PEM)")
    group.add_argument("--ssl-keyfile", metavar="FILE", help="TLS private key (PEM)")


def prepare(args: argparse.Namespace, environ: MutableMapping[str, str]) -> str | None:
    """Check the options of `args` and put the authentication in `environ` for the workers.

    Args:
        args: The parsed ``serve`` options.
        environ: Where the workers will read their settings (``os.environ``).

    Returns:
        None when the service may start, else the one-line reason it may not.
    """
    if (args.issuer or args.audience) and args.jwks is None:
        return "--issuer and --audience go with --jwks"
    if args.jwks is not None and not (args.issuer and args.audience):
        return "--jwks needs --issuer and --audience"
    if bool(args.ssl_certfile) != bool(args.ssl_keyfile):
        return "--ssl-certfile and --ssl-keyfile go together"
    authenticated = args.token_file is not None or args.jwks is not None
    if not authenticated and not args.insecure_no_auth and not is_loopback(args.host):
        return (
            f"refusing to serve {args.host} without authentication: give --token-file or "
            "--jwks, or --insecure-no-auth to serve anyone who can reach it"
        )
    if args.ssl_certfile:
        try:
            ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(
                args.ssl_certfile, args.ssl_keyfile
            )
        except (OSError, ssl.SSLError) as error:
            return f"cannot use the TLS certificate {args.ssl_certfile}: {error}"
    for name in (TOKEN_FILE_ENV, JWKS_ENV, ISSUER_ENV, AUDIENCE_ENV):
        environ.pop(name, None)
    if authenticated:
        try:
            Authenticator(
                token_file=args.token_file,
                jwks_file=args.jwks,
                issuer=args.issuer,
                audience=args.audience,
            )
        except AuthConfigError as error:
            return str(error)
        if args.token_file is not None:
            environ[TOKEN_FILE_ENV] = str(args.token_file.resolve())
        if args.jwks is not None:
            environ[JWKS_ENV] = str(args.jwks.resolve())
            environ[ISSUER_ENV] = args.issuer
            environ[AUDIENCE_ENV] = args.audience
        if not args.ssl_certfile and not is_loopback(args.host):
            _log.warning(
                "warning: serving %s without TLS: bearer tokens cross the network in clear text",
                args.host,
            )
    return None


def tls_options(args: argparse.Namespace) -> dict[str, Any]:
    """uvicorn's keyword arguments for the TLS options in `args` (empty without TLS)."""
    if not args.ssl_certfile:
        return {}
    return {"ssl_certfile": args.ssl_certfile, "ssl_keyfile": args.ssl_keyfile}
