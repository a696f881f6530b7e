"""``POST /api/advise/<game>`` of ``cardodds serve`` on the demo game's coin positions: the odds and the ranked moves
refined batch by batch, the same numbers as ``cardodds.advise`` / ``cardodds.odds``, and bad input as a JSON error.

The app is called directly as ASGI (Starlette's TestClient needs httpx, which the project does not depend on)."""

import json
from urllib.parse import quote

import pytest

pytest.importorskip("starlette")

from cardodds import advise, odds  # noqa: E402
from asgi_call import asgi_call  # noqa: E402

START = {"rules": {"p": 0.3}}
LAST = {"rules": {"p": 0.3}, "calls": "H T", "tosses": "H H"}


def _post(path: str, body: bytes) -> tuple[int, bytes]:
    """``POST path`` with ``body``, answered by the page's app (no server, no browser)."""
    return asgi_call("POST", path, body)


def _events(body: bytes) -> list[tuple[str, dict]]:
    events = []
    for block in body.decode().strip().split("\n\n"):
        kind, data = block.split("\n", 1)
        events.append((kind.removeprefix("event: "), json.loads(data.removeprefix("data: "))))
    return events


def test_a_position_is_refined_batch_by_batch_to_the_apis_answer():
    status, body = _post("/api/advise/demo?games=400&seed=5", json.dumps(START).encode())
    events = _events(body)
    assert status == 200 and [k for k, _ in events] == ["start", "progress", "progress", "progress", "done"]
    start, done = events[0][1], events[-1][1]
    assert start == {"game": "demo", "moves": ["H", "T"], "measures": {"win": ["chance", "wins (2 of 3 calls right)"],
                     "right": ["points", "right calls in the game"]}, "rank_by": ["win", 1], "players": "heads",
                     "games": 400}
    assert [data["worlds"] for _, data in events[1:]] == [100, 200, 300, 400]
    table = advise.demo(START, games=400, seed=5)
    assert [m["move"] for m in done["advice"]] == list(table.move) == ["T", "H"]
    for row, (_, expected) in zip(done["advice"], table.iterrows()):
        for key in ("win", "win_low", "right_high", "diff", "diff_low"):
            assert row[key] == pytest.approx(expected[key], abs=1e-12)
    expected = odds.demo(state=START, games=400, seed=5).table
    assert [r["estimate"] for r in done["odds"]] == pytest.approx(list(expected.estimate), abs=1e-12)
    assert done["budget"].startswith("400 worlds a move in 4 batches") and not done["exact"]


def test_an_exact_position_is_done_at_once():
    status, body = _post("/api/advise/demo", json.dumps(LAST).encode())
    events = _events(body)
    assert status == 200 and [k for k, _ in events] == ["start", "done"]
    done = events[1][1]
    assert done["exact"] and done["odds_exact"] and done["worlds"] == 0
    assert [(m["move"], m["win"], m["win_low"]) for m in done["advice"]] == [("T", 0.7, None), ("H", 0.3, None)]


@pytest.mark.parametrize("path, body, status, message", [
    ("/api/advise/demo", b"{bad", 400, "the position: not valid JSON"),
    ("/api/advise/demo", b"[]", 400, "the position: a position is a JSON object"),
    ("/api/advise/demo", b'{"calls": "H"}', 400, "position: 1 calls and 0 tosses"),
    ("/api/advise/demo?games=0", b"{}", 400, "games must be a whole number >= 1, not 0"),
    ("/api/advise/demo?games=2000000", b"{}", 400, "the page plays at most 1,000,000 worlds a move"),
    ("/api/advise/demo?seed=x", b"{}", 400, "seed must be a whole number from 0 to 2**63 - 1, not 'x'"),
    ("/api/advise/poker", b"{}", 404, "no positions for game 'poker'; one of"),
])
def test_bad_input_is_a_json_error(path, body, status, message):
    answer_status, answer = _post(path, body)
    assert answer_status == status and message in json.loads(answer)["error"]


def test_a_player_the_game_does_not_know_is_a_400_before_the_answer_starts():
    """Issue 35 (opponents=genius was a 200 and an error event): the game's check_players runs first."""
    status, body = _post("/api/advise/demo?opponents=nobody", b"{}")
    assert status == 400 and json.loads(body) == {"error": "unknown player 'nobody' (known: heads, tails)"}
    status, body = _post(f"/api/advise/demo?opponents={quote(json.dumps({'name': 'nobody'}))}", b"{}")
    assert status == 400 and json.loads(body) == {"error": "unknown player 'nobody' (known: heads, tails)"}


def test_opponents_as_a_json_table_is_read_as_the_command_line_reads_it():
    """Issue 35: the page read ``opponents={"name": …}`` as a player's name; ``--opponents`` reads it as JSON."""
    table = {"name": "tails"}
    status, body = _post(f"/api/advise/demo?games=200&seed=3&opponents={quote(json.dumps(table))}",
                         json.dumps(START).encode())
    events = _events(body)
    expected = advise.demo(START, opponents=table, games=200, seed=3)
    assert status == 200 and events[-1][0] == "done"
    assert [m["move"] for m in events[-1][1]["advice"]] == list(expected.move)
    assert [m["win"] for m in events[-1][1]["advice"]] == pytest.approx(list(expected.win), abs=1e-12)
    status, body = _post("/api/advise/demo?opponents=%7Bx", b"{}")
    assert status == 400 and json.loads(body)["error"].startswith("opponents: not valid JSON: Expecting property name")


def _get(path: str) -> tuple[int, bytes]:
    return asgi_call("GET", path)


def test_the_mid_game_page_and_its_example_position():
    from demo_game import position as coin_position
    from demo_game.rules import CoinRules

    status, body = _get("/api/position/demo?seed=2&at=3")
    expected = coin_position.to_json(coin_position.cut(2, CoinRules(), None, 3))
    assert status == 200 and json.loads(body) == expected
    status, body = _get("/api/position/demo?seed=2&at=9")
    assert status == 400 and json.loads(body) == {
        "error": "demo position: decision 9 asked; K must be 1..3 for the game of seed 2 (`cardodds replay` marks "
                 "each decision [K=n])"}
    assert json.loads(_get("/api/position/demo?at=0")[1]) == {"error": "at must be a whole number >= 1, not 0"}
    status, body = _get("/advise/demo")
    assert status == 200 and b'<script src="/static/advise.js">' in body
    assert json.loads(_get("/api/cards/demo")[1])["advise"] is True
