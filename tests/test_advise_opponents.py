"""Issue 35 item 9: a player that searches at its decisions (``Player.searches``: the experts, ismcts, ismcts_tree, the
endgame solver) cannot play the thousands of worlds a move of ``advise`` (or of a position's odds) — at 8,000 worlds
a move that is days.  It is refused before any world, with one line naming the players that do not search; the
opponents' names and knobs are checked then too (the page answers 400, not an error event mid-answer)."""

from __future__ import annotations

import json

import pytest

import cardodds.advise
import cardodds.odds
from cardodds.cli import main
from cardodds.sim.errors import CardoddsError

TAN_FAST = "random, basic, heuristic, beginner, tuned, classic"


def refusal(name: str, fast: str) -> str:
    return (f"opponents: {name!r} searches at every decision, far too slow for the thousands of worlds a move played "
            f"out here; choose a player that does not: {fast}")


@pytest.fixture(scope="module")
def tan_state(tmp_path_factory):
    path = tmp_path_factory.mktemp("state") / "tan.json"
    path.write_text(json.dumps(cardodds.advise.position_at("tan", 7, 5)))
    return path


@pytest.mark.parametrize("opponents, name", [("ismcts", "ismcts"), ('{"name": "ismcts_tree"}', "ismcts_tree"),
                                             ("expert", "expert"), ('{"name": "pimc", "worlds": 2}', "pimc"),
                                             ("endgame", "endgame")])
def test_the_command_refuses_a_searching_opponent(tan_state, capsys, opponents, name):
    for command in ("advise", "odds"):
        assert main([command, "tan", "--state", str(tan_state), "--opponents", opponents]) == 2
        out, err = capsys.readouterr()
        assert err == f"cardodds: error: {refusal(name, TAN_FAST)}\n" and out == ""


def test_the_api_refuses_one_in_any_seat(tan_state):
    with pytest.raises(CardoddsError, match=f"^{refusal('ismcts', TAN_FAST)}$".replace("(", r"\(").replace(")", r"\)")):
        cardodds.advise.tan(str(tan_state), opponents={"seats": ["tuned", "ismcts", "tuned", "tuned"]}, games=10)
    with pytest.raises(CardoddsError, match="'expert' searches at every decision"):
        cardodds.odds.tan(state=str(tan_state), opponents="expert", games=10)
    chan = cardodds.advise.position_at("chan", 7, 5)
    with pytest.raises(CardoddsError, match="must be basic, heuristic, cuoc or tuned, not expert$"):  # batch only
        cardodds.advise.chan(chan, opponents="expert", games=10)
    sam = cardodds.advise.position_at("sam", 7, 3)
    with pytest.raises(CardoddsError, match="choose a player that does not: random, greedy, control$"):
        cardodds.advise.sam(sam, opponents={"name": "expert", "worlds": 4}, games=10)


def test_a_fast_opponent_still_plays(tan_state):
    table = cardodds.advise.tan(str(tan_state), opponents={"name": "heuristic", "pair_bonus": 4}, games=20)
    assert len(table) >= 1 and table.attrs["worlds"] == 20


def test_the_page_answers_400_before_the_stream():
    pytest.importorskip("starlette")
    from asgi_call import asgi_call

    body = json.dumps(cardodds.advise.position_at("tan", 7, 5)).encode()
    status, answer = asgi_call("POST", "/api/advise/tan?opponents=ismcts", body)
    assert status == 400 and json.loads(answer) == {"error": refusal("ismcts", TAN_FAST)}
    status, answer = asgi_call("POST", "/api/advise/tan?opponents=genius", body)
    assert status == 400 and json.loads(answer)["error"].startswith("opponents: unknown Tấn strategy 'genius'")
