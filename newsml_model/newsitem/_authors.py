"""Authors: ``x-im/author`` links in ``itemMeta > links`` (description §4.6)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from newsml_model import tree
from newsml_model._args import AUTHOR_DATA_FIELDS, NIL_UUID, Author, coerce
from newsml_model._change import Change
from newsml_model._errors import InvalidArgumentError, NotFoundError
from newsml_model._item import NewsItem
from newsml_model._nodes import Element, Link
from newsml_model.newsitem import _tree
from newsml_model.newsitem._common import changed, check_sender, check_str, unchanged
from newsml_model.newsitem._links import has_uuid
from newsml_model.shapes import AuthorMapping

AUTHOR = "x-im/author"


def get_authors(item: NewsItem) -> tuple[Link, ...]:
    """The ``x-im/author`` links of ``itemMeta > links`` (any rel), de-duplicated.

    A later author is dropped when an earlier kept one matches it: by title
    when the kept one has the nil uuid (a simple author), else by uuid.
    """
    kept: list[Link] = []
    for link in _tree.links_of(item, "itemMeta"):
        if link.type != AUTHOR:
            continue
        if any(
            (k.title == link.title) if k.uuid == NIL_UUID else (k.uuid == link.uuid) for k in kept
        ):
            continue
        kept.append(link)
    return tuple(kept)


def _author_link(title: str, uuid: str) -> Link:
    return Link(title=title, uuid=uuid, rel="author", type=AUTHOR)


def add_author(
    item: NewsItem, name: str, author: Author | AuthorMapping | Mapping[str, Any]
) -> Change:
    """Append a known author link unless its uuid is linked already; event ``author/add``.

    Raises:
        InvalidArgumentError: The author lacks a name or a uuid.
    """
    sender = check_sender(name)
    argument = coerce(Author, author, "author")
    if argument.uuid is None:
        raise InvalidArgumentError("author needs a uuid", field="author.uuid")
    if has_uuid(item, argument.uuid):
        return unchanged(item)
    item = _tree.append_link(item, "itemMeta", _author_link(argument.name, argument.uuid))
    return changed(item, sender, "author", "add", argument)


def add_simple_author(
    item: NewsItem, name: str, author: Author | AuthorMapping | Mapping[str, Any] | str
) -> Change:
    """Append a simple author link (no duplicate check); event ``author/add``.

    `author` is a name string (Writer) or an `Author`/mapping (description);
    the uuid is the author's, else the nil uuid. The event data is the
    argument (the string, or the `Author`).

    Raises:
        InvalidArgumentError: Neither a string nor an author.
    """
    sender = check_sender(name)
    data: Any
    if isinstance(author, str):
        title, uuid, data = author, NIL_UUID, author
    else:
        data = coerce(Author, author, "author")
        title, uuid = data.name, data.uuid or NIL_UUID
    item = _tree.append_link(item, "itemMeta", _author_link(title, uuid))
    return changed(item, sender, "author", "add", data)


def _author_path(item: NewsItem, uuid: str) -> tuple[Any, Any]:
    return _tree.first_child_link(
        item, "itemMeta", lambda link: link.type == AUTHOR and link.uuid == uuid
    )


def update_author_with_uuid(
    item: NewsItem, name: str, uuid: str, author: Author | AuthorMapping | Mapping[str, Any]
) -> Change:
    """Rewrite the author link with `uuid`: title, and a fresh ``data`` block.

    The first ``data`` below the link is removed; when the author has any of
    email, firstName, lastName, phone, facebookUrl, twitterUrl,
    shortDescription, longDescription, a new ``data`` with one child per
    field (that order) is appended and ``author/update`` (node: the link) is
    emitted; otherwise no event.

    Raises:
        InvalidArgumentError: A bad author.
        NotFoundError: ``Could not find authorNode with UUID: <uuid>``.
    """
    sender = check_sender(name)
    check_str(uuid, "uuid")
    argument = coerce(Author, author, "author")
    path, found = _author_path(item, uuid)
    if path is None:
        raise NotFoundError(f"Could not find authorNode with UUID: {uuid}")
    children = _tree.without_first_named(found, "data")
    fields = tuple(
        Element(name=key, children=(value,))
        for attr, key in AUTHOR_DATA_FIELDS
        if (value := getattr(argument, attr))
    )
    if fields:
        children = (*children, Element(name="data", children=fields))
    new = tree.evolve(found, title=argument.name, children=children)
    item = tree.update_in(item, path, lambda _old: new)
    if not fields:
        return unchanged(item)
    return changed(item, sender, "author", "update", argument, node=new)


def remove_author_by_uuid(item: NewsItem, name: str, uuid: str) -> Change:
    """Remove the first author link with `uuid`; event ``author/delete`` (data: the removed link).

    Raises:
        NotFoundError: ``Could not find authorNode with UUID: <uuid>``.
    """
    sender = check_sender(name)
    check_str(uuid, "uuid")
    path, found = _author_path(item, uuid)
    if path is None:
        raise NotFoundError(f"Could not find authorNode with UUID: {uuid}")
    return changed(tree.remove_in(item, path), sender, "author", "delete", found)


def remove_author_by_title(item: NewsItem, name: str, author_name: str) -> Change:
    """Remove the first author link whose title is exactly `author_name`.

    Event ``author/delete`` (data: the name).

    Raises:
        NotFoundError: ``Could not find authorNode with title: <authorName>``.
    """
    sender = check_sender(name)
    check_str(author_name, "author_name")
    path, _found = _tree.first_child_link(
        item, "itemMeta", lambda link: link.type == AUTHOR and link.title == author_name
    )
    if path is None:
        raise NotFoundError(f"Could not find authorNode with title: {author_name}")
    return changed(tree.remove_in(item, path), sender, "author", "delete", author_name)
