"""uvicorn's HTTP protocol with Twirp errors for requests it cannot parse.

Internal to the service: ``newsml serve`` runs uvicorn with this protocol
class. A request whose HTTP framing is broken (a negative or duplicated
``Content-Length``, a bad chunk size, a garbled request line) never reaches
the ASGI app: uvicorn's parser refuses it and answers a plain-text 400, which
a Twirp client takes for a proxy's reply (the Go client reports ``internal``
"from intermediary"). Here that answer is a Twirp ``malformed`` error body
instead, so every failure of the service is a Twirp error. Under another
server (``uvicorn newsml_tools.service:app``) the server's own 400 is sent.
"""

from __future__ import annotations

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from newsml_tools.service._app import access_log
from newsml_tools.service._edges import SECURITY_HEADERS
from newsml_tools.service._errors import malformed


class TwirpHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, answering unparsable requests with a Twirp error."""

    def send_400_response(self, msg: str) -> None:
        """Send 400 ``malformed`` as a Twirp JSON body and close the connection.

        Args:
            msg: uvicorn's reason ("Invalid HTTP request received.").
        """
        body = malformed("the HTTP request could not be parsed", msg.rstrip(".")).body()
        content = [b"HTTP/1.1 400 Bad Request\r\n"]
        for name, value in (*self.server_state.default_headers, *SECURITY_HEADERS):
            content.extend([name, b": ", value, b"\r\n"])
        content.extend(
            [
                b"content-type: application/json\r\n",
                b"content-length: " + str(len(body)).encode("ascii") + b"\r\n",
                b"connection: close\r\n",
                b"\r\n",
                body,
            ]
        )
        self.transport.write(b"".join(content))
        self.transport.close()
        # The request's access line too, with neither method nor path,
        # since the request could not be read.
        client = self.client
        access_log.info(
            '%s "- -" 400 malformed %d 0.00ms',
            f"{client[0]}:{client[1]}" if client else "-",
            len(body),
        )
