"""Named, parameterised Chắn players for the reference engine.

A strategy answers ``choose(game, decision, rng) -> Move | None`` for a :class:`cardodds.sim.chan.reference.Decision` with
more than one legal move (the engine plays forced moves itself; the simulator's players always take a win).
``decision.kind`` is ``thien_u`` (the cái may skip it only under ``allow_skip_thien_u``), ``chiu`` (a chíu chance:
the chíu move or None), ``act`` (eat / own chíu, or bốc / dưới / hòa), ``danh`` or ``tra_cua`` (which card).
Moves are already legal: no foul is ever offered.

Deterministic strategies read only what their seat can see — their hand and mat, every mat and discard, the card in
play, the nọc's size — and never the random stream.

- ``random``: uniform among the legal moves.
- ``basic``: takes every win, chíu whenever it can, eats every chắn, eats a cạ only while the hand keeps a winning
  shape (laid cạ + cạ in hand ≤ 4 after it), sheds què first (then ba đầu, cạ, chắn cards; among equals the kind
  with most copies already seen, then the lowest kind).
- ``heuristic``: basic, but when a discard can leave a waiting hand it takes the one with the most live winning
  cards (unseen copies); knobs ``wait_first``, ``w_wide``, ``max_ca``, ``eat_ca_to_wait``, ``chiu``.
- ``cuoc``: the heuristic weighing each wait by the points its win would call (:class:`CuocSeeker`).
- ``tuned``: ``cuoc`` with the knobs ``cardodds tune`` found (``src/cardodds/sim/chan/tuned.toml``, ``configs/chan_tune.toml``).

The registry that names them, and the ``expert`` built on them, is :mod:`cardodds.sim.chan.players`.

Every player but ``random`` also answers the batch engine's decision kinds for many games at once (``chiu_batch``,
``act_batch``, ``discard_batch``; :mod:`cardodds.sim.chan.batch`), making the moves its ``choose`` makes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cardodds.sim.chan.arrays import (ACT_CA, ACT_CHAN, ACT_CHIU, ACT_NONE, IS_RED_K, LEO, NUM, OTHER_Y, RANK_OF_ODD,
                                     RED, TOM, K, kind_masks, odd_numbers, wait_masks)
from cardodds.sim.chan.cards import CHI_CHI, COPIES, IS_RED, LEO_KINDS, N_KINDS, TOM_KINDS
from cardodds.sim.chan.holding import shape, wait_kinds, win_type
from cardodds.sim.chan.movelog import CA, CHAN
from cardodds.sim.chan.rules import DEFAULT_POINTS
from cardodds.sim.errors import CardoddsError
from cardodds.sim.knobs import Choice, Range
from cardodds.sim.players import Player, tuned_class


def seen_counts(game, seat: int) -> list[int]:
    """Copies of each kind the seat can see: its hand, every mat and the face-up cards on the table."""
    seen = [h + t for h, t in zip(game.seats[seat].hand, game.table)]
    for p in game.seats:
        for k in range(N_KINDS):
            seen[k] += p.mat[k]
    return seen


def _ca_after_eat(p, move) -> int:
    hand = list(p.hand)
    hand[move.with_] -= 1
    return p.mat_ca + 1 + shape(hand)[1]


def _discard_rank(hand, kind: int) -> int:
    """0 què, 1 ba đầu, 2 cạ, 3 chắn: the order the basic player sheds cards in."""
    if hand[kind] % 2 == 0:
        return 3
    if kind == CHI_CHI:
        return 0
    base = 3 * (kind // 3)
    odd = sum(hand[k] & 1 for k in (base, base + 1, base + 2))
    return {1: 0, 3: 1, 2: 2}[odd]


def _shed_keys_batch(rows):
    """Basic's shedding order as one sortable key per kind ``(M, 25)`` (rank, most seen, lowest kind)."""
    hand = rows.hand
    odd_ext = np.ones((rows.g.size, 9), dtype=np.int64)  # Chi Chi, alone in its "number": a lone one is què
    odd_ext[:, :8] = odd_numbers(hand)
    rank = np.where(hand % 2 == 0, 3, RANK_OF_ODD[odd_ext[:, NUM]])
    return rank * 1000 + (10 - rows.seen) * 30 + np.arange(K)[None, :]


