"""Shape of a ``x-newsml/patch`` carrier, checked before anything of it is applied.

A carrier is client input: a document may come back with its carrier
truncated, edited by hand or made up. Everything `apply` reads is checked
here first, in one walk, so a malformed carrier is an `InvalidDocumentError`
at ``$.properties`` and never a crash, and nothing it names can make the
NewsML written from the item malformed: attribute names must be XML names
the writer can spell (a plain name, ``xml:name`` or ``{uri}name``), every
string must hold only characters XML 1.0 can carry, and XML pieces are
parsed (by `apply`) where they are used.

Internal module.
"""

from __future__ import annotations

import re
from typing import Any

from newsml_codecs._xmlchars import not_xml_character
from newsml_model import InvalidDocumentError

_NAME = r"[^\W\d][\w.\-\u00b7]*"
_ATTRIBUTE = re.compile(rf"(?:xml:)?{_NAME}|\{{[^{{}}\s]+\}}{_NAME}")
_RESERVED = ("{http://www.w3.org/XML/1998/namespace}", "{http://www.w3.org/2000/xmlns/}")
_KEY = re.compile("[0-9a-f]{8}(?:[0-9a-f]{8}|0)?")
_NODE_KEYS = frozenset(("a", "r", "c", "g", "q", "i"))
_ROOT_KEYS = frozenset(("a", "r", "c", "g", "q", "u", "h", "k", "t", "w", "o", "s", "n"))
_V_OPTIONS = frozenset(("g", "k", "p", "a", "w"))


def malformed(why: str) -> InvalidDocumentError:
    """The error of a carrier that is not one `dump` could have written, at `$.properties`."""
    return InvalidDocumentError(f"x-newsml/patch is malformed: {why}", path="$.properties")


def _text(value: Any, what: str) -> str:
    if value.__class__ is not str:
        raise malformed(f"{what} is not a string")
    if not_xml_character(value) is not None:
        raise malformed(f"{what} holds a character XML cannot carry")
    return value


def _optional_text(value: Any, what: str) -> None:
    if value is not None:
        _text(value, what)


def _attribute_name(value: Any) -> None:
    name = _text(value, "an attribute name")
    if name == "xmlns" or not _ATTRIBUTE.fullmatch(name) or name.startswith(_RESERVED):
        raise malformed(f"{name!r} is not an attribute name")


def _count(value: Any, what: str) -> int:
    if value.__class__ is not int or value < 0:
        raise malformed(f"{what} is not a count")
    return int(value)


def _list(value: Any, what: str) -> list[Any]:
    if value.__class__ is not list:
        raise malformed(f"{what} is not a list")
    return list(value)


def check_root(patch: Any) -> None:
    """Check a whole carrier patch (the JSON value after the kind header).

    Raises:
        InvalidDocumentError: The patch is not one `make` could have written.
    """
    if patch.__class__ is not dict:
        raise malformed("not a JSON object")
    if "u" in patch:  # absent in carriers written before the tie: they apply as before
        _text(patch["u"], "the document tie (u)")
    if "h" in patch:  # absent in carriers written before the fingerprint: always checked
        _text(patch["h"], "the document fingerprint (h)")
    for counts in _list(patch.get("k", []), "k"):
        counts = _list(counts, "a component")
        if len(counts) != 2:
            raise malformed("a component is not [removals, runs]")
        _count(counts[0], "a count")
        _count(counts[1], "a count")
    for shown in _list(patch.get("w", []), "w"):
        for unit in _list(shown, "a guard"):
            if not _KEY.fullmatch(_text(unit, "a unit key")):
                raise malformed(f"{unit!r} is not a unit key")
    copied = patch.get("s", {})  # digests of what copies repeat (`copies.sources`)
    if copied.__class__ is not dict:
        raise malformed("s is not an object")
    for key, text in copied.items():
        _text(text, f"the digest of {key}")
    times = patch.get("t", {})
    if times.__class__ is not dict:
        raise malformed("t is not an object")
    for key, text in times.items():
        _text(text, f"the time {key}")
    _node(patch, _ROOT_KEYS)


