"""The sample article shipped with the library, the one the documentation uses.

A Writer article (``ninat:text``) about a battery plant: two authors, a
topic, a category, a place and a story, a channel and a section, a news
value and a teaser, and a body of a headline, a lead-in, paragraphs, a
subheadline and an image. Every example of the documentation reads it, so
what a page prints is what you get:

    >>> from newsml_codecs import newsml
    >>> from newsml_model import examples
    >>> newsml.loads(examples.article()).guid
    'cf7e16d6-047b-48dc-830a-45e155bf396d'

It is a file in the installed package (``newsml_model/examples/article.xml``),
so it comes with the wheel; ``python -m newsml_model.examples > article.xml``
writes it where the command-line examples expect it. Reading it is the one
piece of I/O in `newsml_model`, and only when asked for.
"""

from __future__ import annotations

from importlib import resources

__all__ = ["ARTICLE_GUID", "article"]

ARTICLE_GUID = "cf7e16d6-047b-48dc-830a-45e155bf396d"
"""The sample article's ``guid``."""


def article() -> bytes:
    """The sample article's NewsML text, as the UTF-8 bytes of the shipped file.

    Returns:
        The XML, ready for ``newsml.loads``.
    """
    return resources.files(__name__).joinpath("article.xml").read_bytes()
