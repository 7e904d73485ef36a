"""Concept links rewritten from concept-backend objects (description §4.7).

`update_concept` and its helpers take the concept object as the plain
mapping the concept backend returns, with a property map naming its fields
(``ConceptName``, ``ConceptBroaderRelation``,
``ConceptAssociatedWithRelations``, ``ConceptImTypeFull``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from newsml_model import tree
from newsml_model._change import Change
from newsml_model._errors import InvalidArgumentError, NotFoundError
from newsml_model._item import NewsItem
from newsml_model._jxon import js_string
from newsml_model._nodes import IM, Element, Link, Links
from newsml_model.newsitem import _tree
from newsml_model.newsitem._common import changed, check_bool, check_sender, unchanged

_MAX_CHAIN = 64  # a broader chain deeper than this is surely a cycle


def _mapping(value: Any, field: str, *, optional: bool = False) -> Mapping[str, Any]:
    if value is None and optional:
        return {}
    if not isinstance(value, Mapping):
        raise InvalidArgumentError(
            f"{field} must be a mapping, not {type(value).__name__}", field=field
        )
    return value


def _property_map(value: Any) -> Mapping[str, Any]:
    """The property map: logical name -> field name of the concept object (strings)."""
    mapping = _mapping(value, "property_map", optional=True)
    for key, name in mapping.items():
        if name is not None and not isinstance(name, str):
            raise InvalidArgumentError(
                "property_map values must be strings", field=f"property_map.{key}"
            )
    return mapping


def _attr(value: Any, field: str) -> str | None:
    return None if value is None else js_string(value, field)


def freeze(value: Any) -> Any:
    """A hashable snapshot of a JSON value: mappings become ``(key, value)`` pairs, lists tuples."""
    if isinstance(value, Mapping):
        return tuple((key, freeze(item)) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(freeze(item) for item in value)
    return value


def _field(concept: Mapping[str, Any], property_map: Mapping[str, Any], logical: str) -> Any:
    key = property_map.get(logical)
    return None if key is None else concept.get(key)


def _concept_path(item: NewsItem, concept_node: Any, field: str) -> tuple[tuple[int, ...], Link]:
    if isinstance(concept_node, Link):
        uuid = concept_node.uuid
    elif isinstance(concept_node, str):
        uuid = concept_node
    else:
        raise InvalidArgumentError(f"{field} must be a Link or a uuid", field=field)
    path, found = _tree.first_link_with_uuid(item, "itemMeta", uuid)
    if path is None or found is None:
        raise NotFoundError(f"Could not find linkNode with UUID: {uuid}")
    return path, found


def _relational(
    relation: str, concept: Any, property_map: Mapping[str, Any], depth: int = 0
) -> tuple[Link, ...]:
    if not concept:
        return ()
    if depth > _MAX_CHAIN:
        raise InvalidArgumentError(
            "the broader chain is too deep (a cycle?)", field="concept_object"
        )
    concept = _mapping(concept, "concept_object")
    link = Link(
        rel=relation,
        title=_attr(_field(concept, property_map, "ConceptName"), "concept_object.name"),
        type=_attr(_field(concept, property_map, "ConceptImTypeFull"), "concept_object.type"),
        uuid=_attr(concept.get("uuid"), "concept_object.uuid"),
    )
    broader = _field(concept, property_map, "ConceptBroaderRelation")
    return (link, *_relational("broader", broader, property_map, depth + 1))


def _with_relations(
    link: Link, relation: str, concept: Any, property_map: Mapping[str, Any]
) -> Link:
    for path, node in tree.descendants(link):
        if node.__class__ is Links:
            return tree.append_in(link, path, *_relational(relation, concept, property_map))
    return link


def _with_new_relations(link: Link, relations: tuple[Link, ...]) -> Link:
    """The Writer's "drop the first ``links``, append an empty one, fill the first ``links``"."""
    children = _tree.without_first_named(link, "links", Links)
    if not any(node.__class__ is Links for _p, node in tree.descendants(Link(children=children))):
        # The new container is then the first one: build it full at once.
        return tree.with_children(link, (*children, Links(namespace=IM, children=relations)))
    link = tree.with_children(link, (*children, Links(namespace=IM)))
    for path, node in tree.descendants(link):
        if node.__class__ is Links:
            return tree.append_in(link, path, *relations)
    return link  # pragma: no cover - the container just appended is found


def update_relational_links(
    item: NewsItem, relation: str, concept_object: Any, concept_node: Link | str, property_map: Any
) -> Change:
    """Append `relation` links for the concept and its broader chain to the node's first ``links``.

    `concept_node` is the concept's itemMeta link (or its uuid). No-op when
    `concept_object` is empty or the node has no ``links``. No event.

    Raises:
        InvalidArgumentError: Bad arguments; NotFoundError: no link with that uuid.
    """
    path, found = _concept_path(item, concept_node, "concept_node")
    pm = _property_map(property_map)
    new = _with_relations(found, relation, concept_object, pm)
    return unchanged(tree.update_in(item, path, lambda _old: new))


