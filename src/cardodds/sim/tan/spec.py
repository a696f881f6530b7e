"""Tấn as a :class:`~cardodds.sim.game_spec.GameSpec`: where its rules, players, tasks, cards and words live."""

from __future__ import annotations

from pathlib import Path

from cardodds.sim.game_spec import GameSpec, read_words
from cardodds.sim.hand_question import PLAYER, TEXT, Field, HandQuestion
from cardodds.sim.knobs import Choice, Range
from cardodds.sim.tan.rules import MAX_PLAYERS


def deck() -> dict:
    """The 52 cards for the page, a row per suit (♠♣♦♥) from 2 up to A, and the hand size (8); ``variants``: the
    36-card deck (6 up to A, 6 dealt) the field ``deck`` chooses."""
    from cardodds.sim.tan.cards import SUIT_SYMBOLS, card, deck_ids, format_card

    faces = [{"code": format_card(card(r, s), unicode=False), "name": format_card(card(r, s)), "copies": 1,
              "red": s >= 2, "row": SUIT_SYMBOLS[s]} for s in range(4) for r in range(13)]
    short = {"codes": [format_card(c, unicode=False) for c in deck_ids(36)], "sizes": [6]}
    return {"cards": faces, "sizes": [8], "variants": {"deck": {"36": short}}}


SPEC = GameSpec(
    name="tan",
    title="Tấn",
    rules="cardodds.sim.tan.rules:TanRules",
    players="cardodds.sim.tan.players:STRATEGIES",
    tasks={"tan.play": "cardodds.sim.tan.play_task", "tan.strength": "cardodds.sim.tan.strength_task"},
    min_players=2,
    max_players=MAX_PLAYERS,
    hand_sizes=(8,),
    deck="cardodds.sim.tan.spec:deck",
    position="cardodds.sim.tan.position:POSITIONS",
    package="cardodds.sim.tan",
    compile_cost=19,
    hand_odds="cardodds.sim.tan.hand_odds:hand_answer",
    hand_question=HandQuestion(
        fields=(Field("trump", TEXT, required=True, positional=True, what='a suit as a string ("h", "♥" …)',
                      help="the trump suit (h, d, c, s or ♥ ♦ ♣ ♠); needed with --hand",
                      offered=("h", "d", "c", "s")),
                Field("players", Range(2, MAX_PLAYERS), default=4, help="players at the table (default 4)"),
                Field("seat", Range(0, MAX_PLAYERS - 1), default=0, below="players",
                      help="the hand's seat, 0 = the first attacker (default 0)"),
                Field("strategy", PLAYER, default="basic", what='a player\'s name ("basic", "heuristic" …) or a table '
                      "of its knobs", help="who plays every seat: basic (default), heuristic, beginner, tuned …",
                      offered=("basic", "heuristic", "beginner", "tuned")),
                Field("deck", Choice((52, 36)), default=52,
                      help="the deck: 52 cards, 8 dealt (default), or 36, 6 dealt")),
        simulated=True, text="cardodds.sim.tan.hand_odds_text:format_odds_tan",
        known="cardodds.sim.tan.hand_odds:hand_known", help="a Tấn opening hand, or a position",
        hand_help='cards, e.g. "3s 10h Qd Ac 2c …"', form_order=("trump", "deck", "players", "seat", "strategy")),
    replay_task="tan.play",
    replay_text="cardodds.sim.tan.play_task:replay_text",
    page_example={"hand": "As Ac Ad Kh 2s 3c 4d 5s", "trump": "h"},
    rules_section="3. Tấn",
    words=read_words(Path(__file__).parent),  # words.en.toml, words.vi.toml beside this file
)
