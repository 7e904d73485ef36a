"""The ``x-newsml/patch`` carrier under edits, and its cost (issue 12).

Edits win, order included: a document reordered after `dump` is written in
its new order. Cost is checked by structure, never by time: the number of
Python function calls `document.load` makes must grow linearly with the
blocks a document gained, and the memory `dump` allocates must stay small
per element of a large body.
"""

from __future__ import annotations

import copy
import json
import random
import tracemalloc
from typing import Any

import pytest
from support import CORPUS_NEWSITEMS, FIXTURES, canonical
from support.carrier import calls
from support.document import HEAD, item

from newsml_codecs import document, newsml
from newsml_codecs.document._carrier import made

TWO_GROUPS = FIXTURES / "document-article.xml"
CORPUS_TEXT = CORPUS_NEWSITEMS / "newsitem-text.xml"
ARTICLES = [
    pytest.param(TWO_GROUPS, id="document-article.xml"),
    pytest.param(FIXTURES / "article-full.xml", id="article-full.xml"),
    pytest.param(
        CORPUS_TEXT,
        id="newsitem-text.xml",
        marks=pytest.mark.skipif(not CORPUS_TEXT.exists(), reason="../shared/corpus is absent"),
    ),
]


def carried(path: Any) -> dict[str, Any]:
    """The document of an article file, with a carrier (asserted)."""
    doc = document.dump(newsml.loads(path.read_bytes()))
    assert any(p["name"] == document.CARRIER_PROPERTY for p in doc["properties"])
    return doc


def through_newsml(doc: dict[str, Any]) -> dict[str, Any]:
    """The reference document of what `doc` loads as (the carrier applied)."""
    return document.dump(document.load(doc), carriers=False)


@pytest.mark.parametrize("path", ARTICLES)
def test_reversed_content_is_written_reversed(path):
    """Reversing `content` of a carrier-bearing document survives the way back to NewsML."""
    doc = carried(path)
    doc["content"].reverse()
    assert doc["content"] == through_newsml(doc)["content"]


@pytest.mark.parametrize("path", ARTICLES)
def test_random_permutations_of_content_are_kept(path):
    """Every one of 40 seeded random permutations of the blocks is written in its order."""
    doc = carried(path)
    rng = random.Random(12)
    for _ in range(40):
        edited = copy.deepcopy(doc)
        rng.shuffle(edited["content"])
        assert edited["content"] == through_newsml(edited)["content"]


def member_links_item() -> Any:
    """An item whose two member links carry what the reference drops (a qcode)."""
    return item(
        '<itemClass qcode="ninat:picture"/><generator>g</generator>'
        '<links xmlns="http://www.infomaker.se/newsml/1.0">'
        '<link rel="member" role="imorder:1" type="video/mp4" uri="m/1.mp4" qcode="q1"/>'
        '<link rel="member" role="imorder:2" type="video/mp4" uri="m/2.mp4" qcode="q2"/>'
        "</links>"
    )


def test_swapped_member_links_stay_swapped_and_keep_what_was_carried():
    """Swapping two `member` links is written swapped; each keeps its carried qcode."""
    doc = document.dump(member_links_item())
    doc["links"].reverse()
    text = newsml.dumps(document.load(doc))
    assert text.index('uri="m/2.mp4"') < text.index('uri="m/1.mp4"')
    assert 'qcode="q2"' in text[text.index('uri="m/2.mp4"') - 120 : text.index('uri="m/1.mp4"')]
    assert text.count('qcode="q') == 2


@pytest.mark.skipif(not CORPUS_TEXT.exists(), reason="../shared/corpus is absent")
def test_random_permutations_of_itemmeta_links_are_kept():
    """Shuffling the plain itemMeta links (authors, channels, subjects) keeps the new order."""
    doc = carried(CORPUS_TEXT)
    plain = [i for i, b in enumerate(doc["links"]) if b.get("rel") in ("author", "subject")]
    rng = random.Random(3)
    for _ in range(20):
        edited = copy.deepcopy(doc)
        order = plain[:]
        rng.shuffle(order)
        for place, source in zip(plain, order, strict=True):
            edited["links"][place] = doc["links"][source]
        expected = [edited["links"][i] for i in plain]
        back = through_newsml(edited)["links"]
        assert expected == [b for b in back if b.get("rel") in ("author", "subject")]


def test_an_edited_paragraph_keeps_what_its_edit_does_not_touch():
    """A paragraph's text edited: the attribute the reference drops stays (the edit left it),
    the new text is written; the untouched neighbour keeps its own."""
    original = item(
        body='<element type="body" x="1">One</element><element type="body" x="2">Two</element>'
    )
    doc = document.dump(original)
    doc["content"][1]["data"]["text"] = "Deux"
    text = newsml.dumps(document.load(doc))
    assert 'x="1"' in text
    assert '<element type="body" x="2">Deux</element>' in text
    assert ">Two<" not in text


def test_a_paragraph_whose_type_changed_is_written_as_the_reference_writes_it():
    """A paragraph made a headline: its original's dropped attribute goes (the whole node
    changed in what it shows beyond its text)."""
    original = item(body='<element type="body" x="2">Two</element>')
    doc = document.dump(original)
    doc["content"][0]["type"] = "x-im/headline"
    text = newsml.dumps(document.load(doc))
    assert 'x="2"' not in text
    assert "<text>Two</text>" in text


