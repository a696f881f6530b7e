"""The Sâm rules options (docs/rules.md §2) as a validated frozen dataclass.

Build from a config with ``cardodds.sim.options.from_table(SamRules, table, where)``; the ``pay`` sub-table is validated the
same way into :class:`SamPay`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from cardodds.sim.errors import CardoddsError
from cardodds.sim.options import check_series_length, from_table

QUAD_BEATS = ("single_two", "lower_quad", "pair_two")
DEFAULT_QUAD_BEATS = ("single_two", "lower_quad")


@dataclass(frozen=True)
class SamPay:
    """Payments in cược (docs/rules.md §2.7; defaults from seed 003).

    Attributes
    ----------
    card : per card left in a loser's hand.
    two : per 2 left (thối 2), instead of ``card``.
    cong : a loser who never played a card (cóng), instead of counting cards.
    sam : a successful Sâm, from each opponent.  sam_fail : a failed Sâm, to each opponent.
    toi_trang : a tới trắng, from each opponent, plus their heo hàng.
    heo_hang_two : heo hàng per 2 in hand.  heo_hang_quad : per tứ quý (not of 2s) when ``heo_hang_includes_quads``
        (tới trắng) or ``thoi_hang`` (a normal loss).
    chat_two : a tứ quý chopping a 2 (per 2: a chopped pair of 2s pays twice).  chat_quad : a tứ quý chopping a tứ quý, and each link of a chặt chain.
    """

    card: int = 1
    two: int = 5
    cong: int = 15
    sam: int = 20
    sam_fail: int = 20
    toi_trang: int = 20
    heo_hang_two: int = 5
    heo_hang_quad: int = 15
    chat_two: int = 15
    chat_quad: int = 15

    def __post_init__(self):
        for name, value in self.__dict__.items():
            if value < 0:
                raise CardoddsError(f"pay.{name} must be >= 0, not {value}")


@dataclass(frozen=True)
class SamRules:
    """Every Sâm rules option with its default (docs/rules.md §2).

    Attributes
    ----------
    players : 2..5 (10 cards each).
    straights : ``"a23_to_qka"`` (A–2–3 up to Q–K–A; the 2 low inside a straight) or ``"3_to_a"`` (no 2 in a straight).
    quad_beats : what a tứ quý may chop: ``"single_two"``, ``"lower_quad"`` and/or ``"pair_two"`` (a pair of 2s,
        paid ``pay.chat_two`` per 2: the seed's "15 cược/con"; off by default, the seed lists only "chặt được heo").
    no_finish_on_two : a play that empties the hand may not contain a 2.
    den_bai : the player before a báo-1 player who plays a single that is not their highest pays everyone's losses
        if the báo-1 player then wins (đền).
    den_on_pass : with ``den_bai``, a pass on a single by the player before a báo-1 player, who could have beaten it
        with their highest card, is a failure too: đền if the báo-1 player then goes out on a card that highest card
        would have stopped (seed 003: "phải có trách nhiệm đánh quân to nhất"; docs/rules.md reading S3).
    first_leader : ``"random"`` or ``"seat0"`` (leader when nobody declares Sâm).
    toi_trang_tie : ``"first_in_turn"`` (from the first player) or ``"by_kind"`` (highest kind first, then turn order).
    quad_counts_as_triple, quad_counts_as_two_pairs : for 3 sám and 5 đôi.
    heo_hang_includes_quads : tứ quý in hand are heo hàng too (in a tới trắng).
    thoi_hang : a loser of a normal game left holding a tứ quý (not of 2s) also pays ``pay.heo_hang_quad`` for it
        (the seed's "tổng số lá của người thua + heo hàng" read with hàng = tứ quý; off by default: the seed's
        payment lines name only the 2s).
    play_on_after_failed_sam : after a Sâm is beaten, play goes on (the penalty stands).
    series_length : games played in a row at the same table (1: single games); the previous game's winner is the next
        game's first player (:mod:`cardodds.sim.sam.series`).
    pay : the payments table (:class:`SamPay`).
    """

    players: int = 4
    straights: Literal["a23_to_qka", "3_to_a"] = "a23_to_qka"
    quad_beats: tuple[str, ...] = DEFAULT_QUAD_BEATS
    no_finish_on_two: bool = True
    den_bai: bool = True
    den_on_pass: bool = False
    first_leader: Literal["random", "seat0"] = "random"
    toi_trang_tie: Literal["first_in_turn", "by_kind"] = "first_in_turn"
    quad_counts_as_triple: bool = True
    quad_counts_as_two_pairs: bool = True
    heo_hang_includes_quads: bool = False
    thoi_hang: bool = False
    play_on_after_failed_sam: bool = False
    series_length: int = 1
    pay: SamPay | dict = field(default_factory=SamPay)

    def __post_init__(self):
        # Types and choices are checked by ``from_table`` from the annotations; here only ranges and combinations.
        if not 2 <= self.players <= 5:
            raise CardoddsError(f"players must be 2..5 for Sâm (10 cards each from 52), not {self.players}")
        check_series_length(self.series_length)
        qb = tuple(self.quad_beats)
        for q in qb:
            if q not in QUAD_BEATS:
                raise CardoddsError(f"quad_beats: unknown value {q!r} (known: {', '.join(QUAD_BEATS)})")
        if len(set(qb)) != len(qb):
            raise CardoddsError(f"quad_beats lists a value twice: {list(qb)}")
        # A set of choices: kept in QUAD_BEATS order, so that the same choices written in another order are equal.
        object.__setattr__(self, "quad_beats", tuple(q for q in QUAD_BEATS if q in qb))
        if isinstance(self.pay, dict):
            object.__setattr__(self, "pay", from_table(SamPay, self.pay, "pay"))

    @property
    def chop_two(self) -> bool:
        return "single_two" in self.quad_beats

    @property
    def chop_quad(self) -> bool:
        return "lower_quad" in self.quad_beats

    @property
    def chop_pair_two(self) -> bool:
        return "pair_two" in self.quad_beats


def rules_from_table(table: dict | None, where: str = "[rules]") -> SamRules:
    """``SamRules`` from a TOML ``[rules]`` table (with an optional ``[rules.pay]`` sub-table)."""
    return from_table(SamRules, table, where)


OUTCOMES = ("normal", "toi_trang", "sam_success", "sam_fail", "void")
"""How a game can end, in the order both engines' outcome codes index."""
