"""Language of the article: ``xml:lang`` and ``dir`` of the idf element (description §4.3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from newsml_model import tree
from newsml_model._args import EditorConfig, LanguageParts, coerce
from newsml_model._attributes import set_attribute
from newsml_model._change import Change, DocumentChanged, LanguageChanged
from newsml_model._item import NewsItem
from newsml_model._nodes import Element
from newsml_model.newsitem import _tree
from newsml_model.newsitem._common import check_sender, check_str
from newsml_model.shapes import EditorConfigMapping


def get_language_parts(item: NewsItem) -> LanguageParts | None:
    """``xml:lang`` of ``contentSet > inlineXML > idf`` split on ``-``, and ``dir``.

    Returns:
        ``LanguageParts(type="sv", subtype="SE", direction="ltr")``; parts
        beyond the second are ignored. None when there is no idf or no
        ``xml:lang`` (the Writer crashes there).
    """
    idf = item.idf
    if idf is None:
        return None
    lang = idf.get("xml:lang")
    if not lang:
        return None
    parts = lang.split("-")
    return LanguageParts(
        type=parts[0],
        subtype=parts[1] if len(parts) > 1 else None,
        direction=idf.get("dir"),
    )


def get_locale(
    item: NewsItem, config: EditorConfig | EditorConfigMapping | Mapping[str, Any] | None = None
) -> str | None:
    """The article locale written with an underscore (``sv_SE``).

    With only a bare language (``sv``) the fallback table of `config` gives
    the locale; failing that, the configured ``language``.

    Args:
        item: The item.
        config: An `EditorConfig` or its mapping; None means no fallbacks and
            no configured language.

    Returns:
        The locale, or None when neither the article nor the configuration has one.

    Raises:
        InvalidArgumentError: A bad `config`.
    """
    settings = EditorConfig() if config is None else coerce(EditorConfig, config, "config")
    parts = get_language_parts(item)
    if parts is not None and parts.type and parts.subtype:
        return f"{parts.type}_{parts.subtype}"
    if parts is not None and parts.type:
        for language, locale in settings.locale_fallbacks:
            if language == parts.type:
                return locale
    return settings.language


def set_language(
    item: NewsItem, name: str, language_code: str, text_direction: str = "ltr"
) -> Change:
    """Set ``xml:lang`` (first ``_`` made ``-``) and ``dir`` on the idf (created if missing, D3).

    Events: ``language/update`` (data None: the Writer's ``{}``), then
    `LanguageChanged` with the code as given.

    Raises:
        InvalidArgumentError: A non-string code or direction.
    """
    sender = check_sender(name)
    code = check_str(language_code, "language_code")
    direction = check_str(text_direction, "text_direction")
    item, path = _tree.ensure_idf(item)

    def relabel(idf: Element) -> Element:
        updated = set_attribute(idf.attributes, "xml:lang", code.replace("_", "-", 1))
        return tree.evolve(idf, attributes=set_attribute(updated, "dir", direction))

    item = tree.update_in(item, path, relabel)
    return Change(
        item=item,
        events=(
            DocumentChanged(sender=sender, type="language", action="update", data=None),
            LanguageChanged(language_code=code, text_direction=direction, sender=sender),
        ),
    )
