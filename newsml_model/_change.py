"""Changes as values: the new item plus the events the change raises."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, Union

import attrs

from newsml_model._item import NewsItem

P = ParamSpec("P")


@attrs.frozen(kw_only=True)
class DocumentChanged:
    """``DOCUMENT_CHANGED``: a plugin (`sender`) changed the document.

    Attributes:
        sender: The ``name`` argument of the call (the plugin id).
        type: What changed, as in the Writer's payload (``link``, ``channel``...).
        action: ``add``, ``update``, ``delete``, ``set``...
        data: The payload value the Writer sends (a record, a string, or None).
        node: The link or object added or updated, where the Writer sends one.
        nodes: The nodes removed, where the Writer sends them.
    """

    sender: str
    type: str
    action: str
    data: Any = None
    node: Any = None
    nodes: tuple[Any, ...] | None = None


@attrs.frozen(kw_only=True)
class DocumentInvalidated:
    """``DOCUMENT_INVALIDATED``: the document was marked invalid."""

    sender: str = ""


@attrs.frozen(kw_only=True)
class LanguageChanged:
    """The language of the document changed (``setLanguage``)."""

    language_code: str
    text_direction: str
    sender: str = ""


Event = Union[DocumentChanged, DocumentInvalidated, LanguageChanged, Any]
"""Any event record a change can carry."""


@attrs.frozen(kw_only=True)
class Change:
    """The result of every mutating API function.

    Attributes:
        item: The new item; the input item is never modified.
        events: The events the change raises, in order.
    """

    item: NewsItem
    events: tuple[Event, ...] = ()

    def then(
        self,
        fn: Callable[Concatenate[NewsItem, P], Change],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> Change:
        """Apply `fn` to the new item and concatenate the events.

        Example:
            >>> change = newsitem.set_guid(item, "a").then(newsitem.set_ed_note, "x")  # doctest: +SKIP
        """
        following = fn(self.item, *args, **kwargs)
        return Change(item=following.item, events=self.events + following.events)
