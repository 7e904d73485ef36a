"""The ``hypothesis`` entry point: strategies import cleanly, from_type works everywhere."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import newsml_model as nm
from newsml_model import _hypothesis_hook

USER_TEST = """\
from newsml_model.strategies import news_items

from hypothesis import given, settings, strategies as st

import newsml_model as nm


@settings(max_examples=2, database=None)
@given(news_items(), st.from_type(nm.Link))
def test_pipeline(item, link):
    assert isinstance(item, nm.NewsItem)
    assert isinstance(link, nm.Link)
"""


def test_a_user_test_module_importing_the_strategies_first_runs_in_a_fresh_interpreter(
    tmp_path: Path,
) -> None:
    """A user's test whose first line imports the strategies collects and passes under pytest.

    Hypothesis runs the entry-point hook while ``newsml_model.strategies`` is
    half imported; the hook module must not need it (issue 10).
    """
    (tmp_path / "test_user.py").write_text(USER_TEST, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_user.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert 0 == result.returncode, result.stdout + result.stderr
    assert "1 passed" in result.stdout


def test_every_registration_names_a_strategy_function() -> None:
    """Each ``module:function`` of the registration list resolves to a strategy."""
    from hypothesis import strategies as st

    for kind, target in _hypothesis_hook.REGISTRATIONS:
        strategy = _hypothesis_hook._resolver(target)(kind)
        assert isinstance(strategy, st.SearchStrategy), target


def test_from_type_draws_each_registered_record() -> None:
    """``st.from_type`` of every registered record draws a record of that type."""
    from hypothesis import Phase, find, settings
    from hypothesis import strategies as st

    # Generation only: shrinking a whole item to its minimum costs seconds per type.
    once = settings(phases=[Phase.generate], database=None)
    for kind, _target in _hypothesis_hook.REGISTRATIONS:
        assert isinstance(find(st.from_type(kind), lambda _: True, settings=once), kind)
    assert nm.NewsItem in dict(_hypothesis_hook.REGISTRATIONS)
