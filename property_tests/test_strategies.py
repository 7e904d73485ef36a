"""The exported strategies: registration, argument validation, and the corners they reach."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument, NoSuchExample

import newsml_model as nm
from newsml_codecs import strategies as codec_strategies
from newsml_model import strategies
from newsml_model._strategies._item import ITEM_CLASSES

RECORD_TYPES = [
    nm.NewsItem,
    nm.Link,
    nm.Links,
    nm.ContentMetaObject,
    nm.Metadata,
    nm.Service,
    nm.ExtProperty,
    nm.ItemMeta,
    nm.ContentMeta,
    nm.Element,
]


def _run(code: str) -> str:
    """Run `code` in a fresh interpreter of this environment; return its stdout."""
    done = subprocess.run(
        [sys.executable, "-W", "error", "-c", code], capture_output=True, text=True, timeout=120
    )
    assert 0 == done.returncode, done.stderr
    return done.stdout.strip()


def test_from_type_works_in_a_fresh_interpreter_without_importing_ours() -> None:
    """Importing Hypothesis registers every record type through the entry point.

    The hook imports no strategies module until a test asks for a type.
    """
    code = (
        "import sys\n"
        "from hypothesis import find, strategies as st\n"
        "assert 'newsml_model.strategies' not in sys.modules\n"
        "assert 'newsml_model._strategies._types' not in sys.modules\n"
        "from newsml_model import NewsItem\n"
        "item = find(st.from_type(NewsItem), lambda i: i.content_meta is not None)\n"
        "print(type(item).__name__)\n"
    )
    assert "NewsItem" == _run(code)


def test_the_model_imports_without_hypothesis() -> None:
    """The model and the NewsML codec never import Hypothesis (it is an optional extra)."""
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'hypothesis':\n"
        "            raise ImportError('hypothesis is not installed')\n"
        "sys.meta_path.insert(0, Block())\n"
        "import newsml_model\n"
        "from newsml_codecs import newsml\n"
        "print(newsml.loads('<newsItem xmlns=\"http://iptc.org/std/nar/2006-10-01/\"/>').children)\n"
    )
    assert "()" == _run(code)


@pytest.mark.parametrize("kind", RECORD_TYPES, ids=lambda kind: kind.__name__)
@settings(max_examples=5)
@given(data=st.data())
def test_every_record_type_resolves(kind: type, data: st.DataObject) -> None:
    """``st.from_type`` draws an instance of each record type."""
    assert isinstance(data.draw(st.from_type(kind)), kind)


BAD_ARGUMENTS: list[tuple[Callable[..., Any], dict[str, Any]]] = [
    (strategies.news_items, {"item_classes": "ninat:text"}),
    (strategies.news_items, {"links": [nm.Link()]}),
    (strategies.news_items, {"content_meta_objects": 3}),
    (strategies.news_items, {"unknown_elements": "yes"}),
    (strategies.links, {"types": "x-im/author"}),
    (strategies.links, {"rels": ["subject"]}),
    (strategies.links, {"max_depth": -1}),
    (strategies.links, {"max_depth": 99}),
    (strategies.links, {"max_depth": 1.5}),
    (strategies.links, {"max_depth": True}),
    (strategies.content_meta_objects, {"types": "x-im/teaser"}),
    (strategies.content_meta_objects, {"max_depth": "2"}),
    (codec_strategies.newsml_texts, {"items": nm.NewsItem()}),
    (codec_strategies.documents, {"items": "<newsItem/>"}),
]


@pytest.mark.parametrize(("function", "kwargs"), BAD_ARGUMENTS)
def test_bad_arguments_raise_invalid_argument(
    function: Callable[..., Any], kwargs: dict[str, Any]
) -> None:
    """Options are validated when the strategy is made, with Hypothesis's InvalidArgument."""
    with pytest.raises(InvalidArgument):
        function(**kwargs)


@pytest.mark.parametrize(
    "function",
    [strategies.news_items, strategies.links, strategies.content_meta_objects],
    ids=lambda f: f.__name__,
)
def test_options_are_keyword_only(function: Callable[..., Any]) -> None:
    """Positional options are a TypeError: the signature is keyword-only."""
    with pytest.raises(TypeError):
        function(st.just("x"))


@given(
    strategies.news_items(
        item_classes=st.just("ninat:picture"), links=strategies.links(types=st.just("x-im/image"))
    )
)
def test_options_steer_generation(item: nm.NewsItem) -> None:
    """Strategies passed as options are what the generated items hold."""
    assert item.item_class in (None, "ninat:picture")
    for section in (item.item_meta, item.content_meta):
        for link in () if section is None else section.links:
            assert link.type in (None, "x-im/image")


