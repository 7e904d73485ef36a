"""NewsML model <-> NavigaDoc JSON document (``naviga.Document``), losslessly.

`dump` gives, field for field, the document Naviga's reference converter
makes of a newsItem (``spec/document-mapping.md`` Part 2, as amended by the
decisions of Part 1); what the reference drops travels in one carrier
property, ``x-newsml/patch``, so `load` gives back the original item (equal as
canonical XML, up to inline HTML the sanitiser removes). A document without
the carrier loads as the reference exports it. ``docs/mapping.md``
describes the mapping for users.

The converter is a value: `Converter` holds its options (`DocumentOptions`,
made by `make_options`), and every function below passes them down as a
parameter, so nothing is ambient; the module functions use a default
converter, or one made for the ``options=`` they are given.

From text to text, as the Writer opens and saves: `from_newsml` is
``dump(newsml.loads(text))`` with a skeleton of the original in the
carrier, and `to_newsml` NewsML that reads back as
``newsml.dumps(load(doc))``, copying the original's unchanged nodes as
their text (``docs/mapping.md``, "The skeleton").
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, overload

import attrs

from newsml_codecs import jsontext, newsml
from newsml_codecs._xmlread import parse
from newsml_codecs.document import _config
from newsml_codecs.document._carrier.original import CARRIER_PREFIX, CARRIER_PROPERTY
from newsml_codecs.document._carrier.seal import KEY_SIZES as SEAL_KEY_SIZES
from newsml_codecs.document._config import DocumentOptions
from newsml_codecs.document._convert import PATCHES, dump_document, load_document, save_document
from newsml_codecs.shapes import DocumentMapping
from newsml_model import AnyItem, InvalidArgumentError, InvalidDocumentError
from newsml_model.shapes import ItemT, as_kind

__all__ = [
    "CARRIER_PREFIX",
    "CARRIER_PROPERTY",
    "Converter",
    "DocumentOptions",
    "Options",
    "dump",
    "dumps",
    "from_newsml",
    "load",
    "loads",
    "make_options",
    "to_newsml",
]

Options = Mapping[str, Any] | DocumentOptions | None
"""What ``options=`` takes: None (the reference's defaults), custom options, or a record."""


def make_options(options: Options) -> DocumentOptions:
    """The converter's tables: the defaults with custom `options` merged in as the reference merges.

    Custom options are a JSON object of tables (docs/mapping.md, "Options"):
    arrays are appended to the defaults, a ``text-options`` entry replaces
    the entry of its type, an exception entry of a listed type replaces its
    ``rel`` and adds its sections. The record is built once per distinct
    options (cached) and may be passed as ``options=`` to every function
    here, or to `Converter`. None gives the defaults; a record is returned
    as it is.

    Raises:
        InvalidArgumentError: An unknown key (at any depth), a value of the
            wrong type, an unknown value handling or section, or options
            nested deeper than 6 levels or larger than 100,000 values or
            4 MiB of text in all; the message and ``error.field`` name the
            key path (``text-options[0].data.x``).
    """
    return _config.resolve(options)


@attrs.frozen
class Converter:
    """The document codec as a value: `dump`/`dumps`/`load`/`loads` under one set of options.

    ``Converter()`` converts as the reference converter does by default;
    ``Converter(options)`` takes what ``options=`` takes (custom options,
    checked and merged once by `make_options`, or a `DocumentOptions`).
    Immutable, hashable and picklable: build one where the options are
    read (a service, a command line) and keep it, or send it to a worker
    process once. The module functions are this class's methods on a
    default converter (or on one made for their ``options=``).

    Attributes:
        options: The converter's tables.
        seal_key: The key `from_newsml` seals a carrier's skeleton with, so
            that `to_newsml` of the document edited copies the original's
            nodes without reading them again (docs/mapping.md, "The seal"):
            16 to 64 bytes, kept secret (``os.urandom(32)`` where the
            converter that opens is the one that saves; processes that open
            and save each other's documents share one, as ``newsml serve``
            gives all its workers one). None (the default) seals nothing,
            so a document is a function of its item. Left out of equality,
            hashing and the repr: two converters that differ in it write
            the same NewsML.

    Raises:
        InvalidArgumentError: Options that `make_options` refuses, or a
            `seal_key` that is not 16 to 64 bytes.
    """

    options: DocumentOptions = attrs.field(default=None, converter=make_options)
    seal_key: bytes | None = attrs.field(default=None, kw_only=True, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # (not an attrs validator: its generated code reads a global `_config`, this module's)
        key = self.seal_key
        if key is not None and (key.__class__ is not bytes or len(key) not in SEAL_KEY_SIZES):
            raise InvalidArgumentError("seal_key must be None or 16 to 64 bytes", field="seal_key")

    def dump(self, item: AnyItem, *, carriers: bool = True) -> dict[str, Any]:
        """The NavigaDoc document of `item`, JSON-ready (module `dump`, under these options).

        Raises:
            DecodeError: As `dump`.
            InvalidArgumentError: An item nested deeper than Python can
                recurse (built in code, or read with a large ``max_depth``),
                or whose NewsML packs too far, or nests too deep (more than
                256 levels), to travel in its carrier.
        """
        try:
            return dump_document(self.options, item, carriers=carriers, key=self.seal_key)
        except RecursionError:
            raise InvalidArgumentError(
                "the item is nested too deeply to convert", field="item"
            ) from None

    def dumps(
        self, item: AnyItem, *, carriers: bool = True, indent: int | str | None = None
    ) -> str:
        """`dump` as JSON text (module `dumps`, under these options).

        Raises:
            DecodeError: As `dump`.
            InvalidArgumentError: As `dump`, or an `indent` that is neither
                a number nor a string.
        """
        doc = self.dump(item, carriers=carriers)
        if indent is None:
            return jsontext.dumps(doc)
        if isinstance(indent, bool) or not isinstance(indent, (int, str)):
            raise InvalidArgumentError(
                f"indent must be a number of spaces or a string, not {indent!r}", field="indent"
            )
        return json.dumps(doc, ensure_ascii=False, indent=indent)

    @overload
    def load(
        self, mapping: DocumentMapping | Mapping[str, Any], *, kind: None = None
    ) -> AnyItem: ...

    @overload
    def load(self, mapping: DocumentMapping | Mapping[str, Any], *, kind: type[ItemT]) -> ItemT: ...

    def load(
        self, mapping: DocumentMapping | Mapping[str, Any], *, kind: type[ItemT] | None = None
    ) -> AnyItem:
        """The item of a NavigaDoc document (module `load`, under these options).

        Raises:
            InvalidDocumentError: As `load`.
            InvalidArgumentError: A `kind` that is not an item record.
            UnsupportedItemKindError: The document is not of the `kind` asked for.
        """
        try:
            item = load_document(self.options, mapping)
        except RecursionError:
            raise InvalidDocumentError("the document is nested too deeply") from None
        return item if kind is None else as_kind(item, kind)

    @overload
    def loads(self, text: str | bytes, *, kind: None = None) -> AnyItem: ...

    @overload
    def loads(self, text: str | bytes, *, kind: type[ItemT]) -> ItemT: ...

    def loads(self, text: str | bytes, *, kind: type[ItemT] | None = None) -> AnyItem:
        """`load` of JSON text (module `loads`, under these options).

        Raises:
            InvalidDocumentError: Not JSON, or as `load`.
            InvalidArgumentError: As `load`.
            UnsupportedItemKindError: As `load`.
        """
        value = jsontext.loads(text)
        if kind is None:
            return self.load(value)
        return self.load(value, kind=kind)

    def from_newsml(
        self,
        source: str | bytes,
        *,
        carriers: bool = True,
        max_bytes: int = newsml.DEFAULT_MAX_BYTES,
        max_depth: int = newsml.DEFAULT_MAX_DEPTH,
    ) -> dict[str, Any]:
        """The document of NewsML text: ``dump(newsml.loads(source))``, as the Writer opens.

        The carrier also records where the original's nodes stand in the
        text, so `to_newsml` of the document edited copies the nodes of the
        blocks left alone instead of parsing the original again (module
        docs, "Carriers"). `max_bytes` and `max_depth` are `newsml.loads`'s.

        Raises:
            DecodeError: As `newsml.loads` (malformed XML, a DTD, over a
                limit, not an item), or as `dump`.
            InvalidArgumentError: As `newsml.loads` or `dump`.
        """
        item = parse(source, max_bytes=max_bytes, max_depth=max_depth, with_spans=carriers)
        return self.dump(item, carriers=carriers)

    def to_newsml(
        self,
        mapping: DocumentMapping | Mapping[str, Any],
        *,
        xml_declaration: bool = True,
        indent: int | str | None = None,
    ) -> str:
        """The NewsML text of a document: ``newsml.dumps(load(mapping))``, as the Writer saves.

        An edited document whose carrier `from_newsml` wrote gives back the
        original's nodes of the blocks left alone as their text, unparsed;
        the NewsML is equivalent to ``newsml.dumps(load(mapping))`` (the
        same item when read). `xml_declaration` and `indent` are
        `newsml.dumps`'s.

        Raises:
            InvalidDocumentError: As `load`.
            InvalidArgumentError: As `newsml.dumps`.
        """
        return save_document(
            self.options,
            mapping,
            xml_declaration=xml_declaration,
            indent=indent,
            key=self.seal_key,
        )


_PATCHES = PATCHES
"""The carrier's patch cache (`_convert.PATCHES`): benchmarks clear it to time a first save."""

_DEFAULT = Converter()
"""The converter behind the module functions called without options."""


def _converter(options: Options) -> Converter:
    """The converter of a module function's ``options=``."""
    return _DEFAULT if options is None else Converter(options)


def dump(item: AnyItem, *, carriers: bool = True, options: Options = None) -> dict[str, Any]:
    """The NavigaDoc document of `item`, JSON-ready.

    Args:
        item: A newsItem of any item class, or a conceptItem, planningItem,
            planning (assignment), list or package record.
        carriers: Add the ``x-newsml/patch`` property when the reference
            mapping loses something (default). False gives exactly the
            reference converter's document.
        options: Custom converter options or a `make_options` record;
            None for the reference's defaults.

    Returns:
        A dict of JSON values (`json.dumps` it, or use `dumps`).

    Raises:
        DecodeError: A timestamp the reference refuses (not RFC 3339, no
            offset), or markup that cannot be parsed.
        InvalidArgumentError: Options that `make_options` refuses, an
            item nested deeper than Python can recurse (built in code, or
            read with a large ``max_depth``), or an item whose NewsML
            packs too far to travel in its document's carrier (repeated
            markup the document does not show), or that nests deeper than
            `load` reads a carried original (256 levels, the reader's
            default; docs/mapping.md, "Carriers").
    """
    return _converter(options).dump(item, carriers=carriers)


@overload
def load(
    mapping: DocumentMapping | Mapping[str, Any], *, kind: None = None, options: Options = None
) -> AnyItem: ...


@overload
def load(
    mapping: DocumentMapping | Mapping[str, Any], *, kind: type[ItemT], options: Options = None
) -> ItemT: ...


def load(
    mapping: DocumentMapping | Mapping[str, Any],
    *,
    kind: type[ItemT] | None = None,
    options: Options = None,
) -> AnyItem:
    """The item of a NavigaDoc document: a newsItem, or the kind its type names.

    ``load(doc, kind=nm.NewsItem)`` is typed `NewsItem` and refuses a
    document of another kind with `UnsupportedItemKindError` (``error.kind``
    the kind found, ``error.supported`` the one wanted); without `kind` the
    result is typed `AnyItem`.

    Concept types load as a conceptItem, ``x-im/newscoverage`` as a
    planningItem, ``x-im/assignment`` as a planning, ``x-im/list`` and
    ``x-im/package`` as a list and a package; another type goes to the kind
    the ``x-newsml/patch`` carrier recorded, else to a newsItem.

    Raises:
        InvalidDocumentError: The document is malformed, or the reference
            refuses it (``missing qcode for doctype x-im/tag``); ``path``
            names the offending value (``$.links[2].data``).
        InvalidArgumentError: Options that `make_options` refuses, or a
            `kind` that is not an item record.
        UnsupportedItemKindError: The document is not of the `kind` asked for.

    A document made by `dump` comes back losslessly when it is loaded with
    the options it was made with.
    """
    converter = _converter(options)
    if kind is None:
        return converter.load(mapping)
    return converter.load(mapping, kind=kind)


def dumps(
    item: AnyItem,
    *,
    carriers: bool = True,
    options: Options = None,
    indent: int | str | None = None,
) -> str:
    """`dump` as JSON text (UTF-8 characters kept, not escaped), by `newsml_codecs.jsontext`.

    Args:
        item: As `dump`.
        carriers: As `dump`.
        options: As `dump`.
        indent: For people: ``json.dumps``' indent (a number of spaces or a
            string), with ``", "``/``": "`` separators; None (default) gives
            the compact text the service and ``newsml convert`` write.

    Returns:
        The JSON text of the document.

    Raises:
        DecodeError: As `dump`.
        InvalidArgumentError: Options that `make_options` refuses, or an
            `indent` that is neither a number nor a string.
    """
    return _converter(options).dumps(item, carriers=carriers, indent=indent)


@overload
def loads(text: str | bytes, *, kind: None = None, options: Options = None) -> AnyItem: ...


@overload
def loads(text: str | bytes, *, kind: type[ItemT], options: Options = None) -> ItemT: ...


def loads(
    text: str | bytes, *, kind: type[ItemT] | None = None, options: Options = None
) -> AnyItem:
    """`load` of JSON text (``kind=`` as `load`).

    Raises:
        InvalidDocumentError: Not JSON, or a malformed document.
        UnsupportedItemKindError: The document is not of the `kind` asked for.
        InvalidArgumentError: As `load`.
    """
    converter = _converter(options)
    if kind is None:
        return converter.loads(text)
    return converter.loads(text, kind=kind)


def from_newsml(
    source: str | bytes,
    *,
    carriers: bool = True,
    options: Options = None,
    max_bytes: int = newsml.DEFAULT_MAX_BYTES,
    max_depth: int = newsml.DEFAULT_MAX_DEPTH,
) -> dict[str, Any]:
    """The document of NewsML text (`Converter.from_newsml`): what the Writer's open runs.

    Raises:
        DecodeError: As `newsml.loads`, or as `dump`.
        InvalidArgumentError: As `newsml.loads` or `dump`.
    """
    return _converter(options).from_newsml(
        source, carriers=carriers, max_bytes=max_bytes, max_depth=max_depth
    )


def to_newsml(
    mapping: DocumentMapping | Mapping[str, Any],
    *,
    options: Options = None,
    xml_declaration: bool = True,
    indent: int | str | None = None,
) -> str:
    """The NewsML text of a document (`Converter.to_newsml`): what the Writer's save runs.

    Raises:
        InvalidDocumentError: As `load`.
        InvalidArgumentError: As `load` or `newsml.dumps`.
    """
    return _converter(options).to_newsml(mapping, xml_declaration=xml_declaration, indent=indent)
