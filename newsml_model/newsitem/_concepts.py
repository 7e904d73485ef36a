"""Stories, categories, content profiles, concept sections (description §4.5).

All are ``itemMeta > links > link`` of one type, any rel. The adders skip a
uuid that any itemMeta link already has (silently, no event); the updaters
change only the title.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Mapping
from typing import Any

from newsml_model import tree
from newsml_model._args import Category, ContentProfile, Story, coerce
from newsml_model._change import Change
from newsml_model._errors import NotFoundError
from newsml_model._item import NewsItem
from newsml_model._nodes import Link
from newsml_model.newsitem import _tree
from newsml_model.newsitem._common import changed, check_sender, check_str, unchanged
from newsml_model.newsitem._links import has_uuid
from newsml_model.shapes import ConceptRefMapping

STORY = "x-im/story"
CATEGORY = "x-im/category"
CONTENT_PROFILE = "x-im/content-profile"
CONCEPT_SECTION = "x-im/section"


def _of_type(item: NewsItem, type: str) -> tuple[Link, ...]:
    return tuple(link for link in _tree.links_of(item, "itemMeta") if link.type == type)


def _add(
    item: NewsItem, name: str, value: Any, cls: type[Any], type: str, label: str, field: str
) -> Change:
    sender = check_sender(name)
    argument = coerce(cls, value, field)
    if has_uuid(item, argument.uuid):
        return unchanged(item)
    new = Link(title=argument.title, uuid=argument.uuid, rel="subject", type=type)
    return changed(_tree.append_link(item, "itemMeta", new), sender, label, "add", argument)


def _update(
    item: NewsItem, name: str, value: Any, cls: type[Any], label: str, field: str
) -> Change:
    sender = check_sender(name)
    argument = coerce(cls, value, field)
    path, _found = _tree.first_link_with_uuid(item, "itemMeta", argument.uuid)
    if path is None:
        raise NotFoundError(f"Could not find linkNode with UUID: {argument.uuid}")
    item = tree.update_in(item, path, lambda old: tree.evolve(old, title=argument.title))
    return changed(item, sender, label, "update", argument)


def get_stories(item: NewsItem) -> tuple[Link, ...]:
    """The ``x-im/story`` links, document order."""
    return _of_type(item, STORY)


def add_story(
    item: NewsItem, name: str, story: Story | ConceptRefMapping | Mapping[str, Any]
) -> Change:
    """Append a story link (rel ``subject``) unless the uuid is linked; event ``story/add``.

    Raises:
        InvalidArgumentError: `story` lacks a uuid or title.
    """
    return _add(item, name, story, Story, STORY, "story", "story")


def update_story(
    item: NewsItem, name: str, story: Story | ConceptRefMapping | Mapping[str, Any]
) -> Change:
    """Set the title of the itemMeta link with the story's uuid; event ``story/update``.

    Raises:
        InvalidArgumentError: `story` lacks a uuid or title.
        NotFoundError: ``Could not find linkNode with UUID: <uuid>``.
    """
    return _update(item, name, story, Story, "story", "story")


def get_concept_sections(item: NewsItem) -> tuple[Link, ...]:
    """The ``x-im/section`` links, document order."""
    return _of_type(item, CONCEPT_SECTION)


def get_content_profiles(item: NewsItem) -> tuple[Link, ...]:
    """The ``x-im/content-profile`` links, document order."""
    return _of_type(item, CONTENT_PROFILE)


def add_content_profile(
    item: NewsItem,
    name: str,
    contentprofile: ContentProfile | ConceptRefMapping | Mapping[str, Any],
) -> Change:
    """Append a content-profile link unless the uuid is linked; event ``contentprofile/add``.

    Raises:
        InvalidArgumentError: `contentprofile` lacks a uuid or title.
    """
    return _add(
        item,
        name,
        contentprofile,
        ContentProfile,
        CONTENT_PROFILE,
        "contentprofile",
        "contentprofile",
    )


def add_concept_profile(
    item: NewsItem,
    name: str,
    contentprofile: ContentProfile | ConceptRefMapping | Mapping[str, Any],
) -> Change:
    """Deprecated alias of `add_content_profile`; emits ``DeprecationWarning``."""
    warnings.warn(
        "add_concept_profile is deprecated; use add_content_profile",
        DeprecationWarning,
        stacklevel=2,
    )
    return add_content_profile(item, name, contentprofile)


def update_content_profile(
    item: NewsItem,
    name: str,
    contentprofile: ContentProfile | ConceptRefMapping | Mapping[str, Any],
) -> Change:
    """Set the title of the link with the profile's uuid; event ``contentprofile/update``.

    Raises:
        InvalidArgumentError: `contentprofile` lacks a uuid or title.
        NotFoundError: ``Could not find linkNode with UUID: <uuid>``.
    """
    return _update(item, name, contentprofile, ContentProfile, "contentprofile", "contentprofile")


def update_concept_profile(
    item: NewsItem,
    name: str,
    contentprofile: ContentProfile | ConceptRefMapping | Mapping[str, Any],
) -> Change:
    """Deprecated alias of `update_content_profile`; emits ``DeprecationWarning``."""
    warnings.warn(
        "update_concept_profile is deprecated; use update_content_profile",
        DeprecationWarning,
        stacklevel=2,
    )
    return update_content_profile(item, name, contentprofile)


def get_categories(item: NewsItem) -> tuple[Link, ...]:
    """The ``x-im/category`` links, document order."""
    return _of_type(item, CATEGORY)


def add_category(
    item: NewsItem, name: str, category: Category | ConceptRefMapping | Mapping[str, Any]
) -> Change:
    """Append a category link unless the uuid is linked; event ``category/add``.

    Raises:
        InvalidArgumentError: `category` lacks a uuid or title.
    """
    return _add(item, name, category, Category, CATEGORY, "category", "category")


# A UUID (8-4-4-4-12 hex digits) names the same concept in either letter case.
_UUID = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")


def get_concept_by_uuid(item: NewsItem, uuid: str) -> Link | None:
    """The first ``itemMeta > links > link`` with `uuid` (any type), or None.

    A UUID is compared ignoring letter case (``B201E042-...`` finds the link
    written ``b201e042-...``, which is returned as written); any other string
    is compared exactly.
    """
    check_str(uuid, "uuid")
    found = _tree.first_link_with_uuid(item, "itemMeta", uuid)[1]
    if found is not None or not _UUID.fullmatch(uuid):
        return found
    lowered = uuid.lower()
    return _tree.first_child_link(
        item, "itemMeta", lambda link: (link.uuid or "").lower() == lowered
    )[1]
