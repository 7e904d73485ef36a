"""Authentication of the service: bearer tokens and JWTs.

Internal to the service (`_app` calls `Authenticator.check` before routing;
workers build theirs with `from_env`; the main process checks the files with
`reload_refusal` before it restarts workers on SIGHUP). Every Twirp route
wants ``Authorization: Bearer <token>`` once any of these is configured:

- ``--token-file FILE``: static API tokens, one per line (blank lines and
  lines starting with ``#`` are skipped; a file with no token is refused). A
  token is compared with each in constant time (``hmac.compare_digest`` of
  their SHA-256 digests). The file is read again on SIGHUP.
- ``--jwks FILE`` with ``--issuer`` and ``--audience``: JWTs signed by a key
  of the JSON Web Key Set in FILE (PyJWT), each key verifying only its own
  algorithm (its ``alg``, or the default of its type), never ``none``. A
  token must carry ``exp``, ``iss`` and ``aud``, and its ``exp``, ``nbf``
  and ``iat`` must be numbers (PyJWT alone takes numeric strings); expired,
  not-yet-valid (``nbf``), wrongly signed, unknown-key, wrong-issuer and
  wrong-audience tokens are refused. The JWKS file is read again on SIGHUP too.

A refused request gets Twirp's ``unauthenticated`` error (HTTP 401, a
`Refusal` with its ``WWW-Authenticate`` challenge) and no handler runs.
``/healthz`` is never checked. The command-line options are `_auth_options`'.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import math
import os
import re
import signal
from collections.abc import Iterable, MutableMapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from newsml_tools.service._errors import TwirpError

if TYPE_CHECKING:
    import jwt

__all__ = [
    "AUDIENCE_ENV",
    "ISSUER_ENV",
    "JWKS_ENV",
    "TOKEN_FILE_ENV",
    "AuthConfigError",
    "Authenticator",
    "Refusal",
    "from_env",
    "reload_refusal",
]

TOKEN_FILE_ENV = "NEWSML_SERVICE_TOKEN_FILE"
JWKS_ENV = "NEWSML_SERVICE_JWKS"
ISSUER_ENV = "NEWSML_SERVICE_JWT_ISSUER"
AUDIENCE_ENV = "NEWSML_SERVICE_JWT_AUDIENCE"

# RFC 6750's b64token; longer than this is no token of ours (JWTs of a few
# claims are well under 2 KiB), and is refused before any parsing.
_TOKEN = re.compile(rb"[A-Za-z0-9\-._~+/]+=*")
_MAX_TOKEN_BYTES = 8192
_BEARER = re.compile(rb"[Bb][Ee][Aa][Rr][Ee][Rr] +")
_REALM = b'Bearer realm="newsml-tools"'
# RFC 6750 section 3: error_description is %x20-21 / %x23-5B / %x5D-7E.
_NOT_IN_DESCRIPTION = re.compile(r"[^\x20-\x21\x23-\x5b\x5d-\x7e]")
# Time claims (RFC 7519 section 2, NumericDate): numbers, never strings.
_TIME_CLAIMS = ("exp", "nbf", "iat")

_log = logging.getLogger("newsml_tools.service")


class AuthConfigError(Exception):
    """A token file or JWKS file that cannot be used (unreadable, malformed, no token)."""


class Refusal(TwirpError):
    """A refused request's ``unauthenticated`` error, with the challenge its 401 carries.

    Args:
        msg: What was wrong (never the token).
        token_sent: Whether the request sent a bearer token. RFC 6750
            section 3: a refused token's challenge says ``invalid_token``
            (so that a client knows to get a new one); a request without
            one gets the bare challenge.
    """

    def __init__(self, msg: str, *, token_sent: bool) -> None:
        super().__init__("unauthenticated", msg)
        self.token_sent = token_sent

    @property
    def challenge(self) -> bytes:
        """The ``WWW-Authenticate`` value."""
        if not self.token_sent:
            return _REALM
        description = _NOT_IN_DESCRIPTION.sub("'", self.msg.replace('"', "'"))
        return _REALM + f', error="invalid_token", error_description="{description}"'.encode()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_refusal, (self.msg, self.token_sent))


def _refusal(msg: str, token_sent: bool) -> Refusal:
    return Refusal(msg, token_sent=token_sent)


def _digest(token: bytes) -> bytes:
    return hashlib.sha256(token).digest()


def _read_tokens(path: Path) -> tuple[bytes, ...]:
    """The digests of the tokens in `path`, one per line."""
    try:
        lines = path.read_bytes().splitlines()
    except OSError as error:
        raise AuthConfigError(f"cannot read the token file {path}: {error.strerror}") from None
    digests = []
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith(b"#"):
            continue
        if len(line) > _MAX_TOKEN_BYTES or not _TOKEN.fullmatch(line):
            # Never echo the line: it may be a secret with a typo.
            raise AuthConfigError(
                f"{path}, line {number}: not a bearer token (letters, digits and -._~+/ only, "
                f"then '=' padding, at most {_MAX_TOKEN_BYTES} bytes)"
            )
        digests.append(_digest(line))
    if not digests:
        # Most likely caught half-written, or emptied by mistake: it would
        # refuse every request without a word.
        raise AuthConfigError(f"the token file {path} holds no token")
    return tuple(digests)


def _read_jwks(path: Path) -> tuple[jwt.PyJWK, ...]:
    """The usable keys of the JSON Web Key Set in `path`."""
    import jwt  # only when JWTs are configured: it costs every `newsml` command otherwise

    try:
        data = json.loads(path.read_bytes())
        keys = jwt.PyJWKSet.from_dict(data).keys
    except OSError as error:
        raise AuthConfigError(f"cannot read the JWKS file {path}: {error.strerror}") from None
    except (ValueError, TypeError, AttributeError, jwt.PyJWTError) as error:
        raise AuthConfigError(f"{path} is not a usable JSON Web Key Set: {error}") from None
    for key in keys:
        if key.algorithm_name.lower() == "none":
            raise AuthConfigError(f"{path}: a key for algorithm 'none' is not accepted")
    return tuple(keys)


class Authenticator:
    """Checks the bearer token of each request against static tokens and JWKS keys.

    Args:
        token_file: File of static tokens, one per line, or None.
        jwks_file: JSON Web Key Set file, or None.
        issuer: The ``iss`` every JWT must carry (required with `jwks_file`).
        audience: An ``aud`` every JWT must carry (required with `jwks_file`).
        leeway: Seconds of clock skew allowed on ``exp`` and ``nbf``.

    Raises:
        AuthConfigError: Neither file given, a file that cannot be read or
            used, or a JWKS without issuer and audience.
    """

    def __init__(
        self,
        *,
        token_file: Path | None = None,
        jwks_file: Path | None = None,
        issuer: str | None = None,
        audience: str | None = None,
        leeway: float = 0.0,
    ) -> None:
        if token_file is None and jwks_file is None:
            raise AuthConfigError("give a token file, a JWKS file or both")
        if jwks_file is not None and not (issuer and audience):
            raise AuthConfigError("a JWKS file needs --issuer and --audience")
        self.token_file = token_file
        self.jwks_file = jwks_file
        self.issuer = issuer
        self.audience = audience
        self.leeway = leeway
        self._tokens: tuple[bytes, ...] = ()
        self._keys: tuple[jwt.PyJWK, ...] = ()
        self.reload()

    def reload(self) -> None:
        """Read the token file and the JWKS file again.

        Raises:
            AuthConfigError: A file cannot be read or used; the tokens and
                keys in force stay as they were.
        """
        tokens = () if self.token_file is None else _read_tokens(self.token_file)
        keys = () if self.jwks_file is None else _read_jwks(self.jwks_file)
        self._tokens, self._keys = tokens, keys

    def reload_logged(self) -> None:
        """`reload`, logging the outcome instead of raising (the SIGHUP handler)."""
        try:
            self.reload()
        except AuthConfigError as error:
            _log.error("SIGHUP: authentication not reloaded, the old tokens stay: %s", error)
        else:
            _log.info(
                "SIGHUP: authentication reloaded (%d tokens, %d keys)",
                len(self._tokens),
                len(self._keys),
            )

    def watch_sighup(self) -> None:
        """Reload on SIGHUP, from the running event loop (one per worker process)."""
        try:
            asyncio.get_running_loop().add_signal_handler(signal.SIGHUP, self.reload_logged)
        except (NotImplementedError, RuntimeError, ValueError, AttributeError) as error:
            _log.warning("SIGHUP will not reload the authentication: %s", error)

    def check(self, headers: Iterable[tuple[bytes, bytes]]) -> Refusal | None:
        """Why a request with `headers` is refused, or None when its token is good.

        Args:
            headers: The ASGI scope's headers (lower-case names, raw values).

        Returns:
            None for a valid token, else the ``unauthenticated`` `Refusal`.
        """
        values = [bytes(value) for name, value in headers if name == b"authorization"]
        if not values:
            return _refused("missing Authorization header (want 'Bearer <token>')", sent=False)
        if len(values) > 1:
            return _refused("more than one Authorization header")
        scheme = _BEARER.match(values[0])
        if scheme is None:
            return _refused("the Authorization header is not 'Bearer <token>'", sent=False)
        token = values[0][scheme.end() :].strip()
        if len(token) > _MAX_TOKEN_BYTES or not _TOKEN.fullmatch(token):
            return _refused("the bearer token is malformed")
        if self._tokens:
            candidate = _digest(token)
            # Every token is compared, so the time taken does not say which matched.
            matched = False
            for known in self._tokens:
                matched |= hmac.compare_digest(candidate, known)
            if matched:
                return None
        if self._keys and token.count(b".") == 2:
            return self._check_jwt(token.decode("ascii"))
        return _refused("invalid token")

    def _check_jwt(self, token: str) -> Refusal | None:
        import jwt

        try:
            header = jwt.get_unverified_header(token)
            alg = header.get("alg")
            kid = header.get("kid")
            keys = [
                key
                for key in self._keys
                if key.algorithm_name == alg and (kid is None or key.key_id == kid)
            ]
            if not isinstance(alg, str) or alg.lower() == "none" or not keys:
                return _refused("invalid token: no key for its algorithm and key id")
            last: jwt.PyJWTError | None = None
            for key in keys:
                try:
                    payload = jwt.decode(
                        token,
                        key.key,
                        algorithms=[key.algorithm_name],
                        issuer=self.issuer,
                        audience=self.audience,
                        leeway=self.leeway,
                        options={"require": ["exp", "iss", "aud"]},
                    )
                except jwt.InvalidSignatureError as error:
                    last = error
                    continue
                return _time_claims_refusal(payload)
            raise last or jwt.InvalidSignatureError("no key verified the signature")
        except jwt.ExpiredSignatureError:
            return _refused("token expired")
        except jwt.ImmatureSignatureError:
            return _refused("token not yet valid")
        except (jwt.PyJWTError, ValueError, TypeError, OverflowError) as error:
            return _refused(f"invalid token: {error}")


def _time_claims_refusal(payload: dict[str, Any]) -> Refusal | None:
    """The refusal of a verified JWT whose time claims are not finite numbers, or None."""
    for claim in _TIME_CLAIMS:
        if claim not in payload:
            continue
        value = payload[claim]
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            return _refused(f"invalid token: the {claim!r} claim must be a number")
    return None


def _refused(message: str, *, sent: bool = True) -> Refusal:
    return Refusal(message, token_sent=sent)


def from_env(environ: MutableMapping[str, str] | None = None) -> Authenticator | None:
    """The worker's authenticator, from what `prepare` put in the environment.

    A file that cannot be read when the worker starts (changed since the
    server started) leaves the worker refusing every token, with an error
    logged: authentication never fails open.

    Returns:
        None when no authentication is configured.
    """
    settings = _settings(os.environ if environ is None else environ)
    if settings is None:
        return None
    try:
        return Authenticator(**settings)
    except AuthConfigError as error:
        _log.error("authentication could not be read, every request is refused: %s", error)
        return _Closed(**settings)


def reload_refusal(environ: MutableMapping[str, str] | None = None) -> str | None:
    """Why the files `prepare` named cannot be used now, or None when they can.

    What the main process of several workers checks on SIGHUP before it
    restarts them: a worker started on an unusable file would refuse every
    request.
    """
    settings = _settings(os.environ if environ is None else environ)
    if settings is None:
        return None
    try:
        Authenticator(**settings)
    except AuthConfigError as error:
        return str(error)
    return None


def _settings(env: MutableMapping[str, str]) -> dict[str, Any] | None:
    """`Authenticator`'s arguments from what `prepare` put in `env`; None: no authentication."""
    token_file = env.get(TOKEN_FILE_ENV) or None
    jwks_file = env.get(JWKS_ENV) or None
    if token_file is None and jwks_file is None:
        return None
    return {
        "token_file": None if token_file is None else Path(token_file),
        "jwks_file": None if jwks_file is None else Path(jwks_file),
        "issuer": env.get(ISSUER_ENV) or None,
        "audience": env.get(AUDIENCE_ENV) or None,
    }


class _Closed(Authenticator):
    """An authenticator whose files could not be read: refuses everything until a reload works."""

    def __init__(self, **settings: Any) -> None:
        self.token_file = settings["token_file"]
        self.jwks_file = settings["jwks_file"]
        self.issuer = settings["issuer"]
        self.audience = settings["audience"]
        self.leeway = 0.0
        self._tokens = ()
        self._keys = ()
