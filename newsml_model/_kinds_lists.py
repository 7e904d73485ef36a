"""Lists and packages: Naviga's curated collections of items (``spec/item-kinds.md`` §6-7).

Both are written without a namespace and without the NewsML root attributes;
their identity is the ``uuid`` attribute, which `guid` also answers so code
that keys items (the store) treats every kind alike.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from newsml_model._attributes import get_attribute
from newsml_model._kinds import StoredRoot
from newsml_model._lookups import child_attribute
from newsml_model._nodes import Element


@attrs.frozen(kw_only=True)
class _Collection(StoredRoot):
    """Views shared by lists and packages."""

    # Naviga writes lists and packages without a namespace.
    element_namespace: ClassVar[str] = ""
    _identity: ClassVar[str] = "uuid"

    @property
    def uuid(self) -> str | None:
        """The ``uuid`` attribute, or None."""
        return get_attribute(self.attributes, "uuid")

    @property
    def guid(self) -> str | None:
        """The item's identity: the ``uuid`` attribute (lists have no ``guid``), or None."""
        return self.uuid

    @property
    def name(self) -> str | None:
        """Text of ``name``, or None."""
        return self.find_text("name")

    @property
    def products(self) -> tuple[Element, ...]:
        """The ``products > product`` elements (``@uuid``, text = channel name)."""
        container = self.find("products")
        return () if container is None else tuple(container.elements("product"))


@attrs.frozen(kw_only=True)
class ItemList(_Collection):
    """A ``list``: an ordered, limited selection of items (a front page).

    Attributes:
        attributes: ``uuid`` and any other attribute, in document order.
        children: ``name``, ``description``, ``type``, ``products``,
            ``items``, `ItemMeta` and anything else, in document order.
        etag: Store state: the etag the item was loaded with. No codec writes it;
            not counted in equality or the hash.
    """

    element_name: ClassVar[str] = "list"

    @property
    def description(self) -> str | None:
        """Text of ``description``, or None."""
        return self.find_text("description")

    @property
    def list_type(self) -> str | None:
        """Text of the ``type`` element (``list``), or None."""
        return self.find_text("type")

    @property
    def items_container(self) -> Element | None:
        """The ``items`` element (``@limit``), or None."""
        return self.find("items")

    @property
    def items(self) -> tuple[Element, ...]:
        """The ``items > item`` references (``@uuid``, ``@type`` ``Article``...), in order."""
        container = self.items_container
        return () if container is None else tuple(container.elements("item"))

    @property
    def limit(self) -> str | None:
        """``items/@limit`` as written, or None."""
        container = self.items_container
        return None if container is None else container.get("limit")


@attrs.frozen(kw_only=True)
class Package(_Collection):
    """A ``package``: a cover article, a list and publishing times, sold as one product.

    Attributes:
        attributes: ``uuid``, ``published`` and any other attribute, in order.
        children: ``cover``, ``name``, ``type``, ``products``, ``category``,
            ``pubStart``, ``pubStop``, ``pubStatus``, ``itemList``, `ItemMeta`
            and anything else, in document order.
        etag: Store state: the etag the item was loaded with. No codec writes it;
            not counted in equality or the hash.
    """

    element_name: ClassVar[str] = "package"

    @property
    def published(self) -> str | None:
        """The ``published`` attribute as written (``true``, ``1``...), or None."""
        return get_attribute(self.attributes, "published")

    @property
    def cover_uuid(self) -> str | None:
        """``cover/@uuid``: the cover article, or None."""
        return child_attribute(self, "cover", "uuid")

    @property
    def item_list_uuid(self) -> str | None:
        """``itemList/@uuid``: the package's list, or None."""
        return child_attribute(self, "itemList", "uuid")

    @property
    def package_type(self) -> str | None:
        """Text of the ``type`` element, or None."""
        return self.find_text("type")

    @property
    def category(self) -> str | None:
        """Text of ``category``, or None."""
        return self.find_text("category")

    @property
    def pub_start(self) -> str | None:
        """Text of ``pubStart`` as written, or None."""
        return self.find_text("pubStart")

    @property
    def pub_stop(self) -> str | None:
        """Text of ``pubStop`` as written, or None."""
        return self.find_text("pubStop")

    @property
    def pub_status(self) -> str | None:
        """Text of ``pubStatus`` (``draft``, ``public``, ``private``), or None."""
        return self.find_text("pubStatus")
