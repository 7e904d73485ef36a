"""The Tools service: Twirp over HTTP, JSON and binary protobuf.

``cca.Tools`` of Naviga's Content Creation API (``spec/tools-service.md``):
``ConvertToDocument``, ``ConvertToNewsml`` and ``ValidateNavigaDoc`` (alias
``ValidatePlatformDoc``), plus ``GET /healthz``. `app` is the ASGI
application with the default limits (``uvicorn newsml_tools.service:app``),
`ToolsApp` builds one with others (`HostCheck`: the ``Host`` values it
answers), `ToolsClient` calls a server.
``docs/service.md`` is the user documentation.
"""

from __future__ import annotations

from newsml_tools.service._app import DEFAULT_MAX_BODY_BYTES, ToolsApp
from newsml_tools.service._client import ToolsClient, error_from_response
from newsml_tools.service._edges import HostCheck
from newsml_tools.service._errors import ERROR_STATUS, TwirpError

__all__ = [
    "DEFAULT_MAX_BODY_BYTES",
    "ERROR_STATUS",
    "HostCheck",
    "ToolsApp",
    "ToolsClient",
    "TwirpError",
    "app",
    "error_from_response",
]

app = ToolsApp()
