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

import bisect
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
    NewsItemError,
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
    TYPED_NAMES,
    Node,
    layout_free,
    split_attributes,
)

XML_NS = "http://www.w3.org/XML/1998/namespace"
_SEP = " "  # namespace URIs cannot contain a space, so it splits "uri local" safely

DEFAULT_MAX_BYTES = 32 * 1024 * 1024
DEFAULT_MAX_DEPTH = 256

# HTML named entities are made numeric before expat sees them (expat knows
# only the five XML ones and there is no DTD to declare more). Inside CDATA
# sections and comments `&nbsp;` is plain text and is left alone.
_PREDEFINED = {b"amp", b"lt", b"gt", b"quot", b"apos"}
_NAMED_REF_RE = re.compile(rb"&([A-Za-z][A-Za-z0-9]{1,31});")
_RAW_SECTIONS = ((b"<![CDATA[", b"]]>"), (b"<!--", b"-->"))


def _raw_spans(data: bytes) -> list[tuple[int, int]]:
    """Start and end offsets of the CDATA sections and comments, sorted."""
    spans = []
    for opener, closer in _RAW_SECTIONS:
        start = data.find(opener)
        while start != -1:
            end = data.find(closer, start + len(opener))
            end = len(data) if end == -1 else end + len(closer)
            spans.append((start, end))
            start = data.find(opener, end)
    spans.sort()
    return spans


def _numeric_entities(data: bytes) -> bytes:
    refs = [m for m in _NAMED_REF_RE.finditer(data) if m.group(1) not in _PREDEFINED]
    if not refs:
        return data
    spans = _raw_spans(data)
    out = []
    position = 0
    for match in refs:
        start = match.start()
        index = bisect.bisect_right(spans, (start, len(data))) - 1
        if index >= 0 and spans[index][0] <= start < spans[index][1]:
            continue  # inside CDATA or a comment: not a reference
        replacement = html5.get(match.group(1).decode("ascii") + ";")
        if replacement is None:
            continue  # expat reports it as an undefined entity, with its position
        out.append(data[position:start])
        out.append(b"".join(b"&#%d;" % ord(char) for char in replacement))
        position = match.end()
    out.append(data[position:])
    return b"".join(out)


_SECTIONS = {"itemMeta", "contentMeta"}


class _Frame:
    """One open element: what is known at its start tag, and its children so far."""

    __slots__ = ("attributes", "children", "explicit_ns", "has_elements", "name", "ns")

    def __init__(
        self, name: str, ns: str, explicit_ns: bool, attributes: tuple[tuple[str, str], ...]
    ) -> None:
        self.name = name
        self.ns = ns
        self.explicit_ns = explicit_ns
        self.attributes = attributes
        self.children: list[Any] = []
        self.has_elements = False


def _attribute_name(key: str) -> str:
    if _SEP not in key:
        return key
    uri, _, local = key.rpartition(_SEP)
    return "xml:" + local if uri == XML_NS else f"{{{uri}}}{local}"


