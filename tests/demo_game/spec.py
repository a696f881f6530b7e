"""The ``demo`` game as data: the one object ``tests/conftest.py`` registers (``register_game(SPEC)``)."""

from __future__ import annotations

from pathlib import Path

from cardodds.sim.game_spec import GameSpec, read_words
from cardodds.sim.hand_question import Field, HandQuestion
from cardodds.sim.knobs import Range
from demo_game import position
from demo_game.play_task import TASK

SPEC = GameSpec(
    name="demo",
    title="Coin",
    rules="demo_game.rules:CoinRules",
    players="demo_game.players:STRATEGIES",
    tasks={"demo.coin": TASK},
    min_players=2,
    max_players=2,
    hand_sizes=(1,),
    deck="demo_game.cards:deck",
    position=position,
    hand_odds="demo_game.hand_odds:hand_odds",
    hand_question=HandQuestion(fields=(Field("p", Range(0.0, 1.0, integer=False), default=0.5,
                                             help="the chance of heads (default 0.5)"),)),
    replay_text="demo_game.replay:replay_text",
    package="demo_game",  # its game_state.py and cards.py are found by their names
    page_example={"hand": "H"},
    words=read_words(Path(__file__).parent),  # words.en.toml, words.vi.toml beside this file
)
