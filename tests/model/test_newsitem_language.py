"""Language and locale of the article (description §4.3; spec §6.1; decision D17)."""

from __future__ import annotations

import pytest
import support

import newsml_model as nm
from newsml_codecs import jxon, newsml
from newsml_model import newsitem

FULL = newsml.loads(support.fixture_text("article-full.xml"))
BARE = newsml.loads(support.fixture_text("api-bare.xml"))
CONFIG = nm.EditorConfig(language="en_US", locale_fallbacks=(("sv", "sv_FI"), ("da", "da_DK")))


def with_lang(lang: str) -> nm.NewsItem:
    return newsitem.set_language(FULL, "p", lang).item


def test_language_parts() -> None:
    """xml:lang split on '-', and dir; None without idf or xml:lang."""
    assert nm.LanguageParts(
        type="sv", subtype="SE", direction="ltr"
    ) == newsitem.get_language_parts(FULL)
    assert {"type": "sv", "subtype": "SE", "direction": "ltr"} == jxon.dump(
        newsitem.get_language_parts(FULL)
    )
    bare_language = newsitem.set_language(BARE, "p", "sv", "ltr").item
    assert {"type": "sv", "direction": "ltr"} == jxon.dump(
        newsitem.get_language_parts(bare_language)
    )
    assert newsitem.get_language_parts(BARE) is None


def test_get_locale_rules() -> None:
    """Full code: xx_YY; bare language: fallback table, then the configured language (D17)."""
    assert "sv_SE" == newsitem.get_locale(FULL)
    assert "sv_FI" == newsitem.get_locale(with_lang("sv"), CONFIG)
    assert "en_US" == newsitem.get_locale(with_lang("nb"), CONFIG)
    assert "en_US" == newsitem.get_locale(BARE, CONFIG)
    assert newsitem.get_locale(with_lang("nb")) is None
    assert "sv_FI" == newsitem.get_locale(
        with_lang("sv"), {"language": "x", "localeFallbacks": {"sv": "sv_FI"}}
    )


def test_get_locale_bad_config() -> None:
    """A config that is not an EditorConfig or mapping names `config`."""
    with pytest.raises(nm.InvalidArgumentError) as raised:
        newsitem.get_locale(FULL, "sv")  # type: ignore[arg-type]
    assert "config" == raised.value.field


def test_set_language_sanitises_and_emits_two_events() -> None:
    """The first '_' becomes '-'; dir is set; language/update then LanguageChanged with the original code."""
    change = newsitem.set_language(FULL, "p", "en_GB_x", "rtl")
    idf = change.item.idf
    assert idf is not None
    assert ("en-GB_x", "rtl") == (idf.get("xml:lang"), idf.get("dir"))
    assert (
        nm.DocumentChanged(sender="p", type="language", action="update"),
        nm.LanguageChanged(language_code="en_GB_x", text_direction="rtl", sender="p"),
    ) == change.events


def test_set_language_creates_the_idf() -> None:
    """Without contentSet > inlineXML > idf, it is created in the IDF namespace (D3)."""
    xml = newsml.dumps(newsitem.set_language(BARE, "p", "sv-SE").item)
    assert (
        '<contentSet><inlineXML><idf xmlns="http://www.infomaker.se/idf/1.0" xml:lang="sv-SE" dir="ltr"/></inlineXML></contentSet></newsItem>'
        in xml
    )


def test_set_language_bad_arguments() -> None:
    """Non-string code or direction: InvalidArgumentError naming it."""
    with pytest.raises(nm.InvalidArgumentError) as raised:
        newsitem.set_language(FULL, "p", None)  # type: ignore[arg-type]
    assert "language_code" == raised.value.field
    with pytest.raises(nm.InvalidArgumentError) as raised:
        newsitem.set_language(FULL, "p", "sv", 1)  # type: ignore[arg-type]
    assert "text_direction" == raised.value.field
