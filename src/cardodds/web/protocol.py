"""uvicorn's HTTP/1.1 protocol (h11), except that a request too long to read gets an answer, not a connection reset.

h11 refuses a request whose line and headers pass :data:`~cardodds.web.limits.MAX_HEAD` bytes; uvicorn then
writes a 400 and closes the socket while the client is still sending, and closing a socket with unread data resets the
connection — the client sees "connection reset", never the answer.  Here such a request is answered 414 (431 when the
address fits but the headers do not) with the page's JSON error, the connection is half-closed, and what the client
still sends is read and dropped (up to :data:`DRAIN_BYTES`, or :data:`DRAIN_SECONDS`) before the socket is closed.
"""

from __future__ import annotations

import json

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from cardodds.web.limits import HEADERS_TOO_LONG, MAX_HEAD, TOO_LONG

DRAIN_BYTES = 64 * 1024 * 1024
"""At most this much of a refused request is read (and dropped) so that its client reads the answer."""
DRAIN_SECONDS = 5.0
"""A refused request's connection is closed this long after the answer at the latest."""


class AnswersTooLong(H11Protocol):
    """:class:`H11Protocol` answering a too long request (see the module docstring), any other as uvicorn does."""

    draining = False
    drained = 0

    def data_received(self, data: bytes) -> None:
        if not self.draining:
            super().data_received(data)
            return
        self.drained += len(data)
        if self.drained > DRAIN_BYTES:
            self.transport.close()

    def send_400_response(self, msg: str) -> None:
        head = self.conn.trailing_data[0]
        if len(head) <= MAX_HEAD or b"\r\n\r\n" in head:  # a malformed request, not a long one: uvicorn's answer
            super().send_400_response(msg)
            return
        status, message = (414, TOO_LONG) if b"\r\n" not in head else (431, HEADERS_TOO_LONG)
        body = json.dumps({"error": message}).encode("utf-8")
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                   (b"connection", b"close")]
        for event in (h11.Response(status_code=status, headers=headers), h11.Data(data=body), h11.EndOfMessage()):
            self.transport.write(self.conn.send(event))
        self.transport.write_eof()  # the answer, then our end of the connection; the client's end stays open
        self.draining = True
        self.loop.call_later(DRAIN_SECONDS, self.transport.close)
