"""The one nested-update helper of the news item API: never modifies its inputs."""

from __future__ import annotations

import support

import newsml_model as nm
from newsml_codecs import newsml
from newsml_model.newsitem import _tree

FULL = newsml.loads(support.fixture_text("article-full.xml"))
TREE = nm.Element(
    name="a",
    children=(
        nm.Element(name="b", children=("x", nm.Element(name="c"))),
        "text",
        nm.Element(name="d"),
    ),
)


def test_update_in_replaces_one_node_and_keeps_the_input() -> None:
    """update_in rebuilds the path only; the input is equal to its copy afterwards."""
    copy = nm.Element(name=TREE.name, children=TREE.children)
    new = _tree.update_in(TREE, (0, 1), lambda node: nm.Element(name="z"))
    assert nm.Element(name="z") == new.children[0].children[1]  # type: ignore[union-attr]
    assert new.children[2] is TREE.children[2]  # untouched siblings are shared
    assert copy == TREE


def test_remove_and_append_in() -> None:
    """remove_in drops the node at a path; append_in adds children last (R2)."""
    removed = _tree.remove_in(TREE, (0, 1))
    assert ("x",) == removed.children[0].children  # type: ignore[union-attr]
    appended = _tree.append_in(TREE, (2,), "t", nm.Element(name="e"))
    assert ("t", nm.Element(name="e")) == appended.children[2].children  # type: ignore[union-attr]
    assert nm.Element(name="d") == TREE.children[2]


def test_evolve_and_with_children_match_attrs_evolve() -> None:
    """The fast copies equal what attrs.evolve builds."""
    import attrs

    link = nm.Link(rel="a", uuid="u", attributes=(("x", "1"),), children=("t",))
    assert attrs.evolve(link, title="T") == _tree.evolve(link, title="T")
    assert attrs.evolve(FULL, children=()) == _tree.with_children(FULL, ())


def test_descendants_are_in_document_order_with_paths() -> None:
    """Pre-order, text skipped, each with the path that get_in follows back."""
    found = list(_tree.descendants(TREE))
    assert [(0,), (0, 1), (2,)] == [path for path, _node in found]
    assert all(_tree.get_in(TREE, path) is node for path, node in found)


def test_without_first_named_respects_document_order() -> None:
    """A nested `data` that comes first in document order is the one removed."""
    nested = nm.Link(
        children=(
            nm.Links(children=(nm.Link(children=(nm.Element(name="data"),)),)),
            nm.Element(name="data"),
        )
    )
    pruned = _tree.without_first_named(nested, "data")
    assert nm.Element(name="data") == pruned[1]
    assert () == pruned[0].links[0].children  # type: ignore[union-attr]
    flat = nm.Link(children=(nm.Element(name="data"), nm.Element(name="other")))
    assert (nm.Element(name="other"),) == _tree.without_first_named(flat, "data")


def test_ensure_helpers_create_missing_containers_last() -> None:
    """ensure_links/metadata/idf create what is missing, in the right namespace (D3), once."""
    bare = nm.NewsItem(children=(nm.ItemMeta(),))
    item, path = _tree.ensure_links(bare, "itemMeta")
    assert nm.Links(namespace=nm.IM) == _tree.get_in(item, path)
    assert (item, path) == _tree.ensure_links(item, "itemMeta")
    item, path = _tree.ensure_metadata(bare)
    assert nm.Metadata(namespace=nm.IM) == _tree.get_in(item, path)
    assert isinstance(item.children[-1], nm.ContentMeta)
    item, path = _tree.ensure_idf(bare)
    assert nm.Element(name="idf", namespace=nm.IDF) == _tree.get_in(item, path)
    assert nm.NewsItem(children=(nm.ItemMeta(),)) == bare


def test_first_link_with_uuid_and_collect_links() -> None:
    """The inlined uuid lookup agrees with the general one; collect_links walks nested links."""
    uuid = "b201e042-555b-11e5-885d-feff819cdc9f"
    assert _tree.first_child_link(
        FULL, "itemMeta", lambda link: link.uuid == uuid
    ) == _tree.first_link_with_uuid(FULL, "itemMeta", uuid)
    assert (None, None) == _tree.first_link_with_uuid(FULL, "itemMeta", "nope")
    found: list[nm.Link] = []
    assert FULL.item_meta is not None
    _tree.collect_links(FULL.item_meta, "x-im/image", found)
    assert ["im://image/janedoe.jpeg"] == [link.uri for link in found]
