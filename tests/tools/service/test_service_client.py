"""`ToolsClient` against the real server in both encodings, and its error parsing.

The strict parsing of error bodies is checked against a fake server on
loopback that answers what each test sets, as a proxy in front of the
service might.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import httpx
import pytest
import support
from support import service as service_support
from support.service import Server

from newsml_codecs import document, newsml
from newsml_model import InvalidArgumentError, NewsItemError
from newsml_tools.service import ToolsClient, TwirpError, error_from_response

ARTICLE = support.fixture_text("article-full.xml")
PROTOCOLS = ["json", "protobuf"]


@pytest.fixture(params=PROTOCOLS)
def client(request: pytest.FixtureRequest, server: Server) -> Iterator[ToolsClient]:
    """A client of the real server, once per encoding."""
    with ToolsClient(server.base_url, protocol=request.param) as tools:
        yield tools


class FakeHandler(BaseHTTPRequestHandler):
    """Answers every POST with the class's canned reply and records the request."""

    reply: ClassVar[tuple[int, dict[str, str], bytes]] = (200, {}, b"")
    seen: ClassVar[list[dict[str, str]]] = []

    def do_POST(self) -> None:
        """Read the body, record the headers, send the canned reply."""
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        FakeHandler.seen.append(dict(self.headers))
        status, headers, body = FakeHandler.reply
        self.send_response(status)
        for key, value in {"Content-Length": str(len(body)), **headers}.items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Keep the test output quiet."""


@pytest.fixture(scope="module")
def fake() -> Iterator[str]:
    """The base URL of a fake server on loopback."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), FakeHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    thread.join()


def fake_error(
    base_url: str, protocol: str, status: int, body: bytes, **headers: str
) -> TwirpError:
    """The TwirpError the client raises for a canned reply."""
    FakeHandler.reply = (status, headers, body)
    with ToolsClient(base_url, protocol=protocol) as tools, pytest.raises(TwirpError) as raised:  # type: ignore[arg-type]
        tools.convert_to_document(ARTICLE)
    return raised.value


def test_convert_to_document(client: ToolsClient) -> None:
    """convert_to_document returns the in-process document in either encoding."""
    assert service_support.CONVERTER.from_newsml(ARTICLE) == client.convert_to_document(ARTICLE)


def test_convert_to_newsml(client: ToolsClient) -> None:
    """convert_to_newsml returns the original article in either encoding."""
    text = client.convert_to_newsml(document.dump(newsml.loads(ARTICLE)))
    assert support.canonical(ARTICLE) == support.canonical(text)


def test_validate_navigadoc(client: ToolsClient) -> None:
    """validate_navigadoc is [] for a valid document, names the path of a problem otherwise."""
    doc = document.dump(newsml.loads(ARTICLE))
    assert [] == client.validate_navigadoc(doc)
    # A property without a name: a schema problem either encoding can carry
    # (a malformed time cannot even be put in a protobuf Timestamp).
    problems = client.validate_navigadoc({**doc, "properties": [{"value": "x"}]})
    assert 1 == len(problems)
    assert "$.properties[0]" in problems[0]
    assert "name" in problems[0]


def test_broken_newsml_raises_with_line_and_column(client: ToolsClient) -> None:
    """The server's invalid_argument arrives as a TwirpError with its meta."""
    with pytest.raises(TwirpError) as raised:
        client.convert_to_document("<newsItem>\n<itemMeta></newsItem>")
    error = raised.value
    assert ("invalid_argument", "newsml", "2") == (
        error.code,
        error.meta["argument"],
        error.meta["line"],
    )
    assert "column" in error.meta
    assert 400 == error.status


def test_document_without_type_raises_with_path(client: ToolsClient) -> None:
    """A document without type: invalid_argument with meta.path in either encoding."""
    with pytest.raises(TwirpError) as raised:
        client.convert_to_newsml({"uuid": "5c3b1f0e-8d2a-4c1b-9a7e-2f4d6b8a0c11"})
    assert ("invalid_argument", {"argument": "document", "path": "$.type"}) == (
        raised.value.code,
        raised.value.meta,
    )


def test_protobuf_client_refuses_what_naviga_document_cannot_carry(server: Server) -> None:
    """Over protobuf a field outside naviga.Document fails before sending: a TwirpError naming its path."""
    with (
        ToolsClient(server.base_url, protocol="protobuf") as tools,
        pytest.raises(TwirpError) as raised,
    ):
        tools.convert_to_newsml({"type": "x-im/article", "content": [{"type": "x", "extra": "y"}]})
    assert ("invalid_argument", {"argument": "document", "path": "$.content[0].extra"}) == (
        raised.value.code,
        raised.value.meta,
    )
    assert isinstance(raised.value, NewsItemError)


def test_unreachable_server_is_unavailable() -> None:
    """Nothing listening: a TwirpError `unavailable` (retry later) caused by the httpx error."""
    with (
        ToolsClient(f"http://127.0.0.1:{service_support.free_port()}") as tools,
        pytest.raises(TwirpError) as raised,
    ):
        tools.convert_to_document(ARTICLE)
    assert ("unavailable", 503) == (raised.value.code, raised.value.status)
    assert isinstance(raised.value.__cause__, httpx.ConnectError)


