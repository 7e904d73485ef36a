"""Strategies for the API's argument records: `Author`, `Tag`."""

from __future__ import annotations

from hypothesis import strategies as st

from newsml_model._args import Author, Tag
from newsml_model._strategies._base import NON_EMPTY_TEXT, TEXT, check_strategy
from newsml_model._strategies._links import UUIDS

_OPTIONAL = st.none() | TEXT


def authors(
    *, names: st.SearchStrategy[str] | None = None, uuids: st.SearchStrategy[str] | None = None
) -> st.SearchStrategy[Author]:
    """Generate `Author` argument records (``add_author``, ``update_author_with_uuid``).

    Args:
        names: Strategy for ``name`` (default: non-empty text, non-ASCII likely).
        uuids: Strategy for ``uuid`` (default: UUIDs, the nil UUID, any text;
            None, absent, is also drawn).

    Returns:
        A strategy of `Author`.

    Raises:
        InvalidArgument: An option is not a strategy.
    """
    check_strategy(names, "names")
    check_strategy(uuids, "uuids")
    return st.builds(
        Author,
        name=NON_EMPTY_TEXT if names is None else names,
        uuid=st.none() | (UUIDS if uuids is None else uuids),
        email=_OPTIONAL,
        first_name=_OPTIONAL,
        last_name=_OPTIONAL,
        phone=_OPTIONAL,
        facebook_url=_OPTIONAL,
        twitter_url=_OPTIONAL,
        short_description=_OPTIONAL,
        long_description=_OPTIONAL,
    )


def tags(
    *, types: st.SearchStrategy[str] | None = None, uuids: st.SearchStrategy[str] | None = None
) -> st.SearchStrategy[Tag]:
    """Generate `Tag` argument records (``add_tag``, ``update_tag``).

    Args:
        types: Strategy for ``type`` (default: Writer concept types or any text;
            None, absent, is also drawn).
        uuids: Strategy for ``uuid`` (default: UUIDs, the nil UUID, any text).

    Returns:
        A strategy of `Tag`.

    Raises:
        InvalidArgument: An option is not a strategy.
    """
    check_strategy(types, "types")
    check_strategy(uuids, "uuids")
    default_types = (
        st.sampled_from(
            ["x-im/person", "x-im/organisation", "x-im/topic", "x-im/place", "x-im/category"]
        )
        | TEXT
    )
    return st.builds(
        Tag,
        uuid=UUIDS if uuids is None else uuids,
        title=TEXT,
        type=st.none() | (default_types if types is None else types),
        rel=st.just("subject") | TEXT,
    )
