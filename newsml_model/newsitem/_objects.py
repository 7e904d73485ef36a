"""Content-meta objects, news priority and publication status (description §4.4, §4.9).

Objects are read with the Writer's descendant selector ``contentMeta metadata
object``: any `ContentMetaObject` below a ``metadata`` container of
contentMeta. New objects go last into the first ``metadata`` container,
created when missing.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from newsml_model import tree
from newsml_model._args import PubStatus, coerce
from newsml_model._attributes import set_attribute
from newsml_model._change import Change
from newsml_model._errors import InvalidArgumentError
from newsml_model._item import NewsItem
from newsml_model._nodes import ContentMetaObject, Element, Link, Links, Metadata
from newsml_model.newsitem import _tree
from newsml_model.newsitem._common import changed, check_sender, check_str, unchanged
from newsml_model.shapes import ObjectMapping, PubStatusMapping

NEWS_VALUE = "x-im/newsvalue"
Path = tuple[int, ...]


_CONTAINERS = (Links, Link, Metadata)


def _below(node: Any, path: Path) -> Iterator[tuple[Path, ContentMetaObject]]:
    # Objects sit in metadata, in object > links > link > meta...: walk only
    # those typed containers (a generic `data` never holds one).
    for index, child in enumerate(node.children):
        kind = child.__class__
        if kind is ContentMetaObject:
            yield (*path, index), child
            if child.children:
                yield from _below(child, (*path, index))
        elif kind in _CONTAINERS:
            yield from _below(child, (*path, index))


def _objects(item: NewsItem) -> Iterator[tuple[Path, ContentMetaObject]]:
    index = _tree.section_index(item, "contentMeta")
    if index is None:
        return
    for container_index, container in enumerate(item.children[index].children):  # type: ignore[union-attr]
        if container.__class__ is Metadata and container.name == "metadata":
            yield from _below(container, (index, container_index))


def _first(
    item: NewsItem, *, id: str | None = None, type: str | None = None
) -> tuple[Path | None, ContentMetaObject | None]:
    for path, node in _objects(item):
        if (id is None or node.id == id) and (type is None or node.type == type):
            return path, node
    return None, None


def _replace(item: NewsItem, old: Path | None, new: ContentMetaObject) -> NewsItem:
    """The item without the object at `old` (if any) and `new` last in the first metadata."""
    item, container = _tree.ensure_metadata(item)
    if old is None:
        return tree.append_in(item, container, new)
    if old[:-1] == container:
        # The usual case, the old object sits in that same container: one
        # rebuild of the path instead of two.
        index = old[-1]
        return tree.update_in(
            item,
            container,
            lambda found: tree.with_children(
                found, (*found.children[:index], *found.children[index + 1 :], new)
            ),
        )
    return tree.append_in(tree.remove_in(item, old), container, new)


def _coerce_object(value: Any, field: str) -> ContentMetaObject:
    if value is None:
        raise InvalidArgumentError("Undefined value", field=field)
    return coerce(ContentMetaObject, value, field)


def get_content_meta_objects_by_type(
    item: NewsItem, object_type: str
) -> tuple[ContentMetaObject, ...]:
    """Every content-meta object of `object_type`, document order; ``()`` when none."""
    check_str(object_type, "object_type")
    return tuple(node for _path, node in _objects(item) if node.type == object_type)


def get_content_meta_object_by_id(item: NewsItem, id: str) -> ContentMetaObject | None:
    """The first content-meta object with that ``id``, or None."""
    check_str(id, "id")
    return _first(item, id=id)[1]


def set_content_meta_object(
    item: NewsItem, name: str, jxon_object: ContentMetaObject | ObjectMapping | Mapping[str, Any]
) -> Change:
    """Add the object last in metadata; one with the same id is removed first.

    Event ``contentmetaobject/set`` with the object as data.

    Raises:
        InvalidArgumentError: ``Undefined value`` (None), ``Jxon object
            missing @id attribute``, ``Jxon object missing @type attribute``,
            or a bad JXON mapping.
    """
    sender = check_sender(name)
    new = _coerce_object(jxon_object, "jxon_object")
    if new.id is None:
        raise InvalidArgumentError("Jxon object missing @id attribute", field="jxon_object.@id")
    if new.type is None:
        raise InvalidArgumentError("Jxon object missing @type attribute", field="jxon_object.@type")
    path, _old = _first(item, id=new.id)
    item = _replace(item, path, new)
    return changed(item, sender, "contentmetaobject", "set", new)


def remove_content_meta_object(item: NewsItem, name: str, id: str) -> Change:
    """Remove the first object with that id; event ``contentmetaobject/delete`` (data: id).

    Nothing found: unchanged, no event, no error.
    """
    sender = check_sender(name)
    check_str(id, "id")
    path, _old = _first(item, id=id)
    if path is None:
        return unchanged(item)
    return changed(tree.remove_in(item, path), sender, "contentmetaobject", "delete", id)


def get_news_priority(item: NewsItem) -> ContentMetaObject | None:
    """The first ``x-im/newsvalue`` object, or None."""
    return _first(item, type=NEWS_VALUE)[1]


def create_news_priority(
    item: NewsItem, name: str, news_priority: ContentMetaObject | ObjectMapping | Mapping[str, Any]
) -> Change:
    """Append a news-priority object (an existing one stays: duplicates possible).

    Event ``newsPriority/add`` whose data is the *first* newsvalue object
    afterwards, as the Writer sends. A missing metadata is created.
    """
    sender = check_sender(name)
    new = _coerce_object(news_priority, "news_priority")
    item, container = _tree.ensure_metadata(item)
    item = tree.append_in(item, container, new)
    return changed(item, sender, "newsPriority", "add", get_news_priority(item))


def set_news_priority(
    item: NewsItem, name: str, news_priority: ContentMetaObject | ObjectMapping | Mapping[str, Any]
) -> Change:
    """Replace the first newsvalue object by `news_priority`, appended last.

    The ``@type`` is not checked (as the Writer). Event ``newsPriority/update``
    whose data is the first newsvalue object afterwards.

    Raises:
        InvalidArgumentError: ``Undefined value`` (None) or a bad mapping.
    """
    sender = check_sender(name)
    new = _coerce_object(news_priority, "news_priority")
    path, _old = _first(item, type=NEWS_VALUE)
    item = _replace(item, path, new)
    return changed(item, sender, "newsPriority", "update", get_news_priority(item))


def _is_pub_status(node: Any) -> bool:
    return node.__class__ is Element and node.name == "pubStatus"


def get_pub_status(item: NewsItem) -> PubStatus | None:
    """``PubStatus(qcode)`` of ``itemMeta > pubStatus``; None when absent or without qcode."""
    meta = item.item_meta
    found = None if meta is None else meta.find("pubStatus")
    qcode = None if found is None else found.get("qcode")
    return None if qcode is None else PubStatus(qcode=qcode)


def set_pub_status(
    item: NewsItem, name: str, pub_status: PubStatus | PubStatusMapping | Mapping[str, Any]
) -> Change:
    """Set ``pubStatus/@qcode``, creating ``pubStatus`` last in itemMeta; event ``pubStatus/set``.

    Raises:
        InvalidArgumentError: `pub_status` lacks a string ``qcode``.
    """
    sender = check_sender(name)
    status = coerce(PubStatus, pub_status, "pub_status")
    item, path = _tree.ensure_section(item, "itemMeta")
    index = _tree.child_index(tree.get_in(item, path), _is_pub_status)
    if index is None:
        item = tree.append_in(
            item, path, Element(name="pubStatus", attributes=(("qcode", status.qcode),))
        )
    else:
        item = tree.update_in(
            item,
            (*path, index),
            lambda old: tree.evolve(
                old, attributes=set_attribute(old.attributes, "qcode", status.qcode)
            ),
        )
    return changed(item, sender, "pubStatus", "set", status)
