"""Authentication and TLS of the service, over real HTTP on loopback.

Servers run as subprocesses (``python -m newsml_tools.service``) with a token
file, a JWKS file of a key made here, and (for TLS) a self-signed
certificate made here with ``cryptography``.
"""

from __future__ import annotations

import base64
import datetime
import ipaddress
import json
import os
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import jwt
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import NameOID
from jwt.algorithms import ECAlgorithm, RSAAlgorithm
from support.service import (
    JSON,
    ROOT,
    Server,
    check_twirp_error,
    free_port,
    raw_exchange,
    request_head,
    start_server,
    stop_server,
    wait_for,
)

from newsml_tools.service import ToolsClient, TwirpError
from newsml_tools.service._auth_options import is_loopback, prepare
from newsml_tools.service._run import add_arguments

UUID = "1d02738f-7c99-42ba-a6da-3d1b97261523"
VALID_DOC = {"uuid": UUID, "type": "x-im/article", "created": "2024-03-05T09:00:00Z"}
ISSUER = "https://login.example.se/"
AUDIENCE = "newsml-tools"
STATIC = ["alpha-Token_1", "beta.token~2"]
REALM = 'Bearer realm="newsml-tools"'
METHODS = ["ConvertToDocument", "ConvertToNewsml", "ValidateNavigaDoc", "ValidatePlatformDoc"]


# -- keys, tokens, servers ------------------------------------------------------


def rsa_key() -> rsa.RSAPrivateKey:
    """A fresh 2048-bit RSA key."""
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


@pytest.fixture(scope="module")
def keys() -> dict[str, Any]:
    """The JWKS's RSA and EC keys, and a stranger's RSA key."""
    return {"rsa": rsa_key(), "ec": ec.generate_private_key(ec.SECP256R1()), "other": rsa_key()}


@pytest.fixture(scope="module")
def files(keys: dict[str, Any]) -> Iterator[dict[str, Path]]:
    """The token file and the JWKS file (RSA key ``r1``, EC key ``e1``)."""
    with tempfile.TemporaryDirectory(prefix="newsml-auth-") as tmp:
        folder = Path(tmp)
        tokens = folder / "tokens"
        tokens.write_text("# newsroom API tokens\n\n" + "\n".join(STATIC) + "\n")
        rsa_jwk = RSAAlgorithm.to_jwk(keys["rsa"].public_key(), as_dict=True)
        ec_jwk = ECAlgorithm.to_jwk(keys["ec"].public_key(), as_dict=True)
        jwks = folder / "jwks.json"
        jwks.write_text(
            json.dumps(
                {
                    "keys": [
                        {**rsa_jwk, "kid": "r1", "alg": "RS256", "use": "sig"},
                        {**ec_jwk, "kid": "e1", "alg": "ES256", "use": "sig"},
                    ]
                }
            )
        )
        yield {"tokens": tokens, "jwks": jwks, "folder": folder}


@pytest.fixture(scope="module")
def server(files: dict[str, Path]) -> Iterator[Server]:
    """A server wanting a static token or a JWT."""
    running = start_server(
        "--workers",
        "1",
        "--token-file",
        str(files["tokens"]),
        "--jwks",
        str(files["jwks"]),
        "--issuer",
        ISSUER,
        "--audience",
        AUDIENCE,
    )
    yield running
    stop_server(running)
    running.log_path.unlink(missing_ok=True)


def claims(**changes: Any) -> dict[str, Any]:
    """Valid claims (an hour left), with `changes` (None removes a claim)."""
    now = int(time.time())
    value: dict[str, Any] = {
        "iss": ISSUER,
        "aud": AUDIENCE,
        "sub": "desk@example.se",
        "iat": now,
        "nbf": now - 60,
        "exp": now + 3600,
    }
    value.update(changes)
    return {name: item for name, item in value.items() if item is not None}


def rs256(keys: dict[str, Any], kid: str = "r1", key: str = "rsa", **changes: Any) -> str:
    """An RS256 JWT of `claims(**changes)` signed by `keys[key]`."""
    return jwt.encode(claims(**changes), keys[key], algorithm="RS256", headers={"kid": kid})


