"""The NewsML codec: lossless round trips, leniency on input, bad input."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
from support import (
    CORPUS_NEWSITEMS,
    CORPUS_SNIPPETS,
    FIXTURES,
    canonical,
    corpus_params,
    fixture_text,
)
from support.garbage import cycles_left

import newsml_model as nm
from newsml_codecs import _xmlread, newsml

OWN_FIXTURES = ["article-full.xml", "article-lenient.xml"]


@pytest.mark.parametrize("path", corpus_params())
def test_corpus_round_trip_is_lossless(path: Path) -> None:
    """Every corpus newsItem comes back equal after canonicalisation."""
    raw = path.read_bytes()
    item = newsml.loads(raw)
    assert canonical(raw) == canonical(newsml.dumps(item))
    assert item == newsml.loads(newsml.dumps(item))


@pytest.mark.parametrize("name", sorted(CORPUS_SNIPPETS))
def test_corpus_snippets_are_refused_as_unsupported(name: str) -> None:
    """The corpus's contentSet snippets are not items: a clear error, not a crash."""
    path = CORPUS_NEWSITEMS / name
    if not path.exists():
        pytest.skip("../shared/corpus is absent")
    with pytest.raises(nm.UnsupportedItemKindError) as caught:
        newsml.loads(path.read_bytes())
    assert caught.value.kind == "contentSet"


def test_full_fixture_round_trip_is_lossless() -> None:
    """Our every-construct article round-trips, typed and untyped parts alike."""
    text = fixture_text("article-full.xml")
    item = newsml.loads(text)
    assert canonical(text) == canonical(newsml.dumps(item))
    assert item == newsml.loads(newsml.dumps(item))


def test_lenient_input_is_written_with_standard_namespaces() -> None:
    """No namespaces, HTML entities, CDATA and a Latin-1 declaration: read, then written in standard form."""
    raw = (FIXTURES / "article-lenient.xml").read_bytes()
    expected = fixture_text("article-lenient-expected.xml")
    assert canonical(expected) == canonical(newsml.dumps(newsml.loads(raw)))


def test_records_are_typed_where_the_model_knows_them() -> None:
    """Links, services, ext properties and metadata objects become records."""
    item = newsml.loads(fixture_text("article-full.xml"))
    meta = item.item_meta
    assert meta is not None
    assert "ninat:text" == meta.item_class
    assert "imext:draft" == meta.pub_status
    assert "2024-03-05T10:15:30+01:00" == meta.version_created
    assert ("imchn:sport", "imchn:news", "imsection:local") == tuple(s.qcode for s in meta.services)
    assert "Lokalt" == meta.services[2].name
    assert "imext:main" == meta.services[0].why
    author = meta.links[1]
    assert ("author", "x-im/author", "Åsa Öberg") == (author.rel, author.type, author.title)
    assert author.data is not None
    assert "asa.oberg@example.org" == author.data.find_text("email")
    jane = meta.links[2]
    assert ("avatar",) == tuple(link.rel for link in jane.links)
    creator = meta.links[-1]
    assert (("custom-attr", "kept"),) == creator.attributes
    assert "system" == creator.role
    organisation = meta.links[8]
    assert ("x-im/note",) == tuple(o.type for o in organisation.meta)
    content_meta = item.content_meta
    assert content_meta is not None
    assert ("x-im/newsvalue", "x-im/teaser") == tuple(o.type for o in content_meta.metadata)
    assert ("articlesource", "premium") == tuple(link.rel for link in content_meta.links)
    assert "news" == content_meta.ext_property("imext:subtype").value  # type: ignore[union-attr]
    assert "5c3b1f0e-8d2a-4c1b-9a7e-2f4d6b8a0c11" == item.guid


def test_mixed_content_keeps_text_and_markup_in_order() -> None:
    """Inline markup in body text and in data children stays exactly where it was."""
    item = newsml.loads(fixture_text("article-full.xml"))
    idf = item.idf
    assert idf is not None
    body = next(idf.elements("group"))
    body = list(idf.elements("group"))[1]
    first = next(body.elements("element"))
    assert "Text " == first.children[0]
    strong = first.children[1]
    assert isinstance(strong, nm.Element)
    assert ("fet ", "och kursiv") == (strong.children[0], strong.full_text[4:])
    assert " och " == first.children[2]
    teaser = item.content_meta.metadata[1]  # type: ignore[union-attr]
    text = teaser.data.find("text")  # type: ignore[union-attr]
    assert text is not None
    assert "Teaser text with " == text.children[0]
    assert " content and <escaped> text." == text.children[2]


