"""Issue 35 items 7 and 10, the page's side: bad requests are 4xx JSON answers, read no further than needed, with
nothing but one line in the server's log and never an exception out of the app (uvicorn logs those as tracebacks).

The app is called directly as ASGI, with a ``receive`` that hands the body over chunk by chunk and counts what the
app took: a 256 MiB body must be refused once the app has read past the 1 MiB cap, not after reading it all.
"""

from __future__ import annotations

import asyncio
import json
import logging
from urllib.parse import quote

import pytest

pytest.importorskip("starlette")

from cardodds.advise import position_at
from cardodds.web.advise_api import MAX_BODY
from cardodds.web.limits import HEADERS_TOO_LONG, MAX_HEAD

CHUNK = 64 * 1024


class Client:
    """One request's ASGI side: ``chunks`` body chunks of ``CHUNK`` bytes (then, with ``leave``, a disconnect)."""

    def __init__(self, chunks: int = 0, leave: bool = False, body: bytes | None = None):
        self.parts = [body] if body is not None else [b"x" * CHUNK] * chunks
        self.leave, self.taken, self.sent = leave, 0, []

    async def receive(self):
        if self.parts:
            part = self.parts.pop(0)
            self.taken += len(part)
            return {"type": "http.request", "body": part, "more_body": bool(self.parts) or self.leave}
        if self.leave:
            return {"type": "http.disconnect"}
        await asyncio.sleep(3600)  # the body is read: wait (the app stops waiting when its answer is sent)

    async def send(self, message):
        self.sent.append(message)

    def call(self, method: str, path: str, headers=()) -> tuple[int | None, bytes]:
        """The status (None: no answer) and body the app answers ``method path`` with."""
        from cardodds.web.app import create_app

        where, _, query = path.partition("?")
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
                 "scheme": "http", "path": where, "raw_path": where.encode(), "query_string": query.encode(),
                 "headers": list(headers), "server": ("test", 80), "client": ("test", 1), "root_path": ""}
        asyncio.run(create_app()(scope, self.receive, self.send))  # raises if the app lets an exception out
        starts = [m["status"] for m in self.sent if m["type"] == "http.response.start"]
        body = b"".join(m.get("body", b"") for m in self.sent if m["type"] == "http.response.body")
        return (starts[0] if starts else None), body


@pytest.fixture
def log(caplog):
    caplog.set_level(logging.DEBUG)
    return caplog


def _quiet(log) -> None:
    """Nothing above INFO was logged, and no record carries a traceback."""
    assert [r for r in log.records if r.levelno > logging.INFO or r.exc_info] == []


