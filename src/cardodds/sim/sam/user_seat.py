"""A Sâm seat played by a player a user wrote (:class:`~cardodds.sim.user_player.UserPlayer`).

:func:`user_strategy` wraps the player in a :class:`UserSeat`, a strategy both engines seat like any other (the
compiled engine never: it plays ``greedy`` and ``control`` only).  At each decision the seat's
:class:`~cardodds.sim.sam.position_state.Position` is rebuilt from the engine's view — the engines give a seat with
``needs_cards`` its hand's and every seat's played cards by id, besides the public state — and the player is asked
through :func:`~cardodds.sim.user_player.ask` with ``to_json(position)`` and the legal moves as text (``"7 7"``,
``"3-4-5"``, ``"pass"`` last).  A decision's kind is ``"lead"`` (a free lead) or ``"beat"`` (a beat or a pass).

A player that defines the batch form ``decide_batch(observations, masks, rng) -> actions``
(:mod:`cardodds.sim.sam.user_batch`) is asked that instead, in every engine: the batch engine asks it once per step
and kind (leads, then beats) for all the games where the seat decides, the reference engine (replays, ``advise``
play-outs) with its one game; its ``decide``, if any, is not asked.  A player whose moves depend on what it sees only
may say ``deterministic = True``: a replay then plays its game on the reference engine instead of recording the run's
chunk (:mod:`cardodds.sim.sam.replay`).

Decisions outside the position protocol, and their defaults:

- **báo Sâm**: before play, in turn order from the first player, a player that defines ``declare(view, rng) -> bool``
  is asked whether to declare Sâm (``view``: the position with its ten dealt cards, nothing played and no play to
  beat, whoever leads; decision ``"declare"``; it must return a bool); without ``declare`` it never declares.  The
  first seat that declares leads, and it plays its Sâm by its own ``decide`` or ``decide_batch`` (the built-ins' Sâm
  plan is theirs).
- **forced passes**: an answer with no legal beat passes without asking the player (both engines do so).
- **randomness**: ``decide`` and ``decide_batch`` get the engine's random stream (a run's: its chunk's PLAY stream,
  so the same seed gives the same games whatever the number of workers; a game's draws depend on the games of its
  chunk deciding with it); where an engine passes none, and always for ``declare``, a generator seeded from the seat's
  view (its seat and the cards it sees; for ``decide_batch``, the call's arrays), the same in every engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from cardodds.sim.errors import CardoddsError
from cardodds.sim.sam.cards import HAND_SIZE, N_RANKS, is_red
from cardodds.sim.sam.position_json import to_json
from cardodds.sim.sam.position_state import Position, move_text
from cardodds.sim.sam.strategies import PASS, StrategyBase, View
from cardodds.sim.sam.user_batch import decide_rows
from cardodds.sim.user_batch import has_batch
from cardodds.sim.user_player import UserPlayer, ask

GAME = "sam"


def user_strategy(player) -> UserSeat:
    """The Sâm strategy that plays ``player`` (a :class:`UserPlayer`); it declares Sâm only if the player defines
    ``declare(view, rng)``."""
    if not isinstance(player, UserPlayer):
        raise CardoddsError(f"sam: a user seat plays a UserPlayer, not {type(player).__name__}")
    return UserSeat(player=player, declare="user" if callable(getattr(player, "declare", None)) else "never")


@dataclass(frozen=True, eq=False)
class UserSeat(StrategyBase):
    """A user's player at a Sâm seat (see the module docstring); ``player`` is the :class:`UserPlayer`.

    Compared and hashed by identity: a user's player need not be hashable (the engines cache by strategy)."""

    __eq__ = object.__eq__
    __hash__ = object.__hash__

    player: UserPlayer | None = None
    declare: str = "never"

    name: ClassVar[str] = "user"
    user_seat: ClassVar[bool] = True
    needs_public: ClassVar[bool] = True
    needs_cards: ClassVar[bool] = True

    @property
    def deterministic(self) -> bool:
        """The player's own ``deterministic``: False unless its class sets ``deterministic = True``, a promise that its
        moves depend on what it sees only (never on its rng), so that a replay plays the game on the reference engine
        instead of recording it from the batch engine's chunk."""
        return bool(getattr(self.player, "deterministic", False))

    def label(self) -> str:
        """The player in reports: its source, else its class name."""
        return self.player.label()

    def declares(self, rules, seat: int, cards: np.ndarray) -> np.ndarray:
        """Whether seat ``seat`` declares Sâm in each game it is dealt ``cards`` (n, 10): the player's ``declare``
        answer (False for a player without ``declare``)."""
        out = np.zeros(len(cards), bool)
        if self.declare != "user":
            return out
        for i, dealt in enumerate(np.asarray(cards)):
            p = Position(rules=rules, seat=seat, hand=tuple(sorted(int(c) for c in dealt)), played=((),) * rules.players)
            out[i] = _ask_declare(self.player, to_json(p), _view_rng(p), seat)
        return out

    def choose(self, view: View, legal: np.ndarray, may_pass: np.ndarray, rng: np.random.Generator | None = None):
        """A move id per game, or ``PASS``: the player's answer at each row (a forced pass without asking); one
        ``decide_batch`` call for every row when the player has the batch form."""
        out = np.full(len(legal), PASS, np.int64)
        rows = np.flatnonzero(legal.any(1))
        if has_batch(self.player):
            if rows.size:
                out[rows] = decide_rows(self.player, view, legal, may_pass, rows, rng,
                                        lambda i: to_json(position_of_view(view, i)))
            return out
        for i in rows:
            p = position_of_view(view, i)
            ids = [int(m) for m in np.flatnonzero(legal[i])] + ([PASS] if may_pass[i] else [])
            texts = [move_text(view.table, m) for m in ids]
            move = ask(self.player, to_json(p), texts, _view_rng(p) if rng is None else rng, seat=p.seat, game=GAME,
                       decision="lead" if p.to_beat is None else "beat")
            out[i] = ids[texts.index(move)]
        return out

    def choose_sparse(self, view: View, cand: np.ndarray, legal: np.ndarray, may_pass: np.ndarray,
                      rng: np.random.Generator | None = None):
        """``choose`` given the candidate moves ``cand`` (N, W) (``table.n`` pads) and their legality."""
        full = np.zeros((len(cand), view.table.n + 1), bool)
        full[np.arange(len(cand))[:, None], cand] = legal
        return self.choose(view, full[:, :-1], may_pass, rng)