def test_unknown_elements_keep_their_namespace() -> None:
    """Elements of foreign namespaces survive with their namespace URI."""
    item = newsml.loads(fixture_text("article-full.xml"))
    unknown = item.item_meta.find("unknownThing")  # type: ignore[union-attr]
    assert unknown is not None
    assert "urn:example:unknown" == unknown.namespace
    assert "Kept as a generic node" == unknown.text
    assert 'xmlns="urn:example:unknown"' in newsml.dumps(item)


def test_whitespace_between_elements_is_not_content() -> None:
    """Indentation differences give equal items; whitespace inside mixed content is kept."""
    compact = newsml.loads("<newsItem><itemMeta><title>T</title></itemMeta></newsItem>")
    indented = newsml.loads(
        "<newsItem>\n  <itemMeta>\n    <title>T</title>\n  </itemMeta>\n</newsItem>"
    )
    assert compact == indented
    mixed = newsml.loads("<newsItem><contentSet><p><b>a</b> <i>b</i></p></contentSet></newsItem>")
    paragraph = mixed.content_set.find("p")  # type: ignore[union-attr]
    assert " " == paragraph.children[1]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "source",
    [
        "\ufeff<newsItem guid='a'/>",
        b"\xef\xbb\xbf<newsItem guid='a'/>",
        "<?xml version='1.0'?><newsItem guid='a'/>",
        b"<?xml version='1.0' encoding='UTF-8'?><newsItem guid='a'/>",
        "<?xml version='1.0' encoding='ISO-8859-1'?><newsItem guid='a'/>",
        "<n:newsItem xmlns:n='http://iptc.org/std/nar/2006-10-01/' guid='a'/>",
    ],
    ids=["str-bom", "bytes-bom", "decl", "decl-utf8", "str-decl-latin1", "prefixed"],
)
def test_declarations_boms_and_prefixes_are_accepted(source: str | bytes) -> None:
    """BOMs, declarations with or without encoding, and prefixes all read the same item."""
    assert "a" == newsml.loads(source).guid


def test_bytes_follow_their_declared_encoding() -> None:
    """Latin-1 bytes with a Latin-1 declaration decode correctly."""
    raw = "<?xml version='1.0' encoding='ISO-8859-1'?><newsItem guid='é'/>".encode("latin-1")
    assert "é" == newsml.loads(raw).guid


def test_output_escapes_what_would_not_read_back() -> None:
    """Ampersands, angle brackets, quotes, newlines and carriage returns survive a round trip."""
    item = nm.NewsItem(
        attributes=(("guid", 'a"b<c>&\n\t\r'),),
        children=(nm.Element(name="x", children=("1 < 2 & 3 > 2\r\n",)),),
    )
    assert item == newsml.loads(newsml.dumps(item))


def test_foreign_namespaced_attributes_round_trip() -> None:
    """Attributes in other namespaces get a generated prefix and read back equal."""
    source = (
        '<newsItem xmlns:x="urn:x"><contentSet x:kind="k" xml:lang="sv"></contentSet></newsItem>'
    )
    item = newsml.loads(source)
    content_set = item.content_set
    assert content_set is not None
    assert (("{urn:x}kind", "k"), ("xml:lang", "sv")) == content_set.attributes
    assert item == newsml.loads(newsml.dumps(item))


def _only_element(source: str | bytes) -> nm.Element:
    """The single child element of the item `source` holds."""
    (child,) = newsml.loads(source).children
    assert isinstance(child, nm.Element)
    return child


