"""Writer mappings (JXON) -> records, through xmltodict (internal).

The Writer's JXON is xmltodict's convention: attributes as ``@name`` keys,
child elements by name (a list for a repeated name), text beside children
under ``keyValue``. So a mapping a plugin passes (a link, a metadata object)
becomes a record in three steps:

1. `clean` checks it and applies decision D19 (``None`` means absent:
   ``"@x": None`` writes no attribute, ``"x": None`` an empty element;
   numbers and booleans become the strings JavaScript writes; numeric keys
   and functions are skipped, as the Writer's unbuild does). Every error
   names the offending key as a dotted field.
2. ``xmltodict.unparse`` writes the element.
3. expat reads it back into records, typed as the NewsML reader types them
   (``link`` -> `Link`, ``links`` -> `Links`, ``object`` ->
   `ContentMetaObject`, ``metadata``/``meta`` inside a link or object ->
   `Metadata`, anything else -> `Element`), so an item changed through the
   API equals the same item written and read back.

The reverse (records -> JXON) is `newsml_codecs.jxon.dump`: the XML writer,
then ``xmltodict.parse``. This module is the model's half because the model
structures API arguments and may not import the codecs (DESIGN.md, layers).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from xml.parsers import expat

from newsml_model._attributes import LINK_FIELDS, OBJECT_FIELDS, layout_free, split_attributes
from newsml_model._errors import InvalidArgumentError
from newsml_model._nodes import IM, ContentMetaObject, Element, Link, Links, Metadata

CDATA_KEY = "keyValue"
"""The key of text beside child elements (xmltodict's ``cdata_key``)."""

# An XML name with an optional prefix: a letter or "_", then letters, digits, ".", "-".
_NAME = re.compile(r"[^\W\d][\w.\-]*(:[^\W\d][\w.\-]*)?\Z")
# Characters XML 1.0 cannot carry: refused with the field, before xmltodict.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
_TYPED_PARENTS = {
    "link": ("links", ""),
    "object": ("metadata", "meta", ""),
}


def normalize_keys(value: Any) -> Any:
    """Drop the first ``@`` of every top-level key (spec §2 "normalized").

    Args:
        value: A JXON mapping (anything else is returned as it is).

    Returns:
        A new mapping with ``@name`` keys renamed ``name``; nested values unchanged.
    """
    if not isinstance(value, dict):
        return value
    return {(key[1:] if key.startswith("@") else key): item for key, item in value.items()}


def js_string(value: Any, field: str) -> str:
    """`value` as the attribute/text string the Writer writes.

    Raises:
        InvalidArgumentError: Not a string, number or boolean.
    """
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    raise InvalidArgumentError(
        f"{field} must be a string, number or boolean, not {type(value).__name__}", field=field
    )


def _text(value: Any, field: str) -> str:
    text = value if value.__class__ is str else js_string(value, field)
    if _NOT_XML.search(text) is not None:
        raise InvalidArgumentError(f"{field} holds a character XML cannot carry", field=field)
    return text


def clean(
    mapping: Any,
    *,
    field: str = "value",
    bare_attributes: tuple[str, ...] = (),
    nested: bool = False,
) -> dict[str, Any]:
    """`mapping` checked and reduced to strings, lists and dicts for ``xmltodict.unparse``.

    Args:
        mapping: The JXON object.
        field: Name of the argument, for error messages.
        bare_attributes: Top-level keys read as attributes even without ``@``
            (the Writer's duplicate checks read ``uuid`` and ``rel`` either way).
        nested: A child's mapping: its ``@xmlns`` puts it in that namespace
            (§3.2); the element structured takes its parent's and ignores it.

    Raises:
        InvalidArgumentError: Not a mapping, a bad key or an unsupported value.
    """
    if mapping.__class__ is not dict and not isinstance(mapping, Mapping):
        raise InvalidArgumentError(
            f"{field} must be a mapping (JXON), not {type(mapping).__name__}", field=field
        )
    out: dict[str, Any] = {}
    for key, value in mapping.items():
        if key.__class__ is not str or not key:
            raise InvalidArgumentError(
                f"{field} has a key that is not a name: {key!r}", field=field
            )
        if key.isdigit() or (value.__class__ is not str and callable(value)):
            continue  # the Writer's unbuild skips these too
        where = f"{field}.{key}"
        if key[0] == "@" or key in bare_attributes:
            attribute = key[1:] if key[0] == "@" else key
            if value is None or (attribute == "xmlns" and not nested):
                continue  # None: absent; the root's namespace is its parent's (§3.2)
            if not _valid_name(attribute):
                raise InvalidArgumentError(f"bad attribute name {key!r}", field=where)
            out["@" + attribute] = _text(value, where)
        elif key == CDATA_KEY:
            out[key] = _text(value, where)
        elif not _valid_name(key):
            raise InvalidArgumentError(f"bad element name {key!r}", field=where)
        elif isinstance(value, (list, tuple)):
            entries = []
            for index, entry in enumerate(value):
                if isinstance(entry, (list, tuple)):
                    raise InvalidArgumentError(
                        "nested lists cannot be XML", field=f"{where}[{index}]"
                    )
                entries.append(_child(entry, f"{where}[{index}]"))
            out[key] = entries
        else:
            out[key] = _child(value, where)
    return out


def _child(value: Any, field: str) -> Any:
    if value is None or (value.__class__ is str and not value):
        return None  # an empty element
    if isinstance(value, Mapping):
        return clean(value, field=field, nested=True)
    return _text(value, field)


def structure(
    mapping: Any,
    name: str,
    *,
    field: str = "value",
    bare_attributes: tuple[str, ...] = (),
) -> Any:
    """The record named `name` for a JXON `mapping` (spec §3.2, D19, D21).

    Args:
        mapping: The JXON object.
        name: Element name of the result (``link``, ``object``...).
        field: Name of the argument, for error messages.
        bare_attributes: Keys read as attributes even without ``@``.

    Returns:
        A `Link` for ``link``, a `ContentMetaObject` for ``object``, else an `Element`.

    Raises:
        InvalidArgumentError: Not a mapping, a bad key or an unsupported value.
    """
    # Imported here: xmltodict imports xml.sax.saxutils, which imports urllib.request and
    # http.client, a fifth of importing the model that every process not using JXON (the
    # command line, the service's workers) would pay.
    import xmltodict

    tree = clean(mapping, field=field, bare_attributes=bare_attributes)
    text = xmltodict.unparse(
        {name: tree or None},
        full_document=False,
        short_empty_elements=True,
        attr_prefix="@",
        cdata_key=CDATA_KEY,
    )
    # xmltodict escapes a carriage return in attributes but not in text, where
    # a parser would read it as a newline: text alone can hold a raw one here.
    if "\r" in text:
        text = text.replace("\r", "&#13;")
    try:
        return _Builder().parse(text)
    except expat.ExpatError as error:  # a name the checks let through but XML refuses
        raise InvalidArgumentError(f"{field} cannot be XML: {error}", field=field) from None


class _Builder:
    """expat events of one element written by xmltodict -> records.

    The element is a link or an object, so it sits in the Infomaker
    namespace; a child's ``@xmlns`` (§3.2) puts it and its descendants in
    another one, kept as the explicit namespace the NewsML reader would give.
    """

    def __init__(self) -> None:
        # (name, attributes, children, namespace in scope, explicit namespace)
        self.stack: list[tuple[str, list[tuple[str, str]], list[Any], str, str | None]] = [
            ("", [], [], IM, None)
        ]

    def parse(self, text: str) -> Any:
        parser = expat.ParserCreate()
        parser.ordered_attributes = True
        parser.buffer_text = True
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.text
        parser.Parse(text, True)
        return self.stack[0][2][0]

    def start(self, name: str, attributes: list[str]) -> None:
        pairs = list(zip(attributes[0::2], attributes[1::2], strict=True))
        scope = self.stack[-1][3]
        explicit = None
        for index, (key, value) in enumerate(pairs):
            if key == "xmlns":
                del pairs[index]
                explicit = value if value != scope else None
                scope = value
                break
        self.stack.append((name, pairs, [], scope, explicit))

    def end(self, name: str) -> None:
        _, attributes, children, scope, explicit = self.stack.pop()
        parent = self.stack[-1]
        parent[2].append(make(name, parent[0], attributes, tuple(children), scope, explicit))

    def text(self, data: str) -> None:
        children = self.stack[-1][2]
        if children and children[-1].__class__ is str:
            children[-1] += data
        else:
            children.append(data)


def make(
    name: str,
    parent: str,
    attributes: list[tuple[str, str]],
    children: tuple[Any, ...],
    scope: str = IM,
    explicit: str | None = None,
) -> Any:
    """The record for element `name` inside `parent`, typed as the NewsML reader would.

    Args:
        name: The element name.
        parent: The parent's name (``""`` for the element structured).
        attributes: Its attributes in order (``xmlns`` already taken out).
        children: Its children.
        scope: The namespace it is in.
        explicit: That namespace when it differs from the parent's, else None.
    """
    if explicit is None:
        if name == "link" and parent in _TYPED_PARENTS["link"]:
            return Link(**split_attributes(LINK_FIELDS, attributes), children=layout_free(children))
        if name == "object" and parent in _TYPED_PARENTS["object"]:
            return ContentMetaObject(
                **split_attributes(OBJECT_FIELDS, attributes), children=layout_free(children)
            )
    if not attributes and name == "links":
        return Links(children=layout_free(children), namespace=scope)
    if not attributes and name in ("metadata", "meta") and parent in ("link", "object"):
        return Metadata(children=layout_free(children), namespace=scope, name=name)
    return Element(name=name, attributes=tuple(attributes), children=children, namespace=explicit)


_NAMES: dict[str, bool] = {}


def _valid_name(name: str) -> bool:
    # Plugins pass the same few keys over and over: remember the verdicts.
    known = _NAMES.get(name)
    if known is None:
        known = bool(_NAME.match(name))
        if len(_NAMES) < 4096:
            _NAMES[name] = known
    return known
