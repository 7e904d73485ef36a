"""Strategies for the link family: links, metadata objects, their data and mixed content."""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from newsml_model._attributes import LINK_FIELDS, OBJECT_FIELDS
from newsml_model._nodes import IM, ContentMetaObject, Link, Links, Metadata
from newsml_model._strategies._base import (
    ATTRIBUTE_NAMES,
    ELEMENT_NAMES,
    NON_EMPTY_TEXT,
    OTHER_NAMESPACES,
    TEXT,
    attribute_lists,
    check_size,
    check_strategy,
    check_type,
    generic,
    layout_free,
)
from newsml_model._strategies._complete import author_links, concept_links, metadata_objects

UUIDS = st.one_of(st.uuids().map(str), st.just("00000000-0000-0000-0000-000000000000"), TEXT)
LINK_TYPES = st.one_of(
    st.sampled_from(
        [
            "x-im/author",
            "x-im/topic",
            "x-im/category",
            "x-im/place",
            "x-im/polygon",
            "x-im/story",
            "x-im/channel",
            "x-im/section",
            "x-im/image",
            "x-im/organisation",
            "x-im/person",
            "x-im/content-profile",
            "x-imid/organisation",
            "x-imid/unit",
        ]
    ),
    TEXT,
)
LINK_RELS = st.one_of(
    st.sampled_from(["subject", "author", "mainchannel", "channel", "story", "self", "image"]),
    TEXT,
)
OBJECT_TYPES = st.one_of(
    st.sampled_from(["x-im/newsvalue", "x-im/teaser", "x-im/image", "x-im/note", "x-im/custom"]),
    TEXT,
)

_INLINE_NAMES = st.sampled_from(["strong", "em", "a", "b", "i", "u", "sup", "br"])
_INLINE_ATTRIBUTES = attribute_lists(st.sampled_from(["href", "id", "title", "class"]), max_size=2)
_ANY_ATTRIBUTES = attribute_lists()
_DATA_ATTRIBUTES = attribute_lists(max_size=1)
_ONE_IN_FOUR = st.integers(0, 3).map(lambda n: n == 0)

# The factories below are cached: building a strategy is cheap, but validating
# a fresh one on every draw made generation several times slower.


@cache
def _foreign_namespaces(parent_namespace: str | None) -> st.SearchStrategy[str | None]:
    """None (inherit) mostly; sometimes a foreign namespace other than the parent's."""
    other = OTHER_NAMESPACES.filter(lambda ns: ns != parent_namespace)
    return _ONE_IN_FOUR.flatmap(lambda foreign: other if foreign else st.none())


@cache
def inline_elements(depth: int = 2, parent_namespace: str | None = None) -> st.SearchStrategy[Any]:
    """Inline markup (``<strong>``, ``<a href>``...) or an unknown-namespace ``<span>``."""

    def build(name: str, attributes: Any, namespace: str | None, children: Any) -> Any:
        return generic("span" if namespace else name, attributes, children, namespace)

    def with_namespace(namespace: str | None) -> st.SearchStrategy[Any]:
        here = namespace or parent_namespace
        children = mixed_content(depth - 1, here) if depth > 0 else st.just(())
        return st.builds(build, _INLINE_NAMES, _INLINE_ATTRIBUTES, st.just(namespace), children)

    return _foreign_namespaces(parent_namespace).flatmap(with_namespace)


@cache
def mixed_content(
    depth: int = 2, parent_namespace: str | None = None
) -> st.SearchStrategy[tuple[Any, ...]]:
    """Text interleaved with inline markup (the caller brings it to normal form)."""
    part: st.SearchStrategy[Any] = NON_EMPTY_TEXT
    if depth > 0:
        part = st.one_of(NON_EMPTY_TEXT, inline_elements(depth, parent_namespace))
    return st.lists(part, max_size=4).map(tuple)


