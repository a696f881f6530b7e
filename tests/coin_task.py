"""``demo``: a tiny complete game (a biased coin), test-only, that proves a new game is one module and one registry line.

It is not part of the product: ``tests/conftest.py`` registers it with one ``register_game(coin_task.SPEC)`` line,
the way a new game would be.  It has what a game has: cards (the coin's two faces), rules, two players (one calls
heads, one tails), mid-game positions (``coin_position``), a task (``demo.coin``, which declares its measures and a chart as data, so its rows and chart reach
the report with no change in ``analysis/``), a hand's odds, a page deck and its words in Vietnamese.

Config::

    [experiment]
    name = "coin"
    task = "demo.coin"
    games = 100_000
    [rules]
    p = 0.5      # probability of heads, 0 <= p <= 1
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import coin_position

from cardodds.sim.chart_specs import Bars
from cardodds.sim.errors import CardoddsError
from cardodds.sim.game_spec import GameSpec
from cardodds.sim.hand_question import Field, HandQuestion
from cardodds.sim.knobs import Range
from cardodds.sim.measures import Measure, Proportion
from cardodds.sim.options import from_table
from cardodds.sim.registry import Counts, Task
from cardodds.sim.streams import DEAL, stream

FACES = ("T", "H")
"""The coin's faces by code: 0 is tails, 1 heads."""
FACE_NAMES = ("tails", "heads")


def parse_cards(text: str) -> list[int]:
    """``"H t"`` as face codes (``[1, 0]``); anything but H or T is a one-line ``CardoddsError``."""
    faces = []
    for token in text.split():
        if token.upper() not in FACES:
            raise CardoddsError(f"unknown face {token!r} (a coin shows H or T)")
        faces.append(FACES.index(token.upper()))
    if not faces:
        raise CardoddsError("no face given (a coin shows H or T)")
    return faces


def format_cards(faces) -> str:
    """Face codes as text: ``[1, 0]`` is ``"H T"``."""
    return " ".join(FACES[f] for f in faces)


def deck() -> dict:
    """The page's deck: the two faces, one row, a hand of one face."""
    return {"cards": [{"code": FACES[f], "name": FACE_NAMES[f], "copies": 1, "red": f == 1, "row": "coin"}
                      for f in (1, 0)], "sizes": [1]}


@dataclass(frozen=True)
class CoinRules:
    """Rules of the coin game.

    Parameters
    ----------
    p : float
        Probability that a coin shows heads.
    """

    p: float = 0.5

    def __post_init__(self):
        if not 0.0 <= self.p <= 1.0:
            raise CardoddsError(f"'p' must be between 0 and 1, not {self.p}")
        object.__setattr__(self, "p", float(self.p))


@dataclass(frozen=True)
class Caller:
    """A player who calls the same face on every toss.

    Parameters
    ----------
    face : int
        The face called (1 heads, 0 tails).
    """

    face: int

    def wins(self, tosses: np.ndarray) -> np.ndarray:
        """Whether the call matches each toss (an array of faces)."""
        return tosses == self.face


STRATEGIES = {"heads": Caller(1), "tails": Caller(0)}
"""The game's two players, by name."""


def hand_odds(hand: str, p: float = 0.5) -> dict:
    """The chance that one toss shows the face ``hand`` names, exactly: ``p`` for heads, ``1 - p`` for tails."""
    faces = parse_cards(hand)
    if len(faces) != 1:
        raise CardoddsError(f"a coin's hand is one face (H or T), not {len(faces)}")
    face, rules = faces[0], CoinRules(p=p)
    return {"face": FACE_NAMES[face], "chance": rules.p if face == 1 else 1.0 - rules.p}


def parse(sections: dict, where: str) -> CoinRules:
    """Validate ``[rules]``."""
    return from_table(CoinRules, sections.get("rules"), f"{where} [rules]")


def run_chunk(params: CoinRules, seed_seq: np.random.SeedSequence, n: int) -> Counts:
    """Flip ``n`` coins with the chunk's DEAL stream; count games and heads.

    Each coin is one uniform draw compared with ``p``, so arms with different ``p`` flip the same coins (common
    random numbers) and their difference is estimated far more precisely than from two independent runs.
    """
    rng = stream(seed_seq, DEAL)
    heads = np.count_nonzero(rng.random(n) < params.p)
    return {"games": np.int64(n), "heads": np.int64(heads)}


def measures(counts: Counts, params: CoinRules) -> list[Measure]:
    """One measure: the heads among the tosses, with the exact value ``p``."""
    return [Proportion("heads", None, int(counts["heads"]), int(counts["games"]), params.p)]


def charts(outcomes) -> dict:
    """The share of heads, one bar per arm."""
    import pandas as pd

    rows = pd.concat([o.rows for o in outcomes], ignore_index=True)
    return {"heads": Bars(rows[rows.metric == "heads"], "Coins: how often heads", xlabel="probability")}


TASK = Task(name="demo.coin", parse=parse, run_chunk=run_chunk, measures=measures, charts=charts, sections=("rules",),
            units={"heads": "per coin"},
            labels={"en": {"heads": "the coin lands heads"}, "vi": {"heads": "đồng xu ra mặt ngửa"}})

SPEC = GameSpec(
    name="demo",
    title="Coin",
    rules="coin_task:CoinRules",
    players="coin_task:STRATEGIES",
    tasks={"demo.coin": TASK},
    min_players=2,
    max_players=2,
    hand_sizes=(1,),
    parse_cards="coin_task:parse_cards",
    format_cards="coin_task:format_cards",
    deck="coin_task:deck",
    position=coin_position,
    hand_odds="coin_task:hand_odds",
    hand_question=HandQuestion(fields=(Field("p", Range(0.0, 1.0, integer=False), default=0.5,
                                             help="the chance of heads (default 0.5)"),)),
    page_example={"hand": "H"},
    words={"vi": {"titles": {"coin": "Đồng xu"},
                  "charts": [(r"Coins: how often heads", "Đồng xu: bao lâu ra mặt ngửa")],
                  "units": {"per coin": "mỗi lần tung"},
                  "measures": {"wins (2 of 3 calls right)": "thắng (đoán đúng 2 trong 3 lần)",
                               "right calls in the game": "số lần đoán đúng trong ván"},
                  "page": {"advise.measures.demo.win": ["Thắng", "khả năng đoán đúng 2 trong 3 lần"],
                           "advise.measures.demo.right": ["Đúng", "số lần đoán đúng trung bình"],
                           "advise.rank.demo": ["khả năng thắng", "cao hơn là tốt hơn", "điểm %"]}},
           "en": {"page": {"advise.measures.demo.win": ["Win", "the chance of 2 right calls in 3"],
                           "advise.measures.demo.right": ["Right", "right calls on average"],
                           "advise.rank.demo": ["the chance to win", "higher is better", "% points"]}}},
)