def _act_batch(rows, max_ca: int, chiu: bool):
    """Basic's ăn / chíu on the batch engine: chíu (if ``chiu``), else chắn, else the first cạ keeping laid + held
    cạ within ``max_ca``, else let the card go (``ACT_*`` codes)."""
    M = rows.g.size
    r = np.arange(M)
    c = rows.card
    pick_ca = np.full(M, -1)
    if rows.ca.any():
        hand = rows.hand
        odd_n = odd_numbers(hand)
        ca_now = (odd_n == 2).sum(axis=1)
        for j in (1, 0):
            y = OTHER_Y[c, j]
            n = np.minimum(NUM[y], 7)
            old = odd_n[r, n]
            new = old + np.where(hand[r, y] % 2 == 1, -1, 1)
            ca_after = ca_now - (old == 2) + (new == 2)
            ok = rows.ca[:, j] & (rows.mat_ca + 1 + ca_after <= max_ca)
            pick_ca = np.where(ok, j, pick_ca)
    out = np.where(pick_ca >= 0, ACT_CA + pick_ca, ACT_NONE)
    out = np.where(rows.chan, ACT_CHAN, out)
    return np.where(rows.chiu, ACT_CHIU, out) if chiu else out


@dataclass(frozen=True)
class RandomLegal(Player):
    """Chooses uniformly among the legal moves (letting a chíu go counts as one move)."""

    name = "random"
    deterministic = False

    def choose(self, game, dec, rng):
        return dec.moves[int(rng.integers(len(dec.moves)))]


@dataclass(frozen=True)
class Basic(Player):
    """Eats every chắn, eats cạ while the shape can still win, sheds què first, chíu whenever it can."""

    name = "basic"
    compiled_form = True  # the compiled engine plays it (kernel/decide.py)
    deterministic = True

    def choose(self, game, dec, rng=None):
        moves = dec.moves
        if dec.kind in ("thien_u", "chiu"):
            return moves[0]
        if dec.kind == "act":
            return self.act(game, dec)
        return self.discard(game, dec)

    def act(self, game, dec):
        p = game.seats[dec.seat]
        for m in dec.moves:
            if m.action == "chiu":
                return m
        for m in dec.moves:
            if m.action == "an" and m.as_ == CHAN:
                return m
        for m in dec.moves:
            if m.action == "an" and m.as_ == CA and _ca_after_eat(p, m) <= 4:
                return m
        return dec.moves[-1]

    def discard(self, game, dec):
        hand = game.seats[dec.seat].hand
        seen = seen_counts(game, dec.seat)
        return min(dec.moves, key=lambda m: (_discard_rank(hand, m.card), -seen[m.card], m.card))

    # -- batch forms (cardodds.sim.chan.batch) ------------------------------------------------------------------------
    def batch_supported(self) -> bool:
        return True

    def chiu_batch(self, rows):
        return np.ones(rows.g.size, dtype=bool)

    def act_batch(self, rows):
        return _act_batch(rows, 4, True)

    def discard_batch(self, rows):
        return np.where(kind_masks(rows.legal), _shed_keys_batch(rows), 1 << 30).argmin(axis=1)


