"""The anchored save of a list's items, a list's or a package's products, a planning item's coverages.

A list's content blocks are its ``<items>/<item>`` nodes, both kinds'
channel links their ``<products>/<product>`` nodes, and a planning item's
assignment links its ``<newsCoverageSet>/<newsCoverage>``, one node per block: the
anchors point at them, so an edit of the items or the channels keeps what
the reference drops of the others (an attribute, a child) where they stand,
in the document's order. The list's meta block (description and limit) and
a package's cover and item list are made of several nodes or taken out of
itemMeta: their edits decline to the patch way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from support import canonical, fixture_text
from support.carrier import replaced, saved

import newsml_model as nm
from newsml_codecs import newsml

Edit = Callable[[dict[str, Any]], object]

ITEM_1 = '<item uuid="0e6f8d2a-1b3c-4d5e-9f0a-1b2c3d4e5f60" type="Article"/>'
ITEM_2 = '<item uuid="0e6f8d2a-1b3c-4d5e-9f0a-1b2c3d4e5f61" type="Article"/>'
ITEM_3 = '<item uuid="0e6f8d2a-1b3c-4d5e-9f0a-1b2c3d4e5f62" type="Package"/>'
HIDDEN_2 = '<item uuid="0e6f8d2a-1b3c-4d5e-9f0a-1b2c3d4e5f61" type="article" pos="2"/>'
WEB = '<product uuid="5b0ad1a4-3c0e-4a55-9f6a-1d2b3c4d5e12">Web</product>'
HIDDEN_WEB = '<product uuid="5b0ad1a4-3c0e-4a55-9f6a-1d2b3c4d5e12" code="w">Web</product>'
ESG = '<product uuid="">esg</product>'


LIST = replaced(replaced(fixture_text("kind-list.xml"), ITEM_2, HIDDEN_2), WEB, HIDDEN_WEB)
"""kind-list.xml with what the reference drops on the second item (its type's case, an
attribute) and on the Web product (an attribute)."""


def test_list_items_reversed_keep_what_the_reference_drops(ways: list[str]) -> None:
    """The items reversed: each item node comes back whole, in the document's order."""
    back = saved(LIST, lambda doc: doc["content"].reverse())
    assert ["anchored"] == ways
    expected = replaced(replaced(LIST, ITEM_1, "@1"), ITEM_3, ITEM_1).replace("@1", ITEM_3)
    assert newsml.loads(expected) == back


def test_a_list_item_removed_leaves_the_others_whole(ways: list[str]) -> None:
    """The first item removed: it goes with its line; the second keeps its hidden attribute."""
    back = saved(LIST, lambda doc: doc["content"].pop(0))
    assert ["anchored"] == ways
    assert canonical(replaced(LIST, ITEM_1, "")) == canonical(newsml.dumps(back))


def test_a_list_item_added_is_written_as_the_reference_writes_it(ways: list[str]) -> None:
    """A new item between the first two: ``<item type="Article">`` there, the rest as it was."""
    new = {"uuid": "0e6f8d2a-1b3c-4d5e-9f0a-1b2c3d4e5f63", "type": "x-im/article"}
    back = saved(LIST, lambda doc: doc["content"].insert(1, new))
    assert ["anchored"] == ways
    made = '<item uuid="0e6f8d2a-1b3c-4d5e-9f0a-1b2c3d4e5f63" type="Article"/>'
    assert canonical(replaced(LIST, ITEM_1, ITEM_1 + made)) == canonical(newsml.dumps(back))


def test_every_list_item_removed_keeps_the_items_element_and_its_limit(
    ways: list[str],
) -> None:
    """The items emptied: ``<items limit="30"/>`` stays (the document still shows the limit)."""
    back = saved(LIST, lambda doc: doc.pop("content"))
    assert ["anchored"] == ways
    assert isinstance(back, nm.ItemList)
    items = back.find("items")
    assert items is not None and ("30", []) == (items.get("limit"), list(items.elements()))


def test_a_product_renamed_keeps_its_attribute(ways: list[str]) -> None:
    """The Web channel renamed: its ``<product>`` keeps ``code``, the other channel is untouched."""

    def rename(doc: dict[str, Any]) -> None:
        web = next(b for b in doc["links"] if b.get("title") == "Web")
        web["title"] = "Webb"

    back = saved(LIST, rename)
    assert ["anchored"] == ways
    renamed = HIDDEN_WEB.replace(">Web<", ">Webb<")
    assert canonical(replaced(LIST, HIDDEN_WEB, renamed)) == canonical(newsml.dumps(back))


