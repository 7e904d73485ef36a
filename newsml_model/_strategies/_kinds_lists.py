"""Strategies of lists and packages: Naviga's curated collections (``spec/item-kinds.md`` §6-7).

Apart from `_kinds` (concepts, planning items, assignments) as the records
are apart in the model (`newsml_model._kinds_lists`): lists and packages
are written without the NewsML root attributes, their identity is a
``uuid`` attribute, and their parts are their own (products, items with a
limit, a cover, publication times) beside an optional itemMeta. They draw
optional parts, unknown elements and itemMeta with the helpers of `_kinds`.
Each generates its record in the normal form ``newsml.loads`` returns (see
`newsml_model._strategies._base`).
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from newsml_model._kinds_lists import ItemList, Package
from newsml_model._strategies._base import TEXT, check_complete, generic, layout_free
from newsml_model._strategies._complete_kinds import complete_item_lists, complete_packages
from newsml_model._strategies._item import DATES
from newsml_model._strategies._kinds import (
    kind_item_meta,
    optional_parts,
    root_attributes,
    text_element,
    unknown_children,
)
from newsml_model._strategies._links import UUIDS


def _products() -> st.SearchStrategy[Any]:
    product = st.builds(
        lambda uuid, name: generic("product", (("uuid", uuid),), (name,)), UUIDS, TEXT
    )
    return st.lists(product, max_size=2).map(lambda found: generic("products", (), found))


@st.composite
def _item_lists(draw: st.DrawFn, unknown: bool) -> ItemList:
    item = st.builds(
        lambda uuid, kind: generic("item", (("uuid", uuid), ("type", kind))),
        UUIDS,
        st.sampled_from(["Article", "Package", "ARTICLE", ""]),
    )
    items = st.builds(
        lambda limit, found: generic("items", limit, found),
        st.sampled_from([(), (("limit", "30"),), (("limit", "0"),)]),
        st.lists(item, max_size=3),
    )
    parts = [
        text_element("name"),
        text_element("description"),
        st.just(generic("type", (), ("list",))),
        _products(),
        items,
        kind_item_meta("ninat:text", None, unknown),
    ]
    children = optional_parts(draw, parts) + unknown_children(draw, unknown)
    attributes = root_attributes(draw, [("uuid", draw(UUIDS))], unknown)
    return ItemList(attributes=attributes, children=layout_free(children))


@st.composite
def _packages(draw: st.DrawFn, unknown: bool) -> Package:
    parts = [
        UUIDS.map(lambda uuid: generic("cover", (("uuid", uuid),))),
        text_element("name"),
        text_element("type"),
        _products(),
        text_element("category"),
        text_element("pubStart", DATES),
        text_element("pubStop", DATES),
        text_element("pubStatus", st.sampled_from(["draft", "public", "private"])),
        UUIDS.map(lambda uuid: generic("itemList", (("uuid", uuid),))),
        kind_item_meta("ninat:text", None, unknown),
    ]
    children = optional_parts(draw, parts) + unknown_children(draw, unknown)
    published = draw(st.sampled_from(["true", "false", "1"]))
    attributes = root_attributes(draw, [("uuid", draw(UUIDS)), ("published", published)], unknown)
    return Package(attributes=attributes, children=layout_free(children))


def item_lists(
    *, unknown_elements: bool | None = None, complete: bool = False
) -> st.SearchStrategy[ItemList]:
    """Generate `ItemList` s (``list``: products, items with a limit, itemMeta).

    Args:
        unknown_elements: Include elements and attributes the model does not
            type (default True; never with `complete`).
        complete: Draw complete lists (uuid, name, description, type,
            products, items with a limit, itemMeta).

    Raises:
        InvalidArgument: An option of the wrong type, or `complete` with
            ``unknown_elements=True``.
    """
    if check_complete(complete, unknown_elements):
        return complete_item_lists()
    return _item_lists(unknown_elements is not False)


def packages(
    *, unknown_elements: bool | None = None, complete: bool = False
) -> st.SearchStrategy[Package]:
    """Generate `Package` s (cover, products, times, status, item list, itemMeta).

    Args:
        unknown_elements: Include elements and attributes the model does not
            type (default True; never with `complete`).
        complete: Draw complete packages (uuid, every part, pubStart before
            pubStop, itemMeta).

    Raises:
        InvalidArgument: An option of the wrong type, or `complete` with
            ``unknown_elements=True``.
    """
    if check_complete(complete, unknown_elements):
        return complete_packages()
    return _packages(unknown_elements is not False)
