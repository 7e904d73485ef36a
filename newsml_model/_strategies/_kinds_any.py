"""The strategy of items of every kind (`AnyItem`), the union of the kinds' strategies.

Apart from the kinds' own modules as `newsml_model._kinds_any` is apart
from the records: it needs all of them (news items, `_kinds`, `_kinds_lists`).
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from newsml_model._kinds_any import AnyItem
from newsml_model._strategies._base import check_complete
from newsml_model._strategies._item import news_items
from newsml_model._strategies._kinds import concept_items, planning_items, plannings
from newsml_model._strategies._kinds_lists import item_lists, packages


def any_items(
    *, unknown_elements: bool | None = None, complete: bool = False
) -> st.SearchStrategy[AnyItem]:
    """Generate items of every kind (`AnyItem`), news items included.

    Args:
        unknown_elements: Include elements and attributes the model does not
            type (default True; never with `complete`).
        complete: Draw complete items of every kind (each kind's `complete`).

    Raises:
        InvalidArgument: An option of the wrong type, or `complete` with
            ``unknown_elements=True``.
    """
    options: dict[str, Any] = {"complete": check_complete(complete, unknown_elements)}
    if unknown_elements is not None:
        options["unknown_elements"] = unknown_elements
    return st.one_of(
        news_items(**options),
        concept_items(**options),
        planning_items(**options),
        plannings(**options),
        item_lists(**options),
        packages(**options),
    )
