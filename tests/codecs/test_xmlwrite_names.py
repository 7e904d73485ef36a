"""The NewsML writer and names set through `newsml_model.tree`: refused, or written so they read back.

A name XML cannot carry (``"0"``, ``""``, a space, an unbound prefix,
``xmlns`` as an attribute) must never become text `newsml.loads` refuses:
`newsml.dumps` raises `InvalidArgumentError` giving the tree path instead.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from support import fixture_text

from newsml_codecs import document, newsml
from newsml_model import InvalidArgumentError, tree

ITEM = newsml.loads(fixture_text("article-full.xml"))
ELEMENTS = [path for path, node in tree.descendants(ITEM) if node.__class__ is tree.Element]
# Names the reader takes and names it does not, mixed: XML-ish shapes with
# the odd character, and any text at all.
NAMES = st.one_of(
    st.from_regex(r"\A[A-Za-z_\u00c0-\u02ff0-9\-.:\u0300\u2070\U00010000 ]{0,6}\Z"),
    st.text(max_size=6),
)
ATTRIBUTE_KEYS = st.one_of(
    NAMES,
    st.builds(lambda name: "xml:" + name, NAMES),
    st.builds(lambda uri, name: "{" + uri + "}" + name, st.sampled_from(["", "urn:a"]), NAMES),
)


def renamed(path: tree.Path, name: str) -> Any:
    """`ITEM` with the element at `path` renamed `name`."""
    return tree.update_in(ITEM, path, lambda node: tree.evolve(node, name=name))


def with_attribute(path: tree.Path, key: str) -> Any:
    """`ITEM` with attribute `key` set on the element at `path`."""
    return tree.update_in(
        ITEM,
        path,
        lambda node: tree.evolve(node, attributes=tree.set_attribute(node.attributes, key, "v")),
    )


def refused_or_read_back(item: Any, path: tree.Path) -> None:
    """`newsml.dumps(item)` refuses with the path, or writes XML that loads back equivalent."""
    try:
        text = newsml.dumps(item)
    except InvalidArgumentError as error:
        assert f"at tree path {path} cannot be written: not an XML name" in str(error), error
        assert "item" == error.field
        return
    again = newsml.dumps(newsml.loads(text))
    assert newsml.equivalent(text, again), (text, again)


@settings(deadline=None)
@given(path=st.sampled_from(ELEMENTS), name=NAMES)
@example(path=ELEMENTS[0], name="0")
@example(path=ELEMENTS[0], name="")
@example(path=ELEMENTS[0], name="xmlns")
def test_element_names_are_refused_or_read_back(path: tree.Path, name: str) -> None:
    """Any element name set through the tree: refused with its path, or read back equivalent."""
    refused_or_read_back(renamed(path, name), path)


@settings(deadline=None)
@given(path=st.sampled_from(ELEMENTS), key=ATTRIBUTE_KEYS)
@example(path=ELEMENTS[0], key="0")
@example(path=ELEMENTS[0], key="")
@example(path=ELEMENTS[0], key="xmlns")
@example(path=ELEMENTS[0], key="{}x")
def test_attribute_names_are_refused_or_read_back(path: tree.Path, key: str) -> None:
    """Any attribute key set through the tree: refused with its path, or read back equivalent."""
    refused_or_read_back(with_attribute(path, key), path)


@pytest.mark.parametrize("name", ["0", "", "a b", "a x=''", "p:q", "-a", "\u0221"], ids=repr)
def test_names_xml_cannot_carry_are_refused(name: str) -> None:
    """Each is refused as an element name and as an attribute name, naming the path."""
    path = ELEMENTS[3]
    for item, kind in ((renamed(path, name), "element"), (with_attribute(path, name), "attribute")):
        with pytest.raises(InvalidArgumentError) as raised:
            newsml.dumps(item)
        expected = f"{kind} name {name!r} at tree path {path} cannot be written: not an XML name"
        assert expected == str(raised.value)


@pytest.mark.parametrize(
    "key", ["xmlns", "xmlns:xml", "p:q", "{}x", "{http://www.w3.org/2000/xmlns/}a"]
)
def test_keys_that_would_misuse_namespaces_are_refused(key: str) -> None:
    """A default namespace declaration (it would move the element), a reserved prefix,
    an undeclared prefix, an empty or reserved namespace: refused, not written."""
    with pytest.raises(InvalidArgumentError, match="not an XML name"):
        newsml.dumps(with_attribute(ELEMENTS[3], key))


def test_good_names_are_written_and_read_back() -> None:
    """Names the reader takes, with a namespace and xml:lang, come back the same."""
    path = ELEMENTS[3]
    item = tree.update_in(
        ITEM,
        path,
        lambda node: tree.evolve(
            node,
            name="x-\u00e9l\u00e9ment.2",
            attributes=(*node.attributes, ("xml:lang", "sv"), ("{urn:a}b", "1"), ("d\u00b7e", "2")),
        ),
    )
    text = newsml.dumps(item)
    assert newsml.loads(text) == item


def test_prefixed_keys_with_their_declaration_are_written() -> None:
    """As the Writer's JXON keeps them: ``xmlns:ns0`` and ``ns0:a`` on one element, beside a
    namespaced key that needs a prefix of its own."""
    path = ELEMENTS[3]
    item = tree.update_in(
        ITEM,
        path,
        lambda node: tree.evolve(
            node, attributes=(("xmlns:ns0", "urn:a"), ("ns0:a", "1"), ("{urn:b}c", "2"))
        ),
    )
    text = newsml.dumps(item)
    loaded = tree.get_in(newsml.loads(text), path)
    assert (("{urn:a}a", "1"), ("{urn:b}c", "2")) == loaded.attributes
    assert 'xmlns:ns0="urn:a" ns0:a="1" xmlns:ns1="urn:b" ns1:c="2"' in text


def test_document_dump_refuses_an_item_with_a_bad_name() -> None:
    """The document codec's carrier writes XML too: a library error, never malformed text."""
    with pytest.raises(InvalidArgumentError, match="not an XML name"):
        document.dump(with_attribute(ELEMENTS[3], "0"))
