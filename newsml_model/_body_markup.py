"""Inline markup of body blocks: records -> inline XML and back (internal to `body`).

`inner_xml` writes the children of a block as the inline XML the NewsML
writer would put between its tags (text escaped, elements with their
attributes). `parse_markup` reads inline XML a caller gives into records,
typed as the NewsML reader types them (through `newsml_model._jxon.make`),
so an item edited with markup equals the same item written and read back.

Parsing is safe by construction: the markup is parsed as the content of one
wrapper element, so it cannot hold a DTD, declare entities or close the
wrapper (expat refuses all three as not well-formed); only XML's five
entities and character references are known. Nesting deeper than
`MAX_DEPTH` is refused, so walking the result never recurses without bound.

Not public API: the names here may change in any release.
"""

from __future__ import annotations

import re
from typing import Any
from xml.parsers import expat

from newsml_model import _jxon
from newsml_model._errors import InvalidArgumentError
from newsml_model.tree import IDF, element_parts

MAX_DEPTH = 64
"""Deepest nesting of inline elements a caller's markup may have."""

_XML_NS = "http://www.w3.org/XML/1998/namespace"
# Characters XML 1.0 cannot carry.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
_WRAPPER_OPEN = f'<element xmlns="{IDF}">'
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"})
_ATTRIBUTE_ESCAPES = str.maketrans(
    {
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        '"': "&quot;",
        "\t": "&#9;",
        "\n": "&#10;",
        "\r": "&#13;",
    }
)


def check_text(text: Any, field: str) -> str:
    """`text` when it is a string XML can carry.

    Args:
        text: The value given.
        field: Name of the argument, for the error.

    Returns:
        `text` unchanged.

    Raises:
        InvalidArgumentError: Not a string, or a character XML cannot carry
            (the message gives its index).
    """
    if not isinstance(text, str):
        raise InvalidArgumentError(
            f"{field} must be a string, not {type(text).__name__}", field=field
        )
    bad = _NOT_XML.search(text)
    if bad is not None:
        raise InvalidArgumentError(
            f"{field}: character U+{ord(bad.group()):04X} at index {bad.start()} "
            "cannot be written in XML",
            field=field,
        )
    return text


class _End:
    """A closing tag waiting on the writer's stack."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


def _attributes(attributes: Any) -> str:
    parts: list[str] = []
    prefixes: dict[str, str] = {}
    for key, value in attributes:
        if key.startswith("{"):
            uri, _, local = key[1:].partition("}")
            prefix = prefixes.setdefault(uri, f"ns{len(prefixes)}")
            key = f"{prefix}:{local}"
        parts.append(f' {key}="{value.translate(_ATTRIBUTE_ESCAPES)}"')
    for uri, prefix in prefixes.items():
        parts.append(f' xmlns:{prefix}="{uri.translate(_ATTRIBUTE_ESCAPES)}"')
    return "".join(parts)


def inner_xml(node: Any) -> str:
    """The children of `node` as inline XML (what sits between its tags).

    Args:
        node: A record of the tree (a body block).

    Returns:
        Text escaped (``&amp;``, ``&lt;``, ``&gt;``), elements with their
        attributes; an element in another namespace than its parent's
        carries ``xmlns``.
    """
    out: list[str] = []
    # An explicit stack, not recursion: depth is bounded by the reader, not by Python.
    stack: list[Any] = list(reversed(node.children))
    parents: list[str] = [element_parts(node)[0]]
    while stack:
        child = stack.pop()
        if child.__class__ is str:
            out.append(child.translate(_TEXT_ESCAPES))
            continue
        if child.__class__ is _End:
            out.append(f"</{child.name}>")
            parents.pop()
            continue
        name, namespace, attributes, children = element_parts(child, parents[-1])
        declaration = "" if namespace is None else f' xmlns="{namespace}"'
        if children:
            out.append(f"<{name}{declaration}{_attributes(attributes)}>")
            parents.append(name)
            stack.append(_End(name))
            stack.extend(reversed(children))
        else:
            out.append(f"<{name}{declaration}{_attributes(attributes)}/>")
    return "".join(out)


class _Reader:
    """expat events of ``<element>markup</element>`` -> records of the markup's children."""

    def __init__(self, field: str) -> None:
        self.field = field
        # (name, attributes, children, namespace in scope, explicit namespace)
        self.stack: list[tuple[str, list[tuple[str, str]], list[Any], str, str | None]] = [
            ("element", [], [], IDF, None)
        ]
        self.depth = -1  # the wrapper itself is not the caller's

    def start(self, name: str, attributes: list[str]) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise InvalidArgumentError(
                f"{self.field}: inline markup nested deeper than {MAX_DEPTH} elements",
                field=self.field,
            )
        if self.depth == 0:
            return
        uri, _, local = name.rpartition(" ")
        scope = self.stack[-1][3]
        pairs = []
        for key, value in zip(attributes[0::2], attributes[1::2], strict=True):
            key_uri, _, key_local = key.rpartition(" ")
            if key_uri == _XML_NS:
                key = f"xml:{key_local}"
            elif key_uri:
                key = f"{{{key_uri}}}{key_local}"
            pairs.append((key, value))
        self.stack.append((local, pairs, [], uri, uri if uri != scope else None))

    def end(self, _name: str) -> None:
        self.depth -= 1
        if len(self.stack) == 1:
            return  # the wrapper's own end
        name, attributes, children, scope, explicit = self.stack.pop()
        parent = self.stack[-1]
        parent[2].append(_jxon.make(name, parent[0], attributes, tuple(children), scope, explicit))

    def text(self, data: str) -> None:
        children = self.stack[-1][2]
        if children and children[-1].__class__ is str:
            children[-1] += data
        else:
            children.append(data)


def parse_markup(markup: Any, field: str) -> tuple[Any, ...]:
    """The records of inline XML `markup` (the content of a block element).

    Args:
        markup: Inline XML such as ``Text <strong>bold</strong>``.
        field: Name of the argument, for errors.

    Returns:
        Text and element records, in order (empty for ``""``).

    Raises:
        InvalidArgumentError: Not a string, not well-formed (the message
            gives the line and column inside `markup`), an entity XML does
            not define (``&nbsp;``: write the character or ``&#160;``), or
            nesting deeper than `MAX_DEPTH`.
    """
    check_text(markup, field)
    reader = _Reader(field)
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.ordered_attributes = True
    parser.buffer_text = True
    parser.StartElementHandler = reader.start
    parser.EndElementHandler = reader.end
    parser.CharacterDataHandler = reader.text
    try:
        parser.Parse(f"{_WRAPPER_OPEN}{markup}</element>", True)
    except expat.ExpatError as error:
        line = error.lineno
        column = error.offset + 1 - (len(_WRAPPER_OPEN) if line == 1 else 0)
        # An error in the wrapper's closing tag is one at the end of the text.
        lines = markup.split("\n")
        if line > len(lines):
            line, column = len(lines), len(lines[-1]) + 1
        column = min(column, len(lines[line - 1]) + 1)
        reason = expat.ErrorString(error.code)
        raise InvalidArgumentError(
            f"{field}: not well-formed inline XML at line {line}, column {max(column, 1)}: "
            f"{reason}",
            field=field,
        ) from None
    finally:
        # The handlers are bound methods of the reader: release them (no cycle).
        parser.StartElementHandler = None
        parser.EndElementHandler = None
        parser.CharacterDataHandler = None
    return tuple(reader.stack[0][2])
