"""Text search of `Store.list` on both backends: titles of links and concepts, the query syntax, one answer."""

from __future__ import annotations

import re
import string
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.cli import ARTICLE, newsml_cli

from newsml_codecs import newsml
from newsml_model import InvalidArgumentError
from newsml_tools.store import open_store


def item(n: int, *, headline: str = "Rubrik", body: str = "Text", meta: str = "") -> Any:
    """A news item numbered `n`: `meta` goes into itemMeta (links, services)."""
    text = f"""<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="00000000-0000-4000-8000-{n:012d}"
 version="1" standard="NewsML-G2" standardversion="2.20" conformance="power">
<itemMeta><itemClass qcode="ninat:text"/><versionCreated>2026-11-20T10:00:00Z</versionCreated>
<pubStatus qcode="imext:draft"/><itemMetaExtProperty type="imext:type" value="x-im/article"/>{meta}</itemMeta>
<contentMeta><headline>{headline}</headline></contentMeta>
<contentSet><inlineXML><idf xmlns="http://www.infomaker.se/idf/1.0"><group type="body">
<element id="p1" type="body">{body}</element></group></idf></inlineXML></contentSet></newsItem>"""
    return newsml.loads(text)


def link(kind: str, title: str, n: int) -> str:
    """An itemMeta links block with one link of `kind` titled `title`."""
    uuid = f"11111111-0000-4000-8000-{n:012d}"
    return (
        '<links xmlns="http://www.infomaker.se/newsml/1.0">'
        f'<link rel="subject" type="{kind}" title="{title}" uuid="{uuid}"/></links>'
    )


def numbers(page: Any) -> list[int]:
    """The item numbers of a page, newest first."""
    return [int(listed.uuid.rsplit("-", 1)[1]) for listed in page.items]


@pytest.fixture
def store(store_target: str) -> Any:
    """Items whose words are only in their links' titles and concepts' names, and a few texts."""
    with open_store(store_target) as opened:
        opened.save_many(
            [
                item(1, meta=link("x-im/topic", "Volvo", 1)),
                item(2, meta=link("x-im/organisation", "Volvo Cars", 2)),
                item(3, meta=link("x-im/author", "Åsa Öberg", 3)),
                item(4, meta='<service qcode="imsection:local"><name>Lokalt</name></service>'),
                item(5, meta=link("x-im/place", "Linköping", 5)),
                item(6, headline="Elbilar säljer", body="Nya elbilen från Saab kom i dag"),
                item(7, headline="Bil och el", body="El till bilen kostar"),
            ]
        )
        yield opened


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Volvo", [2, 1]),
        ("volvo cars", [2]),
        ("Åsa", [3]),
        ("öberg", [3]),
        ("lokalt", [4]),
        ("Linköping", [5]),
        ("linkoping", []),
        ('"volvo cars"', [2]),
        ('"cars volvo"', []),
        ('"el till bilen"', [7]),
        ('"bilen el"', []),
        ("elbil*", [6]),
        ("elbil", []),
        ("bil*", [7]),
        ("volvo OR saab", [6, 2, 1]),
        ("volvo OR saab cars", [2]),
        ("linköping OR lokalt OR åsa", [5, 4, 3]),
        ('"volvo cars" OR elbil*', [6, 2]),
        ("VOLVO", [2, 1]),
        ("or", []),
        ("saab-elbilen", []),
        ("e-post", []),
        ("linko\u0308ping", [5]),
    ],
)
def test_query_syntax(store: Any, query: str, expected: list[int]) -> None:
    """Words, phrases, prefixes and OR find exactly these items, on each backend."""
    assert expected == numbers(store.list(text=query))


@pytest.mark.parametrize("query", ["OR volvo", "volvo OR", "volvo OR OR saab", "!!", '""', "*"])
def test_a_query_without_words_or_with_a_dangling_or_is_refused(store: Any, query: str) -> None:
    """A query with no word, or an OR without a term on each side: InvalidArgumentError for text."""
    with pytest.raises(InvalidArgumentError) as raised:
        store.list(text=query)
    assert "text" == raised.value.field


