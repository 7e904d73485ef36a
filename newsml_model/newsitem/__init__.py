"""The news item API: every method of the Writer's ``api.newsItem`` as a pure function.

Names are the service description's in snake_case; parameters are ``item``
first, then the description's in order with the same defaults. Mutators
return a `newsml_model.Change` (the new item and its events; the input is
never modified); getters return records or values (``()`` / None when
absent, decision D12). Bad input raises `newsml_model.InvalidArgumentError`,
a missing target `newsml_model.NotFoundError`. Method by method:
``docs/api.md``.

`MUTATORS` and `GETTERS` name every function of each kind (for tests that
enumerate the API).
"""

import functools
from collections.abc import Callable
from typing import Concatenate, ParamSpec, TypeVar

from newsml_model._change import Change
from newsml_model._item import NewsItem
from newsml_model.newsitem._authors import (
    add_author,
    add_simple_author,
    get_authors,
    remove_author_by_title,
    remove_author_by_uuid,
    update_author_with_uuid,
)
from newsml_model.newsitem._common import check_item as _check_item
from newsml_model.newsitem._concept_update import (
    create_extended_geo_link,
    update_concept,
    update_concept_data,
    update_relational_links,
)
from newsml_model.newsitem._concepts import (
    add_category,
    add_concept_profile,
    add_content_profile,
    add_story,
    get_categories,
    get_concept_by_uuid,
    get_concept_sections,
    get_content_profiles,
    get_stories,
    update_concept_profile,
    update_content_profile,
    update_story,
)
from newsml_model.newsitem._ext import (
    delete_ext_property,
    get_ext_property,
    get_pub_start,
    get_pub_stop,
    remove_pub_start,
    remove_pub_stop,
    set_ext_property,
    set_pub_start,
    set_pub_stop,
)
from newsml_model.newsitem._language import (
    get_language_parts,
    get_locale,
    set_language,
)
from newsml_model.newsitem._links import (
    add_content_meta_link,
    add_link,
    add_tag,
    get_content_meta_link_by_type,
    get_link_by_type,
    get_link_by_type_and_rel,
    get_links_by_type,
    get_tags,
    update_link_rel,
    update_tag,
)
from newsml_model.newsitem._locations import (
    add_location,
    get_locations,
    update_location,
)
from newsml_model.newsitem._objects import (
    create_news_priority,
    get_content_meta_object_by_id,
    get_content_meta_objects_by_type,
    get_news_priority,
    get_pub_status,
    remove_content_meta_object,
    set_content_meta_object,
    set_news_priority,
    set_pub_status,
)
from newsml_model.newsitem._removals import (
    remove_all_links_by_type,
    remove_link_by_uri,
    remove_link_by_uuid,
    remove_link_by_uuid_and_rel,
    remove_link_content_meta_by_type_and_matching_filter,
    remove_link_content_meta_by_type_and_rel,
)
from newsml_model.newsitem._services import (
    add_channel,
    get_channels,
    get_main_channel,
    get_section,
    get_sections,
    remove_channel,
    remove_section,
    update_section,
)
from newsml_model.newsitem._whole import (
    get_content_created,
    get_content_modified,
    get_ed_note,
    get_first_created,
    get_guid,
    get_has_published_version,
    get_id_for_article,
    get_legacy_article_id,
    get_organisation,
    get_temporary_id,
    get_version_created,
    has_temporary_id,
    invalidate,
    replace_source,
    save,
    set_ed_note,
    set_guid,
    set_has_published_version,
    set_source,
    set_temporary_id,
)

_P = ParamSpec("_P")
_R = TypeVar("_R")

MUTATORS: tuple[str, ...] = (
    "add_author",
    "add_category",
    "add_channel",
    "add_concept_profile",
    "add_content_meta_link",
    "add_content_profile",
    "add_link",
    "add_location",
    "add_simple_author",
    "add_story",
    "add_tag",
    "create_extended_geo_link",
    "create_news_priority",
    "delete_ext_property",
    "invalidate",
    "remove_all_links_by_type",
    "remove_author_by_title",
    "remove_author_by_uuid",
    "remove_channel",
    "remove_content_meta_object",
    "remove_link_by_uri",
    "remove_link_by_uuid",
    "remove_link_by_uuid_and_rel",
    "remove_link_content_meta_by_type_and_matching_filter",
    "remove_link_content_meta_by_type_and_rel",
    "remove_pub_start",
    "remove_pub_stop",
    "remove_section",
    "replace_source",
    "save",
    "set_content_meta_object",
    "set_ed_note",
    "set_ext_property",
    "set_guid",
    "set_has_published_version",
    "set_language",
    "set_news_priority",
    "set_pub_start",
    "set_pub_status",
    "set_pub_stop",
    "set_source",
    "set_temporary_id",
    "update_author_with_uuid",
    "update_concept",
    "update_concept_data",
    "update_concept_profile",
    "update_content_profile",
    "update_link_rel",
    "update_location",
    "update_relational_links",
    "update_section",
    "update_story",
    "update_tag",
)
"""Names of the functions that return a `Change`."""

