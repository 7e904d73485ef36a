"""An item's status, times, properties and language, written where its document reads them (the anchored save); internal.

The Writer's meta panel changes a few fields of an article's document
beside its blocks: the status (``setPubStatus``), the publication times
(``setPubStart``, ``setPubStop``), the creation and modification times,
the properties (``setExtProperty``, ``setHasPublishedVersion``) and the
language (``setLanguage``). `dump` reads each from one node, the last of
its kind that says it:

* itemMeta's ``<pubStatus qcode>``, the ``itemMetaExtProperty``
  ``imext:pubstart``/``imext:pubstop``, ``<firstCreated>``,
  ``<versionCreated>`` (`_RULES`; a planning item's, a concept's and a
  list's status and publication times too);
* a property's one ext property, in itemMeta or contentMeta, or the text of
  contentMeta's last slugline, headline, by, urgency or altId
  (`properties`; a planning item's, a concept's, a list's and a package's
  too, but for a package's own ``published``, ``type`` and ``category``);
* the ``xml:lang`` of the last ``<idf>`` that has one (`_language`);
* a package's own ``<pubStatus>``, ``<pubStart>``, ``<pubStop>``
  (`_PACKAGE_RULES`); an assignment's own ``planningExtProperty``
  ``imext:status``, ``nrpdate:created``, ``nrpdate:modified``
  (`_PLANNING_RULES`).

`refielded_item` writes the document's new value into that node, its
attributes and place kept, or makes the node where the reference writes
it, or removes the nodes that said it when the document no longer does.
Any other field changed beside the blocks declines (the patch way). The
anchored save checks this result against the document (`anchored.restore`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import attrs

from newsml_codecs._xmlbuild import new_ext_property
from newsml_codecs.document._carrier.exports import exported
from newsml_codecs.document._carrier.law import visible_bytes
from newsml_codecs.document._carrier.properties import elements_named, properties_said, without
from newsml_codecs.document._config import PACKAGE_STATUS_BACK, DocumentOptions
from newsml_codecs.document._load.item import el
from newsml_model import (
    AnyItem,
    ConceptItem,
    Element,
    ExtProperty,
    ItemList,
    ItemMeta,
    NewsItem,
    Package,
    Planning,
    PlanningItem,
)
from newsml_model.tree import set_attribute, with_children

Children = list[Any]
Rule = Callable[[DocumentOptions, Children, str], Children]
"""How a field's new value ("": none) is written into a node's children."""
_BLOCKS = frozenset(["content", "links", "meta", "title"])
_BEFORE_VERSION = ("itemClass", "fileName")
_BEFORE_FIRST = (*_BEFORE_VERSION, "versionCreated")
_BEFORE_STATUS = (*_BEFORE_FIRST, "firstCreated", "provider")


Changed = dict[str, tuple[Any, Any]]
"""Per field changed: its value in the original's document and in the edited one (None: absent)."""


def changed_fields(options: DocumentOptions, original: AnyItem, doc: dict[str, Any]) -> Changed:
    """The fields of `doc` beside its blocks and title that differ from `original`'s document.

    A time counts as changed when its instant changed (`law.visible_bytes`).
    The original's document is made once per original (`exports`).
    """
    before = exported(options, original)
    keys = sorted((before.keys() | doc.keys()) - _BLOCKS)
    return {
        key: (before.get(key), doc.get(key))
        for key in keys
        if _seen(before, key) != _seen(doc, key)
    }


def _seen(doc: dict[str, Any], key: str) -> bytes:
    return visible_bytes({key: doc[key]} if key in doc else {})


def writable(item: AnyItem, changed: Changed) -> bool:
    """Whether the `changed` fields are ones `refielded_item` writes for `item`'s kind (it may
    still decline on their values)."""
    fields = _FIELDS.get(item.__class__, ())
    return all(key in fields for key in changed)


def refielded_item(options: DocumentOptions, item: AnyItem, changed: Changed) -> AnyItem | None:
    """`item` whose sections say the `changed` fields' new values (None: not so, the patch way)."""
    if not writable(item, changed):
        return None
    if item.__class__ is Planning:  # an assignment: its own planningExtProperty elements
        planning: AnyItem = _ruled(options, item, _PLANNING_RULES, changed)
        return planning
    if item.__class__ is Package:  # its own root elements, not its itemMeta
        status = changed.get("status", (None, ""))[1] or ""
        if status not in PACKAGE_STATUS_BACK:
            return None  # the reference writes no <pubStatus> of it: the patch way
        package: AnyItem = _ruled(options, item, _PACKAGE_RULES, changed)
        if "status" in changed:
            # dump reads an itemMeta <pubStatus> after the package's own: it says it too
            package = with_children(
                package,
                tuple(
                    _ruled(options, c, _RULES, {"status": changed["status"]})
                    if c.__class__ is ItemMeta and elements_named(c.children, "pubStatus")
                    else c
                    for c in package.children
                ),
            )
        if "properties" not in changed:
            return package
        # its itemMeta's ext properties; not those its own attribute and elements say
        # (`dump_package`), nor those its load leaves out of its itemMeta
        own = {name.lower() for name in options.package_exceptions} | _PACKAGE_OWN
        return properties_said(package, *changed["properties"], own)
    at = next((i for i, c in enumerate(item.children) if c.__class__ is ItemMeta), None)
    if at is None:
        return None
    items = list(item.children)
    items[at] = _ruled(options, items[at], _RULES, changed)
    refielded: AnyItem = with_children(item, tuple(items))
    if "language" in changed:
        said = _language(refielded, changed["language"][1] or "")
        if said is None:
            return None
        refielded = said
    if "properties" in changed:
        return properties_said(refielded, *changed["properties"])
    return refielded


