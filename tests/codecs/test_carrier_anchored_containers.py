"""The anchored save's first node of its kind: its container made last in its section.

An item without itemMeta ``<links>`` or contentMeta ``<metadata>`` given a
link and a content object in one save gets both containers, each after
its section's other children, holding the new nodes in the document's
order, and the anchored way builds it (no second plan of the save).
"""

from __future__ import annotations

from support import canonical
from support.carrier import saved

from newsml_codecs import newsml

HEAD = (
    '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/"'
    ' guid="6f0c5a57-0d55-4f0e-9a0b-3b1c2d4e5f60" standard="NewsML-G2"'
    ' standardversion="2.20" conformance="power" version="1">'
)
BODY = (
    '<contentSet><inlineXML><idf xmlns="http://www.infomaker.se/idf/1.0">'
    '<group type="body"><element id="p1" type="body" format="html">Opens today.</element>'
    "</group></idf></inlineXML></contentSet></newsItem>"
)
ITEM_META = (
    '<itemMeta><itemClass qcode="ninat:text"/>'
    '<itemMetaExtProperty type="imext:type" value="x-im/article"/>'
)
SOURCE = HEAD + ITEM_META + "</itemMeta><contentMeta><headline>Head</headline></contentMeta>" + BODY
IM = "http://www.infomaker.se/newsml/1.0"
SUBJECT = {
    "type": "x-im/category",
    "rel": "subject",
    "title": "Sport",
    "uuid": "03d22994-a1d1-11e5-aab3-6ed9a6c3f6f2",
}
PLACE = {
    "type": "x-im/place",
    "rel": "located",
    "title": "Here",
    "uuid": "13d22994-a1d1-11e5-aab3-6ed9a6c3f6f2",
}
TEASER = {"type": "x-im/teaser", "id": "t1", "title": "Teaser", "data": {"text": "Read"}}


def test_a_first_link_and_a_first_object_in_one_save_get_their_containers(
    ways: list[str],
) -> None:
    """Two links and an object where the item has none: itemMeta's ``<links>`` and
    contentMeta's ``<metadata>`` made last in their sections, the rest as it was."""

    def edit(doc: dict[str, object]) -> None:
        doc["links"] = [SUBJECT, PLACE]
        doc["meta"] = [TEASER]

    back = saved(SOURCE, edit)
    expected = (
        HEAD
        + ITEM_META
        + f'<links xmlns="{IM}">'
        + '<link rel="subject" type="x-im/category" uuid="{uuid}" title="Sport"/>'.format(**SUBJECT)
        + '<link rel="located" type="x-im/place" uuid="{uuid}" title="Here"/>'.format(**PLACE)
        + "</links></itemMeta><contentMeta><headline>Head</headline>"
        + f'<metadata xmlns="{IM}"><object id="t1" type="x-im/teaser" title="Teaser">'
        + "<data><text>Read</text></data></object></metadata></contentMeta>"
        + BODY
    )
    assert ["anchored"] == ways
    assert canonical(expected) == canonical(newsml.dumps(back))
