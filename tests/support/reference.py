"""The golden corpus of the reference converter (``../shared/reference``) and its comparisons.

Used by ``tests/codecs/test_reference.py`` and ``scripts/reference_score.py``.
The corpus README says how to compare: documents as parsed JSON values;
NewsML canonically (attributes order-free, text trimmed, ``<x/>`` equal to
``<x></x>``), with siblings compared as a multiset in the outputs listed in
``nondeterministic.tsv``.
"""

from __future__ import annotations

import copy
import html
import json
import re
import xml.etree.ElementTree as ET
from typing import Any

from newsml_codecs import document, newsml
from support import ROOT

REFERENCE = ROOT.parent / "shared" / "reference"
KINDS = ("newsItem", "conceptItem", "planningItem", "planning", "list", "package")


def pairs(direction: str) -> list[tuple[str, str]]:
    """(kind, name) of every pair of `direction` (``forward``/``reverse``), or []."""
    found = []
    for kind in KINDS:
        folder = REFERENCE / direction / kind
        if folder.is_dir():
            found += [(kind, p.stem) for p in sorted(folder.glob("*.json"))]
    return found


def refused() -> list[tuple[str, str, str]]:
    """(kind/name, direction, the reference's message) of every refused input, or []."""
    table = REFERENCE / "refused.tsv"
    if not table.is_file():
        return []
    rows = [line.split("\t") for line in table.read_text(encoding="utf-8").splitlines()[1:]]
    return [(row[0], row[1], row[3] if len(row) > 3 else "") for row in rows if row]


def nondeterministic() -> set[str]:
    """The ``kind/name`` of reverse outputs whose sibling order is not deterministic."""
    table = REFERENCE / "nondeterministic.tsv"
    if not table.is_file():
        return set()
    lines = table.read_text(encoding="utf-8").splitlines()[1:]
    return {line.split("\t")[0] for line in lines if line.strip()}


def strip_carriers(doc: dict[str, Any]) -> dict[str, Any]:
    """`doc` without our carrier property (the reference never writes it)."""
    props = doc.get("properties")
    if not props:
        return doc
    kept = [prop for prop in props if prop.get("name") != document.CARRIER_PROPERTY]
    fixed = {key: value for key, value in doc.items() if key != "properties"}
    if kept:
        fixed["properties"] = kept
    return fixed


def forward(kind: str, name: str) -> tuple[Any, Any]:
    """(expected, actual) documents of a forward pair: the reference's and ours.

    Both after the departures (`forward_departures`): where we keep what the
    reference loses, the comparison forgives exactly that.
    """
    folder = REFERENCE / "forward" / kind
    expected = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
    source = (folder / f"{name}.xml").read_bytes()
    actual = strip_carriers(document.dump(newsml.loads(source)))
    return forward_departures(source, expected, actual)


def reverse(kind: str, name: str) -> tuple[str, str]:
    """(expected, actual) canonical NewsML of a reverse pair: the reference's and ours.

    Both after the departures (`reverse_departures`).
    """
    folder = REFERENCE / "reverse" / kind
    multiset = f"{kind}/{name}" in nondeterministic()
    doc = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
    ours = ET.fromstring(newsml.dumps(document.load(doc)).encode("utf-8"))
    # Where the reference writes a CR literally (inner XML it copies), every
    # XML parser reads it as LF (end-of-line handling): the CR it meant is read.
    theirs = ET.fromstring((folder / f"{name}.xml").read_bytes().replace(b"\r", b"&#13;"))
    theirs, ours = reverse_departures(theirs, ours)
    return canonical(theirs, multiset=multiset), canonical(ours, multiset=multiset)


def canonical(element: ET.Element, *, multiset: bool = False, depth: int = 0) -> str:
    """A comparable text of `element`: one line per element, attributes sorted, text trimmed.

    A string so that a failed comparison shows a readable diff. With
    `multiset`, siblings are sorted (their order is not compared).
    """
    attributes = " ".join(f"{key}={value!r}" for key, value in sorted(element.attrib.items()))
    head = "  " * depth + f"<{element.tag} {attributes}> {(element.text or '').strip()!r}"
    tail = (element.tail or "").strip()
    if tail and depth:
        head += f" tail={tail!r}"
    children = [canonical(child, multiset=multiset, depth=depth + 1) for child in element]
    if multiset:
        children.sort()
    return "\n".join([head, *children])


