"""The carrier holds the original item: unedited documents come back from it alone.

`dump` writes the original's NewsML, compressed (``o``), with the document's
uuid (``u``) and fingerprint (``h``); `load` answers an unedited document
with it and derives the patch only for an edited one. A carrier is client
input: every malformed ``o`` is an `InvalidDocumentError` at ``$.properties``.
"""

from __future__ import annotations

import base64
import zlib
from typing import Any

import attrs
import pytest
import zstandard
from support import FIXTURES, canonical
from support.carrier import calls, carrier_of, original_of, with_carrier

import newsml_model as nm
from newsml_codecs import document, newsml
from newsml_codecs.document._carrier import original as original_module
from newsml_codecs.document._carrier.apply import forget_pieces

ARTICLE = FIXTURES / "document-article.xml"
PLANNING = FIXTURES / "kind-planningitem.xml"


def packed(data: bytes) -> str:
    return base64.b64encode(zlib.compress(data)).decode("ascii")


@pytest.mark.parametrize("path", [ARTICLE, PLANNING])
def test_the_carrier_holds_the_original_and_what_ties_it(path: Any) -> None:
    """The original is the text the item was read from; an item built otherwise is written."""
    text = path.read_bytes()
    source = newsml.loads(text)
    doc = document.dump(source)
    carrier = carrier_of(doc)[1]
    assert set(carrier) >= {"o", "u", "n"}
    assert carrier["u"] == doc["uuid"]
    assert text == original_of(doc)
    built = attrs.evolve(source)  # equal, but not read from text
    original = original_of(document.dump(built))
    assert canonical(original.decode("utf-8")) == canonical(newsml.dumps(source))
    assert source == newsml.loads(original)


def test_text_in_another_declared_encoding_is_written_again() -> None:
    """Text whose declaration names another encoding than UTF-8 is not carried as read."""
    text = ARTICLE.read_text("utf-8").replace('encoding="UTF-8"', 'encoding="ISO-8859-1"', 1)
    assert text.startswith("<?xml") and 'encoding="ISO-8859-1"' in text[:80]
    source = newsml.loads(text)
    original = original_of(document.dump(source))
    assert not original.startswith(b"<?xml")
    assert source == document.load(document.dump(source))


def test_an_unedited_document_is_answered_by_the_original_alone() -> None:
    """A fraction of the calls of the same document with its title edited, the patch way.

    The edited one is exported, its patch derived from the original and
    applied, and the result checked against the law (a carrier without
    anchors, as earlier releases wrote).
    """
    doc = document.dump(newsml.loads(ARTICLE.read_bytes()))
    carrier = carrier_of(doc)[1]
    patch_way = {key: value for key, value in carrier.items() if key != "n"}  # no anchors
    edited = with_carrier({**doc, "title": doc["title"] + "!"}, patch_way)
    assert 3 * calls(lambda: document.load(doc)) < calls(lambda: document.load(edited))


def test_an_item_the_reference_gives_back_exactly_gets_no_carrier() -> None:
    """An item made by `load` of a carrier-less document is exported and compared: equal."""
    reference = document.dump(newsml.loads(ARTICLE.read_bytes()), carriers=False)
    again = document.dump(document.load(reference))
    assert all(p["name"] != document.CARRIER_PROPERTY for p in again.get("properties", ()))


def test_an_edited_item_that_the_reference_loses_gets_one() -> None:
    """The same item with an attribute the reference drops (a link's ``@id``) needs a carrier."""
    reference = document.dump(newsml.loads(ARTICLE.read_bytes()), carriers=False)
    loaded = document.load(reference)
    text = newsml.dumps(loaded).replace('<link rel="', '<link id="kept" rel="', 1)
    doc = document.dump(newsml.loads(text))
    assert any(p["name"] == document.CARRIER_PROPERTY for p in doc["properties"])
    assert 'id="kept"' in newsml.dumps(document.load(doc))


UUID = "d961126b-a122-4673-b006-f790246cbe8f"


