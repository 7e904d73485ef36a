"""What the editor session checks before saving: model rules and the schema."""

from __future__ import annotations

from newsml_codecs import document, schema
from newsml_model import DocumentValidated, NewsItem, NewsItemError, newsitem


def validate(item: NewsItem) -> list[str]:
    """The problems that stop `item` from being saved; [] when there are none.

    Runs the model checks of the pure `newsitem.save` (decision D16), then
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
        problems.extend(f"document: {problem}" for problem in schema.validate(doc))
    return problems
