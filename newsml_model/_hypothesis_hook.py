"""The ``hypothesis`` entry point: ``st.from_type`` for every record (internal).

Hypothesis calls `setup_hook` while ``import hypothesis`` runs, which may be
in the middle of a user's ``from newsml_model.strategies import news_items``.
So this module never imports `newsml_model.strategies` (nor anything that
needs Hypothesis) at import time: each registration names its strategy by a
``"module:function"`` string, imported on the first ``st.from_type`` of its
record, when every module is whole.

To register a record, append ``(RecordType, "module:function")`` to
`REGISTRATIONS`; the function takes no argument and returns the strategy.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from newsml_model._args import Author, Tag
from newsml_model._item import ContentMeta, ItemMeta, NewsItem
from newsml_model._kinds import (
    Concept,
    ConceptItem,
    NewsCoverage,
    NewsCoverageSet,
    Planning,
    PlanningItem,
)
from newsml_model._kinds_lists import ItemList, Package
from newsml_model._nodes import (
    ContentMetaObject,
    Element,
    ExtProperty,
    Link,
    Links,
    Metadata,
    Service,
)

_TYPES = "newsml_model._strategies._types"
_KINDS = "newsml_model._strategies._kinds"
_LISTS = "newsml_model._strategies._kinds_lists"

REGISTRATIONS: list[tuple[type, str]] = [
    (NewsItem, f"{_TYPES}:news_item"),
    (Link, f"{_TYPES}:link"),
    (ContentMetaObject, f"{_TYPES}:content_meta_object"),
    (Links, f"{_TYPES}:links_container"),
    (Metadata, f"{_TYPES}:metadata_container"),
    (Service, f"{_TYPES}:service"),
    (ExtProperty, f"{_TYPES}:ext_property"),
    (ItemMeta, f"{_TYPES}:item_meta"),
    (ContentMeta, f"{_TYPES}:content_meta"),
    (Element, f"{_TYPES}:element"),
    (Author, f"{_TYPES}:author"),
    (Tag, f"{_TYPES}:tag"),
    # the other item kinds (issue 11); st.from_type(AnyItem) is the union of the roots
    (ConceptItem, f"{_KINDS}:concept_items"),
    (Concept, f"{_KINDS}:concepts"),
    (PlanningItem, f"{_KINDS}:planning_items"),
    (NewsCoverageSet, f"{_KINDS}:news_coverage_sets"),
    (NewsCoverage, f"{_KINDS}:news_coverages"),
    (Planning, f"{_KINDS}:plannings"),
    (ItemList, f"{_LISTS}:item_lists"),
    (Package, f"{_LISTS}:packages"),
]
"""``(record type, "module:function")``: the strategy `st.from_type` gives each record."""


def _resolver(target: str) -> Any:
    module, _, name = target.partition(":")

    def resolve(_type: type) -> Any:
        return getattr(import_module(module), name)()

    return resolve


def setup_hook() -> None:
    """Register a strategy for every record type of `REGISTRATIONS` with ``st.from_type``.

    Called by Hypothesis when it is imported (the ``hypothesis`` entry point
    of ``pyproject.toml``). Registered as functions of the type, so nothing
    is imported or built until a test asks for the type.
    """
    from hypothesis import strategies as st  # whole by now: Hypothesis calls hooks last

    for kind, target in REGISTRATIONS:
        st.register_type_strategy(kind, _resolver(target))