def _ruled(options: DocumentOptions, node: Any, rules: dict[str, Rule], changed: Changed) -> Any:
    """`node` whose children say the `changed` fields that `rules` write."""
    children: Children = list(node.children)
    for key, (_, value) in changed.items():
        if key in rules:
            children = rules[key](options, children, value or "")
    return with_children(node, tuple(children))


def _language(item: AnyItem, language: str) -> AnyItem | None:
    """`item` whose body says `language` (`dump` reads the last ``<idf xml:lang>``; emptied,
    every idf loses it); None without an idf."""
    places = [
        (i, j, k)
        for i, c in enumerate(item.children)
        if c.__class__ is Element and c.name == "contentSet"
        for j, inline in enumerate(c.children)
        if inline.__class__ is Element and inline.name == "inlineXML"
        for k, idf in enumerate(inline.children)
        if idf.__class__ is Element and idf.name == "idf"
    ]
    if not places:
        return None
    if language:
        said = [place for place in places if _idf_at(item, place).get("xml:lang")]
        places = [(said or places)[-1]]
    items: list[Any] = list(item.children)
    for i, j, k in places:
        content_set = items[i]
        inlines = list(content_set.children)
        idfs = list(inlines[j].children)
        idf = idfs[k]
        idfs[k] = attrs.evolve(
            idf, attributes=set_attribute(idf.attributes, "xml:lang", language or None)
        )
        inlines[j] = with_children(inlines[j], tuple(idfs))
        items[i] = with_children(content_set, tuple(inlines))
    said_item: AnyItem = with_children(item, tuple(items))
    return said_item


def _idf_at(item: AnyItem, place: tuple[int, int, int]) -> Element:
    i, j, k = place
    idf: Element = cast(Any, item).children[i].children[j].children[k]
    return idf


def _element(name: str, after: tuple[str, ...], write: Callable[[Element, str], Element]) -> Rule:
    """The rule of a field `dump` reads from the last itemMeta element `name`."""

    def rule(options: DocumentOptions, children: Children, value: str) -> Children:
        found = elements_named(children, name)
        if not value:
            return without(children, found)
        if found:
            children[found[-1]] = write(children[found[-1]], value)
            return children
        made = write(el(name), value)
        at = max(
            (i + 1 for i, c in enumerate(children) if c.__class__ is Element and c.name in after),
            default=0,
        )
        return [*children[:at], made, *children[at:]]

    return rule


def _status(options: DocumentOptions) -> Callable[[Element, str], Element]:
    return lambda node, value: attrs.evolve(
        node,
        attributes=set_attribute(node.attributes, "qcode", options.status_back.get(value, value)),
    )


def _text(node: Element, value: str) -> Element:
    written: Element = with_children(node, (value,))
    return written


def _ext(kind: str) -> Rule:
    """The rule of a field `dump` reads from the last itemMetaExtProperty of type `kind`."""

    def rule(options: DocumentOptions, children: Children, value: str) -> Children:
        found = [i for i, c in enumerate(children) if c.__class__ is ExtProperty and c.type == kind]
        if not value:
            return without(children, found)
        if found:
            children[found[-1]] = attrs.evolve(children[found[-1]], value=value)
            return children
        exts = [i for i, c in enumerate(children) if c.__class__ is ExtProperty]
        at = exts[-1] + 1 if exts else len(children)
        return [*children[:at], new_ext_property(kind, value, (), ()), *children[at:]]

    return rule


_RULES: dict[str, Rule] = {
    "status": lambda options, children, value: _element(
        "pubStatus", _BEFORE_STATUS, _status(options)
    )(options, children, value),
    "published": _ext("imext:pubstart"),
    "unpublished": _ext("imext:pubstop"),
    "modified": _element("versionCreated", _BEFORE_VERSION, _text),
    "created": _element("firstCreated", _BEFORE_FIRST, _text),
}
"""Per document field: how itemMeta is made to say its new value."""

_BEFORE_PUB_START = ("cover", "name", "type", "products", "category")
_PACKAGE_RULES: dict[str, Rule] = {
    "status": _element(
        "pubStatus",
        (*_BEFORE_PUB_START, "pubStart", "pubStop"),
        lambda node, value: _text(node, PACKAGE_STATUS_BACK.get(value, value)),
    ),
    "published": _element("pubStart", _BEFORE_PUB_START, _text),
    "unpublished": _element("pubStop", (*_BEFORE_PUB_START, "pubStart"), _text),
}
"""A package's fields: the text of its own root elements (`_dump.lists.dump_package`)."""

_PACKAGE_OWN = frozenset(["published", "type", "category"])
"""The properties `dump` reads from a package's own attribute and elements."""

_PLANNING_RULES: dict[str, Rule] = {
    "status": _ext("imext:status"),
    "created": _ext("nrpdate:created"),
    "modified": _ext("nrpdate:modified"),
}
"""An assignment's fields: its own ``planningExtProperty`` (`_dump.assignment`)."""

_FIELDS = {
    NewsItem: frozenset([*_RULES, "properties", "language"]),
    # dump reads a planning item's status and publication times from its
    # itemMeta as a newsItem's (its created and modified are ext properties)
    PlanningItem: frozenset(["status", "published", "unpublished", "properties"]),
    # and a concept's and a list's: `dump_item_meta` reads all four kinds' itemMeta
    ConceptItem: frozenset(["status", "published", "unpublished", "properties"]),
    ItemList: frozenset(["status", "published", "unpublished", "properties"]),
    Package: frozenset([*_PACKAGE_RULES, "properties"]),
    Planning: frozenset(_PLANNING_RULES),
}
"""Per root kind: the fields `_RULES` write."""
