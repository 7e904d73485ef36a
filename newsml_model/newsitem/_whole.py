"""Whole-article methods (description §4.3): source, guid, ids, dates, edNote, flags."""

from __future__ import annotations

import warnings
from datetime import datetime
from typing import Any

import attrs

from newsml_model import tree
from newsml_model._args import Organisation
from newsml_model._attributes import set_attribute
from newsml_model._change import Change, DocumentInvalidated, DocumentValidated
from newsml_model._errors import InvalidArgumentError
from newsml_model._item import NewsItem
from newsml_model._nodes import Element, ExtProperty, Link
from newsml_model.newsitem import _tree
from newsml_model.newsitem._common import (
    changed,
    check_optional_str,
    check_sender,
    unchanged,
)

HAS_PUBLISHED_VERSION = "imext:haspublishedversion"
# The description's misspelling, still read.
HAS_PUBLISHED_VERSION_TYPO = "imext:haspublihedversion"
LEGACY_ARTICLE_ID = "npext:articleid"


def replace_source(item: NewsItem, source: NewsItem, etag: str | None = None) -> Change:
    """Replace the whole article by `source`, an already parsed item. No event.

    Args:
        item: The current item (only checked).
        source: The new item (``newsml.loads`` of the incoming XML).
        etag: The etag it was loaded with; kept on the new item's ``etag``.

    Raises:
        InvalidArgumentError: `source` is not a `NewsItem` or `etag` not a string.
    """
    if not isinstance(source, NewsItem):
        raise InvalidArgumentError(
            f"source must be a parsed NewsItem, not {type(source).__name__}", field="source"
        )
    etag = check_optional_str(etag, "etag")
    return Change(item=attrs.evolve(source, etag=etag))


def set_source(
    item: NewsItem, news_ml: NewsItem, writer_config: Any = None, etag: str | None = None
) -> Change:
    """Deprecated alias of `replace_source`; emits ``DeprecationWarning``.

    Raises:
        InvalidArgumentError: As `replace_source`; also a `writer_config`
            (the Writer's "parse only" branch is not ported).
    """
    warnings.warn("set_source is deprecated; use replace_source", DeprecationWarning, stacklevel=2)
    if writer_config is not None:
        raise InvalidArgumentError("writer_config is not supported", field="writer_config")
    return replace_source(item, news_ml, etag)


def invalidate(item: NewsItem) -> Change:
    """Mark the item invalid: ``invalid=True`` and `DocumentInvalidated` from ``__internal``."""
    return Change(
        item=attrs.evolve(item, invalid=True),
        events=(DocumentInvalidated(sender="__internal"),),
    )


def get_guid(item: NewsItem) -> str | None:
    """The root ``guid`` attribute, or None."""
    return item.guid


def set_guid(item: NewsItem, uuid: str | None) -> Change:
    """Set the root ``guid``; None or ``""`` removes it. No event.

    Raises:
        InvalidArgumentError: `uuid` is neither a string nor None.
    """
    uuid = check_optional_str(uuid, "uuid") or None
    return Change(item=attrs.evolve(item, attributes=set_attribute(item.attributes, "guid", uuid)))


def get_temporary_id(item: NewsItem) -> str | None:
    """The temporary id of a new, unsaved article, or None."""
    return item.temporary_id


def set_temporary_id(item: NewsItem, temporary_article_id: str | None) -> Change:
    """Set the temporary id; None or ``""`` clears it. No event.

    Raises:
        InvalidArgumentError: Neither a string nor None.
    """
    value = check_optional_str(temporary_article_id, "temporary_article_id") or None
    return Change(item=attrs.evolve(item, temporary_id=value))


def has_temporary_id(item: NewsItem) -> bool:
    """True iff a temporary id is set."""
    return item.temporary_id is not None


def get_id_for_article(item: NewsItem) -> str | None:
    """The temporary id if set, else the guid."""
    return item.temporary_id if item.temporary_id is not None else item.guid


