"""A linear HTML tokenizer for ninjs bodies (internal).

The standard library's ``html.parser`` takes quadratic time on some hostile
input (thousands of unclosed comments or tag openings), so bodies are cut
into tokens here, in one forward pass: every search starts where the last
one ended, and a construct that never closes ends the input (no text after
it is scanned again). Tokens are what a browser would mostly see; exotic
HTML (CDATA in foreign content, raw-text elements other than ``script`` and
``style``) is read loosely, which is enough to find a news body's blocks.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

from newsml_codecs._xmlchars import NOT_XML

START = "start"
END = "end"
EMPTY = "empty"
TEXT = "text"

_TAG_NAME = re.compile(r"[A-Za-z][^\t\n\f\r />]*")
_ATTRIBUTE = re.compile(
    r"""[\t\n\f\r /]*([^\t\n\f\r />"'=][^\t\n\f\r />=]*)([\t\n\f\r ]*=[\t\n\f\r ]*)?"""
)
_UNQUOTED = re.compile(r"[^\t\n\f\r >]*")
_RAW_TEXT = {
    "script": re.compile("</script", re.IGNORECASE),
    "style": re.compile("</style", re.IGNORECASE),
}


def _unescape(text: str) -> str:
    """`text` with its character references resolved, less what XML cannot carry."""
    # a character reference may still name one XML cannot carry (&#12;)
    return NOT_XML.sub("", html.unescape(text))


Token = tuple[str, str, tuple[tuple[str, str], ...]]
"""(kind, name or text, attributes): ``(TEXT, text, ())`` for text."""


def _attributes(text: str, pos: int) -> tuple[tuple[tuple[str, str], ...], int, bool]:
    """The attributes from `pos` to the tag's ``>``; the position after it; whether it ends ``/>``."""
    found: list[tuple[str, str]] = []
    end = len(text)
    while pos < end:
        if text[pos] == ">":
            return tuple(found), pos + 1, text[pos - 1] == "/"
        match = _ATTRIBUTE.match(text, pos)
        if match is None or match.end() == pos:
            pos += 1
            continue
        name = match.group(1).lower()
        pos = match.end()
        value = ""
        if match.group(2) is not None and pos < end:
            if text[pos] in "\"'":
                close = text.find(text[pos], pos + 1)
                if close < 0:
                    return tuple(found), end, False
                value = text[pos + 1 : close]
                pos = close + 1
            else:
                unquoted = _UNQUOTED.match(text, pos)
                value = "" if unquoted is None else unquoted.group(0)
                pos = pos if unquoted is None else unquoted.end()
        found.append((name, _unescape(value)))
    return tuple(found), end, False


def tokens(text: str) -> Iterator[Token]:
    """The tokens of `text`, in order: start tags, end tags, empty tags (``<br/>``) and text."""
    pos = 0
    end = len(text)
    while pos < end:
        lt = text.find("<", pos)
        if lt < 0:
            yield (TEXT, _unescape(text[pos:]), ())
            return
        if lt > pos:
            yield (TEXT, _unescape(text[pos:lt]), ())
        pos = lt
        if text.startswith("<!--", pos):
            close = text.find("-->", pos + 4)
            pos = end if close < 0 else close + 3
        elif text.startswith(("<!", "<?"), pos):
            close = text.find(">", pos + 2)
            pos = end if close < 0 else close + 1
        elif text.startswith("</", pos):
            name = _TAG_NAME.match(text, pos + 2)
            close = text.find(">", pos + 2)
            if close < 0:
                return
            if name is not None:
                yield (END, name.group(0).lower(), ())
            pos = close + 1
        else:
            name = _TAG_NAME.match(text, pos + 1)
            if name is None:
                yield (TEXT, "<", ())
                pos += 1
                continue
            tag = name.group(0).lower()
            attributes, pos, empty = _attributes(text, name.end())
            yield (EMPTY if empty else START, tag, attributes)
            raw = _RAW_TEXT.get(tag)
            if raw is not None and not empty:
                # Script and style hold text until their end tag, markup or not.
                closing = raw.search(text, pos)
                pos = end if closing is None else closing.start()


__all__ = ["EMPTY", "END", "START", "TEXT", "Token", "tokens"]
