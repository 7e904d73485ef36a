"""Internal: schema errors of documents whose blocks nest, in time linear in the depth.

python-jsonschema follows the schema's ``$ref`` to a block inside a block
on the Python stack, and gives up (``RecursionError``) some 165 blocks down,
far less deep than the JSON reader reads (some 500 blocks). And before that,
each error it finds is handed up through a generator per level, so a
document with a problem in each of its ``d`` nested blocks costs ``d * d``
steps. A deep document is not invalid for that, so for blocks nested deeper
than `SHALLOW_BLOCKS` `schema` asks this walk instead: every block is
checked alone against a *shallow* copy of the schema, in which a nested
block is only required to be an object, and the walk goes down the blocks
with a list of its own rather than the stack. Every block is still checked
against the whole block schema, so the verdict and the messages are the
full schema's; only their order differs (each block's own errors, then its
children's, depth first, in ``links``, ``content``, ``meta`` order). A
block's path is a link to its parent's, unrolled only for an error, so the
walk's own steps are linear in the number of blocks too.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker, ValidationError

from newsml_model import LimitExceededError

__all__ = ["SHALLOW_BLOCKS", "DeepWalk", "nested_deeper"]

SHALLOW_BLOCKS = 8
"""Blocks nested at most this deep are validated whole (errors in schema order)."""

_BLOCK_REF = "#/$defs/block"
_NESTING = ("links", "content", "meta")

# A block's path: None for the document, else (parent's path, field, index).
_Link = tuple[Any, str, int] | None


def _unrolled(link: _Link) -> tuple[str | int, ...]:
    steps: list[str | int] = []
    while link is not None:
        link, field, index = link
        steps += (index, field)
    return tuple(reversed(steps))


def _children(node: object) -> list[tuple[str, int, dict[str, Any]]]:
    """The blocks directly inside `node`: field, index and block, in walk order."""
    if not isinstance(node, dict):
        return []
    return [
        (field, index, child)
        for field in _NESTING
        if isinstance(node.get(field), list)
        for index, child in enumerate(node[field])
        if isinstance(child, dict)
    ]


def nested_deeper(doc: object, depth: int) -> bool:
    """Whether blocks nest more than `depth` deep in `doc` (a walk with a list of its own)."""
    stack = [(doc, 0)]
    while stack:
        node, level = stack.pop()
        if level > depth:
            return True
        stack.extend((child, level + 1) for _, _, child in _children(node))
    return False


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
        stack: list[tuple[_Link, object, Draft202012Validator]] = [(None, doc, self._document)]
        while stack:
            link, node, validator = stack.pop()
            try:
                errors = list(validator.iter_errors(node))
            except RecursionError:
                where = "$" + "".join(
                    f"[{step}]" if isinstance(step, int) else f".{step}" for step in _unrolled(link)
                )
                raise LimitExceededError(
                    f"{where}: a value is nested too deeply to validate"
                ) from None
            if errors:
                path = _unrolled(link)
                for error in errors:
                    error.path.extendleft(reversed(path))
                    yield error
            children = _children(node)
            stack.extend(
                ((link, field, index), child, self._block)
                for field, index, child in reversed(children)
            )
