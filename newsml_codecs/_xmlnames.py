"""Element and attribute names the NewsML writer may write (internal to the codecs).

`_xmlwrite` writes names as they are: each distinct name is checked once,
by the reader's own parser (expat, namespaces on), and remembered in
`GOOD_ELEMENTS` or `GOOD_ATTRIBUTES` (apart: ``xmlns`` may name an element,
not an attribute), so the check costs a set lookup per element afterwards. A
name XML cannot carry raises `BadNameError`; `path_of` finds where it is
for the message.
"""

from __future__ import annotations

from typing import Any
from xml.parsers import expat

from newsml_model import Attributes, InvalidArgumentError
from newsml_model.tree import descendants, element_parts, get_in

__all__ = [
    "GOOD_ATTRIBUTES",
    "GOOD_ELEMENTS",
    "BadNameError",
    "check_attribute_name",
    "element_name",
    "path_of",
]

# Names found good: a set lookup per element on the hot path. Bounded, so
# that a stream of made-up names cannot grow it without end (past the bound
# a name is checked each time it is written).
GOOD_ELEMENTS: set[str] = set()
GOOD_ATTRIBUTES: set[str] = set()
_MAX_GOOD_NAMES = 16384
_XML_NS = "http://www.w3.org/XML/1998/namespace"
_XMLNS_NS = "http://www.w3.org/2000/xmlns/"


class BadNameError(InvalidArgumentError):
    """An element or attribute name XML cannot carry (internal: `serialize` adds the path).

    Attributes:
        name: The name.
        kind: ``"element"`` or ``"attribute"``.
    """

    def __init__(self, name: str, kind: str) -> None:
        super().__init__(f"{kind} name {name!r} is not an XML name", field="item")
        self.name = name
        self.kind = kind


def _reads_as(text: str, element: str, attributes: dict[str, str]) -> bool:
    """Whether expat, as the reader runs it (namespaces on), reads `text` as one empty
    element named `element` with exactly `attributes` (so nothing else hid in a name).
    """
    parser = expat.ParserCreate(namespace_separator=" ")
    seen: list[tuple[str, dict[str, str]]] = []
    parser.StartElementHandler = lambda name, attrs: seen.append((name, attrs))
    try:
        parser.Parse(text, True)
    except expat.ExpatError:
        return False
    return [(element, attributes)] == seen


def element_name(name: str) -> str:
    """`name`, checked to be an element name the reader takes (no prefix: the namespace is apart)."""
    if name in GOOD_ELEMENTS:
        return name
    # The reader's own parser decides, so that what is written reads back
    # (expat follows XML 1.0's fourth-edition name characters).
    if type(name) is not str or ":" in name or not _reads_as(f"<{name}/>", name, {}):
        raise BadNameError(str(name), "element")
    _remember(GOOD_ELEMENTS, name)
    return name


def check_attribute_name(key: str, attributes: Attributes) -> None:
    """Check an attribute key of an element whose attributes are `attributes`.

    A key is a local name, ``xml:`` and a local name, ``{uri}local``, or
    (as the Writer's JXON gives them) ``prefix:local`` with its
    ``xmlns:prefix`` declaration among the same `attributes`, or such a
    declaration itself. The first three are remembered; a prefixed key
    depends on its element, so it is checked each time.

    Raises:
        BadNameError: Any other key (``xmlns``, which would move the element
            to another namespace, among them).
    """
    if type(key) is not str:
        raise BadNameError(str(key), "attribute")
    prefix, colon, local = key.rpartition(":") if not key.startswith("{") else ("", "", key)
    if colon and prefix not in ("xml", "xmlns"):
        if not _is_local(prefix) or ("xmlns:" + prefix) not in {k for k, _ in attributes}:
            raise BadNameError(key, "attribute")
    elif prefix == "xmlns":
        declared = next(value for k, value in attributes if k == key)
        if not declared or local in ("xml", "xmlns"):  # unbinding, or a reserved prefix
            raise BadNameError(key, "attribute")
    elif key in GOOD_ATTRIBUTES:
        return
    elif key.startswith("{"):
        uri, closed, local = key[1:].partition("}")
        if not closed or not uri or uri in (_XML_NS, _XMLNS_NS):
            raise BadNameError(key, "attribute")
    if local == "xmlns" or not _is_local(local):  # xmlns: a declaration, no attribute
        raise BadNameError(key, "attribute")
    if not colon or prefix == "xml":
        _remember(GOOD_ATTRIBUTES, key)


def _is_local(name: str) -> bool:
    """Whether `name` is a name without prefix the reader takes in an attribute."""
    return ":" not in name and _reads_as(f"<a {name}=''/>", "a", {name: ""})


def _remember(good: set[str], name: str) -> None:
    if len(good) < _MAX_GOOD_NAMES:
        good.add(name)


def path_of(item: Any, error: BadNameError) -> tuple[int, ...] | None:
    """The tree path of the first node whose name (or attribute key) is `error`'s; None: not found."""
    for path, node in ((), item), *descendants(item):
        if type(node) is str:
            continue
        parent = "" if not path else element_parts(get_in(item, path[:-1]))[0]
        name, _, attributes, _ = element_parts(node, parent)
        keys = [name] if error.kind == "element" else [key for key, _ in attributes]
        if error.name in keys:
            return path
    return None
