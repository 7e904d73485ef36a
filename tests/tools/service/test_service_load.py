"""8 concurrent clients x 25 requests against the service, with zero errors."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import support
from support import service as service_support
from support.service import Server

from newsml_tools.service import ToolsClient

ARTICLE = support.fixture_text("article-full.xml")
CLIENTS = 8
REQUESTS = 25
# Bounded wait for the access log to catch up with the last reply.
LOG_WAIT_SECONDS = 30.0


def access_lines(server: Server) -> int:
    """Access-log lines the server has written so far."""
    return sum(" access " in line for line in server.log().splitlines())


def run_client(base_url: str, index: int) -> list[Any]:
    """One keep-alive client making REQUESTS calls; JSON and protobuf alternate by client."""
    protocol = "json" if index % 2 == 0 else "protobuf"
    with ToolsClient(base_url, protocol=protocol) as tools:
        return [tools.convert_to_document(ARTICLE) for _ in range(REQUESTS)]


def test_concurrent_clients_get_no_errors(server: Server) -> None:
    """8 clients x 25 ConvertToDocument calls: every reply is the right document."""
    expected = service_support.CONVERTER.from_newsml(ARTICLE)
    before = access_lines(server)
    with ThreadPoolExecutor(CLIENTS) as pool:
        results = list(pool.map(run_client, [server.base_url] * CLIENTS, range(CLIENTS)))
    assert [REQUESTS] * CLIENTS == [len(replies) for replies in results]
    wrong = [reply for replies in results for reply in replies if reply != expected]
    assert [] == wrong
    deadline = time.monotonic() + LOG_WAIT_SECONDS
    while access_lines(server) < before + CLIENTS * REQUESTS and time.monotonic() < deadline:
        time.sleep(0.05)
    # One access-log line per request, no more, no less.
    assert before + CLIENTS * REQUESTS == access_lines(server)
