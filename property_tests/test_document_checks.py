"""The one-pass check of a JSON block gives what the field-by-field check gives.

`document.load` checks every block of a document before converting it
(`_validate`). A block as JSON gives it (a dict of str, lists and dicts)
takes one pass over its keys (`_json_block`); anything else, or anything
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
    assert outcome(_validate._checked_block, block) == outcome(_validate._block, block)