def b64(value: dict[str, Any]) -> str:
    """base64url of the JSON of `value`, unpadded (a JWT segment)."""
    return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()


def call(server: Server, token: str | None, method: str = "ValidateNavigaDoc", **options: Any):
    """POST `VALID_DOC` to `method` with `token` as the bearer token (None: no header)."""
    headers = {"Content-Type": JSON}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    body = json.dumps({"document": VALID_DOC, "newsml": "<x/>"}).encode()
    return httpx.post(server.url(method), content=body, headers=headers, timeout=30, **options)


def refused(reply: httpx.Response) -> str:
    """The message of a 401 ``unauthenticated`` Twirp error (asserted, with its challenge)."""
    error = check_twirp_error(reply.status_code, reply.headers["content-type"], reply.content)
    assert ("unauthenticated", 401) == (error["code"], reply.status_code), error
    # RFC 9110 section 11.6.1: a 401 names the scheme it wants (RFC 6750: Bearer);
    # RFC 6750 section 3: a refused token's challenge says invalid_token.
    challenge = reply.headers["www-authenticate"]
    assert challenge == REALM or challenge.startswith(f'{REALM}, error="invalid_token"'), challenge
    return str(error["msg"])


# -- static tokens --------------------------------------------------------------


def test_health_check_needs_no_token(server: Server) -> None:
    """/healthz answers without a token (load balancers probe it)."""
    assert 200 == httpx.get(server.base_url + "/healthz", timeout=10).status_code


@pytest.mark.parametrize("method", [*METHODS, "NoSuchMethod"])
def test_every_twirp_route_wants_a_token(server: Server, method: str) -> None:
    """No Authorization header: 401 unauthenticated on every route, unknown ones included."""
    assert "missing Authorization header (want 'Bearer <token>')" == refused(
        call(server, None, method)
    )


@pytest.mark.parametrize("token", STATIC)
def test_a_static_token_from_the_file_is_accepted(server: Server, token: str) -> None:
    """Each token of the file is good; comments and blank lines are no tokens."""
    reply = call(server, token)
    assert (200, {}) == (reply.status_code, reply.json())


@pytest.mark.parametrize(
    "token", ["alpha-Token_", "alpha-Token_1x", "ALPHA-TOKEN_1", "API", "newsroom"]
)
def test_other_tokens_are_refused(server: Server, token: str) -> None:
    """A prefix, an extension, another case or a comment's word is not a token."""
    assert "invalid token" == refused(call(server, token))


def test_a_refused_request_never_reaches_a_handler(server: Server) -> None:
    """An undecodable body with a bad token gets 401, not the handler's 400 malformed."""
    reply = httpx.post(
        server.url("ValidateNavigaDoc"),
        content=b"{not json",
        headers={"Content-Type": JSON, "Authorization": "Bearer wrong"},
        timeout=30,
    )
    assert "invalid token" == refused(reply)
    good = httpx.post(
        server.url("ValidateNavigaDoc"),
        content=b"{not json",
        headers={"Content-Type": JSON, "Authorization": f"Bearer {STATIC[0]}"},
        timeout=30,
    )
    assert 400 == good.status_code  # the handler reads bodies only of the authenticated
    assert '"POST /twirp/cca.Tools/ValidateNavigaDoc" 401 unauthenticated' in server.log()


@pytest.mark.parametrize(
    "authorization, challenge",
    [
        (None, REALM),
        ("Basic dXNlcjpwYXNz", REALM),
        (
            "Bearer wrong",
            f'{REALM}, error="invalid_token", error_description="invalid token"',
        ),
        (
            "Bearer a.b.c",
            f'{REALM}, error="invalid_token", error_description="invalid token: Invalid header '
            'padding"',
        ),
    ],
    ids=["none", "other-scheme", "wrong-token", "bad-jwt"],
)
def test_a_refused_token_is_told_invalid_token(
    server: Server, authorization: str | None, challenge: str
) -> None:
    """RFC 6750 section 3: a sent but refused bearer token gets error="invalid_token"; none, the bare challenge."""
    headers = {"Content-Type": JSON} | (
        {} if authorization is None else {"Authorization": authorization}
    )
    reply = httpx.post(server.url("ValidateNavigaDoc"), json={}, headers=headers, timeout=30)
    assert (401, challenge) == (reply.status_code, reply.headers["www-authenticate"])


