"""The one error hierarchy of the library.

Every error a caller can provoke with bad input is one of these; each also
inherits the nearest builtin so generic handlers keep working::

    NewsItemError (Exception)
    +-- NotFoundError (LookupError)           the API's target does not exist
    +-- InvalidArgumentError (ValueError)     a bad argument to an API function
    +-- DecodeError (ValueError)              input a codec cannot read
        +-- MalformedXMLError                 not well-formed XML: line, column
        +-- ForbiddenXMLError                 DTD, entity declaration, external reference
        +-- LimitExceededError                input too large or nested too deep
        +-- UnsupportedItemKindError          a root that is no item kind (or not the one wanted)
        +-- InvalidDocumentError              a NavigaDoc document: JSON path
"""

from __future__ import annotations


class NewsItemError(Exception):
    """Root of every error this library raises on purpose."""


class NotFoundError(NewsItemError, LookupError):
    """The element an API function must change does not exist."""


class InvalidArgumentError(NewsItemError, ValueError):
    """An argument to an API function has the wrong type or shape.

    Attributes:
        field: Dotted name of the offending argument or field, when known.
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class DecodeError(NewsItemError, ValueError):
    """Input that a codec cannot turn into a news item."""


class MalformedXMLError(DecodeError):
    """The input is not well-formed XML.

    Attributes:
        line: 1-based line of the error.
        column: 1-based column of the error.
    """

    def __init__(self, message: str, *, line: int, column: int) -> None:
        super().__init__(f"{message} (line {line}, column {column})")
        self.reason = message
        self.line = line
        self.column = column


class ForbiddenXMLError(DecodeError):
    """The input uses a DTD, declares entities or refers to external resources.

    Such input is refused outright: never expanded, never fetched.
    """


class LimitExceededError(DecodeError):
    """The input is larger, or nested deeper, than the configured limit."""


ITEM_ROOTS = ("newsItem", "conceptItem", "planningItem", "planning", "list", "package")
"""The root elements of the six item kinds the codecs read."""


class UnsupportedItemKindError(DecodeError):
    """The root element is not one of the item kinds the reader takes.

    ``newsml.loads`` reads the six kinds of `ITEM_ROOTS` (a ``contentSet``
    fragment is refused); the editor session edits only ``newsItem``.

    Attributes:
        kind: The local name of the root element found.
        supported: The root elements that were acceptable.
    """

    def __init__(self, kind: str, supported: tuple[str, ...] = ITEM_ROOTS) -> None:
        super().__init__(f"unsupported item kind: {kind!r} (supported: {', '.join(supported)})")
        self.kind = kind
        self.supported = supported


class InvalidDocumentError(DecodeError):
    """A NavigaDoc document that cannot be converted.

    Attributes:
        path: JSON path of the offending value, such as ``$.links[2].data``
            (the first one when there are several).
        reason: The message without the path.
        errors: Every problem found, each ``"<JSON path>: <message>"``;
            one entry (this error's own) unless the error lists several,
            as ``newsml_codecs.schema.validate`` does.
    """

    def __init__(
        self, message: str, *, path: str = "$", errors: tuple[str, ...] | None = None
    ) -> None:
        super().__init__(f"{path}: {message}")
        self.reason = message
        self.path = path
        self.errors: tuple[str, ...] = (f"{path}: {message}",) if errors is None else errors
