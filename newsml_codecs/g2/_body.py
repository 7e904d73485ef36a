"""The body of an agency's text item: blocks, lead, byline and pictures in the text (internal).

A NewsML-G2 ``contentSet`` holds the text as ``inlineXML`` (XHTML or HTML,
NITF, or another XML vocabulary) or ``inlineData`` (plain text). The
blocks are read by the ninjs codec's HTML body reader (one rule set for
both wire formats: ``p``, ``h2``-``h6``, NITF's ``hl2``, ``blockquote``
and ``bq``, inline ``a``/``strong``/``em`` kept); this module adds what a
G2 body carries beside them: the lead (NITF ``abstract``, a ``p`` of class
``lead``/``ingress``/``preamble``), the byline (NITF ``byline``, an
element of class ``byline`` outside figures) and the pictures placed in
the text (XHTML ``figure``/``img``, NITF ``media``). Whitespace in the
blocks is collapsed as a browser shows it (pretty-printed XML indents
the text of its paragraphs).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import attrs

from newsml_codecs._article import Block, Picture
from newsml_codecs._xmlwrite import serialize_node
from newsml_codecs.ninjs._html import html_blocks, inline_text
from newsml_model import Element, Node

_SPACE = re.compile(r"\s+")
_LEAD_CLASSES = frozenset({"lead", "ingress", "preamble", "leadin"})


@attrs.frozen(kw_only=True)
class Body:
    """What the body of a text item says.

    Attributes:
        blocks: The text blocks in order (a preamble block is the lead).
        lead: The lead's inline content, if the body marks one.
        headline: The body's own headline (NITF ``hl1``, XHTML ``h1``).
        byline: The byline text, if the body has one.
        pictures: Pictures placed in the text, in order.
    """

    blocks: tuple[Block, ...] = ()
    lead: tuple[Node, ...] = ()
    headline: str | None = None
    byline: str | None = None
    pictures: tuple[Picture, ...] = ()


def _classes(element: Element) -> set[str]:
    return set((element.get("class") or "").split())


def _walk(element: Element, *, skip: frozenset[str] = frozenset()) -> Iterator[Element]:
    """`element` and its descendant elements, depth first, not below names in `skip`."""
    stack = [element]
    while stack:
        found = stack.pop()
        yield found
        if found.name not in skip:
            stack.extend(reversed([c for c in found.children if isinstance(c, Element)]))


def _text(element: Element) -> str:
    return _SPACE.sub(" ", element.full_text).strip()


# Inline markup the Writer keeps (under its own names); any other element is
# unwrapped to its text, with a space where a block-level one (NITF's
# ``block``/``credit`` in a ``bq``, a ``br``) stood.
_INLINE = {"a": "a", "strong": "strong", "b": "strong", "em": "em", "i": "em", "u": "u"}
_INLINE |= {"sub": "sub", "sup": "sup"}
_FLOW = frozenset({"p", "block", "credit", "div", "br", "li", "ul", "ol", "section"})


def _unwrapped(content: tuple[Node, ...]) -> list[Node]:
    out: list[Node] = []
    for node in content:
        if not isinstance(node, Element):
            out.append(node)
        elif node.name in _INLINE:
            href = node.get("href")
            keep = (("href", href),) if node.name == "a" and href is not None else ()
            children = tuple(_unwrapped(node.children))
            out.append(Element(name=_INLINE[node.name], attributes=keep, children=children))
        else:
            space = [" "] if node.name in _FLOW else []
            out.extend([*space, *_unwrapped(node.children), *space])
    return out


def _tidy(content: tuple[Node, ...], *, trim: bool = True) -> tuple[Node, ...]:
    """`content` with only the Writer's inline markup, whitespace collapsed, ends trimmed.

    Only a block's own ends are trimmed (`trim`): the space at the edge of
    an inline element separates words.
    """
    merged: list[Node] = []
    for node in _unwrapped(content):
        if isinstance(node, str) and merged and isinstance(merged[-1], str):
            merged[-1] += node
        else:
            merged.append(node)
    tidied: list[Node] = []
    for node in merged:
        if isinstance(node, str):
            tidied.append(_SPACE.sub(" ", node))
        elif isinstance(node, Element):
            tidied.append(attrs.evolve(node, children=_tidy(node.children, trim=False)))
        else:
            tidied.append(node)
    if trim and tidied and isinstance(tidied[0], str):
        tidied[0] = tidied[0].lstrip()
    if trim and tidied and isinstance(tidied[-1], str):
        tidied[-1] = tidied[-1].rstrip()
    return tuple(node for node in tidied if node != "")


def _plain(content: tuple[Node, ...]) -> str:
    return _SPACE.sub(" ", inline_text(content)).strip()


def _int(text: str | None) -> int | None:
    return int(text) if text is not None and text.isdigit() else None


def _figure(figure: Element) -> Picture | None:
    """A picture of an XHTML ``figure`` (TT's: ``img`` with ``data-uri``, a byline, a caption)."""
    image = next((e for e in _walk(figure) if e.name == "img"), None)
    if image is None:
        return None
    caption = next((e for e in _walk(figure) if e.name == "figcaption"), None)
    byline = next((e for e in _walk(figure) if "byline" in _classes(e)), None)
    return _image(image, caption=caption, byline=byline)


def _image(
    image: Element, *, caption: Element | None = None, byline: Element | None = None
) -> Picture:
    return Picture(
        uri=image.get("data-uri") or image.get("uri"),
        href=image.get("src"),
        caption=None if caption is None else _text(caption) or None,
        byline=None if byline is None else _text(byline) or None,
        alt_text=image.get("alt"),
        width=_int(image.get("width")),
        height=_int(image.get("height")),
    )


def _media(media: Element) -> Picture | None:
    """A picture of a NITF ``media`` element of type image."""
    if media.get("media-type") != "image":
        return None
    reference = next((e for e in _walk(media) if e.name == "media-reference"), None)
    if reference is None:
        return None
    caption = next((e for e in _walk(media) if e.name == "media-caption"), None)
    producer = next((e for e in _walk(media) if e.name == "media-producer"), None)
    return Picture(
        uri=reference.get("data-uri"),
        href=reference.get("source"),
        caption=None if caption is None else _text(caption) or None,
        byline=None if producer is None else _text(producer) or None,
        alt_text=reference.get("alternate-text"),
        width=_int(reference.get("width")),
        height=_int(reference.get("height")),
        mime=reference.get("mime-type"),
    )


def _pictures(root: Element) -> tuple[Picture, ...]:
    found: list[Picture] = []
    for element in _walk(root, skip=frozenset({"figure", "media"})):
        picture = None
        if element.name == "figure":
            picture = _figure(element)
        elif element.name == "media":
            picture = _media(element)
        elif element.name == "img":
            picture = _image(element)
        if picture is not None:
            found.append(picture)
    return tuple(found)


def _first_text(root: Element, names: frozenset[str], *, skip: frozenset[str]) -> str | None:
    for element in _walk(root, skip=skip):
        if element.name in names or names & _classes(element):
            return _text(element) or None
    return None


def _classed_lead(root: Element, first: Block) -> bool:
    """Whether `first` is the text of the body's first ``p`` of a lead class."""
    classed = next((e for e in _walk(root) if e.name == "p" and _classes(e) & _LEAD_CLASSES), None)
    return classed is not None and _text(classed) == _plain(first.content)


def _markup_body(root: Element) -> Body:
    """The body of one ``inlineXML`` root element (``html``, ``nitf``, or a bare ``p``...)."""
    text = serialize_node(root, xml_declaration=False)
    blocks = [attrs.evolve(block, content=_tidy(block.content)) for block in html_blocks(text)]
    blocks = [block for block in blocks if block.content]
    lead: tuple[Node, ...] = ()
    abstract = next((e for e in _walk(root) if e.name == "abstract"), None)
    if abstract is not None:
        abstract_text = _text(abstract)
        lead = (abstract_text,) if abstract_text else ()
    elif blocks and (blocks[0].kind == "preamble" or _classed_lead(root, blocks[0])):
        lead = blocks.pop(0).content
    figures = frozenset({"figure", "media"})
    return Body(
        blocks=tuple(blocks),
        lead=lead,
        headline=_first_text(root, frozenset({"hl1", "h1"}), skip=figures),
        byline=_first_text(root, frozenset({"byline"}), skip=figures),
        pictures=_pictures(root),
    )


def _plain_body(text: str) -> Body:
    """Plain text: paragraphs between blank lines, or one a line when there are none."""
    if re.search(r"\n\s*\n", text):
        chunks = re.split(r"\n\s*\n", text)
        blocks = tuple(
            Block(content=(_SPACE.sub(" ", chunk).strip(),)) for chunk in chunks if chunk.strip()
        )
        return Body(blocks=blocks)
    lines = (line.strip() for line in text.splitlines())
    return Body(blocks=tuple(Block(content=(line,)) for line in lines if line))


def read_body(content_set: Element | None) -> Body:
    """The body of a ``contentSet``: its first ``inlineXML`` or ``inlineData`` that has text.

    A ``remoteContent`` (a rendition elsewhere) is no text: an item with
    only those has an empty body.
    """
    if content_set is None:
        return Body()
    for holder in content_set.elements():
        if holder.name == "inlineXML":
            roots = [child for child in holder.children if isinstance(child, Element)]
            if roots:
                return _merge(tuple(_markup_body(root) for root in roots))
        elif holder.name == "inlineData" and holder.text.strip():
            return _plain_body(holder.text)
    return Body()


def _merge(bodies: tuple[Body, ...]) -> Body:
    """One body of several roots in an ``inlineXML`` (a bare run of ``p`` elements)."""
    if len(bodies) == 1:
        return bodies[0]
    return Body(
        blocks=tuple(block for body in bodies for block in body.blocks),
        lead=next((body.lead for body in bodies if body.lead), ()),
        headline=next((body.headline for body in bodies if body.headline), None),
        byline=next((body.byline for body in bodies if body.byline), None),
        pictures=tuple(picture for body in bodies for picture in body.pictures),
    )