def _ext_value(item: NewsItem, *types: str) -> str | None:
    meta = item.item_meta
    if meta is None:
        return None
    for child in meta.children:
        if child.__class__ is ExtProperty and child.type in types:
            return child.value
    return None


def get_legacy_article_id(item: NewsItem) -> str | None:
    """Value of ``itemMetaExtProperty[type="npext:articleid"]``, or None."""
    return _ext_value(item, LEGACY_ARTICLE_ID)


ORGANISATION = "x-imid/organisation"
"""The link type of the organisation `get_organisation` returns (D14: the Writer's documents)."""
UNIT = "x-imid/unit"
"""The link type of its units."""


def get_organisation(item: NewsItem) -> Organisation:
    """The first ``x-imid/organisation`` link of itemMeta and its ``x-imid/unit`` links.

    Units nested in the organisation link or beside it in ``itemMeta > links``
    are listed in document order.
    """
    organisation: Link | None = None
    units: list[Link] = []
    for link in _tree.links_of(item, "itemMeta"):
        if organisation is None and link.type == ORGANISATION:
            organisation = link
            units.extend(nested for nested in link.links if nested.type == UNIT)
        elif link.type == UNIT:
            units.append(link)
    return Organisation(organisation=organisation, units=tuple(units))


def _section_text(item: NewsItem, section: str, name: str) -> str | None:
    index = _tree.section_index(item, section)
    if index is None:
        return None
    for child in item.children[index].children:  # type: ignore[union-attr]
        if child.__class__ is Element and child.name == name:
            return child.full_text
    return None


def get_version_created(item: NewsItem) -> str | None:
    """Text of ``itemMeta > versionCreated`` as written, or None."""
    return _section_text(item, "itemMeta", "versionCreated")


def get_first_created(item: NewsItem) -> str | None:
    """Text of ``itemMeta > firstCreated`` as written, or None."""
    return _section_text(item, "itemMeta", "firstCreated")


def get_content_created(item: NewsItem) -> str | None:
    """Text of ``contentMeta > contentCreated`` as written, or None."""
    return _section_text(item, "contentMeta", "contentCreated")


def get_content_modified(item: NewsItem) -> str | None:
    """Text of ``contentMeta > contentModified`` as written, or None."""
    return _section_text(item, "contentMeta", "contentModified")


def get_ed_note(item: NewsItem) -> str:
    """Text of the first ``itemMeta > edNote``; ``""`` when there is none."""
    return _section_text(item, "itemMeta", "edNote") or ""


def _is_ed_note(node: Any) -> bool:
    return node.__class__ is Element and node.name == "edNote"


def set_ed_note(item: NewsItem, content: str | None) -> Change:
    """Set the editorial note: the text of the first ``itemMeta > edNote``, in place.

    The Writer moves the note to the end of itemMeta, so with several
    edNotes its `get_ed_note` returns another one; decision D23 keeps the
    set-then-get law instead. Without an edNote one is appended to itemMeta.
    Empty or None removes the first ``edNote`` without an event. Otherwise one
    ``edNote/set`` event with sender ``""`` (the Writer's global page name).

    Raises:
        InvalidArgumentError: ``Argument is not of type string or null``.
    """
    if content is not None and not isinstance(content, str):
        raise InvalidArgumentError("Argument is not of type string or null", field="content")
    if not content:
        index = _tree.section_index(item, "itemMeta")
        if index is None:
            return unchanged(item)
        note = _tree.child_index(item.children[index], _is_ed_note)
        return unchanged(item if note is None else tree.remove_in(item, (index, note)))
    item, path = _tree.ensure_section(item, "itemMeta")
    meta = tree.get_in(item, path)
    note = _tree.child_index(meta, _is_ed_note)
    if note is None:
        item = tree.append_in(item, path, Element(name="edNote", children=(content,)))
    else:
        item = tree.update_in(item, (*path, note), lambda old: tree.with_children(old, (content,)))
    return changed(item, "", "edNote", "set", content)


