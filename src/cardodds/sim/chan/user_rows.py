"""A user's player (:class:`~cardodds.sim.chan.user_seat.UserSeat`) seated on the vectorised Chắn engine.

:class:`UserState` is the batch engine's state (:mod:`cardodds.sim.chan.batch`) with what a position needs and the
engine does not keep: every seat's melds as laid and discards in order, and where the card in play came from.  The
built-in seats answer for all their rows at once as on the plain engine; at each row where a user's seat decides
with more than one legal move, :func:`row_position` builds exactly the
:class:`~cardodds.sim.chan.position_state.Position` that ``position_state.position_of`` builds on the reference engine,
and the player is asked through :func:`~cardodds.sim.user_player.ask` with its JSON form, the legal moves in the
reference engine's order and ``user_seat.decision_rng`` (a Python loop over those rows only); a player with the
batch form ``decide_batch`` is asked once for all those rows instead (:mod:`cardodds.sim.chan.user_batch`).  Only
this state pays for the history: a run without a user seat plays the plain engine.  The two engines play the same games
(``tests/chan/test_chan_user_batch.py``).
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.chan import user_batch
from cardodds.sim.chan.arrays import ACT_CA, ACT_CHAN, ACT_CHIU, ACT_NONE, BIT, OTHER_Y, U32, P
from cardodds.sim.chan.batch import TRA, BatchResult, _State, play_state
from cardodds.sim.chan.cards import N_KINDS, kind_code
from cardodds.sim.chan.movelog import CA, CHAN, CHIU
from cardodds.sim.chan.position_json import to_json
from cardodds.sim.chan.position_state import DECISIONS, SOURCES, Position
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chan.user_seat import FNV_BASIS, FNV_PRIME, decision_rng
from cardodds.sim.errors import CardoddsError
from cardodds.sim.user_batch import has_batch
from cardodds.sim.user_player import ask

MAX_LAID = 20
"""Melds, and discards, a seat can lay at most (its hand only shrinks, from at most 20 cards)."""
MELDS = (CHAN, CA, CHIU)
SRC_DISCARD, SRC_NOC, SRC_PASSED, SRC_TRA = (SOURCES.index(s) for s in ("discard", "noc", "passed", "tra_cua"))
KIND_OF = {"discard_batch": None, "act_batch": "act", "chiu_batch": "chiu"}
"""The position's decision kind of each batch question (a discard is ``tra_cua`` in the TRA phase)."""


def user_seats(strategies) -> np.ndarray:
    """Which seats a user's player holds, ``(P,)`` bool."""
    return np.array([bool(getattr(s, "user_seat", False)) for s in strategies])


def batch_seats_user(strategies, rules: ChanRules) -> bool:
    """Whether :func:`play_user_batch` plays these seats: single games, no choice of Thiên ù, a user's player at one
    seat at least and batch players (no search) at the others."""
    strategies = list(strategies)
    users = user_seats(strategies)
    if len(strategies) != P or not users.any() or rules.series_length != 1 or rules.allow_skip_thien_u:
        return False
    return all(u or (getattr(s, "batch_supported", lambda: False)() and not getattr(s, "searches", False))
               for u, s in zip(users, strategies))


def deal_keys(hand: np.ndarray, noc: np.ndarray) -> np.ndarray:
    """``user_seat.deal_key`` of N dealt games: ``hand`` ``(N, P, 25)`` dealt counts, ``noc`` ``(N, 23)`` kinds."""
    values = np.concatenate([hand.reshape(hand.shape[0], -1), noc], axis=1).astype(np.uint64) + np.uint64(1)
    key = np.full(hand.shape[0], FNV_BASIS, dtype=np.uint64)
    for col in values.T:
        key = (key ^ col) * np.uint64(FNV_PRIME)
    return key


