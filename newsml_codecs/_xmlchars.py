"""Internal: characters XML 1.0 cannot carry, found fast (the writer `_xmlwrite`, ninjs, the carrier).

Some characters cannot be written in XML 1.0 at all, not even as character
references: the C0 controls but tab, newline and carriage return, the
surrogates and U+FFFE, U+FFFF. A record may hold them (the model does not
police text), so the writer looks for them in the finished text, once, and
refuses the item rather than write XML that no reader takes. The search is
apart from the writing because it is its own problem of speed: a regular
expression reads a character at a time, a fifth of ``serialize`` on a 14 KB
article, and `not_xml_character` first asks the quicker question of whether
the text can hold one at all.
"""

from __future__ import annotations

import re

__all__ = ["NOT_XML", "not_xml_character"]

NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
"""Characters XML 1.0 cannot carry at all, not even as character references."""
# The same characters, for `_may_hold_not_xml`: the controls, as text; every byte but
# the controls (what `bytes.translate` deletes, leaving the controls a UTF-8 text holds);
# U+FFFE and U+FFFF, as text.
_CONTROLS = tuple(chr(code) for code in range(32) if code not in (9, 10, 13))
_NOT_CONTROL_BYTES = bytes(range(256)).translate(None, "".join(_CONTROLS).encode())
_NONCHARACTERS = ("\ufffe", "\uffff")


def not_xml_character(text: str) -> re.Match[str] | None:
    """The first character of `text` that XML 1.0 cannot carry, or None when there is none."""
    return NOT_XML.search(text) if _may_hold_not_xml(text) else None


def _may_hold_not_xml(text: str) -> bool:
    """Whether `text` may hold a character of `NOT_XML` (False: it holds none).

    A quicker test than the regular expression, which reads a character
    at a time (a fifth of `serialize` on a 14 KB article): ASCII text can
    only hold a control, found by ``in`` (memchr); other text is encoded
    as UTF-8, which fails on a surrogate, and its bytes but the controls
    are deleted in one pass (`bytes.translate`: a third of 29 searches on
    the Writer's 26 KB article); U+FFFE and U+FFFF are looked for in the
    text itself (a search of the UTF-8 for three bytes costs thirty times
    as much).
    """
    # Loops, not any() over a generator: a step of one costs more than a
    # memchr over a small document.
    if text.isascii():
        for control in _CONTROLS:  # noqa: SIM110 (see above)
            if control in text:
                return True
        return False
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    if data.translate(None, _NOT_CONTROL_BYTES):
        return True
    return _NONCHARACTERS[0] in text or _NONCHARACTERS[1] in text