def get_has_published_version(item: NewsItem) -> bool:
    """True iff ``imext:haspublishedversion`` (or the D1 misspelling) has value ``"true"``."""
    return _ext_value(item, HAS_PUBLISHED_VERSION, HAS_PUBLISHED_VERSION_TYPO) == "true"


def set_has_published_version(item: NewsItem, name: str, value: bool) -> Change:
    """Write ``imext:haspublishedversion``; created last in itemMeta when missing.

    Event ``hasPublishedVersion/set`` with the value as data.

    Raises:
        InvalidArgumentError: `value` is not a boolean (or ``"true"``/``"false"``).
    """
    sender = check_sender(name)
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif value in ("true", "false"):
        text = str(value)
    else:
        raise InvalidArgumentError("value must be a boolean", field="value")
    item, path = _tree.ensure_section(item, "itemMeta")
    item = _tree.set_first_child(
        item,
        path,
        lambda node: (
            node.__class__ is ExtProperty
            and node.type in (HAS_PUBLISHED_VERSION, HAS_PUBLISHED_VERSION_TYPO)
        ),
        ExtProperty(type=HAS_PUBLISHED_VERSION, value=text),
    )
    return changed(item, sender, "hasPublishedVersion", "set", value)


def _valid_timestamp(value: str | None) -> bool:
    if value is None:
        return True
    try:
        datetime.fromisoformat(value.strip())
    except ValueError:
        return False
    return True


def save(item: NewsItem) -> Change:
    """Validate the item: the same item and one `DocumentValidated` event.

    Checks (each failing one adds a problem message):

    * ``itemMeta`` exists and has an ``itemClass`` with a qcode;
    * the item has a guid or a temporary id;
    * the item is not marked invalid (`invalidate`);
    * ``versionCreated``, ``firstCreated``, ``contentCreated``,
      ``contentModified``, pubStart and pubStop are ISO 8601 timestamps;
    * pubStop is not before pubStart (when both carry an offset or neither);
    * ``pubStatus`` has a qcode; has-published-version is ``true``/``false``.

    Persisting is the editor session's job.
    """
    problems: list[str] = []
    meta = item.item_meta
    if meta is None:
        problems.append("itemMeta is missing")
    elif not meta.item_class:
        problems.append("itemMeta > itemClass with a qcode is missing")
    if not item.guid and item.temporary_id is None:
        problems.append("the item has neither a guid nor a temporary id")
    if item.invalid:
        problems.append("the item was marked invalid")
    dates = (
        ("versionCreated", get_version_created(item)),
        ("firstCreated", get_first_created(item)),
        ("contentCreated", get_content_created(item)),
        ("contentModified", get_content_modified(item)),
        ("pubStart", _ext_value(item, "imext:pubstart")),
        ("pubStop", _ext_value(item, "imext:pubstop")),
    )
    for label, value in dates:
        if not _valid_timestamp(value):
            problems.append(f"{label} is not an ISO 8601 timestamp: {value!r}")
    start, stop = dates[4][1], dates[5][1]
    if start and stop and _valid_timestamp(start) and _valid_timestamp(stop):
        begin, end = datetime.fromisoformat(start.strip()), datetime.fromisoformat(stop.strip())
        if (begin.tzinfo is None) == (end.tzinfo is None) and end < begin:
            problems.append(f"pubStop {stop!r} is before pubStart {start!r}")
    if meta is not None:
        status = meta.find("pubStatus")
        if status is not None and not status.get("qcode"):
            problems.append("pubStatus has no qcode")
    flag = _ext_value(item, HAS_PUBLISHED_VERSION, HAS_PUBLISHED_VERSION_TYPO)
    if flag not in (None, "true", "false"):
        problems.append(f"haspublishedversion is not true/false: {flag!r}")
    return Change(item=item, events=(DocumentValidated(problems=tuple(problems)),))
