"""A ninjs object (1.x, 2.x or 3.x) read into an article's parts (internal).

Property names are matched without regard to case, so 2.x's ``versioncreated``
and 3.x's ``versionCreated`` are one; 1.x's singular names (``subject``,
``person``...), ``headline_*``, ``body_*`` and ``description_*`` and its
``associations`` object are read too. Values of the wrong JSON type raise
`newsml_model.InvalidDocumentError` naming their JSON path; properties
this library does not map are left (``docs/ninjs.md`` lists them).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

from newsml_codecs._article import ArticleParts, Block, Concept, Picture, is_uuid
from newsml_codecs._xmlchars import not_xml_character
from newsml_codecs.ninjs._html import html_blocks, text_blocks
from newsml_codecs.ninjs._write import (
    AUTHOR_REL,
    ITEM_URI_PREFIX,
    LEAD_ROLE,
    PICTURE_URI_PREFIX,
    PROVIDER_ROLE,
    SOURCE_GUID_ROLE,
    SUMMARY_ROLE,
)
from newsml_model import InvalidDocumentError, Node

T = TypeVar("T")


_HTML_TYPES = ("text/html", "application/xhtml+xml")
_NITF_TYPES = ("text/vnd.iptc.nitf", "application/nitf+xml", "application/vnd.iptc.nitf+xml")
_CREATORS = {AUTHOR_REL, "creator", "author", "photographer", "by"}


class _Object:
    """A JSON object whose properties are found without regard to case, with its JSON path."""

    __slots__ = ("path", "values")

    def __init__(self, value: object, path: str) -> None:
        if not isinstance(value, Mapping):
            raise InvalidDocumentError(f"expected an object, found {_json_type(value)}", path=path)
        self.path = path
        self.values: dict[str, tuple[str, Any]] = {}
        for key, inner in value.items():
            if not isinstance(key, str):
                raise InvalidDocumentError(
                    f"property names must be strings, found {key!r}", path=path
                )
            self.values.setdefault(key.lower(), (key, inner))

    def raw(self, name: str) -> tuple[str, Any] | None:
        return self.values.get(name.lower())

    def get(self, name: str, kind: type[T], what: str) -> T | None:
        found = self.raw(name)
        if found is None or found[1] is None:
            return None
        key, value = found
        # bool is an int to Python, never a number to JSON Schema.
        if not isinstance(value, kind) or isinstance(value, bool):
            raise InvalidDocumentError(
                f"expected {what}, found {_json_type(value)}", path=f"{self.path}.{key}"
            )
        if isinstance(value, str) and (bad := not_xml_character(value)) is not None:
            # The article is XML: a character it cannot carry is the input's fault, named here.
            message = (
                f"{bad.group(0)!r} at offset {bad.start()} is a character XML 1.0 cannot carry"
            )
            raise InvalidDocumentError(message, path=f"{self.path}.{key}")
        return value

    def text(self, name: str) -> str | None:
        return self.get(name, str, "a string")

    def objects(self, name: str) -> Iterator[_Object]:
        found = self.raw(name)
        if found is None or found[1] is None:
            return
        key, value = found
        if not isinstance(value, list):
            raise InvalidDocumentError(
                f"expected an array, found {_json_type(value)}", path=f"{self.path}.{key}"
            )
        for index, inner in enumerate(value):
            yield _Object(inner, f"{self.path}.{key}[{index}]")

    def prefixed(self, prefix: str) -> Iterator[tuple[str, str]]:
        """1.x's ``headline_main``, ``body_html``...: (suffix, text) in document order."""
        for lowered, (key, value) in self.values.items():
            if lowered.startswith(prefix) and isinstance(value, str):
                yield lowered[len(prefix) :], value
            elif lowered.startswith(prefix):
                raise InvalidDocumentError(
                    f"expected a string, found {_json_type(value)}", path=f"{self.path}.{key}"
                )


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object" if isinstance(value, Mapping) else type(value).__name__


def _concept(found: _Object) -> Concept:
    qcode = found.text("literal") or found.text("code")  # 1.x's code
    return Concept(title=found.text("name"), qcode=qcode, uri=found.text("uri"))


