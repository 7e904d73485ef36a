"""The typing examples and the README's example pass ``mypy --strict`` (as attrs checks its own).

``typing-examples/`` holds code a user writes, with ``assert_type`` for what
mypy must infer and ``# type: ignore[code]`` for what it must refuse (under
``--strict`` an unused ignore is an error, so each marks a real one). The
README's first Python block is checked the same way, and so is every page
that teaches the model's idioms (`TYPED_PAGES`: each page's Python blocks
as one module, in page order, as a reader copies them). One mypy run, with
its own cache, serves the module.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "typing-examples").glob("*.py"))
_BLOCK = re.compile(r"```python[^\n]*\n(.*?)```", re.DOTALL)
# The pages whose examples teach the model's idioms: what they show passes --strict as written.
TYPED_PAGES = (
    "quickstart",
    "body",
    "api",
    "tree",
    "records",
    "diff",
    "schema",
    "editor",
    "persistence",
)


def readme_example() -> str:
    """The first Python block of README.md."""
    found = _BLOCK.search((ROOT / "README.md").read_text(encoding="utf-8"))
    assert found is not None, "README.md has no python block"
    return found.group(1)


def page_module(page: str) -> str:
    """The Python blocks of ``docs/<page>.md`` that run (not ``{test="skip"}``), as one module."""
    text = (ROOT / "docs" / f"{page}.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python([^\n]*)\n(.*?)```", text, re.DOTALL)
    return "\n".join(source for fence, source in blocks if 'test="skip"' not in fence)


def mypy_strict(*paths: Path, cache: Path) -> subprocess.CompletedProcess[str]:
    """``mypy --strict`` over `paths` from the repository root (its config, its packages)."""
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache), *map(str, paths)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


@pytest.fixture(scope="module")
def checked(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[subprocess.CompletedProcess[str], Path]:
    """One mypy run over the typing examples, the README example and a broken copy of it."""
    folder = tmp_path_factory.mktemp("typing")
    (folder / "readme_example.py").write_text(readme_example(), encoding="utf-8")
    # The same example without kind=: mypy must refuse the union (the test can fail).
    untyped = readme_example().replace(", kind=nm.NewsItem", "")
    assert untyped != readme_example()
    (folder / "readme_untyped.py").write_text(untyped, encoding="utf-8")
    pages = []
    for page in TYPED_PAGES:
        pages.append(folder / f"page_{page}.py")
        pages[-1].write_text(page_module(page), encoding="utf-8")
    result = mypy_strict(
        *EXAMPLES,
        folder / "readme_example.py",
        folder / "readme_untyped.py",
        *pages,
        cache=folder / "cache",
    )
    return result, folder


def test_there_are_typing_examples() -> None:
    """typing-examples/ exists and covers kind=, the store, the API and the TypedDicts."""
    text = "\n".join(path.read_text(encoding="utf-8") for path in EXAMPLES)
    for needle in (
        "newsml.loads(xml, kind=",
        "document.load(doc, kind=",
        "store.get(uuid, kind=",
        "LinkJxonMapping",
        "DocumentMapping",
        "require_item_meta()",
        "events_of(nm.DocumentChanged)",
    ):
        assert needle in text, needle


def test_typing_examples_pass_mypy_strict(
    checked: tuple[subprocess.CompletedProcess[str], Path],
) -> None:
    """No error in typing-examples/ (every assert_type holds, every ignore is needed)."""
    result, _ = checked
    errors = [line for line in result.stdout.splitlines() if "typing-examples" in line]
    assert [] == errors, result.stdout + result.stderr


def test_readme_example_passes_mypy_strict(
    checked: tuple[subprocess.CompletedProcess[str], Path],
) -> None:
    """README.md's first Python block type-checks under --strict."""
    result, _ = checked
    errors = [line for line in result.stdout.splitlines() if "readme_example.py" in line]
    assert [] == errors, result.stdout + result.stderr


@pytest.mark.parametrize("page", TYPED_PAGES)
def test_page_examples_pass_mypy_strict(
    checked: tuple[subprocess.CompletedProcess[str], Path], page: str
) -> None:
    """The page's Python blocks, as one module, type-check under --strict."""
    result, _ = checked
    assert page_module(page).strip(), page
    errors = [line for line in result.stdout.splitlines() if f"page_{page}.py" in line]
    assert [] == errors, result.stdout + result.stderr


def test_the_old_idioms_fail_mypy_strict() -> None:
    """Control: the idioms the pages taught before the typed accessors are marked as errors.

    ``typing-examples/docs_idioms.py`` keeps ``item.item_meta.title`` and
    ``change.events[0].data`` with a ``type: ignore`` each; under --strict an
    unused ignore is itself an error, so the clean run above proves mypy
    rejects them.
    """
    text = (ROOT / "typing-examples" / "docs_idioms.py").read_text(encoding="utf-8")
    assert "item.item_meta.title  # type: ignore[union-attr]" in text
    assert "change.events[0].data  # type: ignore[union-attr]" in text
    assert "changed.content_meta.headline)  # type: ignore[union-attr]" in text


def test_without_kind_the_readme_example_fails(
    checked: tuple[subprocess.CompletedProcess[str], Path],
) -> None:
    """Control: without kind= the README's add_link call is an arg-type error (the union)."""
    result, _ = checked
    errors = [line for line in result.stdout.splitlines() if "readme_untyped.py" in line]
    assert any("[arg-type]" in line and "add_link" in line for line in errors), result.stdout
    assert 1 == result.returncode
