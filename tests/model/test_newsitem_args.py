"""Argument records: records or the Writer's plain mappings, structured with one converter."""

from __future__ import annotations

from typing import Any

import pytest

import newsml_model as nm
from newsml_model._args import coerce


@pytest.mark.parametrize(
    ("cls", "mapping", "expected"),
    [
        (
            nm.Author,
            {"name": "A", "uuid": "u", "firstName": "F", "shortDescription": "S"},
            nm.Author(name="A", uuid="u", first_name="F", short_description="S"),
        ),
        (nm.Author, {"name": "A", "last_name": "L"}, nm.Author(name="A", last_name="L")),
        (
            nm.Tag,
            {
                "uuid": "u",
                "name": ["N", "M"],
                "type": ["t1"],
                "typeCatalog": ["c"],
                "imType": ["x-im/topic"],
                "inputValue": "n",
            },
            nm.Tag(uuid="u", title="N", type="x-im/topic"),
        ),
        (
            nm.Tag,
            {"uuid": "u", "title": "T", "type": "x-im/topic"},
            nm.Tag(uuid="u", title="T", type="x-im/topic"),
        ),
        (
            nm.Tag,
            {"uuid": "u", "name": "Whole", "type": ["x-im/person"]},
            nm.Tag(uuid="u", title="Whole", type="x-im/person"),
        ),
        (
            nm.Location,
            {
                "uuid": "u",
                "title": "T",
                "type": "x-im/polygon",
                "rel": "about",
                "data": {"position": "P"},
            },
            nm.Location(uuid="u", title="T", type="x-im/polygon", rel="about", position="P"),
        ),
        (
            nm.Location,
            {"uuid": "u", "data": {"geometry": "G"}},
            nm.Location(uuid="u", position="G"),
        ),
        (
            nm.Section,
            {"qcode": "q", "name": "N", "product": "p"},
            nm.Section(qcode="q", name="N", pubconstraint="p"),
        ),
        (
            nm.Channel,
            {"qcode": "imchn:a", "name": "A", "icon": "i", "active": True, "main": False},
            nm.Channel(qcode="imchn:a"),
        ),
        (
            nm.PubTime,
            {"value": "v", "type": "imext:pubstart"},
            nm.PubTime(value="v", type="imext:pubstart"),
        ),
        (
            nm.EditorConfig,
            {"language": "sv_SE", "locale_fallbacks": [["sv", "sv_SE"]]},
            nm.EditorConfig(language="sv_SE", locale_fallbacks=(("sv", "sv_SE"),)),
        ),
    ],
)
def test_mappings_are_structured(cls: type[Any], mapping: dict[str, Any], expected: Any) -> None:
    """The Writer's shapes become records; extra keys are ignored."""
    assert expected == coerce(cls, mapping, "arg")


def test_records_pass_through() -> None:
    """A record of the right type is returned as is."""
    author = nm.Author(name="A")
    assert author is coerce(nm.Author, author, "author")


@pytest.mark.parametrize(
    ("cls", "value", "field"),
    [
        (nm.Author, {}, "author.name"),
        (nm.Author, {"name": "A", "email": {"x": 1}}, "author.email"),
        (nm.Story, {"uuid": "u"}, "story.title"),
        (nm.Story, {"uuid": None, "title": "T"}, "story.uuid"),
        (nm.Tag, {"uuid": "u"}, "tag.title"),
        (nm.Channel, {"qcode": ["a"]}, "channel.qcode"),
        (nm.Channel, "imchn:a", "channel"),
        (nm.Category, 3, "category"),
        (nm.Link, [], "link"),
    ],
)
def test_bad_mappings_name_the_field(cls: type[Any], value: Any, field: str) -> None:
    """A bad mapping raises InvalidArgumentError whose field is the dotted path."""
    with pytest.raises(nm.InvalidArgumentError) as raised:
        coerce(cls, value, field.split(".")[0])
    assert field == raised.value.field


def test_numbers_and_booleans_become_strings() -> None:
    """As the Writer writes them (R8): 2 -> "2", True -> "true"."""
    assert nm.Story(uuid="2", title="true") == coerce(nm.Story, {"uuid": 2, "title": True}, "story")


def test_records_are_hashable_values() -> None:
    """Every argument record is frozen and hashable."""
    records = [
        nm.Author(name="A"),
        nm.Tag(uuid="u", title="t"),
        nm.Organisation(),
        nm.EditorConfig(),
        nm.LanguageParts(type="sv"),
    ]
    assert len(records) == len(set(records))
    with pytest.raises(AttributeError):
        records[0].name = "B"  # type: ignore[misc]


def test_channel_main_property() -> None:
    """Channel.main is true for why=imext:main."""
    assert (True, False) == (
        nm.Channel(qcode="a", why="imext:main").main,
        nm.Channel(qcode="a").main,
    )
