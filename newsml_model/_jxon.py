"""JXON: the Writer's JSON view of XML elements (spec ``newsitem-api.md`` §3).

`build` turns a record into the Writer's raw JXON: attributes as ``@name``
keys, child elements by name (a repeated name becomes a list from its second
occurrence), text alone as a trimmed string, text beside elements under
``keyValue``. `unbuild` is the reverse, used to accept the link and
content-meta-object mappings Writer plugins pass.

Differences from the Writer (decision D21): an element without attributes,
children or non-blank text reads ``""`` (never ``{}``); numbers and booleans
written into an element read back as strings. ``None`` values mean "absent"
(D19): ``"@x": None`` writes no attribute, ``"x": None`` an empty element.

Typing on unbuild mirrors the NewsML reader, so an item changed through the
API equals the same item written and read back: ``link`` -> `Link`,
``links`` -> `Links`, ``object`` -> `ContentMetaObject`, ``metadata``/``meta``
inside a link or object -> `Metadata`, anything else -> `Element`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from newsml_model._errors import InvalidArgumentError
from newsml_model._item import ContentMeta, ItemMeta
from newsml_model._nodes import (
    EXT_PROPERTY_FIELDS,
    IM,
    LINK_FIELDS,
    OBJECT_FIELDS,
    SERVICE_FIELDS,
    Attributes,
    ContentMetaObject,
    Element,
    ExtProperty,
    Link,
    Links,
    Metadata,
    Service,
    split_attributes,
)

_NAME = re.compile(r"^[A-Za-z_][\w.\-]*(:[A-Za-z_][\w.\-]*)?$")


def _typed(record: Any, fields: tuple[str, ...]) -> Attributes:
    typed = tuple((name, value) for name in fields if (value := getattr(record, name)) is not None)
    rest: Attributes = record.attributes
    return typed + rest


def parts(node: Any, parent_name: str = "") -> tuple[str, str | None, Attributes, tuple[Any, ...]]:
    """Element name, explicit namespace, all attributes and children of any record."""
    kind = node.__class__
    if kind is Element:
        return node.name, node.namespace, node.attributes, node.children
    if kind is Link:
        return "link", None, _typed(node, LINK_FIELDS), node.children
    if kind is ContentMetaObject:
        return "object", None, _typed(node, OBJECT_FIELDS), node.children
    if kind is Links:
        return "links", None, (), node.children
    if kind is Metadata:
        return node.name, None, (), node.children
    if kind is Service:
        return "service", None, _typed(node, SERVICE_FIELDS), node.children
    if kind is ExtProperty:
        name = "contentMetaExtProperty" if parent_name == "contentMeta" else "itemMetaExtProperty"
        return name, None, _typed(node, EXT_PROPERTY_FIELDS), node.children
    if kind is ItemMeta:
        return "itemMeta", None, (), node.children
    if kind is ContentMeta:
        return "contentMeta", None, (), node.children
    raise InvalidArgumentError(f"not a NewsML node: {kind.__name__}", field="record")


def build(node: Any, parent_name: str = "") -> Any:
    """The Writer's raw JXON of `node`: a string or a dict (spec §3.1, D21)."""
    name, namespace, attributes, children = parts(node, parent_name)
    texts = [child for child in children if child.__class__ is str]
    if namespace is not None:
        attributes = (("xmlns", namespace), *attributes)
    if not attributes and len(texts) == len(children):
        return "".join(texts).strip()
    out: dict[str, Any] = {}
    repeated: set[str] = set()
    for child in children:
        if child.__class__ is str:
            continue
        key = parts(child, name)[0]
        value = build(child, name)
        if key not in out:
            out[key] = value
        elif key in repeated:
            out[key].append(value)
        else:
            out[key] = [out[key], value]
            repeated.add(key)
    text = "".join(part.strip() for part in texts)
    if text:
        out["keyValue"] = text
    for key, value in attributes:
        out["@" + key] = value.strip()
    return out


def normalize(value: Any) -> Any:
    """Drop the first ``@`` of every top-level key (spec §2 "normalized")."""
    if not isinstance(value, dict):
        return value
    return {(key[1:] if key.startswith("@") else key): item for key, item in value.items()}


def js_string(value: Any, field: str) -> str:
    """`value` as the attribute/text string the Writer writes (R8, D19)."""
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


_TYPED_NAMES = frozenset(("link", "object", "links", "metadata", "meta"))


