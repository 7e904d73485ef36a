"""Fixtures shared by the codec tests."""

from __future__ import annotations

from typing import Any

import pytest

from newsml_codecs.document import _convert
from newsml_codecs.document._carrier import anchored


@pytest.fixture
def ways(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The way each `document.load` applied the anchors: "anchored", or "patch" where it declined.

    Nothing is recorded for a carrier without anchors (the patch way alone).
    """
    seen: list[str] = []
    restore = anchored.restore  # the function `_convert` calls by the name restore

    def spy(*args: Any, **keywords: Any) -> Any:
        done = restore(*args, **keywords)
        seen.append("patch" if done is None else "anchored")
        return done

    monkeypatch.setattr(_convert, "restore", spy)
    return seen
