"""Copies of what a document shows, held in the NewsML beside it: refreshed when the user changes them.

A NewsML item may hold text its document shows once, twice: a newsItem's
``contentSet`` may hold renditions of the IDF body (a ``text/plain``
``inlineData``, an XHTML ``inlineXML``), and a list repeats its ``name`` in
``itemMeta/title``. The document shows the body and the name; the carrier
restores the copies. Restored after the user edited what they copy, a copy
would publish the old text (a name the reporter removed from the body). So
`load` of an edited document tells which sources changed (`changed`: from
the anchors' digests, ``n``; in an earlier release's carrier, from the
digests of key ``s``, `sources`) and (`refresh`):

* drops the body's renditions when the document's ``content`` changed (the
  reference writes none; a publishing system renders them again);
* writes a list's ``itemMeta/title`` from its new ``name`` when the
  document's ``title`` changed (NewsML items have a title).

A carrier written before either was recorded counts both as changed.

Internal module.
"""

from __future__ import annotations

from typing import Any

from newsml_codecs.document._carrier.law import canonical_bytes, digest
from newsml_model import AnyItem, Element, ItemList, ItemMeta, NewsItem
from newsml_model.tree import with_children

SOURCES = ("content", "title")
"""The document fields NewsML copies may repeat."""
_IDF = "idf"


def sources(doc: dict[str, Any]) -> dict[str, str]:
    """Digests of the document's `SOURCES` (key ``s`` of an earlier release's carrier)."""
    return {key: digest(canonical_bytes(doc[key])) for key in SOURCES if key in doc}


def changed(doc: dict[str, Any], recorded: Any) -> frozenset[str]:
    """The `SOURCES` of `doc` whose digests differ from `recorded` (``s``; None: all)."""
    if recorded.__class__ is not dict:
        return frozenset(SOURCES)
    now = sources(doc)
    return frozenset(key for key in SOURCES if recorded.get(key) != now.get(key))


def refresh(item: AnyItem, edited: frozenset[str]) -> AnyItem:
    """`item` (loaded from an edited document) without copies of the `edited` `SOURCES`."""
    if item.__class__ is NewsItem and "content" in edited:
        return with_children(item, tuple(_without_renditions(c) for c in item.children))
    if item.__class__ is ItemList and "title" in edited:
        names = [c for c in item.children if c.__class__ is Element and c.name == "name"]
        name = names[-1].text if names else None  # the last: the one the document shows
        return with_children(item, tuple(_titled(c, name) for c in item.children))
    return item


def _without_renditions(child: Any) -> Any:
    """A ``contentSet`` holding an IDF body without the other inline renditions of it."""
    if child.__class__ is not Element or child.name != "contentSet":
        return child
    inline = [c for c in child.children if c.__class__ is Element]
    if not any(c.name == "inlineXML" and c.find(_IDF) is not None for c in inline):
        return child
    kept = tuple(
        c
        for c in child.children
        if c.__class__ is not Element
        or not (c.name == "inlineData" or (c.name == "inlineXML" and c.find(_IDF) is None))
    )
    return with_children(child, kept)


def _titled(child: Any, name: str | None) -> Any:
    """An ``itemMeta`` whose ``title`` says `name` (left out when the list has none)."""
    if child.__class__ is not ItemMeta:
        return child
    out: list[Any] = []
    for c in child.children:
        if c.__class__ is Element and c.name == "title":
            if not name:
                continue
            c = with_children(c, (name,))
        out.append(c)
    return with_children(child, tuple(out))
