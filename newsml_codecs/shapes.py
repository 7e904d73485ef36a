"""``TypedDict`` s of NavigaDoc documents, for editors and type checkers.

The shapes of ``naviga.Document`` as JSON, as the shipped schema describes
them (``newsml_codecs/schemas/navigadoc.json``): a document requires
``uuid``, ``type`` and ``created``; every other field, and every field of a
block or property but a property's ``name``, may be left out.
``document.load`` takes a `DocumentMapping` or any other mapping (a
document read with ``json.loads`` is a plain ``dict``), so these types
help, they never restrict::

    from newsml_codecs import document
    from newsml_codecs.shapes import BlockMapping, DocumentMapping

    headline: BlockMapping = {"type": "core/heading-1", "data": {"text": "Hello"}}
    doc: DocumentMapping = {
        "uuid": "1d02738f-7c99-42ba-a6da-3d1b97261523",
        "type": "x-im/article",
        "created": "2024-03-05T09:00:00Z",
        "content": [headline],
    }
    item = document.load(doc, kind=NewsItem)

Field names are the JSON names (``contentType``), values the JSON types
(``data`` and ``parameters`` map strings to strings).
"""

from __future__ import annotations

from typing import Required, TypedDict

__all__ = ["BlockMapping", "DocumentMapping", "PropertyMapping"]


class BlockMapping(TypedDict, total=False):
    """A block (``naviga.Block``): a link, a content block or a meta block; nothing required."""

    id: str
    uuid: str
    uri: str
    url: str
    type: str
    title: str
    data: dict[str, str]
    rel: str
    name: str
    value: str
    contentType: str
    links: list[BlockMapping]
    content: list[BlockMapping]
    meta: list[BlockMapping]
    role: str


class PropertyMapping(TypedDict, total=False):
    """A property (``naviga.Property``): ``name`` required, ``value`` and ``parameters`` optional."""

    name: Required[str]
    value: str
    parameters: dict[str, str]


class DocumentMapping(TypedDict, total=False):
    """A NavigaDoc document (``naviga.Document``): ``uuid``, ``type`` and ``created`` required."""

    uuid: Required[str]
    type: Required[str]
    created: Required[str]
    uri: str
    url: str
    title: str
    path: str
    products: list[str]
    modified: str
    published: str
    unpublished: str
    content: list[BlockMapping]
    meta: list[BlockMapping]
    links: list[BlockMapping]
    properties: list[PropertyMapping]
    source: str
    language: str
    status: str
    provider: str