def convert_refused(name: str, direction: str) -> None:
    """Convert a refused input (``kind/name``) in `direction`; a library error may propagate."""
    folder = REFERENCE / "refused"
    if direction == "forward":
        document.dump(newsml.loads((folder / f"{name}.xml").read_bytes()))
    else:
        newsml.dumps(document.load(json.loads((folder / f"{name}.json").read_text("utf-8"))))


# The departures: where the reference loses data or refuses its own output,
# we keep ours (docs/mapping.md lists them; test_reference_departures.py pins
# each), and the comparison forgives exactly that difference.

_ATTRIBUTE = re.compile(rb"""\s[\w:.-]+\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_CDATA_DEFINITION = re.compile(rb"<definition\b[^>]*>[^<]*<!\[CDATA\[(.*?)\]\]>", re.S)


def forward_departures(source: bytes, expected: Any, actual: Any) -> tuple[Any, Any]:
    """(expected, actual) with the forward departures forgiven.

    - Attribute values with a literal TAB, CR or LF: XML normalises them to
      spaces (we do), the reference keeps them: its value is taken with spaces.
    - A block with no field: an IDF group child that is not an element or
      object, a link whose attributes are all empty. The reference writes a
      typeless empty block ``{}`` and refuses that document on the way back;
      we carry the child instead: ``{}`` blocks are left out.
    - A concept ``definition`` given as CDATA: the reference's sanitiser drops
      the text; we keep it: that text is taken out of our value.
    """
    spaced = {}
    for match in _ATTRIBUTE.finditer(source):
        raw = match.group(1) if match.group(1) is not None else match.group(2)
        if re.search(rb"[\t\r\n]", raw):
            go = html.unescape(raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n"))
            spaced[go] = re.sub(r"[\t\r\n]", " ", go)
    expected = _map_strings(_drop_empty_blocks(copy.deepcopy(expected)), spaced)
    definitions = [m.group(1).decode("utf-8") for m in _CDATA_DEFINITION.finditer(source)]
    if definitions and isinstance(actual, dict):
        actual = copy.deepcopy(actual)
        for prop in actual.get("properties", ()):
            if prop.get("name") == "definition" and isinstance(prop.get("value"), str):
                for text in definitions:
                    prop["value"] = prop["value"].replace(text, "")
                if not prop["value"]:
                    del prop["value"]
    return expected, actual


def _map_strings(value: Any, table: dict[str, str]) -> Any:
    if isinstance(value, str):
        return table.get(value, value)
    if isinstance(value, list):
        return [_map_strings(v, table) for v in value]
    if isinstance(value, dict):
        return {k: _map_strings(v, table) for k, v in value.items()}
    return value


def _drop_empty_blocks(value: Any) -> Any:
    if isinstance(value, dict):
        for key in ("content", "links", "meta"):
            blocks = value.get(key)
            if isinstance(blocks, list) and {} in blocks:
                blocks[:] = [block for block in blocks if block != {}]
                if not blocks:
                    del value[key]
        for inner in value.values():
            _drop_empty_blocks(inner)
    elif isinstance(value, list):
        for inner in value:
            _drop_empty_blocks(inner)
    return value


def reverse_departures(expected: ET.Element, actual: ET.Element) -> tuple[ET.Element, ET.Element]:
    """(expected, actual) with the reverse departures forgiven.

    - ``role`` of a link inside an IDF object: the reference drops it, we
      keep it: it is left out of our NewsML.
    """
    for obj in actual.iter(f"{{{IDF}}}object"):
        for link in obj.iter(f"{{{IDF}}}link"):
            link.attrib.pop("role", None)
    return expected, actual


IDF = "http://www.infomaker.se/idf/1.0"
