"""The ``newsml`` command with the core install only (``pip install newsml-model``, no extras).

The rest of the suite runs with every extra installed, so it cannot see an
import of an optional package that the core commands reach. Here a fresh
virtual environment gets the wheel built from this checkout, its core
dependencies resolved by pip from the package index, and nothing else; the
commands run from it as a user would run them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from support.cli import ARTICLE, ARTICLE_UUID

from newsml_codecs import document, newsml

ROOT = Path(__file__).resolve().parents[3]
# The packages of the extras: none may be importable in the bare environment.
EXTRA_MODULES = ("google.protobuf", "uvicorn", "httpx", "tqdm", "dask", "psycopg", "hypothesis")
INSTALL_SECONDS = 600


def run(*command: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run `command`; the completed process, text."""
    return subprocess.run(
        [str(part) for part in command],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=INSTALL_SECONDS,
        check=False,
    )


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``bin`` folder of a virtual environment holding the package without any extra."""
    where = tmp_path_factory.mktemp("core-install")
    # The wheel of this checkout (the build backend of the test environment,
    # no network); then pip resolves the core dependencies from the index.
    built = run(
        sys.executable,
        *("-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q"),
        *(ROOT, "-w", where / "wheel"),
        cwd=where,
    )
    assert 0 == built.returncode, built.stderr
    (wheel,) = (where / "wheel").glob("*.whl")
    made = run(sys.executable, "-m", "venv", "--without-pip", where / "venv", cwd=where)
    assert 0 == made.returncode, made.stderr
    python = where / "venv" / "bin" / "python"
    installed = run(
        sys.executable, "-m", "pip", "--python", python, "install", "-q", wheel, cwd=where
    )
    assert 0 == installed.returncode, installed.stderr
    return python.parent


def newsml_bare(bare: Path, *args: str | Path) -> subprocess.CompletedProcess[str]:
    """Run the bare environment's ``newsml`` console script outside the checkout."""
    return run(bare / "newsml", *args, cwd=bare)


def test_the_environment_has_no_extra(bare: Path) -> None:
    """The packages of every extra are absent, so the commands below run on the core alone."""
    probe = "import importlib.util as u, sys; print([m for m in sys.argv[1:] if u.find_spec(m.split('.')[0])])"
    result = run(bare / "python", "-c", probe, *EXTRA_MODULES, cwd=bare)
    assert (0, "[]") == (result.returncode, result.stdout.strip()), result.stderr


def test_help_lists_every_subcommand_and_the_extra_serve_needs(bare: Path) -> None:
    """``newsml --help`` works and says that serve needs the service extra."""
    result = newsml_bare(bare, "--help")
    assert 0 == result.returncode, result.stderr
    text = " ".join(result.stdout.split())
    for command in ("convert", "validate", "diff", "serve", "store"):
        assert f" {command} " in text
    assert "(needs the 'service' extra)" in text


def test_convert_validate_and_diff_work(bare: Path, tmp_path: Path) -> None:
    """convert, validate and diff give what the library gives, quietly, exit 0."""
    converted = newsml_bare(bare, "convert", ARTICLE)
    assert (0, "") == (converted.returncode, converted.stderr)
    assert document.dump(newsml.loads(ARTICLE.read_bytes())) == json.loads(converted.stdout)
    doc = tmp_path / "article.json"
    doc.write_text(converted.stdout, encoding="utf-8")
    validated = newsml_bare(bare, "validate", doc, ARTICLE)
    assert 0 == validated.returncode, validated.stderr
    assert "" == validated.stdout
    compared = newsml_bare(bare, "diff", ARTICLE, doc)
    assert (0, "", "") == (compared.returncode, compared.stdout, compared.stderr)


@pytest.mark.parametrize("args", [(), ("--port", "9"), ("--help",)])
def test_serve_names_its_extra_in_one_line(bare: Path, args: tuple[str, ...]) -> None:
    """serve, with any arguments, prints the one line that names the extra; exit 2."""
    result = newsml_bare(bare, "serve", *args)
    expected = "newsml serve: needs the 'service' extra: pip install 'newsml-model[service]'\n"
    assert (2, "", expected) == (result.returncode, result.stdout, result.stderr)


def test_store_works_on_sqlite_and_names_the_postgres_extra(bare: Path, tmp_path: Path) -> None:
    """store put on SQLite works; a PostgreSQL URL is a usage error naming the postgres extra."""
    saved = newsml_bare(bare, "store", "put", "--db", tmp_path / "s.db", ARTICLE)
    assert 0 == saved.returncode, saved.stderr
    assert saved.stdout.startswith(f"{ARTICLE_UUID}\t1\t")
    url = "postgresql://user@127.0.0.1:1/news"
    result = newsml_bare(bare, "store", "list", "--db", url)
    assert 2 == result.returncode
    assert [
        "newsml store: postgresql: PostgreSQL stores need psycopg: pip install 'newsml-model[postgres]'"
    ] == result.stderr.splitlines()


@pytest.mark.parametrize("command", ["convert", "validate", "diff"])
def test_scheduler_names_the_dask_extra(bare: Path, tmp_path: Path, command: str) -> None:
    """--scheduler without Dask: one line naming the dask extra, exit 2, for each batch command."""
    inputs = (ARTICLE, "-o", tmp_path / "a.json") if command == "convert" else (ARTICLE, ARTICLE)
    result = newsml_bare(bare, command, "--scheduler", "local", *inputs)
    expected = f"newsml {command}: running on a Dask cluster needs Dask: pip install 'newsml-model[dask]'\n"
    assert (2, expected) == (result.returncode, result.stderr)
