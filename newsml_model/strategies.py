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

By default the strategies reach the hard corners of the format (empty
guids, missing sections, unknown elements). For realistic pipelines pass
``complete=True`` to any item strategy: items as the Writer saves them (uuid
guid, itemMeta with class, RFC 3339 times and ``imext:type``, the Writer's
common links and body blocks), each of which converts to a valid NavigaDoc
document and back losslessly. ``authors``, ``tags``, ``links`` and
``content_meta_objects`` take ``complete=True`` too, and then draw only what
the news item API accepts::

    @given(news_items(complete=True), authors(complete=True))
    def test_add_author(item, author): ...

Every generated record is in the normal form of ``newsml_codecs.newsml``:
``newsml.loads(newsml.dumps(record_in_an_item)) == record_in_an_item``.
The model package itself never imports this module, so it works without
Hypothesis installed.
"""

from __future__ import annotations

from newsml_model._strategies._args import authors, tags
from newsml_model._strategies._base import check_strategy
from newsml_model._strategies._item import news_items
from newsml_model._strategies._kinds import concept_items, planning_items, plannings
from newsml_model._strategies._kinds_any import any_items
from newsml_model._strategies._kinds_lists import item_lists, packages
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