def _node(patch: Any, allowed: frozenset[str] = _NODE_KEYS) -> None:
    if patch.__class__ is not dict or not allowed.issuperset(patch):
        raise malformed("a node patch is not an object of a, r, c, g")
    for change in _list(patch.get("a", []), "a"):
        change = _list(change, "an attribute change")
        if len(change) != 3:
            raise malformed("an attribute change is not [name, exported, original]")
        _attribute_name(change[0])
        _optional_text(change[1], "an attribute value")
        _optional_text(change[2], "an attribute value")
    if "r" in patch:
        replace = _list(patch["r"], "r")
        if len(replace) != 2:
            raise malformed("r is not [guard, xml]")
        _text(replace[0], "a guard")
        _text(replace[1], "carried XML")
    for group in _list(patch.get("g", []), "g"):
        for pair in _list(group, "a group"):
            pair = _list(pair, "a group attribute")
            if len(pair) != 2:
                raise malformed("a group attribute is not [name, value]")
            _attribute_name(pair[0])
            _text(pair[1], "an attribute value")
    named = patch.get("i", "00000000")
    if named.__class__ is not str or not _KEY.fullmatch(named):
        raise malformed("i is not an identity key")
    counts = patch.get("q", {})
    if counts.__class__ is not dict:
        raise malformed("q is not an object")
    for key, number in counts.items():
        if not _KEY.fullmatch(key):
            raise malformed(f"{key!r} is not a child key")
        _count(number, "a count")
    for entry in _list(patch.get("c", []), "c"):
        _entry(_list(entry, "an entry"))


def _key(entry: list[Any]) -> None:
    if len(entry) < 3:
        raise malformed(f"a {entry[0]!r} entry is too short")
    key = _text(entry[1], "a child key")
    if not _KEY.fullmatch(key):
        raise malformed(f"{key!r} is not a child key")
    _count(entry[2], "an occurrence")


def _entry(entry: list[Any]) -> None:
    op = entry[0] if entry else None
    if op == "v":
        if len(entry) not in (2, 3):
            raise malformed("a 'v' entry is not [v, xml, options]")
        _text(entry[1], "carried XML")
        if len(entry) == 3:
            _v_options(entry[2])
        return
    if op == "d":
        _key(entry)
        if len(entry) > 4:
            raise malformed("a 'd' entry is too long")
        if len(entry) == 4:
            _count(entry[3], "a component")
        return
    if op not in ("s", "m", "n"):
        raise malformed(f"unknown entry {op!r}")
    _key(entry)
    if len(entry) < 4:
        raise malformed(f"a {op!r} entry has no patch")
    sub = entry[3]
    if sub != 0 or sub.__class__ is not int:
        if sub.__class__ is dict and "x" in sub:
            if len(sub) != 1:
                raise malformed("a replacement has other keys")
            _text(sub["x"], "carried XML")
        else:
            _node(sub)
    extra = 5 if op == "n" else 4
    if op == "n":
        if len(entry) < 5:
            raise malformed("an 'n' entry has no run")
        _count(entry[4], "a run index")
    if len(entry) > extra + 2:
        raise malformed(f"a {op!r} entry is too long")
    for value in entry[extra:]:  # the group it opens, the group it closes (null: none)
        if value is not None:
            _count(value, "a group index")


def _v_options(options: Any) -> None:
    if options.__class__ is not dict or not _V_OPTIONS.issuperset(options):
        raise malformed("'v' options are not an object of g, k, p, a, w")
    if "g" in options:
        _count(options["g"], "a group index")
    for name in ("k", "w"):
        if name in options:
            _count(options[name], "a component or guard")
    for name in ("p", "a"):
        for head in _list(options.get(name, []), name):
            if not _KEY.fullmatch(_text(head, "a head key")):
                raise malformed(f"{head!r} is not a head key")
