"""Argument and result records of the news item API.

Each record is what the service description calls an object (an author, a
tag, a channel...). API functions accept the record or the plain JSON mapping
a Writer plugin passes; `coerce` turns the mapping into the record with the
one cattrs converter of this module, built at import. A bad mapping raises
`InvalidArgumentError` whose `field` names the offending key
(``author.uuid``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, override

from newsml_model._attributes import LINK_FIELDS
from newsml_model._errors import InvalidArgumentError
from newsml_model._jxon import js_string, structure
from newsml_model._nodes import ContentMetaObject, Link

NIL_UUID = "00000000-0000-0000-0000-000000000000"
"""The uuid of a simple (unknown) author."""

T = TypeVar("T")


@attrs.frozen(kw_only=True)
class Author:
    """An author (description §2.4); mapping keys are the Writer's camelCase ones."""

    name: str
    uuid: str | None = None
    email: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    phone: str | None = None
    facebook_url: str | None = None
    twitter_url: str | None = None
    short_description: str | None = None
    long_description: str | None = None


AUTHOR_DATA_FIELDS = (
    ("email", "email"),
    ("first_name", "firstName"),
    ("last_name", "lastName"),
    ("phone", "phone"),
    ("facebook_url", "facebookUrl"),
    ("twitter_url", "twitterUrl"),
    ("short_description", "shortDescription"),
    ("long_description", "longDescription"),
)
"""Optional author fields and their ``data`` child names, in the Writer's fixed order."""


@attrs.frozen(kw_only=True)
class Tag:
    """A tag: from the concept-search shape or the plain ``{title, type, uuid}``."""

    uuid: str
    title: str
    type: str | None = None
    rel: str = "subject"


@attrs.frozen(kw_only=True)
class Story:
    """A story link argument ``{uuid, title}`` (description §2.5)."""

    uuid: str
    title: str


@attrs.frozen(kw_only=True)
class Category:
    """A category link argument ``{uuid, title}`` (description §2.5)."""

    uuid: str
    title: str


@attrs.frozen(kw_only=True)
class ContentProfile:
    """A content-profile link argument ``{uuid, title}`` (description §2.5)."""

    uuid: str
    title: str


@attrs.frozen(kw_only=True)
class Location:
    """A place. Mapping form: ``{uuid, title, type, rel, data: {position}}``.

    Attributes:
        position: The WKT text (``POINT(lon lat)``, ``POLYGON(...)``), written
            as ``<data><geometry>``.
    """

    uuid: str | None = None
    title: str | None = None
    type: str = "x-im/place"
    rel: str = "subject"
    position: str | None = None


@attrs.frozen(kw_only=True)
class Section:
    """A section service (``imsection:``). The mapping may say ``product`` for `pubconstraint`."""

    qcode: str
    name: str | None = None
    pubconstraint: str | None = None


@attrs.frozen(kw_only=True)
class Channel:
    """A channel service (``imchn:``); extra mapping keys (icon, active...) are ignored."""

    qcode: str
    why: str | None = None

    @property
    def main(self) -> bool:
        """True for the main channel (``why="imext:main"``)."""
        return self.why == "imext:main"


@attrs.frozen(kw_only=True)
class PubStatus:
    """The publication status, such as ``stat:usable``."""

    qcode: str


@attrs.frozen(kw_only=True)
class PubTime:
    """pubStart / pubStop: a timestamp with offset; `type` is ignored on set."""

    value: str
    type: str | None = None


@attrs.frozen(kw_only=True)
class LanguageParts:
    """``xml:lang`` of the idf split on ``-``, and its ``dir``."""

    type: str
    subtype: str | None = None
    direction: str | None = None


@attrs.frozen(kw_only=True)
class Organisation:
    """The article's organisation link and its unit links."""

    organisation: Link | None = None
    units: tuple[Link, ...] = ()


@attrs.frozen(kw_only=True)
class EditorConfig:
    """Editor configuration inputs of `get_locale`.

    Attributes:
        language: The configured ``language`` (a locale such as ``sv_SE``).
        locale_fallbacks: ``(language, locale)`` pairs, such as ``("sv", "sv_SE")``.
    """

    language: str | None = None
    locale_fallbacks: tuple[tuple[str, str], ...] = ()


def _strict_str(value: Any, _type: Any) -> str:
    if isinstance(value, (dict, list, tuple, set)) or value is None:
        raise ValueError(f"expected a string, not {type(value).__name__}")
    return js_string(value, "value")


