"""Inline markup: parse fragments, sanitise (nh3, decision M8), write as etree does.

The reference sanitises with bluemonday and re-serialises with etree
(mapping spec §4.11). Here nh3 applies the §3.10 allow-list; the result is
parsed as an XML fragment and written back with etree's escaping: ``&``,
``<``, ``>``, ``'`` and ``"`` escaped in text and attributes, childless
elements self-closed, HTML entities decoded to characters.
"""

from __future__ import annotations

import html
import re
from html.entities import html5
from xml.parsers import expat

import nh3

from newsml_codecs.document._gourl import SCHEMES, link_url
from newsml_model import Element, Node

_BASE = {"dir", "lang", "id", "title"}
_TABLE_CELL = {
    "abbr",
    "align",
    "bgcolor",
    "char",
    "charoff",
    "colspan",
    "headers",
    "height",
    "nowrap",
    "rowspan",
    "scope",
    "valign",
    "width",
}
"""Attributes allowed on ``td`` and ``th`` alike."""

_ATTRIBUTES: dict[str, set[str]] = {
    "*": _BASE,
    "img": {"src", "alt", "align", "height", "width"},
    "ol": {"type"},
    "ul": {"type"},
    "li": {"type", "value"},
    "table": {
        "align",
        "bgcolor",
        "border",
        "cellpadding",
        "cellspacing",
        "frame",
        "rules",
        "summary",
        "width",
    },
    "caption": {"align"},
    "col": {"align", "bgcolor", "char", "charoff", "span", "valign", "width"},
    "colgroup": {"align", "bgcolor", "char", "charoff", "span", "valign", "width"},
    "thead": {"align", "bgcolor", "char", "charoff", "valign"},
    "tbody": {"align", "bgcolor", "char", "charoff", "valign"},
    "tfoot": {"align", "bgcolor", "char", "charoff", "valign"},
    "tr": {"align", "bgcolor", "char", "charoff", "valign"},
    "td": _TABLE_CELL,
    "th": _TABLE_CELL,
    "strong": {"type"},
    "mark": set(),
    "a": {"href", "rel", "target", "download"},
    "element": {"type"},
    "ins": {"collapsed", "creationdate", "modificationdate", "username"},
    "code": set(),
    "x-person": {"tag", "tagdescription", "tagid", "tagimageurl", "taglongdescription"},
}
# The allowed tags: those that have attributes of their own, and four more.
_TAGS = (_ATTRIBUTES.keys() - {"*"}) | {"em", "dl", "dt", "dd"}
_ALLOWED_WITHOUT_ATTRIBUTES = _TAGS - {"a", "img"}
_DROP_CONTENT = {
    "frame",
    "frameset",
    "iframe",
    "noembed",
    "noframes",
    "noscript",
    "nostyle",
    "object",
    "script",
    "style",
    "title",
}
_ID_RE = re.compile(r"[A-Za-z0-9:._-]")
_LANG_RE = re.compile(r"[a-zA-Z]{2,20}")
_TITLE_RE = re.compile(r"[\w\s\-',\[\]!./\\()]*\Z")


def _filter(element: str, attribute: str, value: str) -> str | None:
    """The global-attribute patterns of §3.10 and bluemonday's URL check."""
    if attribute in _URL_ATTRIBUTES.get(element, ()):
        return link_url(value)
    if attribute in _ATTRIBUTES.get(element, ()) and not (element == "a" and attribute == "title"):
        return value
    if attribute == "dir":
        return value if value.lower() in ("rtl", "ltr") else None
    if attribute == "lang":
        return value if _LANG_RE.search(value) else None
    if attribute == "id":
        return value if _ID_RE.search(value) else None
    if attribute == "title":
        return value if element == "a" or _TITLE_RE.match(value) else None
    return value


# The allowed tags reach the cleaner under placeholder names: html5ever, the
# HTML parser under nh3, builds a tree and so moves what HTML puts elsewhere
# (a <tr> outside a <table> is dropped, an <li> closes the one before, a
# misnested <a> is split), where bluemonday only tokenises and keeps every tag
# where it stands. Elements of unknown names are left where they stand.
_PLACEHOLDER = "nml-safe-"
_URL_ATTRIBUTES = {"a": {"href"}, "img": {"src"}}
_CLEANER = nh3.Cleaner(
    tags={_PLACEHOLDER + tag for tag in _TAGS},
    clean_content_tags=_DROP_CONTENT,
    attributes={_PLACEHOLDER + tag: names for tag, names in _ATTRIBUTES.items() if tag != "*"}
    | {"*": _ATTRIBUTES["*"], _PLACEHOLDER + "a": _ATTRIBUTES["a"] | {"title"}},
    # No attribute_filter: nh3 swallows what a Python callback raises, and a
    # Ctrl-C (or a SIGTERM handler's SystemExit) arriving while nh3 works is
    # raised in that callback, even on its first line, so it would be lost
    # with the attribute. `_unwrap_bare` applies `_filter` to the cleaned tree.
    strip_comments=True,
    link_rel=None,
    # link_url checks schemes and writes relative URLs as Go does
    url_schemes=set(SCHEMES),
    url_relative="pass_through",
)
# A start, end or self-closing tag of serialised XML (attribute values quoted).
_TAG_RE = re.compile(
    r"<(/?)([A-Za-z_][^\s/>]*)((?:\s+[^\s=/>]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)\s*(/?)>"
)
_HTML_VOID = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    }
)
_PLACEHOLDER_RE = re.compile("<(/?)" + _PLACEHOLDER)
_NAMED_RE = re.compile(r"&([A-Za-z][A-Za-z0-9]{1,31});")
_XML_NAMED = {"amp", "lt", "gt", "quot", "apos"}
# Text whose every "&" starts a reference: html.unescape decodes it as expat would.
_PLAIN_ENTITIES = re.compile(
    r"(?:[^&<>]|&(?:amp|lt|gt|quot|apos|#[0-9]{1,7}|#x[0-9A-Fa-f]{1,6});)*"
)


