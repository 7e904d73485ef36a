"""The public surface of `newsml_model`, pinned (as httpx's test of exported members).

Adding a public name is a decision: add it to ``newsml_model/__init__.py``'s
``__all__`` AND to `EXPECTED` below (one name a line, any order).
"""

from __future__ import annotations

import types

import newsml_model as nm
from newsml_model import body, mappings, tree

EXPECTED = [
    "AnyItem",
    "Attributes",
    "Author",
    "Category",
    "Change",
    "Channel",
    "Concept",
    "ConceptItem",
    "ContentMeta",
    "ContentMetaObject",
    "ContentProfile",
    "DecodeError",
    "Difference",
    "DocumentChanged",
    "DocumentInvalidated",
    "DocumentSaveFailed",
    "DocumentSaved",
    "DocumentValidated",
    "DownloadType",
    "EditorConfig",
    "Element",
    "Event",
    "ExtProperty",
    "ForbiddenXMLError",
    "IDF",
    "IM",
    "InvalidArgumentError",
    "InvalidDocumentError",
    "ItemList",
    "ItemMeta",
    "LanguageChanged",
    "LanguageParts",
    "LimitExceededError",
    "Link",
    "Links",
    "Location",
    "LockingMode",
    "MalformedXMLError",
    "Metadata",
    "NAR",
    "NewsCoverage",
    "NewsCoverageSet",
    "NewsItem",
    "NewsItemError",
    "Node",
    "NotFoundError",
    "Organisation",
    "Package",
    "Planning",
    "PlanningItem",
    "ProcessingStatus",
    "PubStatus",
    "PubTime",
    "Section",
    "Service",
    "Story",
    "Tag",
    "UnsupportedItemKindError",
    "diff",
]


def test_all_is_the_pinned_list() -> None:
    """``newsml_model.__all__`` is exactly the pinned public names, without duplicates."""
    assert sorted(EXPECTED) == sorted(nm.__all__)
    assert len(set(nm.__all__)) == len(nm.__all__)


def test_every_public_member_is_exported() -> None:
    """Every public name the package defines is in ``__all__`` (submodules aside)."""
    members = {
        name
        for name, value in vars(nm).items()
        if not name.startswith("_") and not isinstance(value, types.ModuleType)
    }
    assert sorted(members) == sorted(nm.__all__)


def test_exported_classes_say_their_package() -> None:
    """Exported classes are defined inside the package (nothing leaks from a dependency)."""
    for name in nm.__all__:
        value = getattr(nm, name)
        if isinstance(value, type):
            assert value.__module__.startswith("newsml_model."), name


# The tree module's pin, by kind of name.
TREE_GROUPS = {
    "constants": ("NAR", "IM", "IDF", "TYPED_NAMES", "ITEM_KINDS"),
    "fields": ("LINK_FIELDS", "OBJECT_FIELDS", "SERVICE_FIELDS", "EXT_PROPERTY_FIELDS"),
    "types": ("Attributes", "Element", "Node", "KindNode", "Path", "ElementParts"),
    "paths": ("get_in", "update_in", "remove_in", "append_in", "descendants"),
    "copies": ("evolve", "with_children"),
    "view": ("element_parts", "is_root", "typed_attributes"),
    "order": ("kept_in_order",),
    "attributes": ("get_attribute", "set_attribute", "split_attributes", "layout_free"),
}
TREE_EXPECTED = [name for group in TREE_GROUPS.values() for name in group]


def test_tree_all_is_the_pinned_list() -> None:
    """``newsml_model.tree.__all__`` is pinned too, and every name in it exists."""
    assert sorted(TREE_EXPECTED) == sorted(tree.__all__)
    assert len(set(tree.__all__)) == len(tree.__all__)
    assert all(hasattr(tree, name) for name in tree.__all__)