def _first(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return value[0] if value else None
    return value


def _tag(value: Any, _type: Any) -> Tag:
    title = value.get("title")
    if title is None:
        title = _first(value.get("name"))
    kind = _first(value.get("imType")) or _first(value.get("type"))
    # Absent (or null) keys stay absent, so a missing uuid says "missing".
    plain = {"uuid": value.get("uuid"), "title": title, "type": kind}
    return _plain_tag({key: v for key, v in plain.items() if v is not None}, Tag)


def _location(value: Any, _type: Any) -> Location:
    data = value.get("data")
    position = value.get("position")
    if isinstance(data, Mapping):
        position = data.get("position", data.get("geometry", position))
    plain = {
        k: v for k, v in value.items() if k in ("uuid", "title", "type", "rel") and v is not None
    }
    if position is not None:
        plain["position"] = position
    return _plain_location(plain, Location)


def _section(value: Any, _type: Any) -> Section:
    plain = {k: v for k, v in value.items() if k in ("qcode", "name", "pubconstraint")}
    if value.get("product") is not None:
        plain["pubconstraint"] = value["product"]
    return _plain_section(plain, Section)


def _editor_config(value: Any, _type: Any) -> EditorConfig:
    fallbacks = value.get("locale_fallbacks", value.get("localeFallbacks", ()))
    if isinstance(fallbacks, Mapping):
        fallbacks = tuple(fallbacks.items())
    return _plain_config(
        {"language": value.get("language"), "locale_fallbacks": fallbacks}, EditorConfig
    )


converter = cattrs.Converter(forbid_extra_keys=False)
converter.register_structure_hook(str, _strict_str)
converter.register_structure_hook(
    Author,
    make_dict_structure_fn(
        Author,
        converter,
        **{attr: override(rename=key) for attr, key in AUTHOR_DATA_FIELDS if attr != key},  # type: ignore[arg-type]
    ),
)
_plain_tag = make_dict_structure_fn(Tag, converter)
_plain_location = make_dict_structure_fn(Location, converter)
_plain_section = make_dict_structure_fn(Section, converter)
_plain_config = make_dict_structure_fn(EditorConfig, converter)
converter.register_structure_hook(Tag, _tag)
converter.register_structure_hook(Location, _location)
converter.register_structure_hook(Section, _section)
converter.register_structure_hook(EditorConfig, _editor_config)
# Predicate hooks: registering by class would make cattrs resolve the
# records' forward references (`Node`), which it need not do.
converter.register_structure_hook_func(
    lambda t: t is Link, lambda value, _t: structure(value, "link", bare_attributes=LINK_FIELDS)
)
converter.register_structure_hook_func(
    lambda t: t is ContentMetaObject, lambda value, _t: structure(value, "object")
)


def _path(error: BaseException, field: str) -> str:
    messages = cattrs.transform_error(error, path=field)
    first = messages[0] if messages else ""
    return first.rpartition(" @ ")[2] or field


def coerce(cls: type[T], value: Any, field: str) -> T:
    """`value` as a `cls` record: records pass through, mappings are structured.

    Args:
        cls: The record class (`Author`, `Link`, `ContentMetaObject`...).
        value: A `cls` record, or the Writer's mapping of one.
        field: Dotted name of the argument, the prefix of error fields.

    Returns:
        `value` itself when it is a `cls`, else the record built from it.

    Raises:
        InvalidArgumentError: Neither a `cls` nor a mapping, or a bad mapping;
            `field` (dotted) names the offending key.
    """
    if isinstance(value, cls):
        return value
    if value.__class__ is not dict and not isinstance(value, Mapping):
        raise InvalidArgumentError(
            f"{field} must be a {cls.__name__} or a mapping, not {type(value).__name__}",
            field=field,
        )
    if cls is Link:
        return structure(value, "link", field=field, bare_attributes=LINK_FIELDS)  # type: ignore[no-any-return]
    if cls is ContentMetaObject:
        return structure(value, "object", field=field)  # type: ignore[no-any-return]
    if cls is Author and any(key in _SNAKE_TO_CAMEL for key in value):
        # Snake-case keys are accepted beside the Writer's camelCase ones.
        value = {_SNAKE_TO_CAMEL.get(k, k): v for k, v in value.items()}
    try:
        return converter.structure(value if value.__class__ is dict else dict(value), cls)
    except InvalidArgumentError as error:
        inner = error.field or ""
        where = field if inner in ("", "value") else f"{field}.{inner.removeprefix('value.')}"
        raise InvalidArgumentError(f"{field}: {error}", field=where) from None
    except (cattrs.BaseValidationError, ValueError, TypeError, KeyError, AttributeError) as error:
        where = _path(error, field) if isinstance(error, cattrs.BaseValidationError) else field
        raise InvalidArgumentError(_problems(error, where, field), field=where) from None


_SNAKE_TO_CAMEL = {attr: key for attr, key in AUTHOR_DATA_FIELDS if attr != key}


def _problems(error: BaseException, where: str, field: str) -> str:
    """``<path>: <reason>`` for each problem of `error` (a missing key says "missing")."""
    if not isinstance(error, cattrs.BaseValidationError):
        return f"{where}: {error}"
    found = []
    for message in cattrs.transform_error(error, path=field):
        reason, _, path = message.rpartition(" @ ")
        found.append(f"{path}: {reason}" if reason else message)
    return "; ".join(found) or f"{where}: {_reason(error)}"


def _reason(error: BaseException) -> str:
    if isinstance(error, cattrs.BaseValidationError):
        messages = cattrs.transform_error(error)
        return "; ".join(message.rpartition(" @ ")[0] or message for message in messages)
    return str(error)
