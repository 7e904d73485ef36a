"""The block check of `document.load` admits blocks nested as deep as the load converts.

`document.load` checks every block (`_validate`) before converting it, one
call per level of nesting; a document nested deeper than Python recurses is
refused as "nested too deeply". The check must not be what refuses a
document the conversion itself takes: nested links and meta blocks convert
over 300 levels deep, so the check recurses no more per level than that.
Each load runs in a thread of its own, whose recursion starts at the
bottom, so the depth the test reaches does not depend on the test runner's
own stack.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from types import MappingProxyType
from typing import Any

import pytest

from newsml_codecs import document
from newsml_model import InvalidDocumentError

UUID = "5d3f8c4e-0a1b-4c2d-9e8f-1a2b3c4d5e6f"


def nested(levels: int, key: str, mapping: Any = dict) -> dict[str, Any]:
    """An article whose list `key` holds one block nesting `levels` blocks in its own `key`,
    each block made by `mapping` from a dict."""
    block = mapping({"type": "x-im/category", "rel": "subject", "title": "innermost"})
    for _ in range(levels):
        block = mapping({"type": "x-im/category", "rel": "subject", key: [block]})
    return {"type": "x-im/article", "uuid": UUID, key: [block]}


def depth(item: Any) -> int:
    """The levels of `item`'s tree (its root: 1), counted without recursion."""
    level, levels = [item], 0
    while level:
        levels += 1
        level = [child for node in level for child in node.children if child.__class__ is not str]
    return levels


@contextmanager
def recursion_limit(limit: int) -> Iterator[None]:
    """Python's default recursion limit for the block, whatever the process set."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(limit)
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


def loaded_in_a_thread(doc: dict[str, Any]) -> Any:
    """`document.load(doc)` in a fresh thread, under the default recursion limit of 1000."""
    with recursion_limit(1000), ThreadPoolExecutor(1) as pool:
        return pool.submit(document.load, doc).result()


@pytest.mark.parametrize("mapping", [dict, MappingProxyType], ids=["dict", "other mapping"])
@pytest.mark.parametrize("key", ["links", "meta"])
def test_blocks_nested_300_levels_pass_the_check_and_load(key: str, mapping: Any) -> None:
    """Links (or meta blocks) nested 300 levels load, as JSON gives them or as another
    mapping (the field-by-field check's): each level a block and its list element, under
    the root and itemMeta (or contentMeta) and the outer list element."""
    item = loaded_in_a_thread(nested(300, key, mapping))
    assert 2 * 300 + 4 == depth(item)


def test_blocks_nested_past_python_s_recursion_are_a_document_error() -> None:
    """Links nested 600 levels: the library's error, not a bare RecursionError."""
    with pytest.raises(InvalidDocumentError, match="nested too deeply"):
        loaded_in_a_thread(nested(600, "links"))
