"""ValidateNavigaDoc on deeply nested documents: a verdict, never "too deep" for a valid one."""

from __future__ import annotations

import json

import httpx
from support.service import JSON, check_twirp_error, shared_server

UUID = "1d02738f-7c99-42ba-a6da-3d1b97261523"
HEAD = {"uuid": UUID, "type": "x-im/article", "created": "2024-03-05T09:00:00Z"}


def nested_text(depth: int, deepest: str = '"rel":"x"') -> str:
    """A document's JSON text with blocks nested `depth` deep through links, `deepest` in the last."""
    return (
        json.dumps(HEAD)[:-1] + ',"links":[{"type":"x"' * depth + "," + deepest + "}]" * depth + "}"
    )


def validate(text: str) -> httpx.Response:
    """POST a ValidateNavigaDoc JSON request holding the document `text`."""
    body = '{"document":' + text + "}"
    return httpx.post(
        shared_server().url("ValidateNavigaDoc"),
        content=body.encode(),
        headers={"Content-Type": JSON},
        timeout=60,
    )


def test_a_valid_document_300_blocks_deep_is_valid() -> None:
    """Past python-jsonschema's recursion (some 165 blocks): still valid, no error."""
    reply = validate(nested_text(300))
    assert (200, {}) == (reply.status_code, reply.json())


def test_a_problem_300_blocks_deep_is_reported_with_its_path() -> None:
    """The deepest block's bad uri is found and named."""
    reply = validate(nested_text(300, '"uri":"relative"'))
    assert 200 == reply.status_code
    path = "$" + ".links[0]" * 300 + ".uri"
    assert {"schemaErrors": [f"{path}: 'relative' is not a 'uri'"]} == reply.json()


def test_json_too_deep_to_read_is_malformed_not_a_500() -> None:
    """Past the JSON reader's depth the request is undecodable: a Twirp error, never a 500."""
    reply = validate(nested_text(5000))
    error = check_twirp_error(reply.status_code, reply.headers["content-type"], reply.content)
    assert "malformed" == error["code"]
