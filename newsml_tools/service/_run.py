"""Running the service under uvicorn, shared by ``newsml serve``
and ``python -m newsml_tools.service``.

Worker processes build their app from the environment (``factory=True``):
uvicorn starts each worker from an import string, so options such as the
body limit reach them as environment variables.
"""

from __future__ import annotations

import argparse
import copy
import importlib
import importlib.metadata
import inspect
import json
import logging
import os
import secrets
import signal
import sys
from collections.abc import MutableMapping
from types import FrameType
from typing import Any

from newsml_tools._argtypes import OptionsFileError, options_file, positive, seconds
from newsml_tools.service._app import DEFAULT_BODY_TIMEOUT, DEFAULT_MAX_BODY_BYTES, ToolsApp
from newsml_tools.service._auth import from_env as authenticator_from_env
from newsml_tools.service._auth_options import add_arguments as add_auth_arguments
from newsml_tools.service._auth_options import prepare as prepare_auth
from newsml_tools.service._auth_options import tls_options
from newsml_tools.service._bind import address_in_use
from newsml_tools.service._edges import HostCheck

_log = logging.getLogger("newsml_tools.service")

MAX_BODY_ENV = "NEWSML_SERVICE_MAX_BODY_BYTES"
BODY_TIMEOUT_ENV = "NEWSML_SERVICE_BODY_TIMEOUT"
OPTIONS_ENV = "NEWSML_SERVICE_OPTIONS"
"""The converter options (JSON text) `serve --options FILE` hands its workers."""
SEAL_KEY_ENV = "NEWSML_SERVICE_SEAL_KEY"
"""The key (hex, 16 to 64 bytes) every worker's converter seals carriers with
(`document.Converter`'s ``seal_key``): `serve` makes one at start unless the environment
gives it, so a document one worker opened saves on any worker without its spans read."""
PAGE_ENV = "NEWSML_SERVICE_PAGE"
"""``0`` when `serve --no-page` turns the page at ``/`` off."""
HOST_ENV = "NEWSML_SERVICE_HOST"
"""The bound address (``--host``), which the Host check answers."""
ALLOWED_HOSTS_ENV = "NEWSML_SERVICE_ALLOWED_HOSTS"
"""The ``--allowed-host`` names, comma-separated."""
# uvicorn's protocol with Twirp errors for unparsable requests, as an import
# string: importing uvicorn here would slow down every `newsml` command.
PROTOCOL = "newsml_tools.service._protocol:TwirpHttpToolsProtocol"
# What `PROTOCOL` overrides: a method uvicorn does not document, checked at
# start-up (`http_protocol`) since a uvicorn release may rename or drop it.
_HOOK_MODULE = "uvicorn.protocols.http.httptools_impl"
_HOOK = "send_400_response"
# Seconds in-flight requests get to finish after SIGTERM before uvicorn
# drops them; a conversion takes milliseconds, so this is generous.
GRACEFUL_SECONDS = 30


