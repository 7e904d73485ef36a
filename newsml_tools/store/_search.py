"""Words of an item and text queries, the same on both backends (internal to ``newsml_tools.store``).

The store splits text into words itself, so that SQLite's FTS5 and
PostgreSQL's ``tsvector`` index the same words and a query finds the same
items on both: a word is a run of letters and digits (Unicode categories L
and N), compared after Unicode case folding and composition (NFC),
diacritics kept (``å`` is not ``a``). SQLite gets the words joined by
spaces (its ``unicode61`` tokenizer splits them where we did); PostgreSQL
gets a ``tsvector`` literal with each word's positions, so its own parser
and dictionaries never see the text.

The query syntax (`parse`), documented in ``docs/persistence.md``:

* ``volvo lastbil``: every term must occur (AND);
* ``"el bil"``: a phrase, its words next to each other in this order;
* ``elbil*``: a prefix, any word starting with it;
* ``volvo OR saab``: either term (``OR`` in capitals; it binds tighter
  than the AND between terms: ``volvo OR saab lastbil`` wants lastbil and
  one of the two).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

import attrs

from newsml_model import InvalidArgumentError

__all__ = ["Term", "fts5_query", "fts5_words", "parse", "tsquery", "tsvector", "words"]

# Letters and digits: what FTS5's unicode61 keeps by default, less private use.
_WORD = re.compile(r"[^\W_]+")
# A query's pieces: a quoted phrase, OR, or a bare term (up to space or quote).
_PIECE = re.compile(r'"([^"]*)"?|(\S+?)(?=\s|"|$)')

MAX_WORD = 500
"""Longer runs of letters are not words anyone searches (PostgreSQL refuses lexemes above 2 KB)."""

MAX_POSITION = 16383
"""The last word position a ``tsvector`` keeps (later words all sit there)."""


@attrs.frozen(kw_only=True)
class Term:
    """One term of a query: a word, a phrase (several words) or a prefix.

    Attributes:
        words: The words in order (one for a word or a prefix).
        prefix: The last word is a prefix.
    """

    words: tuple[str, ...]
    prefix: bool = False


def words(text: str) -> list[str]:
    """The words of `text`, case-folded, in order (runs too long to be words left out).

    Composed (NFC), so that ``ä`` written as ``a`` and a combining diaeresis
    is the letter ``ä``, not the word ``a`` and a separator.
    """
    folded = unicodedata.normalize("NFC", text.casefold())
    return [word for word in _WORD.findall(folded) if len(word) <= MAX_WORD]


def fts5_words(found: list[str]) -> str:
    """What SQLite's FTS5 table stores: the words joined by spaces."""
    return " ".join(found)


def tsvector(found: list[str]) -> str:
    """A ``tsvector`` literal of the words with their positions (1-based, at most `MAX_POSITION`)."""
    positions: dict[str, list[int]] = {}
    for index, word in enumerate(found, start=1):
        positions.setdefault(word, []).append(min(index, MAX_POSITION))
    return " ".join(
        f"{_quoted(word)}:{','.join(map(str, sorted(set(where))[:256]))}"
        for word, where in positions.items()
    )


def _quoted(word: str) -> str:
    return "'" + word.replace("\\", "\\\\").replace("'", "''") + "'"


def _pieces(query: str) -> Iterator[Term | None]:
    """The terms of `query` in order, None for an ``OR``."""
    for match in _PIECE.finditer(query):
        phrase, bare = match.group(1), match.group(2)
        if phrase is not None:
            found = tuple(words(phrase))
            if found:
                yield Term(words=found)
        elif bare == "OR":
            yield None
        else:
            prefix = bare.endswith("*")
            found = tuple(words(bare))
            if found:
                yield Term(words=found, prefix=prefix)


def parse(query: str) -> tuple[tuple[Term, ...], ...]:
    """The groups of a text query: every group must match, any term of a group.

    Raises:
        InvalidArgumentError: No word to search for, or an ``OR`` without a
            term on each side (``field`` is ``text``).
    """
    groups: list[list[Term]] = []
    pending_or = False
    for piece in _pieces(query):
        if piece is None:
            if not groups or pending_or:
                raise _bad(query, "OR needs a term on each side")
            pending_or = True
        elif pending_or:
            groups[-1].append(piece)
            pending_or = False
        else:
            groups.append([piece])
    if pending_or:
        raise _bad(query, "OR needs a term on each side")
    if not groups:
        raise _bad(query, "no word to search for (words are letters and digits)")
    return tuple(tuple(group) for group in groups)


def _bad(query: str, why: str) -> InvalidArgumentError:
    return InvalidArgumentError(f"text {query!r}: {why}", field="text")


def fts5_query(groups: tuple[tuple[Term, ...], ...]) -> str:
    """`groups` in FTS5's query syntax (every word quoted: no word is an operator)."""

    def term(found: Term) -> str:
        return '"' + " ".join(found.words) + '"' + ("*" if found.prefix else "")

    return " AND ".join("(" + " OR ".join(map(term, group)) + ")" for group in groups)


def tsquery(groups: tuple[tuple[Term, ...], ...]) -> str:
    """`groups` as a PostgreSQL ``tsquery`` literal (``<->`` for phrases, ``:*`` for prefixes)."""

    def term(found: Term) -> str:
        parts = [_quoted(word) for word in found.words]
        if found.prefix:
            parts[-1] += ":*"
        return "(" + " <-> ".join(parts) + ")"

    return " & ".join("(" + " | ".join(map(term, group)) + ")" for group in groups)