def test_cli_text_volvo_finds_the_articles_tagged_volvo(store_target: str) -> None:
    """``newsml store list --text Volvo`` lists the full article (tagged Volvo) by its tag alone."""
    with open_store(store_target) as opened:
        article = newsml.loads(ARTICLE.read_bytes())
        opened.save(article)
        opened.save(item(9, meta=link("x-im/topic", "Volvo", 9)))
        opened.save(item(10, headline="Saab"))
    result = newsml_cli("store", "list", "--db", store_target, "--text", "Volvo")
    assert 0 == result.returncode, result.stderr
    assert [
        "00000000-0000-4000-8000-000000000009",
        article.guid,
    ] == [line.split("\t")[0] for line in result.stdout.splitlines()]
    refused = newsml_cli("store", "list", "--db", store_target, "--text", "OR")
    assert 2 == refused.returncode
    assert "OR needs a term on each side" in refused.stderr


# -- one answer on both backends ------------------------------------------------

# A small vocabulary, so that generated queries find something: Swedish
# letters, a word inside another, case variants.
VOCABULARY = ["bil", "bilen", "elbil", "Älg", "älgen", "ÅSA", "Öl", "ol", "saab", "x1", "12"]


def reference(texts: dict[int, str], query: str) -> list[int]:
    """What the query syntax means, over each item's words as docs/persistence.md defines them."""
    words = {n: re.findall(r"[^\W_]+", text.casefold()) for n, text in texts.items()}

    def term(found: list[str], piece: tuple[list[str], bool]) -> bool:
        wanted, prefix = piece
        for start in range(len(found) - len(wanted) + 1):
            window = found[start : start + len(wanted)]
            if window[:-1] == wanted[:-1] and (
                window[-1].startswith(wanted[-1]) if prefix else window[-1] == wanted[-1]
            ):
                return True
        return False

    groups: list[list[tuple[list[str], bool]]] = []
    joined = False
    for match in re.finditer(r'"([^"]*)"?|(\S+?)(?=\s|"|$)', query):
        phrase, bare = match.group(1), match.group(2)
        if bare == "OR":
            joined = True
            continue
        source = phrase if phrase is not None else bare
        found = re.findall(r"[^\W_]+", source.casefold())
        if not found:
            continue
        piece = (found, phrase is None and bare.endswith("*"))
        if joined:
            groups[-1].append(piece)
        else:
            groups.append([piece])
        joined = False
    return sorted(
        (n for n, found in words.items() if all(any(term(found, p) for p in g) for g in groups)),
        reverse=True,
    )


TEXTS = {
    n: " ".join(VOCABULARY[(n * k) % len(VOCABULARY)] for k in range(1, 1 + n % 5))
    for n in range(1, 23)
}


@pytest.fixture(scope="module")
def corpus(module_target: str) -> Any:
    """A store of `TEXTS` (each an item's body) on each backend, read by the property below."""
    target = module_target
    with open_store(target) as opened:
        opened.save_many([item(n, headline="", body=text) for n, text in TEXTS.items()])
        yield opened


word = st.sampled_from(VOCABULARY) | st.text(
    alphabet=string.ascii_lowercase + "åäö", min_size=1, max_size=3
)
term = st.one_of(
    word,
    word.map(lambda w: w[: max(1, len(w) - 1)] + "*"),
    st.lists(word, min_size=1, max_size=3).map(lambda ws: '"' + " ".join(ws) + '"'),
)
queries = st.lists(st.lists(term, min_size=1, max_size=3), min_size=1, max_size=3).map(
    lambda groups: " ".join(" OR ".join(group) for group in groups)
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(query=queries)
def test_both_backends_give_the_reference_answer(corpus: Any, query: str) -> None:
    """Any query of words, prefixes, phrases and ORs finds what the documented meaning says."""
    assert reference(TEXTS, query) == numbers(corpus.list(text=query, limit=100))