class TestHtmlEntities:
    """HTML named entities are resolved wherever XML would resolve a reference (M7)."""

    def test_in_text_beside_xml_and_numeric_references(self) -> None:
        """Text mixes HTML, predefined and numeric references; the text stays one string."""
        x = _only_element("<newsItem><x>a&nbsp;b&amp;c&#233;&mdash;d&eacute;</x></newsItem>")
        assert ("a\xa0b&cé—dé",) == x.children

    @pytest.mark.parametrize("quote", ['"', "'"])
    def test_in_attribute_values(self, quote: str) -> None:
        """An entity in an attribute is resolved, not dropped, with either quote."""
        x = _only_element(
            f"<newsItem><x a={quote}1&nbsp;2&amp;3{quote} b={quote}&copy;{quote}/></newsItem>"
        )
        assert (("a", "1\xa02&3"), ("b", "©")) == x.attributes

    def test_in_attributes_beside_namespaces_and_markup_like_values(self) -> None:
        """Prefixed names, ``xml:lang`` and ``>`` in a value keep their places."""
        x = _only_element(
            '<newsItem xmlns:p="urn:p"><x p:a="&auml;" xml:lang="sv" c="a>b" d="&hellip;">'
            "t&nbsp;</x></newsItem>"
        )
        expected = (("{urn:p}a", "ä"), ("xml:lang", "sv"), ("c", "a>b"), ("d", "…"))
        assert expected == x.attributes
        assert ("t\xa0",) == x.children

    def test_not_in_cdata_or_comments(self) -> None:
        """In CDATA an entity is plain text; in a comment (or a tag-like comment) it is nothing."""
        x = _only_element(
            '<newsItem><x><!-- <y a="&nbsp;"> --><![CDATA[&nbsp;]]>&nbsp;</x></newsItem>'
        )
        assert ("&nbsp;\xa0",) == x.children

    def test_in_a_declared_latin_1_document(self) -> None:
        """A start tag read again for its entity keeps the document's encoding."""
        source = '<?xml version="1.0" encoding="ISO-8859-1"?><newsItem><x a="Å&nbsp;ö"/></newsItem>'
        x = _only_element(source.encode("latin-1"))
        assert (("a", "Å\xa0ö"),) == x.attributes

    @pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be"])
    def test_in_utf_16(self, codec: str) -> None:
        """UTF-16 input (with or without a BOM) has its entities resolved too."""
        source = '<newsItem><x a="&nbsp;">&mdash;</x></newsItem>'.encode(codec)
        x = _only_element(source)
        assert ((("a", "\xa0"),), ("—",)) == (x.attributes, x.children)

    @pytest.mark.parametrize("quote", ['"', "'"])
    def test_in_a_document_declared_standalone(self, quote: str) -> None:
        """standalone="yes" (which makes expat call every undeclared entity an error) changes nothing."""
        source = (
            f"<?xml version='1.0' standalone={quote}yes{quote}?>\n"
            '<newsItem><x a="&eacute;">t&nbsp;</x></newsItem>'
        )
        x = _only_element(source.encode())
        assert ((("a", "é"),), ("t\xa0",)) == (x.attributes, x.children)
        with pytest.raises(nm.MalformedXMLError, match="undefined entity") as caught:
            newsml.loads(source.replace("&nbsp;", "&nbsp;&bogus;"))
        assert (2, 34) == (caught.value.line, caught.value.column)

    def test_unknown_entity_in_an_attribute_says_where(self) -> None:
        """An unknown entity in an attribute is an undefined entity at its start tag."""
        with pytest.raises(nm.MalformedXMLError, match="undefined entity") as caught:
            newsml.loads('<newsItem>\n  <x a="&nbsp;"/>\n  <y b="&bogus;"/></newsItem>')
        assert (3, 3) == (caught.value.line, caught.value.column)

    def test_unknown_entity_in_text_says_where(self) -> None:
        """An unknown entity in text is an undefined entity at the reference."""
        with pytest.raises(nm.MalformedXMLError, match="undefined entity") as caught:
            newsml.loads("<newsItem>\n <x>&nbsp;&bogus;</x></newsItem>")
        assert (2, 11) == (caught.value.line, caught.value.column)

    def test_long_text_around_entities_is_one_string(self) -> None:
        """Pieces of text split by entities and by expat's buffer are joined, in order."""
        body = ("x" * 5000 + "&nbsp;") * 10
        x = _only_element(f"<newsItem><x>{body}<y/>{body}</x></newsItem>")
        text = ("x" * 5000 + "\xa0") * 10
        assert (text, nm.Element(name="y"), text) == x.children


