"""Chắn as a :class:`~cardodds.sim.game_spec.GameSpec`: where its rules, players, tasks, cards and words live."""

from __future__ import annotations

from pathlib import Path

from cardodds.sim.game_spec import GameSpec, read_words
from cardodds.sim.hand_question import PLAYER, Field, HandQuestion
from cardodds.sim.knobs import Range


def deck() -> dict:
    """The Chắn deck for the page: the 25 kinds (4 copies each) row by suit, Chi Chi last, each button saying the
    first word of its name (``short``: the row says the second, except for the lone Chi Chi); the hand sizes; the
    win types a hand's odds name."""
    from cardodds.sim.chan.cards import CHI_CHI, COPIES, IS_RED, N_KINDS, SUIT_NAMES, kind_code, kind_name
    from cardodds.sim.chan.hand import WIN_TYPE_NAMES

    faces = [{"code": kind_code(k), "name": kind_name(k), "copies": COPIES, "red": bool(IS_RED[k]),
              "row": "Chi Chi" if k == CHI_CHI else SUIT_NAMES[k % 3],
              "short": kind_name(k) if k == CHI_CHI else kind_name(k).split(" ")[0]} for k in range(N_KINDS)]
    faces.sort(key=lambda f: SUIT_NAMES.index(f["row"]) if f["row"] in SUIT_NAMES else len(SUIT_NAMES))
    return {"cards": faces, "sizes": [19, 20], "win_types": WIN_TYPE_NAMES}


def replay_log(seed: int, rules, strategies) -> str:
    """The game ``cardodds replay chan`` shows, as a move log (JSON text that ``cardodds check chan`` reads)."""
    from cardodds.sim.chan.movelog import game_log
    from cardodds.sim.chan.play_task import replay_game

    game, _ = replay_game(seed, rules, strategies)
    return game_log(game).dumps()


SPEC = GameSpec(
    name="chan",
    title="Chắn",
    rules="cardodds.sim.chan.rules:ChanRules",
    players="cardodds.sim.chan.players:STRATEGIES",
    tasks={"chan.deal": "cardodds.sim.chan.deal_task", "chan.play": "cardodds.sim.chan.play_task",
           "chan.strength": "cardodds.sim.chan.strength_task"},
    min_players=4,
    max_players=4,
    hand_sizes=(19, 20),
    parse_cards="cardodds.sim.chan.cards:parse_hand",
    format_cards="cardodds.sim.chan.cards:format_hand",
    deck="cardodds.sim.chan.spec:deck",
    position="cardodds.sim.chan.position",
    package="cardodds.sim.chan",
    compile_cost=14,
    hand_odds="cardodds.sim.chan.hand_odds:hand_answer",
    hand_question=HandQuestion(
        fields=(Field("seat", Range(0, 3), help="the hand's seat, 0 = the cái (default: 0 for 20 cards, 1 for 19)",
                      by_size={19: 1, 20: 0}),
                Field("strategy", PLAYER, default="basic", offered=("basic", "heuristic", "cuoc"),
                      help="who plays the hand: basic (default), heuristic, cuoc or tuned; the other seats play basic",
                      what='a player\'s name ("basic", "heuristic", "cuoc" …) or a table of its knobs')),
        simulated=True, text="cardodds.sim.chan.hand_odds_text:format_odds_chan",
        known="cardodds.sim.chan.hand_odds:hand_known", help="a 19- or 20-card Chắn hand, or a position",
        hand_help='cards, e.g. "9V 9V 8S CC …" or "Cửu Vạn, Chi Chi, …"',
        quantities={"win_chance.p_win": "win", "win_chance.points_game": "points.game"}),
    exact="cardodds.sim.chan.exact:exact_rows",
    exact_shape="metrics",
    replay_task="chan.play",
    replay_text="cardodds.sim.chan.play_task:replay_text",
    replay_log="cardodds.sim.chan.spec:replay_log",
    check_text="cardodds.sim.chan.play_task:check_text",
    page_example={"hand": "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S 9V"},
    rules_section="1. Chắn",
    words=read_words(Path(__file__).parent),  # words.en.toml, words.vi.toml beside this file
)