def test_a_document_under_a_copied_carrier_keeps_its_empty_fields() -> None:
    """A carrier of another document applies to nothing: the document is read as the
    reference reads it, a link's empty ``data`` kept (``<data/>``), not as a carrier's
    document is read (empty fields as absent)."""
    doc = document.dump(newsml.loads(ARTICLE.read_bytes()))
    other = document.dump(newsml.loads(PLANNING.read_bytes()))
    link = {"type": "x-im/category", "rel": "subject", "title": "X", "uuid": UUID, "data": {}}
    plain = {**document.dump(newsml.loads(ARTICLE.read_bytes()), carriers=False)}
    plain["links"] = [*plain["links"], link]
    mixed = with_carrier({**doc, "links": [*doc["links"], link]}, carrier_of(other)[1])
    assert "<data/>" in newsml.dumps(document.load(mixed))
    assert canonical(newsml.dumps(document.load(plain))) == canonical(
        newsml.dumps(document.load(mixed))
    )


def test_a_copied_carrier_is_ignored() -> None:
    """A carrier of another document (another uuid) restores nothing of that item."""
    doc = document.dump(newsml.loads(ARTICLE.read_bytes()))
    other = document.dump(newsml.loads(PLANNING.read_bytes()))
    mixed = with_carrier(doc, carrier_of(other)[1])
    assert canonical(newsml.dumps(document.load(mixed))) == canonical(
        newsml.dumps(document.load(with_carrier(doc, {"u": doc["uuid"]})))
    )


def test_the_patch_of_a_carrier_is_derived_once_for_the_saves_of_an_editor() -> None:
    """The Writer saves the document it edits again and again with the carrier it opened.

    The second edited load finds the patch derived by the first: the same
    item, for fewer calls; another edit of the same document too.
    """
    doc = document.dump(newsml.loads(ARTICLE.read_bytes()))
    document._PATCHES.clear()  # other tests loaded edits of the same document
    first = {**doc, "title": "first save"}
    second = {**doc, "title": "second save"}
    cold = calls(lambda: document.load(first))
    warm = calls(lambda: document.load(first))
    assert 3 * warm < 2 * cold
    assert newsml.dumps(document.load(first)) == newsml.dumps(document.load(first))
    text = newsml.dumps(document.load(second))
    assert "second save" in text
    assert "first save" not in text


def test_a_later_save_reads_the_carried_pieces_once() -> None:
    """A later save reuses the XML pieces the carrier put back at the first: same item, fewer calls.

    Clearing the patch cache forgets the pieces too, so the next save is a
    first save again and gives the same item.
    """
    doc = document.dump(newsml.loads(PLANNING.read_bytes()))
    patch_way = {key: value for key, value in carrier_of(doc)[1].items() if key != "n"}
    edited = with_carrier({**doc, "title": "saved"}, patch_way)  # no anchors: the patch way
    document._PATCHES.clear()
    first = newsml.dumps(document.load(edited))
    read = calls(lambda: (forget_pieces(), document.load(edited)))
    kept = calls(lambda: document.load(edited))
    assert kept + 50 < read  # reading the pieces is a parse (about 100 calls), forgetting 2
    assert first == newsml.dumps(document.load(edited))
    document._PATCHES.clear()
    assert first == newsml.dumps(document.load(edited))


MALFORMED = [
    pytest.param(12, "not a string", id="not-a-string"),
    pytest.param(["x"], "not a string", id="a-list"),
    pytest.param("%%%", "not base64", id="not-base64"),
    pytest.param(base64.b64encode(b"plain").decode(), "not base64 of zlib", id="not-zlib"),
    pytest.param(packed(b"<newsItem")[:-8], "truncated", id="truncated"),
    pytest.param(packed(b"<newsItem/>")[:-4] + "AAAA", "zlib", id="bad-checksum"),
    pytest.param(packed(b"<" + b"a" * 40_000_000 + b"/>"), "expands past", id="bomb"),
    pytest.param(packed(b"<newsItem><unclosed></newsItem>"), "not NewsML", id="not-newsml"),
]


@pytest.mark.parametrize(("value", "says"), MALFORMED)
def test_a_malformed_original_is_a_document_error_at_properties(value: Any, says: str) -> None:
    doc = document.dump(newsml.loads(ARTICLE.read_bytes()))
    carrier = carrier_of(doc)[1]
    with pytest.raises(nm.InvalidDocumentError) as caught:
        document.load(with_carrier(doc, {**carrier, "o": value}))
    assert caught.value.path == "$.properties"
    assert says in str(caught.value)