def default_workers() -> int:
    """One worker per core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def app_from_env() -> ToolsApp:
    """The app of one worker, configured from the environment.

    ``NEWSML_SERVICE_MAX_BODY_BYTES`` and ``NEWSML_SERVICE_BODY_TIMEOUT``
    (seconds) override the defaults; ``NEWSML_SERVICE_OPTIONS`` holds the
    converter options (JSON) the conversions use, ``NEWSML_SERVICE_SEAL_KEY`` (hex) the
    key its converter seals carriers with; with ``NEWSML_SERVICE_HOST``
    set, requests whose Host is neither it nor one of
    ``NEWSML_SERVICE_ALLOWED_HOSTS`` (comma-separated) are refused.

    Raises:
        ValueError: A variable is set but not a non-negative integer (the
            limit) or a positive number (the timeout), options that are
            not JSON or that `document.make_options` refuses, or a seal key
            that is not 16 to 64 bytes in hexadecimal.
    """
    from newsml_codecs import document

    options = os.environ.get(OPTIONS_ENV, "")
    key = os.environ.get(SEAL_KEY_ENV, "")
    try:
        seal_key = bytes.fromhex(key) if key else None
    except ValueError:
        raise ValueError(f"{SEAL_KEY_ENV} is not hexadecimal") from None
    # Read once per worker: the app holds its converter.
    converter = (
        document.Converter(json.loads(options) if options else None, seal_key=seal_key)
        if options or key
        else None
    )
    limit = os.environ.get(MAX_BODY_ENV, "")
    timeout = os.environ.get(BODY_TIMEOUT_ENV, "")
    host = os.environ.get(HOST_ENV)
    allowed = os.environ.get(ALLOWED_HOSTS_ENV, "").split(",")
    return ToolsApp(
        max_body_bytes=int(limit) if limit else DEFAULT_MAX_BODY_BYTES,
        body_timeout=float(timeout) if timeout else DEFAULT_BODY_TIMEOUT,
        # Bearer tokens and JWTs when `serve` was given them (`prepare_auth`).
        authenticator=authenticator_from_env(),
        page=os.environ.get(PAGE_ENV, "1") != "0",
        hosts=None if host is None else HostCheck(host, allowed),
        converter=converter,
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the serving options (``--host``, ``--port``, ``--workers``...) to `parser`."""
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to bind (default: %(default)s)"
    )
    parser.add_argument(
        "--port", type=int, default=8080, help="port to bind (default: %(default)s)"
    )
    parser.add_argument(
        "--allowed-host",
        dest="allowed_hosts",
        action="append",
        default=[],
        metavar="NAME",
        help="a Host name clients use besides the bound address (repeatable; '*': any); "
        "other Host headers get 400",
    )
    parser.add_argument(
        "--workers",
        type=positive,
        default=None,
        help=f"worker processes (default: one per core, here {default_workers()})",
    )
    parser.add_argument(
        "--max-body-bytes",
        type=positive,
        default=DEFAULT_MAX_BODY_BYTES,
        metavar="N",
        help="largest request body accepted (default: %(default)s, 16 MiB)",
    )
    parser.add_argument(
        "--body-timeout",
        type=seconds,
        default=DEFAULT_BODY_TIMEOUT,
        metavar="SECONDS",
        help="time a request body may take to arrive in full (default: %(default)g)",
    )
    parser.add_argument(
        "--log-level",
        default="info",
        choices=("critical", "error", "warning", "info", "debug"),
        help="server log level; 'warning' silences the access log (default: %(default)s)",
    )
    parser.add_argument(
        "--options",
        metavar="FILE",
        help="the converter's options (a JSON file, as document.make_options takes)",
    )
    parser.add_argument(
        "--no-page",
        dest="page",
        action="store_false",
        help="do not serve the converter page at / (the Twirp routes stay)",
    )
    add_auth_arguments(parser)


