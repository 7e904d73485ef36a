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

from collections.abc import Mapping, Sequence
from typing import Any, Required, TypedDict, TypeVar

from newsml_model._errors import InvalidArgumentError, UnsupportedItemKindError
from newsml_model._kinds_any import ITEM_KINDS, AnyItem

__all__ = [
    "AuthorMapping",
    "ChannelMapping",
    "ConceptRefMapping",
    "EditorConfigMapping",
    "ItemT",
    "LinkJxonMapping",
    "LinkMapping",
    "LocationMapping",
    "ObjectMapping",
    "PubStatusMapping",
    "PubTimeMapping",
    "SectionMapping",
    "TagMapping",
    "as_kind",
]

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


# --- the Writer's mappings --------------------------------------------------


class LinkMapping(TypedDict, total=False):
    """A link as the Writer's normalised JSON gives it (``add_link``, ``update_link_rel``...).

    Every key is optional; ``data`` holds the link's ``<data>`` children
    (``{"width": "1024"}``), ``links`` its nested links as JXON.
    """

    rel: str
    type: str
    uuid: str
    uri: str
    url: str
    title: str
    id: str
    name: str
    role: str
    qcode: str
    data: Mapping[str, Any]
    links: Mapping[str, Any]


LinkJxonMapping = TypedDict(
    "LinkJxonMapping",
    {
        "@rel": str,
        "@type": str,
        "@uuid": str,
        "@uri": str,
        "@url": str,
        "@title": str,
        "@id": str,
        "@name": str,
        "@role": str,
        "@qcode": str,
        "data": Mapping[str, Any],
        "links": Mapping[str, Any],
    },
    total=False,
)
"""A link in the Writer's raw JXON form: attributes as ``@``-keys (what ``jxon.dump(link)`` gives)."""


class AuthorMapping(TypedDict, total=False):
    """An author (``add_author``, ``update_author``): ``name`` required, the rest the Writer's camelCase keys."""

    name: Required[str]
    uuid: str
    email: str
    firstName: str
    lastName: str
    phone: str
    facebookUrl: str
    twitterUrl: str
    shortDescription: str
    longDescription: str


class TagMapping(TypedDict, total=False):
    """A tag (``add_tag``, ``update_tag``): ``{uuid, title, type}``, or the concept-search shape.

    The concept search gives ``name`` and ``imType`` as lists (their first
    value counts); ``title``/``type`` win when both are there.
    """

    uuid: str
    title: str
    type: str
    rel: str
    name: str | Sequence[str]
    imType: str | Sequence[str]


class ConceptRefMapping(TypedDict):
    """A story, category or content profile (``add_story``, ``add_category``...): ``{uuid, title}``."""

    uuid: str
    title: str


class LocationMapping(TypedDict, total=False):
    """A place (``add_location``, ``update_location``); the WKT in ``data.position`` (or ``position``)."""

    uuid: str
    title: str
    type: str
    rel: str
    position: str
    data: Mapping[str, str]


class SectionMapping(TypedDict, total=False):
    """A section (``set_section``, ``update_section``): ``qcode`` required; ``product`` means ``pubconstraint``."""

    qcode: Required[str]
    name: str
    pubconstraint: str
    product: str


class ChannelMapping(TypedDict, total=False):
    """A channel (``add_channel``, ``set_main_channel``...): ``qcode`` required, other keys ignored."""

    qcode: Required[str]
    why: str


class PubStatusMapping(TypedDict):
    """A publication status (``set_pub_status``): ``{"qcode": "stat:usable"}``."""

    qcode: str


class PubTimeMapping(TypedDict, total=False):
    """pubStart or pubStop (``set_pub_start``/``set_pub_stop``): an RFC 3339 ``value``; ``type`` ignored."""

    value: Required[str]
    type: str


ObjectMapping = TypedDict(
    "ObjectMapping",
    {
        "@id": str,
        "@type": str,
        "@uuid": str,
        "@uri": str,
        "@url": str,
        "@title": str,
        "data": Mapping[str, Any],
        "links": Mapping[str, Any],
    },
    total=False,
)
"""A contentMeta object in JXON form (``add_object``, ``set_news_priority``...)."""


class EditorConfigMapping(TypedDict, total=False):
    """The editor configuration ``get_editor_locale`` reads: ``language`` and ``localeFallbacks``."""

    language: str
    localeFallbacks: Mapping[str, str] | Sequence[tuple[str, str]]
    locale_fallbacks: Mapping[str, str] | Sequence[tuple[str, str]]