def test_unedited_document_is_lossless_after_a_json_trip():
    """The carrier is plain JSON text: through `dumps`/`loads` the item comes back whole."""
    source = TWO_GROUPS.read_bytes()
    back = document.loads(json.dumps(document.dump(newsml.loads(source))))
    assert canonical(newsml.dumps(newsml.loads(source))) == canonical(newsml.dumps(back))


def appended(doc: dict[str, Any], count: int) -> dict[str, Any]:
    """`doc` with `count` new paragraphs at the end of its content."""
    out = copy.deepcopy(doc)
    out["content"].extend(
        {"type": "x-im/paragraph", "data": {"text": f"New {n}", "format": "html"}}
        for n in range(count)
    )
    return out


def test_loading_appended_paragraphs_is_linear():
    """Calls made by `load` grow linearly with appended blocks, as without a carrier.

    Doubling 400 appended paragraphs doubles the calls (a quadratic
    placement quadruples them), and the carrier adds a bounded factor to the
    calls the same document makes without it: an edited document is checked
    against the carrier law, one document made of the item with the carrier
    and one without (measured 2.8x). Each load starts from an empty table of
    new blocks' nodes (`made.MADE`), and both stay under its bound: past it,
    each new node also evicts one, a constant per block that would count as
    growth here.
    """
    doc = carried(TWO_GROUPS)
    bare = {
        **doc,
        "properties": [p for p in doc["properties"] if p["name"] != document.CARRIER_PROPERTY],
    }
    assert 800 < made.MOST_MADE
    docs = appended(doc, 400), appended(doc, 800), appended(bare, 800)

    def load(doc: dict[str, Any]) -> None:
        made.MADE.clear()
        document.load(doc)

    small, large, plain = (calls(lambda d=d: load(d)) for d in docs)
    assert large < 2.2 * small
    assert large < 3.5 * plain


def big_description(count: int) -> Any:
    """An item whose contentMeta description holds `count` empty ``<b/>`` elements."""
    return newsml.loads(
        HEAD + '<itemMeta><itemClass qcode="ninat:text"/></itemMeta>'
        "<contentMeta><description>" + "<b/>" * count + "</description></contentMeta></newsItem>"
    )


def test_a_large_body_of_empty_elements_costs_little_per_element():
    """`<description>` with 20,000 `<b/>`: round trip exact, calls linear, small memory per element."""
    small, large = big_description(10_000), big_description(20_000)
    doc = document.dump(large)
    assert canonical(newsml.dumps(large)) == canonical(newsml.dumps(document.load(doc)))
    dump_small, dump_large = (
        calls(lambda: document.dump(small)),
        calls(lambda: document.dump(large)),
    )
    assert dump_large < 2.2 * dump_small
    text_small, text_large = document.dumps(small), document.dumps(large)
    load_small = calls(lambda: document.loads(text_small))
    load_large = calls(lambda: document.loads(text_large))
    assert load_large < 2.2 * load_small
    edited = [{**document.dump(x), "title": "edited"} for x in (small, large)]
    load_small, load_large = (calls(lambda d=d: document.load(d)) for d in edited)
    assert load_large < 2.2 * load_small
    tracemalloc.start()
    try:
        document.dump(large)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak / 20_000 < 200


def test_an_ext_property_with_the_reserved_prefix_round_trips():
    """An item's own ``x-newsml/...`` ext property is not mistaken for the carrier (found by the laws)."""
    original = item(
        '<itemClass qcode="ninat:text"/><itemMetaExtProperty type="x-newsml/"/>'
        '<data xmlns="urn:example:unknown"/>'
    )
    back = document.loads(document.dumps(original))
    assert canonical(newsml.dumps(original)) == canonical(newsml.dumps(back))


def nested_alike(depth: int) -> Any:
    """An item whose links nest `depth` levels, with an alike sibling at every level."""
    inner = ""
    link = '<link rel="x" type="x-im/x" title="t" qcode="x:1"'
    for _ in range(depth):
        inner = f"{link}><links>{inner}{link}/></links></link>{link}/>"
    return newsml.loads(
        HEAD + '<itemMeta><itemClass qcode="ninat:text"/><links xmlns="http://www.infomaker.se/'
        'newsml/1.0">' + inner + "</links></itemMeta></newsItem>"
    )


def test_nested_alike_siblings_cost_linear_calls():
    """Alike siblings nested deep: each subtree is hashed once, so doubling the depth
    doubles the calls of `dump` and `load` (hashing each level's whole subtree again
    quadrupled them)."""
    small, large = nested_alike(60), nested_alike(120)
    assert canonical(newsml.dumps(large)) == canonical(
        newsml.dumps(document.load(document.dump(large)))
    )
    dump_small, dump_large = (calls(lambda x=x: document.dump(x)) for x in (small, large))
    assert dump_large < 2.4 * dump_small
    docs = document.dump(small), document.dump(large)
    load_small, load_large = (calls(lambda d=d: document.load(d)) for d in docs)
    assert load_large < 2.4 * load_small
    # Edited, the patch is derived from the carried original, applied and checked.
    edited = [{**doc, "title": "edited"} for doc in docs]
    load_small, load_large = (calls(lambda d=d: document.load(d)) for d in edited)
    assert load_large < 2.4 * load_small
