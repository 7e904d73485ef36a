"""Link removals (description §4.7), with the Writer's messages and events.

Events carry the removed `Link` record as `node` (the Writer's link summary).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from newsml_model import tree
from newsml_model._change import Change, DocumentChanged
from newsml_model._errors import InvalidArgumentError, NotFoundError
from newsml_model._item import NewsItem
from newsml_model._nodes import Link
from newsml_model.newsitem import _tree
from newsml_model.newsitem._common import changed, check_sender, check_str
from newsml_model.newsitem._links import child_link_paths


def _remove_first(
    item: NewsItem, predicate: Callable[[Link], bool], error: str
) -> tuple[NewsItem, Link]:
    path, found = _tree.first_child_link(item, "itemMeta", predicate)
    if path is None or found is None:
        raise NotFoundError(error)
    return tree.remove_in(item, path), found


def remove_link_by_uuid(item: NewsItem, name: str, uuid: str) -> Change:
    """Remove the first itemMeta link with `uuid`; event ``tag/delete`` (data: uuid) whatever its type.

    Raises:
        NotFoundError: ``Could not find linkNode with UUID: <uuid>``.
    """
    sender = check_sender(name)
    check_str(uuid, "uuid")
    item, found = _remove_first(
        item, lambda link: link.uuid == uuid, f"Could not find linkNode with UUID: {uuid}"
    )
    return changed(item, sender, "tag", "delete", uuid, node=found)


def remove_link_by_uri(item: NewsItem, name: str, uri: str) -> Change:
    """Remove the first itemMeta link with `uri`; event ``link/delete`` (data: uri).

    Raises:
        NotFoundError: ``Could not find linkNode with uri: <uri>``.
    """
    sender = check_sender(name)
    check_str(uri, "uri")
    item, found = _remove_first(
        item, lambda link: link.uri == uri, f"Could not find linkNode with uri: {uri}"
    )
    return changed(item, sender, "link", "delete", uri, node=found)


def remove_link_by_uuid_and_rel(item: NewsItem, name: str, uuid: str, rel: str) -> Change:
    """Remove the first itemMeta link with `uuid` and `rel`; event ``link/delete`` (data: rel).

    Raises:
        NotFoundError: ``Could not find linkNode with UUID: <uuid>``.
    """
    sender = check_sender(name)
    check_str(uuid, "uuid")
    check_str(rel, "rel")
    item, found = _remove_first(
        item,
        lambda link: link.uuid == uuid and link.rel == rel,
        f"Could not find linkNode with UUID: {uuid}",
    )
    return changed(item, sender, "link", "delete", rel, node=found)


def remove_all_links_by_type(item: NewsItem, name: str, type: str) -> Change:
    """Remove every itemMeta link of `type`; one ``link/delete-all`` event, always.

    The event's data is the type and `nodes` the removed links (maybe none).
    """
    sender = check_sender(name)
    check_str(type, "type")
    matches = child_link_paths(item, "itemMeta", lambda link: link.type == type)
    item = _tree.remove_all(item, [path for path, _link in matches])
    return changed(
        item, sender, "link", "delete-all", type, nodes=tuple(link for _p, link in matches)
    )


def _remove_each(item: NewsItem, sender: str, matches: list[Any], data: str) -> Change:
    item = _tree.remove_all(item, [path for path, _link in matches])
    events = tuple(
        DocumentChanged(sender=sender, type="link", action="delete", data=data, node=link)
        for _path, link in matches
    )
    return Change(item=item, events=events)


def remove_link_content_meta_by_type_and_rel(
    item: NewsItem, name: str, type: str, rel: str
) -> Change:
    """Remove every ``contentMeta > links > link`` of `type` and `rel`; one ``link/delete`` each.

    Raises:
        NotFoundError: ``Could not find linkNode with type: <type>and rel: <rel>``.
    """
    sender = check_sender(name)
    check_str(type, "type")
    check_str(rel, "rel")
    matches = child_link_paths(
        item, "contentMeta", lambda link: link.type == type and link.rel == rel
    )
    if not matches:
        raise NotFoundError(f"Could not find linkNode with type: {type}and rel: {rel}")
    return _remove_each(item, sender, matches, rel)


def remove_link_content_meta_by_type_and_matching_filter(
    item: NewsItem, name: str, type: str, filter: Callable[[Link], Any]
) -> Change:
    """Remove the ``contentMeta > links > link`` of `type` for which ``filter(link)`` is truthy.

    `filter` gets the immutable `Link` record (``link.uri`` where the Writer's
    plugins call ``getAttribute('uri')``). One ``link/delete`` (data: type)
    per removed link; none matching is fine.

    Raises:
        InvalidArgumentError: `filter` is not callable.
    """
    sender = check_sender(name)
    check_str(type, "type")
    if not callable(filter):
        raise InvalidArgumentError("filter must be callable", field="filter")
    matches = child_link_paths(item, "contentMeta", lambda link: link.type == type and filter(link))
    return _remove_each(item, sender, matches, type)
