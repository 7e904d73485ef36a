"""The documents of carried originals, made once per original (`_carrier.exports`).

A save that changes the Writer's status or times compares the document
with the original's; the original is the same item at each save of a
document, so its document is made once.
"""

from __future__ import annotations

import gc
import weakref

from support.carrier import calls

from newsml_codecs import document, newsml
from newsml_codecs.document._carrier import exports
from newsml_model import examples

OPTIONS = document.make_options(None)


def test_an_original_s_document_is_made_once() -> None:
    """The second call gives the same document without dumping again; an equal item of its
    own (another carrier's original) gets its own, equal, document."""
    exports.forget_exports()
    item = newsml.loads(examples.article())
    first = exports.exported(OPTIONS, item)
    again = exports.exported(OPTIONS, item)
    twin = newsml.loads(examples.article())
    other = exports.exported(OPTIONS, twin)
    assert (True, False, True) == (first is again, other is first, other == first)
    whole = document.dump(item, carriers=False)
    assert "content" in whole  # what it leaves out: the body, which no field is read from
    assert {key: value for key, value in whole.items() if key != "content"} == first
    assert calls(lambda: exports.exported(OPTIONS, item)) < 50


def test_a_remembered_document_keeps_no_original_alive() -> None:
    """The entry holds its original weakly: an original the cache of originals let go (a
    large one) is not kept by its document, and its identity serves no later item."""
    exports.forget_exports()
    item = newsml.loads(examples.article())
    exports.exported(OPTIONS, item)
    held = weakref.ref(item)
    del item
    gc.collect()
    assert held() is None


def test_a_status_saved_twice_gives_the_same_item() -> None:
    """The Writer's status changed in two saves of one document: the second, served the
    original's document remembered, gives what the first gave."""
    doc = document.dump(newsml.loads(examples.article()))
    doc["status"] = "draft" if doc.get("status") != "draft" else "usable"
    exports.forget_exports()
    first = document.load(doc)
    assert first == document.load(doc)
    assert doc["status"] == document.dump(first, carriers=False)["status"]