# -- JWTs -----------------------------------------------------------------------


def test_a_valid_jwt_is_accepted(server: Server, keys: dict[str, Any]) -> None:
    """RS256 by key r1 and ES256 by key e1, right issuer and audience: served."""
    for token in (
        rs256(keys),
        jwt.encode(claims(), keys["ec"], algorithm="ES256", headers={"kid": "e1"}),
        jwt.encode(claims(), keys["rsa"], algorithm="RS256"),  # no kid: any RS256 key
    ):
        reply = call(server, token)
        assert (200, {}) == (reply.status_code, reply.json())


def test_expired_and_not_yet_valid_jwts_are_refused(server: Server, keys: dict[str, Any]) -> None:
    """exp in the past, nbf in the future: refused, saying which."""
    now = int(time.time())
    assert "token expired" == refused(call(server, rs256(keys, exp=now - 10)))
    assert "token not yet valid" == refused(call(server, rs256(keys, nbf=now + 600)))


@pytest.mark.parametrize(
    "changes",
    [{"iss": "https://evil.example/"}, {"aud": "someone-else"}, {"exp": None}, {"aud": None}],
    ids=["issuer", "audience", "no-exp", "no-aud"],
)
def test_jwts_with_wrong_or_missing_claims_are_refused(
    server: Server, keys: dict[str, Any], changes: dict[str, Any]
) -> None:
    """Another issuer or audience, or no exp/aud: refused."""
    assert refused(call(server, rs256(keys, **changes))).startswith("invalid token: ")


@pytest.mark.parametrize(
    "claim, value",
    [("exp", "9999999999"), ("nbf", "0"), ("iat", "1700000000"), ("nbf", True), ("iat", [1])],
)
def test_time_claims_must_be_numbers(
    server: Server, keys: dict[str, Any], claim: str, value: Any
) -> None:
    """exp, nbf and iat as strings (PyJWT alone takes numeric ones) or other non-numbers: refused."""
    message = refused(call(server, rs256(keys, **{claim: value})))
    assert message.startswith("invalid token"), message
    assert claim in message, message


def test_a_jwt_signed_by_another_key_is_refused(server: Server, keys: dict[str, Any]) -> None:
    """A stranger's key under the JWKS's kid, or an unknown kid: refused."""
    assert refused(call(server, rs256(keys, key="other"))).startswith("invalid token: ")
    assert refused(call(server, rs256(keys, kid="r9"))).startswith("invalid token: no key")


def test_alg_none_is_refused(server: Server) -> None:
    """An unsigned token (alg none) is refused, with or without a kid."""
    for header in ({"alg": "none", "typ": "JWT"}, {"alg": "none", "kid": "r1"}):
        token = f"{b64(header)}.{b64(claims())}."
        assert refused(call(server, token)).startswith("invalid token")


def test_algorithm_confusion_is_refused(server: Server, keys: dict[str, Any]) -> None:
    """HS256 keyed with the RSA public key (the classic confusion attack) is refused."""
    public = (
        keys["rsa"]
        .public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    )
    header = b64({"alg": "HS256", "typ": "JWT", "kid": "r1"})
    signing_input = f"{header}.{b64(claims())}".encode()
    import hashlib
    import hmac

    signature = hmac.new(public, signing_input, hashlib.sha256).digest()
    token = signing_input.decode() + "." + base64.urlsafe_b64encode(signature).rstrip(b"=").decode()
    assert refused(call(server, token)).startswith("invalid token: no key")