def position_of_view(view: View, i: int) -> Position:
    """The :class:`Position` of row ``i`` of an engine's ``view`` with the public state and the cards: what the
    actor sees (its hand, every seat's played cards, the play to beat, passes, chặt chain, đền, Sâm)."""
    pub, P = view.public, view.n_cards.shape[1]
    if pub is None or view.hand_cards is None:
        raise CardoddsError("sam: a user seat needs a view with the public state and the cards")
    total, links, _, chopped = (int(x) for x in pub.chain[i])
    den, decl = pub.den[i], int(view.declarer[i])
    lead = int(view.current[i]) == view.table.LEAD
    return Position(
        rules=view.rules, seat=int(view.actor[i]), hand=_ids(view.hand_cards[i]),
        played=tuple(_ids(view.played_cards[i, q]) for q in range(P)),
        to_beat=None if lead else int(view.current[i]), by=None if lead else int(pub.last[i]),
        passed=tuple(q for q in range(P) if int(pub.passed[i]) >> q & 1),
        chain=(links, total, chopped) if links else None,
        den=None if den[0] < 0 else tuple(int(x) for x in den),
        declarer=None if decl < 0 else decl, sam_standing=bool(view.sam_on[i]))


def world_cards(position: Position, hands: np.ndarray) -> np.ndarray:
    """(W, P, 10) the dealt card ids of the worlds ``hands`` (W, P, 13: every seat's rank counts) that play on from
    ``position`` (``SamState.cards``, for a user seat in ``advise``'s play-outs): each seat's played cards, then its
    hand — the seat's own, and to the opponents the unseen cards of each rank, seat after seat, in an order that
    alternates the colours (black first on every other rank), so that a hand of one colour (a đồng hoa, a tới trắng the
    rank-count worlds cannot see) is rare; :mod:`~cardodds.sim.sam.position_worlds` deals such worlds again."""
    P, W = position.players, len(hands)
    seen = set(position.hand).union(*position.played)
    unseen = np.full((N_RANKS, 5), -1, np.int64)  # (a 5th column: past the last unseen card of the rank)
    for r in range(N_RANKS):
        ids = [c for c in range(4 * r, 4 * r + 4) if c not in seen]
        red = [bool(is_red(c)) for c in ids]
        place = [2 * sum(red[j] == red[i] for j in range(i)) + (red[i] != bool(r % 2)) for i in range(len(ids))]
        unseen[r, :len(ids)] = [c for _, c in sorted(zip(place, ids))]
    held = np.where(np.arange(P) == position.seat, 0, hands.astype(np.int64).transpose(0, 2, 1))  # (W, 13, P)
    first = np.cumsum(held, axis=2) - held  # each seat's first unseen card of the rank
    k = np.arange(4)
    ids = unseen[np.arange(N_RANKS)[None, :, None, None], np.minimum(first[..., None] + k, 4)]  # (W, 13, P, 4)
    ids = np.where(k < held[..., None], ids, 99).transpose(0, 2, 1, 3).reshape(W, P, 4 * N_RANKS)
    ids = np.sort(ids, axis=2)  # the given cards first (ids < 52), ascending
    out = np.empty((W, P, HAND_SIZE), np.int64)
    for q in range(P):
        mine = list(position.played[q]) + (list(position.hand) if q == position.seat else [])
        out[:, q, :len(mine)] = mine
        out[:, q, len(mine):] = ids[:, q, :HAND_SIZE - len(mine)]
    return out


def _ids(slots: np.ndarray) -> tuple:
    return tuple(sorted(int(c) for c in slots if c >= 0))


def _view_rng(p: Position) -> np.random.Generator:
    """A generator seeded from what the seat sees: its seat, hand and the cards played, seat by seat."""
    seen = [p.seat, *p.hand] + [52 * (q + 1) + c for q, cards in enumerate(p.played) for c in cards]
    return np.random.default_rng(seen)


class _Declaring:
    """The player as :func:`ask` sees it at the báo Sâm: its ``declare`` answer as the move ``"True"``/``"False"``."""

    def __init__(self, player):
        self.player = player

    def label(self) -> str:
        return self.player.label()

    def decide(self, view, legal, rng):
        answer = self.player.declare(view, rng)
        return str(bool(answer)) if isinstance(answer, (bool, np.bool_)) else answer


def _ask_declare(player, view: dict, rng, seat: int) -> bool:
    """Whether ``player`` declares Sâm at ``view``, asked through :func:`ask` (any misbehaviour: one line)."""
    return ask(_Declaring(player), view, ["True", "False"], rng, seat=seat, game=GAME, decision="declare") == "True"
