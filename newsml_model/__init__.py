"""newsml-model: an immutable NewsML-G2 news item and the Writer's news item API.

Pure and free of I/O: parsing and writing live in `newsml_codecs`.
"""

from newsml_model._change import (
    Change,
    DocumentChanged,
    DocumentInvalidated,
    DocumentSaved,
    DocumentSaveFailed,
    DocumentValidated,
    Event,
    LanguageChanged,
)
from newsml_model._enums import DownloadType, LockingMode, ProcessingStatus
from newsml_model._errors import (
    DecodeError,
    ForbiddenXMLError,
    InvalidArgumentError,
    InvalidDocumentError,
    LimitExceededError,
    MalformedXMLError,
    NewsItemError,
    NotFoundError,
    UnsupportedItemKindError,
)
from newsml_model._item import ContentMeta, ItemMeta, NewsItem
from newsml_model._nodes import (
    IDF,
    IM,
    NAR,
    Attributes,
    ContentMetaObject,
    Element,
    ExtProperty,
    Link,
    Links,
    Metadata,
    Node,
    Service,
)

__all__ = [
    "IDF",
    "IM",
    "NAR",
    "Attributes",
    "Change",
    "ContentMeta",
    "ContentMetaObject",
    "DecodeError",
    "DocumentChanged",
    "DocumentInvalidated",
    "DocumentSaveFailed",
    "DocumentSaved",
    "DocumentValidated",
    "DownloadType",
    "Element",
    "Event",
    "ExtProperty",
    "ForbiddenXMLError",
    "InvalidArgumentError",
    "InvalidDocumentError",
    "ItemMeta",
    "LanguageChanged",
    "LimitExceededError",
    "Link",
    "Links",
    "LockingMode",
    "MalformedXMLError",
    "Metadata",
    "NewsItem",
    "NewsItemError",
    "Node",
    "NotFoundError",
    "ProcessingStatus",
    "Service",
    "UnsupportedItemKindError",
]