class UserState(_State):
    """The batch engine's state with a position's history, asking user seats row by row (see the module docstring)."""

    def __init__(self, rules: ChanRules, orders: np.ndarray, players: tuple):
        super().__init__(rules, orders, players)
        N = self.N
        self.user = user_seats(players)
        self.key = deal_keys(self.hand, self.noc)
        self.melds = np.zeros((N, P, MAX_LAID, 3), dtype=np.int8)  # (MELDS index, hand card, taken card)
        self.n_melds = np.zeros((N, P), dtype=np.int64)
        self.discards = np.zeros((N, P, MAX_LAID), dtype=np.int8)
        self.n_discards = np.zeros((N, P), dtype=np.int64)
        self.source = np.zeros(N, dtype=np.int8)
        self.chiu_bits = np.zeros((N, P), dtype=U32)  # the kinds each seat chíu-ed (a chíu shows two cards of four)
        self.disc_count = np.zeros((N, P, N_KINDS), dtype=np.int8)
        self.batch_form = np.array([u and has_batch(p.player) for u, p in zip(self.user, players)])

    # -- the history ---------------------------------------------------------------------------------------------------
    def lay(self, g, s, kind, hand_card, taken):
        i = self.n_melds[g, s]
        self.melds[g, s, i] = np.stack([kind, hand_card, taken], axis=-1)
        self.n_melds[g, s] += 1

    def chiu(self, g, s, c):
        super().chiu(g, s, c)
        self.chiu_bits[g, s] |= BIT[c]
        self.lay(g, s, np.full(g.size, MELDS.index(CHIU)), c, c)

    def eat(self, g, s, c, y):
        super().eat(g, s, c, y)
        self.lay(g, s, np.where(y == c, MELDS.index(CHAN), MELDS.index(CA)), y, c)

    def discard(self, g, s, x):
        super().discard(g, s, x)
        self.discards[g, s, self.n_discards[g, s]] = x
        self.n_discards[g, s] += 1
        self.disc_count[g, s, x] += 1
        self.source[g] = np.where(self.phase[g] == TRA, SRC_TRA, SRC_DISCARD)

    def put(self, g, card, slot_draw, owner, decider, from_noc, fresh):
        super().put(g, card, slot_draw, owner, decider, from_noc, fresh)
        if from_noc or not fresh:  # else a discard or trả cửa, its source set by discard
            self.source[g] = SRC_NOC if from_noc else SRC_PASSED

    # -- the questions -------------------------------------------------------------------------------------------------
    def ask(self, method: str, g, s, dtype=np.int64, **options):
        """The built-in seats' answers for their rows at once, a user seat's row by row, or in one ``decide_batch``
        call when its player has the batch form."""
        mine = self.user[s]
        if not mine.any():
            return super().ask(method, g, s, dtype, **options)
        out = np.zeros(g.size, dtype=dtype)
        sub = lambda m: {k: v[m] for k, v in options.items()}  # noqa: E731
        rest, batch = ~mine, mine & self.batch_form[s]
        if rest.any():
            out[rest] = super().ask(method, g[rest], s[rest], dtype, **sub(rest))
        if batch.any():
            out[batch] = self.ask_batch(method, g[batch], s[batch], sub(batch))
        for r in np.flatnonzero(mine & ~batch):
            out[r] = self.ask_row(method, int(g[r]), int(s[r]), {k: v[r] for k, v in options.items()})
        return out

    def ask_batch(self, method: str, g, s, options: dict) -> np.ndarray:
        """The codes of rows whose seat's player has the batch form: forced rows as they must go, the others asked
        in one ``decide_batch`` call per player (:mod:`cardodds.sim.chan.user_batch`)."""
        out = np.zeros(g.size, dtype=np.int64)
        one = user_batch.forced(method, options)
        if one.any():
            out[one] = user_batch.forced_codes(method, {k: v[one] for k, v in options.items()})
        kinds = np.full(g.size, DECISIONS.index(KIND_OF[method] or "discard"))
        kinds[self.phase[g] == TRA] = DECISIONS.index("tra_cua")
        for j in np.unique(self.sid[s[~one]]):
            m = ~one & (self.sid[s] == j)
            gm, sm, km = g[m], s[m], kinds[m]
            out[m] = user_batch.decide_rows(
                self.uniq[j].player, self, method, gm, sm, km, {k: v[m] for k, v in options.items()},
                lambda i, gm=gm, sm=sm, km=km: row_position(self, int(gm[i]), int(sm[i]), DECISIONS[km[i]]))
        return out

    def ask_row(self, method: str, g: int, s: int, options: dict):
        """One user decision: the engine's code of the move the player names (a forced move is not asked)."""
        kind = KIND_OF[method] or ("tra_cua" if self.phase[g] == TRA else "discard")
        legal, codes = row_moves(self, g, kind, options)
        if len(legal) == 1:
            return codes[0]
        view = to_json(row_position(self, g, s, kind))
        rng = decision_rng(int(self.key[g]), int(self.moves[g]), s, DECISIONS.index(kind))
        move = ask(self.players[s].player, view, legal, rng, seat=s, game="chan", decision=kind)
        return codes[legal.index(move)]


