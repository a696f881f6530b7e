"""What ``cardodds serve`` refuses before a route reads a request, the capped read of a request's body, and the one
place an unexpected error is logged — as one line, never a traceback.

The server (:mod:`cardodds.web.protocol`) refuses a request head it cannot read in :data:`MAX_HEAD` bytes; a head
that arrives in one piece reaches the app, and :class:`Guard` answers it the same way (414 for a long address, 431
for long headers).  A ``GET`` or ``HEAD`` with a body is answered 400: no route reads one.  A body is read chunk by
chunk and refused (413) as soon as it passes its cap (:func:`read_body`), so a 256 MiB body costs the server no more
than the cap.  A client that leaves mid-request is nobody to answer: nothing is logged.
"""

from __future__ import annotations

import logging

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse

from cardodds.errors import CardoddsError
from cardodds.web.limits import HEADERS_TOO_LONG, MAX_ADDRESS, MAX_HEAD, TOO_LONG

log = logging.getLogger("cardodds.serve")


class TooLarge(CardoddsError):
    """A request body over its cap: answered 413."""

    status = 413


def status_of(exc: CardoddsError) -> int:
    """The HTTP status of a refused request: 413 for a body too large, else 400."""
    return getattr(exc, "status", 400)


def refusal(scope) -> tuple[int, str] | None:
    """``(status, message)`` for a request refused on its head alone, else None."""
    if len(scope.get("raw_path") or b"") + len(scope["query_string"]) > MAX_ADDRESS:
        return 414, TOO_LONG
    headers = scope["headers"]
    if sum(len(name) + len(value) + 4 for name, value in headers) > MAX_HEAD:  # "name: value\r\n"
        return 431, HEADERS_TOO_LONG
    if scope["method"] in ("GET", "HEAD") and any(
            name == b"transfer-encoding" or (name == b"content-length" and value.strip(b"0 ") != b"")
            for name, value in headers):
        return 400, f"a {scope['method']} request has no body (this one sends one)"
    return None


class Guard:
    """ASGI middleware: :func:`refusal`'s answers, unread; any other request to the app, whose unexpected errors
    are one line in the log (and a 500 JSON answer when the answer has not started)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refused = refusal(scope)
        if refused is not None:
            await JSONResponse({"error": refused[1]}, status_code=refused[0])(scope, receive, send)
            return
        started = False

        async def tracked(message):
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, tracked)
        except ClientDisconnect:
            return  # the client left mid-request: nobody to answer, nothing wrong here
        except Exception as exc:  # never a traceback on the page nor in the log
            log.error("cardodds serve: internal error: %s: %s", type(exc).__name__, exc)
            if not started:
                answer = JSONResponse({"error": f"internal error ({type(exc).__name__})"}, status_code=500)
                await answer(scope, receive, send)


async def read_body(request: Request, limit: int, what: str) -> bytes:
    """The body of ``request``, a ``what`` (``"a position"``), read no further than ``limit`` bytes.

    Raises
    ------
    TooLarge
        The body (or its announced length) passes ``limit``: read no further.
    ClientDisconnect
        The client left before the body's end (:class:`Guard` drops the request quietly).
    """
    length = request.headers.get("content-length", "").strip()
    too_large = TooLarge(f"{what} is at most {limit // 1024:,} kB")
    if length.isascii() and length.isdigit() and (len(length) > 15 or int(length) > limit):
        raise too_large
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large
        chunks.append(chunk)
    return b"".join(chunks)
