"""Channels and sections: ``itemMeta > service`` elements (description §4.5).

A channel is a service whose qcode contains ``imchn``, a section one whose
qcode contains ``imsection`` (substring tests, as the Writer). Services are
direct children of itemMeta; new ones are appended last.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from newsml_model import tree
from newsml_model._args import Channel, Section, coerce
from newsml_model._change import Change, Event
from newsml_model._errors import InvalidArgumentError
from newsml_model._item import NewsItem
from newsml_model._nodes import Element, Service
from newsml_model.newsitem import _tree
from newsml_model.newsitem._common import changed, check_bool, check_sender, unchanged
from newsml_model.shapes import ChannelMapping, SectionMapping

MAIN = "imext:main"


def _services(item: NewsItem) -> Iterator[tuple[tuple[int, int], Service]]:
    index = _tree.section_index(item, "itemMeta")
    if index is None:
        return
    for child_index, child in enumerate(item.children[index].children):  # type: ignore[union-attr]
        if child.__class__ is Service:
            yield (index, child_index), child


def _channel(service: Service) -> Channel:
    return Channel(qcode=service.qcode or "", why=service.why)


def _section(service: Service) -> Section:
    return Section(
        qcode=service.qcode or "", name=service.name, pubconstraint=service.pubconstraint or None
    )


def get_main_channel(item: NewsItem) -> Channel | None:
    """The first service with ``why="imext:main"``, or None."""
    for _path, service in _services(item):
        if service.why == MAIN:
            return _channel(service)
    return None


def get_channels(item: NewsItem) -> tuple[Channel, ...]:
    """Services whose qcode contains ``imchn``, document order; ``()`` when none."""
    return tuple(_channel(s) for _p, s in _services(item) if s.qcode and "imchn" in s.qcode)


def get_sections(item: NewsItem) -> tuple[Section, ...]:
    """Services whose qcode contains ``imsection``, document order; ``()`` when none."""
    return tuple(_section(s) for _p, s in _services(item) if s.qcode and "imsection" in s.qcode)


def get_section(item: NewsItem) -> Section | None:
    """The one section, or None.

    Raises:
        InvalidArgumentError: ``Only one section is allowed on an article``.
    """
    sections = get_sections(item)
    if len(sections) > 1:
        raise InvalidArgumentError("Only one section is allowed on an article", field="item")
    return sections[0] if sections else None


def _remove_service(item: NewsItem, qcode: str) -> NewsItem | None:
    """The item without the first service of `qcode`, or None when there is none."""
    for path, service in _services(item):
        if service.qcode == qcode:
            return tree.remove_in(item, path)
    return None


def _qcode_argument(cls: type[Any], value: Any, field: str) -> Any:
    if isinstance(value, str):  # the description types these arguments as strings
        return cls(qcode=value)
    return coerce(cls, value, field)


def _remove(
    item: NewsItem, name: str, value: Any, mute_event: Any, cls: type[Any], label: str
) -> Change:
    sender = check_sender(name)
    argument = _qcode_argument(cls, value, label)
    mute = check_bool(mute_event, "mute_event")
    new = _remove_service(item, argument.qcode)
    if new is None:
        return unchanged(item)  # D22: not found is silent
    if mute:
        return unchanged(new)
    return changed(new, sender, label, "delete", argument)


def update_section(
    item: NewsItem, name: str, section: Section | SectionMapping | Mapping[str, Any]
) -> Change:
    """Replace the section: ``section/delete`` (old one, if any) then ``section/update``.

    The new ``service`` (``qcode``, ``pubconstraint`` from `pubconstraint` or
    the mapping's ``product``, a ``name`` child) is appended last.

    Raises:
        InvalidArgumentError: ``There can be only one section`` (a list), a bad
            mapping, or ``Only one section is allowed on an article``.
    """
    sender = check_sender(name)
    if isinstance(section, (list, tuple)):
        raise InvalidArgumentError("There can be only one section", field="section")
    argument = _qcode_argument(Section, section, "section")
    current = get_section(item)
    before: tuple[Event, ...] = ()
    if current is not None:
        item = _remove_service(item, current.qcode) or item
        before = changed(item, sender, "section", "delete", current).events
    children = () if argument.name is None else (Element(name="name", children=(argument.name,)),)
    new = Service(
        qcode=argument.qcode, pubconstraint=argument.pubconstraint or None, children=children
    )
    item, path = _tree.ensure_section(item, "itemMeta")
    return changed(
        tree.append_in(item, path, new), sender, "section", "update", argument, before=before
    )


def remove_section(
    item: NewsItem,
    name: str,
    section: Section | SectionMapping | Mapping[str, Any] | str,
    mute_event: bool = False,
) -> Change:
    """Remove the first service with the section's qcode; ``section/delete`` unless muted.

    Not found: unchanged, no event, no error.
    """
    return _remove(item, name, section, mute_event, Section, "section")


def add_channel(
    item: NewsItem,
    name: str,
    channel: Channel | ChannelMapping | Mapping[str, Any] | str,
    set_as_main_channel: bool = False,
) -> Change:
    """Append a channel service; ``channel/add`` (after ``channel/delete`` when re-added).

    Re-adding an existing qcode removes it first (dropping its main flag
    unless `set_as_main_channel`). With `set_as_main_channel` every
    ``why="imext:main"`` of itemMeta's services is removed first.

    Raises:
        InvalidArgumentError: ``addChannel only supports adding one channel at
            a time`` (not a channel, mapping or qcode string), or a bad mapping.
    """
    sender = check_sender(name)
    if not isinstance(channel, (str, Channel, Mapping)):
        raise InvalidArgumentError(
            "addChannel only supports adding one channel at a time", field="channel"
        )
    argument = _qcode_argument(Channel, channel, "channel")
    main = check_bool(set_as_main_channel, "set_as_main_channel")
    before: tuple[Event, ...] = ()
    if any(c.qcode == argument.qcode for c in get_channels(item)):
        item = _remove_service(item, argument.qcode) or item
        before = changed(item, sender, "channel", "delete", argument).events
    if main:
        for service_path, service in list(_services(item)):
            if service.why == MAIN:
                item = tree.update_in(item, service_path, lambda old: tree.evolve(old, why=None))
    item, meta = _tree.ensure_section(item, "itemMeta")
    new = Service(qcode=argument.qcode, why=MAIN if main else None)
    return changed(
        tree.append_in(item, meta, new), sender, "channel", "add", argument, before=before
    )


def remove_channel(
    item: NewsItem,
    name: str,
    channel: Channel | ChannelMapping | Mapping[str, Any] | str,
    mute_event: bool = False,
) -> Change:
    """Remove the first service with the channel's qcode; ``channel/delete`` unless muted.

    Not found: unchanged, no event, no error.
    """
    return _remove(item, name, channel, mute_event, Channel, "channel")
