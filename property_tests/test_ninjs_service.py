"""Fuzzing the live service's ``ConvertToNinjs``: never a 500, every failure a proper Twirp error.

The service runs as a real subprocess on loopback (`tests/support/service.py`);
requests of any JSON shape, and item-shaped ones (NewsML text, documents,
versions of every kind), get a 200 with ninjs valid against IPTC's schema,
or a Twirp error whose status is its code's (``malformed`` or
``invalid_argument``, never ``internal``).
"""

from __future__ import annotations

import json
from typing import Any

import httpx
from hypothesis import given
from hypothesis import strategies as st
from support import fixture_text
from support import service as service_support
from support.service import shared_server

from newsml_codecs import document, newsml, ninjs

ARTICLE = fixture_text("article-full.xml")
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=12,
)
_SIDES = st.one_of(
    st.just({"newsml": ARTICLE}),
    st.just({"document": document.dump(newsml.loads(ARTICLE))}),
    st.text(max_size=40).map(lambda text: {"newsml": text}),
    _VALUES.map(lambda value: {"document": value}),
    _VALUES,
)
_REQUESTS = st.one_of(
    _VALUES,
    st.fixed_dictionaries(
        {"item": _SIDES},
        optional={"version": st.one_of(st.sampled_from(ninjs.WRITTEN_VERSIONS), _VALUES)},
    ),
)


@given(_REQUESTS)
def test_convert_to_ninjs_never_fails_the_server(request: Any) -> None:
    """A 200 with valid ninjs, or a client's Twirp error (malformed, invalid_argument)."""
    reply = httpx.post(
        shared_server().url("ConvertToNinjs"),
        content=json.dumps(request).encode(),
        headers={"content-type": "application/json"},
    )
    if reply.status_code == 200:
        assert [] == ninjs.errors(reply.json()["ninjs"])
        return
    error = service_support.check_twirp_error(
        reply.status_code, reply.headers["content-type"], reply.content
    )
    assert error["code"] in {"malformed", "invalid_argument"}, error
