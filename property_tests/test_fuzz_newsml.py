"""Fuzzing ``newsml.loads``: only the project's documented errors escape.

Inputs are random bytes and text, and byte-level mutations of real articles
(the corpus, when present, and ``tests/fixtures/article-full.xml``). Whatever
the input, ``loads`` either returns an item or raises a `nm.NewsItemError`;
an item it returns is written back and read again unchanged.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from support import FIXTURES, corpus_newsitems

import newsml_model as nm
from newsml_codecs import newsml

SEEDS = [FIXTURES / "article-full.xml", *corpus_newsitems()]

# Fragments that steer mutations toward the parser's interesting paths.
TOKENS = [
    b"<",
    b">",
    b"&",
    b"&nbsp;",
    b"&amp;",
    b"&#0;",
    b"&#x10FFFF;",
    b"&unknown;",
    b"]]>",
    b"<![CDATA[",
    b"<!--",
    b"-->",
    b"<!DOCTYPE x>",
    b'<!ENTITY e "x">',
    b'xmlns=""',
    b'xmlns:p="urn:p"',
    b"p:",
    b"</newsItem>",
    b"<links>",
    b"<link/>",
    b"<object>",
    b"<meta>",
    b"\x00",
    b"\xff\xfe",
    b"\xc3",
    b"\r\n",
    b"\xef\xbb\xbf",
    b'<?xml version="1.0" encoding="latin-1"?>',
]


def _check(source: str | bytes) -> None:
    """The fuzz law: an item that round-trips, or a documented error."""
    try:
        item = newsml.loads(source)
    except nm.NewsItemError:
        return
    try:
        text = newsml.dumps(item)
    except nm.InvalidArgumentError:
        return  # an item holding characters XML 1.0 cannot write: refused, documented
    assert item == newsml.loads(text)


@st.composite
def mutations(draw: st.DrawFn, seeds: list[Path]) -> bytes:
    """A seed document with a few byte-level edits: delete, insert, replace, duplicate."""
    data = bytearray(draw(st.sampled_from(seeds)).read_bytes())
    for _ in range(draw(st.integers(1, 6))):
        start = draw(st.integers(0, len(data)))
        end = min(len(data), start + draw(st.integers(0, 64)))
        edit = draw(st.sampled_from(["delete", "insert", "replace", "duplicate", "token"]))
        if edit == "delete":
            del data[start:end]
        elif edit == "insert":
            data[start:start] = draw(st.binary(min_size=1, max_size=8))
        elif edit == "replace":
            data[start:end] = draw(st.binary(max_size=8))
        elif edit == "duplicate":
            data[start:start] = data[start:end]
        else:
            data[start:start] = draw(st.sampled_from(TOKENS))
    return bytes(data)


@given(st.binary(max_size=512))
def test_random_bytes(data: bytes) -> None:
    """Random bytes give an item or a documented error, never anything else."""
    _check(data)


@given(st.text(max_size=256))
def test_random_text(text: str) -> None:
    """Random text (lone surrogates included) gives an item or a documented error."""
    _check(text)


@given(st.lists(st.sampled_from(TOKENS), max_size=12).map(b"".join))
def test_token_soup(data: bytes) -> None:
    """Sequences of XML syntax fragments give an item or a documented error."""
    _check(b'<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/">' + data + b"</newsItem>")


@given(mutations(SEEDS))
def test_mutated_articles(data: bytes) -> None:
    """Mutated real articles give an item that round-trips, or a documented error."""
    _check(data)


@given(mutations(SEEDS))
def test_mutated_articles_as_text(data: bytes) -> None:
    """The same mutations, decoded leniently to text first, obey the same law."""
    _check(data.decode("utf-8", "replace"))


def test_wrong_source_type_is_a_documented_error() -> None:
    """Neither text nor bytes is a DecodeError, not a TypeError."""
    for source in (None, 42, ["<newsItem/>"], {"a": 1}):
        try:
            newsml.loads(source)  # type: ignore[arg-type]
        except nm.DecodeError:
            continue
        raise AssertionError(f"{source!r} was accepted")


@given(
    st.sampled_from(
        ["TF-8", "rot13", "utf-7", "utf-32", "idna", "punycode", "undefined", "shift_jis"]
    )
    | st.from_regex(r"[A-Za-z][A-Za-z0-9._-]{0,20}", fullmatch=True)
)
def test_any_declared_encoding_is_read_or_refused(encoding: str) -> None:
    """Found by this suite: encodings expat delegates to Python's codecs leaked LookupError/ValueError."""
    _check(
        f'<?xml version="1.0" encoding="{encoding}"?>'
        '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/"><a>åä</a></newsItem>'.encode()
    )


def _numeric_rewrite(text: str) -> str:
    """The reader's old way (the reference): HTML entities made numeric outside CDATA and comments."""
    import re
    from html.entities import html5

    out, position = [], 0
    raw = re.compile(r"<!\[CDATA\[.*?\]\]>|<!--.*?-->|&([A-Za-z][A-Za-z0-9]*);", re.S)
    for match in raw.finditer(text):
        name = match.group(1)
        if name is None or name in ("amp", "lt", "gt", "quot", "apos"):
            continue
        replacement = html5.get(name + ";")
        if replacement is None:
            continue
        out.append(text[position : match.start()])
        out.append("".join(f"&#{ord(char)};" for char in replacement))
        position = match.end()
    out.append(text[position:])
    return "".join(out)


ENTITIES = ["&nbsp;", "&mdash;", "&eacute;", "&amp;", "&lt;", "&#160;", "&NotEqualTilde;", "&copy;"]
PIECES = st.sampled_from(ENTITIES) | st.text(
    st.characters(
        codec="utf-8", exclude_characters="&<>\"'\r-", exclude_categories=("Cs", "Cc", "Cn")
    ),
    max_size=6,
)


@st.composite
def entity_documents(draw: st.DrawFn) -> str:
    """Elements whose text, attributes (either quote), CDATA and comments hold HTML entities."""

    def run() -> str:
        return "".join(draw(st.lists(PIECES, max_size=5)))

    parts = []
    for index in range(draw(st.integers(1, 4))):
        quote = draw(st.sampled_from(['"', "'"]))
        attributes = "".join(f" a{n}={quote}{run()}{quote}" for n in range(draw(st.integers(0, 2))))
        inner = draw(
            st.sampled_from(
                [
                    run(),
                    f"<![CDATA[{run()}]]>{run()}",
                    f"<!--{run()}-->{run()}",
                    f"{run()}<b>{run()}</b>{run()}",
                ]
            )
        )
        parts.append(f"<e{index}{attributes}>{inner}</e{index}>")
    return '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/">' + "".join(parts) + "</newsItem>"


@given(entity_documents())
def test_html_entities_read_in_place_equal_the_numeric_rewrite(text: str) -> None:
    """Resolving entities during the parse (issue 15 item 7) reads what rewriting them did."""
    expected = newsml.loads(_numeric_rewrite(text))
    assert expected == newsml.loads(text)
    assert expected == newsml.loads(text.encode("utf-16"))