def _concepts(
    item: _Object, names: tuple[str, ...], keep: Callable[[_Object], bool] = lambda _: True
) -> tuple[Concept, ...]:
    return tuple(_concept(found) for name in names for found in item.objects(name) if keep(found))


def _is_author(found: _Object) -> bool:
    return (found.text("rel") or "").lower() in _CREATORS


def _role(found: _Object) -> str:
    return (found.text("role") or "").lower()


def _lead(value: str, content_type: str) -> tuple[Node, ...]:
    if content_type in _HTML_TYPES:
        blocks = html_blocks(f"<p>{value}</p>")
        return blocks[0].content if blocks else ()
    return (value,) if value else ()


def _descriptions(item: _Object) -> tuple[tuple[Node, ...], str | None]:
    lead: tuple[Node, ...] = ()
    summary: str | None = None
    for found in item.objects("descriptions"):
        value = found.text("value") or ""
        content_type = (found.text("contentType") or "").lower()
        if _role(found) == LEAD_ROLE and not lead:
            lead = _lead(value, content_type)
        elif summary is None and _role(found) in {SUMMARY_ROLE, "", "text", "summary", "abstract"}:
            summary = value
    for suffix, value in item.prefixed("description_"):
        if suffix in {LEAD_ROLE, f"{LEAD_ROLE}_html"} and not lead:
            lead = _lead(value, "text/html" if suffix.endswith("_html") else "")
        elif summary is None:
            summary = value
    return lead, summary


def _headline(item: _Object) -> str | None:
    headlines = list(item.objects("headlines"))
    main = next((h for h in headlines if _role(h) == "main"), headlines[0] if headlines else None)
    if main is not None:
        return main.text("value")
    prefixed = dict(item.prefixed("headline_"))
    if prefixed:
        return prefixed.get("main", next(iter(prefixed.values())))
    return item.text("headline") or item.text("title")


def _body(item: _Object) -> tuple[Block, ...]:
    html_body = nitf_body = text_body = None
    for found in item.objects("bodies"):
        content_type = (found.text("contentType") or "").lower().split(";")[0].strip()
        value = found.text("value") or ""
        if content_type in _HTML_TYPES and html_body is None:
            html_body = value
        elif content_type in _NITF_TYPES and nitf_body is None:
            nitf_body = value
        elif content_type in {"", "text/plain"} and text_body is None:
            text_body = value
    for suffix, value in item.prefixed("body_"):
        if suffix in {"html", "richtext", "xhtml"} and html_body is None:
            html_body = value
        elif text_body is None:
            text_body = value
    if html_body is not None:
        return html_blocks(html_body)
    if nitf_body is not None:
        return html_blocks(nitf_body)
    return () if text_body is None else text_blocks(text_body)


def _int(found: _Object, name: str) -> int | None:
    value = found.get(name, (int, float), "a number")  # type: ignore[arg-type]
    if isinstance(value, float) and not math.isfinite(value):
        # Python's JSON reader takes NaN, Infinity and 1e400; no count is one.
        raise InvalidDocumentError(
            f"expected a finite number, found {value}", path=f"{found.path}.{name}"
        )
    return None if value is None else int(value)


def _picture(found: _Object) -> Picture:
    descriptions = list(found.objects("descriptions"))
    caption = next((d for d in descriptions if _role(d) in {"caption", ""}), None)
    alt = next((d for d in descriptions if _role(d) in {"alternative", "alt", "alttext"}), None)
    described = dict(found.prefixed("description_"))  # 1.x
    raw = found.raw("renditions")
    if raw is not None and isinstance(raw[1], Mapping):
        # 1.x: an object of named renditions.
        named = _Object(raw[1], f"{found.path}.{raw[0]}")
        renditions = [_Object(value, f"{named.path}.{key}") for key, value in named.values.values()]
    else:
        renditions = list(found.objects("renditions"))
    rendition = renditions[0] if renditions else None
    uri = found.text("uri")
    return Picture(
        uri=None if uri is not None and uri.startswith(PICTURE_URI_PREFIX) else uri,
        href=None if rendition is None else rendition.text("href"),
        caption=described.get("caption") if caption is None else caption.text("value"),
        byline=found.text("by") or found.text("byline"),
        alt_text=described.get("alternative") if alt is None else alt.text("value"),
        width=None if rendition is None else _int(rendition, "width"),
        height=None if rendition is None else _int(rendition, "height"),
        mime=None
        if rendition is None
        else rendition.text("contentType") or rendition.text("mimetype"),
    )


