"""A node of an original kept as the text it was read from, which the writer copies; internal.

An edited document's save gives back the original's nodes wherever the
user left their blocks alone (the document codec's carrier). Parsing the
whole original only to write those nodes again cost more than the rest of
the save. A `Raw` stands for such a node by its text instead: the writer
(`_xmlwrite`) copies the text where the namespace in scope is the one it
was read in, and the save parses it (`Raw.node`) only where it looks
inside (a block edited in place, a block paired by its id).

Only text that reads back the same wherever that namespace is in scope is
copied (`copyable`, `well_formed`): one element and nothing beside it, no
prefix it does not declare but ``xml:``, no entity but XML's, no ``idf``
element (whose namespace the reader infers). A `Raw` is never part of an
item a user gets: it lives in the carrier's save, whose result goes
straight to the writer (`materialized` gives the records where a check
must read them).
"""

from __future__ import annotations

from typing import Any
from xml.parsers import expat

from newsml_codecs._xmlbuild import build_element
from newsml_codecs._xmlread import parse
from newsml_model import AnyItem, DecodeError, Node
from newsml_model.tree import TYPED_NAMES, with_children


def copyable(text: bytes) -> bool:
    """Whether the element `text` may be copied where its namespace is in scope: no ``idf``
    element in it, whose namespace the reader infers from its place (conservative: an
    ``<idf`` in a CDATA section counts too). The text must also be `well_formed`."""
    # rfind: CPython's backward search for it runs twice as fast as `in` over the Writer's
    # NewsML ("<" is every few bytes; an article's spans: 5 us against 11)
    return text.rfind(b"<idf") < 0


def well_formed(texts: list[bytes]) -> bool:
    """Whether each of `texts` is one element, XML expat reads on its own: no entity but
    XML's (the reader also takes HTML's), no prefix but ``xml:`` that it does not declare
    itself (one declared on an ancestor would not be where it is copied), nothing beside the
    element but comments and processing instructions after it (which read as nothing). Such
    text reads back the same in any element whose default namespace is the one it was read in.

    Each is read as a document of its own, whose one root the text must be (XML's rule): no
    text can open what another closes, nor leave a CDATA section or comment open over the
    next, nor hold a second element or text beside its own. Texts whose markup alone makes
    them one element (`_plain`: most of a section's fields) are read together.
    """
    plain: list[bytes] = []
    for text in texts:
        if text[1:2] in _NOT_AN_ELEMENT:
            return False  # a declaration, comment or PI first: a document allows them there
        if _plain(text):
            plain.append(text)
            continue
        parser = expat.ParserCreate(None, " ")
        try:
            parser.Parse(text, True)
        except expat.ExpatError:
            return False
    if plain:  # one element each, by their markup alone: read together (a parser each costs)
        parser = expat.ParserCreate(None, " ")
        try:
            parser.Parse(b"<k>" + b"".join(plain) + b"</k>", True)
        except expat.ExpatError:
            return False
    return True


def _plain(text: bytes) -> bool:
    """Whether `text` (starting with an element) is one empty-element tag, or a start tag,
    text and an end tag: one element by its markup alone (no ``<`` in an attribute value),
    however it reads; nothing in it opens what another text closes."""
    count = text.count(b"<")
    end = len(text) - 1
    if count == 1:  # the tag's first ">" its last byte ("/>"): nothing after it
        return text.find(b">") == end and text.endswith(b"/>")
    last = text.rfind(b"<")  # the end tag, its ">" the last byte
    return count == 2 and text.startswith(b"</", last) and text.find(b">", last) == end


_NOT_AN_ELEMENT = frozenset([b"?", b"!", b"/", b""])
"""What follows a text's first ``<`` when it starts with no element."""


class Raw:
    """An original node by its text: what `_xmlwrite` copies, and `node` parses.

    Attributes:
        text: The element's text, as read.
        chain: The (local name, namespace) of each ancestor, from the root:
            the context `node` reads the text in; the last one's namespace is
            the one in scope, where the writer copies the text as it is.
        copied: Whether the writer may copy the text (else it writes `node`:
            text with an HTML entity, say, which only the reader takes).
    """

    __slots__ = ("_node", "chain", "copied", "text")

    def __init__(self, text: str, chain: tuple[tuple[str, str], ...]) -> None:
        self.text = text
        self.chain = chain
        self.copied = True
        self._node: Node | None = None

    @property
    def context(self) -> str:
        """The namespace in scope where the node stood."""
        return self.chain[-1][1]

    @property
    def node(self) -> Any:
        """The record the reader makes of the text in its place (parsed once)."""
        if self._node is None:
            self._node = _read(self.text, self.chain)
        return self._node

    def __repr__(self) -> str:
        return f"Raw({self.text[:40]!r}...)"


