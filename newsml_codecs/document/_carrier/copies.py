"""Copies of what a document shows, held in the NewsML beside it: refreshed when the user changes them.

A NewsML item may hold text its document shows once, twice: a newsItem's
``contentSet`` may hold renditions of the IDF body (a ``text/plain``
``inlineData``, an XHTML ``inlineXML``), and a list repeats its ``name`` in
``itemMeta/title``. The document shows the body and the name; the carrier
restores the copies. Restored after the user edited what they copy, a copy
would publish the old text (a name the reporter removed from the body). So
`dump` records a digest of each source (`sources`, key ``s`` of the
carrier) and `load` of an edited document (`refresh`):

* drops the body's renditions when the document's ``content`` changed (the
  reference writes none; a publishing system renders them again);
* writes a list's ``itemMeta/title`` from its new ``name`` when the
  document's ``title`` changed (NewsML items have a title).

A carrier written before the digests were recorded counts both as changed.

Internal module.
"""

from __future__ import annotations

from typing import Any

from newsml_codecs.document._carrier.law import canonical_bytes, digest
from newsml_model import AnyItem, Element, ItemList, ItemMeta, NewsItem
from newsml_model.tree import with_children

_SOURCES = ("content", "title")
_IDF = "idf"


def sources(doc: dict[str, Any]) -> dict[str, str]:
    """Digests of the document fields that NewsML copies may repeat (key ``s`` of the carrier)."""
    return {key: digest(canonical_bytes(doc[key])) for key in _SOURCES if key in doc}


def refresh(item: AnyItem, doc: dict[str, Any], recorded: Any) -> AnyItem:
    """`item` (loaded from the edited `doc`) without copies of what the user changed.

    Args:
        item: The item loaded with the carrier.
        doc: The edited document (without its carrier).
        recorded: The carrier's ``s`` (`sources` at dump), or None when absent.
    """
    now = sources(doc)

    def changed(key: str) -> bool:
        return recorded.__class__ is not dict or recorded.get(key) != now.get(key)

    if item.__class__ is NewsItem and changed("content"):
        return with_children(item, tuple(_without_renditions(c) for c in item.children))
    if item.__class__ is ItemList and changed("title"):
        name = item.find_text("name")
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