def _html_source(markup: str) -> str:
    """Serialised XML made HTML the cleaner reads tag for tag as bluemonday does.

    Allowed tags get their placeholder names (lower case, as HTML tokenisers
    write names); a self-closed element that HTML does not know as void is
    written as a start and an end tag, so it stays empty (HTML ignores the
    ``/`` of ``<strong/>`` and would put the following text inside).
    """

    def tag(match: re.Match[str]) -> str:
        end, name, attributes, closed = match.groups()
        lower = name.lower()
        written = _PLACEHOLDER + lower if lower in _TAGS else name
        if closed and (written != name or lower not in _HTML_VOID):
            return f"<{written}{attributes}></{written}>"
        return f"<{end}{written}{attributes}{closed}>"

    return _TAG_RE.sub(tag, markup)


class MarkupError(ValueError):
    """A markup string that is not a well-formed XML fragment."""


def _numeric(text: str) -> str:
    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in _XML_NAMED:
            return match.group(0)
        value = html5.get(name + ";")
        # An unknown name is text, as HTML reads it ("&chips;").
        return "&amp;" + name + ";" if value is None else "".join(f"&#{ord(c)};" for c in value)

    return _NAMED_RE.sub(replace, text) if "&" in text else text


# What CMS text holds and an HTML reader takes (issue 21): an "&" that starts
# no reference ("Fish & chips") and a "<" that starts no tag ("x < y") are
# text, and a void element needs no end tag ("<br>", "<br></br>").
_BARE_AMP = re.compile(r"&(?!(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});)")
_BARE_LT = re.compile(r"<(?![A-Za-z_/!?])")
_VOID_OPEN = re.compile(r"<(br|hr|wbr|img)(\s[^<>]*?)?\s*(?<!/)>(?:\s*</\1\s*>)?", re.IGNORECASE)


def _html_tolerant(text: str) -> str:
    if "&" in text:
        text = _BARE_AMP.sub("&amp;", text)
    if "<" in text:
        text = _BARE_LT.sub("&lt;", text)  # "x < y": no tag starts with a space or digit
        text = _VOID_OPEN.sub(lambda m: f"<{m.group(1)}{m.group(2) or ''}/>", text)
    return text


def _prepared(markup: str, keep_cr: bool) -> str:
    """`markup` repaired for the XML parser; with `keep_cr`, a literal CR as ``&#13;``."""
    if keep_cr and "\r" in markup:
        markup = markup.replace("\r", "&#13;")
    return _numeric(_html_tolerant(markup))


def line_feeds(text: str) -> str:
    """`text` with CR LF and a lone CR as LF, as XML and HTML parsers read literal line ends."""
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def _where(markup: str, prepared: str, index: int, keep_cr: bool) -> str:
    """`index` (into `prepared`, the markup as parsed) as a place in the original `markup`.

    The repairs only lengthen references and close void tags, so the place
    is found by repairing growing prefixes (only on the error path).
    """
    low, high = 0, len(markup)
    while low < high:  # the longest prefix whose repaired form ends at or before index
        middle = (low + high + 1) // 2
        if len(_prepared(markup[:middle], keep_cr)) <= index:
            low = middle
        else:
            high = middle - 1
    start = max(0, low - 20)
    context = markup[start : low + 20]
    return f"at character {low + 1} of the text, near {context!r}"


