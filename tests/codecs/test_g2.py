"""The NewsML-G2 codec: agencies' messages and items read losslessly and written back."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import fixture_text
from support.g2_files import fragment_params, g2_documents, params

import newsml_model as nm
from newsml_codecs import g2, newsml

MESSAGE = fixture_text("g2-message.xml")


def _round_trip(message: g2.Message) -> str:
    """A single item comes back as its own document, a message as a message."""
    if message.header is None and len(message.items) == 1:
        return g2.dumps_item(message.items[0])
    return g2.dumps(message)


@pytest.mark.parametrize("path", params(g2_documents()))
def test_every_published_g2_document_round_trips(path: Path) -> None:
    """Every NewsML-G2 document of the wire material reads and comes back equivalent."""
    raw = path.read_bytes()
    message = g2.loads_message(raw)
    written = _round_trip(message)
    assert g2.equivalent(raw, written)
    assert message.items == g2.loads(written)


@pytest.mark.parametrize(("path", "root"), fragment_params())
def test_fragments_are_refused_with_a_library_error(path: Path, root: str) -> None:
    """A bare groupSet, contentSet or contentMeta listing is a fragment, named as such."""
    with pytest.raises(g2.FragmentError) as caught:
        g2.loads(path.read_bytes())
    assert root == caught.value.kind
    assert isinstance(caught.value, nm.UnsupportedItemKindError)
    assert "fragment" in str(caught.value)


def test_the_message_keeps_its_header_and_items_in_order() -> None:
    """The header is kept whole; items are typed records, or generic elements."""
    message = g2.loads_message(MESSAGE)
    assert message.header is not None
    assert "wire.example.com" == message.header.find_text("sender")
    kinds = [type(item).__name__ for item in message.items]
    assert ["Element", "NewsItem", "NewsItem", "NewsItem"] == kinds
    package = message.items[0]
    assert isinstance(package, nm.Element)
    assert "packageItem" == package.name
    assert isinstance(package.children[0], nm.ItemMeta)
    assert message.items == g2.loads(MESSAGE)


def test_an_item_in_a_message_is_the_same_item_sent_alone() -> None:
    """An item read from a message equals the same item read from its own document."""
    item = g2.loads(MESSAGE)[1]
    assert isinstance(item, nm.NewsItem)
    assert (item,) == g2.loads(newsml.dumps(item))
    assert item == newsml.loads(g2.dumps_item(item))


def test_bodies_stay_as_sent() -> None:
    """NITF inlineXML, inlineData text and remoteContent renditions are all kept."""
    _, text, picture, plain = g2.loads(MESSAGE)
    assert isinstance(text, nm.NewsItem) and isinstance(picture, nm.NewsItem)
    assert isinstance(plain, nm.NewsItem)
    assert text.content_set is not None and picture.content_set is not None
    inline = text.content_set.find("inlineXML")
    assert inline is not None
    nitf = inline.find("nitf")
    assert nitf is not None
    assert "http://iptc.org/std/NITF/2006-10-18/" == nitf.namespace
    renditions = [r.get("rendition") for r in picture.content_set.elements("remoteContent")]
    assert ["rnd:thumbnail", "rnd:highRes"] == renditions
    assert plain.content_set is not None
    data = plain.content_set.find("inlineData")
    assert data is not None
    assert "First paragraph.\n\nSecond paragraph." == data.text


def test_dumps_writes_a_message_of_items_under_a_header() -> None:
    """Items and a made header give a message that reads back the same."""
    items = g2.loads(MESSAGE)
    head = g2.header("2024-05-02T08:00:00Z", sender="desk.example.com", priority=3)
    written = g2.dumps(items, header=head)
    again = g2.loads_message(written)
    assert items == again.items
    assert head == again.header
    assert g2.equivalent(written, g2.dumps(again, indent=2))


def test_a_header_given_with_a_message_replaces_its_own() -> None:
    """dumps(message, header=...) keeps the items and changes the header."""
    head = g2.header("2030-01-01T00:00:00Z")
    again = g2.loads_message(g2.dumps(g2.loads_message(MESSAGE), header=head))
    assert head == again.header
    assert g2.loads(MESSAGE) == again.items


def test_a_document_without_namespace_is_read_as_g2() -> None:
    """A namespace-less message (as TT sends) is equivalent to its G2 rewrite."""
    bare = MESSAGE.replace(' xmlns="http://iptc.org/std/nar/2006-10-01/"', "")
    assert g2.loads(bare) == g2.loads(MESSAGE)
    assert g2.equivalent(bare, g2.dumps(g2.loads_message(bare)))


def test_equivalent_tells_different_documents_apart() -> None:
    """A changed headline is not equivalent, in text or as records."""
    changed = MESSAGE.replace("<headline>Short</headline>", "<headline>Long</headline>")
    assert not g2.equivalent(MESSAGE, changed)
    assert not g2.equivalent(g2.loads_message(MESSAGE), g2.loads_message(changed))
    assert g2.equivalent(g2.loads_message(MESSAGE), MESSAGE)


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ("<newsMessage><header/><itemSet>loose text</itemSet></newsMessage>", "itemSet/text()"),
        ("<newsMessage><itemSet/><header/></newsMessage>", "newsMessage/header"),
        ("<newsMessage><header/></newsMessage>", "newsMessage"),
        ("<newsMessage><itemSet><foo/></itemSet></newsMessage>", "itemSet/foo[1]"),
        ("<newsMessage><itemSet/><itemSet/></newsMessage>", "newsMessage/itemSet"),
    ],
)
def test_a_malformed_message_names_where(text: str, path: str) -> None:
    """A message that is not one header then one itemSet of items: MessageError with a path."""
    with pytest.raises(g2.MessageError) as caught:
        g2.loads(text)
    assert caught.value.path.endswith(path)
    assert isinstance(caught.value, nm.DecodeError)


@pytest.mark.parametrize("root", ["NewsML", "nitf", "planning", "package", "list"])
def test_other_roots_are_unsupported(root: str) -> None:
    """NewsML 1.x, NITF and Naviga's own kinds are no NewsML-G2 documents."""
    with pytest.raises(nm.UnsupportedItemKindError) as caught:
        g2.loads(f"<{root}/>")
    assert root == caught.value.kind
    assert "newsMessage" in caught.value.supported


