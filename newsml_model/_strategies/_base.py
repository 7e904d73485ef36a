"""Building blocks of the strategies: XML-safe text, names, attributes, normal form.

Every strategy of the package generates items in the *normal form* of the
NewsML codec, the form ``newsml.loads`` returns, so that users (and our own
laws) can state ``loads(dumps(item)) == item`` without caveats:

* no empty text child, never two text children side by side (the parser merges);
* in an element the codec may type (``link``, ``links``, ``object``, ``meta``...)
  whitespace-only text between child elements is layout and absent;
* an element's explicit namespace differs from its parent's (else it is None);
* only characters XML 1.0 can carry.

The helpers here restate those parser rules; they must not import the codecs
(the layer rule), so the laws in ``property_tests`` are what keeps them honest.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import attrs
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from newsml_model._attributes import TYPED_NAMES
from newsml_model._attributes import layout_free as _layout_free
from newsml_model._nodes import Element

# Characters XML 1.0 cannot carry, even escaped (the writer refuses them).
_NOT_XML = "".join(chr(c) for c in (*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20)))
_NOT_XML += "\ufffe\uffff"

XML_CHARACTERS = st.characters(exclude_categories=["Cs"], exclude_characters=_NOT_XML)
"""Any single character XML 1.0 can carry (surrogates and C0 controls excluded)."""

# Text that looks like news: Swedish letters, typography, markup-looking
# characters that must be escaped, and line breaks. One alphabet per string
# keeps drawing cheap (Hypothesis draws such a string in one step).
_NEWSY = "abcdefghijklmnopqrstuvwxyzåäöÅÄÖéü ABC012 .,;:!?-–—\"'&<>]\n\r\t\u00a0«»…€"

TEXT = st.one_of(st.text(_NEWSY, max_size=16), st.text(XML_CHARACTERS, max_size=12))
"""Text XML can carry: news-like (non-ASCII, characters to escape) or any character."""

NON_EMPTY_TEXT = st.one_of(
    st.text(_NEWSY, min_size=1, max_size=16), st.text(XML_CHARACTERS, min_size=1, max_size=12)
)
"""Like `TEXT`, at least one character."""

OTHER_NAMESPACES = st.sampled_from(
    ["urn:example:unknown", "http://example.org/ns/custom", "urn:x-ns:å", "tag:example.org,2024:x"]
)
"""Namespaces the model does not know: their elements stay generic `Element` s."""


_NAME_START = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_åéÖ"
_NAME_REST = _NAME_START + "0123456789.-"

_RANDOM_NAMES = st.builds(
    lambda first, rest: first + rest,
    st.sampled_from(_NAME_START),
    st.text(st.sampled_from(_NAME_REST), max_size=8),
).filter(lambda name: not name.lower().startswith("xml") and name not in TYPED_NAMES)

ELEMENT_NAMES = st.one_of(
    st.sampled_from(["data", "text", "span", "div", "p", "x-custom", "width", "Élément", "_n"]),
    _RANDOM_NAMES,
)
"""Local names for generic elements (never one of `TYPED_NAMES`)."""

ATTRIBUTE_NAMES = st.one_of(
    st.sampled_from(["id", "class", "format", "data-x", "custom-attr", "lang", "täg"]),
    _RANDOM_NAMES,
    st.sampled_from(["xml:lang", "xml:space"]),
    st.builds(lambda uri, local: f"{{{uri}}}{local}", OTHER_NAMESPACES, _RANDOM_NAMES),
)
"""Attribute names as the model stores them (plain, ``xml:lang``, or ``{uri}local``)."""


@cache
def attribute_lists(
    names: st.SearchStrategy[str] = ATTRIBUTE_NAMES,
    *,
    values: st.SearchStrategy[str] = TEXT,
    exclude: tuple[str, ...] | frozenset[str] = (),
    max_size: int = 3,
) -> st.SearchStrategy[tuple[tuple[str, str], ...]]:
    """Attribute pairs with unique names (also unique per namespace), none in `exclude`."""
    excluded = set(exclude)
    pairs = st.lists(
        st.tuples(names.filter(lambda name: name not in excluded), values),
        max_size=max_size,
        unique_by=lambda pair: pair[0],
    )
    return pairs.map(tuple)


def check_type(value: object, kind: type | tuple[type, ...], name: str) -> None:
    """Raise InvalidArgument unless `value` is an instance of `kind`."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidArgument(f"{name}={value!r} must be {getattr(kind, '__name__', kind)}")


def check_strategy(value: object, name: str) -> None:
    """Raise InvalidArgument unless `value` is a strategy (or None)."""
    if value is not None and not isinstance(value, st.SearchStrategy):
        raise InvalidArgument(f"{name}={value!r} must be a strategy (or None)")


def check_complete(complete: object, unknown_elements: object) -> bool:
    """Check the ``complete`` and ``unknown_elements`` options; True for complete items.

    ``unknown_elements`` is None (the default: True, unless complete), or a bool.

    Raises:
        InvalidArgument: Either is not a bool, or both are True (complete items
            hold only what the Writer writes).
    """
    check_type(complete, bool, "complete")
    if unknown_elements is not None:
        check_type(unknown_elements, bool, "unknown_elements")
    if complete and unknown_elements:
        raise InvalidArgument("complete=True draws no unknown elements: leave unknown_elements out")
    return bool(complete)


def check_size(value: object, name: str, *, lowest: int = 0, highest: int = 1000) -> None:
    """Raise InvalidArgument unless `value` is an int in ``[lowest, highest]``."""
    check_type(value, int, name)
    assert isinstance(value, int)
    if not lowest <= value <= highest:
        raise InvalidArgument(f"{name}={value!r} must be between {lowest} and {highest}")


def merge_text(children: Sequence[Any]) -> tuple[Any, ...]:
    """Children as the parser reads them: no empty text, adjacent text merged."""
    merged: list[Any] = []
    for child in children:
        if isinstance(child, str):
            if not child:
                continue
            if merged and isinstance(merged[-1], str):
                merged[-1] += child
                continue
        merged.append(child)
    return tuple(merged)


def layout_free(children: Sequence[Any]) -> tuple[Any, ...]:
    """Children of an element the codec may type, as the parser leaves them."""
    return _layout_free(merge_text(children))


def generic(
    name: str,
    attributes: tuple[tuple[str, str], ...] = (),
    children: Sequence[Any] = (),
    namespace: str | None = None,
) -> Element:
    """An `Element` in normal form (`layout_free` when its name is a typed name)."""
    tidy = layout_free(children) if name in TYPED_NAMES else merge_text(children)
    return Element(name=name, attributes=attributes, children=tidy, namespace=namespace)


def with_children(record: Any, children: Sequence[Any]) -> Any:
    """`record` with `children` in the normal form of a typed record."""
    return attrs.evolve(record, children=layout_free(children))
