"""One HTTP request to the page's app, called directly as ASGI (no server, no browser; Starlette's TestClient needs
httpx, which the project does not depend on)."""

import asyncio


def asgi_scope(method: str, path: str, body: bytes = b"") -> dict:
    """The ASGI scope of the request ``method path`` (with a JSON ``body``)."""
    where, _, query = path.partition("?")
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())] if body else []
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
            "path": where, "raw_path": where.encode(), "query_string": query.encode(), "headers": headers,
            "server": ("test", 80), "client": ("test", 1), "root_path": ""}


def asgi_call(method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
    """The status and body ``cardodds serve``'s app answers ``method path`` (with ``body``) with."""
    from cardodds.web.app import create_app

    scope = asgi_scope(method, path, body)
    sent, asked = [], []

    async def receive():
        if asked:  # the request is read: wait (the app stops waiting when its answer is sent)
            await asyncio.sleep(3600)
        asked.append(1)
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message):
        sent.append(message)

    asyncio.run(create_app()(scope, receive, send))
    return sent[0]["status"], b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
