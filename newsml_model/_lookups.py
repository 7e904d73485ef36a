"""Lookups among the children of a record, shared by the records of every kind (internal).

Typed by what they use (`HasChildren`, `FindsElements`), so the record
classes can use them without this module knowing them.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar


class HasChildren(Protocol):
    """Anything with ordered children: every record of the tree."""

    @property
    def children(self) -> tuple[Any, ...]:
        """Text and records in document order."""
        ...


class HasAttributes(Protocol):
    """An element whose attributes can be read by name."""

    def get(self, name: str) -> str | None:
        """The value of attribute `name`, or None."""
        ...


class FindsElements(HasChildren, Protocol):
    """A record that finds its first child element of a name."""

    def find(self, name: str) -> HasAttributes | None:
        """The first child element called `name`, or None."""
        ...


T = TypeVar("T")


def first_child(record: HasChildren, kind: type[T]) -> T | None:
    """The first child of `record` that is a `kind`.

    Args:
        record: A record with ordered children.
        kind: The class of the child wanted.

    Returns:
        That child, or None when there is none.
    """
    # A plain loop: cheaper than next() over a generator, and sections are read often.
    for child in record.children:
        if isinstance(child, kind):
            return child
    return None


def children_of(record: HasChildren, kind: type[T]) -> tuple[T, ...]:
    """The children of `record` that are a `kind`, in document order.

    Args:
        record: A record with ordered children.
        kind: The class of the children wanted.

    Returns:
        Those children (empty when none).
    """
    return tuple([child for child in record.children if isinstance(child, kind)])


def child_attribute(record: FindsElements, name: str, attribute: str) -> str | None:
    """The `attribute` of the first child element of `record` called `name`.

    Args:
        record: A record with ordered children.
        name: Local name of the child element.
        attribute: Name of its attribute.

    Returns:
        The attribute's value, or None when the element or the attribute is absent.
    """
    found = record.find(name)
    return None if found is None else found.get(attribute)
