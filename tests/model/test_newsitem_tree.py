"""The public tree helpers (`newsml_model.tree`) and the news item API's selectors on them."""

from __future__ import annotations

import pytest
import support

import newsml_model as nm
from newsml_codecs import newsml
from newsml_model import tree
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
    new = tree.update_in(TREE, (0, 1), lambda node: nm.Element(name="z"))
    assert nm.Element(name="z") == new.children[0].children[1]  # type: ignore[union-attr]
    assert new.children[2] is TREE.children[2]  # untouched siblings are shared
    assert copy == TREE


def test_remove_and_append_in() -> None:
    """remove_in drops the node at a path; append_in adds children last (R2)."""
    removed = tree.remove_in(TREE, (0, 1))
    assert ("x",) == removed.children[0].children  # type: ignore[union-attr]
    appended = tree.append_in(TREE, (2,), "t", nm.Element(name="e"))
    assert ("t", nm.Element(name="e")) == appended.children[2].children  # type: ignore[union-attr]
    assert nm.Element(name="d") == TREE.children[2]


def test_evolve_and_with_children_match_attrs_evolve() -> None:
    """The fast copies equal what attrs.evolve builds."""
    import attrs

    link = nm.Link(rel="a", uuid="u", attributes=(("x", "1"),), children=("t",))
    assert attrs.evolve(link, title="T") == tree.evolve(link, title="T")
    assert attrs.evolve(FULL, children=()) == tree.with_children(FULL, ())


def test_descendants_are_in_document_order_with_paths() -> None:
    """Pre-order, text skipped, each with the path that get_in follows back."""
    found = list(tree.descendants(TREE))
    assert [(0,), (0, 1), (2,)] == [path for path, _node in found]
    assert all(tree.get_in(TREE, path) is node for path, node in found)


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
    assert nm.Links(namespace=nm.IM) == tree.get_in(item, path)
    assert (item, path) == _tree.ensure_links(item, "itemMeta")
    item, path = _tree.ensure_metadata(bare)
    assert nm.Metadata(namespace=nm.IM) == tree.get_in(item, path)
    assert isinstance(item.children[-1], nm.ContentMeta)
    item, path = _tree.ensure_idf(bare)
    assert nm.Element(name="idf", namespace=nm.IDF) == tree.get_in(item, path)
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


def _paragraph(item: nm.NewsItem, element_id: str) -> tuple[tree.Path, nm.Element]:
    for path, node in tree.descendants(item):
        if isinstance(node, nm.Element) and node.get("id") == element_id:
            return path, node
    raise AssertionError(element_id)


def test_update_in_changes_one_paragraph_of_a_real_item() -> None:
    """One body paragraph replaced by path: the XML differs in that paragraph only."""
    path, old = _paragraph(FULL, "b2")
    new = tree.update_in(FULL, path, lambda found: tree.with_children(found, ("Nytt stycke.",)))
    assert ("Nytt stycke.",) == tree.get_in(new, path).children
    assert old.attributes == tree.get_in(new, path).attributes
    before, after = newsml.dumps(FULL).splitlines(), newsml.dumps(new).splitlines()
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert 1 == len(changed)
    assert 'id="b2"' in changed[0][1] and "Nytt stycke." in changed[0][1]
    assert FULL == tree.update_in(new, path, lambda _found: old)


def test_remove_and_append_in_a_real_item() -> None:
    """A paragraph removed and appended again: it is last in its group, the rest unchanged."""
    path, old = _paragraph(FULL, "b1")
    group = tree.get_in(FULL, path[:-1])
    moved = tree.append_in(tree.remove_in(FULL, path), path[:-1], old)
    assert (*group.children[: path[-1]], *group.children[path[-1] + 1 :], old) == tree.get_in(
        moved, path[:-1]
    ).children
    assert _paragraph(FULL, "b1") == (path, old)


def test_descendants_can_skip_generic_elements() -> None:
    """generic=False still yields an Element but does not walk into it."""
    every = [node for _path, node in tree.descendants(FULL)]
    typed = [node for _path, node in tree.descendants(FULL, generic=False)]
    assert set(map(id, typed)) < set(map(id, every))
    assert any(isinstance(node, nm.Element) and node.name == "contentSet" for node in typed)
    assert not any(isinstance(node, nm.Element) and node.name == "idf" for node in typed)
    assert [((5, 0), TREE)] == list(tree.descendants(nm.Element(name="r", children=(TREE,)), (5,)))[
        :1
    ]


def test_bad_paths_and_records_raise_invalid_argument() -> None:
    """Every misuse is an InvalidArgumentError naming the argument, never IndexError or TypeError."""
    cases = [
        (lambda: tree.get_in(TREE, (9,)), "path"),
        (lambda: tree.get_in(TREE, (0, 0, 0)), "path"),  # below a text child
        (lambda: tree.get_in(TREE, (-1,)), "path"),
        (lambda: tree.update_in(TREE, (3,), lambda node: node), "path"),
        (lambda: tree.remove_in(TREE, ()), "path"),
        (lambda: tree.remove_in(TREE, (0, 4)), "path"),
        (lambda: tree.append_in(TREE, (1,), "t"), "path"),  # a text child
        (lambda: tree.evolve(nm.Link(), colour="red"), "changes"),
        (lambda: tree.evolve("text", name="x"), "record"),
        (lambda: tree.with_children("text", ()), "record"),
        (lambda: list(tree.descendants("text")), "record"),
        (lambda: tree.element_parts(object()), "record"),
    ]
    for call, field in cases:
        with pytest.raises(nm.InvalidArgumentError) as caught:
            call()
        assert field == caught.value.field


def test_element_parts_and_is_root() -> None:
    """Typed fields first in writing order, then the rest; roots say their namespace."""
    link = nm.Link(uuid="u", rel="r", attributes=(("x", "1"),), children=("t",))
    assert ("link", None, (("rel", "r"), ("uuid", "u"), ("x", "1")), ("t",)) == tree.element_parts(
        link
    )
    extra = nm.ExtProperty(type="t", value="v")
    assert "contentMetaExtProperty" == tree.element_parts(extra, "contentMeta")[0]
    assert "itemMetaExtProperty" == tree.element_parts(extra)[0]
    assert ("newsItem", nm.NAR) == tree.element_parts(FULL)[:2]
    assert tree.is_root(FULL)
    assert not tree.is_root(link)
    assert not tree.is_root("text")
