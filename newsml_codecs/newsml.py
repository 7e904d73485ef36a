"""NewsML-G2 text <-> the item records of `newsml_model`, losslessly.

Every item kind Naviga uses: ``newsItem`` (`NewsItem`), ``conceptItem``
(`ConceptItem`), ``planningItem`` (`PlanningItem`), ``planning`` (`Planning`,
an assignment), ``list`` (`ItemList`) and ``package`` (`Package`); `AnyItem`
names them all.

``loads`` then ``dumps`` keeps every element, attribute and text and the order
of all children, including mixed content. What may change: comments, the XML
declaration, namespace prefixes, attribute order, whitespace-only text between
elements, character escaping (and CDATA becomes escaped text). Equality is
W3C canonical XML: ``xml.etree.ElementTree.canonicalize(x, with_comments=False,
strip_text=True)``.

Why the parser is not ``xmltodict.parse``: xmltodict's dicts group children by
name and split text from tags, so they cannot keep ``a <b>x</b> c`` or an
``<object>`` between two ``<element>`` s in order. The codec runs the same
expat parser with the same safety defaults (stricter: no DTD at all) and
builds ordered records directly. ``bench/bench_newsml.py`` compares both.
"""

from __future__ import annotations

from newsml_codecs._xmlread import DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, parse
from newsml_codecs._xmlwrite import serialize
from newsml_model import AnyItem

__all__ = ["DEFAULT_MAX_BYTES", "DEFAULT_MAX_DEPTH", "dumps", "loads"]


def loads(
    source: str | bytes,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> AnyItem:
    """Parse a NewsML document of any item kind.

    Args:
        source: The document as text, or as bytes in the encoding its XML
            declaration names (UTF-8 when none; a BOM is fine).
        max_bytes: Refuse larger input (default 32 MiB).
        max_depth: Refuse elements nested deeper than this (default 256).

    Returns:
        The record of the root element found (`NewsItem`, `ConceptItem`,
        `PlanningItem`, `Planning`, `ItemList` or `Package`), losslessly.

    Raises:
        MalformedXMLError: Not well-formed XML; carries ``line`` and ``column``.
        ForbiddenXMLError: A DTD, entity declaration or external reference.
        LimitExceededError: Over `max_bytes` or `max_depth`.
        UnsupportedItemKindError: The root is none of the six item kinds
            (a ``contentSet`` fragment, for instance).
        DecodeError: `source` is neither text nor bytes.
    """
    return parse(source, max_bytes=max_bytes, max_depth=max_depth)


def dumps(item: AnyItem, *, xml_declaration: bool = True) -> str:
    """Write `item` as NewsML text with the standard namespaces.

    Args:
        item: The item to write, of any kind. Editor state (temporary id,
            etag, invalid mark) is never written. Lists and packages are
            written without a namespace, as Naviga writes them.
        xml_declaration: Start with ``<?xml version="1.0" encoding="UTF-8"?>``.

    Returns:
        The document as a string (encode it as UTF-8).
    """
    return serialize(item, xml_declaration=xml_declaration)