GETTERS: tuple[str, ...] = (
    "get_authors",
    "get_categories",
    "get_channels",
    "get_concept_by_uuid",
    "get_concept_sections",
    "get_content_created",
    "get_content_meta_link_by_type",
    "get_content_meta_object_by_id",
    "get_content_meta_objects_by_type",
    "get_content_modified",
    "get_content_profiles",
    "get_ed_note",
    "get_ext_property",
    "get_first_created",
    "get_guid",
    "get_has_published_version",
    "get_id_for_article",
    "get_language_parts",
    "get_legacy_article_id",
    "get_link_by_type",
    "get_link_by_type_and_rel",
    "get_links_by_type",
    "get_locale",
    "get_locations",
    "get_main_channel",
    "get_news_priority",
    "get_organisation",
    "get_pub_start",
    "get_pub_status",
    "get_pub_stop",
    "get_section",
    "get_sections",
    "get_stories",
    "get_tags",
    "get_temporary_id",
    "get_version_created",
    "has_temporary_id",
)
"""Names of the functions that return values."""


def _checked(
    fn: Callable[Concatenate[NewsItem, _P], _R],
) -> Callable[Concatenate[NewsItem, _P], _R]:
    """`fn` with the item checked first: the one check of the whole API."""

    @functools.wraps(fn)
    def call(item: NewsItem, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        if item.__class__ is not NewsItem:  # the common case costs one comparison
            _check_item(item)
        return fn(item, *args, **kwargs)

    return call


def _tracked(
    fn: Callable[Concatenate[NewsItem, _P], Change],
) -> Callable[Concatenate[NewsItem, _P], Change]:
    """`fn` with the item checked first, returning a `Change` that knows its ``original``."""

    @functools.wraps(fn)
    def call(item: NewsItem, /, *args: _P.args, **kwargs: _P.kwargs) -> Change:
        if item.__class__ is not NewsItem:
            _check_item(item)
        change = fn(item, *args, **kwargs)
        return Change(item=change.item, events=change.events, original=item)

    return call


# Every exported function checks its item here, once: given another kind
# (a ConceptItem...) or anything else, InvalidArgumentError names it. Every
# mutator's Change records the item it started from, for `Change.changed`.
for _name in GETTERS:
    globals()[_name] = _checked(globals()[_name])
for _name in MUTATORS:
    globals()[_name] = _tracked(globals()[_name])
del _name


__all__ = [
    "GETTERS",
    "MUTATORS",
    "add_author",
    "add_category",
    "add_channel",
    "add_concept_profile",
    "add_content_meta_link",
    "add_content_profile",
    "add_link",
    "add_location",
    "add_simple_author",
    "add_story",
    "add_tag",
    "create_extended_geo_link",
    "create_news_priority",
    "delete_ext_property",
    "get_authors",
    "get_categories",
    "get_channels",
    "get_concept_by_uuid",
    "get_concept_sections",
    "get_content_created",
    "get_content_meta_link_by_type",
    "get_content_meta_object_by_id",
    "get_content_meta_objects_by_type",
    "get_content_modified",
    "get_content_profiles",
    "get_ed_note",
    "get_ext_property",
    "get_first_created",
    "get_guid",
    "get_has_published_version",
    "get_id_for_article",
    "get_language_parts",
    "get_legacy_article_id",
    "get_link_by_type",
    "get_link_by_type_and_rel",
    "get_links_by_type",
    "get_locale",
    "get_locations",
    "get_main_channel",
    "get_news_priority",
    "get_organisation",
    "get_pub_start",
    "get_pub_status",
    "get_pub_stop",
    "get_section",
    "get_sections",
    "get_stories",
    "get_tags",
    "get_temporary_id",
    "get_version_created",
    "has_temporary_id",
    "invalidate",
    "remove_all_links_by_type",
    "remove_author_by_title",
    "remove_author_by_uuid",
    "remove_channel",
    "remove_content_meta_object",
    "remove_link_by_uri",
    "remove_link_by_uuid",
    "remove_link_by_uuid_and_rel",
    "remove_link_content_meta_by_type_and_matching_filter",
    "remove_link_content_meta_by_type_and_rel",
    "remove_pub_start",
    "remove_pub_stop",
    "remove_section",
    "replace_source",
    "save",
    "set_content_meta_object",
    "set_ed_note",
    "set_ext_property",
    "set_guid",
    "set_has_published_version",
    "set_language",
    "set_news_priority",
    "set_pub_start",
    "set_pub_status",
    "set_pub_stop",
    "set_source",
    "set_temporary_id",
    "update_author_with_uuid",
    "update_concept",
    "update_concept_data",
    "update_concept_profile",
    "update_content_profile",
    "update_link_rel",
    "update_location",
    "update_relational_links",
    "update_section",
    "update_story",
    "update_tag",
]
