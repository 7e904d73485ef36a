"""NewsML text -> model tree, in one pass over expat events.

Why not ``xmltodict.parse``: its dict shape groups children by name, so it
cannot say that an ``<object>`` came between two ``<element>`` s of an IDF
group, nor where ``<strong>`` sits inside body text. The model needs both.
So this module drives the same expat parser xmltodict wraps, with
xmltodict's safety defaults made stricter (no DTD at all), and builds the
ordered records directly; `newsml_codecs.newsml` documents the choice.
Which record an element becomes in its place, and the roots it accepts,
are the model's rules and live in `_xmltyped`; this module runs the parse.

Leniency (as Naviga's converter): elements without a namespace take the
namespace of their context (NewsML-G2 at the root, Infomaker on
``links``/``metadata`` of the two sections, IDF from ``idf`` down); HTML
named entities are accepted; a BOM and any XML declaration are fine.

Speed (issue 12): the handlers are closures over local state (no attribute
lookups), frames are tuples, generic elements are built through their slots
rather than the generated keyword ``__init__``, text pieces are appended and
joined once (never ``+=``, which is quadratic in a long text), HTML
entities are resolved by expat's skipped-entity callback, so the input is
never rewritten (`_xmlentities`), and the handlers are released after the
parse, so nothing waits for the garbage collector. ``bench/bench_newsml.py``
and ``bench/bench_all.py`` measure it (docs/performance.md).
"""

from __future__ import annotations

from html.entities import html5
from typing import Any
from xml.parsers import expat

from newsml_codecs._sourcetext import Spans, remember
from newsml_codecs._xmlbuild import build_element, layout_free_list
from newsml_codecs._xmlentities import (
    NAMED_REF,
    START_TAG,
    attribute_values,
    first_named_ref,
    named_ref_in_attribute,
    not_standalone,
)
from newsml_codecs._xmlinput import (
    DEFAULT_MAX_BYTES,
    DEFAULT_MAX_DEPTH,
    checked_limits,
    reader_input,
)
from newsml_codecs._xmltyped import (
    CONTAINERS,
    ROOT_NAMESPACES,
    ROOTS,
    SECTIONS,
    RootTable,
    typed_node,
)
from newsml_model import (
    AnyItem,
    ForbiddenXMLError,
    LimitExceededError,
    MalformedXMLError,
    NewsItemError,
    UnsupportedItemKindError,
)
from newsml_model.tree import IDF, IM, TYPED_NAMES

XML_NS = "http://www.w3.org/XML/1998/namespace"
_SEP = " "  # namespace URIs cannot contain a space, so it splits "uri local" safely

# pyexpat's text buffer is at most INT_MAX characters.
_MAX_BUFFER = 2**31 - 1

# Element names seen lately, split into (local name, namespace URI): the same
# few dozen names recur in every document. Bounded: cleared when full.
_NAMES: dict[str, tuple[str, str]] = {}
_NAMES_MAX = 4096


def _split_name(tag: str) -> tuple[str, str]:
    if len(_NAMES) >= _NAMES_MAX:
        _NAMES.clear()
    uri, _, local = tag.rpartition(_SEP)
    split = _NAMES[tag] = (local, uri)
    return split


def _attribute_name(key: str) -> str:
    if _SEP not in key:
        return key
    uri, _, local = key.rpartition(_SEP)
    return "xml:" + local if uri == XML_NS else f"{{{uri}}}{local}"


def _join_tail(flat: list[Any], mark: int) -> None:
    """Join the run of text pieces at the end of `flat` (not before `mark`), in place."""
    start = len(flat)
    while start > mark and flat[start - 1].__class__ is str:
        start -= 1
    if len(flat) - start > 1:
        flat[start:] = ["".join(flat[start:])]


def _malformed(reason: str, line: int, column: int) -> MalformedXMLError:
    return MalformedXMLError(f"malformed XML: {reason}", line=line, column=column)


_HANDLERS = (
    "StartNamespaceDeclHandler",
    "StartElementHandler",
    "EndElementHandler",
    "CharacterDataHandler",
    "SkippedEntityHandler",
    "XmlDeclHandler",
)


