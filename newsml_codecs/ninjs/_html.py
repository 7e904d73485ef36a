"""Bodies of ninjs: article blocks as HTML and plain text, and HTML (or NITF) read back (internal).

Writing: a paragraph is ``<p>``, a preamble ``<p class="preamble">``, a
subheadline ``<h2>``, a blockquote ``<blockquote>``; inline elements are
written with their own names and attributes, so what the Writer marks up
(``strong``, ``em``, ``a href``) comes back as it was.

Reading uses the standard library's HTML parser (one pass, linear): the
block elements above, ``h3``-``h6`` as subheadlines and NITF's ``hl2`` and
``bq`` too; the content of ``head``, ``title``, ``figure``, NITF's
``body.head``, scripts and styles is skipped; text outside any block is
dropped unless the body has no block at all (then it is one paragraph).
"""

from __future__ import annotations

import html
from html.parser import HTMLParser

from newsml_codecs._article import Block
from newsml_model import Element, Node

_OPEN = {
    "paragraph": "<p>",
    "preamble": '<p class="preamble">',
    "subheadline": "<h2>",
    "blockquote": "<blockquote>",
}
_CLOSE = {
    "paragraph": "</p>",
    "preamble": "</p>",
    "subheadline": "</h2>",
    "blockquote": "</blockquote>",
}

_BLOCKS = {
    "p": "paragraph",
    "h2": "subheadline",
    "h3": "subheadline",
    "h4": "subheadline",
    "h5": "subheadline",
    "h6": "subheadline",
    "hl2": "subheadline",
    "blockquote": "blockquote",
    "bq": "blockquote",
}
_SKIPPED = {
    "head",
    "title",
    "figure",
    "figcaption",
    "script",
    "style",
    "body.head",
    "body.end",
    "media",
    "h1",
    "hl1",
}
_VOID = {
    "br",
    "img",
    "hr",
    "wbr",
    "input",
    "meta",
    "link",
    "source",
    "col",
    "area",
    "base",
    "embed",
    "track",
}


def _inline(nodes: tuple[Node, ...], out: list[str]) -> None:
    for node in nodes:
        if isinstance(node, str):
            out.append(html.escape(node, quote=False))
        elif isinstance(node, Element):
            attrs = "".join(f' {name}="{html.escape(value)}"' for name, value in node.attributes)
            if node.name in _VOID and not node.children:
                out.append(f"<{node.name}{attrs}>")
                continue
            out.append(f"<{node.name}{attrs}>")
            _inline(node.children, out)
            out.append(f"</{node.name}>")


def inline_html(nodes: tuple[Node, ...]) -> str:
    """Inline content (text and elements) as HTML."""
    out: list[str] = []
    _inline(nodes, out)
    return "".join(out)


def _text(nodes: tuple[Node, ...], out: list[str]) -> None:
    for node in nodes:
        if isinstance(node, str):
            out.append(node)
        elif isinstance(node, Element):
            _text(node.children, out)


def inline_text(nodes: tuple[Node, ...]) -> str:
    """Inline content as plain text (the elements' text, without markup)."""
    out: list[str] = []
    _text(nodes, out)
    return "".join(out)


def body_html(blocks: tuple[Block, ...]) -> str:
    """The blocks as an HTML fragment, one element per block."""
    out: list[str] = []
    for block in blocks:
        out.append(_OPEN[block.kind])
        _inline(block.content, out)
        out.append(_CLOSE[block.kind])
    return "".join(out)


def body_text(blocks: tuple[Block, ...]) -> str:
    """The blocks as plain text, one line per block."""
    return "\n".join(inline_text(block.content) for block in blocks)


def text_blocks(text: str) -> tuple[Block, ...]:
    """Plain text as paragraphs, one per non-blank line."""
    return tuple(Block(content=(line,)) for line in text.splitlines() if line.strip())


class _Frame:
    """An open inline element: its name, attributes and children so far."""

    __slots__ = ("attributes", "children", "name")

    def __init__(self, name: str, attributes: tuple[tuple[str, str], ...]) -> None:
        self.name = name
        self.attributes = attributes
        self.children: list[Node] = []


class _BodyParser(HTMLParser):
    """Collects blocks; inline elements inside a block become `Element` records."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[Block] = []
        self.loose: list[str] = []
        self.kind: str | None = None
        self.stack: list[_Frame] = []
        self.skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.skipping:
            if tag == self.skipping[-1]:
                self.skipping.append(tag)
            return
        if tag in _SKIPPED:
            self.skipping.append(tag)
        elif self.kind is None and tag in _BLOCKS:
            kind = _BLOCKS[tag]
            classes = dict(attrs).get("class") or ""
            self.kind = "preamble" if tag == "p" and "preamble" in classes.split() else kind
            self.stack = [_Frame(tag, ())]
        elif self.kind is not None:
            attributes = tuple((name, value or "") for name, value in attrs)
            if tag in _VOID:
                self.stack[-1].children.append(Element(name=tag, attributes=attributes))
            else:
                self.stack.append(_Frame(tag, attributes))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.skipping or self.kind is None or tag in _SKIPPED:
            return
        attributes = tuple((name, value or "") for name, value in attrs)
        self.stack[-1].children.append(Element(name=tag, attributes=attributes))

    def handle_endtag(self, tag: str) -> None:
        if self.skipping:
            if tag == self.skipping[-1]:
                self.skipping.pop()
            return
        if self.kind is None or not any(frame.name == tag for frame in self.stack):
            return
        # Close what is still open inside the ended element (HTML's implied end tags).
        while self.stack:
            frame = self.stack.pop()
            if not self.stack:
                self.blocks.append(Block(kind=self.kind, content=tuple(frame.children)))
                self.kind = None
                return
            element = Element(
                name=frame.name, attributes=frame.attributes, children=tuple(frame.children)
            )
            self.stack[-1].children.append(element)
            if frame.name == tag:
                return

    def handle_data(self, data: str) -> None:
        if self.skipping:
            return
        if self.kind is None:
            self.loose.append(data)
            return
        children = self.stack[-1].children
        if children and isinstance(children[-1], str):
            children[-1] += data
        else:
            children.append(data)


def html_blocks(text: str) -> tuple[Block, ...]:
    """The blocks of an HTML (or NITF) body; see the module's docstring for the rules."""
    parser = _BodyParser()
    parser.feed(text)
    parser.close()
    if parser.kind is not None and parser.stack:
        parser.handle_endtag(parser.stack[0].name)
    if parser.blocks:
        return tuple(parser.blocks)
    loose = "".join(parser.loose).strip()
    return (Block(content=(loose,)),) if loose else ()


__all__ = ["body_html", "body_text", "html_blocks", "inline_html", "inline_text", "text_blocks"]
