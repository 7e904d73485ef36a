"""The skeleton's seal (``n.s``): its spans known whole elements, as a converter cut them; internal.

A newsItem's first save copies the original's unchanged nodes as the text
the skeleton's spans point at (`lean`). A carrier is client input, so each
span is read by expat before it is copied (`_xmlraw.well_formed`): a sixth
of the Writer's article's first save. Yet a span `dump` cut from a text the
reader took is one whole element, and it reads as a document of its own
whenever that text declares no prefix (a span could use one its ancestor
declared), holds no entity but XML's (the reader also takes HTML's) and no
document type declaration (whose defaults a span read alone would miss).

So a converter with a key (`document.Converter`'s ``seal_key``: ``newsml
serve`` gives all its workers one) seals such a skeleton: a keyed BLAKE2b
digest of the packed original (``o``) and the spans (``n.b``), under a key
no client knows. A save whose converter finds its own seal copies the spans
without reading them; any other (no key, another key, a carrier whose
original or spans a client changed) has its spans read as before. Both
give the same NewsML: the seal saves the check, it changes nothing the
check decides. The skeleton's own elements and texts (``n.k``) are checked
either way (`lean.original_of`). A converter without a key seals nothing,
so the library's documents stay a function of their item.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from array import array
from typing import Any

KEY_SIZES = range(16, 65)
"""The sizes of a key BLAKE2b takes that are long enough to keep (16 to 64 bytes)."""

_PERSON = b"newsml-spans"  # the digest's purpose, so it matches no other keyed digest
_XMLS = re.compile(rb"(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);")
"""What follows an ampersand that starts an entity of XML's own (else an HTML entity, which
the reader takes)."""


def seal(
    packed: str, bounds: list[int], text: bytes, key: bytes | None, *, prefixed: bool
) -> str | None:
    """The seal of the spans `bounds` of `text`, the original `packed` holds, under `key`;
    None without a key, or where a whole element of `text` may not read on its own (a
    prefix, an entity).

    `prefixed`: whether the reader saw `text` declare a prefix
    (`_sourcetext.declares_prefix`, asked with the spans the skeleton is cut
    by; the reader refuses any doctype).
    """
    if key is None or prefixed:
        return None
    if b"&" in text and not _entities_xmls(text):
        return None
    return _digest(packed, bounds, key)


def _entities_xmls(text: bytes) -> bool:
    """Whether every entity of `text` is XML's (an ``&`` in a CDATA section is no entity: an
    embed's HTML holds them)."""
    # each "&" found with bytes.find, its entity matched in place: a regular expression's
    # scan for them took 20 us of the article's 26 KB (a third of its seal), this 1.3
    at = text.find(b"&")
    while at != -1:
        if _XMLS.match(text, at + 1) is None and not _in_cdata(text, at):
            return False
        at = text.find(b"&", at + 1)
    return True


def _in_cdata(text: bytes, at: int) -> bool:
    """Whether byte `at` of `text` is in a CDATA section. Conservative: one is only known so
    where its ``<![CDATA[`` is in no comment and no processing instruction left open before
    it."""
    opened = text.rfind(b"<![CDATA[", 0, at)
    if opened < 0 or text.find(b"]]>", opened, at) >= 0:
        return False
    comment = text.rfind(b"<!--", 0, opened)
    if comment >= 0 and text.find(b"-->", comment, opened) < 0:
        return False  # the "<![CDATA[" may be a comment's text
    instruction = text.rfind(b"<?", 0, opened)
    return instruction < 0 or text.find(b"?>", instruction, opened) >= 0  # or a PI's


def sealed(tag: Any, packed: Any, bounds: Any, key: bytes | None) -> bool:
    """Whether `tag` (a carrier's ``n.s``) is the seal of `packed` and `bounds` under `key`
    (never without a key)."""
    if key is None or tag.__class__ is not str or packed.__class__ is not str:
        return False
    if bounds.__class__ is not list:
        return False
    try:
        expected = _digest(packed, bounds, key)
    except (TypeError, OverflowError):  # not numbers, or past 64 bits: no spans dump cut
        return False
    # compared as bytes: compare_digest refuses a str that is not ASCII (a client's "é")
    return hmac.compare_digest(tag.encode("utf-8", "surrogatepass"), expected.encode("ascii"))


def _digest(packed: str, bounds: list[int], key: bytes) -> str:
    text = packed.encode("utf-8", "surrogatepass")
    # the original's length first: no other original and spans (the same bytes cut
    # elsewhere, its last characters taken for a first span) give the same input
    digest = hashlib.blake2b(
        len(text).to_bytes(8, "little"), digest_size=16, key=key, person=_PERSON
    )
    digest.update(text)
    digest.update(array("q", bounds).tobytes())
    return digest.hexdigest()
