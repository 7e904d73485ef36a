"""Body limits over raw sockets: refused bodies, slow bodies, malformed HTTP (issue 15).

A server of its own with a small body limit and a short body timeout, so
that refusing and timing out are quick to provoke.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from support import service as service_support
from support.service import RawReply, Server, chunked, raw_exchange, request_head

from newsml_tools.service import ERROR_STATUS

LIMIT = 1000
TIMEOUT = 1.0
# Far more than the socket buffers hold: the server must read it for the
# client's send to finish.
BIG = b'{"newsml": "' + b"x" * 5_000_000 + b'"}'


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    """A service with a 1000-byte body limit and a one-second body timeout."""
    server = service_support.start_server(
        "--workers", "1", "--max-body-bytes", str(LIMIT), "--body-timeout", str(TIMEOUT)
    )
    yield server
    service_support.stop_server(server)
    server.log_path.unlink(missing_ok=True)


def twirp(reply: RawReply) -> dict[str, object]:
    """The reply's body, checked to be exactly a Twirp error with the status of its code."""
    assert "application/json" == reply.headers["content-type"]
    body = json.loads(reply.body)
    assert set(body) <= {"code", "msg", "meta"}
    assert all(isinstance(value, str) for value in body.get("meta", {}).values())
    assert ERROR_STATUS[body["code"]] == reply.status
    return dict(body)


def logged(server: Server, text: str) -> bool:
    """Whether `text` appears in the server's log within a bounded wait.

    The access line is written as the reply goes out, so it may trail it.
    """
    deadline = time.monotonic() + 30
    while text not in server.log() and time.monotonic() < deadline:
        time.sleep(0.05)
    return text in server.log()


TOO_LARGE = {
    "code": "invalid_argument",
    "msg": f"request body larger than {LIMIT} bytes",
    "meta": {"argument": "body", "limit": str(LIMIT)},
}


@pytest.mark.parametrize("coding", ["length", "chunked"])
def test_client_sending_a_whole_oversized_body_reads_the_error(server: Server, coding: str) -> None:
    """A client that sends 5 MB over the limit before reading gets the Twirp error, not a reset.

    ``Connection: close`` (urllib's default) made uvicorn close the socket
    with the body unread, and the kernel's reset discarded the reply.
    """
    if coding == "length":
        head = request_head(
            "ConvertToDocument",
            headers={"Content-Length": str(len(BIG)), "Connection": "close"},
        )
        data = head + BIG
    else:
        head = request_head(
            "ConvertToDocument", headers={"Transfer-Encoding": "chunked", "Connection": "close"}
        )
        data = head + chunked(BIG)
    reply = raw_exchange(server, data)
    assert (400, "close", True) == (reply.status, reply.headers["connection"], reply.closed)
    assert TOO_LARGE == twirp(reply)


def test_declared_oversized_body_is_answered_before_it_is_sent(server: Server) -> None:
    """Content-Length over the limit: the error arrives before any body byte is sent."""
    head = request_head("ConvertToNewsml", headers={"Content-Length": str(LIMIT + 1)})
    reply = raw_exchange(server, head)
    assert TOO_LARGE == twirp(reply)


def test_expect_continue_oversized_body_is_refused_without_continue(server: Server) -> None:
    """With ``Expect: 100-continue`` the refusal comes first, and no ``100 Continue`` after it."""
    head = request_head(
        "ConvertToNewsml",
        headers={"Content-Length": str(LIMIT + 1), "Expect": "100-continue"},
    )
    reply = raw_exchange(server, head)
    assert (TOO_LARGE, True) == (twirp(reply), reply.closed)
    assert b"100 Continue" not in reply.body


def test_short_body_times_out(server: Server) -> None:
    """Content-Length 100 with 10 bytes sent: 408 deadline_exceeded after the timeout, then closed."""
    data = request_head("ConvertToNewsml", headers={"Content-Length": "100"}) + b"x" * 100
    reply = raw_exchange(server, data, pause_after=len(data) - 90)
    expected = {
        "code": "deadline_exceeded",
        "msg": f"request body not received within {TIMEOUT:g} seconds",
        "meta": {"argument": "body", "timeout": f"{TIMEOUT:g}"},
    }
    assert (expected, True) == (twirp(reply), reply.closed)
    assert logged(server, '"POST /twirp/cca.Tools/ConvertToNewsml" 408 deadline_exceeded')


