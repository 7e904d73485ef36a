"""`newsml_codecs.newsml.equivalent`: DESIGN.md's canonical equality, public."""

from __future__ import annotations

import pytest
import support

import newsml_model as nm
from newsml_codecs import newsml

NAR = "http://iptc.org/std/nar/2006-10-01/"


@pytest.mark.parametrize("path", support.corpus_params())
def test_every_corpus_item_is_equivalent_to_its_round_trip(path: object) -> None:
    """The law users state: a document is equivalent to dumps(loads(document))."""
    assert path is not None
    raw = path.read_bytes()  # type: ignore[attr-defined]
    assert newsml.equivalent(raw, newsml.dumps(newsml.loads(raw)))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            f'<newsItem xmlns="{NAR}" a="1" b="2"/>',
            f'<newsItem b="2" a="1" xmlns="{NAR}"></newsItem>',
        ),
        (
            f'<n:newsItem xmlns:n="{NAR}"><n:x/></n:newsItem>',
            f'<newsItem xmlns="{NAR}"><x/></newsItem>',
        ),
        (
            f'<?xml version="1.0"?><!-- c --><newsItem xmlns="{NAR}">\n  <x/>\n</newsItem>',
            f'<newsItem xmlns="{NAR}"><x/></newsItem>',
        ),
        (
            f'<newsItem xmlns="{NAR}"><x>&lt;&#65;</x></newsItem>',
            f'<newsItem xmlns="{NAR}"><x><![CDATA[<A]]></x></newsItem>',
        ),
    ],
)
def test_what_a_round_trip_may_change_is_equivalent(a: str, b: str) -> None:
    """Attribute order, prefixes, declaration, comments, layout and escaping do not count."""
    assert newsml.equivalent(a, b)
    assert newsml.equivalent(a.encode(), b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (f'<newsItem xmlns="{NAR}" a="1"/>', f'<newsItem xmlns="{NAR}" a="2"/>'),
        (
            f'<newsItem xmlns="{NAR}"><x/><y/></newsItem>',
            f'<newsItem xmlns="{NAR}"><y/><x/></newsItem>',
        ),
        (
            f'<newsItem xmlns="{NAR}"><x>a <b>b</b> c</x></newsItem>',
            f'<newsItem xmlns="{NAR}"><x>a c<b>b</b></x></newsItem>',
        ),
        (f'<newsItem xmlns="{NAR}"/>', '<newsItem xmlns="urn:other"/>'),
    ],
)
def test_other_differences_are_not_equivalent(a: str, b: str) -> None:
    """Values, order, mixed content and namespaces count."""
    assert not newsml.equivalent(a, b)


def test_records_compare_through_dumps() -> None:
    """An item record is written first, so records and text compare directly."""
    item = newsml.loads(support.fixture_text("article-full.xml"))
    assert newsml.equivalent(item, support.fixture_text("article-full.xml"))
    assert not newsml.equivalent(item, nm.NewsItem())


def test_bad_input_gives_documented_errors() -> None:
    """Malformed XML says where; a value that is no document is a DecodeError."""
    with pytest.raises(nm.MalformedXMLError) as raised:
        newsml.equivalent("<a>", "<a/>")
    assert 1 == raised.value.line
    with pytest.raises(nm.DecodeError):
        newsml.equivalent(3, "<a/>")  # type: ignore[arg-type]