def parse_fragment(markup: str, *, keep_cr: bool = False) -> tuple[Node, ...]:
    """Parse an XML fragment (HTML named entities allowed) into generic nodes.

    Line ends are read as an XML parser reads them: a literal CR (alone or
    before a LF) is a LF, and ``&#13;`` is a CR. With `keep_cr` a literal CR
    stays a CR too: body markup, which the reference writes unparsed.

    Raises:
        MarkupError: Not well-formed.
    """
    if "<" not in markup:
        if "&" not in markup:
            return ((markup if keep_cr else line_feeds(markup)),) if markup else ()
        if _PLAIN_ENTITIES.fullmatch(markup):
            return (html.unescape(markup if keep_cr else line_feeds(markup)),)
    stack: list[tuple[str, tuple[tuple[str, str], ...], list[Node]]] = [("", (), [])]

    def start(name: str, attributes: list[str]) -> None:
        stack.append((name, tuple(zip(attributes[::2], attributes[1::2], strict=True)), []))

    def end(_name: str) -> None:
        name, attributes, children = stack.pop()
        stack[-1][2].append(Element(name=name, attributes=attributes, children=tuple(children)))

    def text(data: str) -> None:
        children = stack[-1][2]
        if children and isinstance(children[-1], str):
            children[-1] += data
        else:
            children.append(data)

    parser = expat.ParserCreate("utf-8")
    parser.ordered_attributes = True
    parser.buffer_text = True
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    parser.StartDoctypeDeclHandler = _refuse
    parser.EntityDeclHandler = _refuse
    prepared = _prepared(markup, keep_cr)
    source = ("<r>" + prepared + "</r>").encode("utf-8", "surrogatepass")
    try:
        parser.Parse(source, True)
    except expat.ExpatError as error:
        reason = expat.errors.messages.get(error.code, str(error))
        done = source[: max(parser.ErrorByteIndex, 3)].decode("utf-8", "surrogatepass")
        index = min(len(done) - 3, len(prepared))  # without the "<r>" wrapper
        raise MarkupError(f"{reason} {_where(markup, prepared, index, keep_cr)}") from None
    root = stack[0][2][0]
    assert isinstance(root, Element)
    return root.children


def _refuse(*_args: object) -> None:
    raise MarkupError("declarations are not allowed in markup")


_TEXT_ESC = re.compile(r"[&<>'\"]")
_ESC = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "'": "&apos;", '"': "&quot;"}


def escape(text: str) -> str:
    """etree's escaping of text and attribute values (§4.11 step 4)."""
    return _TEXT_ESC.sub(lambda m: _ESC[m.group(0)], text) if _TEXT_ESC.search(text) else text


def write(children: tuple[Node, ...]) -> str:
    """Serialise nodes as etree does: five escapes, childless elements self-closed."""
    out: list[str] = []
    _write(children, out)
    return "".join(out)


def _write(children: tuple[Node, ...], out: list[str]) -> None:
    for child in children:
        if isinstance(child, str):
            out.append(escape(child))
        elif isinstance(child, Element):
            out.append("<" + child.name)
            for key, value in child.attributes:
                out.append(f' {key}="{escape(value)}"')
            if child.children:
                out.append(">")
                _write(child.children, out)
                out.append("</" + child.name + ">")
            else:
                out.append("/>")


def _unwrap_bare(children: tuple[Node, ...]) -> tuple[Node, ...]:
    """The cleaned tree with its attributes filtered (`_filter`), and without the start/end
    tags of elements that need an attribute and lost them all (bluemonday)."""
    out: list[Node] = []
    for child in children:
        if isinstance(child, Element):
            inner = _unwrap_bare(child.children)
            attributes = _filtered(child.name, child.attributes)
            if not attributes and child.name not in _ALLOWED_WITHOUT_ATTRIBUTES:
                out.extend(inner)
                continue
            if inner != child.children or attributes != child.attributes:
                child = Element(name=child.name, attributes=attributes, children=inner)
        if out and isinstance(child, str) and isinstance(out[-1], str):
            out[-1] += child
        else:
            out.append(child)
    return tuple(out)


def _filtered(element: str, attributes: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """`attributes` as `_filter` keeps and rewrites them, in their order."""
    kept = []
    for name, value in attributes:
        filtered = _filter(element, name, value)
        if filtered is not None:
            kept.append((name, filtered))
    return tuple(kept)


def sanitize(markup: str) -> str:
    """Sanitise inline markup and re-escape it (§4.11).

    Raises:
        MarkupError: The sanitised markup does not parse (cannot happen with
            nh3's balanced output, kept for the reference's contract).
    """
    if "<" not in markup and "&" not in markup:
        return escape(markup)
    # A CR the cleaner read from ``&#13;`` comes out literally, and XML would
    # read it as LF; the reference keeps it.
    cleaned = _CLEANER.clean(_html_source(markup)).replace("\r", "&#13;")
    cleaned = _PLACEHOLDER_RE.sub(r"<\1", cleaned)
    return write(_unwrap_bare(parse_fragment(cleaned)))


def sanitize_nodes(children: tuple[Node, ...]) -> str:
    """Sanitise model children (text and inline elements) into escaped markup."""
    if all(isinstance(child, str) for child in children):
        return escape("".join(children))  # type: ignore[arg-type]
    from newsml_codecs._xmlwrite import write_node

    out: list[str] = []
    for child in children:
        if isinstance(child, str):
            # A CR as a reference, as write_node writes one below: the cleaner
            # would read a literal CR as LF, and body markup keeps it.
            out.append(escape(child).replace("\r", "&#13;") if "\r" in child else escape(child))
        else:
            write_node(child, "", "", out)
    return sanitize("".join(out))