def test_text_stays_whole_when_expat_delivers_it_in_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the largest text buffer (2 GiB; 1 KiB here) pieces of a text are joined in order."""
    monkeypatch.setattr(_xmlread, "_MAX_BUFFER", 1024)
    item = newsml.loads(
        "<newsItem><x>"
        + "ab\n" * 5000
        + "</x><y>"
        + "c" * 3000
        + "<z/>"
        + "d&amp;" * 900
        + "</y></newsItem>"
    )
    x, y = item.children
    assert isinstance(x, nm.Element) and isinstance(y, nm.Element)
    assert ("ab\n" * 5000,) == x.children
    assert ("c" * 3000, nm.Element(name="z"), "d&" * 900) == y.children


@pytest.mark.parametrize(
    "source",
    [
        FIXTURES / "article-full.xml",
        '<newsItem><a x="&nbsp;">&mdash;</a></newsItem>',
        "<newsItem><a></b></newsItem>",
        '<newsItem><a x="&bogus;"/></newsItem>',
        "<!DOCTYPE x><newsItem/>",
        "<contentSet/>",
    ],
    ids=["article", "entities", "malformed", "bad-entity", "dtd", "other-root"],
)
def test_a_parse_leaves_no_garbage_cycle(source: Path | str) -> None:
    """Reading, or refusing, frees everything by reference counting: nothing waits for the collector.

    The reader's handlers are closures over the parser; left in place they
    formed a cycle that kept the parser, its input-sized buffer, the input
    and the tree alive until a collection (and made the collections that
    found them most of the gap to xmltodict, docs/performance.md).
    """
    data = source.read_bytes() if isinstance(source, Path) else source

    def read() -> None:
        with contextlib.suppress(nm.NewsItemError):
            newsml.loads(data)

    assert 0 == cycles_left(read)[1]


class TestBadInput:
    """Each class of bad input gets its documented error, saying where."""

    def test_malformed_xml_reports_line_and_column(self) -> None:
        """A mismatched tag names its line and 1-based column."""
        with pytest.raises(nm.MalformedXMLError) as caught:
            newsml.loads("<newsItem>\n  <itemMeta></itemMta>\n</newsItem>")
        assert (2, 15) == (caught.value.line, caught.value.column)
        assert "line 2, column 15" in str(caught.value)

    def test_unknown_entity_is_malformed(self) -> None:
        """An entity that is neither XML's nor HTML's is an undefined entity error."""
        with pytest.raises(nm.MalformedXMLError, match="undefined entity"):
            newsml.loads("<newsItem><x>&bogus;</x></newsItem>")

    @pytest.mark.parametrize(
        "source",
        [
            '<!DOCTYPE newsItem [<!ENTITY a "b">]><newsItem>&a;</newsItem>',
            '<!DOCTYPE newsItem SYSTEM "http://example.org/x.dtd"><newsItem/>',
            '<!DOCTYPE newsItem [<!ENTITY x SYSTEM "file:///etc/passwd">]><newsItem>&x;</newsItem>',
            "<!DOCTYPE newsItem><newsItem/>",
        ],
        ids=["internal-entity", "external-dtd", "external-entity", "bare-doctype"],
    )
    def test_dtds_and_entities_are_refused(self, source: str) -> None:
        """Any DTD is refused before an entity could be expanded or fetched."""
        with pytest.raises(nm.ForbiddenXMLError, match="not allowed"):
            newsml.loads(source)

    def test_oversized_input_is_refused_before_parsing(self) -> None:
        """Input over max_bytes is refused with its size."""
        with pytest.raises(nm.LimitExceededError, match="over the limit of 100"):
            newsml.loads("<newsItem>" + "x" * 200 + "</newsItem>", max_bytes=100)

    def test_default_size_limit_is_32_mib(self) -> None:
        """The default limit is 32 MiB."""
        assert 32 * 1024 * 1024 == newsml.DEFAULT_MAX_BYTES

    def test_deep_nesting_is_refused(self) -> None:
        """Nesting deeper than max_depth is refused, never a RecursionError."""
        deep = "<newsItem>" + "<a>" * 300 + "</a>" * 300 + "</newsItem>"
        with pytest.raises(nm.LimitExceededError, match="deeper than 256"):
            newsml.loads(deep)
        assert newsml.loads(deep, max_depth=400).children

    @pytest.mark.parametrize("root", ["contentSet", "packageItem", "html"])
    def test_other_roots_are_unsupported_item_kinds(self, root: str) -> None:
        """A root that is none of the six item kinds: 'unsupported item kind'."""
        with pytest.raises(nm.UnsupportedItemKindError, match="unsupported item kind") as caught:
            newsml.loads(f"<{root}><x/></{root}>")
        assert root == caught.value.kind

    @pytest.mark.parametrize("source", [None, 42, ["<newsItem/>"], {"a": 1}])
    def test_wrong_types_are_decode_errors(self, source: object) -> None:
        """Anything but str or bytes is a DecodeError naming the type, not a TypeError."""
        with pytest.raises(nm.DecodeError, match="must be str or bytes"):
            newsml.loads(source)  # type: ignore[arg-type]

    def test_invalid_utf8_is_malformed(self) -> None:
        """Bytes that are not UTF-8 (and declare nothing else) are malformed XML."""
        with pytest.raises(nm.MalformedXMLError):
            newsml.loads(b"<newsItem guid='\xff\xfe'/>")

    def test_empty_input_is_malformed(self) -> None:
        """Empty input is malformed XML, at line 1."""
        with pytest.raises(nm.MalformedXMLError) as caught:
            newsml.loads("")
        assert 1 == caught.value.line

    def test_errors_share_one_hierarchy(self) -> None:
        """Every decode error is a NewsItemError and a ValueError."""
        for error in (
            nm.MalformedXMLError,
            nm.ForbiddenXMLError,
            nm.LimitExceededError,
            nm.UnsupportedItemKindError,
            nm.InvalidDocumentError,
        ):
            assert issubclass(error, nm.DecodeError)
            assert issubclass(error, nm.NewsItemError)
            assert issubclass(error, ValueError)


def test_own_fixtures_exist() -> None:
    """The fixtures this module reads are the project's own files."""
    for name in OWN_FIXTURES:
        assert (FIXTURES / name).is_file()


