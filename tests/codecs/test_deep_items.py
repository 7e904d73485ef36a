"""Items nested deeper than Python recurses: a library error, never a bare RecursionError.

The reader refuses such input (its depth limit); a tree built in code can
still be that deep, and writing or converting it says so.
"""

from __future__ import annotations

import attrs
import pytest
from support.document import HEAD

import newsml_model as nm
from newsml_codecs import document, newsml


def deep_item(depth: int) -> nm.NewsItem:
    """A newsItem whose contentMeta description nests `depth` elements, built in code."""
    item = newsml.loads(
        HEAD + '<itemMeta><itemClass qcode="ninat:text"/></itemMeta>'
        "<contentMeta><description/></contentMeta></newsItem>",
        kind=nm.NewsItem,
    )
    node = nm.Element(name="b")
    for _ in range(depth):
        node = nm.Element(name="b", children=(node,))
    meta = next(c for c in item.children if isinstance(c, nm.ContentMeta))
    deep_meta = attrs.evolve(meta, children=(nm.Element(name="description", children=(node,)),))
    return attrs.evolve(item, children=tuple(deep_meta if c is meta else c for c in item.children))


@pytest.mark.parametrize(
    "write",
    [newsml.dumps, document.dump, document.dumps],
    ids=["newsml.dumps", "document.dump", "document.dumps"],
)
def test_a_tree_too_deep_to_write_is_an_invalid_argument(write: object) -> None:
    with pytest.raises(nm.InvalidArgumentError) as caught:
        write(deep_item(20_000))  # type: ignore[operator]
    assert caught.value.field == "item"
    assert "nested too deeply" in str(caught.value)


def test_a_deep_tree_within_the_limit_still_converts() -> None:
    item = deep_item(200)
    assert newsml.dumps(item).count("<b>") == 200
    assert document.load(document.dump(item)) == item
