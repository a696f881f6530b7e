"""Tấn series play: games in a row at the same table with the carry-over of docs/rules.md §3.7 (luật bên lề).

Reference engine only (plain Python, one game at a time): the readable statement of the carry-over rules.

Before each game after the first, in this order:

1. Deal.  Game ``k`` of a series is dealt from the ``k``-th deck order given (the task takes them from the chunk's
   DEAL stream in order).  With ``trump_no_three_in_a_row``, if the turned card's suit was trump in each of the two
   previous games, the first stock card of another suit is turned instead and the rejected card takes its place in
   the stock (if every stock card has that suit, the suit stays).
2. First attacker: the previous game's first finisher ("người về nhất", ``W``); players who finish in the same bout
   are ranked in drawing order (see ``cardodds.sim.tan.reference``).
3. Only when the previous game had a loser (``L``, "người về chót") — after a draw or a truncated game there is no
   cúng and no xả:

   a. Xả: a player holding no trump may declare xả once a game — our reading (the seed never defines it): their
      hand goes back into the stock, the stock (the face-up turned card excepted, it stays at the bottom) is
      reshuffled and they draw a new hand from the top.  Only ``L`` and ``W`` may xả (the text's two cases; the
      other players never do).  ``L`` decides first, then ``W`` ("before receiving"), each with ``declares_xa``
      (``cardodds.sim.tan.decisions``; default: a player allowed to xả does).  The reshuffles are drawn from the
      chunk's DEAL stream (keys drawn once per game after the deals), so they never depend on the play.
   b. Cúng chủ: ``L``, unless they have xả'd, gives their highest trump to ``W`` (so a loser whose only trump is the
      2 gives the 2).  No card is given back: ``L`` starts with one card fewer, ``W`` with one more, until the
      refill.  A loser holding no trump (after a xả, or keeping a hand without trump) gives nothing.
   c. Order of giving and swapping: with ``"two_only"``, a loser holding the 2 and other trumps chooses
      (``loser_swaps_first``, ``cardodds.sim.tan.decisions``; default: give first): swap the 2 for the turned card and then
      give their highest trump — possibly the card just taken — or give first.  Otherwise ``L`` gives first and any
      trump swap happens afterwards in the usual exchange phase, asked in turn order from ``W``, one swap a game, as
      each seat's strategy decides; ``W`` holding the 2 decides with ``winner_swaps_two`` (the shipped players'
      default: swap, even though it costs them the first attack).

4. "Đổi 2 chủ" (``trump_exchange = "two_only"``) in a series game: any 2-swap takes the first attack from ``W``
   and gives it to the next player after ``W`` ("Nếu người nào đổi 2 chủ, thì lượt ra bài đầu tiên sẽ thuộc về người
   tiếp theo trong vòng chứ không thuộc về người thắng ván trước đó"; ``W``'s own swap: "mất lượt đi trước cho
   người tiếp theo trong vòng").  With ``series_swap_opens = "swapper"`` a swap by another player gives it to the
   swapper instead, as in a single game ("người đó sẽ có quyền tấn người kế tiếp đầu tiên"; docs/rules.md §3.3,
   reading T11).  With ``"any_lower"`` a swap never moves the first attack.

A game without a first finisher (truncated before anyone finished) is followed by a game started as the first one
(first attacker as dealt, ``first_attacker`` rule; single-game swap rule).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardodds.sim.tan.cards import card, min_rank, suit_of
from cardodds.sim.tan.decisions import decide
from cardodds.sim.tan.reference import Outcome, TanGame
from cardodds.sim.tan.rules import TanRules


@dataclass
class SeriesGame:
    """One game of a series and its carry-over.

    ``winner`` is the first finisher (None if nobody finished); ``cung`` the card given (cúng chủ) before this game,
    or None; ``xa`` the seats that declared xả before it; ``start_hands`` the hands after the carry-over, before any
    trump swap; ``retrumped`` whether ``trump_no_three_in_a_row`` turned another card; ``prev_loser``/``prev_winner``
    the previous game's (None in the first game).
    """

    outcome: Outcome
    game: TanGame
    winner: int | None
    cung: int | None = None
    xa: list[int] = field(default_factory=list)
    start_hands: list[list[int]] = field(default_factory=list)
    retrumped: bool = False
    prev_loser: int | None = None
    prev_winner: int | None = None


def _retrump(order: list[int], pos: int, banned: int) -> bool:
    """Turn the first stock card not of suit ``banned`` instead of ``order[pos]``; True if a card was changed."""
    if suit_of(order[pos]) != banned:
        return False
    for j in range(pos + 1, len(order)):
        if suit_of(order[j]) != banned:
            order[pos], order[j] = order[j], order[pos]
            return True
    return False


def _xa(game: TanGame, seat: int, keys) -> None:
    """Seat ``seat`` returns its hand, the stock (turned card excepted) is reshuffled by ``keys``, a new hand drawn."""
    pool = game.stock[:-1] + sorted(game.hands[seat])
    pool.sort(key=lambda c: keys[c])
    game.hands[seat] = set(pool[: game.H])
    game.stock = pool[game.H:] + game.stock[-1:]
    game.log.append(("xa", seat, sorted(game.hands[seat])))
    game._check()


def _has_trump(game: TanGame, seat: int) -> bool:
    return any(suit_of(c) == game.trump for c in game.hands[seat])


def _declares_xa(game: TanGame, seat: int, role: str, keys) -> bool:
    """Seat ``seat`` (the previous ``role``), holding no trump, declares xả if its strategy wants; True if it did."""
    if _has_trump(game, seat):
        return False
    view = game.exchange_view(seat, [])
    view.role = role
    if not decide(game.strategies[seat], "declares_xa", view, game.rng):
        return False
    _xa(game, seat, keys)
    return True


def carry_over(game: TanGame, winner: int, loser: int | None, keys) -> tuple[int | None, list[int]]:
    """Apply steps 3–4 of the module docstring to a freshly dealt ``game`` (``winner`` attacks first).

    ``keys`` (2, 52): sort keys of the loser's and the winner's xả reshuffles.  Returns the card given (cúng) or
    None, and the seats that declared xả.  ``loser`` None (a draw or a truncated game): nothing is given, nobody xả's.
    A loser holding no trump gives nothing, whether or not it declares xả.
    """
    game.series_winner = winner
    if loser is None:
        return None, []
    xa = [seat for seat, role, key in ((loser, "loser", keys[0]), (winner, "winner", keys[1]))
          if _declares_xa(game, seat, role, key)]
    trumps = [c for c in game.hands[loser] if suit_of(c) == game.trump]
    if loser in xa or not trumps:
        return None, xa
    low = card(min_rank(game.rules.deck), game.trump)
    if game.rules.trump_exchange == "two_only" and low in trumps and len(trumps) > 1:
        view = game.exchange_view(loser, [low])
        view.winner = winner
        if decide(game.strategies[loser], "loser_swaps_first", view, game.rng):
            game.swap(loser, low)
    c = max(c for c in game.hands[loser] if suit_of(c) == game.trump)
    game.hands[loser].remove(c)
    game.known[loser].discard(c)
    game.hands[winner].add(c)
    game.known[winner].add(c)  # the trump is handed over in everyone's sight
    game.log.append(("cung", loser, winner, c))
    game._check()
    return c, xa


def play_series(rules: TanRules, orders, firsts, xa_keys, strategies, rng=None, check: bool = False,
                skip_cycles: bool | None = None) -> list[SeriesGame]:
    """Play ``len(orders)`` games in a row at one table with the carry-over of the module docstring.

    Parameters
    ----------
    rules : TanRules
    orders : sequence of deck orders
        One shuffled deck per game (dealt as in ``cardodds.sim.tan.reference``).
    firsts : sequence of int
        Dealt first attackers; used for the first game and after a game nobody finished.
    xa_keys : array (games, 2, 52) of float
        Sort keys of the xả reshuffles (row 0 the previous loser's, row 1 the previous winner's).
    strategies : sequence
        One strategy per table seat, for every game.
    rng : numpy Generator, optional
        For randomised strategies.
    check : bool
        Check card conservation after every move and carry-over step.
    skip_cycles : bool, optional
        Passed to ``TanGame.play`` (default: when every strategy is deterministic).
    """
    P, H = rules.players, rules.hand_size
    if skip_cycles is None:
        skip_cycles = all(s.deterministic for s in strategies)
    played: list[SeriesGame] = []
    trumps: list[int] = []
    prev: SeriesGame | None = None
    for k in range(len(orders)):
        order = [int(c) for c in orders[k]]
        retrumped = False
        if rules.trump_no_three_in_a_row and len(trumps) >= 2 and trumps[-1] == trumps[-2]:
            retrumped = _retrump(order, P * H, trumps[-1])
        winner = prev.winner if prev is not None else None
        loser = prev.outcome.loser if prev is not None else None
        first = winner if winner is not None else int(firsts[k])
        game = TanGame(rules, order, first, strategies, rng=rng, check=check)
        if retrumped:
            game.log.insert(1, ("retrump", int(orders[k][P * H]), game.turned))
        rec = SeriesGame(None, game, None, retrumped=retrumped, prev_loser=loser, prev_winner=winner)
        if winner is not None:
            rec.cung, rec.xa = carry_over(game, winner, loser, xa_keys[k])
        rec.start_hands = [sorted(h) for h in game.hands]
        rec.outcome = game.play(skip_cycles=skip_cycles)
        rec.winner = rec.outcome.finish_order[0] if rec.outcome.finish_order else None
        trumps.append(game.trump)
        played.append(rec)
        prev = rec
    return played
