"""Edits of NavigaDoc documents, and the carrier law they are checked against.

Shared by ``property_tests/test_carrier_law.py`` and by anyone measuring the law by hand.

The law: on a document made by ``document.dump`` (with its carrier) and any
edit of it, the item loaded from the edited document shows every visible
field as the edited document does, or, where NewsML cannot hold the edit,
as the conversion without the carrier makes it. "Visible" is what the
reference document of the loaded item shows, so the law compares
``dump(load(edited), carriers=False)`` with the same of the *oracle*: the
edited document whose carrier keeps only what names the item's kind and its
time spellings (the header), and ties it to its document, with an empty patch.
"""

from __future__ import annotations

import base64
import copy
import json
import sys
import zlib
from collections import Counter
from typing import Any

import zstandard

from newsml_codecs import document, newsml

CARRIER_PROPERTY = document.CARRIER_PROPERTY
NESTED = ("meta", "links", "content")
KINDS = ("newsItem", "conceptItem", "planningItem", "planning", "list", "package")


def block_lists(doc: dict[str, Any]) -> list[list[Any]]:
    """Every list of blocks in `doc`, top level first, then nested, in document order."""
    out: list[list[Any]] = []

    def visit(holder: dict[str, Any]) -> None:
        for key in NESTED:
            blocks = holder.get(key)
            if isinstance(blocks, list) and blocks:
                out.append(blocks)
                for block in blocks:
                    if isinstance(block, dict):
                        visit(block)

    visit(doc)
    props = [p for p in doc.get("properties") or () if p.get("name") != CARRIER_PROPERTY]
    if props:
        out.append(doc["properties"])
    return out


