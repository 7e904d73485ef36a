"""The document codec as a value: `document.Converter`, and `DocumentOptions` as a record.

The options are passed down as a parameter (no context variable), the
record is hashable and picklable, and the module functions are a default
converter's methods; docs/mapping.md "Options".
"""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from support import canonical

from newsml_codecs import document, newsml
from newsml_model import InvalidArgumentError, InvalidDocumentError, NewsItem

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
IDF = "{http://www.infomaker.se/idf/1.0}"
CUSTOM_TEXT = {"element-types": ["x-im/custom-text"]}
DOC = {
    "uuid": "u",
    "type": "x-im/article",
    "content": [{"id": "c", "type": "x-im/custom-text", "data": {"text": "hi"}}],
}


def _article() -> NewsItem:
    item: NewsItem = newsml.loads((FIXTURES / "article-full.xml").read_bytes())
    return item


# --- DocumentOptions: a value ----------------------------------------------------------


def test_equal_options_are_equal_records_with_equal_hashes():
    """Records of equal options (any key order) are equal and hash alike; others differ."""
    one = document.make_options({"element-types": ["a"], "status": []})
    two = document.make_options({"status": [], "element-types": ["a"]})
    other = document.make_options({"element-types": ["b"]})
    assert one == two
    assert hash(one) == hash(two)
    assert one != other
    assert 2 == len({one, two, other})
    assert document.make_options(None) == document.make_options({})


def test_the_record_names_its_custom_options():
    """``custom`` is the checked custom options as canonical JSON text (``{}`` by default)."""
    assert "{}" == document.make_options(None).custom
    assert '{"element-types":["a"]}' == document.make_options({"element-types": ["a"]}).custom
    assert "DocumentOptions(custom='{}')" == repr(document.make_options(None))


@pytest.mark.parametrize("options", [None, CUSTOM_TEXT])
def test_the_record_survives_a_pickle_round_trip(options):
    """Unpickled, a record is equal to the original and converts the same way."""
    record = document.make_options(options)
    back = pickle.loads(pickle.dumps(record))
    assert record == back
    assert hash(record) == hash(back)
    assert record.element_types == back.element_types
    assert document.load(DOC, options=record) == document.load(DOC, options=back)


def test_the_record_is_immutable():
    """A record's fields cannot be set."""
    record = document.make_options(None)
    with pytest.raises(AttributeError):
        record.custom = "{}"  # type: ignore[misc]


# --- Converter ---------------------------------------------------------------------------


def test_the_default_converter_is_the_module_functions():
    """``Converter()`` gives what the module functions give, both directions."""
    item = _article()
    converter = document.Converter()
    doc = document.dump(item)
    assert doc == converter.dump(item)
    assert document.dumps(item) == converter.dumps(item)
    assert document.dumps(item, indent=2) == converter.dumps(item, indent=2)
    assert document.load(doc) == converter.load(doc)
    assert document.loads(document.dumps(item)) == converter.loads(converter.dumps(item))
    assert document.dump(item, carriers=False) == converter.dump(item, carriers=False)


def test_a_converter_holds_its_options():
    """``Converter(options)`` converts as ``options=`` does, and keeps the record."""
    converter = document.Converter(CUSTOM_TEXT)
    assert document.make_options(CUSTOM_TEXT) is converter.options
    assert document.load(DOC, options=CUSTOM_TEXT) == converter.load(DOC)
    group = newsml.dumps(converter.load(DOC))
    assert "<element " in group
    assert "<element " not in newsml.dumps(document.Converter().load(DOC))


def test_a_converter_takes_a_record():
    """A `DocumentOptions` given to a converter is kept as it is."""
    record = document.make_options(CUSTOM_TEXT)
    assert record is document.Converter(record).options
    assert document.Converter(record) == document.Converter(CUSTOM_TEXT)


def test_a_converter_is_a_value():
    """Converters of equal options are equal, hash alike and survive pickling."""
    one = document.Converter({"element-types": ["a"]})
    assert one == document.Converter({"element-types": ["a"]})
    assert hash(one) == hash(document.Converter({"element-types": ["a"]}))
    assert one != document.Converter()
    assert one == pickle.loads(pickle.dumps(one))


def test_a_converter_round_trips_losslessly_under_its_options():
    """dump then load by one converter writes the same NewsML."""
    converter = document.Converter({"element-types": []})
    item = _article()
    back = converter.loads(converter.dumps(item))
    assert canonical(newsml.dumps(item)) == canonical(newsml.dumps(back))


def test_a_converter_typed_load_refuses_another_kind():
    """``kind=`` works on the converter as on the module function."""
    converter = document.Converter()
    doc = converter.dump(_article())
    assert isinstance(converter.load(doc, kind=NewsItem), NewsItem)
    assert isinstance(converter.loads(converter.dumps(_article()), kind=NewsItem), NewsItem)


def test_a_converter_refuses_bad_options_and_bad_documents():
    """Bad options fail at construction; bad input as the module functions fail."""
    with pytest.raises(InvalidArgumentError) as caught:
        document.Converter({"nope": []})
    assert "nope" == caught.value.field
    with pytest.raises(InvalidDocumentError):
        document.Converter().loads(b"\xff{")
    with pytest.raises(InvalidArgumentError):
        document.Converter().dumps(_article(), indent=1.5)  # type: ignore[arg-type]


# --- no ambient state --------------------------------------------------------------------


def test_the_codecs_hold_no_context_variable():
    """No module of newsml_codecs (the document codec and its carrier included) has a ContextVar.

    The options, the carrier's subtree hashes and its pass state are all
    passed down as parameters; nothing is read from the context.
    """
    package = Path(document.__file__).resolve().parent.parent
    found = sorted(
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        if "ContextVar" in path.read_text(encoding="utf-8")
        or "contextvars" in path.read_text(encoding="utf-8")
    )
    assert [] == found
    assert (package / "document" / "_carrier" / "apply.py").is_file()  # the walk saw the carrier


def test_two_converters_interleaved_keep_their_own_options():
    """Conversions of two converters, interleaved in one thread, each use their own options."""
    custom, default = document.Converter(CUSTOM_TEXT), document.Converter()
    loads = [custom.load(DOC) if i % 2 else default.load(DOC) for i in range(6)]
    kinds = ["<element " in newsml.dumps(item) for item in loads]
    assert [False, True] * 3 == kinds


def test_an_edited_document_loads_under_its_converter_options():
    """The carrier's edited-document path (its patch derived from the original) uses the converter's options.

    Under ``element-types: []`` a paragraph is an IDF object; an edited
    document made and loaded by that converter keeps the original's
    elements, and its edit.
    """
    converter = document.Converter({"element-types": []})
    item = _article()
    doc = converter.dump(item)
    assert any(p["name"] == document.CARRIER_PROPERTY for p in doc.get("properties", ()))
    doc["title"] = "An edited title"
    back = converter.load(doc)
    assert "An edited title" == converter.dump(back, carriers=False)["title"]
    assert canonical(newsml.dumps(converter.load(converter.dump(item)))) == canonical(
        newsml.dumps(item)
    )