def _release(parser: Any) -> None:
    """Drop the parser's references to the reader's closures (see `parse`)."""
    for name in _HANDLERS:
        setattr(parser, name, None)


def _refuse(what: str) -> Any:
    def handler(*_args: Any) -> Any:
        raise ForbiddenXMLError(f"{what} are not allowed in NewsML input (refused, not expanded)")

    return handler


def parse(
    source: str | bytes,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
    with_spans: bool = False,
) -> AnyItem:
    """Parse NewsML text into the record of its root; see `newsml_codecs.newsml.loads`.

    `with_spans` also remembers where each element stands in the bytes read
    (`_sourcetext.source_spans`), and whether the text declares a namespace
    prefix (`_sourcetext.declares_prefix`): the document codec's carrier
    records them so a save copies the unchanged nodes' text (`_xmlraw`). It
    costs a twentieth of the parse, so only the conversion to a document asks.
    """
    max_bytes, max_depth = checked_limits(max_bytes, max_depth)
    data, encoding = reader_input(source, max_bytes)
    spans: Spans | None = {} if with_spans else None
    prefixes: list[str] = []  # the prefixes the text declares, when `spans` are asked for
    item: AnyItem = _parse_input(data, encoding, max_depth, None, spans, prefixes)
    # the bytes read are the item's text (the carrier packs them), unless
    # re-encoded from UTF-16 or overriding a declared encoding (`remember`)
    remember(item, data, max_depth, spans or None, prefixed=bool(prefixes))
    return item


