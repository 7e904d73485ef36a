"""NewsML text -> model tree, in one pass over expat events.

Why not ``xmltodict.parse``: its dict shape groups children by name, so it
cannot say that an ``<object>`` came between two ``<element>`` s of an IDF
group, nor where ``<strong>`` sits inside body text. The model needs both.
So this module drives the same expat parser xmltodict wraps, with
xmltodict's safety defaults made stricter (no DTD at all), and builds the
ordered records directly; `newsml_codecs.newsml` documents the choice.

Leniency (as Naviga's converter): elements without a namespace take the
namespace of their context (NewsML-G2 at the root, Infomaker on
``links``/``metadata`` of the two sections, IDF from ``idf`` down); HTML
named entities are accepted; a BOM and any XML declaration are fine.
"""

from __future__ import annotations

import re
from html.entities import html5
from typing import Any
from xml.parsers import expat

from newsml_model import (
    ContentMeta,
    ContentMetaObject,
    DecodeError,
    Element,
    ExtProperty,
    ForbiddenXMLError,
    ItemMeta,
    LimitExceededError,
    Link,
    Links,
    MalformedXMLError,
    Metadata,
    NewsItem,
    Service,
    UnsupportedItemKindError,
)
from newsml_model._nodes import (
    EXT_PROPERTY_FIELDS,
    IDF,
    IM,
    LINK_FIELDS,
    NAR,
    OBJECT_FIELDS,
    SERVICE_FIELDS,
    Node,
)

XML_NS = "http://www.w3.org/XML/1998/namespace"
_SEP = " "  # namespace URIs cannot contain a space, so it splits "uri local" safely

DEFAULT_MAX_BYTES = 32 * 1024 * 1024
DEFAULT_MAX_DEPTH = 256

# HTML named entities, made numeric before expat sees them. CDATA sections and
# comments are matched first and left alone, so `&nbsp;` inside them stays text.
_PREDEFINED = {"amp", "lt", "gt", "quot", "apos"}
_ENTITY_RE = re.compile(rb"<!\[CDATA\[.*?\]\]>|<!--.*?-->|&([A-Za-z][A-Za-z0-9]{1,31});", re.S)


def _entity_ref(match: re.Match[bytes]) -> bytes:
    name = match.group(1)
    if name is None:
        return match.group(0)
    text = name.decode("ascii")
    if text in _PREDEFINED:
        return match.group(0)
    replacement = html5.get(text + ";")
    if replacement is None:
        return match.group(0)  # expat reports it as an undefined entity, with its position
    return b"".join(b"&#%d;" % ord(char) for char in replacement)


def _numeric_entities(data: bytes) -> bytes:
    if b"&" not in data:
        return data
    return _ENTITY_RE.sub(_entity_ref, data)


_SECTIONS = {"itemMeta", "contentMeta"}


class _Frame:
    """One open element: what is known at its start tag, and its children so far."""

    __slots__ = ("attributes", "children", "explicit_ns", "has_elements", "name", "ns")

    def __init__(self, name: str, ns: str, explicit_ns: bool, attributes: tuple[tuple[str, str], ...]) -> None:
        self.name = name
        self.ns = ns
        self.explicit_ns = explicit_ns
        self.attributes = attributes
        self.children: list[Any] = []
        self.has_elements = False


