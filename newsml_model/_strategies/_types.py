"""The strategy `st.from_type` gives each record (internal; see `newsml_model._hypothesis_hook`)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from newsml_model._strategies._args import authors, tags
from newsml_model._strategies._item import (
    ITEM_CLASSES,
    content_meta_sections,
    ext_properties,
    item_meta_sections,
    news_items,
    services,
)
from newsml_model._strategies._links import (
    LINK_RELS,
    LINK_TYPES,
    OBJECT_TYPES,
    content_meta_objects,
    generic_elements,
    link_records,
    links,
    links_containers,
    metadata_containers,
    object_records,
)

Strategy = st.SearchStrategy[Any]


def news_item() -> Strategy:
    """`NewsItem`."""
    return news_items()


def link() -> Strategy:
    """`Link`."""
    return links()


def content_meta_object() -> Strategy:
    """`ContentMetaObject`."""
    return content_meta_objects()


def links_container() -> Strategy:
    """`Links`."""
    return links_containers(link_records(LINK_TYPES, LINK_RELS, 1))


def metadata_container() -> Strategy:
    """`Metadata`."""
    return metadata_containers(object_records(OBJECT_TYPES, 1))


def service() -> Strategy:
    """`Service`."""
    return services()


def ext_property() -> Strategy:
    """`ExtProperty`."""
    return ext_properties()


def item_meta() -> Strategy:
    """`ItemMeta`."""
    return (st.none() | ITEM_CLASSES).flatmap(
        lambda qcode: item_meta_sections(qcode, link_records(LINK_TYPES, LINK_RELS, 1), True)
    )


def content_meta() -> Strategy:
    """`ContentMeta`."""
    return content_meta_sections(
        link_records(LINK_TYPES, LINK_RELS, 1), object_records(OBJECT_TYPES, 1), True
    )


def element() -> Strategy:
    """`Element`."""
    return generic_elements()


def author() -> Strategy:
    """`Author`."""
    return authors()


def tag() -> Strategy:
    """`Tag`."""
    return tags()
