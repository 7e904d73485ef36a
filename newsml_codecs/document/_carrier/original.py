"""The carrier as `dump` writes it: the original item itself, compressed.

Deciding at `dump` what the reference export drops means exporting the
document again and diffing it with the original, several times the cost of
the conversion, paid for every document although most are never edited. So
the carrier holds the original NewsML (Zstandard, base64; key ``o``) and the
anchors of the document (``n``, `anchors.record`). A document `load`
gets back unedited is answered by the original alone; an edited one is
built from it in one pass (`anchored`), or, where that way declines, pays
for the patch, made then exactly as `make` made it at `dump` before
(`patch_for`), and applied under the law's check.

Internal module.
"""

from __future__ import annotations

import binascii
import threading
import zlib
from collections.abc import Callable
from typing import Any

import pybase64
import zstandard

from newsml_codecs import newsml
from newsml_codecs._bounded import Recent
from newsml_codecs._sourcetext import read_depth, source_text
from newsml_codecs._xmlwritten import Written
from newsml_codecs.document._carrier.check import malformed
from newsml_codecs.document._carrier.lean import original_of
from newsml_codecs.document._carrier.seal import sealed
from newsml_model import AnyItem, DecodeError, InvalidArgumentError

CARRIER_PREFIX = "x-newsml/"
"""The reserved prefix of carrier names."""
CARRIER_PROPERTY = CARRIER_PREFIX + "patch"
"""The name of the carrier property."""

_LEVEL = 1  # the fastest with literals compressed: a carrier is written for every document
# A small text's literals are left as they are (a negative level): building their Huffman
# table was half of packing a 2 KB item (9 to 4.5 us; 10 % more bytes, which the save reads
# as fast); a large one's save the more bytes than that table costs.
_SMALL_LEVEL = -1
_SMALL = 16 * 1024
_ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"
_THREAD = threading.local()
# A carried original expands to at most this many times its packed size (its
# base64 text; NewsML packs 1-4x so), or to the document's own multiple below
# when that is larger (the slack holds items of repeated markup the document
# does not show, which pack far more): a zlib bomb stops there, so a document
# costs a proportionate multiple of its size.
_MAX_EXPANSION = 16
_DOCUMENT_MULTIPLE = 4
_DOCUMENT_SLACK = 1024 * 1024

MAX_DEPTH = newsml.DEFAULT_MAX_DEPTH
"""The most levels a carried original nests (its root: 1): `unpack` reads client input
with the reader's own default bound, and `check_depth` refuses at `dump` what it would not
read back."""


def limit(packed_size: int, document_size: int) -> int:
    """The most bytes a carried original of `packed_size` may unpack to in a document.

    `document_size` is the document's size as `load` measures it: its
    visible JSON (`law.visible_bytes`) and the carrier's text.
    """
    return max(packed_size * _MAX_EXPANSION, document_size * _DOCUMENT_MULTIPLE + _DOCUMENT_SLACK)


def check_depth(item: AnyItem) -> None:
    """Refuse `item` as a carried original when it nests deeper than `MAX_DEPTH` levels.

    Raises:
        InvalidArgumentError: `item` nests deeper (read with a larger
            ``max_depth``, or built so): `load` would refuse its document's
            carrier (but in the dump's process, which remembers the original).
    """
    read_within = read_depth(item)  # an int: the reader checks its limits
    if read_within is not None and read_within <= MAX_DEPTH:
        return  # the reader refused anything deeper (the open of a file: most dumps)
    # One level at a time, no recursion (the item may nest deeper than Python recurses),
    # and no further than the bound: 2.5 % of the dumps of the Writer's examples.
    level: list[Any] = [item]
    depth = 0
    while level and depth <= MAX_DEPTH:
        depth += 1
        level = [child for node in level for child in node.children if child.__class__ is not str]
    if depth > MAX_DEPTH:
        raise InvalidArgumentError(
            f"the item is nested too deeply for its document's carrier (deeper than"
            f" {MAX_DEPTH} levels: load reads the carried original with the NewsML reader's"
            " default max_depth, as any client input); dump it with carriers=False",
            field="item",
        )


def pack(item: AnyItem, *, as_read: bool = True) -> tuple[int, str]:
    """The original's NewsML size in bytes, and the NewsML compressed, in base64 (ASCII).

    The NewsML is the text `item` was read from when `newsml.loads` read
    it and `as_read` (`source_text`: reading it again gives an equal item),
    else the item written again.
    """
    text = source_text(item) if as_read else None
    if text is None:
        text = newsml.dumps(item, xml_declaration=False).encode("utf-8", "surrogatepass")
    # Zstandard at level 1 (-1 for a small text): a quarter of zlib's time, smaller (an
    # article's 26 KB: 73 us and 7.8 KB against 200 us and 8.1 KB); the frame records its
    # size, which `unpack` checks
    packed = _compressor(len(text) <= _SMALL).compress(text)
    return len(text), pybase64.b64encode(packed).decode("ascii")  # a ninth of base64's time