@dataclass(frozen=True)
class Heuristic(Player):
    """Basic's play, plus: discard so as to wait on the most live winning cards, and a cạ cap ``max_ca``.

    Knobs: ``wait_first`` (when some legal discard leaves a waiting hand, take the one whose winning kinds have the
    most unseen copies, ``w_wide`` extra per winning kind — ù rộng over bạch thủ), ``max_ca`` (eat a cạ only while
    laid + held cạ stay within it), ``eat_ca_to_wait`` (eat a cạ beyond the cap when the hand then waits), ``chiu``.
    Otherwise it sheds as ``basic`` does.
    """

    name = "heuristic"
    compiled_form = True  # the compiled engine plays it (kernel/decide.py)
    deterministic = True
    wait_first: bool = True
    w_wide: float = 0.5
    max_ca: int = 4
    eat_ca_to_wait: bool = False
    chiu: bool = True

    def __post_init__(self):
        super().__post_init__()
        if not 0 <= self.max_ca <= 4:
            raise CardoddsError(f"max_ca must be 0..4, not {self.max_ca}")
        if self.w_wide < 0:
            raise CardoddsError(f"w_wide must be >= 0, not {self.w_wide}")

    def choose(self, game, dec, rng=None):
        if dec.kind == "thien_u":
            return dec.moves[0]
        if dec.kind == "chiu":
            return dec.moves[0] if self.chiu else None
        if dec.kind == "act":
            return self.act(game, dec)
        return self.discard(game, dec)

    def _outs(self, p, hand, seen) -> float:
        kinds = wait_kinds(hand, p.mat_chan, p.mat)
        live = sum(COPIES - seen[k] for k in kinds)
        return live + self.w_wide * len(kinds) if live else 0.0

    def act(self, game, dec):
        p = game.seats[dec.seat]
        for m in dec.moves:
            if m.action == "chiu" and self.chiu:
                return m
        for m in dec.moves:
            if m.action == "an" and m.as_ == CHAN:
                return m
        for m in dec.moves:
            if m.action == "an" and m.as_ == CA:
                if _ca_after_eat(p, m) <= self.max_ca:
                    return m
                if self.eat_ca_to_wait and self._waits_after_eat(game, p, m):
                    return m
        return dec.moves[-1]

    def _waits_after_eat(self, game, p, m) -> bool:
        hand = list(p.hand)
        hand[m.with_] -= 1
        mat = list(p.mat)
        mat[m.card] += 1
        mat[m.with_] += 1
        for x in range(N_KINDS):
            if hand[x]:
                hand[x] -= 1
                ok = bool(wait_kinds(hand, p.mat_chan, mat))
                hand[x] += 1
                if ok:
                    return True
        return False

    def _shed_key(self, game, dec, seen):
        """Basic's shedding order: què, ba đầu, cạ, chắn cards; the most seen kind; the lowest kind."""
        hand = game.seats[dec.seat].hand
        return lambda m: (_discard_rank(hand, m.card), -seen[m.card], m.card)

    def discard(self, game, dec):
        p = game.seats[dec.seat]
        seen = seen_counts(game, dec.seat)
        hand = p.hand
        basic_key = self._shed_key(game, dec, seen)
        if self.wait_first:
            best, best_outs = None, 0.0
            for m in sorted(dec.moves, key=basic_key):
                after = list(hand)
                after[m.card] -= 1
                outs = self._outs(p, after, seen)
                if outs > best_outs:
                    best, best_outs = m, outs
            if best is not None:
                return best
        return min(dec.moves, key=basic_key)

    # -- batch forms (cardodds.sim.chan.batch) ------------------------------------------------------------------------
    def batch_supported(self) -> bool:
        return not self.eat_ca_to_wait

    def uncompiled_knobs(self) -> tuple[str, ...]:
        return ("eat_ca_to_wait",) if self.eat_ca_to_wait else ()  # the kernel has no eat-a-cạ-to-wait

    def chiu_batch(self, rows):
        return np.full(rows.g.size, self.chiu)

    def act_batch(self, rows):
        return _act_batch(rows, self.max_ca, self.chiu)

    def _shed_keys_batch(self, rows):
        return _shed_keys_batch(rows)

    def _win_values_batch(self, rows, after, red):
        """The weight of winning on each kind, ``(M, 25)``, for waiting holdings ``after``; None: 1 each."""
        return None

    def discard_batch(self, rows):
        legal = kind_masks(rows.legal)
        key = np.where(legal, self._shed_keys_batch(rows), 1 << 30)
        choice = key.argmin(axis=1)
        return self._wait_first_batch(rows, key, legal, choice) if self.wait_first else choice

    def _wait_first_batch(self, rows, key, legal, choice):
        """The legal discard leaving the most live winning cards, as :meth:`discard` (ties: the shedding order)."""
        M = rows.g.size
        hand, mat, mat_chan = rows.hand, rows.mat, rows.mat_chan
        live_per_kind = (4 - rows.seen).astype(np.float64)
        red0 = (hand + mat)[:, RED].sum(axis=1, dtype=np.int64)
        best_outs = np.zeros(M)
        best_key = np.full(M, 1 << 30)
        choice = choice.copy()
        for x in range(K):
            r = np.flatnonzero(legal[:, x])
            if not r.size:
                continue
            after = hand[r].copy()
            after[:, x] -= 1
            wm = wait_masks(after, mat[r], mat_chan[r])
            kinds = kind_masks(wm)
            live = (kinds * live_per_kind[r]).sum(axis=1)
            weighted = live
            waiting = wm != 0
            if waiting.any():
                value = self._win_values_batch(rows.subset(r[waiting]), after[waiting], red0[r[waiting]] - IS_RED_K[x])
                if value is not None:
                    weighted = live.copy()
                    weighted[waiting] = (kinds[waiting] * live_per_kind[r[waiting]] * value).sum(axis=1)
            outs = np.where(live > 0, weighted + self.w_wide * kinds.sum(axis=1), 0.0)
            kx = key[r, x]
            better = (outs > best_outs[r]) | ((outs == best_outs[r]) & (outs > 0) & (kx < best_key[r]))
            b = r[better]
            best_outs[b], best_key[b], choice[b] = outs[better], kx[better], x
        return choice