def _associations(item: _Object) -> Iterator[_Object]:
    found = item.raw("associations")
    if found is not None and isinstance(found[1], Mapping):
        # 1.x: an object of named associations.
        container = _Object(found[1], f"{item.path}.{found[0]}")
        for key, value in container.values.values():
            yield _Object(value, f"{container.path}.{key}")
        return
    yield from item.objects("associations")


def _own_picture(item: _Object) -> tuple[Picture, ...]:
    """A picture item's own renditions, as the article's first picture."""
    kind = item.text("type")
    if item.raw("renditions") is None or kind not in {None, "picture", "graphic"}:
        return ()
    picture = _picture(item)
    if kind is None and not (picture.mime or "").startswith("image/"):
        return ()
    return (picture,)


def _pictures(item: _Object) -> tuple[Picture, ...]:
    return _own_picture(item) + tuple(
        _picture(found)
        for found in _associations(item)
        if (found.text("type") or "picture") in {"picture", "graphic"}
    )


def _source_guid(item: _Object) -> str | None:
    raw = item.raw("altIds")
    if raw is not None and isinstance(raw[1], Mapping):
        # 1.x: an object of ids by role.
        ids = _Object(raw[1], f"{item.path}.{raw[0]}")
        return ids.text(SOURCE_GUID_ROLE) or next(
            (ids.text(key) for key, _ in ids.values.values()), None
        )
    altids = list(item.objects("altIds"))
    chosen = next(
        (a for a in altids if _role(a) == SOURCE_GUID_ROLE), altids[0] if altids else None
    )
    return None if chosen is None else chosen.text("value")


def _urgency(item: _Object) -> int | None:
    value = _int(item, "urgency")
    return value if value is not None and 1 <= value <= 9 else None


def parts_of(value: object, path: str = "$") -> ArticleParts:
    """The article's parts of one ninjs object.

    Args:
        value: A ninjs object (a JSON-ready mapping).
        path: Its JSON path, for errors.

    Raises:
        InvalidDocumentError: `value` is no object, has no string ``uri``, or
            a mapped property has the wrong JSON type (the error names its path).
    """
    item = _Object(value, path)
    uri = item.text("uri")
    if uri is None:
        raise InvalidDocumentError("a ninjs object needs a uri", path=f"{path}.uri")
    own = uri[len(ITEM_URI_PREFIX) :] if uri.startswith(ITEM_URI_PREFIX) else None
    lead, description = _descriptions(item)
    people = ("people", "person")
    info_sources = [*item.objects("infoSources"), *item.objects("infosource")]
    provider = next(
        (s for s in info_sources if PROVIDER_ROLE in {_role(s), (s.text("rel") or "").lower()}),
        None,
    )
    return ArticleParts(
        guid=own if is_uuid(own) else None,
        headline=_headline(item),
        lead=lead,
        body=_body(item),
        pictures=_pictures(item),
        authors=_concepts(item, people, _is_author),
        byline=item.text("by") or item.text("byline"),
        description=description,
        slugline=item.text("slugline"),
        subjects=_concepts(item, ("subjects", "subject")),
        genres=_concepts(item, ("genres", "genre")),
        places=_concepts(item, ("places", "place")),
        organisations=_concepts(item, ("organisations", "organisation")),
        persons=_concepts(item, people, lambda found: not _is_author(found)),
        urgency=_urgency(item),
        language=item.text("language"),
        version_created=item.text("versionCreated"),
        first_created=item.text("firstCreated"),
        pub_status=item.text("pubStatus"),
        provider=None if provider is None else provider.text("name"),
        copyright_holder=item.text("copyrightHolder"),
        copyright_notice=item.text("copyrightNotice"),
        usage_terms=item.text("usageTerms"),
        ed_note=item.text("edNote"),
        source_guid=_source_guid(item),
        source_uri=None if own is not None and is_uuid(own) else uri,
        source_version=item.text("version"),
    )


__all__ = ["parts_of"]