def parse_roots(
    source: str | bytes,
    roots: RootTable | None,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> Any:
    """`parse` with `roots` accepted as the root instead of the item kinds (when not None).

    `newsml_codecs.g2` reads NewsML-G2 messages and generic items so, with
    the same limits and errors (the root's ``UnsupportedItemKindError``
    names the roots of `roots`).
    """
    max_bytes, max_depth = checked_limits(max_bytes, max_depth)
    data, encoding = reader_input(source, max_bytes)
    return _parse_input(data, encoding, max_depth, roots)


def _parse_input(
    data: bytes,
    encoding: str | None,
    max_depth: int,
    roots: RootTable | None,
    spans: Spans | None = None,
    prefixes: list[str] | None = None,
) -> Any:
    try:
        return _parse(data, encoding, max_depth, roots, spans, prefixes)
    except _StandaloneEntities:
        # A document declared standalone="yes" whose HTML entities expat,
        # by the standalone rule, calls undefined: read it as not standalone
        # (a copy of the input, for this rare case only; positions kept).
        if spans is not None:
            spans.clear()
        return _parse(not_standalone(data), encoding, max_depth, roots, spans, prefixes)


class _StandaloneEntities(Exception):
    """Expat refused HTML entities because the document declared itself standalone."""


_UNDEFINED_ENTITY = expat.errors.codes[expat.errors.XML_ERROR_UNDEFINED_ENTITY]

_SPANNED_ROOT = "newsItem"
"""The root whose elements' spans are kept when asked (the document codec's skeleton)."""


def _parse(
    data: bytes,
    encoding: str | None,
    max_depth: int,
    roots: RootTable | None,
    spans: Spans | None = None,
    prefixes: list[str] | None = None,
) -> Any:
    """`parse` of input already checked and encoded.

    `spans`, when given, gets where each element stands in `data`
    (`_sourcetext.Spans`): by the identity of its record, the byte of its
    start tag's ``<`` and expat's position of its end event (``~`` of it for an
    element without children, whose end event may come just past its
    empty-element tag); `prefixes`, when `spans` are, the namespace prefixes
    the text declares (each time it declares one).
    """
    if roots is None:
        builders, namespaces = ROOTS, ROOT_NAMESPACES
    else:
        builders = {name: builder for name, (builder, _) in roots.items()}
        namespaces = {name: namespace for name, (_, namespace) in roots.items()}
    first_ref = first_named_ref(data)
    html_refs = first_ref != -1
    attribute_refs = html_refs and named_ref_in_attribute(data, first_ref)
    parser = expat.ParserCreate(encoding, _SEP)
    names = _NAMES
    # The children of every open element, in one flat list: text pieces are
    # appended by expat itself (CharacterDataHandler is `flat.append`, no
    # Python frame per text), and an element takes its children off the
    # end when it closes. A frame is (local name, namespace, namespace
    # differs from the parent's, attributes, where its children start).
    flat: list[Any] = []
    stack: list[tuple[Any, ...]] = []
    opened: list[int] = []  # the start of each open element, when `spans` are asked for
    push_start, pop_start = opened.append, opened.pop
    split = False  # an HTML entity split a text: join pieces before using them
    result: list[Any] = []
    declared: list[str | None] = [encoding]
    standalone_declared: list[bool] = []

    def attributes_of(raw: dict[str, str]) -> tuple[tuple[str, str], ...]:
        # pyexpat fills the dict in document order; only names in a
        # namespace other than the element's (rare) need rewriting.
        if _SEP in "".join(raw):
            pairs = tuple((_attribute_name(key), value) for key, value in raw.items())
        else:
            pairs = tuple(raw.items())
        if attribute_refs:
            pairs = _checked(pairs)
        return pairs

    def start_root(tag: str, raw_attributes: dict[str, str]) -> None:
        nonlocal spans
        uri, _, local = tag.rpartition(_SEP)
        if spans is not None:
            if local == _SPANNED_ROOT:
                opened.append(parser.CurrentByteIndex)
            else:
                spans = None  # only a newsItem's carrier records where its elements stand
        if local not in builders:
            raise (
                UnsupportedItemKindError(local)
                if roots is None
                else UnsupportedItemKindError(local, tuple(builders))
            )
        attributes = attributes_of(raw_attributes) if raw_attributes else ()
        stack.append((local, uri or namespaces[local], True, attributes, len(flat)))
        parser.StartElementHandler = start

    def start(tag: str, raw_attributes: dict[str, str]) -> None:
        nonlocal split
        if spans is not None:
            push_start(parser.CurrentByteIndex)
        local_ns = names.get(tag)
        if local_ns is None:
            local_ns = _split_name(tag)
        local, uri = local_ns
        if not raw_attributes:
            attributes: tuple[tuple[str, str], ...] = ()
        elif attribute_refs or _SEP in "".join(raw_attributes):
            attributes = attributes_of(raw_attributes)
        else:
            attributes = tuple(raw_attributes.items())
        if len(stack) >= max_depth:
            raise LimitExceededError(f"elements nested deeper than {max_depth} levels")
        parent = stack[-1]
        if split:
            _join_tail(flat, parent[4])
            split = False
        if uri:
            ns = uri
        elif local == "idf":
            ns = IDF
        elif local in CONTAINERS and parent[0] in SECTIONS:
            ns = IM
        else:
            ns = parent[1]
        stack.append((local, ns, ns != parent[1], attributes, len(flat)))

    def _checked(pairs: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
        # The document holds HTML entities somewhere: if this start tag has
        # one in an attribute, expat dropped it; read the tag again.
        tag = START_TAG.match(data, parser.CurrentByteIndex)
        if tag is None or NAMED_REF.search(tag.group()) is None:
            return pairs
        values = attribute_values(
            tag.group(), declared[0], parser.CurrentLineNumber, parser.CurrentColumnNumber + 1
        )
        return tuple((key, value) for (key, _), value in zip(pairs, values, strict=True))

    def end(_tag: str) -> None:
        nonlocal split
        local, ns, explicit, attributes, mark = stack.pop()
        if spans is not None:
            # childless: <a/> (its end event just past it) or <a></a> (at its end tag)
            at = ~parser.CurrentByteIndex if len(flat) == mark else parser.CurrentByteIndex
        if split:
            _join_tail(flat, mark)
            split = False
        if len(flat) - mark == 1 and stack and local not in TYPED_NAMES:
            # The most common element: generic, with one child (its text).
            flat.append(build_element(local, attributes, (flat.pop(),), ns if explicit else None))
        else:
            children = flat[mark:]
            del flat[mark:]
            if not stack:
                result.append(
                    builders[local](attributes=attributes, children=layout_free_list(children))
                )
            elif local in TYPED_NAMES:
                flat.append(
                    typed_node(local, explicit, ns, attributes, children, stack[-1][0], len(stack))
                )
            else:
                # Generic elements keep every character: in body text even a
                # whitespace-only run between two inline elements is content.
                flat.append(
                    build_element(local, attributes, tuple(children), ns if explicit else None)
                )
        if spans is not None:
            # by its record: its start, where its end tag starts or just past its empty-element
            # tag (`Spans`), in the table the skeleton looks them up in (a list made into that
            # table after the parse cost twice as much)
            spans[id(flat[-1] if stack else result[0])] = (pop_start(), at)

    def text_in_pieces(piece: str) -> None:
        # Input larger than expat's largest buffer: a text may come in pieces.
        nonlocal split
        split = True
        flat.append(piece)

    def skipped(name: str, _parameter: bool) -> None:
        nonlocal split
        value = html5.get(name + ";")
        if value is None:
            raise _malformed(
                "undefined entity", parser.CurrentLineNumber, parser.CurrentColumnNumber + 1
            )
        split = True
        flat.append(value)

    def xml_declaration(_version: str, declared_encoding: str | None, standalone: int) -> None:
        if declared[0] is None:
            declared[0] = declared_encoding
        standalone_declared.append(standalone == 1)

    # One buffer as large as the input: expat's text of one run then always
    # arrives in one piece (pyexpat flushes only for handlers that are set).
    parser.buffer_size = min(max(len(data), 1024), _MAX_BUFFER)
    parser.buffer_text = True
    parser.StartElementHandler = start_root
    parser.EndElementHandler = end
    parser.CharacterDataHandler = flat.append if len(data) <= _MAX_BUFFER else text_in_pieces
    parser.StartDoctypeDeclHandler = _refuse("DTDs (<!DOCTYPE>)")
    parser.EntityDeclHandler = _refuse("entity declarations")
    parser.UnparsedEntityDeclHandler = _refuse("entity declarations")
    parser.ExternalEntityRefHandler = _refuse("external entity references")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    if spans is not None and prefixes is not None:
        note = prefixes.append

        def namespace(prefix: str | None, _uri: str) -> None:
            # once a namespace declaration (a few a document): its prefix, None the default's
            if prefix:
                note(prefix)

        parser.StartNamespaceDeclHandler = namespace
    if html_refs:
        parser.XmlDeclHandler = xml_declaration
        parser.SkippedEntityHandler = skipped
        parser.UseForeignDTD(True)
    try:
        parser.Parse(data, True)
    except expat.ExpatError as error:
        if error.code == _UNDEFINED_ENTITY and any(standalone_declared):
            raise _StandaloneEntities from None
        reason = expat.errors.messages.get(error.code, str(error))
        raise _malformed(reason, error.lineno, error.offset + 1) from None
    except NewsItemError:
        raise  # refused by a handler (DTD, depth, root, entity): already the documented error
    except (LookupError, ValueError) as error:
        # pyexpat asks Python's codecs for an encoding expat does not know, and
        # lets their errors out: "TF-8" (LookupError), "utf-32" or "rot13"
        # (ValueError, LookupError), "idna" (UnicodeError).
        raise _malformed(f"unsupported encoding in the XML declaration ({error})", 1, 1) from None
    except RecursionError:  # pragma: no cover - the depth limit fires long before
        raise LimitExceededError("elements nested too deep") from None
    finally:
        # The handlers are closures over `parser`: a reference cycle that
        # would keep the parser, its input-sized buffer, the input and the
        # tree alive until the garbage collector found it.
        _release(parser)
    if not result:  # pragma: no cover - expat rejects a document without a root
        raise _malformed("no root element", 1, 1)
    return result[0]
