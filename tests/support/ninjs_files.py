"""The ninjs examples of the shared wire material, for the ninjs codec's tests.

Read in place (never copied); the params skip when ``../shared/wire`` is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from support import ROOT

NINJS_EXAMPLES = ROOT.parent / "shared" / "wire" / "ninjs" / "examples"

# A schema, not an instance: the extension example's own schema.
NOT_INSTANCES = {"extension-schema.json"}


def ninjs_examples() -> list[Path]:
    """Every ninjs instance of the wire material (all versions, the collection and not-valid ones)."""
    if not NINJS_EXAMPLES.is_dir():
        return []
    return sorted(p for p in NINJS_EXAMPLES.rglob("*.json") if p.name not in NOT_INSTANCES)


def example_id(path: Path) -> str:
    """The example's path below the examples folder (``3.0/ntb_text.json``)."""
    return path.relative_to(NINJS_EXAMPLES).as_posix()


def ninjs_params() -> list[object]:
    """`ninjs_examples` as pytest params, or one skipped param when the material is absent."""
    files = ninjs_examples()
    if not files:
        return [pytest.param(None, marks=pytest.mark.skip(reason="../shared/wire is absent"))]
    return [pytest.param(p, id=example_id(p)) for p in files]
