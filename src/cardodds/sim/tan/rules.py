"""The Tấn rules options (docs/rules.md §3) with their defaults, validated.

Interpretations the rule text leaves open (docs/rules.md §3.9 states them all):

- ``first_attacker``: ``"count"`` is the seed's "bốc bất cứ quân nào lên để xác định lượt … đếm từ người bốc": the
  dealer (seat 0) draws a stock card and counts its value (A = 1 … K = 13) from themself; ``"lowest_trump"`` is
  classic podkidnoy's holder of the lowest trump (a uniform seat when no hand holds a trump).
- ``throw_in_after_take``: with ``True`` (podkidnoy, not the seed's rule) a take (lên) does not end the bout: the
  adders go on in the usual turn order, each adding cards of the ranks on the table while the cap allows, until all
  pass in a row; the defender then picks up every card on the table.
- ``max_attack_cards``: the attack cards of one bout never exceed the defender's hand at the bout's start; an integer
  lowers that cap further (the bout's cap is ``min(max_attack_cards, defender's hand)``).
- ``trump_exchange = "any_lower"``: before the first attack the seats are asked in turn order from the first attacker;
  the first whose strategy swaps gives one lower trump for the turned card, which then lies at the bottom of the
  stock (one swap a game).
- ``trump_exchange = "two_only"`` (đổi 2 chủ): only the lowest trump of the deck (the 2; the 6 in the 36-card deck)
  may be swapped for the turned card; the swapper attacks first in a single game, and in a series game any 2-swap
  takes the first attack from the previous winner (docs/rules.md §3.3, §3.7, ``cardodds.sim.tan.series``): with
  ``series_swap_opens = "next_after_winner"`` (default, text 004's side rule read literally: "thuộc về người tiếp theo
  trong vòng chứ không thuộc về người thắng") it goes to the next player after the winner, whoever swapped; with
  ``"swapper"`` a swap by another player gives it to the swapper (the single-game rule carried over), the winner's own
  swap still passing it to the next player.
- ``defender_runs_out``: the seed announces two ways of playing when the defender runs out of cards and the text is
  cut there.  ``"bout_ends"`` (default): a defender who covers with their last card ends the bout as defended (the
  attack cap is the defender's hand at the bout's start, so the cap is reached then anyway).
  ``"others_may_continue"`` (our reading of the other way): while the stock lasts, the defender who has covered with
  their last card draws up to ``hand_size`` at once and the bout goes on — the others may keep adding, the cap
  becoming the cards already covered plus the new hand (still at most an integer ``max_attack_cards``); with the
  stock empty the bout ends as in ``"bout_ends"`` (the defender has finished).
- Series (docs/rules.md §3.7): ``series_length = N`` (N > 1) plays N games in a row at the same table with
  the carry-over of ``cardodds.sim.tan.series`` (cúng chủ, xả, first attack to the previous first finisher, the series "đổi 2
  chủ" rule, ``trump_no_three_in_a_row``); its module docstring holds the readings.  The old switch ``series = true``
  is refused (it cannot say how many games); ``series_length`` replaces it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardodds.sim.errors import CardoddsError
from cardodds.sim.options import check_series_length, from_table

MAX_PLAYERS = 6


@dataclass(frozen=True)
class TanRules:
    """Rules of one Tấn game.

    Parameters
    ----------
    players : int
        2..6 (the seed plays 2–4; 5 and 6 are an option).
    hand_size : int
        Cards dealt to each player and refilled up to after each bout (8; 6 for Russian podkidnoy).
    deck : {52, 36}
        The full deck, or 6..A.
    trump_exchange : {"any_lower", "two_only", "none"}
        Who may swap a trump from hand for the turned card before the first attack.
    first_attacker : {"random", "seat0", "count", "lowest_trump"}
        Who attacks first in a single game: a uniform seat, seat 0 (the dealer), the seed's count of a drawn card
        from the dealer (not uniform), or the holder of the lowest trump (classic podkidnoy); see
        ``cardodds.sim.tan.deal.first_attackers``.
    max_attack_cards : "defender_hand" or int
        Cap on the attack cards of one bout.
    throw_in_after_take : bool
        False (the seed: nobody adds after lên); True (podkidnoy): once the defender takes, the others may still add
        cards of the ranks on the table, up to the bout's cap, and the defender picks them up with the rest.
    refill_order : {"attacker_defender_others", "attacker_others_defender"}
        Drawing order after a bout (the seed's, or the Russian one).
    defender_runs_out : {"bout_ends", "others_may_continue"}
        What happens when the defender covers with their last card.
    max_bouts : int
        Bouts after which an unfinished game is recorded as truncated.
    series : bool
        Refused when true: use ``series_length``.
    series_length : int
        Games played in a row at the same table with carry-over (1 = single games; see ``cardodds.sim.tan.series``).
    trump_no_three_in_a_row : bool
        In series play, a trump suit may not come up three games in a row (another card is turned).
    series_swap_opens : {"next_after_winner", "swapper"}
        In series play with ``"two_only"``, who attacks first after a 2-swap by a player other than the previous
        winner: the next player after the winner (text 004's side rule), or the swapper.
    """

    players: int = 4
    hand_size: int = 8
    deck: Literal[52, 36] = 52
    trump_exchange: Literal["any_lower", "two_only", "none"] = "any_lower"
    first_attacker: Literal["random", "seat0", "count", "lowest_trump"] = "random"
    max_attack_cards: Literal["defender_hand"] | int = "defender_hand"
    throw_in_after_take: bool = False
    refill_order: Literal["attacker_defender_others", "attacker_others_defender"] = "attacker_defender_others"
    defender_runs_out: Literal["bout_ends", "others_may_continue"] = "bout_ends"
    max_bouts: int = 1000
    series: bool = False
    series_length: int = 1
    trump_no_three_in_a_row: bool = False
    series_swap_opens: Literal["next_after_winner", "swapper"] = "next_after_winner"

    def __post_init__(self):
        # Types and choices are checked by ``from_table`` from the annotations; here only ranges and combinations.
        if not 2 <= self.players <= MAX_PLAYERS:
            raise CardoddsError(f"players must be 2..{MAX_PLAYERS}, not {self.players!r}")
        if self.hand_size < 1:
            raise CardoddsError(f"hand_size must be a positive integer, not {self.hand_size!r}")
        if self.players * self.hand_size + 1 > self.deck:
            raise CardoddsError(
                f"{self.players} players x {self.hand_size} cards plus the turned trump card need "
                f"{self.players * self.hand_size + 1} cards, more than the {self.deck}-card deck"
            )
        if self.first_attacker == "count" and self.players * self.hand_size + 1 >= self.deck:
            raise CardoddsError("first_attacker = count draws a stock card, but the deal leaves none besides the "
                                "turned trump card")
        if self.max_attack_cards != "defender_hand" and self.max_attack_cards < 1:
            raise CardoddsError(f"max_attack_cards must be 'defender_hand' or a positive integer, "
                                f"not {self.max_attack_cards!r}")
        if self.max_bouts < 1:
            raise CardoddsError(f"max_bouts must be a positive integer, not {self.max_bouts!r}")
        if self.series:
            raise CardoddsError("series = true is not implemented as a switch: set series_length = N "
                                "(N > 1 games in a row) instead")
        n = check_series_length(self.series_length)
        if self.trump_no_three_in_a_row and n < 3:
            raise CardoddsError("trump_no_three_in_a_row only applies to series play of 3 games or more "
                                f"(series_length = {n})")
        if self.series_swap_opens != "next_after_winner" and (n < 2 or self.trump_exchange != "two_only"):
            raise CardoddsError(f"series_swap_opens = {self.series_swap_opens!r} only applies to series play "
                                f"(series_length > 1) with trump_exchange = 'two_only'")

    @property
    def attack_cap(self) -> int:
        """The integer cap on attack cards (a large number for ``"defender_hand"``)."""
        return 1 << 30 if self.max_attack_cards == "defender_hand" else int(self.max_attack_cards)

    @property
    def stock_size(self) -> int:
        """Cards in the stock after the deal, the turned trump card included."""
        return self.deck - self.players * self.hand_size

    @classmethod
    def from_table(cls, table: dict | None, where: str = "[rules]") -> "TanRules":
        """Build from a TOML ``[rules]`` table (unknown keys and wrong types rejected)."""
        return from_table(cls, table, where)
