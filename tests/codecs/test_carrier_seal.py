"""The skeleton's seal (``n.s``): a converter with a key copies the spans it cut without reading
them, and writes the same NewsML as a save that reads them; without a key, nothing is sealed."""

from __future__ import annotations

import base64
import json
import pickle
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import zstandard
from support import FIXTURES, corpus_newsitems
from support.carrier import carrier_of, original_of, with_carrier

from newsml_codecs import document
from newsml_codecs.document._carrier import lean, seal
from newsml_model import InvalidArgumentError

Doc = dict[str, Any]
FILES = [FIXTURES / name for name in ("article-full.xml", "document-article.xml", "lean-odd.xml")]
KEY = bytes(range(32))
CONVERTER = document.Converter(seal_key=KEY)
_HEAD = (
    '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="g1" version="1">'
    '<itemMeta><itemClass qcode="ninat:text"/><title>T</title>'
    '<itemMetaExtProperty type="imext:type" value="x-im/article"/></itemMeta>'
    '<contentSet><inlineXML><idf xmlns="http://www.infomaker.se/idf/1.0"><group type="body">'
)
_TAIL = "</group></idf></inlineXML></contentSet></newsItem>"


def article(paragraph: str, *, root: str = "") -> str:
    """A small article whose second paragraph is `paragraph` (`root`: attributes of its root)."""
    head = _HEAD.replace('version="1"', f'version="1"{root}')
    return (
        head
        + '<element id="p1" type="body" foo="1">One.</element>'
        + paragraph
        + '<element id="p3" type="body" foo="3">Three.</element>'
        + _TAIL
    )


def edited(doc: Doc) -> Doc:
    """`doc` with its first paragraph's text (or its title, where no block has text) changed and
    a subject link added (the Writer's save)."""
    out = json.loads(json.dumps(doc))
    texts = (
        b for b in out.get("content") or () if isinstance((b.get("data") or {}).get("text"), str)
    )
    block = next(texts, None)
    if block is None:
        out["title"] = "Edited."
    else:
        block["data"]["text"] = "Edited."
    out.setdefault("links", []).append(
        {"uuid": "03d22994-a1d1-11e5-aab3-6ed9a6c3f6f2", "type": "x-im/category", "rel": "subject"}
    )
    return out


def unsealed(doc: Doc) -> Doc:
    """`doc` with its carrier's seal taken out."""
    carrier = carrier_of(doc)[1]
    del carrier["n"]["s"]
    return with_carrier(doc, carrier)


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The spans each save asked expat to read (`lean.well_formed`), one count per call."""
    counts: list[int] = []
    real: Callable[[list[bytes]], bool] = lean.well_formed

    def counted(texts: list[bytes]) -> bool:
        counts.append(len(texts))
        return real(texts)

    monkeypatch.setattr(lean, "well_formed", counted)
    yield counts


def first_save(doc: Doc, converter: document.Converter = CONVERTER) -> str:
    """The NewsML of `doc`'s save by `converter`, as for a document this process never saved."""
    document._PATCHES.clear()
    return converter.to_newsml(doc)


def sources() -> list[Path]:
    """The fixtures' newsItems, and the corpus's when ../shared/corpus is there."""
    return FILES + corpus_newsitems()


@pytest.mark.parametrize("path", sources(), ids=lambda p: p.name)
def test_a_sealed_save_reads_no_span_and_writes_the_same(path: Path, reads: list[int]) -> None:
    """The Writer's save of every newsItem: sealed, no span read; the seal taken out, the spans
    read; the same NewsML either way. (Not sealed: an HTML entity, a prefix; the spans read.)"""
    doc = CONVERTER.from_newsml(path.read_text(encoding="utf-8"))
    carrier = carrier_of(doc)[1]
    assert "k" in carrier["n"]
    save = edited(doc)
    if "s" not in carrier["n"]:
        first_save(save)
        assert reads and all(reads)
        return
    assert seal.sealed(carrier["n"]["s"], carrier["o"], carrier["n"]["b"], KEY)
    sealed_text = first_save(save)
    assert [] == reads
    assert sealed_text == first_save(unsealed(save))
    assert reads and all(reads)
    assert sealed_text == first_save(save, document.Converter())  # no key: read too


