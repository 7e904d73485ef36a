"""Saving items whose problems predate the session: ``save(baseline="loaded")``."""

from __future__ import annotations

from pathlib import Path

import pytest
import support

import newsml_model as nm
from newsml_codecs import newsml
from newsml_model import newsitem
from newsml_tools._validation import split_by_baseline
from newsml_tools.editor import BASELINES, Editor, validate
from newsml_tools.store import Revision

NEW_TAG = {"uuid": "11111111-2222-3333-4444-555555555555", "title": "Volvo", "type": "x-im/topic"}
# Three defects of the Writer's archive: a uuid of the wrong length, a
# protocol-relative uri, pubStop before pubStart.
SHORT_UUID = "0000000-0000-0000-0000-000000000000"
LEGACY_LINKS = (
    f'<link rel="subject" title="Old" type="x-im/topic" uuid="{SHORT_UUID}"/>'
    '<link rel="image" type="x-im/image" uri="//cdn.example.se/a.jpg"/>'
)


def legacy_xml() -> str:
    """The fixture article with the three archive defects added."""
    text = support.fixture_text("article-full.xml")
    text = text.replace(
        'type="imext:pubstop" value="2024-04-05T12:00:00+02:00"',
        'type="imext:pubstop" value="2024-01-05T12:00:00+02:00"',
    )
    marker = '<links xmlns="http://www.infomaker.se/newsml/1.0">'
    assert marker in text
    return text.replace(marker, marker + LEGACY_LINKS, 1)


class Saver:
    """A saver that keeps what it was given and numbers the revisions."""

    def __init__(self) -> None:
        self.saved: list[str] = []

    def __call__(self, text: str, uuid: str, etag: str | None) -> Revision:
        self.saved.append(text)
        return Revision(
            uuid=uuid,
            revision=len(self.saved),
            etag=f"etag-{len(self.saved)}",
            saved_at="2026-11-25T00:00:00Z",
        )


def session(xml: str) -> tuple[Editor, Saver]:
    """An editor on `xml` saving into a fresh `Saver`."""
    saver = Saver()
    return Editor.from_newsml(xml, saver=saver), saver


def test_the_legacy_fixture_has_the_three_defects() -> None:
    """The fixture is refused today for exactly the three archive defects."""
    problems = validate(newsml.loads(legacy_xml()))
    assert 3 == len(problems), problems
    assert any("pubStop '2024-01-05T12:00:00+02:00' is before pubStart" in p for p in problems)
    assert any(f"'{SHORT_UUID}' does not match" in p for p in problems)
    assert any("'//cdn.example.se/a.jpg' is not a 'uri'" in p for p in problems)


def test_default_save_still_blocks_on_old_problems() -> None:
    """Without a baseline nothing changes: every problem blocks."""
    editor, saver = session(legacy_xml())
    outcome = editor.save()
    assert isinstance(outcome, nm.DocumentSaveFailed)
    assert 3 == len(outcome.problems)
    assert [] == saver.saved


def test_loaded_baseline_saves_old_problems_as_warnings() -> None:
    """An edited archive item saves; its old defects come back as the event's warnings."""
    editor, saver = session(legacy_xml())
    seen: list[nm.Event] = []
    editor.on("archive-ui", "document:saved", seen.append)
    editor.apply(newsitem.add_tag, "plugin", NEW_TAG)
    outcome = editor.save("host", baseline="loaded")
    assert isinstance(outcome, nm.DocumentSaved)
    assert [outcome] == seen
    assert sorted(validate(newsml.loads(legacy_xml()))) == sorted(outcome.warnings)
    assert editor.loaded_problems == tuple(validate(newsml.loads(legacy_xml())))
    assert 1 == len(saver.saved)
    assert NEW_TAG["uuid"] in saver.saved[0]


def test_loaded_baseline_blocks_problems_the_session_introduced() -> None:
    """A new defect blocks even under the baseline; only the new one is reported."""
    editor, saver = session(legacy_xml())
    editor.apply(
        newsitem.add_link, "plugin", {"rel": "subject", "type": "x-im/topic", "uuid": "nope"}
    )
    outcome = editor.save(baseline="loaded")
    assert isinstance(outcome, nm.DocumentSaveFailed)
    assert 1 == len(outcome.problems), outcome.problems
    assert "'nope' does not match" in outcome.problems[0]
    assert [] == saver.saved


def test_a_second_copy_of_an_old_defect_is_new() -> None:
    """Each old problem excuses one occurrence: adding another short uuid blocks."""
    editor, _ = session(legacy_xml())
    editor.apply(
        newsitem.add_link, "plugin", {"rel": "related", "type": "x-im/topic", "uuid": SHORT_UUID}
    )
    outcome = editor.save(baseline="loaded")
    assert isinstance(outcome, nm.DocumentSaveFailed)
    assert 1 == len(outcome.problems) and f"'{SHORT_UUID}'" in outcome.problems[0]


def test_fixing_an_old_problem_leaves_fewer_warnings() -> None:
    """A repaired defect is neither a problem nor a warning."""
    editor, _ = session(legacy_xml())
    editor.apply(
        newsitem.set_ext_property, "imext", "itemMeta", "imext:pubstop", "2024-09-05T12:00:00+02:00"
    )
    outcome = editor.save(baseline="loaded")
    assert isinstance(outcome, nm.DocumentSaved)
    assert 2 == len(outcome.warnings)
    assert not any("pubStop" in warning for warning in outcome.warnings)


def test_a_clean_item_saves_without_warnings() -> None:
    """A valid item: baseline or not, the outcome is the ordinary one."""
    editor, _ = session(support.fixture_text("article-full.xml"))
    outcome = editor.save(baseline="loaded")
    assert isinstance(outcome, nm.DocumentSaved)
    assert () == outcome.warnings


def test_replace_source_makes_a_new_baseline() -> None:
    """After replace_source the new article's problems are the baseline, the old one's are not."""
    editor, _ = session(support.fixture_text("article-full.xml"))
    assert () == editor.loaded_problems
    editor.replace_source(legacy_xml())
    assert 3 == len(editor.loaded_problems)
    assert isinstance(editor.save(baseline="loaded"), nm.DocumentSaved)


def test_an_unknown_baseline_is_refused() -> None:
    """baseline takes only BASELINES; nothing is saved."""
    editor, saver = session(legacy_xml())
    with pytest.raises(nm.InvalidArgumentError, match="baseline must be one of 'none', 'loaded'"):
        editor.save(baseline="everything")
    assert ("none", "loaded") == BASELINES
    assert [] == saver.saved


def test_split_by_baseline_ignores_moved_indexes() -> None:
    """A problem whose block moved is still the old one; order follows the current problems."""
    old = ["document: $.links[0].uri: '//a' is not a 'uri'", "x"]
    now = ["document: $.links[3].uri: '//a' is not a 'uri'", "y", "x", "x"]
    assert (["y", "x"], [now[0], "x"]) == split_by_baseline(now, old)


@pytest.mark.parametrize("path", support.corpus_params())
def test_writer_examples_save_through_the_editor_with_a_baseline(path: Path) -> None:
    """Each of the Writer's example news items saves with baseline="loaded", its old problems as warnings."""
    xml = path.read_bytes()
    editor, saver = session(xml)
    expected = validate(newsml.loads(xml))
    outcome = editor.save(baseline="loaded")
    assert isinstance(outcome, nm.DocumentSaved), outcome
    assert sorted(expected) == sorted(outcome.warnings)
    assert 1 == len(saver.saved)