def _make(
    name: str, parent: str, attributes: list[tuple[str, str]], children: tuple[Any, ...]
) -> Any:
    if name not in _TYPED_NAMES:
        return Element(name=name, attributes=tuple(attributes), children=children)
    if name == "link" and parent in ("links", ""):
        return Link(**split_attributes(LINK_FIELDS, attributes), children=_layout_free(children))
    if name == "object" and parent in ("metadata", "meta", ""):
        return ContentMetaObject(
            **split_attributes(OBJECT_FIELDS, attributes), children=_layout_free(children)
        )
    if not attributes and name == "links":
        return Links(children=_layout_free(children), namespace=IM)
    if not attributes and name in ("metadata", "meta") and parent in ("link", "object"):
        return Metadata(children=_layout_free(children), namespace=IM, name=name)
    return Element(name=name, attributes=tuple(attributes), children=children)


def _layout_free(children: tuple[Any, ...]) -> tuple[Any, ...]:
    # As the reader: blank text between the elements of a typed record is layout.
    texts = [c for c in children if c.__class__ is str]
    if not texts or len(texts) == len(children):
        return children
    return tuple(c for c in children if c.__class__ is not str or not c.isspace())


def _child(key: str, value: Any, parent: str, field: str) -> Any:
    if value.__class__ is str:
        return _make(key, parent, [], (value,) if value else ())
    if value is None:
        return _make(key, parent, [], ())
    if isinstance(value, Mapping):
        return unbuild(value, key, field=field, parent=parent)
    text = js_string(value, field)
    return _make(key, parent, [], (text,) if text else ())


def unbuild(
    mapping: Any,
    name: str,
    *,
    field: str = "value",
    parent: str = "",
    bare_attributes: tuple[str, ...] = (),
) -> Any:
    """A record named `name` from a JXON mapping (spec §3.2, D19, D21).

    Args:
        mapping: The JXON object.
        name: Element name of the result (``link``, ``object``...).
        field: Name of the argument, for error messages.
        parent: Name of the element it goes into (decides typing).
        bare_attributes: Keys read as attributes even without ``@`` (the
            Writer's duplicate checks read ``uuid`` and ``rel`` either way).

    Raises:
        InvalidArgumentError: Not a mapping, a bad key or an unsupported value.
    """
    if mapping.__class__ is not dict and not isinstance(mapping, Mapping):
        raise InvalidArgumentError(
            f"{field} must be a mapping (JXON), not {type(mapping).__name__}", field=field
        )
    attributes: list[tuple[str, str]] = []
    children: list[Any] = []
    for key, value in mapping.items():
        if key.__class__ is not str or not key:
            raise InvalidArgumentError(
                f"{field} has a key that is not a name: {key!r}", field=field
            )
        if key.isdigit() or (value.__class__ is not str and callable(value)):
            continue  # the Writer's unbuild skips these too
        # Error paths are formatted only on error: this loop is hot.
        if key[0] == "@" or key in bare_attributes:
            attribute = key[1:] if key[0] == "@" else key
            if attribute == "xmlns" or value is None:
                continue
            if not _valid_name(attribute) and not attribute.startswith("{"):
                raise InvalidArgumentError(f"bad attribute name {key!r}", field=f"{field}.{key}")
            text = value if value.__class__ is str else js_string(value, f"{field}.{key}")
            attributes.append((attribute, text))
        elif key == "keyValue":
            text = js_string(value, f"{field}.{key}")
            if text:
                children.append(text)
        elif not _valid_name(key):
            raise InvalidArgumentError(f"bad element name {key!r}", field=f"{field}.{key}")
        elif isinstance(value, (list, tuple)):
            for index, entry in enumerate(value):
                where = f"{field}.{key}[{index}]"
                if isinstance(entry, (list, tuple)):
                    raise InvalidArgumentError("nested lists cannot be XML", field=where)
                children.append(_child(key, entry, name, where))
        elif value.__class__ is str:
            children.append(_make(key, name, [], (value,) if value else ()))
        else:
            children.append(_child(key, value, name, f"{field}.{key}"))
    return _make(name, parent, attributes, tuple(children))


_NAMES: dict[str, bool] = {}


def _valid_name(name: str) -> bool:
    # Plugins pass the same few keys over and over: remember the verdicts.
    known = _NAMES.get(name)
    if known is None:
        known = bool(_NAME.match(name))
        if len(_NAMES) < 4096:
            _NAMES[name] = known
    return known