@pytest.mark.parametrize(
    "time",
    [
        pytest.param("garbage", id="not-rfc3339"),
        pytest.param("0001-01-01T00:00:00+01:00", id="out-of-range"),
    ],
)
def test_an_original_dump_refuses_is_a_document_error_at_properties(time: str) -> None:
    """An edited document whose carried original `dump` would refuse (a bad time): named as the carrier.

    `dump` never carries such an original, so its carrier is made up; the
    edited load, which converts the original to derive its patch, said it
    as a bare `DecodeError` without a path.
    """
    doc = document.dump(newsml.loads(ARTICLE.read_bytes()))
    carrier = carrier_of(doc)[1]
    text = newsml.dumps(newsml.loads(ARTICLE.read_bytes()), xml_declaration=False)
    start = text.index("<versionCreated>") + len("<versionCreated>")
    original = text[:start] + time + text[text.index("</versionCreated>") :]
    patch_way = {key: value for key, value in carrier.items() if key != "n"}  # no anchors
    edited = with_carrier({**doc, "title": "edited"}, {**patch_way, "o": packed(original.encode())})
    with pytest.raises(nm.InvalidDocumentError) as caught:
        document.load(edited)
    assert "$.properties" == caught.value.path
    assert "the original (o) does not convert" in str(caught.value)
    assert time in str(caught.value)


def _holding(doc: dict[str, Any], elements: int) -> dict[str, Any]:
    """`doc` whose carried original holds `elements` small elements more (edited: its title)."""
    carrier = carrier_of(doc)[1]
    text = newsml.dumps(newsml.loads(ARTICLE.read_bytes()), xml_declaration=False)
    bulk = text.replace("</itemMeta>", "<x/>" * elements + "</itemMeta>", 1)
    return with_carrier({**doc, "title": "edited"}, {**carrier, "o": packed(bulk.encode())})


def test_a_carrier_unpacks_to_a_proportionate_multiple_of_its_document() -> None:
    """Issue 27: a 7 KB document whose carrier held 2 MiB of small elements took seconds;
    now its original may unpack to 16x its packed size or 4x the document + 1 MiB."""
    doc = document.dump(newsml.loads(ARTICLE.read_bytes()))
    bomb = _holding(doc, 1_000_000)  # 4 MB of <x/>, a few KB packed
    with pytest.raises(nm.InvalidDocumentError, match="expands past") as caught:
        document.load(bomb)
    assert caught.value.path == "$.properties"


def test_an_original_within_the_bound_still_loads() -> None:
    """A carried original a few times its document's size is a document's own: it loads."""
    doc = document.dump(newsml.loads(ARTICLE.read_bytes()))
    loaded = document.load(_holding(doc, 2_000))
    assert isinstance(loaded, nm.NewsItem)
    assert "edited" == document.dump(loaded)["title"]


def test_text_read_with_more_layout_than_the_bound_is_written_again() -> None:
    """Spaces inside a start tag pack far past the bound: the item is carried written again."""
    text = ARTICLE.read_text("utf-8").replace("<itemClass ", "<itemClass" + " " * 3_000_000, 1)
    source = newsml.loads(text, max_bytes=8_000_000)
    doc = document.dump(source)
    original = original_of(doc)
    assert len(original) < 100_000
    assert source == document.load(doc)


def test_text_with_a_bom_and_another_declared_encoding_is_written_again() -> None:
    """A BOM before a declaration of ISO-8859-1 in text: not carried as read (its bytes would
    be read by the declaration), so the item comes back equal."""
    text = "\ufeff" + ARTICLE.read_text("utf-8").replace(
        'encoding="UTF-8"', 'encoding="ISO-8859-1"', 1
    ).replace("Volvo", "Skellefteå", 1)
    source = newsml.loads(text)
    assert "Skellefteå" in newsml.dumps(source)
    assert source == document.load(document.dump(source))


def zstd(data: bytes, *, sized: bool = True) -> str:
    """`data` as a carrier's ``o`` writes it: a Zstandard frame (with its size), in base64."""
    frame = zstandard.ZstdCompressor(level=1, write_content_size=sized).compress(data)
    return base64.b64encode(frame).decode("ascii")


