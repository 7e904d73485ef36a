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
* `Location`: ``{"uuid", "title", "rel", "type", "data": {"geometry"}}``;
* `Tag`: ``{"rel", "title", "type", "uuid"}``; `Author`: the
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
from xml.parsers.expat import ExpatError

import attrs
import xmltodict

from newsml_codecs._xmlwrite import write_node
from newsml_model import (
    IM,
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
from newsml_model.mappings import AUTHOR_DATA_FIELDS, CDATA_KEY, coerce, normalize_keys

__all__ = ["dump", "load"]

T = TypeVar("T")

_ELEMENTS = (Link, ContentMetaObject, Element, Service, ExtProperty, Links, Metadata)


def _d21(_path: Any, key: str, value: Any) -> tuple[str, Any]:
    # Decision D21: an empty element reads "" (xmltodict: None); attribute
    # values are trimmed as the Writer's build trims them.
    if value is None:
        return key, ""
    if key[0] == "@":
        return key, value.strip()
    return key, value


def _trimmed(node: Any) -> Any:
    """`node` with each text beside child elements trimmed (§3.1: keyValue joins trimmed texts).

    xmltodict trims the joined text of an element; the Writer trims each text
    node before joining them. The texts are trimmed here, before writing.
    """
    children = getattr(node, "children", None)
    if not children:
        return node
    mixed = any(c.__class__ is str for c in children) and any(
        c.__class__ is not str for c in children
    )
    new = tuple(
        (c.strip() if mixed else c) if c.__class__ is str else _trimmed(c) for c in children
    )
    return node if new == children else attrs.evolve(node, children=new)


def build(record: Any) -> Any:
    """The Writer's raw JXON of an element record: XML written, then ``xmltodict.parse``.

    Raises:
        InvalidArgumentError: `record` holds a value XML cannot carry.
    """
    out: list[str] = []
    write_node(_trimmed(record), "", IM, out)
    try:
        parsed = xmltodict.parse(
            "".join(out),
            attr_prefix="@",
            cdata_key=CDATA_KEY,
            strip_whitespace=True,
            postprocessor=_d21,
        )
    except ExpatError as error:  # a character XML 1.0 cannot carry
        raise InvalidArgumentError(
            f"{type(record).__name__} cannot be XML: {error}", field="record"
        ) from None
    return next(iter(parsed.values()))


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
    return normalize_keys(shape) if normalize else shape


def load(type: type[T], mapping: Mapping[str, Any] | str) -> T:
    """The `type` record for a Writer JSON `mapping` (the reverse of `dump`).

    `Link` and `ContentMetaObject` read JXON (``@`` attributes, children by
    name; a string is an element holding only that text, as `dump` gives it);
    the other records read their `dump` shape, with or without ``@``.

    Raises:
        InvalidArgumentError: A bad mapping (`field` names the key) or a type
            `load` does not know.
    """
    if type in (Link, ContentMetaObject):
        if isinstance(mapping, str):
            # D21: `dump` gives a string for an element without attributes or
            # children (``""`` when empty); it loads back as that text.
            return coerce(type, {CDATA_KEY: mapping} if mapping else {}, type.__name__.lower())
        return coerce(type, mapping, type.__name__.lower())
    if not attrs.has(type) or type in _ELEMENTS:
        raise InvalidArgumentError(f"cannot load {getattr(type, '__name__', type)!r}", field="type")
    if isinstance(mapping, Mapping):
        shape: dict[str, Any] = normalize_keys(dict(mapping))
        mapping = shape
        if type is Organisation:
            organisation: Any = Organisation(
                organisation=None
                if shape.get("organisation") is None
                else coerce(Link, shape["organisation"], "organisation"),
                units=tuple(coerce(Link, unit, "units") for unit in shape.get("units") or ()),
            )
            return organisation  # type: ignore[no-any-return]
    loaded: T = coerce(type, mapping, type.__name__.lower())  # type: ignore[assignment]
    return loaded
