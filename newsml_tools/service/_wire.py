"""NavigaDoc dicts <-> ``naviga.Document`` protobuf messages.

The JSON path of the service works on the plain dicts of
`newsml_codecs.document`; the binary path converts them to and from the
generated messages here. Empty fields are omitted both ways (proto3 cannot
tell an empty string from an absent one), and ``google.protobuf.Timestamp``
fields travel as RFC 3339 UTC strings in the dicts (decision T9: documents
hold UTC times already, so nothing is lost).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from google.protobuf import timestamp_pb2

from newsml_model import InvalidDocumentError
from newsml_tools.service._proto.naviga import document_pb2

Document = document_pb2.Document
Block = document_pb2.Block
Property = document_pb2.Property

_DOC_STRINGS = frozenset(
    ("uuid", "type", "uri", "url", "title", "path", "source", "language", "status", "provider")
)
_DOC_TIMES = frozenset(("created", "modified", "published", "unpublished"))
_BLOCK_STRINGS = frozenset(
    ("id", "uuid", "uri", "url", "type", "title", "rel", "name", "value", "contentType", "role")
)
_BLOCK_LISTS = frozenset(("links", "content", "meta"))


def document_to_proto(doc: Mapping[str, Any], out: document_pb2.Document) -> None:
    """Fill `out` from the NavigaDoc dict `doc`.

    Args:
        doc: A JSON-shaped document (``document.dump`` output or a client's).
        out: An empty message to fill (``req.document``, for instance).

    Raises:
        InvalidDocumentError: A value of the wrong type, a time that is not
            RFC 3339, or a field ``naviga.Document`` does not have; ``path``
            names it.
    """
    _check_object(doc, "$")
    for key, value in doc.items():
        if value is None:  # T3: null is absent
            continue
        path = f"$.{key}"
        if key in _DOC_STRINGS:
            setattr(out, key, _string(value, path))
        elif key in _DOC_TIMES:
            _time_to_proto(value, getattr(out, key), path)
        elif key in _BLOCK_LISTS:
            _blocks_to_proto(value, getattr(out, key), path)
        elif key == "properties":
            for index, prop in enumerate(_list(value, path)):
                _property_to_proto(prop, out.properties.add(), f"{path}[{index}]")
        elif key == "products":
            out.products.extend(
                _string(v, f"{path}[{i}]") for i, v in enumerate(_list(value, path))
            )
        else:
            raise InvalidDocumentError("not a field of naviga.Document", path=path)


def document_from_proto(msg: document_pb2.Document) -> dict[str, Any]:
    """The NavigaDoc dict of a ``naviga.Document`` message, empty fields omitted.

    Args:
        msg: A decoded message.

    Returns:
        A dict of JSON values, times as RFC 3339 UTC strings.

    Raises:
        InvalidDocumentError: A Timestamp out of its range (``nanos`` outside
            0-999,999,999, ``seconds`` outside years 1-9999); ``path`` names
            the field (``$.created``).
    """
    doc: dict[str, Any] = {}
    for field, value in msg.ListFields():
        name = field.name
        if name in _DOC_TIMES:
            doc[name] = _time(value, f"$.{name}")
        else:
            doc[name] = _FROM_PROTO[name](value)
    return doc


def _fields_from_proto(msg: document_pb2.Block | document_pb2.Property) -> dict[str, Any]:
    """The dict of a block or a property message, its set fields converted."""
    out: dict[str, Any] = {}
    for field, value in msg.ListFields():
        # by the field's descriptor: a quarter of a block's conversion beside its name's lookup
        name, convert = _FIELDS.get(field) or _field(field)
        out[name] = value if convert is None else convert(value)
    return out


def _field(field: Any) -> tuple[str, Callable[[Any], Any] | None]:
    """A field's name and converter (None: the value as it is), by its name."""
    convert = _FROM_PROTO[field.name]
    return field.name, None if convert is _identity else convert


def _identity(value: Any) -> Any:
    return value


def _blocks(values: Any) -> list[dict[str, Any]]:
    return [_fields_from_proto(value) for value in values]


def _in_key_order(values: Any) -> dict[str, str]:
    # Protobuf maps hold no order, and read back in one that changes from process to
    # process: in their keys' order, one request gives the same NewsML every time.
    return dict(sorted(values.items()))


def _time(value: timestamp_pb2.Timestamp, path: str) -> str:
    try:
        return str(value.ToJsonString())
    except ValueError:
        # The wire format allows any int64 seconds and int32 nanos; RFC 3339
        # (and the Timestamp spec) only years 1-9999 and 0 <= nanos < 1e9.
        raise InvalidDocumentError(
            "google.protobuf.Timestamp out of range "
            f"(seconds={value.seconds}, nanos={value.nanos})",
            path=path,
        ) from None


# Field names are unique in meaning across the three messages (a `links` is
# always blocks, `data` and `parameters` always string maps), so one table
# serves them all. Only fields that ListFields reports (non-empty) get here;
# times, which only documents have, are converted by `document_from_proto`.
_FROM_PROTO: dict[str, Callable[[Any], Any]] = {
    **dict.fromkeys(_DOC_STRINGS | _BLOCK_STRINGS, _identity),
    **dict.fromkeys(_BLOCK_LISTS, _blocks),
    "properties": lambda values: [_fields_from_proto(value) for value in values],
    "products": list,
    "data": _in_key_order,
    "parameters": _in_key_order,
}


def _blocks_to_proto(value: Any, out: Any, path: str) -> None:
    for index, block in enumerate(_list(value, path)):
        _block_to_proto(block, out.add(), f"{path}[{index}]")


def _block_to_proto(block: Any, out: document_pb2.Block, path: str) -> None:
    _check_object(block, path)
    for key, value in block.items():
        if value is None:
            continue
        where = f"{path}.{key}"
        if key in _BLOCK_STRINGS:
            setattr(out, key, _string(value, where))
        elif key in _BLOCK_LISTS:
            _blocks_to_proto(value, getattr(out, key), where)
        elif key == "data":
            out.data.update(_string_map(value, where))
        else:
            raise InvalidDocumentError("not a field of naviga.Block", path=where)


def _property_to_proto(prop: Any, out: document_pb2.Property, path: str) -> None:
    _check_object(prop, path)
    for key, value in prop.items():
        if value is None:
            continue
        where = f"{path}.{key}"
        if key in ("name", "value"):
            setattr(out, key, _string(value, where))
        elif key == "parameters":
            out.parameters.update(_string_map(value, where))
        else:
            raise InvalidDocumentError("not a field of naviga.Property", path=where)


def _time_to_proto(value: Any, out: timestamp_pb2.Timestamp, path: str) -> None:
    try:
        out.FromJsonString(_string(value, path))
    except ValueError:
        raise InvalidDocumentError(f"not an RFC 3339 time: {value!r}", path=path) from None


def _check_object(value: Any, path: str) -> None:
    if not isinstance(value, Mapping):
        raise InvalidDocumentError(f"expected an object, got {_kind(value)}", path=path)


def _list(value: Any, path: str) -> list[Any] | tuple[Any, ...]:
    if not isinstance(value, list | tuple):
        raise InvalidDocumentError(f"expected an array, got {_kind(value)}", path=path)
    return value


def _string(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise InvalidDocumentError(f"expected a string, got {_kind(value)}", path=path)
    return value


def _string_map(value: Any, path: str) -> dict[str, str]:
    _check_object(value, path)
    for key, item in value.items():
        if not isinstance(key, str):
            raise InvalidDocumentError("expected string keys", path=path)
        _string(item, f"{path}.{key}")
    return dict(value)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "an array",
        dict: "an object",
    }.get(type(value), type(value).__name__)


_FIELDS: dict[Any, tuple[str, Callable[[Any], Any] | None]] = {
    field: _field(field)
    for message in (document_pb2.Block, document_pb2.Property)
    for field in message.DESCRIPTOR.fields
}
"""`_field` of each field of a block and a property, by its descriptor (`ListFields` gives it)."""