def _split(fields: tuple[str, ...], attributes: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """Typed fields as keywords, the rest under ``attributes``."""
    known: dict[str, Any] = {}
    rest = []
    for key, value in attributes:
        if key in fields and key not in known:
            known[key] = value
        else:
            rest.append((key, value))
    known["attributes"] = tuple(rest)
    return known


class _TreeBuilder:
    """Expat callbacks building the model tree."""

    def __init__(self, max_depth: int) -> None:
        self.max_depth = max_depth
        self.stack: list[_Frame] = []
        self.root: NewsItem | None = None

    def start(self, tag: str, raw_attributes: list[str]) -> None:
        stack = self.stack
        if len(stack) >= self.max_depth:
            raise LimitExceededError(f"elements nested deeper than {self.max_depth} levels")
        uri, _, local = tag.rpartition(_SEP)
        parent = stack[-1] if stack else None
        if parent is None:
            if local != "newsItem":
                raise UnsupportedItemKindError(local)
            ns = uri or NAR
        elif uri:
            ns = uri
        elif local in ("links", "metadata") and parent.name in _SECTIONS:
            ns = IM
        elif local == "idf":
            ns = IDF
        else:
            ns = parent.ns
        explicit = parent is None or ns != parent.ns
        attributes: tuple[tuple[str, str], ...] = ()
        if raw_attributes:
            pairs = []
            for i in range(0, len(raw_attributes), 2):
                key = raw_attributes[i]
                if _SEP in key:
                    attr_uri, _, attr_local = key.rpartition(_SEP)
                    key = "xml:" + attr_local if attr_uri == XML_NS else "{%s}%s" % (attr_uri, attr_local)
                pairs.append((key, raw_attributes[i + 1]))
            attributes = tuple(pairs)
        if parent is not None:
            parent.has_elements = True
        stack.append(_Frame(local, ns, explicit, attributes))

    def end(self, tag: str) -> None:
        frame = self.stack.pop()
        children = frame.children
        if frame.has_elements and children:
            # Whitespace between elements is layout, not content, unless the
            # element really holds text (mixed content keeps every space).
            if not any(isinstance(c, str) and not c.isspace() for c in children):
                children = [c for c in children if not isinstance(c, str)]
        node = self._node(frame, tuple(children))
        if self.stack:
            self.stack[-1].children.append(node)
        else:
            assert isinstance(node, NewsItem)
            self.root = node

    def text(self, data: str) -> None:
        if not self.stack:
            return
        children = self.stack[-1].children
        if children and isinstance(children[-1], str):
            children[-1] += data
        else:
            children.append(data)

    def _node(self, frame: _Frame, children: tuple[Node, ...]) -> Node | NewsItem:
        name = frame.name
        parent = self.stack[-1] if self.stack else None
        parent_name = parent.name if parent is not None else None
        if parent is None:
            return NewsItem(attributes=frame.attributes, children=children)
        if parent_name == "newsItem" and len(self.stack) == 1:
            if name == "itemMeta" and not frame.explicit_ns:
                return ItemMeta(children=children)
            if name == "contentMeta" and not frame.explicit_ns:
                return ContentMeta(children=children)
        if name == "link" and parent_name == "links" and not frame.explicit_ns:
            return Link(**_split(LINK_FIELDS, frame.attributes), children=children)
        if name == "links" and not frame.attributes:
            return Links(children=children, namespace=frame.ns)
        if parent_name in _SECTIONS and len(self.stack) == 2 and not frame.explicit_ns:
            if name == "service":
                return Service(**_split(SERVICE_FIELDS, frame.attributes), children=children)
            if name == parent_name + "ExtProperty":
                return ExtProperty(**_split(EXT_PROPERTY_FIELDS, frame.attributes), children=children)
        if name in ("metadata", "meta") and not frame.attributes and (
            parent_name in _SECTIONS or parent_name in ("link", "object")
        ):
            return Metadata(children=children, namespace=frame.ns, name=name)
        if name == "object" and parent_name in ("metadata", "meta") and not frame.explicit_ns:
            return ContentMetaObject(**_split(OBJECT_FIELDS, frame.attributes), children=children)
        return Element(
            name=name,
            attributes=frame.attributes,
            children=children,
            namespace=frame.ns if frame.explicit_ns else None,
        )


def _refuse(what: str) -> Any:
    def handler(*_args: Any) -> Any:
        raise ForbiddenXMLError(f"{what} are not allowed in NewsML input (refused, not expanded)")

    return handler


def parse(
    source: str | bytes,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> NewsItem:
    """Parse NewsML text into a `NewsItem`; see `newsml_codecs.newsml.loads`."""
    if isinstance(source, str):
        data = source.encode("utf-8", "surrogatepass")
        encoding: str | None = "utf-8"  # the text is already decoded; ignore any declared encoding
    elif isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        encoding = None
    else:
        raise DecodeError(f"NewsML must be str or bytes, not {type(source).__name__}")
    if len(data) > max_bytes:
        raise LimitExceededError(f"input is {len(data)} bytes, over the limit of {max_bytes}")
    data = _numeric_entities(data)
    builder = _TreeBuilder(max_depth)
    parser = expat.ParserCreate(encoding, _SEP)
    parser.ordered_attributes = True
    parser.buffer_text = True
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.text
    parser.StartDoctypeDeclHandler = _refuse("DTDs (<!DOCTYPE>)")
    parser.EntityDeclHandler = _refuse("entity declarations")
    parser.UnparsedEntityDeclHandler = _refuse("entity declarations")
    parser.ExternalEntityRefHandler = _refuse("external entity references")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        parser.Parse(data, True)
    except expat.ExpatError as error:
        reason = expat.errors.messages.get(error.code, str(error))
        raise MalformedXMLError(f"malformed XML: {reason}", line=error.lineno, column=error.offset + 1) from None
    except RecursionError:  # pragma: no cover - the depth limit fires long before
        raise LimitExceededError("elements nested too deep") from None
    if builder.root is None:  # pragma: no cover - expat rejects a document without a root
        raise MalformedXMLError("malformed XML: no root element", line=1, column=1)
    return builder.root