def test_stalled_chunked_body_times_out(server: Server) -> None:
    """A chunked body that stops before its last chunk gets deadline_exceeded too."""
    data = request_head("ValidateNavigaDoc", headers={"Transfer-Encoding": "chunked"})
    reply = raw_exchange(server, data + b"2\r\n{}\r\n")
    assert ("deadline_exceeded", True) == (twirp(reply)["code"], reply.closed)


@pytest.mark.parametrize(
    "headers",
    [
        {"Content-Length": "-1"},
        {"Content-Length": "2, 2"},
        {"Content-Length": "+2"},
        {"Transfer-Encoding": "chunked", "Content-Length": "2"},
    ],
    ids=["negative", "list", "signed", "chunked-and-length"],
)
def test_malformed_framing_gets_a_twirp_error(server: Server, headers: dict[str, str]) -> None:
    """Framing uvicorn's parser refuses: 400 malformed as a Twirp body, then closed."""
    reply = raw_exchange(server, request_head("ValidateNavigaDoc", headers=headers) + b"{}")
    assert ("malformed", True) == (twirp(reply)["code"], reply.closed)


def test_duplicated_content_length_gets_a_twirp_error(server: Server) -> None:
    """Two Content-Length headers: 400 malformed as a Twirp body."""
    head = request_head("ValidateNavigaDoc", headers={"Content-Length": "2"})
    head = head.replace(b"\r\n\r\n", b"\r\nContent-Length: 3\r\n\r\n")
    reply = raw_exchange(server, head + b"{} ")
    assert ("malformed", True) == (twirp(reply)["code"], reply.closed)


@pytest.mark.parametrize("size_line", [b"zz", b"-2", b"ffffffffffffffffffff"])
def test_bad_chunk_size_gets_a_twirp_error(server: Server, size_line: bytes) -> None:
    """A chunk size that is not hexadecimal, or overflows: 400 malformed as a Twirp body."""
    head = request_head("ValidateNavigaDoc", headers={"Transfer-Encoding": "chunked"})
    reply = raw_exchange(server, head + size_line + b"\r\n{}\r\n0\r\n\r\n")
    expected = {
        "code": "malformed",
        "msg": "the HTTP request could not be parsed",
        "meta": {"cause": "Invalid HTTP request received"},
    }
    assert (expected, True) == (twirp(reply), reply.closed)


def test_garbled_request_line_gets_a_twirp_error(server: Server) -> None:
    """Not HTTP at all: 400 malformed as a Twirp body."""
    reply = raw_exchange(server, b"HELLO THERE\r\n\r\n")
    assert ("malformed", True) == (twirp(reply)["code"], reply.closed)
    assert logged(server, '"- -" 400 malformed ')


def test_body_within_limit_and_time_is_served(server: Server) -> None:
    """The limits leave ordinary requests alone: a small chunked body gets its 200."""
    data = request_head("ValidateNavigaDoc", headers={"Transfer-Encoding": "chunked"})
    reply = raw_exchange(server, data + chunked(b'{"document": {}}', size=3), timeout=30)
    assert 200 == reply.status
    assert "schemaErrors" in json.loads(reply.body)


def test_urllib_client_reads_the_oversized_body_error(server: Server) -> None:
    """urllib (Connection: close, whole body first) gets the Twirp error as an HTTPError."""
    request = urllib.request.Request(
        server.url("ConvertToDocument"), data=BIG, headers={"Content-Type": "application/json"}
    )
    with pytest.raises(urllib.error.HTTPError) as raised:
        urllib.request.urlopen(request, timeout=60)
    with raised.value as reply:
        body = reply.read()
        assert TOO_LARGE == service_support.check_twirp_error(
            reply.code, reply.headers["content-type"], body
        )
