"""The library's equality of NewsML-G2 documents, for round-trip laws (internal)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from newsml_codecs._canonical import canonical_form
from newsml_codecs.g2._read import ITEM_ROOTS, G2Item, Message
from newsml_codecs.g2._write import write_item, write_message
from newsml_model import (
    NAR,
    ConceptItem,
    DecodeError,
    Element,
    MalformedXMLError,
    NewsItem,
    PlanningItem,
)


def equivalent(a: str | bytes | Message | G2Item, b: str | bytes | Message | G2Item) -> bool:
    """Whether `a` and `b` are the same NewsML-G2 document.

    Equal means equal W3C canonical XML, as `newsml_codecs.newsml.equivalent`
    (comments, the declaration, prefixes, attribute order, whitespace
    between elements and escaping may differ), where a document whose
    root has no namespace counts as being in NewsML-G2's: the reader takes
    it so (TT's feed sample has none), and the writer writes it so.

    Args:
        a: A document (text or bytes), a `Message` or an item as
            `newsml_codecs.g2.loads` gives it (written with ``dumps``).
        b: The same for the other side.

    Raises:
        MalformedXMLError: A side is not well-formed XML.
        DecodeError: A side is none of these.
    """
    return _canonical(a) == _canonical(b)


def _canonical(value: str | bytes | Message | G2Item) -> str:
    if isinstance(value, Message):
        text = write_message(
            value.items,
            header=value.header,
            attributes=value.attributes,
            item_set_attributes=value.item_set_attributes,
            xml_declaration=False,
            indent=None,
        )
        return canonical_form(text, rewrite_prefixes=True)
    if isinstance(value, (NewsItem, ConceptItem, PlanningItem)) or (
        isinstance(value, Element) and value.name in ITEM_ROOTS
    ):
        return canonical_form(
            write_item(value, xml_declaration=False, indent=None), rewrite_prefixes=True
        )
    if not isinstance(value, (str, bytes, bytearray)):
        raise DecodeError(f"not a NewsML-G2 document, message or item: {type(value).__name__}")
    try:
        root = ET.fromstring(value)
    except ET.ParseError as error:
        line, column = error.position
        raise MalformedXMLError(f"malformed XML: {error}", line=line, column=column + 1) from None
    if not root.tag.startswith("{"):
        # Every element without a namespace is in no namespace at all here
        # (none is declared at the root): the reader puts them in G2's.
        for element in root.iter():
            if isinstance(element.tag, str) and not element.tag.startswith("{"):
                element.tag = f"{{{NAR}}}{element.tag}"
        return canonical_form(ET.tostring(root, encoding="unicode"), rewrite_prefixes=True)
    return canonical_form(value, rewrite_prefixes=True)
