"""The idioms the quickstart and body.md teach, as a user copies them (``mypy --strict``).

Each line the pages print from passes as written (``assert_type`` says what
mypy infers). The lines marked ``# type: ignore[...]`` are the idioms the
pages taught before the typed accessors existed: ``item.item_meta.title``
(the section is ``ItemMeta | None``) and ``change.events[0].data`` (a union
of six event classes). ``--strict`` reports an unused ignore, so each of
them is an error mypy really gives: the case that fails without the fix.
"""

from __future__ import annotations

from typing import Any, assert_type

import newsml_model as nm
from newsml_codecs import document, newsml
from newsml_model import body, examples, newsitem


def the_quickstart() -> None:
    """Load the sample article, read its title and authors, add a link, read the event."""
    item = newsml.loads(examples.article(), kind=nm.NewsItem)
    assert_type(item.require_item_meta(), nm.ItemMeta)
    assert_type(item.require_guid(), str)
    assert_type(item.guid, str | None)
    assert_type(item.require_item_meta().title, str | None)
    authors = [link.title for link in item.require_item_meta().links if link.type == "x-im/author"]
    assert_type(authors, list[str | None])
    link = {"@rel": "subject", "@type": "x-im/topic", "@uuid": "u", "@title": "Electric cars"}
    change = newsitem.add_link(item, "my-plugin", link)
    event = change.events_of(nm.DocumentChanged)[0]
    assert_type(event, nm.DocumentChanged)
    assert_type(event.data, Any)
    assert_type(change.events_of(nm.LanguageChanged), tuple[nm.LanguageChanged, ...])
    assert_type(change.changed, bool)

    # Before require_item_meta and events_of: both are errors under --strict.
    title = item.item_meta.title  # type: ignore[union-attr]
    data = change.events[0].data  # type: ignore[union-attr]
    change.events_of(str)  # type: ignore[type-var]
    print(title, data)


def the_body_page() -> None:
    """Insert a block and read its id from the event; the headline from contentMeta."""
    item = newsml.loads(examples.article(), kind=nm.NewsItem)
    change = body.insert(item, "my-plugin", body.element("body", "A new paragraph."), after="b1")
    new_id = change.events_of(nm.DocumentChanged)[0].data.id
    assert_type(new_id, Any)
    change = change.then(body.move, "my-plugin", "b2", before="b1")
    assert_type([block.id for block in body.blocks(change.item)], list[str | None])
    headline = body.set_headline(item, "my-plugin", "New").item.require_content_meta().headline
    assert_type(headline, str | None)
    doc = document.dump(item)
    assert_type([p["value"] for p in doc["properties"] if p["name"] == "headline"], list[Any])

    changed = body.set_headline(item, "my-plugin", "New").item
    print(changed.content_meta.headline)  # type: ignore[union-attr]
