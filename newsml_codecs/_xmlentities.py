"""Internal: HTML named entities for the XML reader (`_xmlread`), without rewriting the input.

Expat knows only XML's five entities, and NewsML input may hold HTML's
(``&nbsp;``, mapping decision M7). The reader once rewrote the whole input
to numeric references before parsing (issue 15 item 7: 8-16 MB of entities
took seconds and up to 1 GB). Now:

* in text, expat itself reports each undeclared entity to the reader's
  skipped-entity callback, which resolves it from the HTML5 table (the
  parser is told a "foreign DTD" exists, never loaded: parameter entities
  are off); CDATA and comments stay expat's business;
* in attribute values expat drops such a reference silently, so the reader
  finds out first whether any start tag may hold one
  (`named_ref_in_attribute`, linear) and then reads each such tag again on
  its own (`attribute_values`);
* a document declared ``standalone="yes"`` makes expat call every
  undeclared entity an error; the reader reads it again as not standalone
  (`not_standalone`, positions kept).
"""

from __future__ import annotations

import re
from html.entities import html5
from xml.parsers import expat

from newsml_model import MalformedXMLError

__all__ = [
    "NAMED_REF",
    "START_TAG",
    "attribute_values",
    "first_named_ref",
    "named_ref_in_attribute",
    "not_standalone",
]

# Every `&` of well-formed XML starts a reference: one that is neither
# predefined nor numeric is what switches the entity machinery on.
NAMED_REF = re.compile(rb"&(?!(?:amp|lt|gt|quot|apos);|#)")
# The start of a start tag up to an open attribute value (values hold no `<`).
_OPEN_VALUE = re.compile(
    rb"""<[^\s/>!?<]+(?:\s+[^\s=<>/]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*"""
    rb"""\s+[^\s=<>/]+\s*=\s*(?:"[^"<]*|'[^'<]*)"""
)
_REF_IN_TAG = re.compile(rb"&([^#;][^;]*);")
START_TAG = re.compile(rb"""<[^\s/>]+(?:\s+[^\s=]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*/?>""")
_PREDEFINED = frozenset({b"amp", b"lt", b"gt", b"quot", b"apos"})


def _undefined(line: int, column: int) -> MalformedXMLError:
    return MalformedXMLError("malformed XML: undefined entity", line=line, column=column)


def attribute_values(tag: bytes, encoding: str | None, line: int, column: int) -> list[str]:
    """The attribute values of the raw start tag `tag`, HTML entities resolved.

    Args:
        tag: The start tag's bytes, as in the input (``<x a="&nbsp;">``).
        encoding: The input's encoding (None: UTF-8 or UTF-16 by its BOM).
        line: Line of the tag, for the error.
        column: Column of the tag, for the error.

    Returns:
        The values in document order (namespace declarations left out).

    Raises:
        MalformedXMLError: The tag holds an entity HTML does not define either.
    """

    def numeric(match: re.Match[bytes]) -> bytes:
        name = match.group(1)
        if name in _PREDEFINED:
            return match.group()
        replacement = html5.get(name.decode("ascii", "replace") + ";")
        if replacement is None:
            raise _undefined(line, column)
        return b"".join(b"&#%d;" % ord(char) for char in replacement)

    rewritten = _REF_IN_TAG.sub(numeric, tag)
    if not rewritten.endswith(b"/>"):
        rewritten = rewritten[:-1] + b"/>"
    pairs: list[str] = []
    # No namespace processing: prefixes bound by ancestors are unknown here,
    # and only the values (in document order) are wanted.
    parser = expat.ParserCreate(encoding)
    parser.ordered_attributes = True
    parser.StartElementHandler = lambda _name, attributes: pairs.extend(attributes)
    parser.Parse(rewritten, True)
    return [
        value
        for key, value in zip(pairs[::2], pairs[1::2], strict=True)
        if key != "xmlns" and not key.startswith("xmlns:")
    ]


def first_named_ref(data: bytes) -> int:
    """The offset of the first reference that is neither predefined nor numeric, or -1."""
    start = data.find(b"&")  # memchr first: most documents hold few ampersands, if any
    found = NAMED_REF.search(data, start) if start != -1 else None
    return -1 if found is None else found.start()


def named_ref_in_attribute(data: bytes, ref: int) -> bool:
    """Whether any named reference from offset `ref` on sits inside a start tag.

    Linear: a reference is inside the tag that opens at the last ``<``
    before it, if that tag is still open there; the references after it up
    to the next ``<`` share the answer and are skipped.
    """
    last_open = data.rfind(b"<", 0, ref)
    while True:
        if last_open != -1 and _OPEN_VALUE.fullmatch(data, last_open, ref):
            return True
        next_open = data.find(b"<", ref)
        found = NAMED_REF.search(data, next_open) if next_open != -1 else None
        if found is None:
            return False
        ref = found.start()
        last_open = data.rfind(b"<", next_open, ref)


_STANDALONE_YES = re.compile(rb"""standalone\s*=\s*(["'])yes\1""")


def not_standalone(data: bytes) -> bytes:
    """`data` with ``standalone="yes"`` of its XML declaration made ``"no" `` (same length)."""
    found = _STANDALONE_YES.search(data, 0, max(data.find(b"?>"), 0))
    if found is None:  # pragma: no cover - only called when the declaration said yes
        return data
    quote = found.group(1)
    return data[: found.start(1)] + quote + b"no" + quote + b" " + data[found.end() :]
