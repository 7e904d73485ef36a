"""Hypothesis strategies for NewsML news items and their parts.

Install the extra (``pip install newsml-model[hypothesis]``) and either call
the strategies or just ask Hypothesis for a type; the package registers them
through the ``hypothesis`` entry point, so ``st.from_type(NewsItem)`` works
without importing this module::

    from hypothesis import given, strategies as st
    import newsml_model as nm

    @given(st.from_type(nm.NewsItem))
    def test_my_pipeline(item): ...

Every generated record is in the normal form of ``newsml_codecs.newsml``:
``newsml.loads(newsml.dumps(record_in_an_item)) == record_in_an_item``.
The model package itself never imports this module, so it works without
Hypothesis installed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from newsml_model._args import Author, Tag
from newsml_model._item import ContentMeta, ItemMeta, NewsItem
from newsml_model._nodes import (
    ContentMetaObject,
    Element,
    ExtProperty,
    Link,
    Links,
    Metadata,
    Service,
)
from newsml_model._strategies._args import authors, tags
from newsml_model._strategies._item import (
    ITEM_CLASSES,
    _content_meta,
    _ext_properties,
    _item_meta,
    _services,
    news_items,
)
from newsml_model._strategies._links import (
    LINK_RELS,
    LINK_TYPES,
    OBJECT_TYPES,
    _links,
    _objects,
    content_meta_objects,
    generic_elements,
    links,
    links_containers,
    metadata_containers,
)

__all__ = ["authors", "content_meta_objects", "links", "news_items", "tags"]

_ITEM_CLASSES = st.none() | ITEM_CLASSES


def _hypothesis_setup_hook() -> None:
    """Register a strategy for every record type with ``st.from_type``.

    Called by Hypothesis when it is imported (the ``hypothesis`` entry point
    of ``pyproject.toml``). Strategies are lazy, so this costs nothing until
    a test draws.
    """
    # Registered as functions of the type, not as strategies: Hypothesis then
    # resolves them on first use instead of evaluating them while it imports.
    registrations: dict[type, Callable[[type], st.SearchStrategy[Any]]] = {
        NewsItem: lambda _: news_items(),
        Link: lambda _: links(),
        ContentMetaObject: lambda _: content_meta_objects(),
        Links: lambda _: links_containers(_links(LINK_TYPES, LINK_RELS, 1)),
        Metadata: lambda _: metadata_containers(_objects(OBJECT_TYPES, 1)),
        Service: lambda _: _services(),
        ExtProperty: lambda _: _ext_properties(),
        ItemMeta: lambda _: _ITEM_CLASSES.flatmap(
            lambda qcode: _item_meta(qcode, _links(LINK_TYPES, LINK_RELS, 1), True)
        ),
        ContentMeta: lambda _: _content_meta(
            _links(LINK_TYPES, LINK_RELS, 1), _objects(OBJECT_TYPES, 1), True
        ),
        Element: lambda _: generic_elements(),
        Author: lambda _: authors(),
        Tag: lambda _: tags(),
    }
    for kind, strategy in registrations.items():
        st.register_type_strategy(kind, strategy)
