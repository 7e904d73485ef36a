# ruff: noqa
# mypy: disable-error-code="type-arg"
import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Document(_message.Message):
    __slots__ = ("uuid", "type", "uri", "url", "title", "path", "products", "created", "modified", "published", "content", "meta", "links", "properties", "source", "language", "status", "unpublished", "provider")
    UUID_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    URI_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    PRODUCTS_FIELD_NUMBER: _ClassVar[int]
    CREATED_FIELD_NUMBER: _ClassVar[int]
    MODIFIED_FIELD_NUMBER: _ClassVar[int]
    PUBLISHED_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    META_FIELD_NUMBER: _ClassVar[int]
    LINKS_FIELD_NUMBER: _ClassVar[int]
    PROPERTIES_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    UNPUBLISHED_FIELD_NUMBER: _ClassVar[int]
    PROVIDER_FIELD_NUMBER: _ClassVar[int]
    uuid: str
    type: str
    uri: str
    url: str
    title: str
    path: str
    products: _containers.RepeatedScalarFieldContainer[str]
    created: _timestamp_pb2.Timestamp
    modified: _timestamp_pb2.Timestamp
    published: _timestamp_pb2.Timestamp
    content: _containers.RepeatedCompositeFieldContainer[Block]
    meta: _containers.RepeatedCompositeFieldContainer[Block]
    links: _containers.RepeatedCompositeFieldContainer[Block]
    properties: _containers.RepeatedCompositeFieldContainer[Property]
    source: str
    language: str
    status: str
    unpublished: _timestamp_pb2.Timestamp
    provider: str
    def __init__(self, uuid: _Optional[str] = ..., type: _Optional[str] = ..., uri: _Optional[str] = ..., url: _Optional[str] = ..., title: _Optional[str] = ..., path: _Optional[str] = ..., products: _Optional[_Iterable[str]] = ..., created: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., modified: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., published: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., content: _Optional[_Iterable[_Union[Block, _Mapping]]] = ..., meta: _Optional[_Iterable[_Union[Block, _Mapping]]] = ..., links: _Optional[_Iterable[_Union[Block, _Mapping]]] = ..., properties: _Optional[_Iterable[_Union[Property, _Mapping]]] = ..., source: _Optional[str] = ..., language: _Optional[str] = ..., status: _Optional[str] = ..., unpublished: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., provider: _Optional[str] = ...) -> None: ...

class Block(_message.Message):
    __slots__ = ("id", "uuid", "uri", "url", "type", "title", "data", "rel", "name", "value", "contentType", "links", "content", "meta", "role")
    class DataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    UUID_FIELD_NUMBER: _ClassVar[int]
    URI_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    REL_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    CONTENTTYPE_FIELD_NUMBER: _ClassVar[int]
    LINKS_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    META_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    id: str
    uuid: str
    uri: str
    url: str
    type: str
    title: str
    data: _containers.ScalarMap[str, str]
    rel: str
    name: str
    value: str
    contentType: str
    links: _containers.RepeatedCompositeFieldContainer[Block]
    content: _containers.RepeatedCompositeFieldContainer[Block]
    meta: _containers.RepeatedCompositeFieldContainer[Block]
    role: str
    def __init__(self, id: _Optional[str] = ..., uuid: _Optional[str] = ..., uri: _Optional[str] = ..., url: _Optional[str] = ..., type: _Optional[str] = ..., title: _Optional[str] = ..., data: _Optional[_Mapping[str, str]] = ..., rel: _Optional[str] = ..., name: _Optional[str] = ..., value: _Optional[str] = ..., contentType: _Optional[str] = ..., links: _Optional[_Iterable[_Union[Block, _Mapping]]] = ..., content: _Optional[_Iterable[_Union[Block, _Mapping]]] = ..., meta: _Optional[_Iterable[_Union[Block, _Mapping]]] = ..., role: _Optional[str] = ...) -> None: ...

class Property(_message.Message):
    __slots__ = ("name", "value", "parameters")
    class ParametersEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    NAME_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    name: str
    value: str
    parameters: _containers.ScalarMap[str, str]
    def __init__(self, name: _Optional[str] = ..., value: _Optional[str] = ..., parameters: _Optional[_Mapping[str, str]] = ...) -> None: ...
