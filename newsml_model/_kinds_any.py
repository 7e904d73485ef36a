"""`AnyItem`, the union of every item kind, and the table of their root elements."""

from __future__ import annotations

from newsml_model._item import NewsItem
from newsml_model._kinds import ConceptItem, Planning, PlanningItem
from newsml_model._kinds_lists import ItemList, Package

AnyItem = NewsItem | ConceptItem | PlanningItem | Planning | ItemList | Package
"""Any NewsML item: what `newsml_codecs.newsml.loads` returns."""

ITEM_KINDS: dict[str, type[AnyItem]] = {
    "newsItem": NewsItem,
    "conceptItem": ConceptItem,
    "planningItem": PlanningItem,
    "planning": Planning,
    "list": ItemList,
    "package": Package,
}
"""The record of each root element name (local name), in the order of ``spec/item-kinds.md``."""
