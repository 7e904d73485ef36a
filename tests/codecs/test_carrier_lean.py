"""The Writer's save on the skeleton (``n.k``/``n.b``): the reader's spans, `to_newsml`
against ``newsml.dumps(load)``, the nodes copied as read, and forged skeletons."""

from __future__ import annotations

import copy
import json
import random
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import CORPUS, FIXTURES
from support.carrier import carrier_of, original_of, with_carrier
from support.service import shared_server

from newsml_codecs import document, newsml
from newsml_codecs._sourcetext import end, source_spans, source_text
from newsml_codecs._xmlraw import Raw, well_formed
from newsml_codecs._xmlread import parse
from newsml_codecs.document import _convert
from newsml_codecs.document._carrier import original as original_module
from newsml_model import InvalidDocumentError, NewsItem, NewsItemError
from newsml_model.tree import element_parts, with_children

Doc = dict[str, Any]
ODD = FIXTURES / "lean-odd.xml"
NEWS_FIXTURES = ["api-bare.xml", "article-full.xml", "document-article.xml", "lean-odd.xml"]
REFERENCE = CORPUS.parent.parent / "reference" / "forward" / "newsItem"


def _elements(data: bytes) -> list[tuple[Any, str, bytes, tuple[tuple[str, str], ...]]]:
    """Each element below the root of `data` read with spans: (record, name, text, chain)."""
    item = parse(data, with_spans=True)
    text = source_text(item)
    spans = source_spans(item)
    if item.__class__ is not NewsItem:  # the reader keeps spans under a newsItem alone
        assert spans is None
        return []
    assert text is not None and spans is not None
    out = []

    def walk(node: Any, parent: str, parent_ns: str, chain: tuple[tuple[str, str], ...]) -> None:
        name, namespace, _, _ = element_parts(node, parent)
        ns = parent_ns if namespace is None else namespace
        if chain:
            start, at = spans[id(node)]
            out.append((node, name, text[start : end(text, at)], chain))
        for child in node.children:
            if child.__class__ is not str:
                walk(child, name, ns, (*chain, (name, ns)))

    root_ns = element_parts(item, "")[1] or ""
    walk(item, "", root_ns, ())
    return out


def _check_spans(data: bytes) -> int:
    """Assert every element's span is its text (read in place: the same record); the count."""
    elements = _elements(data)
    for node, name, text, chain in elements:
        tag = text[1:].split(b">")[0].split()[0].rstrip(b"/").decode()
        assert name == tag.rpartition(":")[2], text
        if well_formed([text]):  # else it uses a prefix declared above it: never copied
            assert node == Raw(text.decode("utf-8"), chain).node
    return len(elements)


def _xml_files() -> list[Path]:
    """The fixtures and, when ../shared is present, the corpus and reference newsItems."""
    corpus = sorted(CORPUS.rglob("*.xml")) if CORPUS.is_dir() else []
    reference = sorted(REFERENCE.glob("*.xml")) if REFERENCE.is_dir() else []
    return sorted(FIXTURES.glob("*.xml")) + corpus + reference


def test_the_readers_spans_are_each_elements_text() -> None:
    """For every element of every fixture (and the corpus when present) the span starts
    with its name and reads, in its place, as the record the whole parse made."""
    counted = 0
    for path in _xml_files():
        data = path.read_bytes()
        try:
            item = newsml.loads(data)
        except NewsItemError:
            continue  # not an item (a newsMessage)
        if source_text(item) is None:
            continue  # not UTF-8: not remembered, no skeleton
        counted += _check_spans(data)
    # the fixtures hold some 250 elements; the corpus and the golden newsItems thousands more
    assert counted > (500 if CORPUS.is_dir() else 200)


IDF = "http://www.infomaker.se/idf/1.0"
HEAD = '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="g" version="1">'


