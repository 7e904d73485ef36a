"""An article's parts as a ninjs object, 3.x names or 2.x names (internal).

The object is built with ninjs 3.x's property names; `for_version` renames
them for 2.x (lower case, ``embargoedUntil`` -> ``embargoed``). Nothing
empty is written: ninjs's only required property is ``uri``.
"""

from __future__ import annotations

from typing import Any

from newsml_codecs._article import ArticleParts, Concept, Picture, article_guid
from newsml_codecs._formats import is_date_time
from newsml_codecs.ninjs._html import body_html, body_text, inline_html

AUTHOR_REL = "author"
"""The ``rel`` of a ``people`` entry that is an author of the item."""
LEAD_ROLE = "lead"
"""The ``role`` of the ``descriptions`` entry that is the article's lead (ingress)."""
SUMMARY_ROLE = "summary"
"""The ``role`` of the ``descriptions`` entry that is ``contentMeta > description``."""
SOURCE_GUID_ROLE = "guid"
"""The ``role`` of the ``altIds`` entry that is the source's identifier."""
PROVIDER_ROLE = "provider"
"""The ``role`` of the ``infoSources`` entry that is the item's provider."""
PICTURE_URI_PREFIX = "urn:newsml-model:picture:"
"""How a picture without a URI is named (ninjs needs one; `load` reads it as none)."""
ITEM_URI_PREFIX = "im://article/"
"""How an article without a source URI is named: the Writer's own ``imext:uri``."""


_SCALARS = (
    ("version", "source_version"),
    ("pubStatus", "pub_status"),
    ("urgency", "urgency"),
    ("copyrightHolder", "copyright_holder"),
    ("copyrightNotice", "copyright_notice"),
    ("usageTerms", "usage_terms"),
    ("edNote", "ed_note"),
    ("language", "language"),
    ("by", "byline"),
    ("slugline", "slugline"),
    ("title", "headline"),
)
"""ninjs properties written as they are from an `ArticleParts` field."""


def _set(target: dict[str, Any], name: str, value: object) -> None:
    if value is not None and value != [] and value != "":
        target[name] = value


