"""The library's equality of NewsML-G2 documents, for round-trip laws (internal)."""

from __future__ import annotations

from xml.parsers import expat

from newsml_codecs._canonical import canonical_form
from newsml_codecs.g2._read import ITEM_ROOTS, G2Item, Message
from newsml_codecs.g2._write import write_item, write_message
from newsml_model import (
    NAR,
    ConceptItem,
    DecodeError,
    Element,
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
    return canonical_form(_in_g2_namespace(value), rewrite_prefixes=True)


class _Root(Exception):
    """Stops the scan at the root's start tag."""


def _in_g2_namespace(value: str | bytes) -> str | bytes:
    """`value` with NewsML-G2 declared the default namespace of its root, if the root has none.

    Declared on the root's start tag, the namespace is what the reader
    gives every element without one (and a text escaped as ``&#13;`` stays
    escaped: the document is otherwise untouched).
    """
    if isinstance(value, str) or value[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = value if isinstance(value, str) else bytes(value).decode("utf-16")
        text = text.lstrip("\ufeff")
        if text.startswith("<?xml"):
            text = text.split("?>", 1)[1]
        data = text.encode("utf-8")
    else:
        data = bytes(value)
    parser = expat.ParserCreate(None, " ")
    found: list[tuple[str, int]] = []

    def start(name: str, _attributes: object) -> None:
        found.append((name, parser.CurrentByteIndex))
        raise _Root

    parser.StartElementHandler = start
    try:
        parser.Parse(data, True)
    except _Root:
        pass
    except expat.ExpatError:
        return data  # canonical_form says what is wrong, with line and column
    if not found or " " in found[0][0]:
        return data
    name, index = found[0]
    at = index + 1 + len(name.encode("utf-8"))
    return data[:at] + f' xmlns="{NAR}"'.encode() + data[at:]
