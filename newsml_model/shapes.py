"""Static types for users of the library: the item kind asked for, and the Writer's mappings.

``ItemT`` is the type variable behind ``kind=`` in ``newsml.loads``,
``document.load``/``loads`` and ``Store.get``: passing ``kind=NewsItem`` gives a
`NewsItem` to the type checker and, at run time, an
`UnsupportedItemKindError` for any other kind (`as_kind`).

The ``TypedDict`` s describe the plain mappings the news item API accepts
where the Writer passes JSON (a link, an author, a tag...). They are
``total=False`` where the Writer may leave a key out; the functions still
accept any mapping (``Mapping[str, Any]``), so they are a help for editors
and type checkers, never a new requirement::

    from newsml_model.shapes import LinkMapping

    link: LinkMapping = {"rel": "subject", "type": "x-im/topic", "uuid": "...", "title": "Volvo"}
    change = newsitem.add_link(item, "my-plugin", link)
"""

from __future__ import annotations

from typing import Any, TypeVar

from newsml_model._errors import InvalidArgumentError, UnsupportedItemKindError
from newsml_model._kinds_any import ITEM_KINDS, AnyItem

__all__ = ["ItemT", "as_kind"]

ItemT = TypeVar("ItemT", bound=AnyItem)
"""One item kind: `NewsItem`, `ConceptItem`, `PlanningItem`, `Planning`, `ItemList` or `Package`."""

_ROOTS = {cls: root for root, cls in ITEM_KINDS.items()}


def as_kind(item: AnyItem, kind: type[ItemT]) -> ItemT:
    """`item` as the record type `kind`, checked at run time (what ``kind=`` does).

    Args:
        item: An item record of any kind.
        kind: The record class wanted (``NewsItem``, ``ConceptItem``...).

    Returns:
        `item` itself, typed as `kind`.

    Raises:
        UnsupportedItemKindError: `item` is another kind; ``error.kind`` is
            the root element found, ``error.supported`` the one wanted.
        InvalidArgumentError: `kind` is not one of the six item records.
    """
    wanted = _root_of(kind)
    if not isinstance(item, kind):
        found = _ROOTS.get(type(item), type(item).__name__)
        raise UnsupportedItemKindError(found, (wanted,))
    return item


def _root_of(kind: Any) -> str:
    root = _ROOTS.get(kind)
    if root is None:
        names = ", ".join(cls.__name__ for cls in ITEM_KINDS.values())
        raise InvalidArgumentError(
            f"kind must be one of the item records ({names}), not {kind!r}", field="kind"
        )
    return root
