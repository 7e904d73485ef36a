"""Differences as JSON, shared by ``newsml diff --json`` and the service's ``Diff`` (internal)."""

from __future__ import annotations

import json
from typing import Any
from xml.sax.saxutils import escape

from newsml_codecs import jxon
from newsml_model import NewsItemError
from newsml_model.diff import Difference
from newsml_model.tree import element_parts

__all__ = ["as_json", "shown"]


def shown(value: Any) -> str:
    """A value in one line: quoted text, a record as its start tag."""
    if value is None or isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
        return text if len(text) <= 120 else text[:117] + '..."'
    name, _ns, attributes, children = element_parts(value)
    written = "".join(f' {k}="{escape(v, {chr(34): "&quot;"})}"' for k, v in attributes)
    return f"<{name}{written}{'' if children else '/'}>"


def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, str):
        return value
    try:
        return jxon.dump(value)
    except NewsItemError:  # a part of another item kind: its start tag says what it is
        return shown(value)


def as_json(difference: Difference) -> dict[str, Any]:
    """A difference as a JSON object (records as the Writer's raw JXON).

    Args:
        difference: One result of `newsml_model.diff`.

    Returns:
        ``{"kind", "path", "document_path", "old", "new", "event"}``.
    """
    return {
        "kind": difference.kind,
        "path": difference.path,
        "document_path": difference.document_path,
        "old": _jsonable(difference.old),
        "new": _jsonable(difference.new),
        "event": difference.event,
    }
