"""The service's edges under hostile clients, over real HTTP on loopback.

One access-log line per request whatever the path holds, the headers every
reply carries (CSP, nosniff, Referrer-Policy, frame-ancestors), and the Host
check that keeps a loopback service from being driven through DNS rebinding.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import httpx
import pytest
from support.service import (
    JSON,
    Server,
    check_twirp_error,
    raw_exchange,
    start_server,
    stop_server,
    wait_for,
)

from newsml_tools.service._edges import HostCheck, host_name, loggable

TOKEN = "edge-token"
ALLOWED = "news.example.se"
# Percent-encoded CR, LF, NUL, ESC and a quote: uvicorn decodes them into the path.
HOSTILE_PATHS = [
    "/%0d%0a2099-01-01%2000:00:00,000%20access%201.2.3.4:1%20%22POST%20/twirp/cca.Tools/X%22%20200",
    "/twirp/cca.Tools/Convert%00ToDocument%1b[2J",
    "/%0a%0d%22%5c",
]
HOSTILE_QUERY = "q=%0d%0aforged%00%1b[31m"
LINE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} access \S+ \"[^\"\x00-\x1f]*\" \d{3} ")


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Server]]:
    """A server without authentication (one more allowed Host) and one wanting a token."""
    folder = tmp_path_factory.mktemp("edges")
    tokens = folder / "tokens"
    tokens.write_text(TOKEN + "\n")
    running = {
        "open": start_server("--workers", "1", "--allowed-host", ALLOWED),
        "auth": start_server("--workers", "1", "--token-file", str(tokens)),
    }
    yield running
    for server in running.values():
        stop_server(server)
        server.log_path.unlink(missing_ok=True)


def _send(server: Server, head: str) -> int:
    """Send one raw request head (no body); the reply's status."""
    return raw_exchange(server, head.encode("latin-1")).status


def _access_lines(server: Server) -> list[str]:
    return [line for line in server.log().splitlines() if " access " in line]


# -- one request, one line -------------------------------------------------------------


