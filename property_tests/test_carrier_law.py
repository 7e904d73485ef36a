"""The carrier law, as a stateful test: edits win over the ``x-newsml/patch`` carrier.

On any document D made by ``document.dump`` (with its carrier) and any edit E
of it (delete, duplicate, swap or reverse blocks, links, meta or properties
at the top level and nested; change a title, a value, a data entry; set or
remove the status, a time or the language), the item
loaded from E shows every visible field as E does, or, where NewsML cannot
hold the edit, as the conversion without the carrier makes it (the oracle).
"Visible" is the reference document of the loaded item; ``support.carrier``
says how the comparison goes. The documents come from every item kind the
strategies make, and from the Writer's corpus, the golden corpus's inputs
and the fixtures when present.

The Writer's save through the service (`document.to_newsml`, which copies
the original's unchanged nodes as text) must read back as `document.load`'s
item after every edit.

`document.load` checks this law itself on every edited document (its own
comparison, ``_carrier/law.py``) and leaves out the part of the carrier that
would break it; this test states the law independently of that check.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from support import CORPUS, FIXTURES
from support import carrier as ce
from support.reference import REFERENCE

import newsml_model as nm
from newsml_codecs import document, newsml
from newsml_model.strategies import any_items


def _file_documents() -> list[dict[str, Any]]:
    """The carrier-bearing documents of the corpus, the golden corpus's inputs (items of every
    kind the reference converted) and the fixture files that convert."""
    out = []
    paths = [
        *sorted(CORPUS.rglob("*.xml")),
        *sorted((REFERENCE / "forward").glob("*/*.xml")),
        *sorted(FIXTURES.glob("*.xml")),
    ]
    for path in paths:
        try:
            doc = document.from_newsml(path.read_bytes())  # as the Writer opens: a skeleton
        except nm.NewsItemError:
            continue  # snippets and inputs the converter refuses
        if any(p.get("name") == ce.CARRIER_PROPERTY for p in doc.get("properties", ())):
            out.append(doc)
    return out


FILES = _file_documents()
LIST_OPS = st.sampled_from(["delete", "duplicate", "swap", "reverse"])
VALUE_OPS = st.sampled_from(["title", "value", "data", "add-data", "drop-data"])
TEXT = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), min_size=1, max_size=8)
TIMES = st.builds(
    "2026-{:02d}-{:02d}T{:02d}:{:02d}:00Z".format,
    st.integers(1, 12),
    st.integers(1, 28),
    st.integers(0, 23),
    st.integers(0, 59),
)
FIELDS = st.one_of(
    st.tuples(st.just("status"), st.sampled_from(["draft", "done", "usable", "canceled", ""])),
    st.tuples(st.sampled_from(["published", "unpublished", "created", "modified"]), TIMES),
    st.tuples(st.just("language"), st.sampled_from(["sv", "en-GB", ""])),
)
"""A field of the Writer's meta panel and its new value ("": removed)."""


def _dumped(item: Any) -> dict[str, Any] | None:
    """The document of `item` when it has a carrier; None when refused or without one."""
    try:
        # from its text, as the Writer opens: a newsItem's carrier holds a skeleton
        doc = document.from_newsml(newsml.dumps(item))
    except nm.NewsItemError:
        return None  # a drawn item the converter refuses (an assignment without item class)
    return (
        doc
        if any(p.get("name") == ce.CARRIER_PROPERTY for p in doc.get("properties", ()))
        else None
    )


def _documents() -> st.SearchStrategy[dict[str, Any]]:
    generated = any_items().map(_dumped).filter(lambda doc: doc is not None)
    if FILES:
        return st.one_of(st.sampled_from(FILES), generated)
    return generated


class CarrierLaw(RuleBasedStateMachine):
    """Edits applied one after another to one document; the law checked after each."""

    def __init__(self) -> None:
        super().__init__()
        self.doc: dict[str, Any] = {}

    @initialize(doc=_documents())
    def start(self, doc: dict[str, Any]) -> None:
        """A document with its carrier."""
        self.doc = copy.deepcopy(doc)

    @precondition(lambda self: bool(ce.block_lists(self.doc)))
    @rule(data=st.data(), op=LIST_OPS, i=st.integers(0, 50), j=st.integers(0, 50))
    def edit_a_list(self, data: st.DataObject, op: str, i: int, j: int) -> None:
        """Delete, duplicate, swap or reverse blocks of one list, top level or nested."""
        lists = ce.block_lists(self.doc)
        ce.list_edit(lists[data.draw(st.integers(0, len(lists) - 1))], op, i, j)

    @precondition(lambda self: bool(ce.blocks_of(self.doc)))
    @rule(data=st.data(), op=VALUE_OPS, text=TEXT)
    def edit_a_value(self, data: st.DataObject, op: str, text: str) -> None:
        """Change a title, a value or a data entry of one block or property."""
        blocks = ce.blocks_of(self.doc)
        ce.value_edit(blocks[data.draw(st.integers(0, len(blocks) - 1))], op, text)

    @rule(field=FIELDS)
    def edit_a_field(self, field: tuple[str, str]) -> None:
        """Set or remove the status, a time or the language (the Writer's meta panel)."""
        name, value = field
        if value:
            self.doc[name] = value
        else:
            self.doc.pop(name, None)

    @rule(text=TEXT)
    def edit_the_title(self, text: str) -> None:
        """Change the document's own title."""
        self.doc["title"] = text

    @invariant()
    def edits_win(self) -> None:
        """The loaded item shows the edit, or what the converter makes of it without the carrier."""
        if not self.doc:
            return
        try:
            want = ce.visible(ce.oracle(self.doc))
        except nm.NewsItemError:
            # The converter refuses the edited document itself (a time that
            # is not one): the carrier must not make it acceptable or crash.
            try:
                ce.visible(self.doc)
            except nm.NewsItemError:
                return
            raise AssertionError("the carrier made a refused document load") from None
        got = ce.visible(self.doc)
        assert ce.agrees(got, ce.stripped(self.doc), want), (got, want)

    @invariant()
    def the_writers_save_is_the_load(self) -> None:
        """`document.to_newsml` (the service's save, nodes copied as text) reads back as
        ``newsml.dumps(load)`` does: the same item when read, as `to_newsml` promises.

        (Not as `load`'s item itself: that holds a block loaded anew as the reference
        writes it, an IDF link's id after its other attributes, which the reader types.)
        """
        if not self.doc:
            return
        try:
            loaded = document.load(self.doc)
        except nm.NewsItemError as error:
            try:
                document.to_newsml(self.doc)
            except nm.NewsItemError as same:
                assert str(same) == str(error)
                return
            raise AssertionError("to_newsml took a document load refuses") from None
        assert newsml.loads(document.to_newsml(self.doc)) == newsml.loads(newsml.dumps(loaded))


TestCarrierLaw = CarrierLaw.TestCase
# A few edits per document (the profile sets the number of documents). No
# explain or shrink phase: both re-run a failing case's conversions for
# minutes on this machine, past the suite's 300 s timeout; the steps of the
# case found are shown as drawn.
TestCarrierLaw.settings = settings(
    # Ten times the profile's examples of 8 steps (CI: 500, about 20 s): each is
    # cheap (small documents), the law is the carrier's contract, and a run of 600
    # examples of 10 steps found a defect 200 of 6 had not (a data entry removed
    # from an object edited in place; 1,500 of 10 pass by hand).
    max_examples=settings.default.max_examples * 10,
    stateful_step_count=8,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target],
)
