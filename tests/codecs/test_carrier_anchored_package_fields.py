"""The anchored save of a package whose properties changed (the Writer's setHasPublishedVersion).

A package's document reads its itemMeta's ext properties as a newsItem's
does, beside three of its own (``published``, its attribute; ``type`` and
``category``, its elements). A property of the itemMeta changed is written
into its ext property (added after the last one) the anchored way; one of
its own, or one the package's load leaves out of its itemMeta, declines to
the patch way, which writes it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import canonical, fixture_text
from support.carrier import saved as loaded

from newsml_codecs import document, newsml
from newsml_codecs.document._carrier import fields
from newsml_codecs.document._config import resolve

URL = '<itemMetaExtProperty type="imext:url" value="https://example.org/election"/>'
MARK = '<itemMetaExtProperty type="imext:haspublishedversion" value="true"/>'


def _set(name: str, value: str) -> Any:
    """The Writer's setExtProperty as the document shows it (sorted, the carrier last)."""

    def edit(doc: dict[str, Any]) -> None:
        props = doc.get("properties") or []
        carrier = [p for p in props if p.get("name") == document.CARRIER_PROPERTY]
        rest = [p for p in props if p.get("name") not in (name, document.CARRIER_PROPERTY)]
        rest.append({"name": name, "value": value})
        doc["properties"] = sorted(rest, key=lambda p: p["name"]) + carrier

    return edit


def test_a_packages_property_is_its_itemmeta_ext_property(ways: list[str]) -> None:
    """setHasPublishedVersion on a package: the ext property is added after its itemMeta's
    last, the anchored way, and the rest of the package stays as it was."""
    source = fixture_text("kind-package.xml")
    back = newsml.dumps(loaded(source, _set("imext:haspublishedversion", "true")))
    assert ["anchored"] == ways
    assert canonical(source.replace(URL, URL + MARK)) == canonical(back)


def test_a_packages_status_and_property_in_one_save(ways: list[str]) -> None:
    """A status and a property changed together: the package's own <pubStatus> (and its
    itemMeta's) and the new ext property, the anchored way."""
    source = fixture_text("kind-package.xml")

    def edit(doc: dict[str, Any]) -> None:
        doc["status"] = "draft"
        _set("imext:haspublishedversion", "true")(doc)

    back = newsml.dumps(loaded(source, edit))
    assert ["anchored"] == ways
    expected = source.replace("<pubStatus>public</pubStatus>", "<pubStatus>draft</pubStatus>")
    expected = expected.replace(
        '<pubStatus qcode="stat:usable"/>', '<pubStatus qcode="imext:draft"/>'
    )
    assert canonical(expected.replace(URL, URL + MARK)) == canonical(back)


@pytest.mark.parametrize(
    ("name", "value", "shown"),
    [
        pytest.param("type", "blog", "<type>blog</type>", id="type: its own element"),
        pytest.param("category", "sport", "<category>sport</category>", id="category"),
        pytest.param("published", "false", 'published="false"', id="published: its attribute"),
    ],
)
def test_a_packages_own_property_declines(
    ways: list[str], name: str, value: str, shown: str
) -> None:
    """A property the package says with its own attribute or elements: the patch way, which
    writes it there as the reference does."""
    back = newsml.dumps(loaded(fixture_text("kind-package.xml"), _set(name, value)))
    assert ["patch"] == ways
    assert shown in back
    assert f'type="{name}"' not in back


def test_a_property_the_packages_load_leaves_out_declines(ways: list[str]) -> None:
    """An ext property the reference leaves out of a package's itemMeta (imext:cover): the
    patch way, which writes none either (the carrier law judges it)."""
    doc = document.dump(newsml.loads(fixture_text("kind-package.xml")))
    _set("imext:cover", "c")(doc)
    back = newsml.dumps(document.load(doc))
    assert ["patch"] == ways
    assert 'type="imext:cover"' not in back


def test_a_package_without_itemmeta_declines(ways: list[str]) -> None:
    """No itemMeta to write the ext property into: the patch way, the property written."""
    source = fixture_text("kind-package.xml")
    start, end = source.index("<itemMeta>"), source.index("</itemMeta>") + len("</itemMeta>")
    back = newsml.dumps(loaded(source[:start] + source[end:], _set("x:new", "n")))
    assert ["patch"] == ways
    assert '<itemMetaExtProperty type="x:new" value="n"/>' in back


@pytest.mark.parametrize("name", ["type", "category", "published", "imext:type", "Category"])
def test_a_packages_own_property_is_not_written_as_an_ext_property(name: str) -> None:
    """`refielded_item` declines a package's own property (or one its load leaves out of its
    itemMeta, in any case) before the result is dumped to be judged: an ext property of that
    name is not what the document reads."""
    package = newsml.loads(fixture_text("kind-package.xml"))
    changed = {"properties": ([], [{"name": name, "value": "v"}])}
    assert fields.refielded_item(resolve(None), package, changed) is None


def test_a_packages_other_property_is_written_into_its_itemmeta() -> None:
    """An ext property the package's itemMeta may hold is added after its last one."""
    package = newsml.loads(fixture_text("kind-package.xml"))
    changed = {"properties": ([], [{"name": "x:new", "value": "v"}])}
    got = fields.refielded_item(resolve(None), package, changed)
    assert got is not None
    assert URL + '<itemMetaExtProperty type="x:new" value="v"/>' in newsml.dumps(got)