@pytest.mark.parametrize(
    ("value", "says"),
    [
        pytest.param(zstd(b"<" + b"a" * 40_000_000 + b"/>"), "expands past", id="bomb"),
        pytest.param(zstd(b"<newsItem/>", sized=False), "without its size", id="unsized"),
        pytest.param(
            zstd(b"<newsItem>" + b"x" * 500 + b"</newsItem>")[:-12], "truncated", id="cut"
        ),
        pytest.param(base64.b64encode(b"\x28\xb5\x2f\xfd!!").decode(), "zstd", id="garbage"),
    ],
)
def test_a_malformed_zstd_original_is_a_document_error(value: str, says: str) -> None:
    """A Zstandard original that is a bomb (refused from its header), unsized, cut or garbage."""
    doc = document.dump(newsml.loads(ARTICLE.read_bytes()))
    carrier = carrier_of(doc)[1]
    with pytest.raises(nm.InvalidDocumentError) as caught:
        document.load(with_carrier({**doc, "title": "edited"}, {**carrier, "o": value}))
    assert caught.value.path == "$.properties"
    assert says in str(caught.value)


def test_an_original_changed_on_the_way_is_refused_by_both_saves() -> None:
    """A byte of the packed original changed (valid base64, a frame that still unpacks):
    its checksum refuses it, in `load` and in the Writer's save on the skeleton alike (which
    reads only the spans it copies, so without the checksum it took such an original)."""
    doc = document.from_newsml(ARTICLE.read_bytes())
    carrier = carrier_of(doc)[1]
    frame = bytearray(base64.b64decode(carrier["o"]))
    assert zstandard.get_frame_parameters(bytes(frame)).has_checksum
    frame[len(frame) // 2] ^= 0x20
    changed = with_carrier(
        {**doc, "title": "edited"}, {**carrier, "o": base64.b64encode(frame).decode()}
    )
    for save in (document.load, document.to_newsml):
        document._PATCHES.clear()  # as for a document not seen before
        with pytest.raises(nm.InvalidDocumentError) as caught:
            save(changed)
        assert caught.value.path == "$.properties"
        assert "checksum" in str(caught.value) or "zstd" in str(caught.value)


def test_an_original_packed_without_its_checksum_still_loads() -> None:
    """An earlier release's Zstandard original, its frame without the content checksum."""
    doc = document.dump(newsml.loads(ARTICLE.read_bytes()))
    carrier = carrier_of(doc)[1]
    old = with_carrier(doc, {**carrier, "o": zstd(original_of(doc))})
    assert document.load(doc) == document.load(old)
    assert (
        "edited"
        == document.dump(document.load({**old, "title": "edited"}), carriers=False)["title"]
    )


def test_an_earlier_release_zlib_original_still_loads() -> None:
    """A carrier whose original is zlib data (as earlier releases wrote) loads, edited or not."""
    doc = document.dump(newsml.loads(ARTICLE.read_bytes()))
    carrier = carrier_of(doc)[1]
    old = with_carrier(doc, {**carrier, "o": packed(original_of(doc))})
    assert document.load(doc) == document.load(old)
    edited = {**old, "title": "edited"}
    assert "edited" == document.dump(document.load(edited), carriers=False)["title"]


def test_a_save_after_the_open_in_one_process_does_not_unpack_the_original(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`dump` remembers the original it packed: the edited document's load right after finds
    it; once forgotten (a document opened elsewhere), it is unpacked from the carrier."""
    unpacked: list[int] = []
    real = original_module._unpacked

    def counting(value: Any, most: int) -> Any:
        unpacked.append(most)
        return real(value, most)

    monkeypatch.setattr(original_module, "_unpacked", counting)
    source = newsml.loads(ARTICLE.read_bytes())
    edited = {**document.dump(source), "title": "edited"}
    assert "edited" == document.dump(document.load(edited), carriers=False)["title"]
    assert [] == unpacked
    document._PATCHES.clear()
    assert "edited" == document.dump(document.load(edited), carriers=False)["title"]
    assert 1 == len(unpacked)
