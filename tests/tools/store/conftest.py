"""Fixtures of the store tests: the throwaway PostgreSQL cluster.

The cluster starts on first use (only store tests ask for it), once per
session, so once per pytest-xdist worker (each on its own free port), and
is removed at the end; without PostgreSQL binaries or psycopg the tests that
need it are skipped with the reason (see CONTRIBUTING.md).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from support import pg as pg_support

_schemas = itertools.count(1)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[pg_support.Cluster]:
    """A running PostgreSQL cluster for this worker's session (skipped when impossible)."""
    reason = pg_support.unavailable()
    if reason is not None:
        pytest.skip(reason)
    cluster = pg_support.Cluster()
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.remove()


@pytest.fixture
def pg_url(pg_cluster: pg_support.Cluster) -> str:
    """The URL of an empty store place: a fresh schema, first on the search path.

    A schema costs a millisecond where a fresh database costs half a second.
    """
    name = f"test_{next(_schemas)}"
    pg_cluster.execute(f"CREATE SCHEMA {name}", database="newsml")
    return pg_cluster.url("newsml") + f"?options=-csearch_path%3D{name}"


@pytest.fixture(params=["sqlite", "postgres"])
def store_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store goes, once per backend: an SQLite path, a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "news.db")
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def module_target(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """Where a store goes for a whole module, once per backend (for stores a module only reads)."""
    if request.param == "sqlite":
        return str(tmp_path_factory.mktemp("store") / "news.db")
    cluster = request.getfixturevalue("pg_cluster")
    name = f"test_module_{next(_schemas)}"
    cluster.execute(f"CREATE SCHEMA {name}", database="newsml")
    return cluster.url("newsml") + f"?options=-csearch_path%3D{name}"
