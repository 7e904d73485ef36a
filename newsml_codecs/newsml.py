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

from typing import overload

from newsml_codecs._canonical import canonical_form
from newsml_codecs._xmlinput import DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH
from newsml_codecs._xmlread import parse
from newsml_codecs._xmlwrite import indent_unit, serialize
from newsml_model import AnyItem, DecodeError, InvalidArgumentError
from newsml_model.shapes import ItemT, as_kind
from newsml_model.tree import is_root

__all__ = ["DEFAULT_MAX_BYTES", "DEFAULT_MAX_DEPTH", "dumps", "equivalent", "loads"]


@overload
def loads(
    source: str | bytes,
    *,
    kind: None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> AnyItem: ...


@overload
def loads(
    source: str | bytes,
    *,
    kind: type[ItemT],
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> ItemT: ...


def loads(
    source: str | bytes,
    *,
    kind: type[ItemT] | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> AnyItem:
    """Parse a NewsML document of any item kind, or of the one kind asked for.

    As cattrs' ``structure(obj, cl)``: ``loads(xml, kind=nm.NewsItem)`` is
    typed ``NewsItem`` (for mypy and editors) and refuses another kind::

        item = newsml.loads(xml, kind=nm.NewsItem)  # nm.NewsItem
        newsitem.add_link(item, "my-plugin", link)  # checks with mypy --strict

    Args:
        source: The document as text, or as bytes in the encoding its XML
            declaration names (UTF-8 when none; a BOM is fine).
        kind: The record class wanted (`NewsItem`, `ConceptItem`,
            `PlanningItem`, `Planning`, `ItemList`, `Package`), or None for
            whatever the root is (typed `AnyItem`).
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
            (a ``contentSet`` fragment, for instance), or not the `kind`
            asked for (``error.kind`` the root found, ``error.supported``
            the one wanted).
        InvalidArgumentError: `kind` is not one of the six item records, or
            `max_bytes` or `max_depth` is not a whole number from 1
            (``error.field`` names it).
        DecodeError: `source` is neither text nor bytes.
    """
    if kind is None:
        return parse(source, max_bytes=max_bytes, max_depth=max_depth)
    return as_kind(parse(source, max_bytes=max_bytes, max_depth=max_depth), kind)


def dumps(item: AnyItem, *, xml_declaration: bool = True, indent: int | str | None = None) -> str:
    """Write `item` as NewsML text with the standard namespaces.

    Args:
        item: The item to write, of any kind. Editor state (temporary id,
            etag, invalid mark) is never written. Lists and packages are
            written without a namespace, as Naviga writes them.
        xml_declaration: Start with ``<?xml version="1.0" encoding="UTF-8"?>``.
        indent: For people: element-only content one element a line,
            indented by this many spaces (or this string, such as ``"\t"``).
            Text and inline markup are written as they are, so the result is
            `equivalent` to the plain text. None (default) writes the item's
            own whitespace.

    Returns:
        The document as a string (encode it as UTF-8).

    Raises:
        InvalidArgumentError: `indent` is negative, or a string that is not
            whitespace; or the item is nested deeper than Python can recurse
            (a tree built in code: the reader never makes one).
    """
    try:
        return serialize(item, xml_declaration=xml_declaration, indent=indent_unit(indent))
    except RecursionError:
        raise InvalidArgumentError("the item is nested too deeply to write", field="item") from None


def equivalent(a: str | bytes | AnyItem, b: str | bytes | AnyItem) -> bool:
    """Whether `a` and `b` are the same NewsML document by DESIGN.md's equality.

    Equal means equal W3C canonical XML (``xml.etree.ElementTree.canonicalize``
    without comments, text stripped, namespace prefixes rewritten): what
    `dumps` may change in a round trip (comments, the XML declaration,
    namespace prefixes, attribute order, whitespace-only text between
    elements, character escaping) compares equal; any other difference does
    not. State a round-trip law with it::

        assert newsml.equivalent(xml, newsml.dumps(newsml.loads(xml)))

    Args:
        a: A document (text or bytes) or an item record (written with `dumps`).
        b: The same for the other side.

    Raises:
        MalformedXMLError: A side is not well-formed XML (HTML named entities
            such as ``&nbsp;`` included: `loads` accepts them, XML does not).
        DecodeError: A side is neither text, bytes nor an item record.
    """
    return _canonical(a) == _canonical(b)


def _canonical(value: str | bytes | AnyItem) -> str:
    if isinstance(value, (str, bytes, bytearray)):
        return canonical_form(value, rewrite_prefixes=True)
    if is_root(value):
        return canonical_form(serialize(value, xml_declaration=False), rewrite_prefixes=True)
    raise DecodeError(f"not a NewsML document or item: {type(value).__name__}")