def test_tools_client_sends_its_token(server: Server, keys: dict[str, Any]) -> None:
    """ToolsClient(token=...) calls succeed in JSON and protobuf; without one: unauthenticated."""
    for protocol in ("json", "protobuf"):
        with ToolsClient(server.base_url, protocol=protocol, token=STATIC[1]) as client:
            assert [] == client.validate_navigadoc(VALID_DOC)
        with ToolsClient(server.base_url, protocol=protocol, token=rs256(keys)) as client:
            assert [] == client.validate_navigadoc(VALID_DOC)
        with ToolsClient(server.base_url, protocol=protocol) as client:
            with pytest.raises(TwirpError) as caught:
                client.validate_navigadoc(VALID_DOC)
            assert ("unauthenticated", 401) == (caught.value.code, caught.value.status)


@pytest.mark.parametrize("token", ["", "two words", "line\nbreak", "åäö", 5])
def test_tools_client_refuses_a_token_it_cannot_send(token: Any) -> None:
    """A token that cannot be a header value is a ValueError at construction."""
    with pytest.raises(ValueError, match="token must be"):
        ToolsClient("http://127.0.0.1:1", token=token)


# -- hostile headers --------------------------------------------------------------


HOSTILE_HEADERS = [
    b"Basic YWxpY2U6c2VjcmV0",
    b"Bearer",
    b"Bearer ",
    b"bearer",
    b"Token alpha-Token_1",
    b"Bearer alpha-Token_1 extra",
    b"Bearer \xff\xfe\x00x",
    b"Bearer " + "åäö".encode(),
    b"Bearer " + b"A" * 20_000,
    b"Bearer a.b.c",
    b"Bearer ....",
    b"Bearer " + b64({"alg": "RS256", "kid": "r1"}).encode() + b".!!!.sig",
    b"Bearer " + b64({"alg": ["RS256"], "kid": {"x": 1}}).encode() + b".e30.c2ln",
    b"Bearer " + b64({"kid": "r1"}).encode() + b".e30.c2ln",
    b"Bearer e30.e30.",
    b"Bearer bm90IGpzb24.e30.c2ln",
]


@pytest.mark.parametrize("value", HOSTILE_HEADERS, ids=range(len(HOSTILE_HEADERS)))
def test_garbage_authorization_headers_are_401_never_500(server: Server, value: bytes) -> None:
    """Wrong schemes, bytes that are no text, huge and broken JWTs: a Twirp error, never a 500."""
    body = json.dumps({"document": VALID_DOC}).encode()
    head = request_head("ValidateNavigaDoc").removesuffix(b"\r\n")
    data = head + b"Authorization: " + value + b"\r\nContent-Length: %d\r\n\r\n" % len(body) + body
    reply = raw_exchange(server, data, timeout=30)
    error = check_twirp_error(reply.status, reply.headers.get("content-type", ""), reply.body)
    assert error["code"] in ("unauthenticated", "malformed"), error
    assert 500 != reply.status


def test_two_authorization_headers_are_refused(server: Server) -> None:
    """A good token beside a bad one is not 'any of them will do'."""
    body = json.dumps({"document": VALID_DOC}).encode()
    head = request_head(
        "ValidateNavigaDoc", headers={"Authorization": f"Bearer {STATIC[0]}"}
    ).removesuffix(b"\r\n")
    data = head + b"Authorization: Bearer x\r\nContent-Length: %d\r\n\r\n" % len(body) + body
    reply = raw_exchange(server, data, timeout=30)
    assert (401, "more than one Authorization header") == (
        reply.status,
        json.loads(reply.body)["msg"],
    )


def test_a_slow_authorization_header_is_harmless(server: Server) -> None:
    """A head sent a few bytes at a time, token last: 401 for a bad token, 200 for a good one."""
    body = json.dumps({"document": VALID_DOC}).encode()
    for token, status in ((b"slow-and-wrong", 401), (STATIC[0].encode(), 200)):
        head = request_head("ValidateNavigaDoc").removesuffix(b"\r\n")
        data = head + b"Content-Length: %d\r\nAuthorization: Bearer " % len(body) + token
        data += b"\r\n\r\n" + body
        host, port = server.base_url.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=30) as sock:
            for start in range(0, len(data), 40):
                sock.sendall(data[start : start + 40])
                time.sleep(0.02)
            reply = b""
            while b"\r\n\r\n" not in reply:
                chunk = sock.recv(65536)
                assert chunk, reply
                reply += chunk
        assert int(reply.split()[1]) == status, reply[:300]
    assert 200 == httpx.get(server.base_url + "/healthz", timeout=10).status_code


