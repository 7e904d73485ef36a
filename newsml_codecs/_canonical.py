"""DESIGN.md's equality of NewsML documents: W3C canonical XML (internal).

Shared by `newsml_codecs.newsml.equivalent` and the test suite's helper.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from newsml_model import DecodeError, MalformedXMLError


def canonical_form(xml: str | bytes, *, rewrite_prefixes: bool = False) -> str:
    """The canonical form of `xml`: C14N 2.0 without comments, text stripped.

    DESIGN.md's form. What it allows a round trip to change then compares
    equal: comments, the XML declaration, attribute order, whitespace-only
    text between elements and character escaping; namespace prefixes too
    with `rewrite_prefixes`.

    Args:
        xml: A well-formed XML document, as text or as bytes in the encoding
            its declaration names (UTF-8 when none; a BOM is fine).
        rewrite_prefixes: Name every namespace ``n0``, ``n1``... in order of
            use, so documents that differ only in prefixes (or in prefix
            versus default namespace) have the same form.

    Returns:
        The canonical text.

    Raises:
        MalformedXMLError: `xml` is not well-formed (line and column given).
        DecodeError: `xml` is neither text nor bytes.
    """
    if isinstance(xml, (bytes, bytearray)):
        data: str | bytes = bytes(xml)
    elif isinstance(xml, str):
        # A str is decoded already: its declaration (and any encoding it
        # names) no longer applies, and expat would refuse a conflicting one.
        data = xml.lstrip("\ufeff")
        if data.startswith("<?xml"):
            data = data.split("?>", 1)[1]
    else:
        raise DecodeError(f"XML must be str or bytes, not {type(xml).__name__}")
    try:
        return ET.canonicalize(
            data, with_comments=False, strip_text=True, rewrite_prefixes=rewrite_prefixes
        )
    except ET.ParseError as error:
        line, column = error.position
        raise MalformedXMLError(f"malformed XML: {error}", line=line, column=column + 1) from None
