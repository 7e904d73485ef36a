"""Defects found reviewing the carrier's caches and shortcuts (made, layout, keep_text, seal).

Each test states a promise the general path keeps and a cache or shortcut
must keep too: memory bounded by more than the client's patience, the same
output as without the shortcut, a seal no other carrier matches.
"""

from __future__ import annotations

import gc
import weakref
from typing import Any

import pytest
from support import FIXTURES

from newsml_codecs import _xmlwritten, newsml
from newsml_codecs._xmlwrite import serialize
from newsml_codecs._xmlwritten import Written
from newsml_model import Element, ItemMeta
from newsml_model.tree import with_children


def _standing(item: Any, at: int, node: Any) -> Any:
    """`item` with `node` last in its section at `at` (a node a save made, as a new block's)."""
    section = item.children[at]
    changed = with_children(section, (*section.children, node))
    return with_children(item, (*item.children[:at], changed, *item.children[at + 1 :]))


def test_the_text_of_kept_nodes_an_original_records_stays_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Saves of one original, each with another new block (the Writer typing a paragraph,
    or a client sending many): the `Written` of that original, kept across its saves, holds
    the text (and node) of at most `MOST_KEPT` of the nodes `keep_text` marked, not one
    more per save for as long as the original stays in the cache."""
    monkeypatch.setattr(_xmlwritten, "MOST_KEPT", 4)
    item = newsml.loads((FIXTURES / "kind-planningitem.xml").read_bytes())
    at = next(i for i, child in enumerate(item.children) if isinstance(child, ItemMeta))
    written = Written(item)
    serialize(item, write_child=written.write)
    alive: list[weakref.ref[Any]] = []
    for number in range(40):
        node = Element(name="new", children=(f"block {number}",))
        _xmlwritten.keep_text(node)
        result = _standing(item, at, node)
        assert serialize(result) == serialize(result, write_child=written.write)
        alive.append(weakref.ref(node))
        del node, result
    _xmlwritten._KEPT.clear()  # the marks let go: what holds a node now is the Written
    gc.collect()
    held = sum(ref() is not None for ref in alive)
    assert held <= 4, f"{held} of 40 new nodes held by one original's Written"
