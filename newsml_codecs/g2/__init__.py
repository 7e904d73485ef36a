"""NewsML-G2 as news agencies send it: ``newsMessage`` feeds and items of every kind.

Agencies (TT, NTB, AFP, Reuters, AP, dpa) deliver IPTC NewsML-G2: a
``newsMessage`` (a ``header`` and an ``itemSet`` of items) or one item
alone. This codec reads both losslessly, as `newsml_codecs.newsml` reads
Naviga's items, and writes them back::

    from newsml_codecs import g2

    items = g2.loads(feed_bytes)           # (NewsItem, Element('packageItem'), ...)
    message = g2.loads_message(feed_bytes)  # Message(header, items, ...)
    text = g2.dumps(items, header=g2.header("2024-05-01T10:00:00Z"))
    article = g2.to_article(items[1], items=items)  # a Writer article (x-im/article)

Items: ``newsItem``, ``conceptItem`` and ``planningItem`` become the
model's records (`NewsItem`, `ConceptItem`, `PlanningItem`); the kinds the
model does not type (``packageItem``, ``knowledgeItem``, ``catalogItem``,
``eventItem``, a ``catalog``) a generic `Element` holding the model's
sections (`ItemMeta`, `ContentMeta`). Bodies stay as sent: ``inlineXML``
(XHTML, NITF, any XML), ``inlineData`` text, ``remoteContent`` renditions.

Round trip: ``dumps(loads_message(x))`` is equivalent to ``x`` by the
library's equality (W3C canonical XML, `newsml_codecs.newsml.equivalent`),
with one documented reading: a document without a namespace is read as
NewsML-G2 (as `newsml.loads` reads one) and written in it; `equivalent`
compares so. Hostile input meets the NewsML reader's limits and errors.
"""

from __future__ import annotations

from collections.abc import Iterable

from newsml_codecs._xmlinput import DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH
from newsml_codecs._xmlwrite import indent_unit
from newsml_codecs.g2._compare import equivalent
from newsml_codecs.g2._convert import articles, picture_of, to_article
from newsml_codecs.g2._read import (
    GENERIC_KINDS,
    ITEM_ROOTS,
    FragmentError,
    G2Item,
    Message,
    MessageError,
    read,
)
from newsml_codecs.g2._write import header, write_item, write_message
from newsml_model import Element

__all__ = [
    "DEFAULT_MAX_BYTES",
    "DEFAULT_MAX_DEPTH",
    "GENERIC_KINDS",
    "ITEM_ROOTS",
    "FragmentError",
    "G2Item",
    "Message",
    "MessageError",
    "articles",
    "dumps",
    "dumps_item",
    "equivalent",
    "header",
    "loads",
    "loads_message",
    "picture_of",
    "to_article",
]


def loads_message(
    source: str | bytes,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> Message:
    """Read a NewsML-G2 document: a ``newsMessage``, or one item as a message of one.

    Args:
        source: The document as text, or as bytes in the encoding its XML
            declaration names (UTF-8 when none; a BOM is fine).
        max_bytes: Refuse larger input (default 32 MiB).
        max_depth: Refuse elements nested deeper than this (default 256).

    Returns:
        The `Message`: its header (None for a single item, or a message
        without one), its items in order, and the attributes of
        ``newsMessage`` and ``itemSet``.

    Raises:
        MalformedXMLError: Not well-formed XML; carries ``line`` and ``column``.
        ForbiddenXMLError: A DTD, entity declaration or external reference.
        LimitExceededError: Over `max_bytes` or `max_depth`.
        InvalidArgumentError: `max_bytes` or `max_depth` is not a whole
            number from 1 (``error.field`` names it).
        FragmentError: The root is a part of an item (``groupSet``,
            ``contentSet``, ``contentMeta``...): a fragment, not a document.
        UnsupportedItemKindError: The root is no NewsML-G2 item or message
            (NewsML 1.x, NITF, Naviga's ``planning``/``list``/``package``).
        MessageError: The message holds something other than a header
            and an itemSet of items (``error.path`` says where).
        DecodeError: `source` is neither text nor bytes.
    """
    found = read(source, max_bytes=max_bytes, max_depth=max_depth)
    return found if isinstance(found, Message) else Message(items=(found,))


def loads(
    source: str | bytes,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> tuple[G2Item, ...]:
    """The items of a NewsML-G2 document (a message's, or the one item), in order.

    The same as ``loads_message(source).items``; see `loads_message` for
    the arguments and errors. A message's header is dropped here: use
    `loads_message` to keep it.
    """
    return loads_message(source, max_bytes=max_bytes, max_depth=max_depth).items


def dumps(
    items: Iterable[G2Item] | Message,
    *,
    header: Element | None = None,
    xml_declaration: bool = True,
    indent: int | str | None = None,
) -> str:
    """Write a ``newsMessage`` holding `items` (or the `Message` given).

    Args:
        items: The items, in order (records or generic elements as `loads`
            gives them), or a whole `Message` (its header and attributes
            are written as read).
        header: The message's ``header`` element (`header` makes one);
            given with a `Message`, it replaces the message's. None with
            items: the message has no header (the schema wants one: give
            it for a feed another system reads).
        xml_declaration: Start with ``<?xml version="1.0" encoding="UTF-8"?>``.
        indent: For people: element-only content one element a line, by
            this many spaces (or this string); None writes the items'
            own whitespace.

    Returns:
        The message as a string, in the NewsML-G2 namespace.

    Raises:
        InvalidArgumentError: An item that is no NewsML-G2 item (``field``
            names it, ``items[2]``), a header that is no ``<header>``
            element, a bad `indent`, or a character XML cannot carry.
    """
    unit = indent_unit(indent)
    if isinstance(items, Message):
        return write_message(
            items.items,
            header=items.header if header is None else header,
            attributes=items.attributes,
            item_set_attributes=items.item_set_attributes,
            xml_declaration=xml_declaration,
            indent=unit,
        )
    return write_message(items, header=header, xml_declaration=xml_declaration, indent=unit)


def dumps_item(
    item: G2Item, *, xml_declaration: bool = True, indent: int | str | None = None
) -> str:
    """Write one item as a document of its own (the root is the item, no message).

    Args:
        item: A record or generic element as `loads` gives it.
        xml_declaration: Start with ``<?xml version="1.0" encoding="UTF-8"?>``.
        indent: As for `dumps`.

    Returns:
        The item's document, in the NewsML-G2 namespace.

    Raises:
        InvalidArgumentError: `item` is no NewsML-G2 item, a bad `indent`,
            or a character XML cannot carry.
    """
    return write_item(item, xml_declaration=xml_declaration, indent=indent_unit(indent))
