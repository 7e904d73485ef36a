"""The rule between layers and the rule of private names, read from the imports (ast).

DESIGN.md "Layout": `newsml_model` imports neither other package;
`newsml_codecs` never imports `newsml_tools`; nothing imports
`newsml_tools.cli`. DEVELOPERS.md: no ``from x import _private`` across
modules (importing an underscored *module* of a package is how packages are
built, and is fine).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from support import ROOT

PACKAGES = ("newsml_model", "newsml_codecs", "newsml_tools")


def _modules() -> Iterator[tuple[str, Path]]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            yield ".".join(parts), path


MODULES = dict(_modules())


def _imports(module: str, path: Path) -> Iterator[tuple[int, str, str | None]]:
    """``(line, imported module, imported name or None)`` of every import in `path`."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, None
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            for alias in node.names:
                yield node.lineno, base, alias.name


def _targets(imported: str, name: str | None) -> set[str]:
    """The modules an import may load: the module, and ``module.name`` if that is one."""
    found = {imported}
    if name is not None and f"{imported}.{name}" in MODULES:
        found.add(f"{imported}.{name}")
    return found


FORBIDDEN = {
    "newsml_model": ("newsml_codecs", "newsml_tools"),
    "newsml_codecs": ("newsml_tools",),
    "newsml_tools": ("newsml_tools.cli",),
}


def _in(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_the_modules_are_found() -> None:
    """The scan sees every package (a wrong root would make the rules pass vacuously)."""
    assert {"newsml_model", "newsml_codecs", "newsml_tools"} <= set(MODULES)
    assert "newsml_model.newsitem" in MODULES


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_imports_a_higher_layer(package: str) -> None:
    """newsml_model imports neither other package, newsml_codecs never newsml_tools, no one the CLI.

    The CLI's own modules may import each other, and ``python -m newsml_tools``
    (``newsml_tools.__main__``) is the CLI's other entry point.
    """
    bad = []
    for module, path in MODULES.items():
        if not _in(module, package) or module == "newsml_tools.__main__":
            continue
        for line, imported, name in _imports(module, path):
            for target in _targets(imported, name):
                for forbidden in FORBIDDEN[package]:
                    if _in(target, forbidden) and not _in(module, forbidden):
                        bad.append(f"{path.relative_to(ROOT)}:{line} imports {target}")
    assert [] == bad


def test_no_module_imports_a_private_name_of_another() -> None:
    """No ``from x import _name`` where ``_name`` is not a module: share public names instead."""
    bad = []
    for module, path in MODULES.items():
        for line, imported, name in _imports(module, path):
            if name is None or not name.startswith("_") or name.startswith("__"):
                continue
            if f"{imported}.{name}" in MODULES:
                continue  # an underscored module of a package
            bad.append(f"{path.relative_to(ROOT)}:{line} imports {name} from {imported}")
    assert [] == bad


def test_the_rules_catch_what_they_forbid(tmp_path: Path) -> None:
    """The scanner sees relative imports, private names and imports inside functions."""
    source = tmp_path / "probe.py"
    source.write_text(
        "def f():\n    from newsml_codecs._xmlwrite import _hidden\nfrom ..cli import main\n",
        encoding="utf-8",
    )
    found = list(_imports("newsml_tools.service.probe", source))
    assert (2, "newsml_codecs._xmlwrite", "_hidden") in found
    assert (3, "newsml_tools.cli", "main") in found