class _TreeBuilder:
    """Expat callbacks building the model tree (hot path: keep it lean)."""

    def __init__(self, max_depth: int) -> None:
        self.max_depth = max_depth
        self.stack: list[_Frame] = []
        self.root: NewsItem | None = None
        self.names: dict[str, tuple[str, str, str]] = {}

    def start(self, tag: str, raw_attributes: list[str]) -> None:
        stack = self.stack
        split = self.names.get(tag)
        if split is None:
            split = self.names[tag] = tag.rpartition(_SEP)
        uri, _, local = split
        attributes: tuple[tuple[str, str], ...] = ()
        if raw_attributes:
            keys = raw_attributes[::2]
            if any(_SEP in key for key in keys):
                keys = [_attribute_name(key) for key in keys]
            attributes = tuple(zip(keys, raw_attributes[1::2], strict=True))
        if not stack:
            if local != "newsItem":
                raise UnsupportedItemKindError(local)
            stack.append(_Frame(local, uri or NAR, True, attributes))
            return
        if len(stack) >= self.max_depth:
            raise LimitExceededError(f"elements nested deeper than {self.max_depth} levels")
        parent = stack[-1]
        parent.has_elements = True
        if uri:
            ns = uri
        elif local == "idf":
            ns = IDF
        elif (local == "links" or local == "metadata") and parent.name in _SECTIONS:
            ns = IM
        else:
            ns = parent.ns
        stack.append(_Frame(local, ns, ns != parent.ns, attributes))

    def end(self, tag: str) -> None:
        stack = self.stack
        frame = stack.pop()
        children = frame.children
        if not stack:
            self.root = NewsItem(
                attributes=frame.attributes, children=layout_free(tuple(frame.children))
            )
            return
        parent = stack[-1]
        if frame.name in TYPED_NAMES:
            node = self._node(frame, parent, layout_free(tuple(frame.children)))
        else:
            # Generic elements keep every character: in body text even a
            # whitespace-only run between two inline elements is content.
            node = Element(
                name=frame.name,
                attributes=frame.attributes,
                children=tuple(children),
                namespace=frame.ns if frame.explicit_ns else None,
            )
        parent.children.append(node)

    def text(self, data: str) -> None:
        if not self.stack:
            return
        children = self.stack[-1].children
        if children and children[-1].__class__ is str:
            children[-1] += data
        else:
            children.append(data)

    def _node(self, frame: _Frame, parent: _Frame, children: tuple[Node, ...]) -> Node:
        name = frame.name
        parent_name = parent.name
        if parent_name == "newsItem" and len(self.stack) == 1:
            if name == "itemMeta" and not frame.explicit_ns:
                return ItemMeta(children=children)
            if name == "contentMeta" and not frame.explicit_ns:
                return ContentMeta(children=children)
        if name == "link" and parent_name == "links" and not frame.explicit_ns:
            return Link(**split_attributes(LINK_FIELDS, frame.attributes), children=children)
        if name == "links" and not frame.attributes:
            return Links(children=children, namespace=frame.ns)
        if parent_name in _SECTIONS and len(self.stack) == 2 and not frame.explicit_ns:
            if name == "service":
                return Service(
                    **split_attributes(SERVICE_FIELDS, frame.attributes), children=children
                )
            if name == parent_name + "ExtProperty":
                return ExtProperty(
                    **split_attributes(EXT_PROPERTY_FIELDS, frame.attributes), children=children
                )
        if (
            name in ("metadata", "meta")
            and not frame.attributes
            and (parent_name in _SECTIONS or parent_name in ("link", "object"))
        ):
            return Metadata(children=children, namespace=frame.ns, name=name)
        if name == "object" and parent_name in ("metadata", "meta") and not frame.explicit_ns:
            return ContentMetaObject(
                **split_attributes(OBJECT_FIELDS, frame.attributes), children=children
            )
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
        # Every character is at least one UTF-8 byte: refuse oversized text
        # before encoding it, which would double the memory of a hostile input.
        if len(source) > max_bytes:
            raise LimitExceededError(
                f"input is at least {len(source)} bytes, over the limit of {max_bytes}"
            )
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
        raise MalformedXMLError(
            f"malformed XML: {reason}", line=error.lineno, column=error.offset + 1
        ) from None
    except NewsItemError:
        raise  # refused by a handler (DTD, depth, root): already the documented error
    except (LookupError, ValueError) as error:
        # pyexpat asks Python's codecs for an encoding expat does not know, and
        # lets their errors out: "TF-8" (LookupError), "utf-32" or "rot13"
        # (ValueError, LookupError), "idna" (UnicodeError).
        raise MalformedXMLError(
            f"malformed XML: unsupported encoding in the XML declaration ({error})",
            line=1,
            column=1,
        ) from None
    except RecursionError:  # pragma: no cover - the depth limit fires long before
        raise LimitExceededError("elements nested too deep") from None
    if builder.root is None:  # pragma: no cover - expat rejects a document without a root
        raise MalformedXMLError("malformed XML: no root element", line=1, column=1)
    return builder.root