@cache
def generic_elements(depth: int = 2, parent_namespace: str | None = None) -> st.SearchStrategy[Any]:
    """Any element the model does not type: sometimes in a foreign namespace, maybe nested."""

    def with_namespace(namespace: str | None) -> st.SearchStrategy[Any]:
        here = namespace or parent_namespace
        if depth <= 0:
            children: st.SearchStrategy[Any] = st.lists(NON_EMPTY_TEXT, max_size=1)
        else:
            children = st.lists(
                st.one_of(
                    NON_EMPTY_TEXT,
                    generic_elements(depth - 1, here),
                    inline_elements(1, here),
                ),
                max_size=3,
            )
        return st.builds(generic, ELEMENT_NAMES, _ANY_ATTRIBUTES, children, st.just(namespace))

    return _foreign_namespaces(parent_namespace).flatmap(with_namespace)


_FIELDS = st.builds(
    lambda name, text: generic(name, (), (text,)),
    st.sampled_from(["email", "phone", "width", "height", "score", "format", "credit"]),
    TEXT,
)
_TEXTS = st.builds(lambda content: generic("text", (), content), mixed_content())
_GEOMETRIES = st.sampled_from(["POINT(15.6214 58.4108)", "POLYGON((1 2,3 4,1 2))"]).map(
    lambda shape: generic("geometry", (), (shape,))
)


def _spaced(layout: str, children: list[Any]) -> list[Any]:
    # Indentation inside a generic element is content the codec keeps.
    spaced: list[Any] = []
    for child in children:
        spaced.extend((layout, child))
    return spaced


@cache
def data_elements(depth: int = 2) -> st.SearchStrategy[Any]:
    """A ``<data>`` block: simple fields, empty fields, mixed-content text, unknown elements."""
    children = st.builds(
        _spaced,
        st.sampled_from(["", "\n    "]),
        st.lists(st.one_of(_FIELDS, _TEXTS, _GEOMETRIES, generic_elements(depth - 1)), max_size=4),
    )
    return st.builds(
        lambda attributes, kids: generic("data", attributes, kids), _DATA_ATTRIBUTES, children
    )


def _typed_fields(
    fields: tuple[str, ...], overrides: dict[str, st.SearchStrategy[str]]
) -> st.SearchStrategy[dict[str, Any]]:
    """Each typed attribute absent or drawn from its strategy (any text by default)."""
    return st.fixed_dictionaries(
        {field: st.none() | overrides.get(field, TEXT) for field in fields}
    )


@cache
def link_records(
    types: st.SearchStrategy[str], rels: st.SearchStrategy[str], max_depth: int
) -> st.SearchStrategy[Link]:
    options: list[st.SearchStrategy[Any]] = [data_elements(), generic_elements(1), NON_EMPTY_TEXT]
    if max_depth > 0:
        options.append(links_containers(link_records(types, rels, max_depth - 1)))
        options.append(
            metadata_containers(object_records(OBJECT_TYPES, max_depth - 1), name="meta")
        )

    def build(fields: dict[str, Any], extra: Any, children: list[Any]) -> Link:
        return Link(**fields, attributes=extra, children=layout_free(children))

    return st.builds(
        build,
        _typed_fields(LINK_FIELDS, {"type": types, "rel": rels, "uuid": UUIDS}),
        attribute_lists(ATTRIBUTE_NAMES, exclude=LINK_FIELDS, max_size=2),
        st.lists(st.one_of(*options), max_size=3),
    )


