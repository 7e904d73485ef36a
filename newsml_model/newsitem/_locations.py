"""Locations: place, polygon and position links (description §4.8, decision D10)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from newsml_model import tree
from newsml_model._args import Location, coerce
from newsml_model._change import Change
from newsml_model._errors import InvalidArgumentError, NotFoundError
from newsml_model._item import NewsItem
from newsml_model._nodes import Element, Link
from newsml_model.newsitem import _tree
from newsml_model.newsitem._common import (
    changed,
    check_optional_str,
    check_sender,
    unchanged,
)
from newsml_model.newsitem._links import has_uuid
from newsml_model.shapes import LocationMapping

LOCATION_TYPES = frozenset(("x-im/place", "x-im/polygon", "x-im/position"))


def _geometry(link: Link) -> str | None:
    """Text of ``data > geometry`` (or legacy ``data > position``), or None."""
    # Plain loops: this runs for every place link of every get_locations call.
    for child in link.children:
        if child.__class__ is Element and child.name == "data":
            legacy = None
            for part in child.children:
                if part.__class__ is Element:
                    if part.name == "geometry":
                        return part.full_text
                    if part.name == "position" and legacy is None:
                        legacy = part
            return None if legacy is None else legacy.full_text
    return None


def _location(link: Link, position: str | None) -> Location:
    return Location(
        uuid=link.uuid,
        title=link.title,
        type=link.type or "",
        rel=link.rel or "",
        position=position,
    )


def _argument(value: Any) -> Location:
    location = coerce(Location, value, "location")
    if location.uuid is None:
        raise InvalidArgumentError("location needs a uuid", field="location.uuid")
    return location


def _geometry_element(position: str | None) -> Element:
    return Element(name="geometry", children=(position,) if position else ())


def add_location(
    item: NewsItem, name: str, location: Location | LocationMapping | Mapping[str, Any]
) -> Change:
    """Append a location link unless its uuid is linked; event ``location/add`` (node: the link).

    rel is ``location.rel`` (default ``subject``, D10); a position is written
    as ``<data><geometry>``.

    Raises:
        InvalidArgumentError: A bad location (a uuid is required).
    """
    sender = check_sender(name)
    argument = _argument(location)
    if has_uuid(item, argument.uuid or ""):
        return unchanged(item)
    children = (
        (Element(name="data", children=(_geometry_element(argument.position),)),)
        if argument.position
        else ()
    )
    new = Link(
        title=argument.title,
        uuid=argument.uuid,
        rel=argument.rel,
        type=argument.type,
        children=children,
    )
    item = _tree.append_link(item, "itemMeta", new)
    return changed(item, sender, "location", "add", argument, node=new)


def _geometry_children(link: Link, position: str | None) -> tuple[Any, ...]:
    """The link's children with the first ``geometry`` below it holding `position`."""
    text = (position,) if position else ()
    # A light stand-in for the link: rebuilding it along the path is cheaper
    # than rebuilding the link, which is evolved once by the caller.
    holder = Element(name="link", children=link.children)
    for path, node in tree.descendants(holder):
        if node.__class__ is Element and node.name == "geometry":
            updated = tree.update_in(holder, path, lambda old: tree.with_children(old, text))
            return updated.children
    index = _tree.child_index(
        holder, lambda node: node.__class__ is Element and node.name == "data"
    )
    if index is not None:
        # Into the existing data: the Writer adds a second <data> here, which
        # then reads as a list and breaks get_locations; one is enough.
        return tree.append_in(holder, (index,), _geometry_element(position)).children
    return (*link.children, Element(name="data", children=(_geometry_element(position),)))


def update_location(
    item: NewsItem, name: str, location: Location | LocationMapping | Mapping[str, Any]
) -> Change:
    """Set title and geometry of the first itemMeta link with the location's uuid.

    Type and rel are kept. A None position empties the geometry (as the
    Writer). Event ``location/update`` (node: the link).

    Raises:
        InvalidArgumentError: A bad location.
        NotFoundError: ``Could not find linkNode with UUID: <uuid>``.
    """
    sender = check_sender(name)
    argument = _argument(location)
    path, found = _tree.first_link_with_uuid(item, "itemMeta", argument.uuid)
    if path is None or found is None:
        raise NotFoundError(f"Could not find linkNode with UUID: {argument.uuid}")
    title = found.title if argument.title is None else argument.title
    new = tree.evolve(found, title=title, children=_geometry_children(found, argument.position))
    item = tree.update_in(item, path, lambda _old: new)
    return changed(item, sender, "location", "update", argument, node=new)


def get_locations(item: NewsItem, entity: str = "all") -> tuple[Location, ...]:
    """Place, polygon and position links of ``itemMeta > links`` (any rel), document order.

    Args:
        item: The item.
        entity: ``polygon`` (type ``x-im/polygon`` or a geometry containing
            ``POLYGON``), ``position`` (type ``x-im/position`` or a geometry
            starting with ``POINT``), anything else: all.
    """
    kind = check_optional_str(entity, "entity")
    found = []
    for link in _tree.links_of(item, "itemMeta"):
        if link.type not in LOCATION_TYPES:
            continue
        geometry = _geometry(link)
        text = geometry or ""
        if kind == "polygon" and not (link.type == "x-im/polygon" or "POLYGON" in text):
            continue
        if kind == "position" and not (link.type == "x-im/position" or text.startswith("POINT")):
            continue
        found.append(_location(link, geometry))
    return tuple(found)