def blocks_of(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Every block (and property) of `doc`, at any depth."""
    return [
        b
        for blocks in block_lists(doc)
        for b in blocks
        if isinstance(b, dict) and b.get("name") != CARRIER_PROPERTY
    ]


def carrier_index(blocks: list[Any]) -> int | None:
    """The position of the carrier in a properties list, or None."""
    for i, b in enumerate(blocks):
        if isinstance(b, dict) and b.get("name") == CARRIER_PROPERTY:
            return i
    return None


def list_edit(blocks: list[Any], op: str, i: int, j: int) -> None:
    """Delete, duplicate, swap or reverse blocks of one list, in place; the carrier stays."""
    keep = carrier_index(blocks)
    carrier = blocks.pop(keep) if keep is not None else None
    n = len(blocks)
    if n:
        i, j = i % n, j % n
        if op == "delete":
            del blocks[i]
        elif op == "duplicate":
            blocks.insert(i + 1, copy.deepcopy(blocks[i]))
        elif op == "swap":
            blocks[i], blocks[j] = blocks[j], blocks[i]
        elif op == "reverse":
            blocks.reverse()
    if carrier is not None:
        blocks.append(carrier)


def value_edit(block: dict[str, Any], op: str, text: str) -> None:
    """Change a title, a value or one data entry of `block`, in place.

    A property (it has a ``name``) has only a value to change.
    """
    if "name" in block:
        block["value"] = text
        return
    if op == "title":
        block["title"] = text
    elif op == "value":
        block["value"] = text
    elif op == "data":
        data = block.get("data")
        if isinstance(data, dict) and data:
            key = sorted(data)[len(text) % len(data)]
            data[key] = text
        else:
            block["data"] = {"text": text}
    elif op == "add-data":
        data = block.setdefault("data", {})
        if isinstance(data, dict):
            data["lawkey"] = text
    elif op == "drop-data":
        data = block.get("data")
        if isinstance(data, dict) and data:
            del data[sorted(data)[0]]


def split_value(value: str) -> tuple[str, str]:
    """(kind header or ``""``, JSON text) of a carrier's value."""
    kind, separator, rest = value.partition("|")
    if separator and kind in KINDS:
        times, _, text = rest.partition("|")
        return f"{kind}|{times}|", text
    return "", value


def carrier_of(doc: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """(kind header, carrier object) of a document's ``x-newsml/patch``."""
    value = next(p["value"] for p in doc["properties"] if p.get("name") == CARRIER_PROPERTY)
    head, text = split_value(value)
    return head, dict(json.loads(text))


def original_of(doc: dict[str, Any]) -> bytes:
    """The NewsML bytes a document's carrier holds (``o``: Zstandard, or zlib as earlier)."""
    packed = base64.b64decode(carrier_of(doc)[1]["o"])
    if packed[:4] == b"\x28\xb5\x2f\xfd":
        return bytes(zstandard.ZstdDecompressor().decompress(packed))
    return zlib.decompress(packed)


def with_carrier(doc: dict[str, Any], carrier: dict[str, Any]) -> dict[str, Any]:
    """A copy of `doc` whose carrier holds the object `carrier`, the kind header kept."""
    out = copy.deepcopy(doc)
    for prop in out.get("properties") or ():
        if prop.get("name") == CARRIER_PROPERTY:
            prop["value"] = split_value(prop["value"])[0] + json.dumps(carrier)
    return out


def oracle(doc: dict[str, Any]) -> dict[str, Any]:
    """`doc` with its carrier emptied but for its tie: what the converter makes without it."""
    if carrier_index(doc.get("properties") or []) is None:
        return copy.deepcopy(doc)
    carrier = carrier_of(doc)[1]
    return with_carrier(doc, {key: carrier[key] for key in ("u",) if key in carrier})


def visible(doc: dict[str, Any]) -> dict[str, Any]:
    """What the user sees of the item `doc` loads to: its reference document."""
    return document.dump(document.load(doc), carriers=False)


def stripped(doc: dict[str, Any]) -> dict[str, Any]:
    """`doc` without its carrier: the edit as the user made it."""
    out = dict(doc)
    if "properties" in out:
        out["properties"] = [p for p in out["properties"] if p.get("name") != CARRIER_PROPERTY]
        if not out["properties"]:
            del out["properties"]
    return out


def agrees(got: Any, edited: Any, want: Any) -> bool:
    """Whether `got` shows, value by value, the edit as made (`edited`) or the oracle's (`want`).

    Dicts agree key by key. Lists agree element by element with whichever of
    the two has their length (an element may also be any element the user
    has in that list): where NewsML cannot hold an edit (a second headline)
    the converter's list is right, and its elements may still show what the
    carrier restored of the user's.
    """
    if got in (edited, want):
        return True
    if want is None and isinstance(got, dict | list):
        want = got.__class__()  # the oracle lacks the whole field: each part absent
    if isinstance(got, dict) and isinstance(edited, dict) and isinstance(want, dict):
        keys = set(got) | set(edited) | set(want)
        return all(agrees(got.get(k), edited.get(k), want.get(k)) for k in keys)
    if isinstance(got, list) and isinstance(edited, list) and isinstance(want, list):
        for guide in (edited, want):
            if len(got) == len(guide):
                other = want if guide is edited else edited
                if all(
                    g in edited
                    or agrees(
                        g,
                        edited[i] if guide is edited else (other[i] if i < len(other) else None),
                        want[i] if guide is want else (other[i] if i < len(other) else None),
                    )
                    for i, g in enumerate(got)
                ):
                    return True
        return _as_multiset(got, edited, want)
    return False


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _in_order(keys: list[str], order: list[str]) -> bool:
    """Whether `keys` is a subsequence of `order`."""
    position = iter(order)
    return all(any(key == other for other in position) for key in keys)


def _as_multiset(got: list[Any], edited: list[Any], want: list[Any]) -> bool:
    """A list whose edit NewsML holds only in part (a second rights holder beside a kept block).

    Every element is the user's or the oracle's; what the user has and the
    list lacks, the oracle lacks too; and the user's elements keep the
    user's order, or the oracle's.
    """
    mine = [_key(g) for g in got]
    edit_keys = [_key(e) for e in edited]
    want_keys = [_key(w) for w in want]
    users, oracles = Counter(edit_keys), Counter(want_keys)
    if not all(k in users or k in oracles for k in mine):
        return False
    lost = users - Counter(mine)
    if any((users - oracles)[k] < n for k, n in lost.items()):
        return False
    kept = [k for k in mine if k in users]
    return _in_order(kept, edit_keys) or _in_order(kept, want_keys)


def law_holds(edited: dict[str, Any]) -> tuple[bool, Any, Any]:
    """(law holds, visible of `edited`, visible of its oracle)."""
    got = visible(edited)
    want = visible(oracle(edited))
    return agrees(got, stripped(edited), want), got, want


def replaced(text: str, old: str, new: str) -> str:
    """`text` with its one occurrence of `old` replaced by `new` (asserted to be one)."""
    assert 1 == text.count(old), old
    return text.replace(old, new)


def saved(text: str, *edits: Any) -> Any:
    """NewsML `text` dumped with its carrier, edited in place by `edits` in turn, and loaded;
    the result asserted to show the edited document exactly, whichever way loaded it."""
    doc = document.dump(newsml.loads(text))
    for edit in edits:
        edit(doc)
    back = document.load(doc)
    assert stripped(doc) == document.dump(back, carriers=False)
    return back


def calls(fn: Any) -> int:
    """The number of Python function calls (generator steps included) `fn()` makes.

    Costs compared as call counts are the same on a loaded machine as on an idle one.
    """
    count = 0

    def profile(frame: Any, event: str, arg: Any) -> None:
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(profile)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return count
