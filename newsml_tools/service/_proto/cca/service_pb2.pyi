# ruff: noqa
# mypy: disable-error-code="type-arg"
from newsml_tools.service._proto.naviga import document_pb2 as _document_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ProcessingStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    UNKNOWN: _ClassVar[ProcessingStatus]
    IN_PROGRESS: _ClassVar[ProcessingStatus]
    DONE: _ClassVar[ProcessingStatus]
    ERROR: _ClassVar[ProcessingStatus]
    ASSET_EXISTS: _ClassVar[ProcessingStatus]

class LockingMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    NONE: _ClassVar[LockingMode]
    OPTIMISTIC_LOCKING: _ClassVar[LockingMode]
    PESSIMISTIC_LOCKING: _ClassVar[LockingMode]

class DownloadType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TYPE_UNKNOWN: _ClassVar[DownloadType]
    TYPE_ORIGINAL: _ClassVar[DownloadType]
    TYPE_PRESENTATION: _ClassVar[DownloadType]
UNKNOWN: ProcessingStatus
IN_PROGRESS: ProcessingStatus
DONE: ProcessingStatus
ERROR: ProcessingStatus
ASSET_EXISTS: ProcessingStatus
NONE: LockingMode
OPTIMISTIC_LOCKING: LockingMode
PESSIMISTIC_LOCKING: LockingMode
TYPE_UNKNOWN: DownloadType
TYPE_ORIGINAL: DownloadType
TYPE_PRESENTATION: DownloadType

class ConvertToDocumentReq(_message.Message):
    __slots__ = ("newsml",)
    NEWSML_FIELD_NUMBER: _ClassVar[int]
    newsml: str
    def __init__(self, newsml: _Optional[str] = ...) -> None: ...

class ConvertToDocumentRes(_message.Message):
    __slots__ = ("document",)
    DOCUMENT_FIELD_NUMBER: _ClassVar[int]
    document: _document_pb2.Document
    def __init__(self, document: _Optional[_Union[_document_pb2.Document, _Mapping]] = ...) -> None: ...

class ConvertToNewsmlReq(_message.Message):
    __slots__ = ("document",)
    DOCUMENT_FIELD_NUMBER: _ClassVar[int]
    document: _document_pb2.Document
    def __init__(self, document: _Optional[_Union[_document_pb2.Document, _Mapping]] = ...) -> None: ...

class ConvertToNewsmlRes(_message.Message):
    __slots__ = ("newsml",)
    NEWSML_FIELD_NUMBER: _ClassVar[int]
    newsml: str
    def __init__(self, newsml: _Optional[str] = ...) -> None: ...

class ValidateDocumentReq(_message.Message):
    __slots__ = ("document",)
    DOCUMENT_FIELD_NUMBER: _ClassVar[int]
    document: _document_pb2.Document
    def __init__(self, document: _Optional[_Union[_document_pb2.Document, _Mapping]] = ...) -> None: ...

class ValidateDocumentRes(_message.Message):
    __slots__ = ("schemaErrors",)
    SCHEMAERRORS_FIELD_NUMBER: _ClassVar[int]
    schemaErrors: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, schemaErrors: _Optional[_Iterable[str]] = ...) -> None: ...
