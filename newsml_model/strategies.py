"""Hypothesis strategies for NewsML items of every kind and their parts.

Install the extra (``pip install newsml-model[hypothesis]``) and either call
the strategies or just ask Hypothesis for a type; the package registers them
through the ``hypothesis`` entry point (``newsml_model._hypothesis_hook``,
which never imports this module), so ``st.from_type(NewsItem)`` works
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

from newsml_model._strategies._args import authors, tags
from newsml_model._strategies._base import check_strategy
from newsml_model._strategies._item import news_items
from newsml_model._strategies._kinds import (
    any_items,
    concept_items,
    item_lists,
    packages,
    planning_items,
    plannings,
)
from newsml_model._strategies._links import content_meta_objects, links

__all__ = [
    "any_items",
    "authors",
    "check_strategy",
    "concept_items",
    "content_meta_objects",
    "item_lists",
    "links",
    "news_items",
    "packages",
    "planning_items",
    "plannings",
    "tags",
]
