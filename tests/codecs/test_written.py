"""The writer copies the text it wrote of an original's nodes where a later save writes them
again (`newsml_codecs._xmlwritten.Written`), and the text is the same, byte for byte."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from support import FIXTURES, KIND_FIXTURES

from newsml_codecs import _xmlwritten, document, newsml
from newsml_codecs._xmlwrite import serialize
from newsml_codecs._xmlwritten import Written
from newsml_codecs.document._carrier.original import OriginalCache
from newsml_model import Element, InvalidArgumentError, ItemMeta
from newsml_model.tree import with_children

SUBJECT = {
    "uuid": "03d22994-a1d1-11e5-aab3-6ed9a6c3f6f2",
    "title": "Subject",
    "type": "x-im/category",
    "rel": "subject",
}
IMEXT = "http://www.infomaker.se/newsml/1.0"
NAR = "http://iptc.org/std/nar/2006-10-01/"


def edited(doc: dict[str, Any], text: str) -> dict[str, Any]:
    """`doc` with a reporter's edit: the first text block's text (else the title), a link."""
    out = copy.deepcopy(doc)
    block = next(
        (b for b in out.get("content") or () if isinstance((b.get("data") or {}).get("text"), str)),
        None,
    )
    if block is None:
        out["title"] = text
    else:
        block["data"]["text"] = text
    out.setdefault("links", []).append(dict(SUBJECT))
    return out


class Counted:
    """`write_element` of `_xmlwritten`, counting its calls (the nodes written anew)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        self._write = _xmlwritten.write_element
        monkeypatch.setattr(_xmlwritten, "write_element", self)

    def __call__(self, *args: Any) -> None:
        self.calls += 1
        self._write(*args)


@pytest.mark.parametrize("name", [*KIND_FIXTURES, "document-article.xml"])
def test_saves_write_what_the_item_writes(name: str) -> None:
    """Every save of an edited document, the first and the next ones (which copy the
    original's nodes as the first wrote them), is the text of its item written anew."""
    doc = document.from_newsml((FIXTURES / name).read_bytes())
    document._PATCHES.clear()  # as for a document not seen before
    for text in ("Edited.", "Edited again.", "Edited again."):
        changed = edited(doc, text)
        expected = newsml.dumps(document.load(changed))
        if name.startswith("kind-"):  # a newsItem's save copies its text as read: equivalent
            assert expected == document.to_newsml(changed)
        else:
            assert newsml.equivalent(expected, document.to_newsml(changed))


