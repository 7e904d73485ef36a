"""Blocks -> model nodes: links, objects, ``<data>`` and IDF content (mapping spec §5.5-§5.8).

The input is a document already checked by `_validate`, so fields have the
right types; what is checked here is what only load knows (data keys,
markup in *xml*-handled values).

Speed (issue 20): records are made by the positional constructors of
`newsml_codecs._xmlbuild` (half the cost of attrs' keyword ``__init__``),
and the options' tables are read once per block, not once per key.
"""

from __future__ import annotations

from newsml_codecs._xmlbuild import build_element, build_links, build_metadata, new_link, new_object
from newsml_codecs.document._config import CONTENT, DATA_KEY, META, TEXT, XML, DocumentOptions
from newsml_codecs.document._kind_common import Block
from newsml_codecs.document._markup import MarkupError, parse_fragment
from newsml_model import (
    IDF,
    IM,
    ContentMetaObject,
    Element,
    InvalidDocumentError,
    Link,
    Node,
)


def check_key(key: str, path: str) -> None:
    """§5.7 data-key rules.

    Raises:
        InvalidDocumentError: An empty key, a leading digit or another character.
    """
    if DATA_KEY.match(key):
        return
    if not key:
        reason = "keys may not be empty"
    elif key[0].isdigit():
        reason = "keys may not start with numbers"
    else:
        bad = next(c for c in key if not (c.isascii() and (c.isalnum() or c in "_-")))
        reason = f"keys may not contain {bad!r}"
    raise InvalidDocumentError(f"invalid data key {key!r}: {reason}", path=path)


def data_children(options: DocumentOptions, block: Block, context: str, path: str) -> list[Node]:
    """The ``<data>`` children of a block's data map and flags (§5.7)."""
    kind = block.get("type")
    out: list[Node] = []
    values: dict[str, str] = block.get("data") or {}
    if values:
        # `_config.handling` of each key, its two tables looked up once.
        table = options.text_options.get(kind or "")
        content_table = options.content_only_options.get(kind or "") if context == CONTENT else None
        match_key = DATA_KEY.match
        for key in sorted(values):
            if not match_key(key):
                check_key(key, f"{path}.data")
            value = values[key]
            if table is not None and key in table:
                how = table[key]
            elif content_table is not None and key in content_table:
                how = content_table[key]
            else:
                how = TEXT
            if how == XML and value:
                try:
                    children = parse_fragment(value)
                except MarkupError as error:
                    raise InvalidDocumentError(
                        f"invalid XML in value for {key!r}: {error}", path=f"{path}.data.{key}"
                    ) from None
            else:
                children = (value,) if value else ()
            out.append(build_element(key, (), children, None))
    if kind in options.flag_types:
        for meta in block.get("meta") or ():
            if meta.get("type") == "x-im/flags":
                flags = tuple(
                    build_element("flag", (), (name,) if name else (), None)
                    for name, value in (meta.get("data") or {}).items()
                    if value == "true"
                )
                out.append(build_element("flags", (), flags, None))
    return out