def real(node: Any) -> Any:
    """`node`, or the record a `Raw` stands for."""
    return node.node if node.__class__ is Raw else node


def _read(text: str, chain: tuple[tuple[str, str], ...]) -> Any:
    """The node of `text` read inside the elements of `chain` (each declaring its namespace).

    The reader types an element by its name, its namespace, its parent's
    name and its depth, the depth only at the root's children and
    grandchildren (`_xmltyped.typed_node`), and infers a namespace from the
    parent's name. So an element at depth 3 or more whose parent is a
    generic element (no name the reader types, wherever it stands) reads
    the same under the root and its parent alone, at depth 2: the body's
    paragraph is read inside ``newsItem`` and ``group`` instead of five
    elements (wrapping elements cost a parse of a small node most of its
    time).
    """
    # (not where the parent declares no namespace: the reader gives it its parent's, which
    # the shortened chain would lose)
    if len(chain) > 2 and chain[-1][0] not in TYPED_NAMES and chain[-1][1]:
        plain = _generic(text, chain[-1][1])
        if plain is not None:
            return plain
        chain = (chain[0], chain[-1])
    opening = "".join(f'<{name} xmlns="{_quoted(ns)}">' for name, ns in chain)
    closing = "".join(f"</{name}>" for name, _ in reversed(chain))
    node: Any = parse(opening + text + closing, max_depth=len(chain) + _FRAGMENT_DEPTH)
    for _ in chain[1:]:
        node = next(child for child in node.children if child.__class__ is not str)
    if len(node.children) != 1 or node.children[0].__class__ is str:
        # text or a second element beside it: not an element's text (the save reads the whole)
        raise DecodeError("a node's text is not one element")
    return node.children[0]


def _generic(text: str, context: str) -> Any:
    """The node of `text`, read where the generic element in scope declares `context`, when
    it is a start tag, text and its end tag (`_plain`) with no ``&`` and no namespace of its
    own; else None (`_read` reads it).

    Such a node is what the reader's `end` builds of a generic element and its one text
    (`build_element`, in its parent's namespace), whatever its ancestors; expat reads it
    as the reader's parser does (one buffer, namespaces apart, UTF-8), alone, without the
    parse's wrapping and its setting up: the pairing reads the edited paragraph so at an
    article's first save, where the whole reader cost it 50 us in place.
    """
    if (
        len(text) > _GENERIC_MOST
        or "&" in text
        or "xmlns" in text
        or text.count("<") != 2
        or not (text.startswith("<") and text.endswith(">"))
    ):
        return None
    started: list[Any] = []
    pieces: list[str] = []
    parser = expat.ParserCreate("utf-8", " ")
    parser.buffer_size = max(len(text) * 4, 1024)  # every text in one piece, as the reader's
    parser.buffer_text = True
    parser.StartElementHandler = lambda tag, attributes: started.append((tag, attributes))
    parser.CharacterDataHandler = pieces.append
    try:
        parser.Parse(text.encode("utf-8", "surrogatepass"), True)
    except (expat.ExpatError, ValueError):
        return None  # the reader says why (`_read`)
    finally:
        parser.StartElementHandler = parser.CharacterDataHandler = None
    if len(started) != 1 or len(pieces) > 1:
        return None
    name, attributes = started[0]
    # a prefixed name (its namespace before " "), a name the reader types or infers a
    # namespace for: read in place
    if " " in name or name in TYPED_NAMES or name == "idf" or " " in "".join(attributes):
        return None
    return build_element(name, tuple(attributes.items()), tuple(pieces), None)


_GENERIC_MOST = 64 * 1024
"""The longest text `_generic` reads (longer ones: `_read`, which holds the reader's limits)."""
_FRAGMENT_DEPTH = 256
"""How deep a node's text may nest below its place (the carried original's bound)."""


def _quoted(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


def materialized(item: AnyItem) -> AnyItem:
    """`item` with every `Raw` in it replaced by its record (a tree a user may get)."""

    def walk(node: Any) -> Any:
        if node.__class__ is Raw:
            return node.node
        children = getattr(node, "children", None)
        if not children:
            return node
        replaced = [walk(child) if child.__class__ is not str else child for child in children]
        if all(new is old for new, old in zip(replaced, children, strict=True)):
            return node
        return with_children(node, tuple(replaced))

    result: AnyItem = walk(item)
    return result
