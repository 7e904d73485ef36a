"""Fixtures of the service tests: the session's service process and an HTTP client.

The service runs as a real subprocess on loopback (`support.service`); one
process with default options, one per pytest-xdist worker, serves every
module that does not need options of its own (those start their own with
`support.service.start_server`).
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from support import service as service_support
from support.service import Server


@pytest.fixture(scope="session")
def server() -> Server:
    """This worker's service process (default options, one uvicorn worker)."""
    return service_support.shared_server()


@pytest.fixture(scope="module")
def http() -> Iterator[httpx.Client]:
    """A keep-alive HTTP client, closed after the module."""
    with httpx.Client(timeout=60) as client:
        yield client
