"""Internal: schema errors of documents nested deeper than python-jsonschema recurses.

python-jsonschema follows the schema's ``$ref`` to a block inside a block
on the Python stack, and gives up (``RecursionError``) some 165 blocks down,
far less deep than the JSON reader reads (some 500 blocks). Such a document
is not invalid for that, so `schema` asks this walk instead: every block is
checked alone against a *shallow* copy of the schema, in which a nested
block is only required to be an object, and the walk goes down the blocks
with a list of its own rather than the stack. Every block is still checked
against the whole block schema, so the verdict and the messages are the
full schema's; only their order differs (each block's own errors, then its
children's, depth first, in ``links``, ``content``, ``meta`` order).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker, ValidationError

from newsml_model import LimitExceededError

__all__ = ["DeepWalk"]

_BLOCK_REF = "#/$defs/block"
_NESTING = ("links", "content", "meta")


def _shallow(node: Any) -> Any:
    """`node` with each ``$ref`` to a block replaced by "an object"."""
    if isinstance(node, list):
        return [_shallow(child) for child in node]
    if not isinstance(node, dict):
        return node
    if node.get("$ref") == _BLOCK_REF:
        return {"type": "object"}
    return {key: _shallow(value) for key, value in node.items()}


class DeepWalk:
    """The schema's errors found block by block, at any depth.

    Args:
        schema: The shipped schema; blocks recurse only through
            ``#/$defs/block`` in `_NESTING` arrays.
        format_checker: The schema's format checker.
    """

    def __init__(self, schema: dict[str, Any], format_checker: FormatChecker) -> None:
        schema = copy.deepcopy(schema)
        block = schema.pop("$defs")["block"]
        self._document = Draft202012Validator(_shallow(schema), format_checker=format_checker)
        self._block = Draft202012Validator(_shallow(block), format_checker=format_checker)

    def iter_errors(self, doc: object) -> Iterator[ValidationError]:
        """The errors of `doc`, each with its full path (``$.links[0].content[3].uuid``).

        Args:
            doc: A decoded JSON value.

        Yields:
            The errors, lazily: ``next()`` alone gives the verdict.

        Raises:
            LimitExceededError: A value inside a block is itself nested too
                deeply for its error message to be written.
        """
        stack: list[tuple[tuple[str | int, ...], object, Draft202012Validator]] = [
            ((), doc, self._document)
        ]
        while stack:
            path, node, validator = stack.pop()
            try:
                errors = list(validator.iter_errors(node))
            except RecursionError:
                where = "$" + "".join(
                    f"[{step}]" if isinstance(step, int) else f".{step}" for step in path
                )
                raise LimitExceededError(
                    f"{where}: a value is nested too deeply to validate"
                ) from None
            for error in errors:
                error.path.extendleft(reversed(path))
                yield error
            if isinstance(node, dict):
                children = [
                    ((*path, field, index), child, self._block)
                    for field in _NESTING
                    if isinstance(node.get(field), list)
                    for index, child in enumerate(node[field])
                    if isinstance(child, dict)
                ]
                stack.extend(reversed(children))