def serve(args: argparse.Namespace) -> int:
    """Run the service until SIGTERM or Ctrl-C, then shut down gracefully.

    In-flight requests finish, new connections are refused, workers exit.

    Args:
        args: The namespace of a parser `add_arguments` set up.

    Returns:
        0 after a clean shutdown; 2 with one line on standard error when the
        authentication or TLS options cannot be used (a token file with
        no token too), a non-loopback address would be served without
        authentication, the ``--options`` file cannot be read, is too large
        or too deeply nested, or holds bad options, or the address is in
        use or not of this machine (uvicorn exits with 1 or 3 itself when
        it cannot start for another reason).
    """
    refusal = (
        prepare_auth(args, os.environ)
        or _prepare_options(args.options)
        or _prepare_seal_key(os.environ)
        or address_in_use(args.host, args.port)
    )
    if refusal is not None:
        print(f"newsml serve: error: {refusal}", file=sys.stderr)
        return 2
    import uvicorn

    os.environ[MAX_BODY_ENV] = str(args.max_body_bytes)
    os.environ[BODY_TIMEOUT_ENV] = repr(args.body_timeout)
    os.environ[PAGE_ENV] = "1" if args.page else "0"
    os.environ[HOST_ENV] = args.host
    os.environ[ALLOWED_HOSTS_ENV] = ",".join(args.allowed_hosts)
    # uvicorn re-raises the signal that stopped it once it has shut down,
    # with the handlers found at start restored: with these no-op handlers
    # a graceful stop ends in exit status 0 (not -15, or a KeyboardInterrupt
    # traceback), with one worker as with several.
    previous = {sig: signal.signal(sig, _stopped) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        _run_uvicorn(uvicorn, args)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return 0


def _prepare_options(path: str | None) -> str | None:
    """Check the ``--options`` file and hand its JSON to the workers; the refusal, or None."""
    if path is None:
        os.environ.pop(OPTIONS_ENV, None)
        return None
    from newsml_codecs import document  # not at import: every `newsml` command imports this

    try:
        options = options_file(path)
        document.make_options(options)
    except OptionsFileError as error:  # unreadable, not JSON, too large or too deep
        return str(error)
    except ValueError as error:  # options make_options refuses
        return f"--options {path}: {error}"
    os.environ[OPTIONS_ENV] = json.dumps(options)
    return None


def _prepare_seal_key(environ: MutableMapping[str, str]) -> str | None:
    """Make the workers' seal key (`SEAL_KEY_ENV`) where `environ` gives none, or check the
    one it gives; the refusal, or None."""
    given = environ.get(SEAL_KEY_ENV)
    if given is None:
        environ[SEAL_KEY_ENV] = secrets.token_hex(32)
        return None
    try:
        key = bytes.fromhex(given)
    except ValueError:
        key = b""
    if not 16 <= len(key) <= 64:
        return f"{SEAL_KEY_ENV} is not 16 to 64 bytes in hexadecimal (32 to 128 digits)"
    return None


def _stopped(signum: int, frame: FrameType | None) -> None:
    """The signal already stopped uvicorn gracefully: nothing left to do."""


def _hook_missing() -> str | None:
    """Why `PROTOCOL` cannot run on the installed uvicorn, or None when it can."""
    try:
        module = importlib.import_module(_HOOK_MODULE)
    except ImportError as error:
        return f"cannot import {_HOOK_MODULE} ({error})"
    protocol = getattr(module, "HttpToolsProtocol", None)
    hook = getattr(protocol, _HOOK, None)
    if protocol is None or not callable(hook):
        return f"{_HOOK_MODULE}.HttpToolsProtocol has no {_HOOK} method"
    try:
        parameters = list(inspect.signature(hook).parameters)
    except (TypeError, ValueError):
        parameters = []
    if len(parameters) != 2:
        return f"HttpToolsProtocol.{_HOOK} does not take (self, msg) but {parameters}"
    return None


def http_protocol() -> str:
    """The HTTP protocol uvicorn runs: `PROTOCOL`, or uvicorn's own when its hook is gone.

    `PROTOCOL` overrides ``HttpToolsProtocol.send_400_response``, which
    uvicorn does not document. When the installed uvicorn lacks it (or
    httptools), a warning says so and the service runs on uvicorn's stock
    protocol: everything works, but requests uvicorn cannot parse get its
    plain-text 400 instead of a Twirp ``malformed`` error.

    Returns:
        An import string or uvicorn protocol name for ``uvicorn.run(http=...)``.
    """
    missing = _hook_missing()
    if missing is None:
        return PROTOCOL
    try:
        version = importlib.metadata.version("uvicorn")
    except importlib.metadata.PackageNotFoundError:
        version = "?"
    _log.warning(
        "warning: uvicorn %s: %s; serving on uvicorn's own HTTP protocol, so a request "
        "it cannot parse gets its plain-text 400 instead of a Twirp 'malformed' error",
        version,
        missing,
    )
    return "auto"


def _run_uvicorn(uvicorn: Any, args: argparse.Namespace) -> None:
    settings = dict(
        app="newsml_tools.service._run:app_from_env",
        factory=True,
        # Requests uvicorn's parser refuses get a Twirp error too (when it can).
        http=http_protocol(),
        host=args.host,
        port=args.port,
        workers=args.workers or default_workers(),
        log_level=args.log_level,
        log_config=log_config(args.log_level),
        # The app writes its own access line (with the Twirp code and the
        # time taken); uvicorn's would be a second line per request.
        access_log=False,
        timeout_graceful_shutdown=GRACEFUL_SECONDS,
        server_header=False,
        **tls_options(args),
    )
    if settings["workers"] == 1:
        uvicorn.run(**settings)
        return
    # Several workers: a supervisor that checks the token files before it
    # restarts them on SIGHUP (uvicorn's own would restart them regardless).
    from newsml_tools.service._workers import run_workers

    run_workers(uvicorn.Config(**settings))


def log_config(level: str = "info") -> dict[str, Any]:
    """uvicorn's logging configuration plus the service's error and access loggers.

    Args:
        level: Level of the service's loggers; the access log writes at INFO.
    """
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["formatters"]["service_access"] = {
        "format": "%(asctime)s access %(message)s",
    }
    config["handlers"]["service_access"] = {
        "formatter": "service_access",
        "class": "logging.StreamHandler",
        "stream": "ext://sys.stdout",
    }
    config["loggers"]["newsml_tools.service"] = {
        "handlers": ["default"],
        "level": level.upper(),
        "propagate": False,
    }
    config["loggers"]["newsml_tools.service.access"] = {
        "handlers": ["service_access"],
        "level": level.upper(),
        "propagate": False,
    }
    return config
