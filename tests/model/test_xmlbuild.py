"""The reader's fast record builders equal the records' own constructors."""

from __future__ import annotations

import attrs
import pytest

import newsml_model as nm
from newsml_codecs import _xmlbuild
from newsml_model.tree import LINK_FIELDS, OBJECT_FIELDS, layout_free, split_attributes

ELEMENT = nm.Element(name="data")


@pytest.mark.parametrize(
    "attributes",
    [
        (),
        (("rel", "author"), ("type", "x-im/author")),
        (("x", "1"), ("rel", "r"), ("{urn:p}y", "2"), ("title", "T"), ("xml:lang", "sv")),
        tuple((name, name.upper()) for name in LINK_FIELDS),
    ],
    ids=["none", "typed", "typed-and-other", "every-field"],
)
def test_link_builder_equals_the_keyword_constructor(
    attributes: tuple[tuple[str, str], ...],
) -> None:
    """Typed attributes become fields, the rest stay in order under ``attributes``."""
    children = ("\n", ELEMENT)
    expected = nm.Link(**split_attributes(LINK_FIELDS, attributes), children=children)
    assert expected == _xmlbuild.build_link(attributes, children)


def test_object_builder_equals_the_keyword_constructor() -> None:
    """Metadata objects are built the same way."""
    attributes = (("id", "1"), ("type", "x-im/teaser"), ("extra", "e"))
    expected = nm.ContentMetaObject(**split_attributes(OBJECT_FIELDS, attributes))
    assert expected == _xmlbuild.build_object(attributes, ())


def test_element_and_container_builders_equal_the_keyword_constructors() -> None:
    """Generic elements, links and metadata containers: every field set."""
    assert nm.Element(
        name="p", attributes=(("a", "b"),), children=("t",), namespace="urn:x"
    ) == _xmlbuild.build_element("p", (("a", "b"),), ("t",), "urn:x")
    assert nm.Links(children=(ELEMENT,), namespace="urn:l") == _xmlbuild.build_links(
        (ELEMENT,), "urn:l"
    )
    assert nm.Metadata(children=(), namespace="urn:m", name="meta") == _xmlbuild.build_metadata(
        (), "urn:m", "meta"
    )


def test_slot_constructor_falls_back_when_fields_differ() -> None:
    """A record whose fields are not the ones named is built by its own constructor."""

    @attrs.frozen(kw_only=True)
    class Grown:
        name: str
        extra: int = 7

    built = _xmlbuild.slot_constructor(Grown, ("name",))("x")
    assert Grown(name="x", extra=7) == built


@pytest.mark.parametrize(
    "children",
    [
        [],
        ["text"],
        ["\n  "],
        [ELEMENT],
        ["\n  ", ELEMENT, "\n  ", ELEMENT, "\n"],
        ["\n  ", ELEMENT, " words ", ELEMENT, "\n"],
        [ELEMENT, " "],
    ],
)
def test_layout_free_list_is_layout_free(children: list[object]) -> None:
    """The list version keeps and drops exactly what the model's rule does."""
    assert layout_free(tuple(children)) == _xmlbuild.layout_free_list(children)