def row_moves(st: UserState, g: int, kind: str, options: dict) -> tuple[list, list]:
    """The legal moves of row ``g``'s decision as ``legal_moves`` spells them, in the reference engine's order, and
    the engine's answer code of each."""
    if kind == "chiu":
        return ["chiu", "skip"], [True, False]
    if kind != "act":
        kinds = [k for k in range(N_KINDS) if int(options["legal"]) >> k & 1]
        return [kind_code(k) for k in kinds], kinds
    legal, codes = [], []
    if options["chiu"]:
        legal.append("chiu"), codes.append(ACT_CHIU)
    if options["chan"]:
        legal.append("chan"), codes.append(ACT_CHAN)
    card = int(st.card[g])
    for j in range(2):
        if options["ca"][j]:
            legal.append(f"ca {kind_code(int(OTHER_Y[card, j]))}"), codes.append(ACT_CA + j)
    legal.append("pass" if st.slot_draw[g] else "draw" if st.pos[g] < st.noc.shape[1] else "hoa")
    codes.append(ACT_NONE)
    return legal, codes


def _kinds(bits) -> tuple:
    return tuple(k for k in range(N_KINDS) if int(bits) >> k & 1)


def row_position(st: UserState, g: int, s: int, kind: str) -> Position:
    """The :class:`Position` seat ``s`` sees at row ``g``'s decision ``kind`` (``position_state.position_of``)."""
    melds = tuple(tuple((MELDS[m[0]], int(m[1]), int(m[2])) for m in st.melds[g, q, :st.n_melds[g, q]].tolist())
                  for q in range(P))
    card = source = slot = owner = decider = None
    if kind != "discard":
        card, source = int(st.card[g]), SOURCES[st.source[g]]
        slot, owner, decider = "draw" if st.slot_draw[g] else "offer", int(st.owner[g]), int(st.decider[g])
    return Position(
        rules=st.rules, seat=s, decision=kind, hand=tuple(st.hand[g, s].tolist()), melds=melds,
        discards=tuple(tuple(st.discards[g, q, :st.n_discards[g, q]].tolist()) for q in range(P)),
        acted=tuple(st.passed[g].tolist()), table=tuple(st.table[g].tolist()), noc=int(st.noc.shape[1] - st.pos[g]),
        card=card, source=source, slot=slot, owner=owner, decider=decider,
        declined=(_kinds(st.dec_any[g, s]), _kinds(st.dec_chan[g, s]), _kinds(st.dec_ca_with[g, s])),
    )


def play_user_batch(rules: ChanRules, orders: np.ndarray, strategies) -> BatchResult:
    """Play the dealt tables ``orders`` to the end with a user's player at one seat or more (:func:`batch_seats_user`
    must hold), the outcomes of :func:`cardodds.sim.chan.batch.play_batch`."""
    strategies = tuple(strategies)
    if not batch_seats_user(strategies, rules):
        raise CardoddsError("the batch engine seats a user's player only in single games with batch players at the "
                            "other seats")
    return play_state(UserState(rules, np.asarray(orders), strategies))
