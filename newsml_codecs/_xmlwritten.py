"""An item's nodes as the writer wrote them, copied where it writes the same node again; internal.

An edited document's save writes the carried original's nodes again
wherever the user left their blocks alone: the very records, which the
result shares with the original (frozen), in the same places. On the
kinds other than a newsItem that is most of the item (their original is
two to three times what the reference keeps), and writing it cost as
much as their whole save without the carrier. `Written` records the text
of the original's nodes the first time a save writes them and copies it
at the next: the text of a record written under the same parent name
and namespace in scope never changes, so the output is the same, byte
for byte, as the nodes written anew. So is the text of a node a caller keeps
across saves besides (`keep_text`: the node an anchored save made of a block
the user added, which stays new at every later save).
"""

from __future__ import annotations

from typing import Any

from newsml_codecs._bounded import keep
from newsml_codecs._xmlchars import not_xml_character
from newsml_codecs._xmlescape import escape_text
from newsml_codecs._xmlraw import Raw
from newsml_codecs._xmlwrite import TYPED, CheckedText, write_element, write_start
from newsml_model.tree import element_parts


class Written:
    """The text written of one item's nodes at its first `DEEPEST` levels, by node.

    Only the item's own nodes are recorded (a node a save made is not met
    again; one `keep_text` marked has its text kept in the mark), each with its parent's name and the namespace in scope it was
    written under: written elsewhere, it is written anew. A node is the
    item's own when it is, by identity, a child of the item's node it
    stands in: the root, and in a node the save made, the item's node of
    the same element (`_known`). Nothing is walked beforehand, which
    a first save would pay for. Shared by the threads saving the same
    original, it stays sound: each records the same text of a node.
    """

    DEEPEST = 3
    """The deepest level recorded (the item's sections: 1; their containers: 2; blocks: 3)."""

    __slots__ = ("_children", "_item", "_texts")

    def __init__(self, item: Any) -> None:
        self._item = item
        # by node id: the node, its parent's name, the namespace in scope, its text
        self._texts: dict[int, _Entry] = {}
        # by id of an item's node: its children's ids, and its first child with children
        # of each class and element name (each node's read once: linear however many
        # nodes a save made stand in it)
        self._children: dict[int, tuple[frozenset[int], dict[tuple[type, str], Any]]] = {}

    def write(self, node: Any, parent_name: str, default_ns: str, out: list[str]) -> None:
        """`write_element` of a child of the item's root (`serialize`'s ``write_child``)."""
        known = self._known(self._item, parent_name)[0]
        self._write(node, parent_name, default_ns, out, 1, self._item, known)

    def _write(
        self,
        node: Any,
        parent_name: str,
        default_ns: str,
        out: list[str],
        level: int,
        origin: Any,
        known: frozenset[int],
    ) -> None:
        """`write_element` of `node` at `level`: the text recorded of it in this place, else
        written whole and recorded when it is one of `origin`'s children (`known`: their
        ids), the item's node it stands in (None: none).

        A node the save made is written element by element down to
        `DEEPEST`, so the item's nodes inside it are copied, or recorded.
        """
        key = id(node)
        text = _recorded(self._texts.get(key), node, parent_name, default_ns)
        if text is not None:
            out.append(text)
            return
        if key in known:
            # whole, not element by element: a later save that changes a node inside it
            # writes its other nodes whole and records them then
            self._texts[key] = (
                node,
                parent_name,
                default_ns,
                _whole(node, parent_name, default_ns, out),
            )
            return
        kept = _KEPT.get(key)
        if kept is not None and kept[0] is node:
            # a node marked (`keep_text`): its text kept in the mark, not here, so however
            # many originals write marked nodes, at most `MOST_KEPT` texts are held
            text = _recorded(kept, node, parent_name, default_ns)
            if text is not None:
                out.append(text)
                return
            text = _whole(node, parent_name, default_ns, out)
            if key in _KEPT:  # (not forgotten meanwhile: the table stays bounded)
                _KEPT[key] = (node, parent_name, default_ns, text)
            return
        kind = node.__class__
        # (a child that is no record has no children: write_element says what it is)
        if (
            level < self.DEEPEST
            and kind is not Raw
            and kind not in TYPED
            and getattr(node, "children", None)
        ):
            self._write_content(node, parent_name, default_ns, out, level, origin)
        else:
            write_element(node, parent_name, default_ns, out)

    def _write_content(
        self,
        node: Any,
        parent_name: str,
        default_ns: str,
        out: list[str],
        level: int,
        origin: Any,
    ) -> None:
        """What `write_element` writes of a node with children, its children by `_write`,
        known among the children of the item's node of the same element in `origin`."""
        name, namespace, attributes, children = element_parts(node, parent_name)
        default_ns = write_start(name, namespace, attributes, default_ns, out)
        out.append(">")
        own = (
            None
            if origin is None
            else self._known(origin, parent_name)[1].get((node.__class__, name))
        )
        known = _NONE if own is None else self._known(own, name)[0]
        for child in children:
            if child.__class__ is str:
                out.append(escape_text(child))
            else:
                self._write(child, name, default_ns, out, level + 1, own, known)
        out.append("</" + name + ">")

    def _known(self, origin: Any, name: str) -> tuple[frozenset[int], dict[tuple[type, str], Any]]:
        """The ids of `origin`'s children (an item's node, element `name`), and its first
        child with children of each class and element name (the item's node a node the
        save made stands for), read once."""
        found = self._children.get(id(origin))
        if found is None:
            ids = frozenset(id(child) for child in origin.children if child.__class__ is not str)
            firsts: dict[tuple[type, str], Any] = {}
            for child in origin.children:
                if child.__class__ is not str and getattr(child, "children", None):
                    firsts.setdefault((child.__class__, element_parts(child, name)[0]), child)
            found = self._children[id(origin)] = (ids, firsts)
        return found


def _recorded(entry: _Entry | None, node: Any, parent_name: str, default_ns: str) -> str | None:
    """The text `entry` recorded of `node` written under `parent_name` with `default_ns` in
    scope, None where it recorded none there (or another node's, its id reused)."""
    if entry is None or entry[0] is not node or entry[1] != parent_name or entry[2] != default_ns:
        return None
    return entry[3]


def _whole(node: Any, parent_name: str, default_ns: str, out: list[str]) -> str:
    """`write_element` of `node` onto `out`, and the text it wrote (checked, where it is)."""
    start = len(out)
    write_element(node, parent_name, default_ns, out)
    text = "".join(out[start:])
    if not_xml_character(text) is None:  # the writer need not search it when copied
        return CheckedText(text)
    return text


_NONE: frozenset[int] = frozenset()

MOST_KEPT = 1024
"""The most nodes `keep_text` marks (as many as the anchored save remembers it made)."""
_Entry = tuple[Any, str, str, str | None]
"""A node, its parent's name and the namespace in scope it was written under, and the text
written of it there (None: not yet)."""
_KEPT: dict[int, _Entry] = {}
"""The nodes `keep_text` marked, by id (held, so an id names one node while it is here), with
the text a `Written` last wrote of each, its parent's name and the namespace in scope it was
written under (None: not written yet)."""


def keep_text(node: Any) -> None:
    """Mark `node` as one its caller keeps across saves: a `Written` that writes it records
    its text in the mark (not in itself: the marks bound them all), and any `Written` copies
    it at the next save that writes it in the same place, whatever the original.

    At most `MOST_KEPT` are marked, the oldest forgotten first (a race of two threads may
    forget another's mark, or keep one more: a node unmarked is only written anew).
    """
    keep(_KEPT, id(node), (node, "", "", None), MOST_KEPT)
