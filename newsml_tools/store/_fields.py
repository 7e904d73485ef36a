"""What `Store.list` filters on, read from an item's NewsML (internal to ``newsml_tools.store``).

The store saves NewsML text; the listing tables hold a few values read from
it at every save (and by the migration, from the stored heads): the type,
the pubStatus, versionCreated and pubStart as seconds since the epoch, the
channels, sections and link uuids (UUIDs in lower case, so that either
case finds them), the headline and the words of the item: its headline and
title, the titles of its links and the names of its concepts in itemMeta
and contentMeta (tags, authors, sections, places, channels...), and its
content.
They are read from the XML with the standard library's parser, whatever
the item's kind, so an item of any kind is listed.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from datetime import UTC, datetime

import attrs

from newsml_tools.store._args import uuid_key
from newsml_tools.store._search import fts5_words, tsvector
from newsml_tools.store._search import words as split_words

__all__ = ["MAX_WORDS", "Fields", "fields_of", "seconds", "short_status"]

MAX_WORDS = 250_000
"""Characters of an item's text that are searched: PostgreSQL refuses a
``tsvector`` above 1 MB, and an article is far shorter."""


@attrs.frozen(kw_only=True)
class Fields:
    """The listed values of one item.

    Attributes:
        type: ``imext:type`` (``x-im/article``), else the root's local name.
        status: The pubStatus qcode without its scheme (``usable``, ``draft``).
        version_created: versionCreated, seconds since the epoch (None when absent).
        pub_start: The ``imext:pubstart`` property, the same way.
        headline: contentMeta's headline, else itemMeta's title ("" when none).
        words: The headline, the title, the titles and names of links and
            concepts, and every text of the content, for search.
        tags: ``(facet, value)`` pairs: ``channel``/``section`` and a service
            qcode, ``link`` and a link uuid (a UUID in lower case).
    """

    type: str
    status: str | None
    version_created: float | None
    pub_start: float | None
    headline: str
    words: str
    tags: tuple[tuple[str, str], ...]

    def row(self, search: str) -> dict[str, object]:
        """The statement parameters of `Fields` (tags as a JSON array of pairs).

        Args:
            search: The backend's search (`_sql.Statements.search`): the words
                as FTS5 stores them, or as a ``tsvector`` literal.
        """
        found = split_words(self.words[:MAX_WORDS])
        return {
            "type": self.type,
            "status": self.status,
            "vc": self.version_created,
            "ps": self.pub_start,
            "headline": self.headline,
            "words": tsvector(found) if search == "tsvector" else fts5_words(found),
            "pairs": json.dumps([list(tag) for tag in self.tags]),
        }


def _local(tag: object) -> str:
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


def short_status(qcode: str) -> str:
    """A pubStatus qcode without its scheme: ``stat:usable`` and ``usable`` are ``usable``."""
    return qcode.rpartition(":")[2]


def seconds(text: str | None) -> float | None:
    """An XML date-time as seconds since the epoch (UTC when it has no offset); None when unreadable."""
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def fields_of(text: str) -> Fields:
    """The listed values of the item whose NewsML is `text` (a stored revision).

    Raises:
        xml.etree.ElementTree.ParseError: `text` is not XML (never for text
            the store wrote; the migration reports such a revision).
    """
    root = ET.fromstring(text)
    values: dict[str, str | None] = {"type": None, "status": None, "vc": None, "ps": None}
    tags: list[tuple[str, str]] = []
    titles: list[str] = []
    for part in root:
        name = _local(part.tag)
        if name == "itemMeta":
            _item_meta(part, values, tags)
        elif name == "contentMeta":
            for child in part:
                if _local(child.tag) == "headline":
                    values["headline"] = "".join(child.itertext()).strip()
        if name in ("itemMeta", "contentMeta"):
            tags.extend(
                ("link", uuid_key(str(link.get("uuid"))))
                for link in part.iter()
                if _local(link.tag) == "link" and link.get("uuid")
            )
            titles.extend(_titles(part))
    content: list[str] = []
    for child in root:
        if _local(child.tag) in ("contentSet", "concept"):
            _text(child, content)
    headline = values.get("headline") or values.get("title") or ""
    return Fields(
        type=str(values["type"] or _local(root.tag)),
        status=None if values["status"] is None else short_status(values["status"]),
        version_created=seconds(values["vc"]),
        pub_start=seconds(values["ps"]),
        headline=headline,
        words=" ".join(
            " ".join([headline, values.get("title") or "", *titles, "".join(content)]).split()
        ),
        tags=tuple(dict.fromkeys(tags)),
    )


def _titles(meta: ET.Element) -> list[str]:
    """The titles of the links and the names of the concepts under itemMeta or contentMeta.

    A link's ``title`` (a tag, an author, a place, a channel...), and the
    text of a ``name`` (a section's or another service's, a subject's).
    """
    found: list[str] = []
    for node in meta.iter():
        name = _local(node.tag)
        if name == "link" and node.get("title"):
            found.append(str(node.get("title")))
        elif name == "name":
            found.append("".join(node.itertext()))
    return found


# Inline markup: its text belongs to the word around it; any other element
# ends a word (``<element>`` blocks follow each other without a space).
_INLINE = frozenset(("a", "b", "em", "i", "mark", "span", "strong", "sub", "sup", "u"))


def _text(node: ET.Element, out: list[str]) -> None:
    """The text under `node` into `out`, a space around every element that is not inline markup."""
    out.append(node.text or "")
    for child in node:
        inline = _local(child.tag) in _INLINE
        out.append("" if inline else " ")
        _text(child, out)
        out.append("" if inline else " ")
        out.append(child.tail or "")


def _item_meta(
    meta: ET.Element, values: dict[str, str | None], tags: list[tuple[str, str]]
) -> None:
    for child in meta:
        name = _local(child.tag)
        if name == "pubStatus" and child.get("qcode"):
            values["status"] = child.get("qcode")
        elif name == "versionCreated":
            values["vc"] = child.text
        elif name == "title":
            values["title"] = "".join(child.itertext()).strip()
        elif name == "itemMetaExtProperty":
            kind = child.get("type")
            if kind == "imext:type" and not values["type"]:
                values["type"] = child.get("value") or ""
            elif kind == "imext:pubstart":
                values["ps"] = child.get("value")
        elif name == "service":
            qcode = child.get("qcode") or ""
            # As the news item API tells them apart: a substring of the qcode.
            if "imchn" in qcode:
                tags.append(("channel", qcode))
            if "imsection" in qcode:
                tags.append(("section", qcode))
