"""Suite-wide test settings: Hypothesis profiles and how tests share pytest-xdist workers.

The suite runs in parallel with pytest-xdist (``-n auto --dist loadfile`` in
``pyproject.toml``): each test module runs whole on one worker, so what a
module-scoped fixture starts (a server, a browser, a Dask cluster) starts
once; session fixtures start once per worker. CONTRIBUTING.md says what a
test must do to be safe there. Set here, for every test, present and future:

- The number of workers ``-n auto`` starts: one more than the cores.
- Hypothesis profiles: ``default`` (fast, for the edit-test loop) and ``ci``
  (thorough, what ``.ci/run`` runs), chosen with the environment variable
  ``HYPOTHESIS_PROFILE``. A test's own ``@settings`` still win over them.

And one for the interpreters the suite starts: bytecode is written (into
the usual, git-ignored ``__pycache__`` folders) even where
``PYTHONDONTWRITEBYTECODE`` is set, for this process, the workers and every
subprocess. The suite starts a few hundred Python processes (the command
line, the service, store writers, Dask); without cached bytecode each one
compiles the project's modules again, which costs them more than their work.
"""

from __future__ import annotations

import os
import sys

import pytest
from hypothesis import HealthCheck, settings

# Generated articles are big by design (every construct at once), and some
# tests build large hostile inputs: neither is a bug worth a health check.
_SLOW_BY_DESIGN = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]

settings.register_profile(
    "default", max_examples=5, deadline=None, suppress_health_check=_SLOW_BY_DESIGN
)
# CI draws the same examples at every run (a gate that passed stays passed, and a failure
# is the same at the next run); `explore` draws new ones each time, to hunt with.
settings.register_profile(
    "ci",
    max_examples=50,
    deadline=None,
    suppress_health_check=_SLOW_BY_DESIGN,
    print_blob=True,
    derandomize=True,
)
settings.register_profile(
    "explore", parent=settings.get_profile("ci"), max_examples=200, derandomize=False
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# Set before any test module is imported, so pytest caches their rewritten
# bytecode too; the workers and subprocesses inherit the environment.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto``: one worker more than the cores, or none for a single test file.

    Many tests wait on another process (the command line, the service, a
    Dask cluster, PostgreSQL); the extra worker keeps the cores busy then.
    Modules run whole on one worker, so a command line naming test files
    gets at most one worker a file, and one file runs in this process, as
    without xdist (no workers to start). ``PYTEST_XDIST_AUTO_NUM_WORKERS``
    still decides when set.
    """
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own hook reads it
    if hasattr(os, "sched_getaffinity"):  # Linux: the cores this process may run on
        workers = len(os.sched_getaffinity(0)) + 1
    else:
        workers = (os.cpu_count() or 1) + 1
    files = {str(arg).partition("::")[0] for arg in config.args}
    if files and all(name.endswith(".py") for name in files):
        return 0 if len(files) == 1 else min(len(files), workers)
    return workers
