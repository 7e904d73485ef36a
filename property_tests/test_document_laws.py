"""Laws of the NavigaDoc codec, and fuzzing of ``document.load``.

* document round trip: ``document.load(document.dump(item))`` is the item, up
  to what the mapping documents as changed (``docs/mapping.md``), checked as
  NewsML canonical equality;
* XML -> document -> XML keeps the NewsML text canonically equal;
* documents survive JSON text unchanged;
* random JSON gives an item or a documented error, never anything else.
"""

from __future__ import annotations

import contextlib
import json
import xml.etree.ElementTree as ET
from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st
from support import canonical

import newsml_model as nm
from newsml_codecs import document, newsml
from newsml_codecs.document import CARRIER_PROPERTY
from newsml_codecs.strategies import documents, newsml_texts
from newsml_model.strategies import news_items

# The mapping needs an item class to name the document type (a document
# without ``type`` does not load): items of the Writer's classes only.
ITEMS = news_items(
    item_classes=st.sampled_from(["ninat:text", "ninat:picture", "ninat:graphic", "ninat:video"])
).filter(lambda item: item.item_class is not None)


@given(ITEMS)
def test_document_round_trip(item: nm.NewsItem) -> None:
    """An item converted to a document and back writes the same NewsML."""
    back = document.load(document.dump(item))
    assert canonical(newsml.dumps(item)) == canonical(newsml.dumps(back))


@given(newsml_texts(items=ITEMS))
def test_xml_to_document_to_xml(text: str) -> None:
    """NewsML -> document -> NewsML is canonically equal to the input."""
    doc = document.dump(newsml.loads(text))
    assert canonical(text) == canonical(newsml.dumps(document.load(doc)))


@given(documents(items=ITEMS))
def test_documents_survive_json_text(doc: dict[str, Any]) -> None:
    """A dumped document is plain JSON: through text and back it is equal, and loads alike."""
    again = json.loads(json.dumps(doc))
    assert doc == again
    assert document.load(doc) == document.load(again)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "uuid",
                    "type",
                    "title",
                    "content",
                    "links",
                    "meta",
                    "properties",
                    "data",
                    "rel",
                    "name",
                    "value",
                    "id",
                    "created",
                    "status",
                    "language",
                    "x",
                ]
            )
            | st.text(max_size=6),
            children,
            max_size=5,
        )
    ),
    max_leaves=20,
)


@given(JSON)
def test_random_json_gives_an_item_or_a_documented_error(value: Any) -> None:
    """``document.load`` of any JSON value raises only `nm.NewsItemError` s."""
    try:
        item = document.load(value)
    except nm.NewsItemError:
        return
    assert isinstance(item, nm.NewsItem)


@given(documents(items=ITEMS), st.data())
def test_mutated_documents_give_an_item_or_a_documented_error(
    doc: dict[str, Any], data: st.DataObject
) -> None:
    """A valid document with one value replaced by random JSON still fails only in documented ways."""
    paths: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                paths.append((node, key))
                walk(value)
        elif isinstance(node, list):
            for index, value in enumerate(node):
                paths.append((node, index))
                walk(value)

    walk(doc)
    if paths:
        container, key = data.draw(st.sampled_from(paths))
        container[key] = data.draw(JSON)
    with contextlib.suppress(nm.NewsItemError):
        document.load(doc)


@given(st.binary(max_size=256) | st.text(max_size=256))
def test_random_text_gives_a_documented_error(text: bytes | str) -> None:
    """``document.loads`` of random text or bytes raises only `nm.NewsItemError` s."""
    with contextlib.suppress(nm.NewsItemError):
        document.loads(text)


_IDF = "{http://www.infomaker.se/idf/1.0}"


def block_elements(item: nm.NewsItem) -> list[str]:
    """The IDF elements the content blocks come from (``element``/``object``), in order."""
    root = ET.fromstring(newsml.dumps(item))
    return [
        child.tag
        for group in root.iter(f"{_IDF}group")
        for child in group
        if child.tag in (f"{_IDF}element", f"{_IDF}object")
    ]


@given(ITEMS, st.data())
def test_reordered_content_and_links_are_written_in_their_new_order(
    item: nm.NewsItem, data: st.DataObject
) -> None:
    """Edits win, order included: permuted ``content`` and ``links`` keep their new order.

    Compared with the reference document of the unedited round trip, permuted
    alike (the mapping itself may normalise a generated block). Content the
    reference writes as other elements is left out (an IDF ``element`` of a
    type it does not know comes back as an ``object``): the carrier keeps
    those originals verbatim, and beside another dropped child it cannot tell
    which original belongs to which block (docs/mapping.md). Links are
    permuted when each has a type and a rel, as the Writer's do: links
    without them look alike once exported, and beside links the reference
    drops their pairing is ambiguous.
    """
    doc = document.dump(item)
    # A typeless document (an empty imext:type wins over the item class, as in
    # the reference) only loads with its carrier, as the reference refuses it.
    assume(doc.get("type"))
    bare = {
        **doc,
        "properties": [p for p in doc.get("properties", ()) if p.get("name") != CARRIER_PROPERTY],
    }
    assume(doc.get("content") == document.dump(document.load(bare), carriers=False).get("content"))
    # The content check alone misses an IDF element of a type the reference
    # does not know: it comes back as an object that exports the same block.
    assume(block_elements(item) == block_elements(document.load(bare)))
    assume(all(block.get("type") for block in doc.get("content", ())))
    keys = ["content"]
    if all(b.get("type") and b.get("rel") for b in doc.get("links", ())):
        keys.append("links")
    reference = document.dump(document.load(doc), carriers=False)
    expected = {}
    for key in keys:
        blocks = doc.get(key) or []
        if len(blocks) > 1 and len(blocks) == len(reference.get(key) or []):
            order = data.draw(st.permutations(range(len(blocks))), label=key)
            doc[key] = [blocks[i] for i in order]
            expected[key] = [reference[key][i] for i in order]
    back = document.dump(document.load(doc), carriers=False)
    if "content" in expected:
        assert expected["content"] == back["content"]
    if "links" in expected:  # links of one container keep their order among themselves
        for kind in {block.get("type") for block in expected["links"]}:
            assert [b for b in expected["links"] if b.get("type") == kind] == [
                b for b in back["links"] if b.get("type") == kind
            ]
