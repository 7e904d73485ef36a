"""Enumerations of Naviga's content service (``cca``), with their wire values."""

from __future__ import annotations

import enum


class ProcessingStatus(enum.IntEnum):
    """``cca.ProcessingStatus``: the processing state of an upload or job."""

    UNKNOWN = 0
    IN_PROGRESS = 1
    DONE = 2
    ERROR = 3
    ASSET_EXISTS = 4


class LockingMode(enum.IntEnum):
    """``cca.LockingMode``: how a save guards against concurrent writers."""

    NONE = 0
    OPTIMISTIC_LOCKING = 1
    PESSIMISTIC_LOCKING = 2


class DownloadType(enum.IntEnum):
    """``cca.DownloadType``: which rendition of an asset to download."""

    TYPE_UNKNOWN = 0
    TYPE_ORIGINAL = 1
    TYPE_PRESENTATION = 2
