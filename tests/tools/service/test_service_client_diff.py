"""`ToolsClient.diff` against the real server in both protocols, and calls that get no reply."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator

import httpx
import pytest
import support
from support.service import Server

from newsml_codecs import document, newsml
from newsml_model import InvalidArgumentError, newsitem
from newsml_model.diff import diff
from newsml_tools._diff_json import as_json
from newsml_tools.service import ToolsClient, TwirpError

ARTICLE = support.fixture_text("article-full.xml")
VOLVO = "b201e042-555b-11e5-885d-feff819cdc9f"


@pytest.fixture(params=["json", "protobuf"])
def client(request: pytest.FixtureRequest, server: Server) -> Iterator[ToolsClient]:
    """A client of the real server, once per protocol."""
    with ToolsClient(server.base_url, protocol=request.param) as tools:
        yield tools


def edited() -> str:
    """The article without its Volvo topic: NewsML text."""
    item = newsml.loads(ARTICLE)
    return newsml.dumps(newsitem.remove_link_by_uuid(item, "test", VOLVO).item)


def test_diff_of_two_newsml_texts_is_the_library_diff(client: ToolsClient) -> None:
    """diff(a, b) answers what newsml_model.diff finds, as newsml diff --json writes it."""
    expected = [as_json(d) for d in diff(newsml.loads(ARTICLE), newsml.loads(edited()))]
    actual = client.diff(ARTICLE, edited())
    assert expected == actual
    assert 1 <= len(actual)


def test_diff_takes_a_document_side(client: ToolsClient) -> None:
    """A mapping is a NavigaDoc document; the article and its own document are equivalent."""
    doc = document.dump(newsml.loads(ARTICLE))
    assert [] == client.diff(ARTICLE, doc)
    assert client.diff(ARTICLE, edited()) == client.diff(doc, edited())


def test_a_side_that_does_not_read_names_itself(client: ToolsClient) -> None:
    """Broken NewsML in b: invalid_argument with meta.argument b."""
    with pytest.raises(TwirpError) as raised:
        client.diff(ARTICLE, "<newsItem>")
    assert ("invalid_argument", "b") == (raised.value.code, raised.value.meta["argument"])


def test_a_side_of_the_wrong_type_is_refused_before_sending(client: ToolsClient) -> None:
    """A side that is neither text nor a mapping: InvalidArgumentError naming it."""
    with pytest.raises(InvalidArgumentError) as raised:
        client.diff(ARTICLE, 5)  # type: ignore[arg-type]
    assert "b" == raised.value.field


@pytest.fixture
def silent() -> Iterator[str]:
    """The URL of a socket that accepts connections (in its backlog) and never answers."""
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        yield f"http://127.0.0.1:{listening.getsockname()[1]}"


@pytest.fixture
def hanging_up() -> Iterator[str]:
    """The URL of a server that reads each request and closes the connection without a reply."""
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    listening.listen()

    def serve() -> None:
        while True:
            try:
                conn, _ = listening.accept()
            except OSError:  # closed: the test is over
                return
            with conn:
                conn.recv(65536)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{listening.getsockname()[1]}"
    # shutdown wakes the accept() blocked in the thread (close alone does not, on Linux).
    listening.shutdown(socket.SHUT_RDWR)
    listening.close()
    thread.join(timeout=10)


def test_no_answer_within_the_timeout_is_deadline_exceeded(silent: str) -> None:
    """A server that never answers: deadline_exceeded, caused by httpx's read timeout."""
    with ToolsClient(silent, timeout=0.2) as tools, pytest.raises(TwirpError) as raised:
        tools.diff(ARTICLE, ARTICLE)
    assert "deadline_exceeded" == raised.value.code
    assert isinstance(raised.value.__cause__, httpx.ReadTimeout)


@pytest.mark.parametrize("protocol", ["json", "protobuf"])
def test_a_server_hanging_up_is_unavailable(hanging_up: str, protocol: str) -> None:
    """A connection closed without a reply: unavailable, for every method and protocol."""
    with ToolsClient(hanging_up, protocol=protocol) as tools:  # type: ignore[arg-type]
        calls = (
            lambda: tools.diff(ARTICLE, ARTICLE),
            lambda: tools.convert_to_document(ARTICLE),
            lambda: tools.validate_navigadoc(json.loads('{"uuid": "x"}')),
        )
        for call in calls:
            with pytest.raises(TwirpError) as raised:
                call()
            assert "unavailable" == raised.value.code
