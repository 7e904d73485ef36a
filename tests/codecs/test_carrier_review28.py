"""The anchored save on inputs where its rules met the reference's reading (an adversarial review).

Each test gives an item, an edit of its document, and what the loaded item
must show: the user's value, with what the reference drops kept where the
user did not touch it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from support import canonical, fixture_text
from support.carrier import agrees, oracle, stripped, visible

import newsml_model as nm
from newsml_codecs import document, newsml

Edit = Callable[[dict[str, Any]], object]

HEAD = (
    '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/"'
    ' guid="0f6c2c1e-2b1a-4d8e-9a57-3c1f6b0d2e11" standard="NewsML-G2"'
    ' standardversion="2.20" conformance="power" version="1">'
)
BODY = """
  <contentSet>
    <inlineXML>
      <idf xmlns="http://www.infomaker.se/idf/1.0">
        <group type="body">
          <element id="p1" type="body" format="html">Opens today.</element>
        </group>
      </idf>
    </inlineXML>
  </contentSet>
</newsItem>"""


def news(meta: str) -> str:
    """A newsItem whose sections before its body are `meta`."""
    return HEAD + meta + BODY


def saved(text: str, *edits: Edit) -> nm.AnyItem:
    """NewsML `text` dumped with its carrier, edited in place by `edits` in turn, and loaded."""
    doc = document.dump(newsml.loads(text))
    for edit in edits:
        edit(doc)
    back = document.load(doc)
    assert stripped(doc) == document.dump(back, carriers=False)
    return back


TWO_META = news("""
  <itemMeta>
    <itemClass qcode="ninat:text"/>
    <itemMetaExtProperty type="imext:type" value="x-im/article"/>
  </itemMeta>
  <itemMeta>
    <title>Old</title>
  </itemMeta>""")
"""A newsItem whose title is in its second itemMeta (the document reads every itemMeta)."""


def retitle(title: str) -> Edit:
    """The edit giving the document `title`."""

    def edit(doc: dict[str, Any]) -> None:
        doc["title"] = title
        if not title:
            del doc["title"]  # as a reader sees it

    return edit


def test_a_title_in_a_second_item_meta_takes_the_new_title(ways: list[str]) -> None:
    """The title `dump` shows comes from the second itemMeta: that ``<title>`` takes the edit."""
    back = saved(TWO_META, retitle("New"))
    assert ["anchored"] == ways
    assert canonical(TWO_META.replace(">Old<", ">New<")) == canonical(newsml.dumps(back))


def test_a_title_in_a_second_item_meta_is_emptied(ways: list[str]) -> None:
    """An emptied title removes the second itemMeta's ``<title>`` too (it would still show)."""
    back = saved(TWO_META, retitle(""))
    assert ["anchored"] == ways
    assert canonical(TWO_META.replace("<title>Old</title>", "")) == canonical(newsml.dumps(back))


NOTES_AND_SERVICES = news("""
  <itemMeta>
    <itemClass qcode="ninat:text"/>
    <service qcode="svc:a"/>
    <edNote>Note one</edNote>
    <service qcode="svc:b"/>
    <edNote>Note two</edNote>
    <itemMetaExtProperty type="imext:type" value="x-im/article"/>
  </itemMeta>""")
"""Services (links) and notes (meta) alternating in itemMeta."""


def test_services_reversed_leave_the_notes_in_their_order(ways: list[str]) -> None:
    """Only the services reversed: the notes, another list, stay where they are.

    Each note followed a service as what the links list does not show, and
    travelled with it: the notes came back reversed too.
    """
    back = saved(NOTES_AND_SERVICES, lambda doc: doc["links"].reverse())
    assert ["anchored"] == ways
    meta = back.item_meta
    assert meta is not None
    services = [c.qcode for c in meta.children if isinstance(c, nm.Service)]
    notes = [c.text for c in meta.children if isinstance(c, nm.Element) and c.name == "edNote"]
    assert (["svc:b", "svc:a"], ["Note one", "Note two"]) == (services, notes)


def test_notes_reversed_leave_the_services_in_their_order(ways: list[str]) -> None:
    """Only the notes reversed: the services stay where they are, the notes swap."""

    def reverse(doc: dict[str, Any]) -> None:
        doc["meta"].reverse()
        for at, note in enumerate(doc["meta"]):
            note["id"] = str(at)  # a note's id is its place (`dump` numbers them)

    back = saved(NOTES_AND_SERVICES, reverse)
    assert ["anchored"] == ways
    expected = (
        NOTES_AND_SERVICES.replace(">Note one<", ">@<")
        .replace(">Note two<", ">Note one<")
        .replace(">@<", ">Note two<")
    )
    assert canonical(expected) == canonical(newsml.dumps(back))


def loaded(text: str, edit: Edit) -> nm.AnyItem:
    """NewsML `text` dumped with its carrier, edited in place by `edit`, loaded under the law."""
    doc = document.dump(newsml.loads(text))
    edit(doc)
    back = document.load(doc)
    assert agrees(document.dump(back, carriers=False), stripped(doc), visible(oracle(doc)))
    return back


LIST = fixture_text("kind-list.xml").replace(
    'type="Package"/>', 'type="Package"><kept xmlns="urn:desk"/></item>'
)
"""kind-list.xml whose third item holds a child the reference drops."""


def test_an_item_given_a_title_no_node_holds_keeps_its_child(ways: list[str]) -> None:
    """A title on a list's item, which ``<item>`` cannot hold: the item keeps its hidden child.

    The merge of the edited block with its node was kept only when its
    block was exactly the edited one, which no node can be here: the item
    was written as the reference writes it, without its child.
    """
    back = loaded(LIST, lambda doc: doc["content"][2].update(title="Not held"))
    assert ["anchored"] == ways
    assert canonical(LIST) == canonical(newsml.dumps(back))


PLANNING = fixture_text("kind-planningitem.xml")


def test_an_assignment_given_a_title_keeps_its_channel_link(ways: list[str]) -> None:
    """A title on an assignment link (its coverage holds none): its channel link stays.

    The reference shows the coverage's ``x-im/imchn`` link but does not
    write it back; the merge kept it only for an edit NewsML holds whole.
    """

    def entitle(doc: dict[str, Any]) -> None:
        second = next(b for b in doc["links"] if b.get("id") == "assignment-2")
        second["title"] = "Not held"

    back = loaded(PLANNING, entitle)
    assert ["anchored"] == ways
    assert canonical(PLANNING) == canonical(newsml.dumps(back))