def test_tree_functions_are_documented() -> None:
    """Each public function of the tree module has a docstring with Args and Returns."""
    for name in tree.__all__:
        value = getattr(tree, name)
        if isinstance(value, types.FunctionType):
            assert "Args:" in (value.__doc__ or ""), name
            assert "Returns:" in (value.__doc__ or "") or "Yields:" in (value.__doc__ or ""), name


def test_mappings_all_is_the_pinned_list() -> None:
    """``newsml_model.mappings`` exports the structuring helpers the JXON codec uses."""
    assert ["AUTHOR_DATA_FIELDS", "CDATA_KEY", "coerce", "normalize_keys"] == sorted(
        mappings.__all__
    )
    assert all(hasattr(mappings, name) for name in mappings.__all__)
    for function in (mappings.coerce, mappings.normalize_keys):
        assert "Args:" in (function.__doc__ or "") and "Returns:" in (function.__doc__ or "")


def test_body_all_is_the_pinned_list() -> None:
    """``newsml_model.body`` exports its records and functions, each documented."""
    expected = ["Block", "Group", "blocks", "element", "get", "insert", "move", "remove"]
    assert [*expected, "set_headline", "set_text"] == sorted(body.__all__)
    for name in body.__all__:
        value = getattr(body, name)
        if isinstance(value, types.FunctionType):
            assert "Args:" in (value.__doc__ or "") and "Returns:" in (value.__doc__ or ""), name


def test_link_and_object_fields_keep_their_order() -> None:
    """`Link` and `ContentMetaObject` share a base but keep their own field order and equality."""
    import attrs

    assert [
        *("rel", "type", "uuid", "uri", "url", "title", "id", "name", "role", "qcode"),
        *("attributes", "children"),
    ] == [field.name for field in attrs.fields(nm.Link)]
    assert [
        *("id", "type", "uuid", "uri", "url", "title", "attributes", "children"),
    ] == [field.name for field in attrs.fields(nm.ContentMetaObject)]
    assert nm.Link(uuid="u") != nm.ContentMetaObject(uuid="u")
    assert "Link(rel='r', type=None, uuid='u'," in repr(nm.Link(uuid="u", rel="r"))
    data = nm.Element(name="data")
    links = nm.Links(children=(nm.Link(uuid="x"),))
    for record in (nm.Link, nm.ContentMetaObject):
        full = record(children=(links, data))
        assert (data, (nm.Link(uuid="x"),)) == (full.data, full.links)


def test_examples_all_is_the_pinned_list() -> None:
    """``newsml_model.examples`` exports the sample article and its guid."""
    from newsml_model import examples

    assert ["ARTICLE_GUID", "article"] == sorted(examples.__all__)
    assert examples.ARTICLE_GUID.encode() in examples.article()


DOCUMENT_EXPECTED = [
    "CARRIER_PREFIX",
    "CARRIER_PROPERTY",
    "Converter",
    "DocumentOptions",
    "Options",
    "dump",
    "dumps",
    "from_newsml",
    "load",
    "loads",
    "make_options",
    "to_newsml",
]


def test_document_all_is_the_pinned_list() -> None:
    """``newsml_codecs.document.__all__`` is pinned, and every name in it exists."""
    from newsml_codecs import document

    assert sorted(DOCUMENT_EXPECTED) == sorted(document.__all__)
    assert all(hasattr(document, name) for name in document.__all__)


def test_the_converter_has_the_module_functions() -> None:
    """``document.Converter`` has each module function, documented, with its arguments but ``options``."""
    import inspect

    from newsml_codecs import document

    for name in ("dump", "dumps", "load", "loads", "from_newsml", "to_newsml"):
        method = getattr(document.Converter, name)
        assert method.__doc__, name
        module = inspect.signature(getattr(document, name)).parameters
        own = inspect.signature(method).parameters
        assert [p for p in module if p != "options"] == [p for p in own if p != "self"], name
    assert document.Converter.__doc__ and document.DocumentOptions.__doc__
