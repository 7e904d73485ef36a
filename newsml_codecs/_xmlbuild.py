"""Internal: building the model's records fast, for the XML reader (`_xmlread`).

The reader makes one record per element, so the cost of a record is most of
the cost of a parse beyond expat itself (issue 12). The generated keyword
``__init__`` of a frozen slotted attrs record costs about twice as much as
setting its slots, so `slot_constructor` writes a positional constructor
that sets them directly; it is used only for records whose ``__init__`` does
nothing else (no validator, converter or ``__attrs_post_init__``; checked at
import, the plain constructor otherwise). The typing decisions (which
element becomes which record, in which context) are `_xmltyped`'s; this
module only builds.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import filterfalse
from typing import Any

import attrs

from newsml_model import ContentMetaObject, Element, ExtProperty, Link, Links, Metadata, Service
from newsml_model.tree import (
    EXT_PROPERTY_FIELDS,
    LINK_FIELDS,
    OBJECT_FIELDS,
    SERVICE_FIELDS,
    Attributes,
)

__all__ = [
    "build_element",
    "build_ext_property",
    "build_link",
    "build_links",
    "build_metadata",
    "build_object",
    "build_service",
    "layout_free_list",
    "new_ext_property",
    "new_link",
    "new_object",
    "slot_constructor",
    "typed_builder",
]


def _plain(cls: type) -> bool:
    """Whether the generated ``__init__`` of `cls` only stores its arguments."""
    return not hasattr(cls, "__attrs_post_init__") and not any(
        field.validator or field.converter for field in attrs.fields(cls)
    )


def slot_constructor(cls: type, names: tuple[str, ...]) -> Callable[..., Any]:
    """A constructor of `cls` taking the fields `names` positionally.

    Args:
        cls: A slotted attrs record class.
        names: Its fields, in the order the constructor takes them.

    Returns:
        A function ``(value, ...) -> instance`` equal in effect to
        ``cls(**dict(zip(names, values)))``, which it is when `names` are
        not exactly the fields of `cls` or `cls` runs anything at init (so a
        record that changes shape is still built right, only slower).
    """
    if sorted(names) != sorted(field.name for field in attrs.fields(cls)) or not _plain(cls):

        def construct(*values: Any) -> Any:  # pragma: no cover - only if a record changes shape
            return cls(**dict(zip(names, values, strict=True)))

        return construct
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    lines = [f"def construct({', '.join(names)}):", "    record = new(cls)"]
    for index, name in enumerate(names):
        namespace[f"set{index}"] = getattr(cls, name).__set__
        lines.append(f"    set{index}(record, {name})")
    lines.append("    return record")
    exec("\n".join(lines), namespace)  # the same technique attrs uses for __init__
    constructor: Callable[..., Any] = namespace["construct"]
    return constructor


def typed_builder(cls: type, typed: tuple[str, ...]) -> Callable[[Any, tuple[Any, ...]], Any]:
    """A builder ``(attributes, children) -> record`` of a record with typed attributes.

    Attributes named in `typed` become fields, the others stay in
    ``attributes`` in document order (as `newsml_model.split_attributes`;
    XML has no repeated attribute, so "first one wins" never arises).

    Args:
        cls: The record class; its fields are `typed`, ``attributes`` and ``children``.
        typed: The attribute names the record types as fields.

    Returns:
        The builder.
    """
    construct = slot_constructor(cls, (*typed, "attributes", "children"))
    fields = frozenset(typed)
    # The typed fields in field order, all None: a copy updated with the
    # attributes holds every field's value, in C, in two calls.
    template = dict.fromkeys(typed)
    size = len(template)

    def build(attributes: Attributes, children: tuple[Any, ...]) -> Any:
        values = template.copy()
        values.update(attributes)
        if len(values) == size:  # no attribute beyond the typed ones
            return construct(*values.values(), (), children)
        rest = tuple([pair for pair in attributes if pair[0] not in fields])
        for key, _ in rest:
            del values[key]
        return construct(*values.values(), rest, children)

    return build


def layout_free_list(children: list[Any]) -> tuple[Any, ...]:
    """`newsml_model.layout_free` of a list: whitespace-only text between elements dropped.

    The same rule (text that is not only whitespace keeps every character;
    text alone is kept), computed with C-level filters instead of Python
    comprehensions (no subclass of `str` ever reaches the reader).
    """
    texts = list(filter(_is_text, children))
    if not texts or len(texts) == len(children) or not "".join(texts).isspace():
        return tuple(children)
    return tuple(filterfalse(_is_text, children))


_is_text = str.__instancecheck__


build_element: Callable[[str, Attributes, tuple[Any, ...], str | None], Element] = slot_constructor(
    Element, ("name", "attributes", "children", "namespace")
)
"""``(name, attributes, children, namespace) -> Element``."""
_links = slot_constructor(Links, ("children", "namespace"))
_metadata = slot_constructor(Metadata, ("children", "namespace", "name"))


def build_links(children: tuple[Any, ...], namespace: str) -> Links:
    """A `Links` container."""
    links: Links = _links(children, namespace)
    return links


def build_metadata(children: tuple[Any, ...], namespace: str, name: str) -> Metadata:
    """A `Metadata` container called `name` (``metadata`` or ``meta``)."""
    metadata: Metadata = _metadata(children, namespace, name)
    return metadata


build_link: Callable[[Attributes, tuple[Any, ...]], Link] = typed_builder(Link, LINK_FIELDS)
"""``(attributes, children) -> Link``."""
build_object: Callable[[Attributes, tuple[Any, ...]], ContentMetaObject] = typed_builder(
    ContentMetaObject, OBJECT_FIELDS
)
"""``(attributes, children) -> ContentMetaObject``."""
build_service: Callable[[Attributes, tuple[Any, ...]], Service] = typed_builder(
    Service, SERVICE_FIELDS
)
"""``(attributes, children) -> Service``."""
build_ext_property: Callable[[Attributes, tuple[Any, ...]], ExtProperty] = typed_builder(
    ExtProperty, EXT_PROPERTY_FIELDS
)
"""``(attributes, children) -> ExtProperty``."""


new_link: Callable[..., Link] = slot_constructor(Link, (*LINK_FIELDS, "attributes", "children"))
"""``(id, rel, role, type, uuid, uri, url, title, name, qcode, attributes, children) -> Link``
(`LINK_FIELDS` order): the document export builds its links with it."""
new_object: Callable[..., ContentMetaObject] = slot_constructor(
    ContentMetaObject, (*OBJECT_FIELDS, "attributes", "children")
)
"""``(id, type, uuid, uri, url, title, attributes, children) -> ContentMetaObject``
(`OBJECT_FIELDS` order)."""
new_ext_property: Callable[..., ExtProperty] = slot_constructor(
    ExtProperty, (*EXT_PROPERTY_FIELDS, "attributes", "children")
)
"""``(type, value, attributes, children) -> ExtProperty``."""