def _attrs(block: Block, names: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    return tuple((attr, block[key]) for attr, key in names if block.get(key))


def link_node(
    options: DocumentOptions, block: Block, context: str, path: str, ns: str = IM
) -> Link:
    """A link block as ``<link>`` (§5.5; IDF-nested links keep name/value/contentType too)."""
    children: list[Node] = []
    get = block.get
    if "data" in block:
        children.append(
            build_element("data", (), tuple(data_children(options, block, context, path)), None)
        )
    links = get("links") or ()
    # Inside IDF the reference writes ``<links>`` in every link, even empty.
    if links or ns == IDF:
        in_meta = context == META
        kept = [
            (i, child)
            for i, child in enumerate(links)
            if not in_meta or child.get("type") != "x-im/imchn"
        ]
        children.append(_links_node(options, kept, context, path, ns))
    metas = get("meta")
    if metas:
        if get("type") in options.flag_types:  # its flags are in its data
            metas = [m for m in metas if m.get("type") != "x-im/flags"]
        if metas:
            children.append(
                build_metadata(
                    tuple(
                        [
                            object_node(options, m, context, f"{path}.meta[{i}]", ns)
                            for i, m in enumerate(metas)
                        ]
                    ),
                    ns,
                    "meta",
                )
            )
    extra: tuple[tuple[str, str], ...] = ()
    if context == CONTENT:
        extra = _attrs(
            block,
            (("id", "id"), ("name", "name"), ("value", "value"), ("contenttype", "contentType")),
        )
    return new_link(
        None,  # id
        get("rel") or None,
        get("role") or None,
        get("type") or None,
        get("uuid") or None,
        get("uri") or None,
        get("url") or None,
        get("title") or None,
        None,  # name
        None,  # qcode
        extra,
        tuple(children),
    )


def _links_node(
    options: DocumentOptions, links: list[tuple[int, Block]], context: str, path: str, ns: str
) -> Node:
    """The ``<links>`` of a block: each link with the index it is reported under."""
    return build_links(
        tuple([link_node(options, link, context, f"{path}.links[{i}]", ns) for i, link in links]),
        ns,
    )


def object_node(
    options: DocumentOptions, block: Block, context: str, path: str, ns: str = IM
) -> ContentMetaObject:
    """A meta block as a metadata ``<object>`` (§5.6)."""
    children: list[Node] = []
    data: list[Node] = []
    get = block.get
    content = get("content")
    if content:
        data.append(_idf_text(options, content, path))
    if "data" in block:
        data.extend(data_children(options, block, context, path))
        children.append(build_element("data", (), tuple(data), None))
    elif data:
        children.append(build_element("data", (), tuple(data), None))
    links = [link for link in get("links") or () if link.get("type") != "x-im/imchn"]
    # Nested in an IDF object's meta, the reference writes ``<links>`` even empty.
    if links or ns == IDF:
        children.append(_links_node(options, list(enumerate(links)), context, path, ns))
    metas = get("meta")
    if metas:
        props = [
            build_element("property", (("name", key), ("value", value)), (), None)
            for m in metas
            if m.get("type") == "x-im/generic-property"
            for key, value in (m.get("data") or {}).items()
        ]
        if props:
            children.append(build_element("properties", (), tuple(props), None))
        others = [m for m in metas if m.get("type") not in ("x-im/generic-property", "x-im/flags")]
        if others:
            children.append(
                build_metadata(
                    tuple(
                        [
                            object_node(options, m, context, f"{path}.meta[{i}]", ns)
                            for i, m in enumerate(others)
                        ]
                    ),
                    ns,
                    "meta",
                )
            )
    if context == CONTENT:
        return new_object(
            get("id") or None,
            get("type") or None,
            get("uuid") or None,
            get("uri") or None,
            get("url") or None,
            get("title") or None,
            _attrs(
                block,
                (
                    ("name", "name"),
                    ("value", "value"),
                    ("rel", "rel"),
                    ("contenttype", "contentType"),
                ),
            ),
            tuple(children),
        )
    return new_object(
        get("id") or None,
        get("type") or None,
        get("uuid") or None,
        None,
        None,
        get("title") or None,
        (),
        tuple(children),
    )


def _idf_text(options: DocumentOptions, content: list[Block], path: str) -> Element:
    """A block's content as ``<text format="idf">`` (§5.6, §5.8)."""
    return build_element(
        "text",
        (("format", "idf"),),
        tuple(
            [
                idf_node(options, child, f"{path}.content[{i}]", top=False)
                for i, child in enumerate(content)
            ]
        ),
        None,
    )


def idf_node(options: DocumentOptions, block: Block, path: str, *, top: bool = True) -> Element:
    """A content block as an IDF ``<element>`` or ``<object>`` (§5.8)."""
    kind = block.get("type") or ""
    if kind in options.element_types:
        return _element(options, block, kind, path)
    return _object(options, block, kind, path)


def _element(options: DocumentOptions, block: Block, kind: str, path: str) -> Element:
    data = block.get("data") or {}
    attributes = (
        *_attrs(block, (("id", "id"),)),
        ("type", options.element_rename_back.get(kind, kind)),
    )
    attributes += tuple([(key, data[key]) for key in ("format", "variation") if data.get(key)])
    markup = data.get("text", "")
    if "ordered-list" in kind and block.get("content"):
        markup = "".join(
            "<list-item>" + item["data"]["text"] + "</list-item>"
            for item in block["content"]
            if "text" in (item.get("data") or {})
        )
    try:
        # Body markup keeps its CRs: the reference writes it as it is, unparsed.
        children = parse_fragment(markup, keep_cr=True) if markup else ()
    except MarkupError as error:
        raise InvalidDocumentError(
            f"invalid XML in element text: {error}", path=f"{path}.data.text"
        ) from None
    return build_element("element", attributes, children, None)


_OBJECT_ATTRIBUTES = (
    ("id", "id"),
    ("uuid", "uuid"),
    ("uri", "uri"),
    ("url", "url"),
    ("type", "type"),
    ("title", "title"),
    ("name", "name"),
    ("value", "value"),
    ("rel", "rel"),
    ("contenttype", "contentType"),
)


def _object(options: DocumentOptions, block: Block, kind: str, path: str) -> Element:
    attributes = _attrs(block, _OBJECT_ATTRIBUTES)
    children: list[Node] = []
    data: list[Node] = []
    content = block.get("content")
    if content:
        data.append(_idf_text(options, content, path))
    if block.get("data"):
        data.extend(data_children(options, block, CONTENT, path))
    if data:
        children.append(build_element("data", (), tuple(data), None))
    children.append(
        build_links(
            tuple(
                [
                    link_node(options, link, CONTENT, f"{path}.links[{i}]", IDF)
                    for i, link in enumerate(block.get("links") or ())
                ]
            ),
            IDF,
        )
    )
    metas = block.get("meta") or ()
    props = next((m for m in metas if m.get("type") == "x-im/generic-property"), None)
    if props is not None:
        children.append(
            build_element(
                "properties",
                (),
                tuple(
                    [
                        build_element("property", (("name", key), ("value", value)), (), None)
                        for key, value in (props.get("data") or {}).items()
                    ]
                ),
                None,
            )
        )
    others = [m for m in metas if m is not props]
    if others:
        children.append(
            build_metadata(
                tuple(
                    [
                        object_node(options, m, CONTENT, f"{path}.meta[{i}]", IDF)
                        for i, m in enumerate(others)
                    ]
                ),
                IDF,
                "meta",
            )
        )
    return build_element("object", attributes, tuple(children), None)
