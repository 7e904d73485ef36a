"""Bodies of ninjs: article blocks as HTML and plain text, and HTML (or NITF) read back (internal).

Writing: a paragraph is ``<p>``, a preamble ``<p class="preamble">``, a
subheadline ``<h2>``, a blockquote ``<blockquote>``; inline elements are
written with their own names and attributes, so what the Writer marks up
(``strong``, ``em``, ``a href``) comes back as it was.

Reading uses `newsml_codecs.ninjs._tokens` (one pass, linear): the
block elements above, ``h3``-``h6`` as subheadlines and NITF's ``hl2`` and
``bq`` too; the content of ``head``, ``title``, ``figure``, NITF's
``body.head``, scripts and styles is skipped; text outside any block is
dropped unless the body has no block at all (then it is one paragraph).
"""

from __future__ import annotations

import html
import re
from collections import Counter

from newsml_codecs._article import Block
from newsml_codecs.ninjs._tokens import EMPTY, END, TEXT, tokens
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
MAX_INLINE_DEPTH = 32
"""Inline elements nested deeper than this keep their text, not their markup."""

# What XML can name (no prefix): other tags keep their text and lose their markup.
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9._-]*\Z")
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


def inline_text(nodes: tuple[Node, ...]) -> str:
    """Inline content as plain text (the elements' text, without markup)."""
    return "".join(
        node if isinstance(node, str) else node.full_text
        for node in nodes
        if isinstance(node, str | Element)
    )


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
    """An open inline element: its name, attributes and children so far.

    A frame not `kept` (a tag XML cannot name) gives its children to its
    parent when it closes: the text stays, the markup goes.
    """

    __slots__ = ("attributes", "children", "kept", "name")

    def __init__(
        self, name: str, attributes: tuple[tuple[str, str], ...], *, kept: bool = True
    ) -> None:
        self.name = name
        self.attributes = attributes
        self.kept = kept
        self.children: list[Node] = []


def _append(children: list[Node], child: Node) -> None:
    """Append `child`, joining adjacent text (as the XML reader would see it)."""
    if isinstance(child, str) and children and isinstance(children[-1], str):
        children[-1] += child
    elif child != "":
        children.append(child)


def _attributes(attrs: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """The attributes XML can name, the first of each name (HTML's rule for duplicates)."""
    found: dict[str, str] = {}
    for name, value in attrs:
        if _NAME.match(name) and name not in found:
            found[name] = value
    return tuple(found.items())


class _BodyParser:
    """Collects blocks from tokens; inline elements inside a block become `Element` records."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.loose: list[str] = []
        self.kind: str | None = None
        self.stack: list[_Frame] = []
        # How many frames of each name are open: an end tag is matched without a walk of the stack.
        self.open: Counter[str] = Counter()
        self.skipping: list[str] = []

    def feed(self, text: str) -> None:
        for kind, name, attributes in tokens(text):
            if kind == TEXT:
                self.text(name)
            elif kind == END:
                self.end(name)
            elif kind == EMPTY or name in _VOID:
                self.empty(name, attributes)
            else:
                self.start(name, attributes)
        if self.stack:
            self.end(self.stack[0].name)

    def start(self, tag: str, attributes: tuple[tuple[str, str], ...]) -> None:
        if self.skipping:
            if tag == self.skipping[-1]:
                self.skipping.append(tag)
            return
        if tag in _SKIPPED:
            self.skipping.append(tag)
            return
        if tag in _BLOCKS and self.stack and self.stack[0].name == "p":
            # A block start ends an open paragraph (HTML's rule for p).
            self.end("p")
        if tag in _BLOCKS and not self.stack:
            classes = dict(attributes).get("class") or ""
            preamble = tag == "p" and "preamble" in classes.split()
            self.kind = "preamble" if preamble else _BLOCKS[tag]
            self.stack = [_Frame(tag, ())]
            self.open = Counter({tag: 1})
        elif self.kind is not None:
            # A block inside a block (a blockquote's p) keeps its text, not its markup.
            kept = tag not in _BLOCKS and _NAME.match(tag) is not None
            kept = kept and len(self.stack) <= MAX_INLINE_DEPTH
            self.stack.append(_Frame(tag, _attributes(attributes), kept=kept))
            self.open[tag] += 1

    def empty(self, tag: str, attributes: tuple[tuple[str, str], ...]) -> None:
        if self.skipping or self.kind is None or tag in _SKIPPED or not _NAME.match(tag):
            return
        if len(self.stack) <= MAX_INLINE_DEPTH:
            self.stack[-1].children.append(Element(name=tag, attributes=_attributes(attributes)))

    def end(self, tag: str) -> None:
        if self.skipping:
            if tag == self.skipping[-1]:
                self.skipping.pop()
            return
        if self.kind is None or not self.open[tag]:
            return
        # Close what is still open inside the ended element (HTML's implied end tags).
        while self.stack:
            frame = self.stack.pop()
            self.open[frame.name] -= 1
            if not self.stack:
                self.blocks.append(Block(kind=self.kind, content=tuple(frame.children)))
                self.kind = None
                return
            parent = self.stack[-1].children
            if frame.kept:
                children = tuple(frame.children)
                parent.append(
                    Element(name=frame.name, attributes=frame.attributes, children=children)
                )
            else:
                for child in frame.children:
                    _append(parent, child)
            if frame.name == tag:
                return

    def text(self, data: str) -> None:
        if self.skipping:
            return
        if self.kind is None:
            self.loose.append(data)
            return
        _append(self.stack[-1].children, data)


def html_blocks(text: str) -> tuple[Block, ...]:
    """The blocks of an HTML (or NITF) body; see the module's docstring for the rules."""
    parser = _BodyParser()
    parser.feed(text)
    if parser.blocks:
        return tuple(parser.blocks)
    loose = "".join(parser.loose).strip()
    return (Block(content=(loose,)),) if loose else ()


__all__ = ["body_html", "body_text", "html_blocks", "inline_html", "inline_text", "text_blocks"]
