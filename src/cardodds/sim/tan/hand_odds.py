"""Tấn hand odds (``cardodds odds tan``): how often a given opening hand loses, by simulation with the batch engine.

The other hands, the turned card and the stock are dealt at random given the hand and the trump suit: the turned card
is uniform over the trump cards not in the hand (that is the deal conditioned on the trump suit), the rest is
shuffled; every game is played out.  Seat 0 attacks first (``first_attacker = "seat0"``; a "two_only" swap may still
move the first attack).  The text is :mod:`cardodds.sim.tan.hand_odds_text`.
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.arguments import check_games
from cardodds.sim.errors import CardoddsError
from cardodds.sim.intervals import wilson
from cardodds.sim.odds_batches import batches
from cardodds.sim.streams import DEAL, PLAY, stream
from cardodds.sim.tan.batch import play_batch
from cardodds.sim.tan.cards import SUIT_SYMBOLS, deck_ids, format_cards, parse_cards, parse_suit
from cardodds.sim.tan.players import seat_strategies
from cardodds.sim.tan.rules import TanRules


def conditioned_orders(cards: list[int], trump: int, seat: int, rules: TanRules, rng, n: int) -> np.ndarray:
    """``n`` deal orders with ``cards`` at ``seat`` and a card of the suit ``trump`` turned."""
    P, H, D = rules.players, rules.hand_size, rules.deck
    rest = np.array(sorted(set(deck_ids(D)) - set(cards)), dtype=np.int8)
    trump_pos = np.nonzero((rest & 3) == trump)[0]
    turned_pos = trump_pos[rng.integers(0, trump_pos.shape[0], size=n)]
    keep = np.ones((n, rest.shape[0]), dtype=bool)
    keep[np.arange(n), turned_pos] = False
    others = rng.permuted(np.tile(rest, (n, 1))[keep].reshape(n, -1), axis=1)
    orders = np.empty((n, D), dtype=np.int8)
    before = seat * H
    orders[:, :before] = others[:, :before]
    orders[:, before: before + H] = np.array(cards, dtype=np.int8)
    orders[:, before + H: P * H] = others[:, before: P * H - H]
    orders[:, P * H] = rest[turned_pos]
    orders[:, P * H + 1:] = others[:, P * H - H:]
    return orders


def play_fixed_hand(rules: TanRules, cards: list[int], trump: int, seat: int, strategies, seed_seq, n: int) -> dict:
    """Deal ``n`` games around ``cards`` at ``seat`` (the DEAL stream of ``seed_seq``) and play them out (its PLAY
    stream), seat 0 attacking first.

    Returns
    -------
    dict
        Counts over the games: ``lose`` (the seat is the tấn), ``draw``, ``truncated`` and ``bouts``.
    """
    orders = conditioned_orders(cards, trump, seat, rules, stream(seed_seq, DEAL), n)
    res = play_batch(rules, orders, np.zeros(n, dtype=np.int8), strategies, rng=stream(seed_seq, PLAY))
    return {"lose": int((res.loser == seat).sum()), "draw": int(res.draw.sum()),
            "truncated": int(res.truncated.sum()), "bouts": int(res.bouts.sum())}


def _checked(hand: str, trump: str, players: int, seat: int, rules: dict | None):
    """``(rules, cards, trump suit)`` after checking the hand, the trump and the seat."""
    table = dict(rules or {})
    table.update(players=players, first_attacker="seat0")
    r = TanRules.from_table(table, "odds")
    cards = parse_cards(hand, deck=r.deck)
    if len(cards) != r.hand_size:
        raise CardoddsError(f"a Tấn hand has {r.hand_size} cards, {len(cards)} given")
    t = parse_suit(trump)
    if sum(1 for c in deck_ids(r.deck) if c & 3 == t and c not in cards) == 0:
        raise CardoddsError(f"the hand holds every {SUIT_SYMBOLS[t]}: no trump card is left to turn")
    if not isinstance(seat, int) or not 0 <= seat < r.players:
        raise CardoddsError(f"seat must be 0..{r.players - 1}, not {seat!r}")
    return r, cards, t


def tan_hand(hand: str, trump: str, players: int, seat: int, rules: dict | None = None) -> dict:
    """The checked inputs of :func:`odds_tan` as its result shows them (all that is known without simulating)."""
    r, cards, t = _checked(hand, trump, players, seat, rules)
    return _inputs(r, cards, t, seat)


def _inputs(r: TanRules, cards: list[int], trump: int, seat: int) -> dict:
    return {"hand": format_cards(cards), "trump": SUIT_SYMBOLS[trump], "players": r.players, "seat": seat}


def odds_tan(hand: str, trump: str, players: int, seat: int, games: int, seed: int, strategy="basic",
             rules: dict | None = None, progress: bool | None = None, on_batch=None) -> dict:
    """Loss chance of ``hand`` held at ``seat`` (0 = first attacker) with ``trump`` as the trump suit.

    Parameters
    ----------
    hand : str
        The opening hand (``"10h Qd 2s ..."``), exactly ``hand_size`` cards.
    trump : str
        The trump suit (``h``, ``♥``, ``cơ``, ...).
    players, seat, games, seed : int
    strategy : str or dict
        Every seat's strategy (``"basic"``).
    rules : dict, optional
        Other ``[rules]`` options (``players`` and ``first_attacker`` are set here).
    progress : bool or None
        A progress bar on stderr (None: when stderr is a terminal).  The games are played in batches
        (:func:`cardodds.sim.odds_batches.batches`), so memory stays bounded for any ``games``.
    on_batch : callable, optional
        Called after each batch but the last with the result so far (the same keys, over the games played yet); it
        may raise to stop the run (``cardodds serve`` streams and cancels this way).

    Returns
    -------
    dict
        JSON-serialisable: the inputs and ``lose``, ``draw``, ``truncated`` as ``{estimate, ci_low, ci_high}``
        (95 % Wilson intervals) and ``bouts_mean``.
    """
    r, cards, t = _checked(hand, trump, players, seat, rules)
    check_games(games)
    strategies = seat_strategies(strategy, r.players, "odds strategy")
    inputs = _inputs(r, cards, t, seat)
    lose = draw = truncated = bouts = played = 0
    for seq, n in batches(games, seed, desc="odds tan", progress=progress):
        counts = play_fixed_hand(r, cards, t, seat, strategies, seq, n)
        lose, draw = lose + counts["lose"], draw + counts["draw"]
        truncated, bouts, played = truncated + counts["truncated"], bouts + counts["bouts"], played + n
        if on_batch is not None and played < games:
            on_batch(_result(inputs, played, seed, strategies[0].name, lose, draw, truncated, bouts))
    return _result(inputs, games, seed, strategies[0].name, lose, draw, truncated, bouts)


def _result(inputs: dict, games: int, seed: int, strategy: str, lose: int, draw: int, truncated: int,
            bouts: int) -> dict:
    """:func:`odds_tan`'s result from the counts over ``games`` games."""
    def prop(k):
        lo, hi = wilson(int(k), games)
        return {"estimate": int(k) / games, "ci_low": lo, "ci_high": hi}

    return {
        **inputs,
        "games": games,
        "seed": seed,
        "strategy": strategy,
        "lose": prop(lose),
        "draw": prop(draw),
        "truncated": prop(truncated),
        "bouts_mean": bouts / games,
    }


DECKS = {52: None, 36: {"deck": 36, "hand_size": 6}}
"""The tables a hand's odds offer: the 52-card deck with 8 cards dealt (the rules' default), the 36-card deck with 6."""


def hand_known(hand: str, trump: str, players: int = 4, seat: int = 0, strategy="basic", deck: int = 52) -> dict:
    """What is known of ``hand`` without simulating (the page shows it first): :func:`tan_hand`, the hand as read."""
    return tan_hand(hand, trump, players, seat, DECKS[deck])


def hand_answer(hand: str, trump: str, players: int = 4, seat: int = 0, strategy="basic", deck: int = 52,
                games: int = 20_000, seed: int = 1, progress: bool | None = None, on_batch=None) -> dict:
    """The answer of ``cardodds odds tan``: :func:`odds_tan` on the table of ``deck`` cards (:data:`DECKS`)."""
    return odds_tan(hand, trump, players, seat, games, seed, strategy=strategy, rules=DECKS[deck], progress=progress,
                    on_batch=on_batch)
