"""Editing the body: blocks, text, insert, remove, move, headline (issue 21 §2)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import support
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import newsml_model as nm
from newsml_codecs import document, newsml
from newsml_model import body

FULL = newsml.loads(support.fixture_text("article-full.xml"))
BARE = newsml.loads(support.fixture_text("api-bare.xml"))
assert isinstance(FULL, nm.NewsItem) and isinstance(BARE, nm.NewsItem)
IDS = ("h1", "d1", "l1", "b1", "b2", "s1", "p1", "img1", "fact1", "embed1")


def ids(item: nm.NewsItem) -> list[str | None]:
    return [block.id for block in body.blocks(item)]


def placed(item: nm.NewsItem) -> list[tuple[str | None, str | None]]:
    return [(block.id, block.group.type) for block in body.blocks(item)]


def content(item: nm.NewsItem) -> list[dict[str, Any]]:
    """The document's content blocks of `item` (NewsML -> document)."""
    blocks: list[dict[str, Any]] = document.dump(item)["content"]
    return blocks


def headline_property(item: nm.NewsItem) -> str | None:
    for prop in document.dump(item).get("properties", ()):
        if prop["name"] == "headline":
            value: str = prop["value"]
            return value
    return None


def round_trips(item: nm.NewsItem) -> None:
    """`item` survives NewsML text and the NavigaDoc document unchanged."""
    assert item == newsml.loads(newsml.dumps(item))
    assert newsml.equivalent(item, document.load(document.dump(item)))


# --- reading ---------------------------------------------------------------------------------


def test_blocks_of_the_article_in_document_order() -> None:
    """Element and object children of every group, with id, type, text, markup, group, node."""
    found = body.blocks(FULL)
    assert list(IDS) == [block.id for block in found]
    header = body.Group(type="header", id="metadata")
    assert [header] * 3 + [body.Group(type="body")] * 7 == [block.group for block in found]
    lead = found[2]
    assert ("leadin", "En älg stoppade trafiken.") == (lead.type, lead.text)
    assert "En älg <em>stoppade</em> trafiken." == lead.markup
    assert found[3].markup.endswith(' title="">en länk</a> mer.')
    assert found[4].markup.endswith(" &amp; 'apostrophes' &lt;tags&gt;.")
    assert FULL.idf is not None
    group = FULL.idf.children[3]
    assert isinstance(group, nm.Element)
    assert group.children[1] is found[3].node
    image = found[7]
    assert ("x-im/image", "", "", "object") == (
        image.type,
        image.text,
        image.markup,
        image.node.name,
    )


def test_blocks_of_an_item_without_body_and_of_other_kinds() -> None:
    """No idf: no blocks. Another item kind is refused, naming it."""
    assert () == body.blocks(BARE)
    concept = newsml.loads(support.fixture_text("kind-concept-person.xml"))
    with pytest.raises(nm.InvalidArgumentError, match="ConceptItem"):
        body.blocks(concept)  # type: ignore[arg-type]


def test_get_and_unknown_ids() -> None:
    """`get` finds a block by id; an unknown id is an InvalidArgumentError naming it."""
    assert "Mellanrubrik" == body.get(FULL, "s1").text
    with pytest.raises(nm.InvalidArgumentError, match="'nope'") as raised:
        body.get(FULL, "nope")
    assert "block_id" == raised.value.field
    with pytest.raises(nm.InvalidArgumentError, match="block_id must be a string"):
        body.get(FULL, 3)  # type: ignore[arg-type]


# --- set_text ------------------------------------------------------------------------------


def test_set_text_plain_is_escaped_and_seen_in_newsml_and_document() -> None:
    """Plain text: `<` and `&` are characters; NewsML escapes them, the document shows them."""
    change = body.set_text(FULL, "plugin", "b2", "Fish & chips <3")
    assert "Fish &amp; chips &lt;3" == body.get(change.item, "b2").markup
    assert '<element id="b2" type="body" format="html">Fish &amp; chips &lt;3</element>' in (
        newsml.dumps(change.item)
    )
    assert "Fish &amp; chips &lt;3" == content(change.item)[4]["data"]["text"]
    assert "Non-breaking" in body.get(FULL, "b2").text  # the input is untouched
    (event,) = change.events
    assert (
        nm.DocumentChanged(
            sender="plugin",
            type="block",
            action="edit",
            data=body.get(change.item, "b2"),
            node=body.get(change.item, "b2").node,
        )
        == event
    )
    assert change.changed
    round_trips(change.item)