@pytest.mark.parametrize(
    ("inner", "count"),
    [
        ("<a/><b></b>", 2),
        ("<a></a>", 1),
        ("<a><!-- c --></a>", 1),
        ("<a><![CDATA[]]></a>", 1),
        ("<a><![CDATA[<b>]]></a><c/>", 2),
        ('<a t="x > y" u="p/>q"/><b t=\'/>\'>z</b>', 2),
        ("<a>one\r\ntwo</a>\r\n<b/>", 2),
        ("<a>\u00e5\u20ac\U0001f600</a><b t='\u00e9'/>", 2),
        ('<a><b><c x="1"/></b><b/></a >', 4),
        ('<a xmlns="urn:other"><b/></a><c xmlns:p="urn:p"><p:d/></c>', 4),
        ("<a xml:lang='en'>x</a >", 1),
    ],
)
def test_spans_of_hand_made_elements(inner: str, count: int) -> None:
    """Adjacent, empty, commented, CDATA, odd attributes, CRLF, multi-byte and namespaced
    elements: each span is the element's text."""
    data = (HEAD + inner + "</newsItem>").encode("utf-8")
    assert count == _check_spans(data)


# --- the Writer's edits (the test's own helpers; scripts/carrier_edits.py has more) ---


def _texts(doc: Doc) -> list[Doc]:
    return [
        b for b in doc.get("content") or () if isinstance((b.get("data") or {}).get("text"), str)
    ]


def _edit_text(doc: Doc) -> bool:
    blocks = _texts(doc)
    if blocks:
        blocks[-1]["data"]["text"] = "Edited <strong>text</strong>."
    return bool(blocks)