def _concept(concept: Concept, rel: str | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {}
    _set(found, "name", concept.title)
    _set(found, "rel", rel)
    _set(found, "uri", concept.uri)
    _set(found, "literal", concept.qcode)
    return found


def _picture(index: int, picture: Picture) -> dict[str, Any]:
    association: dict[str, Any] = {
        "name": f"picture{index + 1}",
        "uri": picture.uri or picture.href or f"{PICTURE_URI_PREFIX}{index + 1}",
        "type": "picture",
        "representationType": "partial",
    }
    _set(association, "by", picture.byline)
    descriptions = []
    if picture.caption is not None:
        descriptions.append({"role": "caption", "value": picture.caption})
    if picture.alt_text is not None:
        descriptions.append({"role": "alternative", "value": picture.alt_text})
    _set(association, "descriptions", descriptions)
    rendition: dict[str, Any] = {}
    _set(rendition, "href", picture.href)
    _set(rendition, "contentType", picture.mime)
    _set(rendition, "width", picture.width)
    _set(rendition, "height", picture.height)
    if rendition:
        association["renditions"] = [{"name": "original", **rendition}]
    return association


def ninjs_object(parts: ArticleParts, version: str) -> dict[str, Any]:
    """The ninjs object of `parts` with ninjs 3.x's property names.

    Args:
        parts: The article's parts.
        version: The ninjs version the object declares in ``standard``.

    Returns:
        A JSON-ready dict; the source's URI (or ``im://article/<guid>``) as
        ``uri``, ``type: text``, and every part that is set.
    """
    found: dict[str, Any] = {
        "uri": parts.source_uri or f"{ITEM_URI_PREFIX}{article_guid(parts)}",
        "type": "text",
        "representationType": "full",
        "standard": {
            "name": "ninjs",
            "version": version,
            "schema": f"http://www.iptc.org/std/ninjs/ninjs-schema_{version}.json",
        },
    }
    for name, field in _SCALARS:
        _set(found, name, getattr(parts, field))
    for name, field in (("firstCreated", "first_created"), ("versionCreated", "version_created")):
        value = getattr(parts, field)
        # ninjs's times are RFC 3339 date-times: a source's other text is not written.
        _set(found, name, value if value is not None and is_date_time(value) else None)
    if parts.headline is not None:
        found["headlines"] = [{"role": "main", "value": parts.headline}]
    descriptions = []
    if parts.lead:
        descriptions.append(
            {"role": LEAD_ROLE, "contentType": "text/html", "value": inline_html(parts.lead)}
        )
    if parts.description is not None:
        descriptions.append({"role": SUMMARY_ROLE, "value": parts.description})
    _set(found, "descriptions", descriptions)
    if parts.body:
        found["bodies"] = [
            {"role": "html", "contentType": "text/html", "value": body_html(parts.body)},
            {"role": "text", "contentType": "text/plain", "value": body_text(parts.body)},
        ]
    _set(found, "associations", [_picture(n, picture) for n, picture in enumerate(parts.pictures)])
    people = [_concept(author, AUTHOR_REL) for author in parts.authors]
    people.extend(_concept(person) for person in parts.persons)
    _set(found, "people", people)
    _set(found, "organisations", [_concept(org) for org in parts.organisations])
    _set(found, "places", [_concept(place) for place in parts.places])
    _set(found, "subjects", [_concept(subject) for subject in parts.subjects])
    _set(found, "genres", [_concept(genre) for genre in parts.genres])
    if parts.source_guid is not None:
        found["altIds"] = [{"role": SOURCE_GUID_ROLE, "value": parts.source_guid}]
    if parts.provider is not None:
        found["infoSources"] = [{"name": parts.provider, "role": PROVIDER_ROLE}]
    return found


_RENAMED_2X = {"embargoedUntil": "embargoed"}


def _lower(value: Any) -> Any:
    if isinstance(value, dict):
        return {_RENAMED_2X.get(key, key.lower()): _lower(inner) for key, inner in value.items()}
    if isinstance(value, list):
        return [_lower(inner) for inner in value]
    return value


def for_version(found: dict[str, Any], version: str) -> dict[str, Any]:
    """`found` (3.x names) with the property names of ninjs `version` (2.x: lower case; 1.x: its own)."""
    if version.startswith("1."):
        return version_1x(found, version)
    return found if version.startswith("3.") else _lower(found)


__all__ = [
    "AUTHOR_REL",
    "ITEM_URI_PREFIX",
    "LEAD_ROLE",
    "PICTURE_URI_PREFIX",
    "PROVIDER_ROLE",
    "SOURCE_GUID_ROLE",
    "SUMMARY_ROLE",
    "for_version",
    "ninjs_object",
]


def _concepts_1x(entries: list[dict[str, Any]], keep_rel: bool = True) -> list[dict[str, Any]]:
    # 1.x names a concept by scheme and code: no uri (it is not carried).
    found = []
    for entry in entries:
        one: dict[str, Any] = {}
        _set(one, "name", entry.get("name"))
        _set(one, "rel", entry.get("rel") if keep_rel else None)
        _set(one, "code", entry.get("literal"))
        found.append(one)
    return found


def _association_1x(association: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = {"uri": association["uri"], "type": association["type"]}
    _set(found, "byline", association.get("by"))
    for description in association.get("descriptions", []):
        found[f"description_{description['role']}"] = description["value"]
    renditions = {}
    for rendition in association.get("renditions", []):
        one = {key.lower(): value for key, value in rendition.items() if key != "name"}
        if "contenttype" in one:
            one["mimetype"] = one.pop("contenttype")
        renditions[rendition["name"]] = one
    _set(found, "renditions", renditions or None)
    return found


_SAME_1X = (
    *("uri", "type", "version", "firstCreated", "versionCreated", "pubStatus", "urgency"),
    *(
        "copyrightHolder",
        "copyrightNotice",
        "usageTerms",
        "edNote",
        "language",
        "slugline",
        "title",
    ),
)
_CONCEPTS_1X = (
    ("people", "person"),
    ("organisations", "organisation"),
    ("places", "place"),
    ("subjects", "subject"),
)


def version_1x(found: dict[str, Any], version: str) -> dict[str, Any]:
    """`found` (3.x names) as ninjs 1.x: singular names, ``headline``, ``body_*``, named associations.

    1.x has no URI for a concept (``scheme`` and ``code`` only): concepts' URIs are not written.
    """
    out: dict[str, Any] = {key.lower(): found[key] for key in _SAME_1X if key in found}
    out["$standard"] = {"name": "ninjs", "version": version, "schema": found["standard"]["schema"]}
    _set(out, "byline", found.get("by"))
    headlines = found.get("headlines", [])
    _set(out, "headline", headlines[0]["value"] if headlines else None)
    for description in found.get("descriptions", []):
        suffix = "lead_html" if description["role"] == LEAD_ROLE else description["role"]
        out[f"description_{suffix}"] = description["value"]
    for body in found.get("bodies", []):
        out[f"body_{body['role']}"] = body["value"]
    for plural, singular in _CONCEPTS_1X:
        _set(out, singular, _concepts_1x(found.get(plural, [])))
    _set(out, "genre", _concepts_1x(found.get("genres", []), keep_rel=False))
    associations = {a["name"]: _association_1x(a) for a in found.get("associations", [])}
    _set(out, "associations", associations or None)
    _set(out, "altids", {a["role"]: a["value"] for a in found.get("altIds", [])} or None)
    sources = [{"name": s["name"], "rel": s["role"]} for s in found.get("infoSources", [])]
    _set(out, "infosource", sources)
    return out