def test_set_text_with_markup() -> None:
    """markup=True parses inline XML into nodes, typed as the NewsML reader types them."""
    markup = (
        'Ny <strong>fet <em>text</em></strong> &amp; <a href="https://x.se/?a=1&amp;b=2">länk</a>'
    )
    change = body.set_text(FULL, "p", "b1", markup, markup=True)
    block = body.get(change.item, "b1")
    assert markup == block.markup
    assert "Ny fet text & länk" == block.text
    assert markup == content(change.item)[3]["data"]["text"]
    assert ("id", "b1") == block.node.attributes[0]  # attributes stay
    round_trips(change.item)


def test_set_text_to_empty() -> None:
    """Empty text leaves an empty element (no text child), in plain and markup form."""
    for markup in (False, True):
        block = body.get(body.set_text(FULL, "p", "b1", "", markup=markup).item, "b1")
        assert () == block.node.children


@pytest.mark.parametrize(
    ("markup", "where"),
    [
        ("a <b>unclosed", "line 1, column 14"),
        ("a</element><evil/><element>", "line 1, column 12"),
        ("line\nand &nbsp; here", "line 2, column 5"),
        ('<!DOCTYPE x [<!ENTITY e "boom">]>&e;', "line 1, column 3"),
    ],
)
def test_set_text_refuses_bad_markup_saying_where(markup: str, where: str) -> None:
    """Malformed markup, a closing of the wrapper, HTML entities, DTDs: refused with the place."""
    with pytest.raises(nm.InvalidArgumentError, match=where) as raised:
        body.set_text(FULL, "p", "b1", markup, markup=True)
    assert "text" == raised.value.field


def test_set_text_refuses_deep_markup_and_non_xml_characters() -> None:
    """Nesting beyond the limit and characters XML cannot carry are refused."""
    deep = "<b>" * 70 + "x" + "</b>" * 70
    with pytest.raises(nm.InvalidArgumentError, match="deeper than 64"):
        body.set_text(FULL, "p", "b1", deep, markup=True)
    with pytest.raises(nm.InvalidArgumentError, match="U\\+0001 at index 2"):
        body.set_text(FULL, "p", "b1", "ab\x01")
    with pytest.raises(nm.InvalidArgumentError, match="U\\+FFFE at index 0"):
        body.element("body", "\ufffe")
    with pytest.raises(nm.InvalidArgumentError, match="markup must be a boolean"):
        body.set_text(FULL, "p", "b1", "x", markup="yes")  # type: ignore[arg-type]


def test_set_text_refuses_objects_and_unknown_ids() -> None:
    """An object block has no text of its own; an unknown id is named."""
    with pytest.raises(nm.InvalidArgumentError, match="'img1' is an object"):
        body.set_text(FULL, "p", "img1", "x")
    with pytest.raises(nm.InvalidArgumentError, match="'zz'"):
        body.set_text(FULL, "p", "zz", "x")


def test_set_text_of_the_headline_block_keeps_content_meta_in_step() -> None:
    """The headline block's text reaches contentMeta/headline and the document's property."""
    change = body.set_text(FULL, "p", "h1", "Ny <em>rubrik</em>", markup=True)
    assert change.item.content_meta is not None
    assert "Ny rubrik" == change.item.content_meta.headline
    assert "Ny rubrik" == headline_property(change.item)


# --- insert ----------------------------------------------------------------------------------


def test_insert_before_after_and_at_the_end() -> None:
    """before= and after= put the block into that block's group; neither: the body's end."""
    new = body.element("body", "Ny stycke")
    before = body.insert(FULL, "p", new, before="b1")
    new_id = before.events[0].data.id
    assert re.fullmatch("[0-9a-f]{12}", new_id)
    assert (new_id, "body") == placed(before.item)[3]
    assert "Ny stycke" == content(before.item)[3]["data"]["text"]
    after = body.insert(FULL, "p", new, after="l1")
    assert (after.events[0].data.id, "header") == placed(after.item)[3]
    end = body.insert(FULL, "p", new)
    assert (end.events[0].data.id, "body") == placed(end.item)[-1]
    assert "Ny stycke" == content(end.item)[-1]["data"]["text"]
    for change in (before, after, end):
        round_trips(change.item)


def test_insert_event_and_ids() -> None:
    """The event carries the new block; a free id is kept, a used or missing one made fresh."""
    change = body.insert(FULL, "p", body.element("body", "x", id="mine"), after="b2")
    (event,) = change.events
    assert ("p", "block", "add") == (event.sender, event.type, event.action)
    assert event.data == body.get(change.item, "mine")
    assert event.node is event.data.node
    used = body.insert(FULL, "p", body.element("body", "x", id="b1"), after="b2")
    fresh = used.events[0].data.id
    assert fresh not in IDS and ["b1"] == [i for i in ids(used.item) if i == "b1"]
    again = body.insert(FULL, "p", body.element("body", "x", id="b1"), after="b2")
    assert fresh == again.events[0].data.id  # pure: the same call gives the same id
    twice = body.insert(used.item, "p", body.element("body", "x"), after="b2")
    assert len(set(ids(twice.item))) == len(ids(twice.item))