def test_products_emptied_keep_the_products_element(ways: list[str]) -> None:
    """Both channels removed: ``<products/>`` stays, as the reference always writes it."""

    def unchannel(doc: dict[str, Any]) -> None:
        doc["links"] = [b for b in doc["links"] if b.get("rel") != "channel"]

    back = saved(LIST, unchannel)
    assert ["anchored"] == ways
    expected = replaced(replaced(LIST, HIDDEN_WEB, ""), ESG, "")
    assert canonical(expected) == canonical(newsml.dumps(back))


PACKAGE = fixture_text("kind-package.xml")


def test_a_package_channel_added_goes_into_its_products(ways: list[str]) -> None:
    """A new channel link after the package's one: a ``<product>`` after its ``<product>``."""
    new = {"rel": "channel", "type": "x-im/channel", "title": "Print", "uuid": "p-1"}
    back = saved(PACKAGE, lambda doc: doc["links"].insert(1, new))
    assert ["anchored"] == ways
    made = '<product uuid="p-1">Print</product>'
    assert canonical(replaced(PACKAGE, WEB, WEB + made)) == canonical(newsml.dumps(back))


def test_a_package_cover_changed_declines(ways: list[str]) -> None:
    """The cover is taken out of itemMeta into ``<cover>`` by the reference: the patch way."""

    def recover(doc: dict[str, Any]) -> None:
        cover = next(b for b in doc["links"] if b.get("rel") == "cover")
        cover["uuid"] = "c-2"

    back = saved(PACKAGE, recover)
    assert ["patch"] == ways
    assert isinstance(back, nm.Package)
    cover = back.find("cover")
    assert cover is not None and "c-2" == cover.get("uuid")


PLANNING = fixture_text("kind-planningitem.xml")
"""A planning item of two coverages: the first holds a <planning> the reference drops, the
second a channel link (x-im/imchn) the reference drops."""


def _assignment(doc: dict[str, Any], id_: str) -> dict[str, Any]:
    return next(b for b in doc["links"] if b.get("id") == id_)


def test_a_planning_items_coverages_reversed_keep_what_the_reference_drops(
    ways: list[str],
) -> None:
    """The two assignments (x-im/assignment link blocks) swapped: each ``<newsCoverage>``
    comes back whole, with its ``<planning>`` or its channel link, in the new order."""

    def swap(doc: dict[str, Any]) -> None:
        first, second = _assignment(doc, "assignment-1"), _assignment(doc, "assignment-2")
        i, j = doc["links"].index(first), doc["links"].index(second)
        doc["links"][i], doc["links"][j] = second, first

    back = saved(PLANNING, swap)
    assert ["anchored"] == ways
    assert isinstance(back, nm.PlanningItem)
    text = newsml.dumps(back)
    assert text.index('id="assignment-2"') < text.index('id="assignment-1"')
    assert "<g2contentType>text/plain</g2contentType>" in text
    assert 'type="x-im/imchn"' in text


def test_a_coverage_edited_in_place_keeps_what_the_reference_drops(ways: list[str]) -> None:
    """The first assignment's author retitled: its ``<planning>`` stays."""

    def retitle(doc: dict[str, Any]) -> None:
        author = next(
            b for b in _assignment(doc, "assignment-1")["links"] if b.get("rel") == "author"
        )
        author["title"] = "Jane Roe"

    back = saved(PLANNING, retitle)
    assert ["anchored"] == ways
    text = newsml.dumps(back)
    assert "<g2contentType>text/plain</g2contentType>" in text
    assert 'title="Jane Roe"' in text and 'title="Jane Doe"' not in text


def test_every_coverage_removed_keeps_the_coverage_set(ways: list[str]) -> None:
    """Both assignments removed: the empty ``<newsCoverageSet>`` stays, as the reference
    always writes it."""

    def unassign(doc: dict[str, Any]) -> None:
        doc["links"] = [b for b in doc["links"] if b.get("type") != "x-im/assignment"]

    back = saved(PLANNING, unassign)
    assert ["anchored"] == ways
    assert isinstance(back, nm.PlanningItem)
    assert "<newsCoverageSet" in newsml.dumps(back)
    assert "newsCoverage " not in newsml.dumps(back)
