"""Strategies for the API's argument records: `Author`, `Tag`."""

from __future__ import annotations

from hypothesis import strategies as st

from newsml_model._args import Author, Tag
from newsml_model._strategies._base import NON_EMPTY_TEXT, TEXT, check_strategy, check_type
from newsml_model._strategies._complete import UUIDS as VALID_UUIDS
from newsml_model._strategies._complete import WORDS
from newsml_model._strategies._links import UUIDS

_OPTIONAL = st.none() | TEXT
_NAMES = st.lists(
    st.sampled_from(["Anna", "Erik", "Åsa", "Björn", "Lindqvist", "Öberg", "Karlsson", "Nilsson"]),
    min_size=1,
    max_size=3,
).map(" ".join)
_TAG_TYPES = st.sampled_from(
    ["x-im/topic", "x-im/person", "x-im/organisation", "x-im/place", "x-im/category", "x-im/story"]
)


def complete_authors(
    names: st.SearchStrategy[str], uuids: st.SearchStrategy[str]
) -> st.SearchStrategy[Author]:
    """Authors ``add_author`` accepts: a name, a uuid, plausible optional fields."""
    return st.builds(
        Author,
        name=names,
        uuid=uuids,
        email=st.none() | st.sampled_from(["anna@example.org", "erik.o@example.se"]),
        first_name=st.none() | st.sampled_from(["Anna", "Erik", "Åsa"]),
        last_name=st.none() | st.sampled_from(["Lindqvist", "Öberg"]),
        phone=st.none() | st.sampled_from(["+46 8 123 45 67", "070-123 45 67"]),
        facebook_url=st.none() | st.just("https://www.facebook.com/example"),
        twitter_url=st.none() | st.just("https://twitter.com/example"),
        short_description=st.none() | WORDS,
        long_description=st.none() | WORDS,
    )


def authors(
    *,
    names: st.SearchStrategy[str] | None = None,
    uuids: st.SearchStrategy[str] | None = None,
    complete: bool = False,
) -> st.SearchStrategy[Author]:
    """Generate `Author` argument records (``add_author``, ``update_author_with_uuid``).

    By default any author record, also those the API refuses (no uuid) or
    that make odd links; with ``complete=True`` only authors ``add_author``
    accepts: a name of words, a valid uuid, each optional field absent or a
    plausible value (an e-mail address, a phone number, https URLs).

    Args:
        names: Strategy for ``name`` (default: non-empty text, non-ASCII likely;
            complete: a few words).
        uuids: Strategy for ``uuid`` (default: UUIDs, the nil UUID, any text;
            None, absent, is also drawn; complete: version 4 UUIDs, never None).
        complete: Draw only authors the news item API accepts.

    Returns:
        A strategy of `Author`.

    Raises:
        InvalidArgument: An option of the wrong type.
    """
    check_strategy(names, "names")
    check_strategy(uuids, "uuids")
    check_type(complete, bool, "complete")
    if complete:
        return complete_authors(
            _NAMES if names is None else names, VALID_UUIDS if uuids is None else uuids
        )
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
    *,
    types: st.SearchStrategy[str] | None = None,
    uuids: st.SearchStrategy[str] | None = None,
    complete: bool = False,
) -> st.SearchStrategy[Tag]:
    """Generate `Tag` argument records (``add_tag``, ``update_tag``).

    By default any tag record; with ``complete=True`` a tag as concept
    search returns it: a valid uuid, a title of words, a Writer concept type
    (topic, person, organisation, place, category, story), rel ``subject``.

    Args:
        types: Strategy for ``type`` (default: Writer concept types or any text;
            None, absent, is also drawn; complete: a Writer concept type).
        uuids: Strategy for ``uuid`` (default: UUIDs, the nil UUID, any text;
            complete: version 4 UUIDs).
        complete: Draw only tags the news item API accepts and links as the
            Writer does.

    Returns:
        A strategy of `Tag`.

    Raises:
        InvalidArgument: An option of the wrong type.
    """
    check_strategy(types, "types")
    check_strategy(uuids, "uuids")
    check_type(complete, bool, "complete")
    if complete:
        return st.builds(
            Tag,
            uuid=VALID_UUIDS if uuids is None else uuids,
            title=_NAMES,
            type=_TAG_TYPES if types is None else types,
            rel=st.just("subject"),
        )
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
