"""What the editor session checks before saving: model rules and the schema."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from newsml_codecs import document, schema
from newsml_model import DocumentValidated, NewsItem, NewsItemError, newsitem


def validate(item: NewsItem) -> list[str]:
    """The problems that stop `item` from being saved; [] when there are none.

    Runs the model checks of the pure `newsitem.save`, then
    converts the item to its NavigaDoc document and checks that against the
    JSON schema; schema problems are prefixed ``document:``.

    Args:
        item: The item to check.

    Returns:
        One message per problem.
    """
    change = newsitem.save(item)
    problems = [
        problem
        for event in change.events
        if isinstance(event, DocumentValidated)
        for problem in event.problems
    ]
    try:
        doc = document.dump(item)
    except NewsItemError as error:
        problems.append(f"document: {error}")
    else:
        problems.extend(f"document: {problem}" for problem in schema.errors(doc))
    return problems


# Array indexes in a problem's JSON path ("$.links[2].uri"): an edit that
# inserts a block before an old problem moves it without making it new.
_INDEX = re.compile(r"\[[0-9]+\]")


def split_by_baseline(
    problems: Iterable[str], baseline: Iterable[str]
) -> tuple[list[str], list[str]]:
    """`problems` split into those new since `baseline` and those already in it.

    Problems are matched by their message with array indexes left out (a
    problem at ``$.links[2].uri`` matches the same one at ``$.links[0].uri``),
    each baseline problem matching at most one current problem: a second copy
    of an old defect is new.

    Args:
        problems: The item's problems now, as `validate` gives them.
        baseline: The problems the item had when it was loaded.

    Returns:
        ``(introduced, inherited)``, each in the order of `problems`.
    """
    available = Counter(_INDEX.sub("[]", problem) for problem in baseline)
    introduced: list[str] = []
    inherited: list[str] = []
    for problem in problems:
        key = _INDEX.sub("[]", problem)
        if available[key] > 0:
            available[key] -= 1
            inherited.append(problem)
        else:
            introduced.append(problem)
    return introduced, inherited
