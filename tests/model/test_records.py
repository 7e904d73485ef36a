"""The records: frozen, hashable, views over ordered children."""

from __future__ import annotations

import attrs
import pytest
from support import fixture_text

import newsml_model as nm
from newsml_codecs import newsml
from newsml_model.tree import get_attribute, set_attribute


def test_records_are_frozen() -> None:
    """Assigning to a field raises: nothing is ever mutated in place."""
    link = nm.Link(rel="subject", uuid="a")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        link.rel = "author"  # type: ignore[misc]


def test_records_are_keyword_only() -> None:
    """Positional construction is refused, so field order is never an API."""
    with pytest.raises(TypeError):
        nm.Link("subject")  # type: ignore[misc]


def test_whole_items_are_hashable_and_compare_by_value() -> None:
    """Two parses of the same text are equal, hash equal, and usable as set members."""
    text = fixture_text("article-full.xml")
    first, second = newsml.loads(text), newsml.loads(text)
    assert first == second
    assert hash(first) == hash(second)
    assert 1 == len({first, second})


def test_evolve_leaves_the_original_untouched() -> None:
    """attrs.evolve gives a new record; the old one keeps its values."""
    link = nm.Link(rel="subject", title="Volvo")
    renamed = attrs.evolve(link, title="Saab")
    assert ("Volvo", "Saab") == (link.title, renamed.title)


def test_views_read_the_first_matching_child() -> None:
    """Typed views are computed from the ordered children."""
    meta = nm.ItemMeta(
        children=(
            nm.Element(name="title", children=("First",)),
            nm.Element(name="title", children=("Second",)),
            nm.Links(children=(nm.Link(rel="a"), "stray text", nm.Link(rel="b"))),
        )
    )
    assert "First" == meta.title
    assert ("a", "b") == tuple(link.rel for link in meta.links)
    assert () == meta.metadata
    assert meta.pub_status is None


def test_editor_state_is_neither_the_value_nor_written() -> None:
    """temporary_id, etag and invalid count in neither == nor hash (issue 21), and no codec writes them."""
    item = nm.NewsItem(attributes=(("guid", "g"),))
    marked = attrs.evolve(item, temporary_id="tmp-1", etag="e1", invalid=True)
    assert item == marked
    assert hash(item) == hash(marked)
    assert ("tmp-1", "e1", True) == (marked.temporary_id, marked.etag, marked.invalid)
    assert newsml.dumps(item) == newsml.dumps(marked)


def test_element_text_views() -> None:
    """text is the element's own text; full_text includes descendants, in order."""
    element = nm.Element(name="p", children=("a ", nm.Element(name="b", children=("bold",)), " c"))
    assert "a  c" == element.text
    assert "a bold c" == element.full_text


def test_attribute_helpers_keep_order_and_remove_with_none() -> None:
    """set_attribute replaces in place, appends new names, and None removes."""
    attributes = (("a", "1"), ("b", "2"))
    assert (("a", "1"), ("b", "3")) == set_attribute(attributes, "b", "3")
    assert (("a", "1"), ("b", "2"), ("c", "4")) == set_attribute(attributes, "c", "4")
    assert (("b", "2"),) == set_attribute(attributes, "a", None)
    assert get_attribute(attributes, "z") is None