def test_insert_a_block_of_another_item_and_into_a_bare_item() -> None:
    """A Block read elsewhere can be inserted; an item without body gets idf and a body group."""
    image = body.get(FULL, "img1")
    change = body.insert(BARE, "p", image)
    assert [("img1", "body")] == placed(change.item)
    assert change.item.idf is not None and nm.IDF == change.item.idf.namespace
    assert "x-im/image" == content(change.item)[0]["type"]
    round_trips(change.item)


def test_insert_refuses_bad_places_and_blocks() -> None:
    """before and after together, unknown anchors (named), and non-blocks are refused."""
    new = body.element("body", "x")
    with pytest.raises(nm.InvalidArgumentError, match="not both"):
        body.insert(FULL, "p", new, before="b1", after="b2")
    with pytest.raises(nm.InvalidArgumentError, match="'ghost'") as raised:
        body.insert(FULL, "p", new, after="ghost")
    assert "after" == raised.value.field
    with pytest.raises(nm.InvalidArgumentError, match="block must be"):
        body.insert(FULL, "p", nm.Element(name="list"))
    with pytest.raises(nm.InvalidArgumentError, match="block must be"):
        body.insert(FULL, "p", "<element/>")  # type: ignore[arg-type]
    with pytest.raises(nm.InvalidArgumentError, match="name must be a string"):
        body.insert(FULL, 7, new)  # type: ignore[arg-type]


# --- remove ----------------------------------------------------------------------------------


def test_remove() -> None:
    """The block goes from NewsML and the document; the event carries the removed block."""
    change = body.remove(FULL, "p", "s1")
    assert "s1" not in ids(change.item)
    assert 'id="s1"' not in newsml.dumps(change.item)
    assert "s1" not in [block.get("id") for block in content(change.item)]
    (event,) = change.events
    assert ("block", "delete") == (event.type, event.action)
    assert body.get(FULL, "s1") == event.data
    round_trips(change.item)
    with pytest.raises(nm.InvalidArgumentError, match="'s9'"):
        body.remove(FULL, "p", "s9")


# --- move ------------------------------------------------------------------------------------


def test_move_to_the_top_of_the_body_joins_the_body_group() -> None:
    """Before the first paragraph: into the body group, not the header group above it."""
    change = body.move(FULL, "p", "s1", before="b1")
    assert ("s1", "body") == placed(change.item)[3]
    assert ["h1", "d1", "l1", "s1", "b1"] == [b.get("id") for b in content(change.item)][:5]
    (event,) = change.events
    assert ("block", "update", "s1") == (event.type, event.action, event.data.id)
    assert body.Group(type="body") == event.data.group
    round_trips(change.item)


def test_move_after_into_another_group_and_to_the_end() -> None:
    """after= joins the anchor's group; neither anchor: the end of the body."""
    into_header = body.move(FULL, "p", "b2", after="h1")
    assert ["h1", "b2", "d1"] == ids(into_header.item)[:3]
    assert ("b2", "header") == placed(into_header.item)[1]
    to_end = body.move(FULL, "p", "h1")
    assert ("h1", "body") == placed(to_end.item)[-1]
    assert "x-im/header" == content(to_end.item)[-1]["type"]
    for change in (into_header, to_end):
        round_trips(change.item)


def test_move_refuses_bad_places() -> None:
    """Both anchors, an unknown block or anchor, or the block itself as anchor are refused."""
    with pytest.raises(nm.InvalidArgumentError, match="not both"):
        body.move(FULL, "p", "b1", before="b2", after="s1")
    with pytest.raises(nm.InvalidArgumentError, match="'q'"):
        body.move(FULL, "p", "q", before="b2")
    with pytest.raises(nm.InvalidArgumentError, match="'q'") as raised:
        body.move(FULL, "p", "b1", before="q")
    assert "before" == raised.value.field
    with pytest.raises(nm.InvalidArgumentError, match="itself"):
        body.move(FULL, "p", "b1", after="b1")


# --- headline --------------------------------------------------------------------------------


def test_set_headline_keeps_block_content_meta_and_document_in_step() -> None:
    """The headline block, contentMeta/headline and the document's headline property."""
    change = body.set_headline(FULL, "p", "Älgen är borta & trafiken rullar")
    text = "Älgen är borta & trafiken rullar"
    assert text == body.get(change.item, "h1").text
    assert change.item.content_meta is not None and text == change.item.content_meta.headline
    assert text == headline_property(change.item)
    assert "Älgen är borta &amp; trafiken rullar" == content(change.item)[0]["data"]["text"]
    assert 2 == newsml.dumps(change.item).count("Älgen är borta &amp; trafiken rullar")
    (event,) = change.events
    assert ("p", "headline", "set", text) == (event.sender, event.type, event.action, event.data)
    assert body.get(change.item, "h1") == event.node
    round_trips(change.item)


