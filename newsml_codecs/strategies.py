"""Hypothesis strategies for the wire formats: NewsML text and NavigaDoc documents.

They build on `newsml_model.strategies` and the codecs themselves, so what
they generate is exactly what the codecs write: valid NewsML that
``newsml.loads`` reads, documents that ``schema.validate`` accepts. Needs the
``hypothesis`` extra.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from html import escape
from typing import Any

from hypothesis import strategies as st

from newsml_codecs import newsml
from newsml_model import Element, InvalidArgumentError, ItemMeta, NewsItem
from newsml_model.strategies import check_strategy, news_items

__all__ = ["agency_ninjs", "documents", "g2_messages", "newsml_texts", "ninjs_documents"]

_COMMENTS = st.sampled_from(["", "<!-- generated -->", "<!--ä-->\n"])


@st.composite
def _newsml_texts(draw: st.DrawFn, items: st.SearchStrategy[NewsItem]) -> str:
    item = draw(items)
    body = newsml.dumps(item, xml_declaration=False)
    # Comments and the declaration are allowed to vary: users' input has them.
    prologue = draw(st.sampled_from(["", '<?xml version="1.0" encoding="UTF-8"?>\n']))
    return prologue + draw(_COMMENTS) + body


def newsml_texts(*, items: st.SearchStrategy[NewsItem] | None = None) -> st.SearchStrategy[str]:
    """Generate valid NewsML ``newsItem`` documents as text.

    Args:
        items: Strategy for the items to write (default: `news_items()`).

    Returns:
        A strategy of `str`, each one accepted by ``newsml.loads``, with or
        without an XML declaration and a leading comment.

    Raises:
        InvalidArgument: `items` is not a strategy.
    """
    check_strategy(items, "items")
    return _newsml_texts(news_items() if items is None else items)


def _dump(item: NewsItem) -> dict[str, Any]:
    # Imported late: the document codec is optional for users who only need XML.
    from newsml_codecs import document

    return document.dump(item)


def documents(
    *, items: st.SearchStrategy[NewsItem] | None = None
) -> st.SearchStrategy[dict[str, Any]]:
    """Generate valid NavigaDoc documents (JSON-ready dicts).

    Each is ``document.dump`` of a generated item, so it validates against the
    NavigaDoc schema and carries the codec's extension fields.

    Args:
        items: Strategy for the items to convert (default: `news_items()`).

    Returns:
        A strategy of `dict`.

    Raises:
        InvalidArgument: `items` is not a strategy.
    """
    check_strategy(items, "items")
    return (news_items() if items is None else items).map(_dump)


def _ninjs(version: str) -> Callable[[NewsItem], dict[str, Any]]:
    # Imported late, as `_dump`: the ninjs codec is optional for XML-only users.
    from newsml_codecs import ninjs

    def dump(item: NewsItem) -> dict[str, Any]:
        return ninjs.dump(item, version=version)

    return dump


def ninjs_documents(
    *, items: st.SearchStrategy[NewsItem] | None = None, version: str = "3.0"
) -> st.SearchStrategy[dict[str, Any]]:
    """Generate valid IPTC ninjs documents (JSON-ready dicts) of one version.

    Each is ``ninjs.dump`` of a generated item, so it validates against IPTC's
    schema of `version` and ``ninjs.load`` reads it back into an article.

    Args:
        items: Strategy for the items to write (default:
            ``news_items(complete=True)``: articles as the Writer saves them,
            with bodies, pictures, authors and concepts).
        version: The ninjs version, one of ``ninjs.WRITTEN_VERSIONS``.

    Returns:
        A strategy of `dict`.

    Raises:
        InvalidArgument: `items` is not a strategy.
        InvalidArgumentError: `version` is not one ninjs writes.
    """
    from newsml_codecs import ninjs

    check_strategy(items, "items")
    if version not in ninjs.WRITTEN_VERSIONS:
        known = ", ".join(ninjs.WRITTEN_VERSIONS)
        raise InvalidArgumentError(
            f"ninjs version {version!r} is not written (written: {known})", field="version"
        )
    return (news_items(complete=True) if items is None else items).map(_ninjs(version))


_G2_CLOCK = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2099, 12, 31)).map(
    lambda moment: moment.strftime("%Y-%m-%dT%H:%M:%SZ")
)


def _g2_package(guid: str, sent: str, refs: list[str]) -> Element:
    """A ``packageItem`` grouping `refs` (generic: the model types no package)."""
    meta = ItemMeta(
        children=(
            Element(name="itemClass", attributes=(("qcode", "ninat:composite"),)),
            Element(name="provider", attributes=(("qcode", "nprov:EXAMPLE"),)),
            Element(name="versionCreated", children=(sent,)),
        )
    )
    item_refs = tuple(Element(name="itemRef", attributes=(("residref", ref),)) for ref in refs)
    group = Element(
        name="group", attributes=(("id", "root"), ("role", "group:main")), children=item_refs
    )
    group_set = Element(name="groupSet", attributes=(("root", "root"),), children=(group,))
    attributes = (
        ("guid", guid),
        ("version", "1"),
        ("standard", "NewsML-G2"),
        ("standardversion", "2.35"),
    )
    return Element(name="packageItem", attributes=attributes, children=(meta, group_set))


@st.composite
def _g2_messages(draw: st.DrawFn, items: st.SearchStrategy[NewsItem]) -> str:
    from newsml_codecs import g2

    news = draw(st.lists(items, min_size=1, max_size=2))
    sent = draw(_G2_CLOCK)
    refs = [item.guid for item in news if item.guid]
    members: list[Any] = list(news)
    if draw(st.booleans()):
        members.append(_g2_package(f"urn:example:package:{draw(st.uuids())}", sent, refs))
    members = draw(st.permutations(members))
    header = g2.header(sent, sender=draw(st.sampled_from([None, "wire.example.com"])))
    text = g2.dumps(members, header=header, xml_declaration=False)
    if draw(st.booleans()):
        # As TT sends it: no namespace on the message (its items then have none either).
        text = text.replace(' xmlns="http://iptc.org/std/nar/2006-10-01/"', "", 1)
    prologue = draw(st.sampled_from(["", '<?xml version="1.0" encoding="UTF-8"?>\n']))
    return prologue + draw(_COMMENTS) + text


def g2_messages(*, items: st.SearchStrategy[NewsItem] | None = None) -> st.SearchStrategy[str]:
    """Generate NewsML-G2 ``newsMessage`` documents as agencies send them, as text.

    A header (``sent``, sometimes ``sender``), then one or two news items
    and sometimes a ``packageItem`` grouping them, in any order; sometimes
    without a namespace (as TT's feed), with or without an XML declaration
    and a leading comment.

    Args:
        items: Strategy for the news items (default: `news_items()`).

    Returns:
        A strategy of `str`, each one read by ``g2.loads_message``.

    Raises:
        InvalidArgument: `items` is not a strategy.
    """
    check_strategy(items, "items")
    return _g2_messages(news_items() if items is None else items)


_NINJS_WORDS = st.text(
    alphabet=st.characters(codec="utf-8", categories=("L", "N", "Zs", "P")), min_size=1, max_size=20
).filter(lambda text: text.strip() == text and text != "")
_NINJS_TIMES = _G2_CLOCK


def _name(version: str, name: str) -> str:
    """A property name as ninjs `version` spells it (2.x: lower case)."""
    return name.lower() if version.startswith("2.") else name


@st.composite
def _agency_ninjs(draw: st.DrawFn, version: str) -> dict[str, Any]:
    words = draw(st.lists(_NINJS_WORDS, min_size=1, max_size=4))
    paragraphs = draw(st.lists(_NINJS_WORDS, max_size=4))
    doc: dict[str, Any] = {
        "uri": f"http://agency.example/{draw(st.uuids())}",
        _name(version, "versionCreated"): draw(_NINJS_TIMES),
        "headlines": [{"role": "main", "value": " ".join(words)}],
        "standard": {"name": "ninjs", "version": version},
    }
    if paragraphs:
        html = "".join(f"<p>{escape(text)}</p>" for text in paragraphs)
        doc["bodies"] = [{_name(version, "contentType"): "text/html", "value": html}]
    pictures = draw(st.lists(st.integers(min_value=1, max_value=4000), max_size=2))
    if pictures:
        doc["associations"] = [
            {
                "name": f"pic{n}",
                "uri": f"http://agency.example/pic/{n}",
                "type": "picture",
                "renditions": [
                    {"name": "r", "href": f"https://agency.example/{n}.jpg", "width": width}
                ],
            }
            for n, width in enumerate(pictures)
        ]
    for field, values in (("subjects", words[:2]), ("people", words[2:])):
        doc[field] = [{"name": value} for value in values]
    return doc


def agency_ninjs(*, version: str = "3.0") -> st.SearchStrategy[dict[str, Any]]:
    """Generate ninjs objects shaped as an agency writes them (not by this library), valid for `version`.

    Each has a uri, a time, a main headline, and maybe an HTML body of
    paragraphs, picture associations with a rendition, subjects and
    people; names are 2.x's (lower case) or 3.x's (camelCase) as `version`
    says. ``ninjs.load`` makes each a Writer article with that headline,
    those paragraphs and pictures.

    Args:
        version: ``"2.1"``, ``"2.2"``, ``"3.0"`` or ``"3.1"``.

    Raises:
        InvalidArgumentError: Another version.
    """
    if version not in ("2.1", "2.2", "3.0", "3.1"):
        raise InvalidArgumentError(
            f"agency_ninjs writes 2.1, 2.2, 3.0 or 3.1, not {version!r}", field="version"
        )
    return _agency_ninjs(version)
