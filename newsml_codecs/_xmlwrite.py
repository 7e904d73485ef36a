"""Model tree -> NewsML text.

Writes every node in order with the standard namespaces as default-namespace
declarations (NewsML-G2 on the root, Infomaker on ``links``/``metadata``, IDF
on ``idf``), declared exactly where the namespace changes. Text is escaped so
that it reads back identical (``\\r`` and, in attributes, newlines and tabs
as character references, because a parser would otherwise normalise them).

Element and attribute names are written as they are, so each distinct name
is checked once (then remembered) to be one the reader takes: a name XML
cannot carry (``"0"``, ``""``, ``"a b"``, an unbound prefix, ``xmlns``) is
refused with an `InvalidArgumentError` giving its tree path, never written
as XML that `newsml.loads` would refuse. So is a character XML 1.0 cannot
carry at all (a control, a surrogate), found in the finished text by
`_xmlchars`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from newsml_codecs._xmlchars import not_xml_character
from newsml_codecs._xmlescape import escape_attribute, escape_text
from newsml_codecs._xmlnames import (
    GOOD_ATTRIBUTES,
    GOOD_ELEMENTS,
    BadNameError,
    check_attribute_name,
    element_name,
    path_of,
)
from newsml_codecs._xmlraw import Raw
from newsml_model import (
    Attributes,
    ContentMetaObject,
    Element,
    InvalidArgumentError,
    Link,
    Service,
)
from newsml_model.tree import (
    LINK_FIELDS,
    OBJECT_FIELDS,
    SERVICE_FIELDS,
    element_parts,
    is_root,
)


def write_node(
    node: Any,
    parent_name: str,
    default_ns: str,
    out: list[str],
    *,
    indent: str | None = None,
    depth: int = 0,
) -> None:
    """Append the XML of `node` (any record of the tree) to `out`.

    Args:
        node: The record, read through `newsml_model.tree.element_parts`.
        parent_name: Name of its parent element (names an `ExtProperty`).
        default_ns: The default namespace in scope; a node in another one
            declares its own.
        out: The pieces of text written so far.
        indent: One level of indentation for pretty output (`write_children`),
            or None for the text as it is.
        depth: The nesting level of `node` for `indent`.

    Raises:
        InvalidArgumentError: A child that is not a record of the tree.
    """
    if indent is None:
        write_element(node, parent_name, default_ns, out)
        return
    if node.__class__ is Raw:
        name, namespace, attributes, children = _raw_parts(node, parent_name)  # laid out anew
    else:
        name, namespace, attributes, children = element_parts(node, parent_name)
    default_ns = write_start(name, namespace, attributes, default_ns, out)
    if not children:
        out.append("/>")
        return
    out.append(">")
    write_children(children, name, default_ns, out, indent=indent, depth=depth + 1)
    out.append("</" + name + ">")


def write_start(
    name: str, namespace: str | None, attributes: Attributes, default_ns: str, out: list[str]
) -> str:
    """The start tag of element `name` but its closing ``>`` (or ``/>``), and the default
    namespace in scope inside it. (`write_element`, the hot path, writes it inline.)"""
    if name not in GOOD_ELEMENTS:
        element_name(name)
    out.append("<" + name)
    if namespace is not None and namespace != default_ns:
        out.append(' xmlns="' + escape_attribute(namespace) + '"')
        default_ns = namespace
    if attributes:
        write_attributes(attributes, out)
    return default_ns


def _raw_parts(raw: Raw, parent_name: str) -> tuple[str, str | None, Any, Any]:
    """`element_parts` of the record `raw` stands for, in the namespace it was read in
    wherever it goes (the record says none where it had its parent's)."""
    name, namespace, attributes, children = element_parts(raw.node, parent_name)
    return name, raw.context if namespace is None else namespace, attributes, children


def write_element(node: Any, parent_name: str, default_ns: str, out: list[str]) -> None:
    """`write_node` without indentation: the hot path of `serialize` (issue 20).

    A generic `Element`, most of any tree, is read through its slots rather
    than `element_parts` (which gives the same four values for it); text
    children are escaped in the loop, without a call when there is nothing
    to escape.
    """
    kind = node.__class__
    if kind is Element:
        name = node.name
        namespace = node.namespace
        attributes = node.attributes
        children = node.children
    else:
        typed = TYPED.get(kind)
        if typed is not None:
            _write_typed(node, typed, default_ns, out)
            return
        if kind is Raw:
            if node.copied and node.context == default_ns:
                out.append(node.text)  # read in this namespace: reads back the same
                return
            name, namespace, attributes, children = _raw_parts(node, parent_name)
        else:
            name, namespace, attributes, children = element_parts(node, parent_name)
    if name not in GOOD_ELEMENTS:
        element_name(name)
    if namespace is not None and namespace != default_ns:
        out.append("<" + name + ' xmlns="' + escape_attribute(namespace) + '"')
        default_ns = namespace
    else:
        out.append("<" + name)
    if attributes:
        write_attributes(attributes, out)
    if not children:
        out.append("/>")
        return
    _write_content(children, name, default_ns, out)


def _write_content(children: tuple[Any, ...], name: str, default_ns: str, out: list[str]) -> None:
    """The content and end tag of the non-empty element `name` (`write_element`)."""
    out.append(">")
    for child in children:
        if child.__class__ is str:
            if "&" in child or "<" in child or ">" in child or "\r" in child:
                child = escape_text(child)
            out.append(child)
        else:
            write_element(child, name, default_ns, out)
    out.append("</" + name + ">")


# Typed records written without building their attribute tuple: the
# element name and typed fields `element_parts` gives them (in its order).
TYPED: dict[type, tuple[str, tuple[str, ...]]] = {
    Link: ("link", LINK_FIELDS),
    ContentMetaObject: ("object", OBJECT_FIELDS),
    Service: ("service", SERVICE_FIELDS),
}


def _write_typed(
    node: Any, typed: tuple[str, tuple[str, ...]], default_ns: str, out: list[str]
) -> None:
    """`write_element` of a `Link`, `ContentMetaObject` or `Service` (no namespace of its own)."""
    name, fields = typed
    out.append("<" + name)
    for key in fields:
        value = getattr(node, key)
        if value is not None:
            out.append(" " + key + '="' + escape_attribute(value) + '"')
    if node.attributes:
        write_attributes(node.attributes, out)
    children = node.children
    if not children:
        out.append("/>")
        return
    _write_content(children, name, default_ns, out)


ChildWriter = Callable[[Any, str, str, list[str]], None]
"""Writes a node given its parent's name and the namespace in scope (`write_element`)."""


class CheckedText(str):
    """Text a `ChildWriter` copies that holds no character XML 1.0 cannot carry (found so
    when it was recorded): `serialize_node` searches only the rest of its text."""

    __slots__ = ()


# Inline markup: whitespace between two of these is text a reader sees.
_INLINE = frozenset(
    {"a", "b", "br", "code", "del", "em", "i", "ins", "mark", "q", "s", "small", "span"}
    | {"strong", "sub", "sup", "u"}
)


def _layout_free(children: tuple[Any, ...]) -> bool:
    """Whether whitespace may go between `children`: elements, no text but whitespace, no inline markup."""
    elements = False
    for child in children:
        if type(child) is str:
            if child.strip():
                return False
        elif getattr(child, "name", None) in _INLINE:
            return False
        else:
            elements = True
    return elements


def write_children(
    children: tuple[Any, ...],
    name: str,
    default_ns: str,
    out: list[str],
    *,
    indent: str,
    depth: int,
) -> None:
    """Append `children` one a line, indented, where only whitespace separates them.

    Element-only content gets a new line and `depth` indents before each
    child (its whitespace-only text replaced); content with text or inline
    markup is written as it is, so the text a reader sees never changes and
    `newsml.equivalent` holds between pretty and plain output.

    Args:
        children: The children of the element `name`.
        name: Their parent's element name.
        default_ns: The default namespace in scope.
        out: The pieces of text written so far.
        indent: One level of indentation.
        depth: The nesting level of the children.
    """
    if not _layout_free(children):
        for child in children:
            if type(child) is str:
                out.append(escape_text(child))
            else:
                write_node(child, name, default_ns, out)
        return
    pad = "\n" + indent * depth
    for child in children:
        if type(child) is not str:
            out.append(pad)
            write_node(child, name, default_ns, out, indent=indent, depth=depth)
    out.append("\n" + indent * (depth - 1))


def write_attributes(attributes: Attributes, out: list[str]) -> None:
    prefixes: dict[str, str] | None = None
    for key, value in attributes:
        if key not in GOOD_ATTRIBUTES:
            check_attribute_name(key, attributes)
        if key[0] == "{":
            if prefixes is None:
                prefixes = {}
            uri, _, local = key[1:].partition("}")
            prefix = prefixes.get(uri)
            if prefix is None:
                prefix = prefixes[uri] = _free_prefix(prefixes, attributes)
                out.append(" xmlns:" + prefix + '="' + escape_attribute(uri) + '"')
            key = prefix + ":" + local
        out.append(" " + key + '="' + escape_attribute(value) + '"')


def _free_prefix(prefixes: dict[str, str], attributes: Attributes) -> str:
    """The first ``nsN`` prefix neither generated (`prefixes`) nor declared in `attributes`.

    An element may declare prefixes itself (the Writer's JXON keeps
    ``xmlns:ns0``): a generated one must not declare the same prefix twice.
    """
    taken = set(prefixes.values()) | {k[6:] for k, _ in attributes if k.startswith("xmlns:")}
    number = 0
    while f"ns{number}" in taken:
        number += 1
    return f"ns{number}"


def serialize(
    item: Any,
    *,
    xml_declaration: bool = True,
    indent: str | None = None,
    write_child: ChildWriter | None = None,
) -> str:
    """Write `item` (a root record of any kind) as NewsML text; see `newsml_codecs.newsml.dumps`.

    `indent` (one level, such as two spaces) puts element-only content one
    element a line (`write_children`); None writes the item as it is, each
    of the root's children with `write_child` when given (it must write what
    `write_element` writes: `newsml_codecs._xmlwritten` copies it).

    Raises:
        InvalidArgumentError: `item` is not a root record, holds a character
            XML 1.0 cannot carry, or an element or attribute name XML cannot
            carry (the message gives its tree path, as `tree.get_in` takes it).
    """
    if not is_root(item):
        raise InvalidArgumentError(f"not a NewsML item: {type(item).__name__}", field="item")
    return serialize_node(
        item, xml_declaration=xml_declaration, indent=indent, write_child=write_child
    )


def serialize_node(
    node: Any,
    *,
    xml_declaration: bool = True,
    indent: str | None = None,
    write_child: ChildWriter | None = None,
) -> str:
    """Write `node`, any record of the tree, as the root of a document (`serialize`).

    `newsml_codecs.g2` writes a ``newsMessage`` (a generic `Element`) so; a
    root without a namespace of its own is written without one.

    Raises:
        InvalidArgumentError: `node` is not a record of the tree, holds a
            character XML 1.0 cannot carry, or a name XML cannot carry.
    """
    try:
        out = _serialize(node, xml_declaration, indent, write_child or write_element)
    except BadNameError as error:
        raise InvalidArgumentError(
            f"{error.kind} name {error.name!r} at tree path {path_of(node, error)} "
            "cannot be written: not an XML name",
            field="item",
        ) from None
    text = "".join(out)
    # (text `write_child` copied, found to hold none when it was recorded, is not searched)
    unchecked = text if write_child is None else "".join(_unchecked(out))
    bad = not_xml_character(unchecked)
    if bad is not None and unchecked is not text:
        bad = not_xml_character(text)  # the first in the whole text, for the message
    if bad is not None:
        context = text[max(0, bad.start() - 40) : bad.start()]
        raise InvalidArgumentError(
            f"the item holds {bad.group(0)!r}, which XML 1.0 cannot carry, after {context!r}",
            field="item",
        )
    return text


def _unchecked(out: list[str]) -> Iterator[str]:
    return (piece for piece in out if piece.__class__ is not CheckedText)


def _serialize(
    node: Any, xml_declaration: bool, indent: str | None, write_child: ChildWriter
) -> list[str]:
    name, namespace, attributes, children = element_parts(node)
    out: list[str] = ['<?xml version="1.0" encoding="UTF-8"?>\n'] if xml_declaration else []
    out.append("<" + name)
    if namespace:
        out.append(' xmlns="' + escape_attribute(namespace) + '"')
    write_attributes(attributes, out)
    if not children:
        out.append("/>")
    else:
        out.append(">")
        if indent is None:
            for child in children:
                if type(child) is str:
                    out.append(escape_text(child))
                else:
                    write_child(child, name, namespace or "", out)
        else:
            write_children(children, name, namespace or "", out, indent=indent, depth=1)
        out.append("</" + name + ">")
    return out


def indent_unit(indent: int | str | None) -> str | None:
    """One level of indentation from a writer's ``indent`` argument (None: none).

    Raises:
        InvalidArgumentError: `indent` is negative, or a string that is not
            spaces or tabs, or neither a number nor a string.
    """
    if indent is None:
        return None
    if isinstance(indent, bool) or not isinstance(indent, (int, str)):
        raise InvalidArgumentError(
            f"indent must be a number of spaces or a whitespace string, not {indent!r}",
            field="indent",
        )
    if isinstance(indent, int):
        if indent < 0:
            raise InvalidArgumentError(f"indent must not be negative: {indent}", field="indent")
        return " " * indent
    if indent.strip(" \t"):
        raise InvalidArgumentError(f"indent must be spaces or tabs, not {indent!r}", field="indent")
    return indent