def _red_order(cards, kind: int) -> int:
    """The cước-seeker's tie-break among cards of one shedding rank: 0 for the colour it sheds first.

    Black first while the seat holds (hand and mat) at most 8 red cards — keeping red towards Tám đỏ — red first
    above 8.
    """
    red = sum(cards[k] for k in range(N_KINDS) if IS_RED[k])
    return int(bool(IS_RED[kind]) != (red > 8))


@dataclass(frozen=True)
class CuocSeeker(Heuristic):
    """The heuristic playing for points (cước), not only for wins.

    Where the heuristic values a waiting discard by its live winning cards, this player weighs each winning kind's
    live copies by the points that win would call::

        value(k) = 1 + bach_thu·[bạch thủ on k] + bach_thu_chi·[bạch thủ chi on k] + tam_do·[8 red after k]
                   + bach_dinh·[no red after k] + leo·(lèo after k) + tom·(tôm after k)
                   + thien_khai·(kinds held four times)

    and takes the discard with the largest Σ live(k)·value(k) + ``w_wide``·(winning kinds) — so a Bạch thủ wait on
    few cards can beat a wider ù rộng wait, and a wait that completes Tám đỏ or a lèo counts more.  The ``1`` stands
    for the win itself (Xuông, or the Chì most wins on one's own draw call).  The cards after ``k`` are the seat's hand
    and mat with ``k``; red, lèo and tôm count both.  The weights are in points, their defaults the rules' default
    points table (:data:`cardodds.sim.chan.rules.DEFAULT_POINTS`; a config's ``[rules.points]`` does not change them).
    ``keep_red``: when no discard leaves a waiting hand, among the cards basic would shed alike (same rank: què, ba
    đầu, cạ, chắn), shed black before red while the seat holds at most 8 red cards (hand and mat), red first above 8.
    Ăn, chíu and the other knobs are the heuristic's.  Weights are whole numbers, so both engines add them exactly.
    """

    name = "cuoc"
    compiled_form = True  # the compiled engine plays it (kernel/decide.py)
    bach_thu: int = DEFAULT_POINTS["bach_thu"]
    bach_thu_chi: int = DEFAULT_POINTS["bach_thu_chi"]
    tam_do: int = DEFAULT_POINTS["tam_do"]
    bach_dinh: int = DEFAULT_POINTS["bach_dinh"]
    leo: int = DEFAULT_POINTS["leo"]
    tom: int = DEFAULT_POINTS["tom"]
    thien_khai: int = DEFAULT_POINTS["thien_khai"]
    keep_red: bool = True

    knobs = {
        "bach_thu": Range(0, 8), "bach_thu_chi": Range(0, 8), "tam_do": Range(0, 8), "bach_dinh": Range(0, 8),
        "leo": Range(0, 4), "tom": Range(0, 4), "thien_khai": Range(0, 4), "keep_red": Choice((False, True)),
        "w_wide": Range(0.0, 2.0, integer=False), "max_ca": Range(0, 4),
    }
    """Tunable knobs (:mod:`cardodds.sim.knobs`): the weights and ``max_ca`` whole numbers, ``w_wide`` real, a flag."""

    WEIGHTS = ("bach_thu", "bach_thu_chi", "tam_do", "bach_dinh", "leo", "tom", "thien_khai")

    def win_value(self, p, after, kind: int) -> int:
        """The points weight of winning on ``kind`` with the 19 cards ``after`` in hand (see the class docstring)."""
        cards = [h + m for h, m in zip(after, p.mat)]
        cards[kind] += 1
        red = sum(cards[k] for k in range(N_KINDS) if IS_RED[k])
        wtype = win_type(after, p.mat_chan, p.mat_ca, after[kind] + p.mat[kind], kind)
        return (1 + self.bach_thu * (wtype == "bach_thu") + self.bach_thu_chi * (wtype == "bach_thu_chi")
                + self.tam_do * (red == 8) + self.bach_dinh * (red == 0)
                + self.leo * min(cards[k] for k in LEO_KINDS) + self.tom * min(cards[k] for k in TOM_KINDS)
                + self.thien_khai * sum(1 for c in after if c == COPIES))

    def _outs(self, p, hand, seen) -> float:
        kinds = wait_kinds(hand, p.mat_chan, p.mat)
        live = sum(COPIES - seen[k] for k in kinds)
        if not live:
            return 0.0
        return sum((COPIES - seen[k]) * self.win_value(p, hand, k) for k in kinds) + self.w_wide * len(kinds)

    def _shed_key(self, game, dec, seen):
        p = game.seats[dec.seat]
        if not self.keep_red:
            return super()._shed_key(game, dec, seen)
        cards = [h + m for h, m in zip(p.hand, p.mat)]
        return lambda m: (_discard_rank(p.hand, m.card), _red_order(cards, m.card), -seen[m.card], m.card)

    def _shed_keys_batch(self, rows):
        key = _shed_keys_batch(rows)
        if not self.keep_red:
            return key
        red = (rows.hand + rows.mat)[:, RED].sum(axis=1)
        return key + np.where(IS_RED_K[None, :] != (red > 8)[:, None], 500, 0)

    def _win_values_batch(self, rows, after, red):
        """:meth:`win_value` for every kind, ``(M, 25)``, of waiting holdings ``after`` with ``red`` red cards in
        hand and mat."""
        mat = rows.mat
        chan = (after >> 1).sum(axis=1, dtype=np.int16) + rows.mat_chan
        cards = (after + mat).astype(np.int64)
        # a waiting holding with 5 chắn and no ba đầu has one què and waits on it alone: bạch thủ (chi on Chi Chi)
        bach = (chan == 5) & ~(odd_numbers(after) == 3).any(axis=1)
        bt = np.where(bach[:, None], np.where(np.arange(K) == CHI_CHI, self.bach_thu_chi, self.bach_thu), 0)
        red = red[:, None] + IS_RED_K[None, :]
        value = 1 + bt + self.tam_do * (red == 8) + self.bach_dinh * (red == 0)
        for sets, w in ((LEO, self.leo), (TOM, self.tom)):
            base = cards[:, sets]
            count = np.repeat(base.min(axis=1)[:, None], K, axis=1)
            for j, k in enumerate(sets):
                others = np.minimum(base[:, (j + 1) % 3], base[:, (j + 2) % 3])
                count[:, k] = np.minimum(base[:, j] + 1, others)
            value = value + w * count
        return value + (self.thien_khai * (after == 4).sum(axis=1))[:, None]


TUNED_FILE = Path(__file__).with_name("tuned.toml")
"""The knobs ``cardodds tune`` found for the cước-seeker (``configs/chan_tune.toml``); the ``tuned`` rung's defaults."""


Tuned = tuned_class(CuocSeeker, TUNED_FILE, module=__name__, doc=(
    "The cước-seeker (``cuoc``) with the knobs ``cardodds tune`` found (``src/cardodds/sim/chan/tuned.toml``, "
    "``configs/chan_tune.toml``: seat 0, the cái, against three basic players, on mean points a game).\n\n"
    + CuocSeeker.__doc__))
"""``cuoc`` with the defaults of ``TUNED_FILE`` (:func:`cardodds.sim.players.tuned_class`)."""