def links(
    *,
    types: st.SearchStrategy[str] | None = None,
    rels: st.SearchStrategy[str] | None = None,
    max_depth: int = 2,
    complete: bool = False,
) -> st.SearchStrategy[Link]:
    """Generate `Link` records, the way ``newsml.loads`` reads them.

    Links carry every typed attribute or none, other attributes (also in
    foreign namespaces), ``<data>`` with mixed content, unknown elements, and
    nested ``<links>`` and ``<meta>`` down to `max_depth`.

    With ``complete=True``, links as the Writer writes them to the concepts
    an article links (author, channel, section, story, content profile,
    topic, person, organisation, place with a ``POINT`` geometry): a rel, a
    type, a valid uuid and a title; ``add_link`` and ``add_content_meta_link``
    accept each, and a news item holding them converts losslessly. `types`
    and `rels` are then not allowed (pass your own strategy of `Link`
    instead), and `max_depth` is ignored.

    Args:
        types: Strategy for ``@type`` (default: Writer types and any text).
        rels: Strategy for ``@rel`` (default: Writer rels and any text).
        max_depth: How deep nested ``<links>``/``<meta>`` may go (0 to 5).
        complete: Draw only the Writer's common concept links.

    Returns:
        A strategy of `Link`.

    Raises:
        InvalidArgument: An option of the wrong type or out of range, or
            `types`/`rels` with `complete`.
    """
    check_strategy(types, "types")
    check_strategy(rels, "rels")
    check_size(max_depth, "max_depth", highest=5)
    check_type(complete, bool, "complete")
    if complete:
        if types is not None or rels is not None:
            raise InvalidArgument("links(complete=True) takes no types= or rels=")
        return st.one_of(author_links(), concept_links())
    return link_records(
        LINK_TYPES if types is None else types, LINK_RELS if rels is None else rels, max_depth
    )


@cache
def links_containers(
    link: st.SearchStrategy[Link], *, namespace: str = IM, max_size: int = 4
) -> st.SearchStrategy[Links]:
    """A ``<links>`` container of `link` s (in `namespace`)."""
    return st.lists(link, max_size=max_size).map(
        lambda found: Links(children=layout_free(found), namespace=namespace)
    )


@cache
def metadata_containers(
    obj: st.SearchStrategy[ContentMetaObject],
    *,
    name: str = "metadata",
    namespace: str = IM,
    max_size: int = 3,
) -> st.SearchStrategy[Metadata]:
    """A ``<metadata>`` (or a link's ``<meta>``) container of objects."""
    return st.lists(obj, max_size=max_size).map(
        lambda found: Metadata(children=layout_free(found), namespace=namespace, name=name)
    )


@cache
def object_records(
    types: st.SearchStrategy[str], max_depth: int
) -> st.SearchStrategy[ContentMetaObject]:
    options: list[st.SearchStrategy[Any]] = [data_elements(), generic_elements(1)]
    if max_depth > 0:
        options.append(links_containers(link_records(LINK_TYPES, LINK_RELS, max_depth - 1)))
        options.append(
            metadata_containers(object_records(types, max_depth - 1), name="meta", max_size=2)
        )

    def build(fields: dict[str, Any], extra: Any, children: list[Any]) -> ContentMetaObject:
        return ContentMetaObject(**fields, attributes=extra, children=layout_free(children))

    return st.builds(
        build,
        _typed_fields(OBJECT_FIELDS, {"type": types, "uuid": UUIDS}),
        attribute_lists(ATTRIBUTE_NAMES, exclude=OBJECT_FIELDS, max_size=2),
        st.lists(st.one_of(*options), max_size=3),
    )


def content_meta_objects(
    *, types: st.SearchStrategy[str] | None = None, max_depth: int = 2, complete: bool = False
) -> st.SearchStrategy[ContentMetaObject]:
    """Generate metadata ``<object>`` s (`ContentMetaObject`), as ``newsml.loads`` reads them.

    With ``complete=True``, the Writer's article metadata objects: a news
    value (``x-im/newsvalue``: score, duration) or a teaser (``x-im/teaser``:
    title, text), each with an id and a type, as ``set_content_meta_object``
    needs; the NavigaDoc conversion keeps them. `types` is then not allowed and
    `max_depth` is ignored.

    Args:
        types: Strategy for ``@type`` (default: Writer object types and any text).
        max_depth: How deep nested ``<links>``/``<meta>`` may go (0 to 5).
        complete: Draw only the Writer's news values and teasers.

    Returns:
        A strategy of `ContentMetaObject`.

    Raises:
        InvalidArgument: An option of the wrong type or out of range, or
            `types` with `complete`.
    """
    check_strategy(types, "types")
    check_size(max_depth, "max_depth", highest=5)
    check_type(complete, bool, "complete")
    if complete:
        if types is not None:
            raise InvalidArgument("content_meta_objects(complete=True) takes no types=")
        return metadata_objects()
    return object_records(OBJECT_TYPES if types is None else types, max_depth)
