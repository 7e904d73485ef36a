"""A block edited in place keeps its node's layout: a child the user removed goes with the
layout before it (`_carrier.merge`), so the item the save writes reads back as it was made."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from support.carrier import stripped

from newsml_codecs import document, newsml
from newsml_model.tree import element_parts

ARTICLE = """<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="g1" version="1">
    <itemMeta>
        <itemClass qcode="ninat:text"/>
        <title>T</title>
        <itemMetaExtProperty type="imext:type" value="x-im/article"/>
    </itemMeta>
    <contentMeta>
        <metadata xmlns="http://www.infomaker.se/newsml/1.0">
            <object id="n1" type="x-im/newsvalue">
                <data>
                    <score>1</score>
                    <description>Removed by the user</description>

                    <text>PT6H</text>
                    <duration>3600</duration>
                </data>
            </object>
        </metadata>
    </contentMeta>
</newsItem>"""


def _edited() -> dict[str, Any]:
    """The article's document with the news value's description removed, as the Writer does."""
    doc = document.from_newsml(ARTICLE)
    meta = next(block for block in doc["meta"] if block["type"] == "x-im/newsvalue")
    del meta["data"]["description"]
    return doc


def _data(item: Any) -> Any:
    """The news value object's ``<data>`` element of `item`."""
    meta = next(c for c in item.children if element_parts(c, "")[0] == "contentMeta")
    metadata = next(c for c in meta.children if not isinstance(c, str))
    obj = next(c for c in metadata.children if not isinstance(c, str))
    return next(c for c in obj.children if not isinstance(c, str))


def test_a_removed_data_child_goes_with_the_layout_before_it() -> None:
    """No two layout texts side by side where the child was: the item `load` makes is the
    one its NewsML reads back as, and the Writer's save (`to_newsml`) writes that NewsML."""
    doc = _edited()
    loaded = document.load(doc)
    children = _data(loaded).children
    assert not any(isinstance(a, str) and isinstance(b, str) for a, b in pairwise(children))
    assert newsml.loads(newsml.dumps(loaded)) == loaded
    assert loaded == newsml.loads(document.to_newsml(doc))


def test_the_other_data_children_keep_their_layout() -> None:
    """The children left as they were keep their own layout (the blank line before the text)
    and the document shows the edit."""
    doc = _edited()
    loaded = document.load(doc)
    kept = list(_data(loaded).children)
    names = [element_parts(c, "")[0] for c in kept if not isinstance(c, str)]
    assert ["score", "text", "duration"] == names
    assert "\n\n                    " in [c for c in kept if isinstance(c, str)]
    assert stripped(doc)["meta"] == document.dump(loaded, carriers=False)["meta"]
