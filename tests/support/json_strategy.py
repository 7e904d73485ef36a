"""A Hypothesis strategy for JSON values of every shape, shared by the property suites."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st


def json_values(text_size: int, key_size: int) -> st.SearchStrategy[Any]:
    """Small JSON values: scalars (no NaN), lists and objects, nested, at most 20 leaves.

    ``text_size`` bounds the strings among the values, ``key_size`` the keys of the objects.
    """
    return st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats(allow_nan=False)
        | st.text(max_size=text_size),
        lambda children: (
            st.lists(children, max_size=4)
            | st.dictionaries(st.text(max_size=key_size), children, max_size=4)
        ),
        max_leaves=20,
    )
