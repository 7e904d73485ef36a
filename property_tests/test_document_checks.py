"""The one-pass check of a JSON block gives what the field-by-field check gives.

`document.load` checks every block of a document before converting it
(`_validate`). A block as JSON gives it (a dict of str, lists and dicts)
takes one pass over its keys (`_block`); anything else, or anything
wrong, takes the field-by-field check (`_checked_block`), which names the
error. These properties hold the two to the same block, key order
included, and the same error (message and path), on blocks near every
edge: nulls, empty strings, wrong types, nested lists, empty blocks.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from newsml_codecs.document import _validate
from newsml_codecs.document._dump.omit import omitted
from newsml_model import InvalidDocumentError

SCALARS = st.one_of(
    st.none(), st.just(""), st.text(max_size=3), st.integers(), st.booleans(), st.floats()
)
FIELDS = ["id", "uuid", "type", "title", "rel", "name", "value", "role", "contentType", "x"]
KEYS = st.sampled_from([*FIELDS, "data", "links", "content", "meta"])
BLOCKS = st.recursive(
    st.dictionaries(KEYS, SCALARS, max_size=4),
    lambda inner: st.dictionaries(
        KEYS,
        st.one_of(
            SCALARS,
            inner,
            st.lists(st.one_of(inner, SCALARS), max_size=3),
            st.dictionaries(st.text(max_size=2), SCALARS, max_size=3),
        ),
        max_size=5,
    ),
    max_leaves=12,
)


def outcome(check: Any, value: Any) -> tuple[str, str, str | None]:
    """The block `check` makes of `value` as JSON text (keys in order), or its error."""
    try:
        return "ok", json.dumps(check(value, "$.content[0]")), None
    except InvalidDocumentError as error:
        return "error", str(error), error.path


@settings(max_examples=400)
@given(BLOCKS)
def test_a_block_checked_in_one_pass_is_the_block_checked_field_by_field(block: Any) -> None:
    """`_block` (one pass where it can) == `_checked_block`, for any block. Both check
    nested blocks with `_block`: each level is the top level of other examples."""

    def one_pass(value: Any, path: str) -> Any:
        return _validate._block(value, "$.content", 0)  # its path: within[index]

    assert outcome(_validate._checked_block, block) == outcome(one_pass, block)


EMPTIES = st.sampled_from(["", [], {}, None, 0, False])
SHOWN = {
    "title": st.sampled_from(["", "T", None]),
    "id": st.sampled_from(["", "b1"]),
    "data": st.dictionaries(st.sampled_from(["text", "x"]), st.sampled_from(["", "v"]), max_size=2),
    "x": st.one_of(EMPTIES, SCALARS),
}
VALID_BLOCKS = st.recursive(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["x-im/paragraph", "x-im/link"])}, optional=SHOWN
    ),
    lambda inner: st.fixed_dictionaries(
        {"type": st.sampled_from(["", "x-im/image"])},
        optional={
            **SHOWN,
            "links": st.lists(inner, max_size=3),
            "content": st.lists(inner, max_size=2),
            "meta": st.lists(inner, max_size=2),
        },
    ),
    max_leaves=10,
)
"""Blocks the check takes (nearly all): empty fields at every depth."""
SOME_BLOCKS = st.lists(st.one_of(VALID_BLOCKS, VALID_BLOCKS, VALID_BLOCKS, BLOCKS), max_size=4)
TEXTS = st.sampled_from(["", None, "v"])
PROPERTIES = st.lists(
    st.one_of(
        st.fixed_dictionaries(
            {"name": st.sampled_from(["imext:a", ""])},
            optional={
                "value": TEXTS,
                "parameters": st.dictionaries(st.sampled_from(["k"]), TEXTS.filter(bool)),
                "links": st.lists(VALID_BLOCKS, max_size=1),
                "x": EMPTIES,
            },
        ),
        st.dictionaries(st.sampled_from(["name", "value", "parameters", "x"]), SCALARS),
    ),
    max_size=3,
)
DOCUMENTS = st.fixed_dictionaries(
    {"type": st.sampled_from(["x-im/article", "x-im/article", "", None])},
    optional={
        "uuid": TEXTS,
        "title": st.one_of(TEXTS, SCALARS),
        "content": st.one_of(EMPTIES, SOME_BLOCKS, st.lists(st.one_of(BLOCKS, EMPTIES))),
        "links": st.one_of(st.just([]), SOME_BLOCKS),
        "meta": SOME_BLOCKS,
        "properties": st.one_of(st.just([]), PROPERTIES),
        "products": st.one_of(st.just([]), st.lists(st.text(max_size=2), max_size=2)),
        "x": st.one_of(EMPTIES, SCALARS),
    },
)
"""Documents the check mostly takes, with empty fields everywhere, and some it refuses."""


def checked(check: Any, value: Any) -> tuple[str, str, str | None]:
    """The document `check` makes of `value` as JSON text (keys in order), or its error."""
    try:
        return "ok", json.dumps(check(value)), None
    except InvalidDocumentError as error:
        return "error", str(error), error.path


@settings(max_examples=400)
@given(DOCUMENTS)
def test_a_document_checked_without_its_empty_fields_is_the_checked_document_omitted(
    doc: Any,
) -> None:
    """``check_document(doc, omit_empty=True)`` (one pass, a document with a carrier) ==
    ``omitted(check_document(doc))`` (the check, then Go's omitempty), errors included."""
    assert checked(lambda d: omitted(_validate.check_document(d)), doc) == checked(
        lambda d: _validate.check_document(d, omit_empty=True), doc
    )
