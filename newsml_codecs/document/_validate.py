"""Structure checks of incoming documents (decision M5, reference §5.1, §5.7).

Errors name a JSON path. Unknown fields are ignored; JSON keys are matched
exactly (the reference's Go decoder also matched them case-insensitively).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from newsml_codecs.document._dump.omit import EMPTY_VALUES as _EMPTY
from newsml_codecs.document._dump.omit import omitted_record
from newsml_codecs.document._kind_times import DOCUMENT_TIMES
from newsml_model import InvalidDocumentError

_STRINGS = (
    "uuid",
    "type",
    "uri",
    "url",
    "title",
    "path",
    "source",
    "language",
    "status",
    "provider",
)
_BLOCK_STRINGS = (
    "id",
    "uuid",
    "uri",
    "url",
    "type",
    "title",
    "rel",
    "name",
    "value",
    "contentType",
    "role",
)
_BLOCK_LISTS = ("links", "content", "meta")
_STRING_KEYS = frozenset(_BLOCK_STRINGS)
_LIST_KEYS = frozenset(_BLOCK_LISTS)
_PROPERTY_STRINGS = ("name", "value")
"""The same, for `_block`'s one pass."""


def _json_strings(value: Any) -> bool:
    """Whether `value` is an object of strings as JSON gives it (a dict of str)."""
    return value.__class__ is dict and all(item.__class__ is str for item in value.values())


def _string_map(value: Any, path: str) -> dict[str, str]:
    if _json_strings(value):
        return dict(value)  # what JSON gives (the checks below say what is wrong otherwise)
    if not isinstance(value, Mapping):
        raise InvalidDocumentError(
            f"expected an object of strings, got {type(value).__name__}", path=path
        )
    for key, item in value.items():
        if not isinstance(item, str):
            raise InvalidDocumentError(
                f"expected a string value, got {type(item).__name__}", path=f"{path}.{key}"
            )
    return dict(value)


def _block(value: Any, within: str, index: int, omit: bool = False) -> dict[str, Any]:
    """The checked copy of a block: a block as JSON gives it (a dict of str, lists and
    dicts) in one pass over its keys, anything else or wrong by `_checked_block`, which
    names the error (half the check of an article).

    One function, not a fast path beside it: a level of nested blocks costs three
    frames (`_block` or `_checked_block`, `_blocks`, its comprehension), as before
    the one pass, so the check is not what refuses a deep document the load converts
    (links nested 300 levels; a fourth frame refused them from about 250: "nested too
    deeply").

    `omit`: without its empty fields, as `omitted` gives it after the check (one pass
    for both; `check_document`). Its path is ``within[index]``, written only where it
    is said (an error, a list inside: most blocks have neither).
    """
    if value.__class__ is not dict:
        return _checked_block(value, f"{within}[{index}]", omit)
    block: dict[str, Any] = {}
    shown = False
    lists = False  # most blocks hold none: their check ends with the fields
    for key, item in value.items():
        if item is None:
            continue  # JSON null = absent
        if key in _STRING_KEYS:
            if item.__class__ is not str:
                return _checked_block(value, f"{within}[{index}]", omit)
            if item:
                shown = True
            elif omit:
                continue
        elif key == "data":
            # `_json_strings`, inline: no call per block
            if item.__class__ is not dict or not all(v.__class__ is str for v in item.values()):
                return _checked_block(value, f"{within}[{index}]", omit)
            shown = True
            if omit and not item:
                continue
            item = dict(item)
        elif key in _LIST_KEYS:
            shown = lists = True
        elif omit and not item and item in _EMPTY:
            continue
        block[key] = item
    if not shown:
        return _checked_block(value, f"{within}[{index}]", omit)  # the empty block
    if not lists:
        return block
    path = f"{within}[{index}]"
    for key in _BLOCK_LISTS:  # after the fields, in this order, as `_checked_block`
        if key in block:
            blocks = _blocks(block[key], f"{path}.{key}", omit)
            if omit and not blocks:
                del block[key]
            else:
                block[key] = blocks
    return block