def test_set_headline_creates_the_block_but_not_content_meta_headline() -> None:
    """Without a headline block one is made at the top; contentMeta/headline only where it is."""
    bare = body.set_headline(BARE, "p", "Rubrik")
    (block,) = body.blocks(bare.item)
    assert ("headline", "Rubrik", "body") == (block.type, block.text, block.group.type)
    assert bare.item.content_meta is not None and "Rubrik" == bare.item.content_meta.headline
    round_trips(bare.item)
    without = body.remove(FULL, "p", "h1").item
    made = body.set_headline(without, "p", "Ny")
    assert ("headline", "header") == (body.blocks(made.item)[0].type, placed(made.item)[0][1])
    no_meta_headline = newsml.loads(
        support.fixture_text("article-full.xml").replace("<headline>Älgen på E4</headline>", "")
    )
    assert isinstance(no_meta_headline, nm.NewsItem)
    assert no_meta_headline.content_meta is not None
    assert no_meta_headline.content_meta.headline is None
    kept = body.set_headline(no_meta_headline, "p", "Ny").item
    assert kept.content_meta is not None and kept.content_meta.headline is None
    with pytest.raises(nm.InvalidArgumentError, match="text must be a string"):
        body.set_headline(FULL, "p", None)  # type: ignore[arg-type]


# --- the Writer corpus -----------------------------------------------------------------------


@pytest.mark.parametrize("path", support.corpus_params())
def test_editing_corpus_articles_round_trips(path: Path) -> None:
    """On every corpus article with a body: edit, insert, move, remove; NewsML and document agree."""
    item = newsml.loads(path.read_bytes())
    assert isinstance(item, nm.NewsItem)
    found = body.blocks(item)
    if not found:
        pytest.skip("no body blocks")
    first = found[0].id
    assert first is not None
    change = (
        body.set_headline(item, "p", "Rubrik & mer")
        .then(body.insert, "p", body.element("body", "Nytt <stycke>"), before=first)
        .then(body.move, "p", first)
    )
    new_id = change.events[1].data.id
    assert new_id in ids(change.item) and first == ids(change.item)[-1]
    round_trips(change.item)
    texts = [b.get("data", {}).get("text") for b in content(change.item)]
    assert "Nytt &lt;stycke&gt;" in texts
    removed = body.remove(change.item, "p", new_id).item
    assert new_id not in ids(removed)
    round_trips(removed)


# --- laws ------------------------------------------------------------------------------------

BLOCK_IDS = st.sampled_from(IDS)


@settings(max_examples=40, deadline=None)
@given(block_id=BLOCK_IDS, anchor=BLOCK_IDS, side=st.sampled_from(["before", "after", None]))
def test_move_then_move_back_is_identity(block_id: str, anchor: str, side: str | None) -> None:
    """Moving a block anywhere and back where it was gives the same item."""
    assume(block_id != anchor or side is None)
    where = {side: anchor} if side else {}
    moved = body.move(FULL, "p", block_id, **where).item
    assert FULL == body.move(moved, "p", block_id, **where_it_was(block_id)).item


def where_it_was(block_id: str) -> dict[str, str]:
    """The anchor that puts `block_id` back: its element neighbour in FULL, when a block."""
    assert FULL.idf is not None
    for group in FULL.idf.elements("group"):
        siblings = list(group.elements())
        for index, node in enumerate(siblings):
            if node.get("id") == block_id:
                if index and siblings[index - 1].name in ("element", "object"):
                    return {"after": str(siblings[index - 1].get("id"))}
                return {"before": str(siblings[index + 1].get("id"))}
    raise AssertionError(block_id)


@settings(max_examples=40, deadline=None)
@given(
    anchor=BLOCK_IDS,
    side=st.sampled_from(["before", "after", None]),
    # Text XML can carry: no surrogates, control characters or noncharacters (U+FFFE,
    # U+FFFF: category Cn), which `body.element` refuses (a test of its own)
    text=st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Cn")), max_size=20),
)
def test_insert_then_remove_is_identity(anchor: str, side: str | None, text: str) -> None:
    """Inserting a block and removing it again gives the same item."""
    where = {side: anchor} if side else {}
    change = body.insert(FULL, "p", body.element("body", text), **where)
    assert text == body.get(change.item, change.events[0].data.id).text
    assert FULL == body.remove(change.item, "p", change.events[0].data.id).item