def unpack(value: Any, most: int) -> AnyItem:
    """The original item of a carrier's ``o``, unpacked to at most `most` bytes (`limit`).

    Carriers of earlier releases hold zlib data; both are read.

    Raises:
        InvalidDocumentError: Not base64 of Zstandard or zlib data,
            truncated, a bomb (past `most` bytes), or NewsML the reader
            refuses (nested deeper than `MAX_DEPTH` levels, say); at
            ``$.properties``.
    """
    return _unpacked(value, most)[0]


def unpacked_text(value: Any, most: int) -> bytes:
    """The NewsML text of a carrier's ``o``, unpacked to at most `most` bytes, not read.

    Raises:
        InvalidDocumentError: As `unpack`, but for the NewsML itself.
    """
    if value.__class__ is not str:
        raise malformed("the original (o) is not a string")
    try:
        # validate: refuses what base64.b64decode(validate=True) refuses (any byte outside
        # the alphabet, whitespace and newlines too; bad padding) and padding after a
        # complete group, which it ignores and no encoder writes; in a twentieth of
        # binascii's time (an article's 10 KB: 1.1 against 30 us)
        packed = pybase64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise malformed("the original (o) is not base64 of zlib data") from None
    return _unzstd(packed, most) if packed[:4] == _ZSTD_MAGIC else _unzlib(packed, most)


def _unpacked(value: Any, most: int) -> tuple[AnyItem, int]:
    return _read(unpacked_text(value, most), most)


def _read(text: bytes, most: int) -> tuple[AnyItem, int]:
    """The original an unpacked text holds, and its size."""
    try:
        return newsml.loads(text, max_bytes=most, max_depth=MAX_DEPTH), len(text)
    except DecodeError as error:
        raise malformed(f"the original (o) is not NewsML: {error}") from None


def _compressor(small: bool) -> zstandard.ZstdCompressor:
    """This thread's compressor for a `small` text or a larger one (one may not serve two
    threads at once; making one costs a third of compressing an article)."""
    name = "small_compressor" if small else "compressor"
    compressor: zstandard.ZstdCompressor | None = getattr(_THREAD, name, None)
    if compressor is None:
        # with the frame's content checksum: an original changed on the way is refused when
        # it is unpacked, as zlib's checksum refuses an earlier release's (1 us an article)
        compressor = zstandard.ZstdCompressor(
            level=_SMALL_LEVEL if small else _LEVEL, write_checksum=True
        )
        setattr(_THREAD, name, compressor)
    return compressor


def _decompressor() -> zstandard.ZstdDecompressor:
    """This thread's decompressor (one may not serve two threads at once; making one costs
    a quarter of unpacking an article's original)."""
    decompressor: zstandard.ZstdDecompressor | None = getattr(_THREAD, "decompressor", None)
    if decompressor is None:
        decompressor = _THREAD.decompressor = zstandard.ZstdDecompressor()
    return decompressor


def _unzstd(packed: bytes, most: int) -> bytes:
    """A Zstandard frame's content, refused before any is unpacked when it says it is larger."""
    try:
        size = zstandard.frame_content_size(packed)
    except zstandard.ZstdError:
        raise malformed("the original (o) is not base64 of zstd data") from None
    if size < 0:
        raise malformed("the original (o) is a zstd frame without its size")
    if size > most:
        raise malformed(f"the original (o) expands past {most} bytes")
    try:
        text: bytes = _decompressor().decompress(packed, max_output_size=most)
    except zstandard.ZstdError:
        raise malformed("the original (o) is truncated, or not zstd data") from None
    return text


def _unzlib(packed: bytes, most: int) -> bytes:
    """A zlib stream's content (an earlier release's carrier), at most `most` bytes."""
    try:
        inflater = zlib.decompressobj()
        text = inflater.decompress(packed, most)
    except zlib.error:
        raise malformed("the original (o) is not base64 of zlib data") from None
    if inflater.unconsumed_tail:
        raise malformed(f"the original (o) expands past {most} bytes")
    if not inflater.eof:
        raise malformed("the original (o) is truncated")
    return text


