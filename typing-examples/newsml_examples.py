"""Typing examples, checked with ``mypy --strict`` (``tests/codecs/test_typing_examples.py``).

As attrs' ``typing-examples``: code a user writes, with the types mypy must
infer (``assert_type``) and the mistakes it must catch (a ``# type: ignore``
with its error code: ``--strict`` warns about an unused one, so each marks an
error mypy really reports). Nothing here runs; it is only type-checked.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any, assert_type

import newsml_model as nm
from newsml_codecs import document, newsml, schema
from newsml_codecs.shapes import BlockMapping, DocumentMapping, PropertyMapping
from newsml_model import newsitem
from newsml_model.shapes import (
    AuthorMapping,
    ConceptRefMapping,
    LinkJxonMapping,
    LinkMapping,
    PubTimeMapping,
    TagMapping,
)
from newsml_tools.store import open_store


def loading_to_the_kind_asked_for(xml: bytes, doc: dict[str, Any], text: str) -> None:
    """kind= types the result; without it the union stays."""
    assert_type(newsml.loads(xml, kind=nm.NewsItem), nm.NewsItem)
    assert_type(newsml.loads(xml, kind=nm.ConceptItem), nm.ConceptItem)
    assert_type(newsml.loads(xml, kind=nm.PlanningItem), nm.PlanningItem)
    assert_type(newsml.loads(xml, kind=nm.Planning), nm.Planning)
    assert_type(newsml.loads(xml, kind=nm.ItemList), nm.ItemList)
    assert_type(newsml.loads(xml, kind=nm.Package), nm.Package)
    assert_type(newsml.loads(xml), nm.AnyItem)
    assert_type(document.load(doc, kind=nm.NewsItem), nm.NewsItem)
    assert_type(document.load(doc), nm.AnyItem)
    assert_type(document.loads(text, kind=nm.ConceptItem), nm.ConceptItem)
    assert_type(document.loads(text), nm.AnyItem)
    converter = document.Converter({"element-types": ["x-im/custom-text"]})
    assert_type(converter.options, document.DocumentOptions)
    assert_type(converter.load(doc, kind=nm.NewsItem), nm.NewsItem)
    assert_type(converter.load(doc), nm.AnyItem)
    assert_type(converter.loads(text, kind=nm.ConceptItem), nm.ConceptItem)
    assert_type(converter.dump(converter.load(doc)), dict[str, Any])
    assert_type(converter.dumps(converter.load(doc), indent=2), str)

    article = newsml.loads(xml)
    newsitem.add_tag(article, "p", {"uuid": "u", "title": "t"})  # type: ignore[arg-type]
    newsml.loads(xml, kind=str)  # type: ignore[type-var]


def the_store(path: Path, uuid: str) -> None:
    """Store.get takes the same kind=, on both backends."""
    with open_store(path) as store:
        assert_type(store.get(uuid, kind=nm.NewsItem), nm.NewsItem)
        assert_type(store.get(uuid, 2, kind=nm.Package), nm.Package)
        assert_type(store.get(uuid), nm.AnyItem)
        saved = store.save(store.get(uuid, kind=nm.NewsItem))
        assert_type(saved.etag, str)


def the_news_item_api(path: Path) -> None:
    """A Writer plugin's calls, with the Writer's mappings; the result is a NewsItem again."""
    item = newsml.loads(path.read_bytes(), kind=nm.NewsItem)
    raw: LinkJxonMapping = {
        "@rel": "subject",
        "@type": "x-im/topic",
        "@uuid": "0f6b6a4e-3c2d-4b8e-9d7a-5e1c2b3a4d5f",
        "@title": "Volvo",
    }
    plain: LinkMapping = {"rel": "subject", "type": "x-im/topic", "uuid": "u", "title": "Volvo"}
    tag: TagMapping = {"uuid": "u", "title": "Volvo", "type": "x-im/topic"}
    author: AuthorMapping = {"name": "Anna", "uuid": "a", "firstName": "Anna"}
    story: ConceptRefMapping = {"uuid": "s", "title": "The story"}
    pub_start: PubTimeMapping = {"value": "2024-03-05T09:00:00+01:00"}

    change = (
        newsitem.add_link(item, "my-plugin", raw)
        .then(newsitem.add_link, "my-plugin", plain)
        .then(newsitem.add_tag, "my-plugin", tag)
        .then(newsitem.add_author, "my-plugin", author)
        .then(newsitem.add_story, "my-plugin", story)
        .then(newsitem.set_pub_start, "my-plugin", pub_start)
        .then(newsitem.set_pub_stop, "my-plugin", datetime(2030, 1, 1, tzinfo=UTC))
    )
    assert_type(change.item, nm.NewsItem)
    assert_type(change.events, tuple[nm.Event, ...])
    # Plain dicts (JSON from elsewhere) are accepted as before.
    from_json: dict[str, Any] = {"@rel": "subject", "@uuid": "u"}
    newsitem.add_link(item, "my-plugin", from_json)
    # Mappings annotated with a TypedDict are checked (a literal passed inline
    # also matches Mapping[str, Any], so annotate it to have it checked).
    wrong_type: AuthorMapping = {"name": 3}  # type: ignore[typeddict-item]
    missing_name: AuthorMapping = {"uuid": "a"}  # type: ignore[typeddict-item]
    unknown_key: TagMapping = {"uuid": "u", "titel": "t"}  # type: ignore[typeddict-unknown-key]
    del wrong_type, missing_name, unknown_key
    assert_type(newsitem.get_links_by_type(change.item, ["x-im/topic"]), tuple[nm.Link, ...])
    newsitem.get_link_by_type(change.item, "my-plugin", "x-im/image")  # type: ignore[call-arg]


def navigadoc_documents() -> None:
    """The NavigaDoc TypedDicts: documents built in code are checked, and load as typed."""
    headline: BlockMapping = {"type": "core/heading-1", "data": {"text": "Hello"}}
    prop: PropertyMapping = {"name": "headline", "value": "Hello"}
    doc: DocumentMapping = {
        "uuid": "1d02738f-7c99-42ba-a6da-3d1b97261523",
        "type": "x-im/article",
        "created": "2024-03-05T09:00:00Z",
        "content": [headline],
        "properties": [prop],
    }
    item = document.load(doc, kind=nm.NewsItem)
    assert_type(item, nm.NewsItem)
    schema.validate(dict(doc))
    assert_type(schema.errors(doc), list[str])
    bad_block: BlockMapping = {"data": {"width": 3}}  # type: ignore[dict-item]
    no_uuid: DocumentMapping = {"type": "x", "created": "c"}  # type: ignore[typeddict-item]
    del bad_block, no_uuid


def pretty_output(item: nm.NewsItem) -> None:
    """indent= on both dumps."""
    assert_type(newsml.dumps(item, indent=2), str)
    assert_type(document.dumps(item, indent=2), str)