def test_a_256_mib_body_is_refused_after_the_cap_not_read_whole(log):
    client = Client(chunks=256 * 1024 * 1024 // CHUNK)  # no content-length: sent chunk by chunk
    status, body = client.call("POST", "/api/advise/demo")
    assert status == 413 and json.loads(body) == {"error": "a position is at most 1,024 kB"}
    assert MAX_BODY < client.taken <= MAX_BODY + CHUNK  # one chunk past the cap, of 4,096
    _quiet(log)


def test_a_body_announced_over_the_cap_is_refused_unread(log):
    client = Client(chunks=4096)
    status, body = client.call("POST", "/api/advise/demo", [(b"content-length", str(256 << 20).encode())])
    assert status == 413 and json.loads(body) == {"error": "a position is at most 1,024 kB"}
    assert client.taken == 0
    client = Client(chunks=1)
    status, _ = client.call("POST", "/api/advise/demo", [(b"content-length", b"9" * 5000)])  # no ValueError
    assert status == 413 and client.taken == 0


def test_a_body_at_the_cap_is_read(log):
    client = Client(body=b"{" + b" " * (MAX_BODY - 2) + b"}")
    status, body = client.call("POST", "/api/advise/demo?check=1", [(b"content-length", str(MAX_BODY).encode())])
    assert status == 200 and json.loads(body) == {"game": "demo", "moves": ["H", "T"]}
    assert client.taken == MAX_BODY


def test_a_client_that_leaves_mid_body_is_dropped_quietly(log):
    client = Client(chunks=3, leave=True)
    status, _ = client.call("POST", "/api/advise/demo")  # ClientDisconnect once was a traceback in the log
    assert status is None and client.taken == 3 * CHUNK
    _quiet(log)


@pytest.mark.parametrize("path", ["/api/status", "/api/odds/tan?hand=6s&trump=h", "/api/cards/chan", "/chan"])
def test_a_get_with_a_body_is_a_400(log, path):
    client = Client(body=b"x" * 1_000_000)
    status, body = client.call("GET", path, [(b"content-length", b"1000000")])
    assert status == 400 and json.loads(body) == {"error": "a GET request has no body (this one sends one)"}
    assert client.taken == 0
    status, _ = Client().call("GET", "/api/status", [(b"content-length", b"0")])
    assert status == 200
    status, _ = Client(body=b"5\r\nhello\r\n0\r\n\r\n").call("GET", "/api/status", [(b"transfer-encoding", b"chunked")])
    assert status == 400
    _quiet(log)


def test_headers_over_the_servers_limit_that_came_in_one_piece_are_a_431(log):
    status, body = Client().call("GET", "/api/status", [(b"x-big", b"a" * 20_000)])
    assert status == 431 and json.loads(body) == {"error": HEADERS_TOO_LONG}
    status, _ = Client().call("GET", "/api/status", [(b"x-big", b"a" * (MAX_HEAD - 100))])
    assert status == 200


@pytest.mark.parametrize("opponents, status, message", [
    ("genius", 400, "opponents: unknown Tấn strategy 'genius' (known: "),
    ('{"name": "genius"}', 400, "opponents: unknown Tấn strategy 'genius' (known: "),
    ('{"name": "tuned", "nope": 1}', 400, "opponents tuned: unknown key 'nope'"),
    ('{"name": ' * 150 + '"x"' + "}" * 150, 400, "opponents: is nested more than 100 deep"),
    ('{"name": ' + "9" * 5000 + "}", 400, "opponents: has an integer of 5,000 digits (at most 100)"),
])
def test_a_bad_player_of_a_real_game_is_a_400_before_any_work(log, opponents, status, message):
    body = json.dumps(position_at("tan", 1, 3)).encode()
    answer_status, answer = Client(body=body).call("POST", f"/api/advise/tan?opponents={quote(opponents)}")
    assert answer_status == status and json.loads(answer)["error"].startswith(message)
    _quiet(log)


def test_a_tan_table_of_opponents_plays_as_on_the_command_line(log):
    from cardodds import advise

    body = json.dumps(position_at("tan", 1, 3)).encode()
    table = {"name": "heuristic", "save_stock": 2}
    status, answer = Client(body=body).call("POST", f"/api/advise/tan?games=40&seed=2&opponents={quote(json.dumps(table))}")
    done = json.loads(answer.decode().strip().split("\n\n")[-1].split("\n", 1)[1].removeprefix("data: "))
    expected = advise.tan(position_at("tan", 1, 3), opponents=table, games=40, seed=2)
    assert status == 200 and [m["move"] for m in done["advice"]] == list(expected.move)
    assert [m["lose"] for m in done["advice"]] == pytest.approx(list(expected.lose), abs=1e-12)


@pytest.mark.parametrize("raw, message", [
    ("[" * 5000, "the position: is nested more than 100 deep"),
    ("9" * 5000, "the position: has an integer of 5,000 digits (at most 100)"),
    ("[" * 90 + "]" * 90, "tan position: 'hand' must be cards as text (e.g. \"10h Qd\"), not [[[[...]]]]"),
], ids=["deep", "big", "deep-but-read"])
def test_a_position_body_out_of_bounds_is_a_400(log, raw, message):
    body = json.dumps({**position_at("tan", 1, 3), "hand": None}).replace('"hand": null', f'"hand": {raw}').encode()
    status, answer = Client(body=body).call("POST", "/api/advise/tan")
    assert status == 400 and json.loads(answer)["error"].startswith(message)
    _quiet(log)


def test_an_unexpected_error_is_a_500_and_one_line_in_the_log(log, monkeypatch):
    import cardodds.web.app

    def broken(name):
        raise RuntimeError("deck gone")

    monkeypatch.setattr(cardodds.web.app, "deck", broken)
    status, body = Client().call("GET", "/api/cards/chan")  # the app lets nothing out (no traceback from uvicorn)
    assert status == 500 and json.loads(body) == {"error": "internal error (RuntimeError)"}
    assert [(r.levelname, r.getMessage(), r.exc_info) for r in log.records if r.levelno >= logging.WARNING] == [
        ("ERROR", "cardodds serve: internal error: RuntimeError: deck gone", None)]


@pytest.mark.parametrize("path, argv", [
    ("/api/odds/tan?hand=6s+7s&trump=h", ["odds", "tan", "--hand", "6s 7s", "--trump", "h"]),
    ("/api/odds/sam?hand=11111111111111111111", ["odds", "sam", "--hand", "11111111111111111111"]),
    ("/api/odds/chan?hand=" + "9" * 5000, ["odds", "chan", "--hand", "9" * 5000]),
])
def test_a_hand_the_exact_part_refuses_is_a_400_with_the_command_lines_words(log, capsys, path, argv):
    """It was a 200 whose first event was the error: bad input is a 4xx before any event."""
    from cardodds.cli import main

    status, body = Client().call("GET", path)
    assert main(argv) == 2
    assert status == 400 and capsys.readouterr().err == f"cardodds: error: {json.loads(body)['error']}\n"
    _quiet(log)