@pytest.mark.parametrize("name", ["open", "auth"])
def test_control_characters_in_path_and_query_make_one_line(
    servers: dict[str, Server], name: str
) -> None:
    """CR, LF, NUL and ESC in path and query: one escaped access line per request, no forged one."""
    server = servers[name]
    before = len(server.log().splitlines())
    requests = [
        f"{method} {path}?{HOSTILE_QUERY} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Content-Type: application/json\r\nContent-Length: 0\r\n\r\n"
        for path in HOSTILE_PATHS
        for method in ("GET", "POST")
    ]
    statuses = [_send(server, head) for head in requests]
    if name == "auth":
        assert {401} == set(statuses)
    else:
        assert 401 not in statuses
    # A last plain request: once its line is written (one worker, in order),
    # every line of the requests before it is too.
    assert 200 == _send(server, "GET /healthz?sentinel HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert wait_for(lambda: '"GET /healthz" 200' in server.log().splitlines()[-1])
    new = server.log().splitlines()[before:-1]
    assert len(requests) == len(new), new
    assert all(LINE.match(line) for line in new), new
    assert '"GET /\\x0d\\x0a2099-01-01 00:00:00,000 access 1.2.3.4:1 \\x22POST' in new[0], new[0]
    assert "Convert\\x00ToDocument\\x1b[2J" in new[2], new[2]
    assert not any(char in "".join(new) for char in "\x00\x1b\r")


def test_loggable_escapes_what_could_break_a_line() -> None:
    """Printable text is kept; controls, quotes, backslashes and line separators are escaped."""
    expected = ["/twirp/ok", "/a\\x0d\\x0ab\\x22\\x5c", "\\x00\\x1b\\x85\\u2028é"]
    actual = [loggable(text) for text in ("/twirp/ok", '/a\r\nb"\\', "\x00\x1b\x85\u2028é")]
    assert expected == actual


# -- headers on every reply ------------------------------------------------------------


def _check_security_headers(reply: httpx.Response) -> None:
    csp = reply.headers["content-security-policy"]
    directives = {part.split()[0]: part.split()[1:] for part in csp.split("; ")}
    assert ["'self'"] == directives["default-src"] == directives["script-src"], csp
    assert ["'none'"] == directives["frame-ancestors"], csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "nosniff" == reply.headers["x-content-type-options"]
    assert "no-referrer" == reply.headers["referrer-policy"]
    assert "DENY" == reply.headers["x-frame-options"]


def test_page_api_and_error_replies_carry_the_security_headers(
    servers: dict[str, Server],
) -> None:
    """The page and its files, /healthz, a 200, a 404 and a 401: all with CSP, nosniff, no referrer."""
    open_, auth = servers["open"], servers["auth"]
    replies = [
        httpx.get(open_.base_url + path, timeout=30) for path in ("/", "/page.js", "/healthz")
    ]
    replies.append(httpx.post(open_.url("ValidateNavigaDoc"), json={}, timeout=30))
    replies.append(httpx.get(open_.url("ValidateNavigaDoc"), timeout=30))
    replies.append(httpx.post(auth.url("ValidateNavigaDoc"), json={}, timeout=30))
    assert [200, 200, 200, 200, 404, 401] == [reply.status_code for reply in replies]
    for reply in replies:
        _check_security_headers(reply)


def test_unparsable_http_gets_the_security_headers_too(servers: dict[str, Server]) -> None:
    """uvicorn's parser refuses it before the app: the Twirp 400 still says nosniff and the CSP."""
    reply = raw_exchange(
        servers["open"],
        b"POST /twirp/cca.Tools/ValidateNavigaDoc HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Length: -1\r\n\r\n",
    )
    assert (400, "nosniff") == (reply.status, reply.headers["x-content-type-options"])
    assert "frame-ancestors 'none'" in reply.headers["content-security-policy"]


# -- the Host check --------------------------------------------------------------------


def test_a_foreign_host_is_refused_before_routing(servers: dict[str, Server]) -> None:
    """A rebinding attacker's Host gets 400 invalid_argument on the page and the routes."""
    server = servers["open"]
    for reply in (
        httpx.get(server.base_url + "/", headers={"Host": "attacker.example"}, timeout=30),
        httpx.post(
            server.url("ConvertToDocument"),
            json={"newsml": "<x/>"},
            headers={"Host": "attacker.example:8080"},
            timeout=30,
        ),
    ):
        error = check_twirp_error(reply.status_code, reply.headers["content-type"], reply.content)
        assert ("invalid_argument", {"argument": "Host"}) == (error["code"], error["meta"])
        assert error["msg"].startswith('Host "attacker.example'), error["msg"]
        assert "--allowed-host" in error["msg"]
        _check_security_headers(reply)


def test_the_bound_address_loopback_names_and_listed_names_are_served(
    servers: dict[str, Server],
) -> None:
    """127.0.0.1, localhost, [::1] and an --allowed-host name (any case, final dot): 200."""
    server = servers["open"]
    port = server.base_url.rsplit(":", 1)[1]
    hosts = [f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "News.Example.SE.", ALLOWED]
    statuses = [
        httpx.get(server.base_url + "/", headers={"Host": host}, timeout=30).status_code
        for host in hosts
    ]
    assert [200] * len(hosts) == statuses


def test_health_checks_and_hostless_requests(servers: dict[str, Server]) -> None:
    """/healthz answers any Host (load balancers); a request without Host is refused."""
    server = servers["open"]
    health = httpx.get(server.base_url + "/healthz", headers={"Host": "10.1.2.3"}, timeout=30)
    assert 200 == health.status_code
    hostless = raw_exchange(server, b"GET / HTTP/1.0\r\n\r\n")
    assert 400 == hostless.status
    assert {
        "code": "invalid_argument",
        "msg": "missing Host header",
        "meta": {"argument": "Host"},
    } == (json.loads(hostless.body))


@pytest.mark.parametrize(
    "bound, allowed, host, answered",
    [
        ("127.0.0.1", [], b"localhost:8080", True),
        ("127.0.0.1", [], b"evil.example", False),
        ("::1", [], b"[::1]:8080", True),
        ("0.0.0.0", [], b"192.0.2.7:8080", True),
        ("0.0.0.0", [], b"rebind.evil.example", False),
        ("0.0.0.0", ["tools.example.se"], b"TOOLS.example.se:443", True),
        ("192.0.2.7", [], b"192.0.2.8", False),
        ("tools.example.se", [], b"tools.example.se", True),
        ("127.0.0.1", ["*"], b"anything", True),
        ("127.0.0.1", [], None, False),
    ],
)
def test_host_check(bound: str, allowed: list[str], host: bytes | None, answered: bool) -> None:
    """Which Host values a bind and its --allowed-host names answer."""
    assert answered == HostCheck(bound, allowed).allows(host)


def test_host_name_drops_port_brackets_case_and_final_dot() -> None:
    """Host header values reduce to the name compared."""
    expected = ["::1", "news.example.se", "127.0.0.1", "localhost"]
    actual = [
        host_name(v) for v in ("[::1]:8080", "News.Example.SE.:443", "127.0.0.1", "localhost")
    ]
    assert expected == actual


def test_serve_passes_allowed_hosts_to_every_worker() -> None:
    """Two workers both refuse a foreign Host and serve a listed one."""
    server = start_server("--workers", "2", "--allowed-host", ALLOWED)
    try:
        for _ in range(6):  # each request may reach either worker
            listed = httpx.post(
                server.url("ValidateNavigaDoc"),
                json={},
                headers={"Host": ALLOWED, "Content-Type": JSON},
                timeout=30,
            )
            foreign = httpx.post(
                server.url("ValidateNavigaDoc"),
                json={},
                headers={"Host": "evil.example", "Content-Type": JSON},
                timeout=30,
            )
            assert (200, 400) == (listed.status_code, foreign.status_code)
    finally:
        assert 0 == stop_server(server)
        server.log_path.unlink(missing_ok=True)