@pytest.mark.parametrize(
    ("paragraph", "root", "sealed"),
    [
        pytest.param('<element id="p2" type="body">Two.</element>', "", True, id="plain"),
        pytest.param(
            '<element id="p2" type="body"><![CDATA[a &mdash; b]]></element>',
            "",
            True,
            id="an HTML entity in a CDATA section",
        ),
        pytest.param(
            '<element id="p2" type="body">a &amp; b &#8212; &#x2014;</element>',
            "",
            True,
            id="XML's entities",
        ),
        pytest.param(
            '<element id="p2" type="body">a &mdash; b</element>', "", False, id="an HTML entity"
        ),
        pytest.param(
            '<element id="p2" type="body"><![CDATA[x]]> &mdash;</element>',
            "",
            False,
            id="an HTML entity after a CDATA section",
        ),
        pytest.param(
            '<!-- a note --><element id="p2" type="body"><![CDATA[a &mdash; b]]></element>',
            "",
            True,
            id="an HTML entity in a CDATA section after a comment",
        ),
        pytest.param(
            '<!-- <![CDATA[ --><element id="p2" type="body">a &mdash; b</element>',
            "",
            False,
            id="an HTML entity after a comment's CDATA opener",
        ),
        pytest.param(
            '<?pi <![CDATA[ ?><element id="p2" type="body">a &mdash; b</element>',
            "",
            False,
            id="an HTML entity after a processing instruction's CDATA opener",
        ),
        pytest.param(
            '<element id="p2" type="body" x:a="1">Two.</element>',
            ' xmlns:x="urn:x"',
            False,
            id="a prefix declared above",
        ),
        pytest.param(
            '<element id="p2" type="body"><![CDATA[<svg xmlns:xlink="urn:x"/>]]></element>',
            "",
            True,
            id="a prefix's declaration as text (the reader's own declarations count)",
        ),
        pytest.param(
            '<!-- <!DOCTYPE html> --><element id="p2" type="body">Two.</element>',
            "",
            True,
            id="a doctype as a comment's text (the reader refuses a doctype)",
        ),
    ],
)
def test_only_spans_that_read_alone_are_sealed(
    paragraph: str, root: str, sealed: bool, reads: list[int]
) -> None:
    """A text with an HTML entity (outside CDATA sections) or a prefix is not sealed: its
    spans are read at the save, which writes the same either way."""
    doc = CONVERTER.from_newsml(article(paragraph, root=root))
    n = carrier_of(doc)[1]["n"]
    assert "k" in n
    assert sealed == ("s" in n)
    save = edited(doc)
    text = first_save(save)
    assert bool(reads) != sealed
    if sealed:
        assert text == first_save(unsealed(save))


def test_another_key_or_none_reads_the_spans(reads: list[int]) -> None:
    """A converter of another key finds no seal of its own and reads the spans; one without a
    key seals nothing (its document the same at every open) and reads them; all three save
    the same NewsML."""
    source = (FIXTURES / "article-full.xml").read_text(encoding="utf-8")
    other = document.Converter(seal_key=bytes(range(1, 33)))
    ours, theirs = CONVERTER.from_newsml(source), other.from_newsml(source)
    n_ours, n_theirs = carrier_of(ours)[1]["n"], carrier_of(theirs)[1]["n"]
    assert n_theirs["s"] != n_ours["s"]
    assert {**n_theirs, "s": None} == {**n_ours, "s": None}
    bare = document.from_newsml(source)
    assert "s" not in carrier_of(bare)[1]["n"]
    assert bare == document.from_newsml(source)
    text = first_save(edited(ours))
    assert [] == reads
    assert text == first_save(edited(ours), other)
    assert len(reads) == 1
    assert text == first_save(edited(bare), document.Converter())
    assert len(reads) == 2


def repacked(doc: Doc, text: bytes) -> Doc:
    """`doc` whose carrier's original is `text` (its skeleton and seal kept)."""
    carrier = carrier_of(doc)[1]
    carrier["o"] = base64.b64encode(zstandard.ZstdCompressor().compress(text)).decode("ascii")
    return with_carrier(doc, carrier)


def test_a_changed_original_or_span_breaks_the_seal(reads: list[int]) -> None:
    """The seal covers the original and the spans: a client's change of either (a span moved
    onto the next paragraph, the original's text changed) has the spans read again."""
    doc = CONVERTER.from_newsml(article('<element id="p2" type="body" foo="2">Two.</element>'))
    carrier = carrier_of(doc)[1]
    o, n = original_of(doc), carrier["n"]
    assert seal.sealed(n["s"], carrier["o"], n["b"], KEY)
    assert not seal.sealed(n["s"], carrier["o"], n["b"], None)
    moved = dict(carrier, n={**n, "b": [bound + 1 for bound in n["b"]]})
    assert not seal.sealed(n["s"], moved["o"], moved["n"]["b"], KEY)
    changed = o.replace(b"Two.", b"Owt.")
    assert changed != o
    first_save(edited(repacked(doc, changed)))
    assert len(reads) == 1
    assert b"Owt." in first_save(edited(repacked(doc, changed))).encode()


def test_a_seal_key_is_16_to_64_bytes() -> None:
    """A converter's seal key is 16 to 64 bytes; two converters differing in it are equal
    (they write the same NewsML) and it pickles with the converter."""
    for bad in (b"k" * 15, b"k" * 65, "k" * 32, bytearray(32)):
        with pytest.raises(InvalidArgumentError) as error:
            document.Converter(seal_key=bad)  # type: ignore[arg-type]
        assert "seal_key" == error.value.field
    assert document.Converter() == CONVERTER
    assert KEY == pickle.loads(pickle.dumps(CONVERTER)).seal_key
    assert KEY.hex() not in repr(CONVERTER)


@pytest.mark.parametrize(
    ("tag", "packed", "bounds"),
    [
        pytest.param(None, "AAAA", [0, 1], id="no seal"),
        pytest.param(b"00", "AAAA", [0, 1], id="bytes"),
        pytest.param("00", 1, [0, 1], id="an original that is no text"),
        pytest.param("00", "AAAA", (0, 1), id="spans not a list"),
        pytest.param("00", "AAAA", ["0", 1], id="a span not a number"),
        pytest.param("00", "AAAA", [2**70, 1], id="past 64 bits"),
        pytest.param("00", "\udcff", [0, 1], id="a lone surrogate"),
    ],
)
def test_a_seal_of_any_shape_is_judged(tag: Any, packed: Any, bounds: Any) -> None:
    """What a client sends as a seal, an original or spans is judged not sealed, never an error."""
    assert seal.sealed(tag, packed, bounds, KEY) is False
