"""The XML pieces a carrier puts back, read in place, and the records a patch rebuilds.

A patch carries what the reference export drops as XML text (``v`` runs,
``x`` replacements, ``r`` texts); `read_pieces` reads the pieces of one
container as the reader types them in place, and `rebuild` makes a record
again with patched attributes and children.

Internal module: `apply` uses it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import attrs

from newsml_codecs import newsml
from newsml_codecs.document._carrier.keys import parts_of
from newsml_model import (
    ContentMeta,
    ContentMetaObject,
    DecodeError,
    Element,
    ExtProperty,
    InvalidDocumentError,
    ItemMeta,
    Link,
    Links,
    Metadata,
    Service,
)
from newsml_model.tree import (
    EXT_PROPERTY_FIELDS,
    LINK_FIELDS,
    OBJECT_FIELDS,
    SERVICE_FIELDS,
    split_attributes,
)

_FIELDS = {
    Link: LINK_FIELDS,
    ContentMetaObject: OBJECT_FIELDS,
    Service: SERVICE_FIELDS,
    ExtProperty: EXT_PROPERTY_FIELDS,
}
_SEPARATOR_NS = "urn:x-newsml:separator"
_SEPARATOR = f'<s xmlns="{_SEPARATOR_NS}"/>'
_WITH_ATTRIBUTES: dict[type, bool] = {}
Ancestors = tuple[tuple[str, str], ...]
"""``(name, namespace)`` of the elements from the root down to the one patched."""


def rebuild(node: Any, attributes: tuple[tuple[str, str], ...], children: tuple[Any, ...]) -> Any:
    """`node`'s record again, with `attributes` and `children`."""
    kind = node.__class__
    # The common records built directly: attrs.evolve introspects on every call.
    if kind is Element:
        return Element(
            name=node.name, attributes=attributes, children=children, namespace=node.namespace
        )
    if kind is ItemMeta or kind is ContentMeta:
        return kind(children=children)
    if kind is Links:
        return Links(children=children, namespace=node.namespace)
    if kind is Metadata:
        return Metadata(children=children, namespace=node.namespace, name=node.name)
    fields = _FIELDS.get(kind)
    if fields is not None:
        return kind(**split_attributes(fields, attributes), children=children)
    has = _WITH_ATTRIBUTES.get(kind)
    if has is None:
        has = _WITH_ATTRIBUTES[kind] = "attributes" in attrs.fields_dict(kind)
    if has:
        return attrs.evolve(node, attributes=attributes, children=children)
    return attrs.evolve(node, children=children)


def read_pieces(pieces: list[str], ancestors: Ancestors) -> tuple[tuple[Any, ...], ...]:
    """Each piece of XML read as children of the innermost of `ancestors`, in one parse.

    `ancestors` are ``(name, namespace)`` from the root down; the reader
    types the children as it would in place (a ``link`` inside ``links`` is
    a `Link`). The same pieces come back at every save of a document (its
    patch is cached) and at every cut the law tries, so small ones are read
    once (`_parse_kept`): the records are frozen, sharing them is safe.
    """
    if len(pieces) == 1 and "<" not in pieces[0] and "&" not in pieces[0]:
        return ((pieces[0],) if pieces[0] else (),)  # plain text (a time's original spelling)
    if sum(map(len, pieces)) <= _KEPT_TEXT:
        return _parse_kept(tuple(pieces), ancestors)
    return _read(pieces, ancestors)


_KEPT_TEXT = 16 * 1024
"""The most characters of pieces `_parse_kept` holds per entry: with its 128 entries, at most
2 MiB of carried text and its records (four containers of each document in the patch cache)."""


def forget_pieces() -> None:
    """Forget the carried pieces read so far (`read_pieces`): a save then reads them again."""
    _parse_kept.cache_clear()


@functools.lru_cache(maxsize=128)
def _parse_kept(pieces: tuple[str, ...], ancestors: Ancestors) -> tuple[tuple[Any, ...], ...]:
    """`_read`, remembered (an error is not: it is raised again at each call)."""
    return _read(pieces, ancestors)


def _read(pieces: Sequence[str], ancestors: Ancestors) -> tuple[tuple[Any, ...], ...]:
    """`read_pieces` without the shortcuts: one parse of all the pieces."""
    opening = "".join(f'<{name} xmlns="{ns}">' for name, ns in ancestors)
    closing = "".join(f"</{name}>" for name, _ in reversed(ancestors))
    text = opening + _SEPARATOR.join(pieces) + closing
    try:
        node: Any = newsml.loads(text, max_bytes=max(len(text) * 4, 1 << 20))
    except DecodeError as error:
        raise InvalidDocumentError(f"invalid carrier XML: {error}", path="$.properties") from None
    for _ in ancestors[1:]:
        node = next(c for c in node.children if c.__class__ is not str)
    children = parts_of(node, "")[3]
    if len(pieces) == 1:
        return (tuple(children),)
    out: list[tuple[Any, ...]] = []
    current: list[Any] = []
    for child in children:
        if child.__class__ is Element and child.namespace == _SEPARATOR_NS:
            out.append(tuple(current))
            current = []
        else:
            current.append(child)
    out.append(tuple(current))
    if len(out) != len(pieces):
        raise InvalidDocumentError("invalid carrier XML: pieces do not match", path="$.properties")
    return tuple(out)
