"""Hypothesis strategies for the wire formats: NewsML text and NavigaDoc documents.

They build on `newsml_model.strategies` and the codecs themselves, so what
they generate is exactly what the codecs write: valid NewsML that
``newsml.loads`` reads, documents that ``schema.validate`` accepts. Needs the
``hypothesis`` extra.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from newsml_codecs import newsml
from newsml_model import NewsItem
from newsml_model.strategies import check_strategy, news_items

__all__ = ["documents", "newsml_texts"]

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