def test_later_writes_copy_the_shared_nodes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Items sharing the original's nodes are written with their text copied: a section
    the save made is written element by element, its nodes of the original whole (then
    recorded), and at the next write only the nodes the save made are written anew."""
    item = newsml.loads((FIXTURES / "kind-planningitem.xml").read_bytes())
    at = next(i for i, c in enumerate(item.children) if isinstance(c, ItemMeta))
    section = item.children[at]

    def with_note(n: str) -> Any:
        note = Element(name="note", attributes=(("n", n),))
        changed = with_children(section, (*section.children, note))
        return with_children(item, (*item.children[:at], changed, *item.children[at + 1 :]))

    written = Written(item)
    assert serialize(item) == serialize(item, write_child=written.write)
    first = with_note("1")
    counted = Counted(monkeypatch)
    assert serialize(first) == serialize(first, write_child=written.write)
    # the section's children, recorded whole (the first write recorded the section whole)
    assert 1 + sum(not isinstance(c, str) for c in section.children) == counted.calls
    counted.calls = 0
    second = with_note("2")
    text = serialize(second, write_child=written.write)
    assert serialize(second) == text
    assert 1 == counted.calls  # the new note alone


def test_a_node_elsewhere_is_written_anew() -> None:
    """A recorded node written under another parent or namespace is written there anew:
    the text the reader reads back in that place, not the one recorded."""
    inner = Element(name="a", attributes=(("x", "1"),), children=("text",), namespace=NAR)
    root = newsml.loads((FIXTURES / "kind-planningitem.xml").read_bytes())
    item = with_children(root, (Element(name="p", children=(inner,)),))
    written = Written(item)
    assert '<p><a x="1">text</a></p>' in serialize(item, write_child=written.write)
    moved = with_children(root, (Element(name="p", children=(inner,), namespace=IMEXT),))
    expected = serialize(moved)
    assert f'<p xmlns="{IMEXT}"><a xmlns="{NAR}" x="1">text</a></p>' in expected
    assert expected == serialize(moved, write_child=written.write)


def test_a_bad_name_is_refused_as_without_the_copy() -> None:
    """A name XML cannot carry under a node the save made is refused as the plain writer
    refuses it, naming the path."""
    root = newsml.loads((FIXTURES / "kind-planningitem.xml").read_bytes())
    item = with_children(root, (Element(name="p", children=(Element(name="a b"),)),))
    with pytest.raises(InvalidArgumentError) as plain:
        serialize(item)
    with pytest.raises(InvalidArgumentError) as copied:
        serialize(item, write_child=Written(root).write)
    assert str(plain.value) == str(copied.value)


def test_an_original_is_recorded_from_its_second_save() -> None:
    """The cache of originals gives one `Written` per original it keeps from its second save
    on, the same at every save (the first save writes as without it); none for a carrier
    too long to keep (its original is read anew at every save)."""
    item = newsml.loads((FIXTURES / "kind-planningitem.xml").read_bytes())
    other = newsml.loads((FIXTURES / "kind-list.xml").read_bytes())
    cache = OriginalCache(max_text=8)
    assert cache.written(item, "12345678") is None
    second = cache.written(item, "12345678")
    assert second is not None
    assert second is cache.written(item, "12345678")
    assert cache.written(other, "12345678") is None
    assert second is not cache.written(other, "12345678")
    assert cache.written(item, "123456789") is None


def _parts_read(monkeypatch: pytest.MonkeyPatch, count: int) -> int:
    """`element_parts` calls of writing an item of `count` sections the save made again,
    after the original's own were recorded."""
    root = newsml.loads((FIXTURES / "kind-planningitem.xml").read_bytes())
    sections = tuple(Element(name=f"x{i}", children=(Element(name="y"),)) for i in range(count))
    item = with_children(root, sections)
    written = Written(item)
    serialize(item, write_child=written.write)
    again = with_children(item, tuple(with_children(s, s.children) for s in sections))
    calls = [0]
    parts = _xmlwritten.element_parts

    def counted(node: Any, parent_name: str = "") -> Any:
        calls[0] += 1
        return parts(node, parent_name)

    monkeypatch.setattr(_xmlwritten, "element_parts", counted)
    assert serialize(again) == serialize(again, write_child=written.write)
    return calls[0]


def test_sections_the_save_made_cost_linear_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding the original's node each node a save made stands for reads each original
    node once: twice the sections, about twice the reads (not four times)."""
    small, large = _parts_read(monkeypatch, 300), _parts_read(monkeypatch, 600)
    assert small > 0
    assert large <= 2.1 * small


def _refusal(item: Any, written: Written | None = None) -> str:
    """The message of the refusal to write `item` (with `written`, its recorded text)."""
    with pytest.raises(InvalidArgumentError) as refused:
        serialize(item, write_child=None if written is None else written.write)
    return str(refused.value)


def test_a_character_xml_cannot_carry_is_refused_copied_or_not() -> None:
    """A character XML 1.0 cannot carry is refused with the plain writer's message whether
    it is in a node whose text was recorded (and is copied) or in one the save made."""
    root = newsml.loads((FIXTURES / "kind-planningitem.xml").read_bytes())
    bad = Element(name="p", attributes=(("a", "x\x01y"),), children=("t",))
    good = Element(name="q", children=("fine",))
    item = with_children(root, (good, bad))
    written = Written(item)
    expected = _refusal(item)
    assert "\\x01" in expected
    assert [expected, expected] == [_refusal(item, written), _refusal(item, written)]
    made = with_children(root, (good, Element(name="r", children=("z\x02",))))
    assert _refusal(made) == _refusal(made, written)