class OriginalCache:
    """The most recent few originals unpacked, by carrier text (`unpack`, remembered).

    The Writer sends every save of a document with the carrier it opened:
    the original it holds is parsed once (most of an edited save's cost
    beyond the conversion) and found again on the next save. Items are
    frozen, so one is shared safely. Originals whose carrier is longer
    than `max_text` are not kept.
    """

    def __init__(self, size: int = 32, max_text: int = 256 * 1024) -> None:
        self.max_text = max_text
        self._recent = Recent(size)
        self._written = Recent(size)

    def get(self, packed: Any, most: int, text: bytes | None = None) -> AnyItem:
        """`unpack(packed, most)`, from memory when this carrier was unpacked before
        (`text`: its text, when the caller unpacked it already).

        Raises:
            InvalidDocumentError: As `unpack`.
        """
        hit = self._recent.get(packed) if packed.__class__ is str else None
        if hit is not None and hit[1] <= most:
            item: AnyItem = hit[0]
            return item
        item, size = _unpacked(packed, most) if text is None else _read(text, most)
        self.remember(packed, item, size)
        return item

    def remember(self, packed: str, item: AnyItem, size: int) -> None:
        """`item` as the original of `packed`, as `pack` made it (`dump`: a save that follows
        the open in this process finds it without unpacking)."""
        if len(packed) <= self.max_text:
            self._recent.put(packed, (item, size))

    def lean(
        self,
        packed: str,
        skeleton: Any,
        text_key: str,
        most: int,
        *,
        fields: bool,
        key: bytes | None = None,
    ) -> AnyItem:
        """The original of `packed` built on its `skeleton` (``n.k``, ``n.b``, ``n.s``:
        `lean.original_of`, its spans not read where they are sealed under `key`, `seal`),
        remembered by `text_key` (the carrier's text, which holds both); the original read
        whole (`get`) where the skeleton's spans are not this release's.

        Raises:
            InvalidDocumentError: As `unpack`, or not a skeleton's shape.
        """
        hit = self._recent.get(("lean", text_key, fields))
        if hit is not None and hit[1] <= most:
            found: AnyItem = hit[0]
            return found
        text = unpacked_text(packed, most)
        wire, bounds, tag = skeleton
        whole = sealed(tag, packed, bounds, key)
        item = original_of(text, wire, bounds, fields=fields, whole=whole)
        if item is None:
            return self.get(packed, most, text)  # read whole, not unpacked again
        if len(text_key) <= self.max_text:
            self._recent.put(("lean", text_key, fields), (item, len(text)))
        return item

    def written(self, item: AnyItem, packed: str) -> Written | None:
        """What saves wrote of `item`, the original of `packed` this cache gave (`Written`: the
        text of its nodes, copied where a later save's result shares them), remembered while
        it is one of the most recent few.

        None at the first save of an original (recording its nodes' text costs that save
        3-6 % of its time, which only a next save wins back: that save records), and for
        a carrier too long to keep (`max_text`), whose original is read anew at every save.
        """
        if len(packed) > self.max_text:
            return None
        hit = self._written.get(id(item))
        if hit is None or hit[0] is not item:
            self._written.put(id(item), (item, None))  # seen once: recorded at the next save
            return None
        found: Written | None = hit[1]
        if found is None:
            found = Written(item)
            self._written.put(id(item), (item, found))
        return found

    def clear(self) -> None:
        """Forget every original (benchmarks time the first save of a document)."""
        self._recent.clear()
        self._written.clear()


Patch = dict[str, Any] | None


class PatchCache:
    """The patches derived from carried originals, the most recent few, by carrier and options.

    The Writer saves the document it is editing again and again, each time
    with the carrier of the document it opened: the patch of that original is
    derived once (it is half the cost of loading an edited document) and
    found again on the next save. A patch depends on the original and on the
    converter options only, and nothing mutates it. Originals larger than
    `max_text` are not kept (at most ``size * max_text`` characters held).
    The original is unpacked by `originals` (shared with the anchored save,
    so a save it declines parses the original once); `clear` forgets them
    too, and calls each of `also` (the other caches of a save).
    """

    def __init__(
        self,
        originals: OriginalCache,
        size: int = 32,
        max_text: int = 256 * 1024,
        also: tuple[Callable[[], object], ...] = (),
    ) -> None:
        self.originals = originals
        self.max_text = max_text
        self.also = also  # what `clear` forgets besides the patches (pieces they parsed)
        self._recent = Recent(size)

    def get(
        self, packed: str, options: object, derive: Callable[[AnyItem], Patch], most: int
    ) -> Patch:
        """The patch of the original in `packed` (a carrier's ``o``) under `options`.

        `most` bounds the unpacked original (`unpack`).

        Raises:
            InvalidDocumentError: `packed` is malformed (`unpack`).
        """
        if packed.__class__ is not str:
            raise malformed("the original (o) is not a string")
        key = (packed, id(options))
        hit = self._recent.get(key)
        if hit is not None and hit[0] is options:
            found: Patch = hit[1]
            return found
        patch = derive(self.originals.get(packed, most))
        if len(packed) <= self.max_text:
            self._recent.put(key, (options, patch))
        return patch

    def clear(self) -> None:
        """Forget every patch, the originals and `also` (benchmarks time a first save)."""
        self._recent.clear()
        self.originals.clear()
        for forget in self.also:
            forget()