@given(strategies.news_items())
def test_editor_state_stays_at_defaults(item: nm.NewsItem) -> None:
    """No codec writes editor state, so generated items leave it at its defaults."""
    assert (None, None, False) == (item.temporary_id, item.etag, item.invalid)


def _nodes(node: Any) -> Iterator[Any]:
    yield node
    for child in getattr(node, "children", ()):
        yield from _nodes(child)


def _has(predicate: Callable[[Any], bool]) -> Callable[[nm.NewsItem], bool]:
    return lambda item: any(predicate(node) for node in _nodes(item))


def _mixed(node: Any) -> bool:
    children = getattr(node, "children", ())
    return any(isinstance(c, str) and c.strip() for c in children) and any(
        isinstance(c, nm.Element) for c in children
    )


CORNERS: dict[str, Callable[[nm.NewsItem], bool]] = {
    "mixed content": _has(_mixed),
    "nested links": _has(lambda n: isinstance(n, nm.Link) and bool(n.links)),
    "link data": _has(lambda n: isinstance(n, nm.Link) and n.data is not None),
    "object in a link's meta": _has(lambda n: isinstance(n, nm.Link) and bool(n.meta)),
    "metadata object": _has(lambda n: isinstance(n, nm.ContentMetaObject)),
    "foreign namespace": _has(
        lambda n: isinstance(n, nm.Element) and n.namespace not in (None, nm.IDF)
    ),
    "foreign attribute": _has(
        lambda n: any(k.startswith("{") for k, _ in getattr(n, "attributes", ()))
    ),
    "empty attribute value": _has(lambda n: any(v == "" for _, v in getattr(n, "attributes", ()))),
    "empty element": _has(lambda n: isinstance(n, nm.Element) and not n.children),
    "non-ASCII text": _has(lambda n: isinstance(n, str) and not n.isascii()),
    "whitespace-only text": _has(lambda n: isinstance(n, str) and n.isspace()),
    "idf body": lambda item: item.idf is not None,
    "remote content": _has(lambda n: isinstance(n, nm.Element) and n.name == "remoteContent"),
    "service": _has(lambda n: isinstance(n, nm.Service)),
    "ext property": _has(lambda n: isinstance(n, nm.ExtProperty)),
    "ninat:text": lambda item: "ninat:text" == item.item_class,
    "ninat:picture": lambda item: "ninat:picture" == item.item_class,
    "ninat:graphic": lambda item: "ninat:graphic" == item.item_class,
    "ninat:video": lambda item: "ninat:video" == item.item_class,
    "custom item class": lambda item: (
        item.item_class not in (None, "") and not item.item_class.startswith("ninat:")
    ),
    "no sections at all": lambda item: item.item_meta is None and item.content_meta is None,
}


# The item-class corners are rare in whole items (about one in fifty): the
# default profile finds them among the item classes the strategy draws, and
# checks on whole items only that some class is drawn; the ci profile
# searches whole items for each of them.
ITEM_CLASS_CORNERS = ("ninat:text", "ninat:picture", "ninat:graphic", "ninat:video")


def _thorough() -> bool:
    return settings.default.max_examples >= 30  # the ci profile


def test_generated_items_reach_the_hard_corners() -> None:
    """Each hard corner of the format shows up in generated items.

    One search for all corners: every generated item is checked against each
    of them, so the search costs as much as the rarest corner, not the sum.
    """
    corners = dict(CORNERS)
    if not _thorough():
        for name in ITEM_CLASS_CORNERS:
            del corners[name]
        corners["a Writer item class"] = lambda item: item.item_class in ITEM_CLASS_CORNERS
    reached: set[str] = set()

    def all_reached(item: nm.NewsItem) -> bool:
        reached.update(name for name, corner in corners.items() if corner(item))
        return len(reached) == len(corners)

    # Finding is the point, not the smallest example: shrinking big items is slow.
    with contextlib.suppress(NoSuchExample):
        find(
            strategies.news_items(),
            all_reached,
            settings=settings(
                max_examples=2000,
                database=None,
                phases=[Phase.generate],
                suppress_health_check=list(HealthCheck),
            ),
        )
    assert set() == set(corners) - reached


@pytest.mark.parametrize("item_class", ITEM_CLASS_CORNERS)
def test_every_writer_item_class_is_drawn(item_class: str) -> None:
    """The item classes the strategy draws from include each of the Writer's four."""
    found = find(
        ITEM_CLASSES,
        lambda drawn: drawn == item_class,
        settings=settings(max_examples=2000, database=None, phases=[Phase.generate]),
    )
    assert item_class == found
