"""A Chắn position: what one seat knows at one of its decisions, and the reference game it stands for.

A :class:`Position` holds the seat's own hand and foul history, every seat's mat, discards and whether it has had
its first turn, the face-up cards, the nọc's count and the card in play (where it came from, who put it there, who
decides on it).  :func:`game_of` makes it a :class:`~cardodds.sim.chan.reference.ChanGame` standing at that
decision: with the cards the seat cannot see left out (the *view*: the other hands empty, the nọc's unknown cards
placeholders), or dealt as given.  Legal moves are the view's, spelled as text by :func:`move_text`.

Readings (docs/rules.md §1.12):

- The other seats' declined cards (fouls 7–10: "could have eaten") depend on their hidden hands, so a position
  holds them for its own seat only; in a world the others have declined nothing.
- A bòn chance (a chắn of X on the mat and the last X still in hand) follows from the mat and the hand, so it is not
  written: a seat with one chắn of X on its mat and an X in hand has it open, two chắn of X are one bòn.
- At the seat's decision the other seats' ù and chíu chances on the card in play are gone (the decision is the
  seat's), as the expert reads it: in a world the seat's move is played at once.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from cardodds.sim.chan.cards import CHI_CHI, COPIES, N_KINDS, kind_code
from cardodds.sim.chan.deal import NOC_SIZE
from cardodds.sim.chan.holding import number
from cardodds.sim.chan.movelog import CHAN, CHIU, Move
from cardodds.sim.chan.reference import PLAYERS, ChanGame
from cardodds.sim.chan.rules import ChanRules  # noqa: F401  (the type of Position.rules)
from cardodds.sim.errors import CardoddsError

DECISIONS = ("discard", "act", "chiu", "tra_cua")
"""What the seat decides: which card to đánh (the cái's first turn included), what to do with the card in play
(ăn, chíu, bốc, dưới, hòa), whether to chíu a card out of turn, which card to put back after that chíu (trả cửa)."""
SOURCES = ("discard", "noc", "passed", "tra_cua")
"""Where the card in play came from: đánh by ``owner``, drawn from the nọc by ``owner`` (who decides on it), dưới
(passed on) by ``owner``, trả cửa by ``owner`` after a chíu."""
PLACEHOLDER = 0
"""The kind the view game puts in the nọc's places the seat cannot see (never read before a world deals them)."""


@dataclass(frozen=True)
class Position:
    """One seat's knowledge at one of its decisions (see the module docstring; JSON form in docs/rules.md §1.12).

    Attributes
    ----------
    rules : ChanRules
    seat : int
        Whose decision.
    decision : str
        One of :data:`DECISIONS`.
    hand : tuple of int
        The seat's hand, 25 counts.
    melds : tuple of 4 tuples
        Each seat's mat as laid: ``(kind, hand card, taken card)`` with kind ``chan``, ``ca`` or ``chiu``.
    discards : tuple of 4 tuples of int
        Each seat's đánh and trả cửa cards, in order.
    acted : tuple of 4 bool
        Whether the seat's first turn has passed (it has eaten, discarded or passed a drawn card): Địa ù.
    table : tuple of int
        The face-up cards on no mat (discards, drawn cards, the card in play), 25 counts.
    noc : int
        Cards left in the nọc.
    card, source, slot, owner, decider
        The card in play (None for a discard decision; for trả cửa, the card just chíu-ed), where it came from
        (:data:`SOURCES`), ``"draw"`` (in the decider's cửa chì) or ``"offer"``, who put it there, who decides on it.
    declined : tuple of 3 tuples of int
        The seat's own let-go cards for fouls 7–10: any ăn let go, chắn let go, hand cards that could have eaten a
        let-go card as a cạ (sorted kinds).
    """

    rules: ChanRules
    seat: int
    decision: str
    hand: tuple
    melds: tuple
    discards: tuple
    acted: tuple
    table: tuple
    noc: int
    card: int | None = None
    source: str | None = None
    slot: str | None = None
    owner: int | None = None
    decider: int | None = None
    declined: tuple = ((), (), ())

    @property
    def at_start(self) -> bool:
        """Nothing has happened yet: the cái's first turn (Thiên ù or the opening discard)."""
        return (self.noc == NOC_SIZE and not any(self.melds) and not any(self.discards) and not any(self.table)
                and self.decision == "discard")

    def hidden_sizes(self) -> list[int]:
        """Each seat's hand size as the others count it (19 less what its mat took from its hand); own seat too."""
        return [19 - 2 * sum(1 for m in ms if m[0] != CHIU) - 4 * sum(1 for m in ms if m[0] == CHIU)
                for ms in self.melds]

    def seen(self) -> list[int]:
        """Copies of each kind the seat sees: its hand, every mat, the face-up cards."""
        seen = [h + t for h, t in zip(self.hand, self.table)]
        for ms in self.melds:
            for kind, with_, card in ms:
                if kind == CHIU:
                    seen[card] += 4
                else:
                    seen[card] += 1
                    seen[with_] += 1
        return seen

    def unseen(self) -> list[int]:
        """The cards the seat cannot see, one entry a card, in kind order (the pool a world deals)."""
        return [k for k, n in enumerate(self.seen()) for _ in range(COPIES - n)]

    def others(self) -> list[int]:
        """The other seats in seat order: the order a world deals their hands in, before the nọc."""
        return [s for s in range(PLAYERS) if s != self.seat]


def game_of(position: Position, hands=None, noc=None) -> ChanGame:
    """The reference game standing at ``position``'s decision.

    ``hands``: None (the view: the other seats' hands empty) or one count vector per seat (the seat's own is
    ignored); ``noc``: None (placeholders) or the nọc's unseen cards, top first.
    """
    p = position
    all_hands = [[0] * N_KINDS for _ in range(PLAYERS)]
    if hands is not None:
        all_hands = [list(map(int, h)) for h in hands]
    all_hands[p.seat] = list(p.hand)
    drawn = NOC_SIZE - p.noc
    rest = [PLACEHOLDER] * p.noc if noc is None else [int(k) for k in noc]
    game = ChanGame(p.rules, all_hands, [PLACEHOLDER] * drawn + rest)
    game.noc_pos = drawn
    game.table = list(p.table)
    for s, seat in enumerate(game.seats):
        _lay(seat, p.melds[s])
        for k in p.discards[s]:
            seat.discarded.append(k)
            seat.discard_set.add(k)
            if k != CHI_CHI:
                seat.discard_numbers.add(number(k))
        seat.passed_first = bool(p.acted[s])
    own = game.seats[p.seat]
    own.declined_any, own.declined_chan, own.declined_ca_with = (set(d) for d in p.declined)
    if p.at_start:
        return game
    game.turn = p.seat
    if p.decision == "discard":
        game.phase = "danh"
        return game
    game.card, game.slot, game.owner, game.decider, game.source = p.card, p.slot, p.owner, p.decider, p.source
    game.from_noc = p.source == "noc"
    game.drawn = p.source in ("noc", "passed")
    if p.decision == "tra_cua":
        game.phase, game.tra_seat = "tra_cua", p.seat
    else:
        game.phase = "card"
        game.u_open = p.source == "noc"
        game.chiu_open = p.source != "passed"
    return game


def _lay(seat, melds) -> None:
    """Put ``melds`` on a fresh seat's mat, with the history a mat implies (taken cards, cạ numbers, chíu, bòn)."""
    chan_of = [0] * N_KINDS
    for kind, with_, card in melds:
        seat.melds.append((kind, with_, card))
        if kind == CHIU:
            seat.mat[card] += 4
            seat.mat_chan += 2
            seat.chiu_count += 1
            continue
        seat.mat[card] += 1
        seat.mat[with_] += 1
        seat.taken.add(card)
        if kind == CHAN:
            seat.mat_chan += 1
            chan_of[card] += 1
        else:
            seat.mat_ca += 1
            seat.ca_numbers.add(number(card))
    seat.bon_count = sum(1 for n in chan_of if n == 2)
    seat.bon_open = {k for k, n in enumerate(chan_of) if n == 1 and seat.hand[k] >= 1}


def view_decision(position: Position):
    """The view game and its decision, which must be the seat's (else a one-line error)."""
    game = game_of(position)
    dec = game.decision()
    if dec is None or dec.seat != position.seat:
        who = "nobody's" if dec is None else f"seat {dec.seat}'s"
        raise CardoddsError(f"position: the next decision is {who}, not seat {position.seat}'s")
    return game, dec


def legal_moves(position: Position) -> list[str]:
    """The seat's legal moves here, as text (:func:`move_text`)."""
    return [move_text(m) for m in view_decision(position)[1].moves]


def move_text(move: Move | None) -> str:
    """A move as text: ``"9V"`` (đánh or trả cửa), ``"u"``, ``"chiu"``, ``"chan"`` (ăn chắn), ``"ca 9W"`` (ăn cạ with
    the hand's 9W), ``"draw"`` (bốc), ``"pass"`` (dưới), ``"hoa"`` (the nọc is empty: the game is drawn), ``"skip"``
    (let a chíu chance go)."""
    if move is None:
        return "skip"
    a = move.action
    if a in ("danh", "tra_cua"):
        return kind_code(move.card)
    if a == "an":
        return "chan" if move.as_ == CHAN else f"ca {kind_code(move.with_)}"
    return {"u": "u", "chiu": "chiu", "boc": "draw", "duoi": "pass", "hoa": "hoa"}[a]


def find_move(dec, text: str):
    """The move of ``dec`` that ``text`` names (case and spaces do not matter), or a one-line error."""
    from cardodds.sim.chan.cards import parse_cards

    want = " ".join(str(text).split()).lower()
    by_text = {move_text(m).lower(): m for m in dec.moves}
    if want in by_text:
        return by_text[want]
    try:
        kinds = parse_cards(text)
    except CardoddsError:
        kinds = []
    if len(kinds) == 1 and kind_code(kinds[0]).lower() in by_text:
        return by_text[kind_code(kinds[0]).lower()]
    legal = ", ".join(move_text(m) for m in dec.moves)
    raise CardoddsError(f"position: {text!r} is not a legal move here (legal: {legal})")


KINDS = {"thien_u": "discard", "danh": "discard", "act": "act", "chiu": "chiu", "tra_cua": "tra_cua"}


def position_of(game, dec) -> Position:
    """The position ``dec.seat`` sees in reference game ``game`` at its decision ``dec`` (reads nothing hidden)."""
    seat = dec.seat
    own = game.seats[seat]
    card = source = slot = owner = decider = None
    if dec.kind in ("act", "chiu", "tra_cua"):
        card, slot, owner, decider, source = game.card, game.slot, game.owner, game.decider, game.source
    return Position(
        rules=game.rules, seat=seat, decision=KINDS[dec.kind], hand=tuple(own.hand),
        melds=tuple(tuple(p.melds) for p in game.seats),
        discards=tuple(tuple(p.discarded) for p in game.seats),
        acted=tuple(bool(p.passed_first) for p in game.seats),
        table=tuple(game.table), noc=game.noc_left, card=card, source=source, slot=slot, owner=owner,
        decider=decider,
        declined=tuple(tuple(sorted(d)) for d in (own.declined_any, own.declined_chan, own.declined_ca_with)),
    )


def position_view(game, dec):
    """The position ``dec.seat`` sees at ``dec`` in reference game ``game`` (a series' game is one game to it)."""
    position = position_of(game, dec)
    if position.rules.series_length != 1:
        position = dataclasses.replace(position, rules=dataclasses.replace(position.rules, series_length=1))
    return position