def test_unknown_protocol_is_refused() -> None:
    """Only json and protobuf exist: an InvalidArgumentError (a ValueError too) naming protocol."""
    with pytest.raises(InvalidArgumentError, match="protocol") as raised:
        ToolsClient("http://127.0.0.1:1", protocol="xml")  # type: ignore[arg-type]
    assert isinstance(raised.value, ValueError)
    assert "protocol" == raised.value.field


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_client_sends_go_client_headers(fake: str, protocol: str) -> None:
    """Content-Type and Accept of the encoding, and Twirp-Version v8.1.3."""
    FakeHandler.seen.clear()
    fake_error(fake, protocol, 503, b"")
    media = f"application/{protocol}"
    headers = {key.lower(): value for key, value in FakeHandler.seen[-1].items()}
    assert (media, media, "v8.1.3") == (
        headers["content-type"],
        headers["accept"],
        headers["twirp-version"],
    )


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_exact_twirp_error_is_taken_as_is(fake: str, protocol: str) -> None:
    """A well-formed Twirp error body gives its code, msg and meta."""
    body = b'{"code": "permission_denied", "msg": "no", "meta": {"who": "you"}}'
    error = fake_error(fake, protocol, 403, body)
    assert ("permission_denied", "no", {"who": "you"}) == (error.code, error.msg, error.meta)


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize(
    ("status", "body", "code"),
    [
        (503, b"<html>Service Unavailable</html>", "unavailable"),
        (502, b"", "unavailable"),
        (404, b"Not Found", "bad_route"),
        (401, b"{}", "unauthenticated"),
        (403, b'{"code": "", "msg": "x"}', "permission_denied"),
        (429, b'{"code": "resource_exhausted", "msg": "x", "retry": 1}', "resource_exhausted"),
        (400, b'{"code": "malformed", "msg": "x", "extra": "key"}', "internal"),
        (500, b'{"code": "internal", "msg": "x", "meta": {"n": 1}}', "unknown"),
        (418, b'{"code": "internal", "msg": 5}', "unknown"),
    ],
    ids=[
        "html-503",
        "empty-502",
        "text-404",
        "no-code-401",
        "empty-code",
        "extra-key-429",
        "extra-key-400",
        "number-meta",
        "number-msg",
    ],
)
def test_non_twirp_body_is_an_intermediary_error(
    fake: str, protocol: str, status: int, body: bytes, code: str
) -> None:
    """A body that is not exactly a Twirp error: code from the HTTP status, meta says so."""
    error = fake_error(fake, protocol, status, body)
    expected_meta = {
        "http_error_from_intermediary": "true",
        "status_code": str(status),
        "body": body.decode(),
    }
    assert (code, expected_meta) == (error.code, error.meta)
    assert error.msg.startswith(f"Error from intermediary with HTTP status code {status} ")


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_unknown_error_code_is_internal(fake: str, protocol: str) -> None:
    """A Twirp-shaped body with a code Twirp does not know: internal, body in meta."""
    body = b'{"code": "teapot", "msg": "short and stout"}'
    error = fake_error(fake, protocol, 418, body)
    expected = (
        "internal",
        "invalid type returned from server error response: teapot",
        {"body": body.decode()},
    )
    assert expected == (error.code, error.msg, error.meta)


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_redirect_is_not_followed(fake: str, protocol: str) -> None:
    """A 3xx is an intermediary's internal error carrying the Location, not followed."""
    FakeHandler.seen.clear()
    error = fake_error(fake, protocol, 302, b"", Location="http://127.0.0.1:1/elsewhere")
    assert ("internal", "http://127.0.0.1:1/elsewhere", "302") == (
        error.code,
        error.meta["location"],
        error.meta["status_code"],
    )
    assert 1 == len(FakeHandler.seen)
    assert (
        'unexpected HTTP status code 302 "Found" received, Location="http://127.0.0.1:1/elsewhere"'
        == error.msg
    )


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_undecodable_success_reply_is_internal(fake: str, protocol: str) -> None:
    """A 200 whose body does not decode as the reply message: internal."""
    error = fake_error(fake, protocol, 200, b"\xff\xff\xff not a reply")
    assert "internal" == error.code
    assert error.msg.startswith("failed to unmarshal")


def test_intermediary_message_quotes_the_status_text() -> None:
    """The message reads as the Go client's: status code and quoted reason phrase."""
    error = error_from_response(503, b"<html/>")
    assert 'Error from intermediary with HTTP status code 503 "Service Unavailable"' == error.msg
    assert error_from_response(599, b"").msg.endswith(' 599 ""')


def test_error_from_response_null_msg_and_meta() -> None:
    """Go decodes null msg and meta as empty values, so such a body is still Twirp's."""
    error = error_from_response(404, b'{"code": "not_found", "msg": null, "meta": null}')
    assert ("not_found", "", {}) == (error.code, error.msg, error.meta)


def test_twirp_error_body_round_trips() -> None:
    """The server's error body parses back into an equal error."""
    original = TwirpError("invalid_argument", "bad", {"argument": "newsml", "line": "3"})
    parsed = error_from_response(original.status, original.body())
    assert (original.code, original.msg, original.meta) == (parsed.code, parsed.msg, parsed.meta)