BOMB = (
    '<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa">'
    '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><newsMessage>&b;</newsMessage>'
)
EXTERNAL = '<!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]><packageItem>&x;</packageItem>'


@pytest.mark.parametrize(
    ("source", "error"),
    [
        (BOMB, nm.ForbiddenXMLError),
        (EXTERNAL, nm.ForbiddenXMLError),
        (
            "<newsMessage>" + "<a>" * 200_000 + "</a>" * 200_000 + "</newsMessage>",
            nm.LimitExceededError,
        ),
        ("<packageItem>" + "<g>" * 300 + "</g>" * 300 + "</packageItem>", nm.LimitExceededError),
        (
            b"<newsMessage><header><sent>\xff\xfe</sent></header></newsMessage>",
            nm.MalformedXMLError,
        ),
        (b"<newsMessage><itemSet>", nm.MalformedXMLError),
        (42, nm.DecodeError),
    ],
    ids=["entity-bomb", "external-entity", "200k-levels", "deep-package", "bad-utf8", "cut", "int"],
)
def test_hostile_input_meets_the_newsml_limits(source: object, error: type[Exception]) -> None:
    """Bombs, external entities, depth, bad bytes: the NewsML reader's documented errors."""
    with pytest.raises(error):
        g2.loads(source)  # type: ignore[arg-type]


def test_size_and_depth_limits_are_the_callers() -> None:
    """max_bytes and max_depth apply to the message and to its items."""
    with pytest.raises(nm.LimitExceededError):
        g2.loads(MESSAGE, max_bytes=100)
    with pytest.raises(nm.LimitExceededError):
        g2.loads(MESSAGE, max_depth=5)
    assert 4 == len(g2.loads(MESSAGE, max_depth=12))


@pytest.mark.parametrize(
    ("items", "field"),
    [
        ("<newsItem/>", "items"),
        ([nm.Element(name="contentSet")], "items[0]"),
        ([nm.Package()], "items[0]"),
        (5, "items"),
    ],
)
def test_dumps_refuses_what_is_no_item(items: object, field: str) -> None:
    """Anything but NewsML-G2 items is an InvalidArgumentError naming the argument."""
    with pytest.raises(nm.InvalidArgumentError) as caught:
        g2.dumps(items)  # type: ignore[arg-type]
    assert field == caught.value.field


def test_header_checks_its_arguments() -> None:
    """An empty sent time or a priority outside 1-9 is refused by name."""
    with pytest.raises(nm.InvalidArgumentError) as caught:
        g2.header("")
    assert "sent" == caught.value.field
    with pytest.raises(nm.InvalidArgumentError) as caught:
        g2.header("2024-01-01T00:00:00Z", priority=10)
    assert "priority" == caught.value.field
    with pytest.raises(nm.InvalidArgumentError) as caught:
        g2.dumps([], header=nm.Element(name="sent"))
    assert "header" == caught.value.field
