"""Links and tags: adders, updaters and getters (description §4.7).

Child selectors (``itemMeta > links > link``) unless a docstring says
"descendant". Descendant searches walk the typed records (``links``,
``link``, ``metadata``/``meta``, ``object``), not the inside of generic
elements such as ``data``, where NewsML puts no links. Getters return `Link` records: ``jxon.dump(link)`` is the
Writer's raw JSON, ``jxon.dump(link, normalize=True)`` its normalised one.
The `name` parameter of getters is the caller's plugin id; it is ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from newsml_model import tree
from newsml_model._args import Tag, coerce
from newsml_model._change import Change
from newsml_model._errors import InvalidArgumentError, NotFoundError
from newsml_model._item import NewsItem
from newsml_model._nodes import Link
from newsml_model.newsitem import _tree
from newsml_model.newsitem._common import (
    changed,
    check_bool,
    check_optional_str,
    check_sender,
    check_str,
    check_types,
    unchanged,
)
from newsml_model.shapes import LinkJxonMapping, LinkMapping, TagMapping


def _not_found_uuid(uuid: str | None) -> NotFoundError:
    return NotFoundError(f"Could not find linkNode with UUID: {uuid}")


def has_uuid(item: NewsItem, uuid: str) -> bool:
    """True when any ``itemMeta > links > link`` has that uuid (the adders' duplicate check)."""
    return _tree.first_link_with_uuid(item, "itemMeta", uuid)[0] is not None


def add_link(
    item: NewsItem,
    name: str,
    link: Link | LinkMapping | LinkJxonMapping | Mapping[str, Any],
    trigger_document_changed: bool = True,
) -> Change:
    """Append a link to ``itemMeta > links`` (created if missing, D3).

    `link` is a `Link` or a JXON mapping (``@rel``...; bare ``rel``, ``uuid``...
    are read as attributes too). When the first link with the same uuid has
    the same rel, nothing happens. Event ``link/add`` (data and node: the new
    link) unless `trigger_document_changed` is false.

    Raises:
        InvalidArgumentError: A bad link mapping or flag.
    """
    sender = check_sender(name)
    new = coerce(Link, link, "link")
    trigger = check_bool(trigger_document_changed, "trigger_document_changed")
    if new.uuid is not None:
        _path, first = _tree.first_link_with_uuid(item, "itemMeta", new.uuid)
        if first is not None and first.rel == new.rel:
            return unchanged(item)
    item = _tree.append_link(item, "itemMeta", new)
    return changed(item, sender, "link", "add", new, node=new) if trigger else unchanged(item)


def add_content_meta_link(
    item: NewsItem, name: str, link: Link | LinkMapping | LinkJxonMapping | Mapping[str, Any]
) -> Change:
    """Append a link to ``contentMeta > links`` (created if missing); no duplicate check.

    Event ``link/add`` (data and node: the new link).
    """
    sender = check_sender(name)
    new = coerce(Link, link, "link")
    item = _tree.append_link(item, "contentMeta", new)
    return changed(item, sender, "link", "add", new, node=new)


def update_link_rel(
    item: NewsItem, name: str, link: Link | LinkMapping | LinkJxonMapping | Mapping[str, Any]
) -> Change:
    """Set the rel of the first itemMeta link with ``link.uuid``; event ``<link.type>/update``.

    The event type is the argument's type, ``""`` when it has none.

    Raises:
        InvalidArgumentError: The link has no uuid or no rel.
        NotFoundError: ``Could not find linkNode with UUID: <uuid>``.
    """
    sender = check_sender(name)
    argument = coerce(Link, link, "link")
    if argument.uuid is None:
        raise InvalidArgumentError("link needs a uuid", field="link.uuid")
    if argument.rel is None:
        raise InvalidArgumentError("link needs a rel", field="link.rel")
    path, _found = _tree.first_link_with_uuid(item, "itemMeta", argument.uuid)
    if path is None:
        raise _not_found_uuid(argument.uuid)
    item = tree.update_in(item, path, lambda old: tree.evolve(old, rel=argument.rel))
    return changed(item, sender, argument.type or "", "update", argument)


def get_links_by_type(
    item: NewsItem, types: list[str], subject: str = "subject"
) -> tuple[Link, ...]:
    """``itemMeta > links > link`` with a type in `types` and rel `subject`, document order.

    A falsy `subject` means ``subject``; ``[]`` gives ``()``. The
    Writer's ``getLinksByType(name, types, subject)`` takes a plugin name it
    never uses; this getter does not (the other parameters keep its order).

    Raises:
        InvalidArgumentError: ``Argument types is not of type: array``.
    """
    wanted = check_types(types)
    rel = check_optional_str(subject, "subject") or "subject"
    return tuple(
        link for link in _tree.links_of(item, "itemMeta") if link.rel == rel and link.type in wanted
    )


def get_tags(item: NewsItem, types: list[str]) -> tuple[Link, ...]:
    """Tag links: ``itemMeta > links > link`` with rel ``subject`` and a type in `types`.

    Raises:
        InvalidArgumentError: `types` is not a list of strings.
    """
    return get_links_by_type(item, types, "subject")


def get_link_by_type_and_rel(item: NewsItem, type: str, rel: str) -> tuple[Link, ...]:
    """``itemMeta > links > link`` with that type and rel (child selector).

    The Writer's unused ``name`` parameter is not taken (the others keep its order).
    """
    check_str(type, "type")
    check_str(rel, "rel")
    return tuple(
        link for link in _tree.links_of(item, "itemMeta") if link.type == type and link.rel == rel
    )


def _descendant_links(item: NewsItem, section: str, type: str) -> tuple[Link, ...]:
    check_str(type, "type")
    index = _tree.section_index(item, section)
    if index is None:
        return ()
    found: list[Link] = []
    _tree.collect_links(item.children[index], type, found)
    return tuple(found)


def get_link_by_type(item: NewsItem, type: str) -> tuple[Link, ...]:
    """Every link of that type *below* itemMeta (descendant: nested links too).

    The Writer's unused ``name`` parameter is not taken.
    """
    return _descendant_links(item, "itemMeta", type)


def get_content_meta_link_by_type(item: NewsItem, type: str) -> tuple[Link, ...]:
    """Every link of that type *below* contentMeta (descendant: object links too).

    The Writer's unused ``name`` parameter is not taken.
    """
    return _descendant_links(item, "contentMeta", type)


def _tag_link(tag: Tag, old: Link | None = None) -> Link:
    if old is None:
        return Link(title=tag.title, uuid=tag.uuid, rel=tag.rel, type=tag.type)
    return tree.evolve(old, title=tag.title, rel=tag.rel, type=tag.type)


def add_tag(item: NewsItem, name: str, tag: Tag | TagMapping | Mapping[str, Any]) -> Change:
    """Append a tag link (title, uuid, rel ``subject``, type) unless the uuid is linked already.

    `tag` is a `Tag` or a mapping: the concept-search shape (``name[0]``,
    ``imType[0]`` else ``type[0]``) or ``{title, type, uuid}``. Event
    ``tag/add`` (data: the tag, node: the new link) only when added.

    Raises:
        InvalidArgumentError: A bad tag (uuid and title are required).
    """
    sender = check_sender(name)
    argument = coerce(Tag, tag, "tag")
    if has_uuid(item, argument.uuid):
        return unchanged(item)
    new = _tag_link(argument)
    return changed(
        _tree.append_link(item, "itemMeta", new), sender, "tag", "add", argument, node=new
    )


def update_tag(
    item: NewsItem, name: str, uuid: str, tag: Tag | TagMapping | Mapping[str, Any]
) -> Change:
    """Set title, rel and type of the first itemMeta link with `uuid`; event ``tag/update``.

    Raises:
        InvalidArgumentError: A bad tag.
        NotFoundError: ``Could not find linkNode with UUID: <uuid>``.
    """
    sender = check_sender(name)
    check_str(uuid, "uuid")
    value: Any = tag
    if isinstance(tag, Mapping) and "uuid" not in tag:
        value = {**tag, "uuid": uuid}
    argument = coerce(Tag, value, "tag")
    path, found = _tree.first_link_with_uuid(item, "itemMeta", uuid)
    if path is None or found is None:
        raise _not_found_uuid(uuid)
    new = _tag_link(argument, found)
    item = tree.update_in(item, path, lambda _old: new)
    return changed(item, sender, "tag", "update", argument, node=new)


def child_link_paths(
    item: NewsItem, section: str, predicate: Any
) -> list[tuple[tuple[int, ...], Link]]:
    """All ``section > links > link`` matching `predicate`, with their paths."""
    return [(path, link) for path, link in _tree.child_links(item, section) if predicate(link)]
