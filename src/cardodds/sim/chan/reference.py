"""One whole game of Chắn in plain Python: the executable statement of docs/rules.md §1.3–1.6.

A :class:`ChanGame` holds the table (hands as count vectors, the mats, the nọc, the card in play) and moves from one
decision to the next.  :meth:`ChanGame.decision` names who decides what and lists the legal moves (with
no move that is a foul of docs/rules.md §1.8 is ever listed); :meth:`ChanGame.apply` plays one move (checking
that the game allows it, fouls or not) and appends it to the move log; :func:`play_game` lets strategies play a deal.

The turn (seats in turn order, the cái first):

1. The cái may win at once (Thiên ù), else discards (đánh); the discard is offered to the next seat.
2. Whenever a card appears — a discard, a card drawn from the nọc, a trả cửa card — the seat holding its three other
   copies may chíu it (before the player to act; ù beats chíu beats ăn).  A chíu that completes the hand is a chíu ù.
   A chíu out of turn is followed by trả cửa: the chíu-er puts a card in the taken card's place and that card is
   decided on as if it had been there all along.
3. The player offered a card may ăn it (chắn or cạ with a hand card, or chíu it when holding three) and then đánh;
   or bốc the top nọc card into their cửa chì.  Every seat whose hand wins with that card may ù, nearest the drawer
   first (ù đè); then chíu; then the drawer eats it (and đánh) or passes it (dưới) to the next seat.
4. A player who must bốc from an empty nọc ends the game in a draw (hòa).

Choices where the texts are silent (each stated in docs/rules.md §1.11, readings C3–C9):

- The win test respects the mat: laid chắn / cạ / chíu stay as laid; the hand cards plus the winning card must split
  into chắn and cạ with no què or ba đầu, and mat + hand must hold at least 6 chắn.
- A winner holding three copies of the winning card wins by chíu ù (the four go down as a chíu), wherever the card
  came from; such a win is not also thiên khai.  Chíu ù is the only ù on a discarded or trả cửa card.  A chíu ù is a
  chíu for the fouls: after eating a cạ of the card's number it is foul 16, so it is not offered (nor a bỏ ù).  Only
  a log with an earlier foul gets there: holding three of a kind, eating a cạ of its number with another suit is
  foul 4 or 6, and with the kind itself leaves two — so the batch engine, whose players never foul, needs no check.
- Chíu-ing the card one is deciding on (the card offered to one, or one's own draw) is one's ăn: it is followed by
  đánh, not trả cửa.  Nobody may chíu a card they put down themselves; a passed (dưới) card opens no chíu window.
- Hòa happens when the player to draw finds the nọc empty (they may still eat the offered card first).
- Địa ù: a non-cái winner who has not yet eaten, discarded or passed a drawn card (a chíu with trả cửa is allowed);
  with ``dia_u_first_noc_card``, on the first card drawn from the nọc only (a dưới passes that card on unchanged).
- Trả cửa counts as a discard for the discard fouls (10, 14, 15, 17, 18, 11, 12, 13).
- An ăn, and a chíu, is legal only if a legal discard remains after it, so a player is never forced
  into a foul; drawing or passing is always possible.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from cardodds.sim.chan import fouls
from cardodds.sim.chan.cards import CHI_CHI, COPIES, N_KINDS, kind_code
from cardodds.sim.chan.deal import NOC_SLICE, seat_slices
from cardodds.sim.chan.hand import is_winning
from cardodds.sim.chan.holding import number, wait_kinds, win_type
from cardodds.sim.chan.movelog import ACTION_NAMES, CA, CHAN, CHIU, Move
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.errors import CardoddsError

PLAYERS = 4


class SeatState:
    """One player: hand counts, laid melds, and the history the fouls look at."""

    def __init__(self, hand):
        self.hand = list(hand)
        self.melds: list[tuple[str, int, int]] = []  # (chan|ca|chiu, hand kind, taken kind)
        self.mat = [0] * N_KINDS
        self.mat_chan = 0
        self.mat_ca = 0
        self.discarded: list[int] = []
        self.discard_set: set[int] = set()
        self.discard_numbers: set[int] = set()
        self.taken: set[int] = set()
        self.ca_numbers: set[int] = set()
        self.declined_any: set[int] = set()
        self.declined_chan: set[int] = set()
        self.declined_ca_with: set[int] = set()
        self.chiu_count = 0
        self.bon_open: set[int] = set()
        self.bon_count = 0
        self.passed_first = False
        self.left_at: dict[int, int] = {}

    def copy(self) -> "SeatState":
        other = SeatState.__new__(SeatState)
        for name, value in self.__dict__.items():
            setattr(other, name, value.copy() if isinstance(value, (list, set, dict)) else value)
        return other

    @property
    def ate_ca(self) -> bool:
        return bool(self.ca_numbers)

    def discarded_ca(self) -> bool:
        """Whether the discards hold two cards of one number in different suits (đánh cạ)."""
        seen: dict[int, int] = {}
        for k in self.discard_set:
            n = number(k)
            if n >= 0:
                seen[n] = seen.get(n, 0) + 1
        return any(v >= 2 for v in seen.values())

    def win_type(self, card: int) -> str | None:
        return win_type(self.hand, self.mat_chan, self.mat_ca, self.hand[card] + self.mat[card], card)

    def waiting(self) -> bool:
        """Whether some card would complete the hand (chờ ù)."""
        return bool(wait_kinds(self.hand, self.mat_chan, self.mat))

    def size(self) -> int:
        return sum(self.hand) + 2 * len(self.melds) + 2 * sum(1 for m in self.melds if m[0] == CHIU)

    # -- changes ---------------------------------------------------------------------------------------------------
    def eat(self, card: int, with_: int) -> None:
        before = self.hand[card]
        self.hand[with_] -= 1
        self.mat[card] += 1
        self.mat[with_] += 1
        self.taken.add(card)
        if with_ == card:
            self.melds.append((CHAN, with_, card))
            self.mat_chan += 1
            if card in self.bon_open and before == 1:
                self.bon_count += 1
                self.bon_open.discard(card)
            elif before == 2:
                self.bon_open.add(card)
        else:
            self.melds.append((CA, with_, card))
            self.mat_ca += 1
            self.ca_numbers.add(number(card))

    def chiu(self, card: int) -> None:
        self.hand[card] -= 3
        self.mat[card] += 4
        self.melds.append((CHIU, card, card))
        self.mat_chan += 2
        self.chiu_count += 1

    def discard(self, card: int) -> None:
        self.hand[card] -= 1
        self.discarded.append(card)
        self.discard_set.add(card)
        if card != CHI_CHI:
            self.discard_numbers.add(number(card))


@dataclass(frozen=True)
class Decision:
    """Who decides what: ``kind`` is ``thien_u``, ``u``, ``chiu`` (``None`` in ``moves`` = let it go), ``act``,
    ``danh`` or ``tra_cua``."""

    kind: str
    seat: int
    moves: tuple


class ChanGame:
    """One game of Chắn (see the module docstring for the turn and the choices made).

    Parameters
    ----------
    rules : ChanRules
    hands : list of 4 count vectors (the cái's has 20 cards)
    noc : list of kinds, top first

    :meth:`decision` lists only moves that are no foul (the simulator's players never commit one);
    :meth:`apply` plays any move the game allows, fouls included (to replay recorded games).
    """

    def __init__(self, rules: ChanRules, hands, noc):
        self.rules = rules
        self.cai = rules.cai_seat
        self.dealt = [[k for k in range(N_KINDS) for _ in range(int(h[k]))] for h in hands]
        self.seats = [SeatState(h) for h in hands]
        self.noc = list(noc)
        self.noc_pos = 0
        self.table = [0] * N_KINDS  # face-up cards not on a mat: discards, drawn and trả cửa cards
        self.moves: list[Move] = []
        self.phase = "start"
        self.turn = self.cai
        self.card: int | None = None
        self.slot = None  # "draw": in the decider's cửa chì; "offer": offered to the decider
        self.owner: int | None = None  # who put the card there (cannot chíu it)
        self.decider: int | None = None
        self.source: str | None = None  # how the card in play came: discard, noc, passed, tra_cua (a chíu keeps it)
        self.from_noc = False
        self.drawn = False  # the card in play was drawn from the nọc (a dưới passes it on as it is)
        self.u_open = False
        self.chiu_open = False
        self.tra_seat: int | None = None
        self.winner: int | None = None
        self.win = None  # scorer.WinRecord
        self.thong_seat: int | None = None  # series play: the seat that may call Thông (won the previous game)
        self.cuoc: dict[str, int] = {}
        self.points = 0
        self.draw = False
        self.u_lao: tuple[int, int] | None = None
        self.missed_wins: list[tuple[int, int]] = []  # (move index, seat): bỏ ù
        self.fouls_avoided: Counter = Counter()
        self._cache: tuple | None = None  # (state key, its decision, its possible winners or None)
        self._winners: list | None = None

    # -- construction ----------------------------------------------------------------------------------------------
    @classmethod
    def from_hands(cls, rules, hands, noc) -> "ChanGame":
        """From hands as lists of kinds."""
        counts = []
        for h in hands:
            c = [0] * N_KINDS
            for k in h:
                c[k] += 1
            counts.append(c)
        return cls(rules, counts, noc)

    @classmethod
    def from_order(cls, rules, order) -> "ChanGame":
        """From a deal order of 100 card ids (see :func:`cardodds.sim.chan.deal.deal_orders`)."""
        kinds = [int(c) // COPIES for c in order]
        hands = [kinds[sl] for sl in seat_slices(rules.cai_seat)]
        return cls.from_hands(rules, hands, kinds[NOC_SLICE])

    def rules_table(self) -> dict:
        return {k: v for k, v in self.rules.__dict__.items() if v != getattr(ChanRules(), k)}

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def noc_left(self) -> int:
        return len(self.noc) - self.noc_pos

    # -- win tests -------------------------------------------------------------------------------------------------
    def _win_record(self, seat: int, card: int | None):
        from cardodds.sim.chan.scorer import WinRecord, thien_u_record

        p = self.seats[seat]
        if card is None:
            return thien_u_record(seat, p.hand, thong=seat == self.thong_seat)
        return WinRecord(
            seat=seat, hand=tuple(p.hand), melds=tuple(p.melds), card=card,
            how="chiu_u" if p.hand[card] == 3 else "u",
            chi=self.slot == "draw" and self.decider == seat,
            dia_u=self._dia_u(seat),
            chiu_count=p.chiu_count, bon_count=p.bon_count,
            u_bon=card in p.bon_open and p.hand[card] == 1,
            win_type=p.win_type(card),
            thong=seat == self.thong_seat,
        )

    def _dia_u(self, seat: int) -> bool:
        """Địa ù (reading C7): not the cái, before their first turn has passed; with ``dia_u_first_noc_card`` also on
        the first card drawn from the nọc (seed 000: "ù lá bốc nọc đầu tiên")."""
        early = seat != self.cai and not self.seats[seat].passed_first
        if self.rules.dia_u_first_noc_card:
            early = early and self.drawn and self.noc_pos == 1
        return early

    def _points_ok(self, record) -> bool:
        if self.rules.min_points_to_win == 0:
            return True
        from cardodds.sim.chan.scorer import cuoc_of, min_points_ok

        return min_points_ok(cuoc_of(record, self.rules), self.rules)

    def can_win(self, seat: int, card: int | None, allowed: bool = True) -> bool:
        """Whether ``seat`` may ù now on ``card`` (None: Thiên ù).

        ``allowed``: also no foul (a chíu ù is a chíu, so foul 16 applies) and the minimum points; without it, whether
        the ù is a real win at all (a replayed log's ù, fouls or not).
        """
        p = self.seats[seat]
        if card is None:
            ok = self.phase == "start" and seat == self.cai and is_winning(p.hand)
        elif self.phase != "card" or card != self.card:
            return False
        elif p.hand[card] == 3:
            ok = self.u_open or self.chiu_open or seat == self.decider
            ok = ok and not (seat == self.owner and not (self.slot == "draw" and seat == self.decider))
            ok = ok and p.win_type(card) is not None
            ok = ok and not (allowed and self._fouls(seat, Move("chiu", seat, card)))
        else:
            ok = self.u_open and p.win_type(card) is not None
        return ok and (not allowed or self._points_ok(self._win_record(seat, card)))

    def possible_winners(self) -> list[int]:
        """Seats that may ù now, in ù đè order (the drawer, or the player to act, first)."""
        if self.phase == "start":
            return [self.cai] if self.can_win(self.cai, None) else []
        if self.phase != "card":
            return []
        order = [(self.decider + i) % PLAYERS for i in range(PLAYERS)]
        if not self.u_open:
            c = self.card
            order = [s for s in order if self.seats[s].hand[c] == 3 and (self.chiu_open or s == self.decider)]
        return [s for s in order if self.can_win(s, self.card)]

    # -- legality --------------------------------------------------------------------------------------------------
    def _fouls(self, seat: int, move: Move) -> list:
        return fouls.fouls_of(self.seats[seat], move)

    def _after(self, seat: int, move: Move) -> SeatState:
        p = self.seats[seat].copy()
        if move.action == "an":
            p.eat(move.card, move.with_)
        else:
            p.chiu(move.card)
        return p

    def _discard_options(self, p: SeatState, action: str, seat: int, count: bool) -> list[Move]:
        out = []
        for k in range(N_KINDS):
            if p.hand[k]:
                mv = Move(action, seat, k)
                bad = fouls.fouls_of(p, mv)
                if bad:
                    if count:
                        self.fouls_avoided.update(f.code for f in bad)
                    continue
                out.append(mv)
        return out

    def _legal_take(self, seat: int, move: Move, count: bool) -> bool:
        """An ăn or chíu: no foul, and a legal discard left after it."""
        bad = fouls.fouls_of(self.seats[seat], move)
        if bad:
            if count:
                self.fouls_avoided.update(f.code for f in bad)
            return False
        after = self._after(seat, move)
        return any(after.hand[k] and not fouls.fouls_of(after, Move("danh", seat, k)) for k in range(N_KINDS))

    def eat_moves(self, count: bool = False) -> list[Move]:
        """The decider's legal ăn (and own chíu) moves on the card in play: no foul, and a legal discard after.

        The decline fouls (7–10) ask what one *could* have eaten: exactly these moves.
        """
        P, c = self.decider, self.card
        p = self.seats[P]
        cand = []
        if p.hand[c] == 3 and not (self.owner == P and self.slot != "draw"):
            cand.append(Move("chiu", P, c))
        if p.hand[c] >= 1:
            cand.append(Move("an", P, c, c, CHAN))
        if c != CHI_CHI:
            base = 3 * number(c)
            for y in (base, base + 1, base + 2):
                if y != c and p.hand[y]:
                    cand.append(Move("an", P, c, y, CA))
        return [m for m in cand if self._legal_take(P, m, count)]

    def _chiu_candidate(self) -> int | None:
        c = self.card
        for s in range(PLAYERS):
            if s != self.decider and s != self.owner and self.seats[s].hand[c] == 3:
                return s
        return None

    def decision(self) -> Decision | None:
        """The next decision (None when the game is over)."""
        key = self._key()
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        self._winners = None
        dec = self._decision()
        self._cache = (key, dec, self._winners)  # the move applied next closes the windows on these winners
        return dec

    def _key(self) -> tuple:
        return len(self.moves), self.phase, self.u_open, self.chiu_open

    def _decision(self) -> Decision | None:
        if self.phase == "over":
            return None
        if self.phase == "start":
            c = self.cai
            moves = self._discard_options(self.seats[c], "danh", c, count=True)
            if self.can_win(c, None):
                skip = moves if self.rules.allow_skip_thien_u else []
                return Decision("thien_u", c, tuple([Move("u", c)] + skip))
            return Decision("danh", c, tuple(moves))
        if self.phase == "danh":
            moves = self._discard_options(self.seats[self.turn], "danh", self.turn, True)
            return Decision("danh", self.turn, tuple(moves))
        if self.phase == "tra_cua":
            q = self.tra_seat
            return Decision("tra_cua", q, tuple(self._discard_options(self.seats[q], "tra_cua", q, True)))
        winners = self._winners = self.possible_winners()
        if winners:
            return Decision("u", winners[0], (Move("u", winners[0], self.card),))
        if self.chiu_open:
            q = self._chiu_candidate()
            if q is not None:
                mv = Move("chiu", q, self.card)
                if self._legal_take(q, mv, count=True):
                    return Decision("chiu", q, (mv, None))
        P = self.decider
        moves = self.eat_moves(count=True)
        if self.slot == "draw":
            moves.append(Move("duoi", P, self.card))
        elif self.noc_left:
            moves.append(Move("boc", P))
        else:
            moves.append(Move("hoa", P))
        return Decision("act", P, tuple(moves))

    # -- applying moves --------------------------------------------------------------------------------------------
    def _err(self, index, move: Move, why: str) -> CardoddsError:
        return CardoddsError(f"move {index} ({move.describe()}): {why}")

    def _need_card(self, index, move, seat) -> None:
        p = self.seats[seat]
        k = move.card if move.action != "an" else move.with_
        if p.hand[k] <= 0:
            left = p.left_at.get(k)
            more = f" (its last {kind_code(k)} left the hand at move {left})" if left is not None else ""
            raise self._err(index, move, f"seat {seat} holds no {kind_code(k)} in hand{more}")

    def _who(self) -> str:
        if self.phase == "start":
            return f"the cái (seat {self.cai}) must ù or đánh"
        if self.phase == "danh":
            return f"seat {self.turn} must đánh"
        if self.phase == "tra_cua":
            return f"seat {self.tra_seat} must trả cửa"
        what = "its drawn card" if self.slot == "draw" else "the offered card"
        return f"seat {self.decider} decides on {what} {kind_code(self.card)}"

    def _close_windows(self, index, move: Move | None) -> None:
        """The chances to ù and chíu on the card close: record every win let go (bỏ ù)."""
        cached = self._cache
        known = cached is not None and cached[2] is not None and cached[0] == self._key()
        winners = cached[2] if known else self.possible_winners()
        if self.phase == "start" and self.rules.allow_skip_thien_u:
            winners = []  # local custom lets the cái skip Thiên ù: not a bỏ ù
        for s in winners:
            if move is not None and move.action == "u" and s == move.seat:
                break
            self.missed_wins.append((index, s))
        self.u_open = self.chiu_open = False

    def apply(self, move: Move | None, index: int | None = None) -> None:
        """Play one move (``None`` lets a chíu chance go).  Raises CardoddsError if the game does not allow it."""
        index = len(self.moves) if index is None else index
        if self.phase == "over":
            raise CardoddsError(f"move {index}: the game is already over")
        if move is None:
            self._close_windows(index, None)
            self._cache = None
            return
        handler = getattr(self, "_do_" + move.action, None)
        if handler is None:
            raise CardoddsError(f"move {index}: unknown action {move.action!r}")
        handler(index, move)
        self._cache = None

    def _log(self, move: Move) -> None:
        self.moves.append(move)

    def _do_u(self, index, move: Move) -> None:
        s = move.seat
        if self.phase == "start":
            if move.card is not None:
                raise self._err(index, move, "Thiên ù takes no card")
            card, valid = None, s == self.cai and self.can_win(s, None, allowed=False)
        elif self.phase == "card":
            card = self.card if move.card is None else move.card
            valid = card == self.card and self.can_win(s, card, allowed=False)
            if not valid and card == self.card:
                self._refuse_late_u(index, move)
        else:
            card, valid = move.card, False
        self._close_windows(index, move)
        self._log(Move("u", s, card, cuoc=move.cuoc))
        self.phase = "over"
        if not valid:
            self.u_lao = (index, s)
            return
        from cardodds.sim.chan.scorer import cuoc_of, points

        self.winner = s
        self.win = self._win_record(s, card)
        self.cuoc = cuoc_of(self.win, self.rules)
        self.points = points(self.cuoc, self.rules)

    def _refuse_late_u(self, index, move: Move) -> None:
        """An ù on a passed (dưới) card that would win: no ù láo, since the hand does win on that card, but a claim
        out of time — the chance to ù on a drawn card is at the draw, before its drawer passes it on (reading C5)."""
        if self.slot == "offer" and self.drawn and self.seats[move.seat].win_type(self.card) is not None:
            raise self._err(index, move, f"seat {move.seat} cannot ù on {kind_code(self.card)} now: seat {self.owner} "
                            "passed it on (dưới), and a drawn card is won on only when it is drawn (docs/rules.md "
                            "§1.5, reading C5)")

    def _do_danh(self, index, move: Move) -> None:
        s = move.seat
        if not ((self.phase == "start" and s == self.cai) or (self.phase == "danh" and s == self.turn)):
            raise self._err(index, move, f"not this seat's đánh: {self._who()}")
        self._need_card(index, move, s)
        self._close_windows(index, move)  # a Thiên ù let go
        p = self.seats[s]
        p.discard(move.card)
        p.left_at[move.card] = index
        p.passed_first = True
        self.table[move.card] += 1
        self._log(move)
        self._put(move.card, "offer", owner=s, decider=(s + 1) % PLAYERS, from_noc=False, fresh=True, source="discard")

    def _put(self, card, slot, owner, decider, from_noc, fresh, source) -> None:
        self.phase, self.source = "card", source
        self.card, self.slot, self.owner, self.decider, self.from_noc = card, slot, owner, decider, from_noc
        self.drawn = from_noc or (not fresh and self.drawn)  # a passed (dưới) card is the only one not fresh
        self.u_open = fresh and from_noc
        self.chiu_open = fresh

    def _check_card_point(self, index, move: Move, decider_only: bool) -> None:
        if self.phase != "card":
            raise self._err(index, move, f"no card is in play: {self._who()}")
        if move.card is not None and move.card != self.card:
            raise self._err(index, move, f"the card in play is {kind_code(self.card)}, not {kind_code(move.card)}")
        if decider_only and move.seat != self.decider:
            raise self._err(index, move, f"not this seat's turn: {self._who()}")

    def _record_decline(self, index) -> None:
        eats = [m for m in self.eat_moves() if m.action == "an"]
        p = self.seats[self.decider]
        if eats:
            p.declined_any.add(self.card)
            for m in eats:
                if m.as_ == CHAN:
                    p.declined_chan.add(self.card)
                else:
                    p.declined_ca_with.add(m.with_)

    def _do_an(self, index, move: Move) -> None:
        self._check_card_point(index, move, decider_only=True)
        self._need_card(index, move, move.seat)
        c, y = self.card, move.with_
        if y != c and (c == CHI_CHI or y == CHI_CHI or number(y) != number(c)):
            raise self._err(index, move, f"{kind_code(c)} and {kind_code(y)} form neither chắn nor cạ")
        self._close_windows(index, move)
        p = self.seats[move.seat]
        p.eat(c, y)
        p.left_at[y] = index
        self.table[c] -= 1
        p.passed_first = True
        self._log(Move("an", move.seat, c, y, move.as_, move.on_top))
        self.phase, self.turn = "danh", move.seat

    def _do_chiu(self, index, move: Move) -> None:
        self._check_card_point(index, move, decider_only=False)
        s, c = move.seat, self.card
        p = self.seats[s]
        if p.hand[c] != 3:
            raise self._err(index, move, f"seat {s} holds {p.hand[c]} {kind_code(c)} in hand; a chíu needs 3")
        if s == self.owner and not (self.slot == "draw" and s == self.decider):
            raise self._err(index, move, f"seat {s} put this {kind_code(c)} down itself")
        if s != self.decider and not self.chiu_open:
            raise self._err(index, move, f"{kind_code(c)} was not just played: the chíu chance is gone")
        self._close_windows(index, move)
        p.chiu(c)
        p.left_at[c] = index
        self.table[c] -= 1
        self._log(Move("chiu", s, c))
        if s == self.decider:
            self.phase, self.turn = "danh", s
        else:
            self.phase, self.tra_seat = "tra_cua", s

    def _do_tra_cua(self, index, move: Move) -> None:
        s = move.seat
        if self.phase != "tra_cua" or s != self.tra_seat:
            raise self._err(index, move, f"no trả cửa is due from seat {s}: {self._who()}")
        self._need_card(index, move, s)
        p = self.seats[s]
        p.discard(move.card)
        p.left_at[move.card] = index
        self.table[move.card] += 1
        self._log(move)
        self._put(move.card, self.slot, owner=s, decider=self.decider, from_noc=False, fresh=True, source="tra_cua")

    def _do_boc(self, index, move: Move) -> None:
        if self.phase != "card" or move.seat != self.decider:
            raise self._err(index, move, f"not this seat's turn: {self._who()}")
        if self.slot == "draw":
            why = f"seat {move.seat} has drawn already: eat or pass (dưới) {kind_code(self.card)}"
            raise self._err(index, move, why)
        if not self.noc_left:
            raise self._err(index, move, "the nọc is empty: the game is a draw (hòa)")
        top = self.noc[self.noc_pos]
        if move.card is not None and move.card != top:
            raise self._err(index, move, f"the top of the nọc is {kind_code(top)}, not {kind_code(move.card)}")
        self._record_decline(index)
        self._close_windows(index, move)
        self.noc_pos += 1
        self.table[top] += 1
        self._log(Move("boc", move.seat, top))
        self._put(top, "draw", owner=move.seat, decider=move.seat, from_noc=True, fresh=True, source="noc")

    def _do_duoi(self, index, move: Move) -> None:
        self._check_card_point(index, move, decider_only=True)
        if self.slot != "draw":
            raise self._err(index, move, f"only one's own drawn card can be passed: {self._who()}")
        self._record_decline(index)
        self._close_windows(index, move)
        s = move.seat
        self.seats[s].passed_first = True
        self._log(Move("duoi", s, self.card))
        self._put(self.card, "offer", owner=s, decider=(s + 1) % PLAYERS, from_noc=False, fresh=False,
                  source="passed")

    def _do_hoa(self, index, move: Move) -> None:
        if self.phase != "card" or self.slot == "draw" or (move.seat is not None and move.seat != self.decider):
            raise self._err(index, move, f"no draw is due: {self._who()}")
        if self.noc_left:
            raise self._err(index, move, f"the nọc still holds {self.noc_left} cards")
        self._record_decline(index)
        self._close_windows(index, move)
        self._log(Move("hoa", self.decider))
        self.phase, self.draw = "over", True


def play_game(game: ChanGame, strategies, rng: np.random.Generator | None = None) -> ChanGame:
    """Play ``game`` to its end: each decision goes to its seat's strategy (``choose(game, decision, rng)``)."""
    while True:
        dec = game.decision()
        if dec is None:
            return game
        if len(dec.moves) == 1:
            move = dec.moves[0]
        else:
            move = strategies[dec.seat].choose(game, dec, rng)
        game.apply(move)


def describe_game(game: ChanGame, marks: dict | None = None) -> str:
    """The moves of a game, one a line, then the result; ``marks`` (move index → decision number) tags the moves
    that were decisions."""
    from cardodds.sim.position import decision_tag

    marks = marks or {}
    lines = []
    for i, m in enumerate(game.moves):
        lines.append(f"{i:3d}  {m.describe()}" + (decision_tag(marks[i]) if i in marks else ""))
    if game.winner is not None:
        from cardodds.sim.chan.scorer import describe

        w = game.win
        lines.append(f"result: seat {game.winner} ù ({w.how}, {w.win_type}) — {describe(game.cuoc)}, "
                     f"{game.points} points; nọc left {game.noc_left}")
    elif game.draw:
        lines.append("result: hòa (the nọc ran out)")
    elif game.u_lao:
        lines.append(f"result: ù láo by seat {game.u_lao[1]} at move {game.u_lao[0]}")
    else:
        lines.append("result: unfinished")
    return "\n".join(lines)


def action_name(action: str) -> str:
    return ACTION_NAMES.get(action, action)
