"""Sâm as a :class:`~cardodds.sim.game_spec.GameSpec`: where its rules, players, tasks, cards and words live."""

from __future__ import annotations

from pathlib import Path

from cardodds.sim.game_spec import GameSpec, read_words
from cardodds.sim.hand_question import Field, HandQuestion
from cardodds.sim.knobs import Range


def deck() -> dict:
    """The 52 cards for the page, a row per suit (♠♣♦♥) from 3 up to 2, and the hand size (10)."""
    from cardodds.sim.sam.cards import N_RANKS, SUIT_SYMBOLS, card_id, card_name, is_red

    faces = [{"code": card_name(card_id(r, s)), "name": card_name(card_id(r, s), unicode=True), "copies": 1,
              "red": bool(is_red(card_id(r, s))), "row": SUIT_SYMBOLS[s]} for s in range(4) for r in range(N_RANKS)]
    return {"cards": faces, "sizes": [10]}


SPEC = GameSpec(
    name="sam",
    title="Sâm",
    rules="cardodds.sim.sam.rules:SamRules",
    players="cardodds.sim.sam.players:STRATEGIES",
    tasks={"sam.deal": "cardodds.sim.sam.deal_task", "sam.odds": "cardodds.sim.sam.odds_task",
           "sam.play": "cardodds.sim.sam.play_task", "sam.strength": "cardodds.sim.sam.strength_task"},
    min_players=2,
    max_players=5,
    hand_sizes=(10,),
    parse_cards="cardodds.sim.sam.cards:parse_hand",
    deck="cardodds.sim.sam.spec:deck",
    position="cardodds.sim.sam.position:MODULE",
    package="cardodds.sim.sam",
    compile_cost=5,
    hand_odds="cardodds.sim.sam.hand_odds:odds_sam",
    hand_question=HandQuestion(
        fields=(Field("opponents", Range(1, 4), default=3, positional=True, help="opponents (1–4, default 3)"),),
        simulated=True, text="cardodds.sim.sam.hand_odds_text:format_odds_sam",
        known="cardodds.sim.sam.hand_odds:hand_known", help="a 10-card Sâm hand, or a position",
        hand_help='cards, e.g. "3s 10h Qd Ac 2c …"'),
    exact="cardodds.sim.sam.exact:exact_toi_trang_table",
    replay_task="sam.play",
    replay_text="cardodds.sim.sam.reference:replay_text",
    advice="cardodds.sim.sam.advice:bayes_advice",
    page_example={"hand": "3s 4s 5h 6d 7c 8s 9s 10h Jd Kd"},
    rules_section="2. Sâm (Sâm lốc)",
    words=read_words(Path(__file__).parent),  # words.en.toml, words.vi.toml beside this file
)
