"""The open's two shortcuts decide as the long way did.

`document.dump` of an item that needs a carrier refuses one nested deeper
than the carried original may be (`newsml.DEFAULT_MAX_DEPTH` levels): it
trusts the bound the reader read the item within instead of walking the
item, where the reader remembered it (the UTF-8 text it read), and walks
every other item. Whether an item needs a carrier at all starts with the
root attributes the reference writes, remembered per type with a stand-in
uuid that the document's own replaces. These pin both against every reader
path and against uuids that might meet the stand-in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from newsml_codecs import document, newsml
from newsml_model import InvalidArgumentError

HEAD = '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="g1" version="1">'
META = (
    '<itemClass qcode="ninat:text"/><title>T</title>'
    '<itemMetaExtProperty type="imext:type" value="x-im/article"/>'
)
DECLARED = '<?xml version="1.0" encoding="{}"{}?>'
STAND_IN = "00000000-5374-616e-642d-696e00000000"
"""The stand-in uuid of the remembered root attributes (a uuid no document is expected to hold)."""


def nested(levels: int) -> str:
    """A newsItem nesting `levels` elements deep in all (root: 1), an unknown element in
    its itemMeta (so its document needs a carrier) and an HTML entity in its title."""
    deep = "<d>" * (levels - 2) + "x" + "</d>" * (levels - 2)
    return f"{HEAD}<itemMeta>{META.replace('>T<', '>T&nbsp;<')}{deep}</itemMeta></newsItem>"


READERS: dict[str, Callable[[str], str | bytes]] = {
    "text": lambda text: text,
    "UTF-8": lambda text: text.encode(),
    "UTF-8 declared": lambda text: (DECLARED.format("UTF-8", "") + text).encode(),
    "ISO-8859-1 declared": lambda text: (DECLARED.format("ISO-8859-1", "") + text).encode(
        "latin-1"
    ),
    "UTF-16 declared": lambda text: (DECLARED.format("UTF-16", "") + text).encode("utf-16"),
    "UTF-16": lambda text: text.encode("utf-16"),
    "standalone, read again": lambda text: (
        DECLARED.format("UTF-8", ' standalone="yes"') + text
    ).encode(),
}
"""Each way the reader takes an item's text, the text made so."""


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize(
    ("levels", "max_depth"),
    [(256, 256), (256, 400), (257, 257), (257, 400)],
    ids=["256 in 256", "256 in 400", "257 in 257", "257 in 400"],
)
def test_dump_refuses_an_item_deeper_than_a_carrier_holds_however_it_was_read(
    reader: str, levels: int, max_depth: int
) -> None:
    """An item read with any bound through any reader path: dump writes its carrier when
    it nests at most 256 levels, and refuses it (InvalidArgumentError) at 257."""
    item = newsml.loads(READERS[reader](nested(levels)), max_depth=max_depth)
    if levels <= newsml.DEFAULT_MAX_DEPTH:
        assert item == document.load(document.dump(item))
    else:
        with pytest.raises(InvalidArgumentError, match="nested too deeply"):
            document.dump(item)


def carried(doc: dict[str, Any]) -> bool:
    """Whether `doc` has a carrier property."""
    return any(p.get("name") == document.CARRIER_PROPERTY for p in doc.get("properties") or ())


@pytest.mark.parametrize(
    "uuid",
    [
        "5D3F8C4E-0A1B-4C2D-9E8F-1A2B3C4D5E6F",
        STAND_IN,
        f"x{STAND_IN}y",
        STAND_IN.upper(),
        "not a uuid",
        ' a&b<c"',
        "é€",
    ],
)
@pytest.mark.parametrize("doc_type", ["x-im/article", "x-im/image", "x-im/author"])
def test_an_item_of_a_document_without_carrier_dumps_without_one_whatever_its_uuid(
    uuid: str, doc_type: str
) -> None:
    """The item of a carrier-less document dumps back without a carrier, its guid the
    document's uuid: the remembered root attributes take the uuid for the stand-in,
    even a uuid that is or holds the stand-in."""
    item = document.load({"type": doc_type, "uuid": uuid, "title": "T"})
    doc = document.dump(item)
    assert (False, uuid, uuid) == (carried(doc), doc["uuid"], dict(item.attributes)["guid"])
