"""The rule between layers and the rule of private names, read from the imports (ast).

DESIGN.md "Layout": `newsml_model` imports neither other package;
`newsml_codecs` never imports `newsml_tools`; nothing imports
`newsml_tools.cli`. CONTRIBUTING.md: no ``from x import _private`` across
modules (importing an underscored *module* of a package is how packages are
built, and is fine), and no module imports an underscored module of another
top-level package: `newsml_codecs` and `newsml_tools` use the model's public
modules (`newsml_model`, `newsml_model.tree`, `newsml_model.mappings`,
`newsml_model.strategies`...). No import cycle between modules, imports under
``if TYPE_CHECKING:`` and inside functions included.
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


def _top(module: str) -> str:
    return module.partition(".")[0]


def _private_module(module: str) -> bool:
    """Whether a part of the dotted `module` is underscored (``__init__``-style names aside)."""
    return any(part.startswith("_") and not part.startswith("__") for part in module.split("."))


def test_no_module_imports_another_packages_private_module() -> None:
    """`newsml_codecs` and `newsml_tools` reach the model (and each other) through public modules."""
    bad = []
    for module, path in MODULES.items():
        for line, imported, name in _imports(module, path):
            for target in _targets(imported, name):
                if _in(target, _top(module)):
                    continue
                if _top(target) in PACKAGES and _private_module(target):
                    bad.append(f"{path.relative_to(ROOT)}:{line} imports {target}")
    assert [] == bad


def _graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports (the named module; a package's ``__init__`` once named)."""
    graph: dict[str, set[str]] = {module: set() for module in MODULES}
    for module, path in MODULES.items():
        for _line, imported, name in _imports(module, path):
            target = f"{imported}.{name}" if f"{imported}.{name}" in MODULES else imported
            if target in MODULES and target != module:
                graph[module].add(target)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_no_import_cycle() -> None:
    """No two modules import each other, directly or through others, TYPE_CHECKING included.

    The parent packages Python runs first are not edges (every submodule would
    then be in a cycle with its package's ``__init__``); a ``from package
    import name`` that is not a submodule is an edge to the package.
    """
    assert [] == _cycles(_graph())


def test_the_cycle_finder_finds_cycles() -> None:
    """A two-module cycle, a three-module cycle and a tree: the finder tells them apart."""
    graph = {"a": {"b"}, "b": {"a", "c"}, "c": set(), "d": {"e"}, "e": {"f"}, "f": {"d", "c"}}
    assert [["a", "b"], ["d", "e", "f"]] == sorted(_cycles(graph))
    assert [] == _cycles({"a": {"b"}, "b": {"c"}, "c": set()})


def test_the_rules_catch_what_they_forbid(tmp_path: Path) -> None:
    """The scanner sees relative imports, private names and imports inside functions."""
    source = tmp_path / "probe.py"
    source.write_text(
        "def f():\n    from newsml_codecs._xmlwrite import _hidden\nfrom ..cli import main\n"
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from newsml_model._nodes import Node\n",
        encoding="utf-8",
    )
    found = list(_imports("newsml_tools.service.probe", source))
    assert (2, "newsml_codecs._xmlwrite", "_hidden") in found
    assert (3, "newsml_tools.cli", "main") in found
    assert (6, "newsml_model._nodes", "Node") in found
    assert _private_module("newsml_model._nodes")
    assert _private_module("newsml_model.newsitem._tree")
    assert not _private_module("newsml_model.tree")
