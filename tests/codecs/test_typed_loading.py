"""Loading to the type asked for (kind=), and pretty output (indent=)."""

from __future__ import annotations

import json

import attrs
import pytest
from support import FIXTURES

import newsml_model as nm
from newsml_codecs import document, newsml
from newsml_model import InvalidArgumentError, UnsupportedItemKindError, newsitem

KINDS = {
    "article-full.xml": nm.NewsItem,
    "kind-concept-person.xml": nm.ConceptItem,
    "kind-planningitem.xml": nm.PlanningItem,
    "kind-assignment-dated.xml": nm.Planning,
    "kind-list.xml": nm.ItemList,
    "kind-package.xml": nm.Package,
}
ROOTS = {
    nm.NewsItem: "newsItem",
    nm.ConceptItem: "conceptItem",
    nm.PlanningItem: "planningItem",
    nm.Planning: "planning",
    nm.ItemList: "list",
    nm.Package: "package",
}


@pytest.mark.parametrize(("name", "kind"), KINDS.items())
def test_every_kind_loads_as_itself(name: str, kind: type[nm.AnyItem]) -> None:
    """kind= gives the same record as loading without it, through XML and the document."""
    xml = (FIXTURES / name).read_bytes()
    plain = newsml.loads(xml)
    assert plain == newsml.loads(xml, kind=kind)
    assert kind is type(newsml.loads(xml, kind=kind))
    doc = document.dump(plain)
    assert document.load(doc) == document.load(doc, kind=kind)
    assert document.loads(json.dumps(doc)) == document.loads(json.dumps(doc), kind=kind)


@pytest.mark.parametrize(("name", "found"), KINDS.items())
@pytest.mark.parametrize("wanted", list(ROOTS))
def test_another_kind_is_refused_naming_both(
    name: str, found: type[nm.AnyItem], wanted: type[nm.AnyItem]
) -> None:
    """Another kind is an UnsupportedItemKindError naming the kind found and the one wanted."""
    if found is wanted:
        return
    xml = (FIXTURES / name).read_bytes()
    doc = document.dump(newsml.loads(xml))
    for load in (
        lambda: newsml.loads(xml, kind=wanted),
        lambda: document.load(doc, kind=wanted),
        lambda: document.loads(json.dumps(doc), kind=wanted),
    ):
        with pytest.raises(UnsupportedItemKindError) as raised:
            load()
        assert ROOTS[found] == raised.value.kind
        assert (ROOTS[wanted],) == raised.value.supported
        assert repr(ROOTS[found]) in str(raised.value)
        assert ROOTS[wanted] in str(raised.value)


@pytest.mark.parametrize("kind", [str, nm.Link, "NewsItem", nm.AnyItem])
def test_a_kind_that_is_no_item_record_is_an_argument_error(kind: object) -> None:
    """kind= must be one of the six records: anything else is InvalidArgumentError on field kind."""
    xml = (FIXTURES / "article-full.xml").read_bytes()
    with pytest.raises(InvalidArgumentError) as raised:
        newsml.loads(xml, kind=kind)  # type: ignore[call-overload]
    assert "kind" == raised.value.field
    with pytest.raises(InvalidArgumentError):
        document.load(document.dump(newsml.loads(xml)), kind=kind)  # type: ignore[call-overload]


def test_pretty_newsml_is_equivalent_and_indented() -> None:
    """indent=2 puts element-only content one element a line; text and markup stay as they are."""
    xml = (FIXTURES / "article-full.xml").read_bytes()
    item = newsml.loads(xml)
    pretty = newsml.dumps(item, indent=2)
    assert newsml.equivalent(pretty, newsml.dumps(item))
    assert newsml.loads(pretty) == newsml.loads(newsml.dumps(newsml.loads(pretty)))
    lines = pretty.splitlines()
    assert '<?xml version="1.0" encoding="UTF-8"?>' == lines[0]
    assert lines[1].startswith("<newsItem ")
    assert any(line.startswith("  <itemMeta") for line in lines)
    assert any(line.startswith("    <itemClass ") for line in lines)
    assert "</newsItem>" == lines[-1]
    assert newsml.dumps(item, indent="\t").splitlines()[2].startswith("\t<")


def test_pretty_newsml_keeps_inline_text() -> None:
    """Whitespace never goes between inline elements or into text (what a reader sees stays)."""
    para = nm.Element(
        name="element",
        attributes=(("type", "body"),),
        children=(
            nm.Element(name="strong", children=("a",)),
            nm.Element(name="em", children=("b",)),
        ),
    )
    item = nm.NewsItem(children=(nm.Element(name="contentSet", children=(para,)),))
    pretty = newsml.dumps(item, indent=2, xml_declaration=False)
    assert [
        '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/">',
        "  <contentSet>",
        '    <element type="body"><strong>a</strong><em>b</em></element>',
        "  </contentSet>",
        "</newsItem>",
    ] == pretty.splitlines()


@pytest.mark.parametrize("indent", [-1, True, 1.5, "x", [2]])
def test_a_bad_indent_is_an_argument_error(indent: object) -> None:
    """A negative indent, a bool, a float or a non-whitespace string are refused, naming indent."""
    with pytest.raises(InvalidArgumentError) as raised:
        newsml.dumps(nm.NewsItem(), indent=indent)  # type: ignore[arg-type]
    assert "indent" == raised.value.field


def test_pretty_document_is_json_dumps_indent() -> None:
    """document.dumps(indent=2) is json.dumps(indent=2) of the same document, non-ASCII kept."""
    item = newsml.loads((FIXTURES / "article-full.xml").read_bytes())
    pretty = document.dumps(item, indent=2)
    assert json.dumps(document.dump(item), ensure_ascii=False, indent=2) == pretty
    assert json.loads(pretty) == json.loads(document.dumps(item))
    assert newsml.equivalent(document.loads(pretty), item)
    with pytest.raises(InvalidArgumentError):
        document.dumps(item, indent=True)


def test_editor_state_is_not_equality() -> None:
    """etag, temporary_id and invalid count in neither == nor hash; the round trip is equal."""
    item = newsml.loads((FIXTURES / "article-full.xml").read_bytes(), kind=nm.NewsItem)
    marked = attrs.evolve(item, etag="e-1", temporary_id="tmp", invalid=True)
    assert item == marked
    assert hash(item) == hash(marked)
    assert marked == newsml.loads(newsml.dumps(marked))
    assert document.load(document.dump(marked)) == document.load(document.dump(item))
    for name in ("kind-list.xml", "kind-package.xml", "kind-assignment-dated.xml"):
        other = newsml.loads((FIXTURES / name).read_bytes())
        assert attrs.evolve(other, etag="e") == other
        assert hash(attrs.evolve(other, etag="e")) == hash(other)


def test_editor_state_alone_is_still_a_change() -> None:
    """invalidate and set_temporary_id change no content, but Change.changed says they changed."""
    item = newsml.loads((FIXTURES / "article-full.xml").read_bytes(), kind=nm.NewsItem)
    assert newsitem.invalidate(item).changed
    assert newsitem.set_temporary_id(item, "tmp-1").changed
