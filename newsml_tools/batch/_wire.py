"""Conversions from and to the wire formats: agencies' NewsML-G2, IPTC ninjs (internal).

Internal to `newsml_tools.batch` (its public names are re-exported there).
Where `newsml_tools.batch._work.convert_bytes` turns one NewsML file into one
document and back, a wire conversion reads a source format (``newsml``,
``document``, ``g2``, ``ninjs``) into items and writes each in a target
format (``document``, ``newsml``, ``ninjs``): an agency's ``newsMessage``
gives one output per text item (a message of pictures one per picture), a
ninjs collection one per object.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

from newsml_codecs import document, g2, jsontext, newsml, ninjs
from newsml_model import AnyItem, DecodeError, InvalidArgumentError, NewsItem
from newsml_tools.batch._interrupts import interrupts_checked

__all__ = [
    "FROM_FORMATS",
    "G2",
    "NINJS",
    "TO_FORMATS",
    "check_choice",
    "from_format_of",
    "ninjs_problems",
    "numbered",
    "wire_outputs",
]

NINJS = "ninjs"
"""IPTC ninjs: JSON, read in any version, written as ninjs 3.0."""
G2 = "g2"
"""NewsML-G2 as agencies send it: a ``newsMessage`` or one item."""
FROM_FORMATS = ("newsml", "document", G2, NINJS)
"""What a conversion reads (``--from``)."""
TO_FORMATS = ("document", "newsml", NINJS)
"""What a conversion writes (``--to``)."""
_BY_SUFFIX = {".xml": "newsml", ".json": "document"}


def from_format_of(path: str | os.PathLike[str], given: str | None) -> str | None:
    """`given`, else what a suffix says (``.xml`` NewsML, ``.json`` a document), else None."""
    return given if given is not None else _BY_SUFFIX.get(Path(path).suffix.lower())


def _items(data: bytes, from_format: str, converter: document.Converter) -> tuple[AnyItem, ...]:
    if from_format == G2:
        items = g2.loads(data)
        articles = g2.articles(items)
        if not articles:
            # A feed of pictures (or video): an article showing each.
            news = [item for item in items if isinstance(item, NewsItem)]
            articles = tuple(g2.to_article(item, items=items) for item in news)
        if not articles:
            raise DecodeError("no news item to make an article of (packages, concepts, plans)")
        return articles
    if from_format == NINJS:
        found = ninjs.loads(data)
        return found if isinstance(found, tuple) else (found,)
    if from_format == "document":
        return (converter.loads(data),)
    return (newsml.loads(data),)


def _written(item: AnyItem, to: str, converter: document.Converter, indent: int | None) -> bytes:
    if to == NINJS:
        if not isinstance(item, NewsItem):
            raise InvalidArgumentError(
                f"ninjs holds news items, not a {item.element_name}", field="item"
            )
        return ninjs.dumps(item, indent=indent).encode("utf-8")
    if to == "document":
        if indent is not None:
            return converter.dumps(item, indent=indent).encode("utf-8")
        return jsontext.dumpb(converter.dump(item))
    return newsml.dumps(item, indent=indent).encode("utf-8")


def wire_outputs(
    data: bytes,
    to: str,
    from_format: str,
    converter: document.Converter | None = None,
    indent: int | None = None,
) -> list[bytes]:
    """Every output of one input: one per item the source format gives.

    Args:
        data: The input's bytes.
        to: One of `TO_FORMATS`.
        from_format: One of `FROM_FORMATS`.
        converter: The document converter (None: the reference's defaults).
        indent: Pretty output for people; None for compact text.

    Returns:
        The outputs, UTF-8, no final newline, in the input's order.

    Raises:
        NewsItemError: The input cannot be read or written (saying where);
            a feed without a text item is a `DecodeError`.
        KeyboardInterrupt: Ctrl-C during the conversion (see `interrupts_checked`).
        SystemExit: SIGTERM in a pool worker (the pool's stop) during the conversion.
    """
    converter = document.Converter() if converter is None else converter
    # Guarded here, as `convert_bytes` is, so that every caller (one file of
    # `newsml convert` too, not only a batch job) stops on a swallowed interrupt.
    with interrupts_checked():
        items = _items(data, from_format, converter)
        return [_written(item, to, converter, indent) for item in items]


def numbered(target: str, count: int) -> list[str]:
    """The output files of an input with `count` outputs: `target` alone, else ``<stem>-1<suffix>``..."""
    if count == 1:
        return [target]
    path = Path(target)
    return [os.fspath(path.with_name(f"{path.stem}-{n}{path.suffix}")) for n in range(1, count + 1)]


def ninjs_problems(data: bytes) -> list[str]:
    """The problems of a ninjs file (an object or a collection) against IPTC's schema of its version."""
    try:
        value = json.loads(data)
    except (ValueError, RecursionError) as error:
        return [f"not JSON: {error}"]
    return ninjs.errors(value)


def check_choice(name: str, value: str | None, allowed: Sequence[str]) -> None:
    """Raise `InvalidArgumentError` (field `name`) unless `value` is None or one of `allowed`."""
    if value is not None and value not in allowed:
        raise InvalidArgumentError(
            f"{name} must be one of {', '.join(allowed)} or None, not {value!r}", field=name
        )