def test_hostile_probe_with_authentication_on(server: Server, keys: dict[str, Any]) -> None:
    """Bounded rounds of good, bad and garbage tokens on every route: never a 500, every good one served."""
    good = [STATIC[0], rs256(keys)]
    bad = ["x", rs256(keys, key="other"), rs256(keys, exp=1), "a" * 5000, "a.b.c"]
    seen: dict[int, int] = {}
    with httpx.Client(timeout=30) as client:
        for round_ in range(12):
            for method in METHODS:
                for token in [*good, *bad, None]:
                    headers = {"Content-Type": JSON}
                    if token is not None:
                        headers["Authorization"] = f"Bearer {token}"
                    doc = dict(VALID_DOC, title=f"round {round_}")
                    body = json.dumps({"document": doc, "newsml": ""}).encode()
                    reply = client.post(server.url(method), content=body, headers=headers)
                    seen[reply.status_code] = seen.get(reply.status_code, 0) + 1
                    if token in good:
                        assert reply.status_code in (200, 400), reply.text
                    else:
                        refused(reply)
    assert 500 not in seen
    assert 12 * len(METHODS) * 6 == seen[401]


# -- refusing to start --------------------------------------------------------------


def serve_once(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m newsml_tools.service`` with `args`; it must exit by itself."""
    return subprocess.run(
        [sys.executable, "-m", "newsml_tools.service", "--port", str(free_port()), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["--host", "0.0.0.0"],
            "refusing to serve 0.0.0.0 without authentication: give --token-file or --jwks, "
            "or --insecure-no-auth to serve anyone who can reach it",
        ),
        (["--host", "::"], "refusing to serve :: without authentication"),
        (["--host", "news.example.se"], "refusing to serve news.example.se without"),
        (["--token-file", "/nonexistent/tokens"], "cannot read the token file /nonexistent/tokens"),
        (["--jwks", "/nonexistent/jwks"], "--jwks needs --issuer and --audience"),
        (["--issuer", ISSUER], "--issuer and --audience go with --jwks"),
        (
            ["--ssl-certfile", "/nonexistent/cert.pem"],
            "--ssl-certfile and --ssl-keyfile go together",
        ),
        (
            ["--ssl-certfile", "/nonexistent/c.pem", "--ssl-keyfile", "/nonexistent/k.pem"],
            "cannot use the TLS certificate /nonexistent/c.pem",
        ),
    ],
)
def test_unusable_or_unsafe_options_exit_2_with_one_line(args: list[str], message: str) -> None:
    """Nothing is bound: exit 2 and one line saying why, no traceback."""
    done = serve_once(*args)
    assert 2 == done.returncode, done.stderr
    lines = done.stderr.strip().splitlines()
    assert 1 == len(lines), done.stderr
    assert lines[0].startswith(f"newsml serve: error: {message}"), lines[0]


def test_a_token_file_without_tokens_exits_2(files: dict[str, Path]) -> None:
    """Empty, or comments only (half-written, emptied by mistake): refused with one line."""
    for text in ("", "# newsroom tokens, to be filled in\n\n"):
        empty = files["folder"] / "empty-tokens"
        empty.write_text(text)
        done = serve_once("--token-file", str(empty))
        assert 2 == done.returncode, done.stderr
        assert [f"newsml serve: error: the token file {empty} holds no token"] == (
            done.stderr.strip().splitlines()
        )


def test_malformed_token_and_jwks_files_exit_2(files: dict[str, Path]) -> None:
    """A token line that is no token (not echoed) and a JWKS that is no key set: one line each."""
    bad_tokens = files["folder"] / "bad-tokens"
    bad_tokens.write_text("good\nsecret with space\n")
    done = serve_once("--token-file", str(bad_tokens))
    assert 2 == done.returncode
    assert f"{bad_tokens}, line 2: not a bearer token" in done.stderr
    assert "secret" not in done.stderr
    bad_jwks = files["folder"] / "bad-jwks.json"
    bad_jwks.write_text('{"keys": 5}')
    done = serve_once("--jwks", str(bad_jwks), "--issuer", ISSUER, "--audience", AUDIENCE)
    assert 2 == done.returncode
    assert 1 == len(done.stderr.strip().splitlines()), done.stderr
    assert "is not a usable JSON Web Key Set" in done.stderr


def namespace(*argv: str) -> Any:
    """The parsed serve options of `argv`."""
    import argparse

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args(list(argv))


def test_non_loopback_is_allowed_with_authentication_or_on_purpose(files: dict[str, Path]) -> None:
    """With a token file, or --insecure-no-auth, a non-loopback host may be served (not bound here)."""
    environ: dict[str, str] = {}
    assert (
        prepare(namespace("--host", "0.0.0.0", "--token-file", str(files["tokens"])), environ)
        is None
    )
    assert str(files["tokens"].resolve()) == environ["NEWSML_SERVICE_TOKEN_FILE"]
    environ = {"NEWSML_SERVICE_TOKEN_FILE": "stale"}
    assert prepare(namespace("--host", "10.1.2.3", "--insecure-no-auth"), environ) is None
    assert {} == environ


@pytest.mark.parametrize(
    "host, loopback",
    [("127.0.0.1", True), ("127.8.9.1", True), ("::1", True), ("[::1]", True), ("localhost", True),
     ("0.0.0.0", False), ("::", False), ("192.168.1.4", False), ("", False), ("example.se", False)],
)  # fmt: skip
def test_is_loopback(host: str, loopback: bool) -> None:
    """Only 127.0.0.0/8, ::1 and localhost count as loopback."""
    assert loopback == is_loopback(host)


def test_loopback_without_authentication_still_serves_anyone() -> None:
    """The default (127.0.0.1, no options) is unchanged: no token wanted."""
    running = start_server("--workers", "1")
    try:
        assert 200 == call(running, None).status_code
    finally:
        stop_server(running)
        running.log_path.unlink(missing_ok=True)


# -- TLS ------------------------------------------------------------------------------


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and its key, as PEM files in `folder`."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


def test_tls_with_a_token(files: dict[str, Path]) -> None:
    """--ssl-certfile/--ssl-keyfile: HTTPS with the token served, plain HTTP not."""
    cert, key = self_signed(files["folder"])
    port = free_port()
    log = files["folder"] / "tls.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "newsml_tools.service", "--port", str(port), "--workers", "1",
             "--token-file", str(files["tokens"]), "--ssl-certfile", str(cert),
             "--ssl-keyfile", str(key)],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    running = Server(process=process, base_url=f"https://127.0.0.1:{port}", log_path=log)
    context = ssl.create_default_context(cafile=str(cert))
    try:

        def up() -> bool:
            assert process.poll() is None, log.read_text()
            try:
                return httpx.get(running.base_url + "/healthz", verify=context).status_code == 200
            except httpx.TransportError:
                return False

        assert wait_for(up, 60), log.read_text()
        with httpx.Client(verify=context, timeout=30) as http:
            with ToolsClient(running.base_url, token=STATIC[0], http_client=http) as client:
                assert [] == client.validate_navigadoc(VALID_DOC)
            with ToolsClient(running.base_url, http_client=http) as client:
                with pytest.raises(TwirpError) as caught:
                    client.validate_navigadoc(VALID_DOC)
                assert "unauthenticated" == caught.value.code
        with pytest.raises(httpx.TransportError):
            httpx.get(running.base_url + "/healthz", timeout=10)  # not trusted
        plain = f"http://127.0.0.1:{port}/healthz"
        with pytest.raises(httpx.TransportError):
            httpx.get(plain, timeout=10)
    finally:
        assert 0 == stop_server(running)