def _data_children(link: Link, concept: Mapping[str, Any]) -> tuple[Any, ...]:
    """The link's children with its first ``data`` replaced by one built from ``articleData``."""
    children = _tree.without_first_named(link, "data")
    article_data = concept.get("articleData")
    if article_data:
        fields = _mapping(article_data, "concept_object.articleData")
        data = tuple(
            Element(name=key, children=(js_string(value, f"concept_object.articleData.{key}"),))
            for key, value in fields.items()
            if value
        )
        children = (*children, Element(name="data", children=data))
    return children


def _with_data(link: Link, concept: Mapping[str, Any]) -> Link:
    return tree.with_children(link, _data_children(link, concept))


def update_concept_data(
    item: NewsItem, concept_object: Any, concept_node: Link | str | None = None
) -> Change:
    """Rewrite the concept link's title (``name``) and ``data`` (from ``articleData``). No event.

    Raises:
        InvalidArgumentError: Bad arguments.
        NotFoundError: No itemMeta link with the concept's uuid (the Writer crashes).
    """
    concept = _mapping(concept_object, "concept_object")
    node = (
        _attr(concept.get("uuid"), "concept_object.uuid") if concept_node is None else concept_node
    )
    path, found = _concept_path(item, node, "concept_node")
    new = _with_data(found, concept)
    title = _attr(concept.get("name"), "concept_object.name")
    if title is not None:
        new = tree.evolve(new, title=title)
    return unchanged(tree.update_in(item, path, lambda _old: new))


def update_concept(
    item: NewsItem,
    name: str,
    concept_object: Any,
    property_map: Any,
    trigger_document_changed: bool = True,
) -> Change:
    """Rewrite an existing concept link from a concept object.

    Title: ``concept_object[property_map["ConceptName"]]`` when the map has
    that key, else ``concept_object["name"]``. The ``data`` block is
    rebuilt from ``articleData``. With broader or associated-with relations,
    the link's ``links`` is replaced by one holding the flattened chains. No
    link with the concept's uuid: unchanged, no event. Event
    ``<concept type>/update`` (data: the concept frozen as pairs, node: the
    link) unless `trigger_document_changed` is false.

    Raises:
        InvalidArgumentError: Bad arguments (not mappings, non-string values).
    """
    sender = check_sender(name)
    concept = _mapping(concept_object, "concept_object")
    pm = _property_map(property_map)
    trigger = check_bool(trigger_document_changed, "trigger_document_changed")
    uuid = _attr(concept.get("uuid"), "concept_object.uuid")
    path, found = _tree.first_link_with_uuid(item, "itemMeta", uuid)
    if path is None or found is None:
        return unchanged(item)
    title_key = pm.get("ConceptName")
    title = concept.get(title_key) if title_key is not None else concept.get("name")
    link = tree.evolve(
        found, title=_attr(title, "concept_object.name"), children=_data_children(found, concept)
    )
    broader = _field(concept, pm, "ConceptBroaderRelation")
    associated = _field(concept, pm, "ConceptAssociatedWithRelations")
    if broader or associated:
        many = (
            associated
            if isinstance(associated, Sequence) and not isinstance(associated, str)
            else [associated]
        )
        relations = _relational("broader", broader, pm)
        for entry in many:
            relations += _relational("associated-with", entry, pm)
        link = _with_new_relations(link, relations)
    item = tree.update_in(item, path, lambda _old: link)
    if not trigger:
        return unchanged(item)
    kind = concept.get("type")
    return changed(
        item,
        sender,
        "" if kind is None else js_string(kind, "concept_object.type"),
        "update",
        freeze(concept),
        node=link,
    )


def create_extended_geo_link(item: NewsItem, related_geo_polygons: Any) -> Change:
    """Replace the ``related-geo`` link: ``<data>`` with one ``<uuid title=…>`` per polygon.

    Each entry is ``{"ConceptName": title, "uuid": uuid}``. Without
    ``itemMeta > links`` nothing happens; an empty list only removes. No event.

    Raises:
        InvalidArgumentError: Not a list of mappings.
    """
    if isinstance(related_geo_polygons, (str, Mapping)) or not isinstance(
        related_geo_polygons, Sequence
    ):
        raise InvalidArgumentError(
            "related_geo_polygons must be a list", field="related_geo_polygons"
        )
    entries = []
    for index, entry in enumerate(related_geo_polygons):
        where = f"related_geo_polygons[{index}]"
        geo = _mapping(entry, where)
        title = _attr(geo.get("ConceptName"), f"{where}.ConceptName")
        uuid = _attr(geo.get("uuid"), f"{where}.uuid")
        entries.append(
            Element(
                name="uuid",
                attributes=() if title is None else (("title", title),),
                children=() if not uuid else (uuid,),
            )
        )
    meta = item.item_meta
    if meta is None or meta.links_container is None:
        return unchanged(item)
    path, _found = _tree.first_child_link(item, "itemMeta", lambda link: link.rel == "related-geo")
    if path is not None:
        item = tree.remove_in(item, path)
    if entries:
        item = _tree.append_link(
            item,
            "itemMeta",
            Link(rel="related-geo", children=(Element(name="data", children=tuple(entries)),)),
        )
    return unchanged(item)
