"""newsml-model: an immutable NewsML-G2 news item and the Writer's news item API.

Pure and free of I/O: records, events, errors, the news item API, the
structuring of Writer mappings and strategies of records. Parsing and writing
live in `newsml_codecs`; everything stateful in `newsml_tools`. This package
imports neither.
"""

from newsml_model._args import (
    Author,
    Category,
    Channel,
    ContentProfile,
    EditorConfig,
    LanguageParts,
    Location,
    Organisation,
    PubStatus,
    PubTime,
    Section,
    Story,
    Tag,
)
from newsml_model._attributes import Attributes
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
from newsml_model._item import ContentMeta, ItemMeta, NewsItem, Node
from newsml_model._kinds import (
    Concept,
    ConceptItem,
    NewsCoverage,
    NewsCoverageSet,
    Planning,
    PlanningItem,
)
from newsml_model._kinds_any import AnyItem
from newsml_model._kinds_lists import ItemList, Package
from newsml_model._nodes import (
    IDF,
    IM,
    NAR,
    ContentMetaObject,
    Element,
    ExtProperty,
    Link,
    Links,
    Metadata,
    Service,
)
from newsml_model.diff import Difference, diff

__all__ = [
    "IDF",
    "IM",
    "NAR",
    "AnyItem",
    "Attributes",
    "Author",
    "Category",
    "Change",
    "Channel",
    "Concept",
    "ConceptItem",
    "ContentMeta",
    "ContentMetaObject",
    "ContentProfile",
    "DecodeError",
    "Difference",
    "DocumentChanged",
    "DocumentInvalidated",
    "DocumentSaveFailed",
    "DocumentSaved",
    "DocumentValidated",
    "DownloadType",
    "EditorConfig",
    "Element",
    "Event",
    "ExtProperty",
    "ForbiddenXMLError",
    "InvalidArgumentError",
    "InvalidDocumentError",
    "ItemList",
    "ItemMeta",
    "LanguageChanged",
    "LanguageParts",
    "LimitExceededError",
    "Link",
    "Links",
    "Location",
    "LockingMode",
    "MalformedXMLError",
    "Metadata",
    "NewsCoverage",
    "NewsCoverageSet",
    "NewsItem",
    "NewsItemError",
    "Node",
    "NotFoundError",
    "Organisation",
    "Package",
    "Planning",
    "PlanningItem",
    "ProcessingStatus",
    "PubStatus",
    "PubTime",
    "Section",
    "Service",
    "Story",
    "Tag",
    "UnsupportedItemKindError",
    "diff",
]