def test_dumping_characters_xml_cannot_carry_is_a_clear_error() -> None:
    """A control character in a record is refused on output, naming where it sits."""
    item = nm.NewsItem(children=(nm.Element(name="x", children=("before\x00after",)),))
    with pytest.raises(nm.InvalidArgumentError, match=r"XML 1\.0 cannot carry.*before"):
        newsml.dumps(item)


@pytest.mark.parametrize(
    ("limits", "field"),
    [
        ({"max_depth": "300"}, "max_depth"),
        ({"max_depth": 2.5}, "max_depth"),
        ({"max_depth": float("nan")}, "max_depth"),
        ({"max_depth": None}, "max_depth"),
        ({"max_depth": True}, "max_depth"),
        ({"max_depth": 0}, "max_depth"),
        ({"max_bytes": "x"}, "max_bytes"),
        ({"max_bytes": -5}, "max_bytes"),
        ({"max_bytes": None}, "max_bytes"),
    ],
)
def test_limits_that_are_no_whole_numbers_are_argument_errors(
    limits: dict[str, Any], field: str
) -> None:
    """A limit that is not a whole number from 1 is refused naming the argument, never a bare
    TypeError from a comparison deep in the reader, nor a float bound that `dump`'s depth
    shortcut would then compare with its own."""
    text = '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="g"><itemMeta/></newsItem>'
    with pytest.raises(nm.InvalidArgumentError) as caught:
        newsml.loads(text, **limits)
    assert (field, True) == (caught.value.field, field in str(caught.value))


class Whole:
    """A whole number that is no int (as numpy's ``int64``): Python takes it by ``__index__``."""

    def __init__(self, number: int) -> None:
        self.number = number

    def __index__(self) -> int:
        """The number, as ``operator.index`` gives it."""
        return self.number


def test_limits_that_are_whole_numbers_of_another_class_are_bounds() -> None:
    """A limit Python takes as a whole number (``__index__``), such as numpy's integers, is a
    bound as its int is: the reader took them before it refused what is no whole number,
    and its check refused them as no whole number."""
    text = '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="g"><itemMeta/></newsItem>'
    item = newsml.loads(text, max_bytes=Whole(1000), max_depth=Whole(2))
    with pytest.raises(nm.LimitExceededError, match="deeper than 1 levels"):
        newsml.loads(text, max_depth=Whole(1))
    with pytest.raises(nm.LimitExceededError, match="over the limit of 10"):
        newsml.loads(text, max_bytes=Whole(10))
    assert newsml.loads(text) == item
