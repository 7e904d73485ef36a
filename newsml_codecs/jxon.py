"""Records <-> the Writer's JSON shapes (JXON), decision D21.

Getters of `newsml_model.newsitem` return records; `dump` gives the JSON the
Writer's API returned for the same thing, so plugin code ported from the
Writer keeps working (``link["@uri"]``, ``channel["qcode"]``)::

    >>> jxon.dump(link)                  # raw JXON: attributes as "@name"
    {'@rel': 'subject', '@type': 'x-im/topic', '@uuid': '...', '@title': 'Volvo'}
    >>> jxon.dump(link, normalize=True)  # as getTags & co. return it
    {'rel': 'subject', 'type': 'x-im/topic', 'uuid': '...', 'title': 'Volvo'}

Shapes per record:

* element records (`Link`, `ContentMetaObject`, `Element`, `Service`,
  `ExtProperty`, `Links`, `Metadata`): raw JXON (spec §3.1); an empty
  element reads ``""``, never ``{}``;
* `Channel`: ``{"qcode": ..., "@why": ...}`` and `Section`: ``{"qcode",
  "name", "pubconstraint"}`` (``getChannels``/``getSections``), `PubStatus`:
  ``{"qcode"}``, `PubTime`: ``{"value", "type"}``;
* `Location`: ``{"uuid", "title", "rel", "type", "data": {"geometry"}}`` (D10);
* `Tag`: ``{"rel", "title", "type", "uuid"}`` (D8); `Author`: the
  description's camelCase keys; `Story`/`Category`/`ContentProfile`:
  ``{"uuid", "title"}``; `LanguageParts`: ``{"type", "subtype", "direction"}``;
  `Organisation`: ``{"organisation", "units"}``; `EditorConfig`:
  ``{"language", "localeFallbacks"}``.

``normalize=True`` drops the first ``@`` of every top-level key. Absent
(None) fields are left out, except `LanguageParts.direction` (the Writer
returns ``null``). `load` is the reverse.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

import attrs

from newsml_model import (
    Author,
    Category,
    Channel,
    ContentMetaObject,
    ContentProfile,
    EditorConfig,
    Element,
    ExtProperty,
    InvalidArgumentError,
    LanguageParts,
    Link,
    Links,
    Location,
    Metadata,
    Organisation,
    PubStatus,
    PubTime,
    Section,
    Service,
    Story,
    Tag,
)
from newsml_model._args import AUTHOR_DATA_FIELDS, coerce
from newsml_model._jxon import build
from newsml_model._jxon import normalize as _normalize

__all__ = ["dump", "load"]

T = TypeVar("T")

_ELEMENTS = (Link, ContentMetaObject, Element, Service, ExtProperty, Links, Metadata)


def _present(**values: Any) -> dict[str, Any]:
    return {key: value for key, value in values.items() if value is not None}


def _shape(record: Any) -> Any:
    if isinstance(record, _ELEMENTS):
        return build(record)
    if isinstance(record, Channel):
        return _present(qcode=record.qcode, **{"@why": record.why})
    if isinstance(record, Section):
        return _present(qcode=record.qcode, name=record.name, pubconstraint=record.pubconstraint)
    if isinstance(record, PubStatus):
        return {"qcode": record.qcode}
    if isinstance(record, PubTime):
        return _present(value=record.value, type=record.type)
    if isinstance(record, Location):
        data = {} if record.position is None else {"data": {"geometry": record.position}}
        return {
            **_present(uuid=record.uuid, title=record.title, rel=record.rel, type=record.type),
            **data,
        }
    if isinstance(record, Tag):
        return _present(rel=record.rel, title=record.title, type=record.type, uuid=record.uuid)
    if isinstance(record, Author):
        extra = {key: getattr(record, attr) for attr, key in AUTHOR_DATA_FIELDS}
        return _present(name=record.name, uuid=record.uuid, **extra)
    if isinstance(record, (Story, Category, ContentProfile)):
        return {"uuid": record.uuid, "title": record.title}
    if isinstance(record, LanguageParts):
        return {**_present(type=record.type, subtype=record.subtype), "direction": record.direction}
    if isinstance(record, Organisation):
        return {
            "organisation": None if record.organisation is None else build(record.organisation),
            "units": [build(unit) for unit in record.units],
        }
    if isinstance(record, EditorConfig):
        return {"language": record.language, "localeFallbacks": dict(record.locale_fallbacks)}
    raise InvalidArgumentError(f"no JXON shape for {type(record).__name__}", field="record")


def dump(record: Any, normalize: bool = False) -> Any:
    """The Writer's JSON for `record` (a dict, or a string for a plain element).

    Args:
        record: A record returned by the news item API, or any model node.
        normalize: Drop the first ``@`` of top-level keys (spec §2).

    Raises:
        InvalidArgumentError: A value that has no JXON shape.
    """
    shape = _shape(record)
    return _normalize(shape) if normalize else shape


def load(type: type[T], mapping: Mapping[str, Any]) -> T:
    """The `type` record for a Writer JSON `mapping` (the reverse of `dump`).

    `Link` and `ContentMetaObject` read JXON (``@`` attributes, children by
    name); the other records read their `dump` shape, with or without ``@``.

    Raises:
        InvalidArgumentError: A bad mapping (`field` names the key) or a type
            `load` does not know.
    """
    if type in (Link, ContentMetaObject):
        return coerce(type, mapping, type.__name__.lower())
    if not attrs.has(type) or type in _ELEMENTS:
        raise InvalidArgumentError(f"cannot load {getattr(type, '__name__', type)!r}", field="type")
    if isinstance(mapping, Mapping):
        mapping = _normalize(dict(mapping))
        if type is Organisation:
            organisation: Any = Organisation(
                organisation=None
                if mapping.get("organisation") is None
                else coerce(Link, mapping["organisation"], "organisation"),
                units=tuple(coerce(Link, unit, "units") for unit in mapping.get("units") or ()),
            )
            return organisation  # type: ignore[no-any-return]
    loaded: T = coerce(type, mapping, type.__name__.lower())  # type: ignore[assignment]
    return loaded
