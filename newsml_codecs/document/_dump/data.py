"""``<data>`` element -> ``Block.data`` and flag blocks (mapping spec §4.8)."""

from __future__ import annotations

import re
from typing import Any

from newsml_codecs.document._config import CDATA, CONTENT, DATA_KEY, TEXT, DocumentOptions
from newsml_codecs.document._markup import line_feeds, sanitize_nodes
from newsml_model import Element, Node
from newsml_model.tree import get_attribute


def leading_text(children: tuple[Node, ...]) -> str:
    """Text up to the first child element (the *text* handling)."""
    parts = []
    for child in children:
        if not isinstance(child, str):
            break
        parts.append(child)
    return "".join(parts)


_LAYOUT_START = re.compile(r"[ \t]*\n[ \t]*")


def cdata_content(text: str) -> str:
    """The CDATA section of a *cdata*-handled value, without the layout around it.

    The reference keeps the non-blank text nodes only, so the line break and
    indentation before ``<![CDATA[`` and after ``]]>`` go. The model keeps no
    CDATA boundaries, so the layout is told by lines: when the value starts
    with a line break (the section on a line of its own), that line break
    and the indentation after it go, and so do the last line break and what
    follows it when that is blank (the element's end tag on a line of its
    own); the section's own text between them stays. Any other value is kept
    as it is (a section written on the element's own line, or text a
    document gave).
    """
    start = _LAYOUT_START.match(text)
    if start is None:
        return text
    end = text.rfind("\n")
    if end >= start.end() and not text[end:].strip(" \t\n"):
        return text[start.end() : end]
    return text[start.end() :]


def _value(element: Element, block_type: str | None, how: str) -> str:
    if how == TEXT:
        return leading_text(element.children)
    if how == CDATA:
        text = leading_text(element.children)
        if text.strip():
            return cdata_content(text)
    if block_type == "x-im/htmlembed":
        from newsml_codecs.document._markup import write

        return write(element.children)
    # The reference's HTML reader gives these values LF for every CR; body
    # markup (an IDF ``element``) and *text*-handled values keep their CRs.
    return line_feeds(sanitize_nodes(element.children))


def dump_data(
    options: DocumentOptions, data: Element, block_type: str | None, context: str
) -> tuple[dict[str, str], list[dict[str, Any]], Element | None]:
    """Read a ``<data>`` element.

    Args:
        data: The ``<data>`` element.
        block_type: Type of the block that owns it (picks the handling).
        context: ``content``, ``meta`` or ``link`` (§3.6).

    Returns:
        The data map, the ``x-im/flags`` blocks, and the first
        ``text[@format="idf"]`` element found at any depth (or None).
    """
    values: dict[str, str] = {}
    flags: list[dict[str, Any]] = []
    # `_config.handling` of each child, its two tables looked up once.
    table = options.text_options.get(block_type or "")
    content_table = (
        options.content_only_options.get(block_type or "") if context == CONTENT else None
    )
    match_key = DATA_KEY.match
    for child in data.children:
        if not isinstance(child, Element):
            continue
        if child.attributes and get_attribute(child.attributes, "format") == "idf":
            continue
        name = child.name
        if name == "flags" and block_type in options.flag_types:
            flags.append(
                {
                    "type": "x-im/flags",
                    "data": {flag.text: "true" for flag in child.elements("flag")},
                }
            )
            continue
        if not match_key(name):
            continue  # load could not write it back; the carrier keeps the element
        if table is not None and name in table:
            how = table[name]
        elif content_table is not None and name in content_table:
            how = content_table[name]
        else:
            how = TEXT
        values.pop(name, None)  # the last duplicate wins, at its own position
        values[name] = _value(child, block_type, how)
    for block in flags:
        if not block["data"]:
            del block["data"]
    return values, flags, find_idf_text(data)


def find_idf_text(element: Element) -> Element | None:
    """The first ``text[@format="idf"]`` below `element`, depth first."""
    for child in element.children:
        if isinstance(child, Element):
            if (
                child.name == "text"
                and child.attributes
                and get_attribute(child.attributes, "format") == "idf"
            ):
                return child
            below = child.children
            # One text child (most data values) holds no element to search.
            if below and (len(below) > 1 or below[0].__class__ is not str):
                found = find_idf_text(child)
                if found is not None:
                    return found
    return None
