"""Builders shared by the NavigaDoc codec tests."""

from __future__ import annotations

from typing import Any

from newsml_codecs import document, newsml
from newsml_model import NewsItem

HEAD = (
    '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="a0000000-0000-4000-8000-000000000001"'
    ' version="1" standard="NewsML-G2" standardversion="2.26" conformance="power">'
)


def item(item_meta: str = "", content_meta: str | None = None, body: str | None = None) -> NewsItem:
    """A newsItem with the given section contents (``body``: children of one IDF group)."""
    xml = HEAD + "<itemMeta>" + (item_meta or '<itemClass qcode="ninat:text"/>') + "</itemMeta>"
    if content_meta is not None:
        xml += "<contentMeta>" + content_meta + "</contentMeta>"
    if body is not None:
        xml += (
            '<contentSet><inlineXML><idf xmlns="http://www.infomaker.se/idf/1.0" xml:lang="sv">'
            '<group type="body">' + body + "</group></idf></inlineXML></contentSet>"
        )
    return newsml.loads(xml + "</newsItem>")


def reference(xml_item: NewsItem) -> dict[str, Any]:
    """The document without carriers: what the reference converter gives."""
    return document.dump(xml_item, carriers=False)


def doc(**fields: Any) -> dict[str, Any]:
    """A minimal article document with `fields`."""
    return {
        "uuid": "a0000000-0000-4000-8000-000000000001",
        "type": "x-im/article",
        "created": "2020-01-01T00:00:00Z",
        **fields,
    }