def _checked_block(value: Any, path: str, omit: bool = False) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidDocumentError(
            f"expected a block object, got {type(value).__name__}", path=path
        )
    block = {key: item for key, item in value.items() if item is not None}  # JSON null = absent
    for key in _BLOCK_STRINGS:
        if key in block and not isinstance(block[key], str):
            raise InvalidDocumentError(
                f"expected a string, got {type(block[key]).__name__}", path=f"{path}.{key}"
            )
    if "data" in block:
        block["data"] = _string_map(block["data"], f"{path}.data")
    for key in _BLOCK_LISTS:
        if key in block:
            block[key] = _blocks(block[key], f"{path}.{key}")
    if not any(block.get(key) for key in _BLOCK_STRINGS) and not any(
        key in block for key in ("data", *_BLOCK_LISTS)
    ):
        raise InvalidDocumentError("empty block", path=path)
    return omitted_record(block) if omit else block


def _blocks(value: Any, path: str, omit: bool = False) -> list[dict[str, Any]]:
    if value is None:
        return []
    if value.__class__ is not list and not isinstance(value, list):
        raise InvalidDocumentError(
            f"expected a list of blocks, got {type(value).__name__}", path=path
        )
    # a block not as JSON gives it goes to `_checked_block` directly, not through `_block`:
    # three frames a level either way (`_block`)
    return [
        _block(item, path, index, omit)
        if item.__class__ is dict
        else _checked_block(item, f"{path}[{index}]", omit)
        for index, item in enumerate(value)
    ]


def _property(value: Any, path: str) -> dict[str, Any]:
    if value.__class__ is not dict and not isinstance(value, Mapping):  # JSON's dict first
        raise InvalidDocumentError(
            f"expected a property object, got {type(value).__name__}", path=path
        )
    prop = {key: item for key, item in value.items() if item is not None}
    for key in _PROPERTY_STRINGS:
        if key in prop and prop[key].__class__ is not str and not isinstance(prop[key], str):
            raise InvalidDocumentError(
                f"expected a string, got {type(prop[key]).__name__}", path=f"{path}.{key}"
            )
    if "parameters" in prop:
        prop["parameters"] = _string_map(prop["parameters"], f"{path}.parameters")
    return prop


def check_document(value: Any, *, omit_empty: bool = False) -> dict[str, Any]:
    """A shallow copy of the document with every block and property checked.

    `omit_empty`: without its empty fields, as `omitted` gives the checked
    document (a document with a carrier is read as `dump` writes documents),
    in the same pass.

    Raises:
        InvalidDocumentError: Not an object, wrong field types, non-string
            ``data``/``parameters`` values, empty blocks, an empty document,
            a missing type.
    """
    if not isinstance(value, Mapping):
        raise InvalidDocumentError(f"a document must be a JSON object, got {type(value).__name__}")
    doc = {key: item for key, item in value.items() if item is not None}
    if not any(doc.get(key) for key in doc):
        raise InvalidDocumentError("empty document")
    for key in _STRINGS + DOCUMENT_TIMES:
        if key in doc and doc[key] is not None and not isinstance(doc[key], str):
            raise InvalidDocumentError(
                f"expected a string, got {type(doc[key]).__name__}", path=f"$.{key}"
            )
    if "products" in doc and not (
        isinstance(doc["products"], list) and all(isinstance(p, str) for p in doc["products"])
    ):
        raise InvalidDocumentError("expected a list of strings", path="$.products")
    for key in _BLOCK_LISTS:
        if key in doc:
            doc[key] = _blocks(doc[key], f"$.{key}", omit_empty)
    if "properties" in doc:
        props = doc["properties"]
        if not isinstance(props, list):
            raise InvalidDocumentError(
                f"expected a list of properties, got {type(props).__name__}", path="$.properties"
            )
        doc["properties"] = [_property(p, f"$.properties[{i}]") for i, p in enumerate(props)]
    if not doc.get("type"):  # K2: the reference's "unsupported type", only for no type
        raise InvalidDocumentError(
            'malformed input: unsupported type "" (document is missing type)', path="$.type"
        )
    if omit_empty:  # the blocks are so already: the document's own fields, its properties
        doc = {key: item for key, item in doc.items() if item or item not in _EMPTY}
        if "properties" in doc:
            doc["properties"] = [omitted_record(prop) for prop in doc["properties"]]
    return doc