def _insert(doc: Doc) -> bool:
    new = {"id": "inserted1", "type": "x-im/paragraph", "data": {"text": "New.", "format": "html"}}
    doc.setdefault("content", []).insert(len(doc.get("content") or ()) // 2, new)
    return True


def _remove(key: str) -> Callable[[Doc], bool]:
    def edit(doc: Doc) -> bool:
        blocks = doc.get(key) or []
        if blocks:
            del blocks[0]
        return bool(blocks)

    return edit


def _swap(key: str) -> Callable[[Doc], bool]:
    def edit(doc: Doc) -> bool:
        blocks = doc.get(key) or []
        if len(blocks) > 1:
            blocks[0], blocks[-1] = blocks[-1], blocks[0]
        return len(blocks) > 1

    return edit


def _link_added(doc: Doc) -> bool:
    link = {
        "rel": "subject",
        "type": "x-im/tag",
        "title": "Added",
        "uuid": "0" * 8 + "-0000-0000-0000-" + "0" * 12,
    }
    doc.setdefault("links", []).append(link)
    return True


def _note(doc: Doc) -> bool:
    meta = doc.get("meta") or []
    for block in meta:
        if isinstance(block.get("data"), dict) and "text" in block["data"]:
            block["data"]["text"] = "Edited note."
            return True
    if meta:
        meta[0]["title"] = "Edited meta title"
    return bool(meta)


def _title(doc: Doc) -> bool:
    doc["title"] = "Edited title"
    return True


def _status(doc: Doc) -> bool:
    doc["status"] = "done" if doc.get("status") != "done" else "usable"
    return True


def _move_into_image(doc: Doc) -> bool:
    """A paragraph moved into another block's content (another namespace in scope there)."""
    blocks = doc.get("content") or []
    holders = [b for b in blocks if b.get("type") == "x-im/image"]
    texts = _texts(doc)
    if not holders or not texts:
        return False
    blocks.remove(texts[0])
    holders[0].setdefault("content", []).append(texts[0])
    return True


EDITS: dict[str, Callable[[Doc], bool]] = {
    "block text": _edit_text,
    "insert": _insert,
    "remove": _remove("content"),
    "swap": _swap("content"),
    "link added": _link_added,
    "link removed": _remove("links"),
    "links swapped": _swap("links"),
    "note": _note,
    "title": _title,
    "status": _status,
    "moved into a block": _move_into_image,
    "none": lambda doc: True,
}


@pytest.fixture
def leans(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Per save that tried the skeleton, whether it built the original on it (not None)."""
    seen: list[bool] = []
    build = original_module.original_of

    def spy(*args: Any, **keywords: Any) -> Any:
        got = build(*args, **keywords)
        seen.append(got is not None)
        return got

    monkeypatch.setattr(original_module, "original_of", spy)
    _convert.ORIGINALS.clear()
    return seen


def _both(doc: Doc) -> tuple[str, str]:
    """(to_newsml, newsml.dumps(load)) of `doc`: the lean save and the library path."""
    return document.to_newsml(doc), newsml.dumps(document.load(doc))


@pytest.mark.parametrize("edit", list(EDITS))
@pytest.mark.parametrize("name", NEWS_FIXTURES)
def test_to_newsml_reads_as_the_load_path(name: str, edit: str, leans: list[bool]) -> None:
    """After each Writer edit of each newsItem fixture, to_newsml reads back as
    newsml.dumps(load) does; the article's block, title and status edits build on the
    skeleton, a document left alone does not."""
    doc = document.from_newsml((FIXTURES / name).read_bytes())
    if not EDITS[edit](doc):
        pytest.skip(f"{edit} does not apply to {name}")
    lean, whole = _both(doc)
    assert newsml.loads(whole) == newsml.loads(lean)
    if name == "document-article.xml" and edit in (
        "block text",
        "insert",
        "remove",
        "swap",
        "title",
        "status",
    ):
        assert [True] == leans
    if edit == "none":  # the document as from_newsml wrote it: the original as carried
        assert [] == leans


def test_a_link_loaded_anew_in_an_object_reads_back_as_the_load_path() -> None:
    """A link added to an image's links is loaded as the reference writes it, its id after
    its other attributes (among `load`'s item's attributes, where the reader makes it a
    field): to_newsml and newsml.dumps(load) read back as one item, not as `load`'s own
    (the carrier law's stateful test compares the two so)."""
    doc = document.from_newsml((FIXTURES / "document-article.xml").read_bytes())
    image = next(b for b in doc["content"] if b.get("type") == "x-im/image")
    image["links"].append({"id": "n1", "rel": "crop", "type": "x-im/crop", "uri": "im://crop/1"})
    lean, whole = _both(doc)
    assert newsml.loads(whole) == newsml.loads(lean)
    assert 'uri="im://crop/1" id="n1"' in lean
    loaded = document.load(doc)
    assert newsml.loads(whole) != loaded  # the reason: the id is an attribute of load's link


def test_unchanged_nodes_are_copied_byte_for_byte(leans: list[bool]) -> None:
    """A paragraph left alone comes back as read (its comment, CDATA, odd quoting and
    spacing), where newsml.dumps(load) writes it anew; the text edit is there."""
    data = ODD.read_bytes()
    doc = document.from_newsml(data)
    doc["content"][6]["data"]["text"] = "Edited"
    lean, whole = _both(doc)
    assert [True] == leans
    for kept in (
        b'<element id="p1" type="body"   format=\'html\'>One <!-- a comment, a > b --> two</element>',
        b'<element id="p2" type="body" format="html">Three<![CDATA[ <four> & ]]>five</element>',
        b'data-x="1 > 0" data-y="a/>b"><strong>six</strong></element>',
        b"title='quoted \"twice\"'><data><note>x</note></data></link>",
    ):
        assert kept in data
        assert kept.decode() in lean
        assert kept.decode() not in whole
    assert "&nbsp;" not in lean  # an HTML entity is written anew, never copied
    assert ">Edited</element>" in lean
    assert newsml.loads(whole) == newsml.loads(lean)


def test_saves_reuse_the_remembered_original_alike(leans: list[bool]) -> None:
    """Two saves of one carrier with other edits (the second on the remembered lean
    original) each read as the load path; so do saves from several threads at once."""
    base = document.from_newsml((FIXTURES / "document-article.xml").read_bytes())
    docs = []
    for edit in ("block text", "remove", "swap", "insert", "block text"):
        doc = copy.deepcopy(base)
        EDITS[edit](doc)
        docs.append(doc)
    expected = [newsml.loads(newsml.dumps(document.load(doc))) for doc in docs]
    assert expected == [newsml.loads(document.to_newsml(doc)) for doc in docs]
    assert [True] == leans  # built once, then remembered
    _convert.ORIGINALS.clear()
    got: dict[int, Any] = {}

    def save(index: int) -> None:
        got[index] = newsml.loads(document.to_newsml(docs[index % len(docs)]))

    threads = [threading.Thread(target=save, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [expected[i % len(docs)] for i in range(8)] == [got[i] for i in range(8)]


# --- forged skeletons: a clear error at $.properties, or the load path's NewsML ---


def _forged(change: Callable[[dict[str, Any], bytes], None]) -> Doc:
    """lean-odd's document, a paragraph edited, its skeleton changed by `change(n, o)`."""
    doc = document.from_newsml(ODD.read_bytes())
    doc["content"][6]["data"]["text"] = "Edited"
    carrier = carrier_of(doc)[1]
    change(carrier["n"], original_of(doc))
    return with_carrier(doc, carrier)


def _span(n: dict[str, Any], o: bytes, start: int, stop: int) -> None:
    """The span of the first body paragraph (p1) made [start, stop)."""
    at = _index_of(n, o, b'<element id="p1"')
    n["b"][at : at + 2] = [start, stop]


def _index_of(n: dict[str, Any], o: bytes, head: bytes) -> int:
    """Where in n.b the span starting with `head` stands."""
    bounds = n["b"]
    return next(i for i in range(0, len(bounds), 2) if o[bounds[i] :].startswith(head))


def _swap_spans(n: dict[str, Any], o: bytes) -> None:
    """The spans of the paragraphs p1 and p2 swapped."""
    one, two = _index_of(n, o, b'<element id="p1"'), _index_of(n, o, b'<element id="p2"')
    bounds = n["b"]
    bounds[one : one + 2], bounds[two : two + 2] = bounds[two : two + 2], bounds[one : one + 2]


def _at(o: bytes, text: bytes, length: int | None = None) -> tuple[int, int]:
    start = o.index(text)
    return start, start + (len(text) if length is None else length)


def _deep(n: dict[str, Any], o: bytes) -> None:
    node: list[Any] = ["x", None, [], []]
    for _ in range(300):
        node = ["x", None, [], [node]]
    n["k"][3][0][3].append(node)


def _comment_left_open(n: dict[str, Any], o: bytes) -> None:
    """p1's span cut in its comment, p2's the whole p1 (whose comment ends)."""
    p1 = o.index(b'<element id="p1"')
    two = _index_of(n, o, b'<element id="p2"')
    _span(n, o, p1, o.index(b"a >", p1) + 3)
    n["b"][two : two + 2] = [p1, o.index(b"</element>", p1) + len(b"</element>")]


SHAPES: dict[str, Callable[[dict[str, Any], bytes], None]] = {
    "k not a list": lambda n, o: n.__setitem__("k", "x"),
    "k empty": lambda n, o: n.__setitem__("k", []),
    "k of three": lambda n, o: n.__setitem__("k", n["k"][:3]),
    "k's root no item": lambda n, o: n["k"].__setitem__(0, "group"),
    "attributes odd": lambda n, o: n["k"][2].append("x"),
    "attribute a number": lambda n, o: n["k"][2].__setitem__(1, 3),
    "namespace a number": lambda n, o: n["k"][3][0].__setitem__(1, 3),
    "children not a list": lambda n, o: n["k"][3][0].__setitem__(3, {}),
    "a child a float": lambda n, o: n["k"][3][0][3].append(1.5),
    "a child null": lambda n, o: n["k"][3][0][3].append(None),
    "deeper than 256": _deep,
    "raw index out of range": lambda n, o: n["k"][3][0][3].append(len(n["b"])),
    "raw index negative": lambda n, o: n["k"][3][0][3].append(-1),
    "an element name XML cannot carry": lambda n, o: n["k"][3][0][3].append(["a b", None, [], []]),
    "an empty element name": lambda n, o: n["k"][3][0][3].append(["", None, [], []]),
    "an xmlns attribute": lambda n, o: n["k"][3][0][3].append(["a", None, ["xmlns", "urn:z"], []]),
    "an undeclared prefix": lambda n, o: n["k"][3][0][3].append(["a", None, ["p:x", "1"], []]),
    "a control character": lambda n, o: n["k"][3][0][3].append(["a", None, ["x", "\x01"], []]),
    "a NUL in a text": lambda n, o: n["k"][3][0][3].append(["a", None, [], ["\x00"]]),
    "a lone surrogate": lambda n, o: n["k"][3][0][3].append(["a", "\ud800", [], []]),
    "b not a list": lambda n, o: n.__setitem__("b", {"0": 1}),
    "b strings": lambda n, o: n["b"].__setitem__(0, "0"),
    "b a float": lambda n, o: n["b"].__setitem__(0, 1.0),
    "b a bool": lambda n, o: n["b"].__setitem__(0, True),
}


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_forged_skeletons_shape_is_named(shape: str) -> None:
    """A skeleton not of a skeleton's shape: InvalidDocumentError at $.properties."""
    doc = _forged(SHAPES[shape])
    with pytest.raises(InvalidDocumentError) as caught:
        document.to_newsml(doc)
    assert "$.properties" == caught.value.path


SPANS: dict[str, Callable[[dict[str, Any], bytes], None]] = {
    "out of the text": lambda n, o: _span(n, o, len(o) - 5, len(o) + 10),
    "far out": lambda n, o: _span(n, o, 2**40, 2**41),
    "negative": lambda n, o: _span(n, o, -10, 5),
    "empty": lambda n, o: _span(n, o, 10, 10),
    "backwards": lambda n, o: _span(n, o, 30, 10),
    "cutting a character": lambda n, o: _span(n, o, *_at(o, "<title>Sm\u00f6".encode(), 10)),
    "inside a tag": lambda n, o: _span(n, o, *_at(o, b'<pubStatus qcode="imext:draft"/>', 10)),
    "two elements": lambda n, o: _span(
        n, o, *_at(o, b'<element type="body">s1</element><element type="body">s2</element>')
    ),
    "an element then text": lambda n, o: _span(
        n, o, *_at(o, b'<element type="body">s3</element> tail>')
    ),
    "a comment first": lambda n, o: _span(
        n, o, *_at(o, b"<!-- a comment, a > b --> two</element>")
    ),
    "unbalanced": lambda n, o: _span(n, o, *_at(o, b"<a><b></a>")),
    "a CDATA section left open": lambda n, o: _span(
        n, o, *_at(o, b'<element id="p2" type="body" format="html">Three<![CDATA[ <four>')
    ),
    "a comment left open": _comment_left_open,
    "an idf fragment": lambda n, o: _span(n, o, *_at(o, b"<idf>x</idf> <element", 13)),
}


@pytest.mark.parametrize("span", list(SPANS))
def test_a_forged_span_reads_as_the_load_path(span: str) -> None:
    """A span that is no whole element, several, or text that does not read the same where
    copied: to_newsml's NewsML is well-formed and reads as newsml.dumps(load)'s."""
    doc = _forged(SPANS[span])
    lean, whole = _both(doc)
    assert newsml.loads(whole) == newsml.loads(lean)


ODD_DOC = document.from_newsml(ODD.read_bytes())
ODD_TEXT = ODD.read_bytes()


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 40), st.integers(0, len(ODD_TEXT)), st.integers(-3, 400)),
        min_size=1,
        max_size=4,
    )
)
def test_random_spans_give_well_formed_newsml_or_a_named_error(
    changes: list[tuple[int, int, int]],
) -> None:
    """Spans moved anywhere in the text (starts, lengths at random): the save names
    $.properties or writes NewsML that reads (never a bare exception, never malformed)."""
    doc = copy.deepcopy(ODD_DOC)
    doc["content"][6]["data"]["text"] = "Edited"
    carrier = carrier_of(doc)[1]
    bounds = carrier["n"]["b"]
    for which, start, length in changes:
        at = 2 * (which % (len(bounds) // 2))
        bounds[at : at + 2] = [start, start + length]
    try:
        lean = document.to_newsml(with_carrier(doc, carrier))
    except InvalidDocumentError as error:
        assert "$.properties" == error.path
    else:
        assert newsml.loads(lean).__class__ is newsml.loads(ODD_TEXT).__class__


MOVED: dict[str, Callable[[dict[str, Any], bytes], None]] = {
    "an HTML entity": lambda n, o: _span(
        n, o, *_at(o, b'<element id="p3" type="body" format="html">Non&nbsp;breaking</element>')
    ),
    "an idf": lambda n, o: _span(n, o, *_at(o, b"<idf>x</idf>")),
    "the root": lambda n, o: _span(n, o, *_at(o, b"<newsItem", len(o) - o.index(b"<newsItem") - 1)),
    "another namespace": lambda n, o: _span(
        n, o, o.index(b"<links xmlns="), o.index(b"</links>") + len(b"</links>")
    ),
    "swapped": _swap_spans,
}


@pytest.mark.parametrize("moved", list(MOVED))
def test_a_whole_element_moved_by_its_span_stays_where_the_skeleton_says(moved: str) -> None:
    """A span that is another whole element of the text: the skeleton is trusted as the
    anchors' paths are (a carrier holds the client's own article), so that element stands
    at the span's place, read as in its place (never malformed); the sections as load
    writes them."""
    doc = _forged(MOVED[moved])
    lean, whole = _both(doc)
    got, want = newsml.loads(lean), newsml.loads(whole)
    assert want.children[:-1] == got.children[:-1]  # the sections: the spans are in the body
    assert want.children[-1] != got.children[-1]


def test_a_forged_skeleton_over_http_is_a_client_error() -> None:
    """Over the real service: a forged shape is a 400-class Twirp error naming
    $.properties, a forged span the load path's NewsML; never a 500."""
    server = shared_server()
    url = server.base_url + "/twirp/cca.Tools/ConvertToNewsml"
    for shape in ("deeper than 256", "an element name XML cannot carry", "a NUL in a text"):
        bad = httpx.post(url, json={"document": _forged(SHAPES[shape])}, timeout=60)
        assert 400 <= bad.status_code < 500, shape
        assert "$.properties" in bad.json()["msg"]
    doc = _forged(SPANS["two elements"])
    good = httpx.post(url, json={"document": doc}, timeout=60)
    assert 200 == good.status_code
    assert newsml.loads(newsml.dumps(document.load(doc))) == newsml.loads(good.json()["newsml"])


# --- the library path is untouched ---


@pytest.mark.parametrize("name", [*NEWS_FIXTURES, "kind-list.xml", "kind-package.xml"])
def test_only_from_newsml_of_a_news_item_records_a_skeleton(name: str) -> None:
    """dump(newsml.loads(x)) holds no k/b; from_newsml holds them for a newsItem alone;
    load of a document with its skeleton equals the load without it."""
    data = (FIXTURES / name).read_bytes()
    plain = document.dump(newsml.loads(data))
    assert {"k", "b"}.isdisjoint(carrier_of(plain)[1].get("n", {}))
    lean = document.from_newsml(data)
    n = carrier_of(lean)[1].get("n", {})
    assert ({"k", "b"} <= set(n)) == (newsml.loads(data).__class__.__name__ == "NewsItem")
    edited = copy.deepcopy(lean)
    _edit_text(edited)
    carrier = carrier_of(edited)[1]
    carrier.get("n", {}).pop("k", None)
    carrier.get("n", {}).pop("b", None)
    assert document.load(with_carrier(edited, carrier)) == document.load(edited)
    assert document.load(lean) == newsml.loads(data)


def test_reference_news_items_save_alike_after_a_text_edit(leans: list[bool]) -> None:
    """Every 10th golden newsItem (when ../shared is present), a block edited: to_newsml
    reads as the load path."""
    paths = sorted(REFERENCE.glob("*.xml"))[::10] if REFERENCE.is_dir() else []
    if not paths:
        pytest.skip("../shared/reference is absent")
    compared = 0
    for path in paths:
        try:
            doc = document.from_newsml(path.read_bytes())
        except NewsItemError:
            continue
        rnd = random.Random(path.name)
        for edit in rnd.sample(["block text", "insert", "remove", "swap", "moved into a block"], 2):
            edited = copy.deepcopy(doc)
            if not EDITS[edit](edited):
                continue
            try:
                lean, whole = _both(edited)
            except NewsItemError as error:  # both ways alike
                with pytest.raises(type(error)):
                    newsml.dumps(document.load(edited))
                continue
            assert newsml.loads(whole) == newsml.loads(lean), (path.name, edit)
            compared += 1
    assert compared > 20
    assert any(leans)


def test_skeleton_json_round_trips() -> None:
    """The skeleton is plain JSON: numbers, strings, lists (what a client stores as is)."""
    doc = document.from_newsml(ODD.read_bytes())
    n = carrier_of(doc)[1]["n"]
    assert n["k"] == json.loads(json.dumps(n["k"]))
    assert all(v.__class__ is int for v in n["b"])


IPTC = 'xmlns="http://iptc.org/std/nar/2006-10-01/"'
VARIANTS: dict[str, Callable[[str], str]] = {
    "a root without xmlns": lambda text: text.replace(IPTC + " ", ""),
    "a prefixed root": lambda text: text.replace(
        "<newsItem " + IPTC, '<n:newsItem xmlns:n="urn:n"'
    ).replace("</newsItem>", "</n:newsItem>"),
    "a block redeclaring its namespace": lambda text: text.replace(
        '<element id="p1"', '<element xmlns="http://www.infomaker.se/idf/1.0" id="p1"'
    ),
    "a block in no namespace": lambda text: text.replace(
        '<element id="l1"', '<element xmlns="" id="l1"'
    ),
    "a typed element in another namespace": lambda text: text.replace(
        "<headline>", '<headline xmlns="urn:o">'
    ),
    "xml:lang on itemMeta": lambda text: text.replace("<itemMeta>", '<itemMeta xml:lang="en">'),
    "standalone with HTML entities": lambda text: text.replace(
        'encoding="UTF-8"?>', 'encoding="UTF-8" standalone="yes"?>'
    ),
    "a byte order mark": lambda text: "\ufeff" + text,
}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_namespace_variants_save_as_the_load_path(variant: str, leans: list[bool]) -> None:
    """Roots with and without a default namespace, blocks redeclaring or leaving it,
    xml:lang, standalone text with HTML entities: after a text edit, an insert and a removal,
    to_newsml reads as the load path, indented or not."""
    text = VARIANTS[variant]((FIXTURES / "document-article.xml").read_text(encoding="utf-8"))
    doc = document.from_newsml(text.encode("utf-8"))
    assert "k" in carrier_of(doc)[1]["n"]
    for edit in ("block text", "insert", "remove", "moved into a block"):
        edited = copy.deepcopy(doc)
        assert EDITS[edit](edited)
        lean, whole = _both(edited)
        assert newsml.loads(whole) == newsml.loads(lean), edit
        assert newsml.dumps(document.load(edited), indent=2) == document.to_newsml(edited, indent=2)
    assert leans


def test_a_raw_written_under_another_namespace_keeps_its_own() -> None:
    """A Raw read inside idf, written under the newsItem's namespace: its element stays in
    idf's namespace (the writer must declare it, as the text it copies cannot)."""
    item = newsml.loads(HEAD + "</newsItem>")
    chain = (("newsItem", "http://iptc.org/std/nar/2006-10-01/"), ("idf", IDF))
    raw = Raw('<element id="p">x</element>', chain)
    for indent in (None, 2):
        written = newsml.loads(newsml.dumps(with_children(item, (raw,)), indent=indent))
        assert IDF == written.children[0].namespace, indent


def test_a_span_left_open_in_a_cdata_section_is_not_copied() -> None:
    """A span cut inside a CDATA section whose end is in a later span: read together, the
    pieces look whole (the section holds what stands between them); the save must not copy
    it (malformed NewsML), and reads the original whole instead."""
    doc = document.from_newsml((FIXTURES / "article-full.xml").read_bytes())
    _edit_text(doc)
    carrier = carrier_of(doc)[1]
    o = original_of(doc)
    start = o.index(b'<object id="embed1"')
    assert _index_of(carrier["n"], o, b'<object id="embed1"') > 0
    carrier["n"]["b"][0:2] = [start, o.index(b"raw <b>", start) + len(b"raw <b>")]
    forged = with_carrier(doc, carrier)
    lean, whole = _both(forged)
    assert newsml.loads(whole) == newsml.loads(lean)
