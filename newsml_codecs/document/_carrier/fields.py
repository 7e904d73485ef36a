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
  (`_properties`; a planning item's, a concept's and a list's too);
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

from collections.abc import Callable, Sequence
from typing import Any, cast

import attrs

from newsml_codecs._xmlbuild import new_ext_property
from newsml_codecs.document._carrier.exports import exported
from newsml_codecs.document._carrier.law import visible_bytes
from newsml_codecs.document._config import PACKAGE_STATUS_BACK, DocumentOptions
from newsml_codecs.document._load.item import el
from newsml_model import (
    AnyItem,
    ConceptItem,
    ContentMeta,
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
        if "status" not in changed:
            return package
        # dump reads an itemMeta <pubStatus> after the package's own: it says it too
        return with_children(
            package,
            tuple(
                _ruled(options, c, _RULES, {"status": changed["status"]})
                if c.__class__ is ItemMeta and _elements(c.children, "pubStatus")
                else c
                for c in package.children
            ),
        )
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
        return _properties(refielded, *changed["properties"])
    return refielded


def _ruled(options: DocumentOptions, node: Any, rules: dict[str, Rule], changed: Changed) -> Any:
    """`node` whose children say the `changed` fields that `rules` write."""
    children: Children = list(node.children)
    for key, (_, value) in changed.items():
        if key in rules:
            children = rules[key](options, children, value or "")
    return with_children(node, tuple(children))


def _elements(children: Sequence[Any], name: str) -> list[int]:
    """The indices of the elements called `name` among `children`."""
    return [i for i, c in enumerate(children) if c.__class__ is Element and c.name == name]


def _properties(item: AnyItem, before: Any, after: Any) -> AnyItem | None:
    """`item` whose ext properties say `after` (the document's properties, `before` as `dump`
    read them): each one changed, removed or added (to itemMeta, after its last); None where
    a changed name is not one ext property (several, or an element's: fileName, role).

    A name the document holds several times (a concept's definitions) is left as it is
    where its entries are unchanged.
    """
    was, now = _named(before), _named(after)
    if was is None or now is None:
        return None
    items = list(item.children)
    for name in sorted(was.keys() | now.keys()):
        olds, news = was.get(name, []), now.get(name, [])
        if olds == news:
            continue
        if len(olds) > 1 or len(news) > 1:
            return None  # a name said several times changed: the patch way
        prop = news[0] if news else None
        if name in _CONTENT_TEXTS:
            texts = _content_text(items, name, prop)
            if texts is None:
                return None
            items = texts
            continue
        if name.lower() in _ELEMENT_PROPERTIES:
            return None
        held = [
            (i, j)
            for i, section in enumerate(items)
            if section.__class__ in (ItemMeta, ContentMeta)
            for j, c in enumerate(cast(Any, section).children)
            if c.__class__ is ExtProperty and c.type == name
        ]
        if len(held) > 1 or (not held and prop is None):
            return None
        if held:
            (i, j), section = held[0], cast(Any, items[held[0][0]])
            children: Children = list(section.children)
            if prop is None:
                children = _without(children, [j])
            else:
                children[j] = _property(children[j], prop)
            items[i] = with_children(section, tuple(children))
            continue
        at = next((i for i, c in enumerate(items) if c.__class__ is ItemMeta), None)
        if at is None:
            return None
        meta = cast(ItemMeta, items[at])
        children = list(meta.children)
        exts = [j for j, c in enumerate(children) if c.__class__ is ExtProperty]
        place = exts[-1] + 1 if exts else len(children)
        children.insert(place, _property(new_ext_property(name, None, (), ()), cast(Any, prop)))
        items[at] = with_children(meta, tuple(children))
    props: AnyItem = with_children(item, tuple(items))
    return props


def _content_text(items: Children, name: str, prop: Any) -> Children | None:
    """`items` whose contentMeta's last ``<name>`` says `prop`'s value (`dump` reads the last;
    an empty one drops the property), or without them all when `prop` is None; None where
    there is none to write into, or `prop` has parameters."""
    if prop is not None and set(prop) - {"name", "value"}:
        return None
    at = next((i for i, c in enumerate(items) if c.__class__ is ContentMeta), None)
    if at is None:
        return None
    meta = cast(ContentMeta, items[at])
    children: Children = list(meta.children)
    found = _elements(children, name)
    if prop is None:
        children = _without(children, found)
    elif not found:
        return None
    else:
        children[found[-1]] = with_children(children[found[-1]], (prop.get("value") or "",))
    return [*items[:at], with_children(meta, tuple(children)), *items[at + 1 :]]


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


def _named(props: Any) -> dict[str, list[dict[str, Any]]] | None:
    """The document's `props` by name, in their order (None: not a list of named objects)."""
    if props is None:
        return {}
    if props.__class__ is not list or not all(
        p.__class__ is dict and p.get("name").__class__ is str for p in props
    ):
        return None
    named: dict[str, list[dict[str, Any]]] = {}
    for prop in props:
        named.setdefault(prop["name"], []).append(prop)
    return named


def _property(node: ExtProperty, prop: dict[str, Any]) -> ExtProperty:
    """`node` saying `prop`'s value and parameters (``creator``, ``why``), its other attributes kept."""
    params = prop.get("parameters") or {}
    attributes = node.attributes
    for key in ("creator", "why"):
        attributes = set_attribute(attributes, key, params.get(key) or None)
    return attrs.evolve(node, value=prop.get("value") or "", attributes=attributes)


def _element(name: str, after: tuple[str, ...], write: Callable[[Element, str], Element]) -> Rule:
    """The rule of a field `dump` reads from the last itemMeta element `name`."""

    def rule(options: DocumentOptions, children: Children, value: str) -> Children:
        found = _elements(children, name)
        if not value:
            return _without(children, found)
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
            return _without(children, found)
        if found:
            children[found[-1]] = attrs.evolve(children[found[-1]], value=value)
            return children
        exts = [i for i, c in enumerate(children) if c.__class__ is ExtProperty]
        at = exts[-1] + 1 if exts else len(children)
        return [*children[:at], new_ext_property(kind, value, (), ()), *children[at:]]

    return rule


def _without(children: Children, found: list[int]) -> Children:
    """`children` without those at `found`, each with the layout text before it."""
    gone = set(found)
    for index in found:
        if index and children[index - 1].__class__ is str and not children[index - 1].strip():
            gone.add(index - 1)
    return [c for i, c in enumerate(children) if i not in gone]


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

_PLANNING_RULES: dict[str, Rule] = {
    "status": _ext("imext:status"),
    "created": _ext("nrpdate:created"),
    "modified": _ext("nrpdate:modified"),
}
"""An assignment's fields: its own ``planningExtProperty`` (`_dump.assignment`)."""

_CONTENT_TEXTS = frozenset(["altId", "slugline", "headline", "by", "urgency"])
"""The properties `dump` reads from the text of contentMeta's last element of their name."""

_ELEMENT_PROPERTIES = frozenset(
    ["filename", "role", "language", "description", "infosource", "creator"]
)
"""The other properties `dump` reads from elements, not ext properties (the patch way writes them)."""

_FIELDS = {
    NewsItem: frozenset([*_RULES, "properties", "language"]),
    # dump reads a planning item's status and publication times from its
    # itemMeta as a newsItem's (its created and modified are ext properties)
    PlanningItem: frozenset(["status", "published", "unpublished", "properties"]),
    # and a concept's and a list's: `dump_item_meta` reads all four kinds' itemMeta
    ConceptItem: frozenset(["status", "published", "unpublished", "properties"]),
    ItemList: frozenset(["status", "published", "unpublished", "properties"]),
    Package: frozenset(_PACKAGE_RULES),
    Planning: frozenset(_PLANNING_RULES),
}
"""Per root kind: the fields `_RULES` write."""
