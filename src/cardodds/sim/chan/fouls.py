"""The fouls of Chắn (docs/rules.md §1.8) as small named rules, and a checker over a recorded game.

Each foul is a function ``(player, move) -> bool`` registered with its number, the seed's name and its penalty class
(seed 000 section B).  ``player`` is the acting player's state *before* the move (a
:class:`cardodds.sim.chan.reference.SeatState`: ``hand`` counts, the history sets ``discard_set``, ``discard_numbers``,
``taken``, ``ca_numbers``, ``declined_any``, ``declined_chan``, ``declined_ca_with`` and ``waiting()``); ``move`` is a
:class:`cardodds.sim.chan.movelog.Move`.  The reference engine's move generator drops every move for which :func:`fouls_of`
is not empty; :func:`cardodds.sim.chan.replay.check_log` replays a log and reports every foul in it.

Readings where the seed is loose (stated in docs/rules.md §1.11, readings C11–C14):

- "Could have eaten" (fouls 7–10) means a legal ăn was on offer (no foul, a legal discard after it) when the player
  drew instead of eating the offered card, or passed (dưới) their own drawn card.  Foul 10 covers any such card
  (the seed: "Bỏ không ăn 1 quân sau lại đánh đúng quân đó"); 7 and 8 need a chắn to have been on offer; 9 names the
  hand cards that could have eaten it as a cạ.
- Foul 1 (ăn treo tranh) is seed 000's "một chắn và một quân què cùng hàng": the hand holds a chắn of the card
  and eats it as a cạ with a què of its number.  Eating it as a cạ with one copy of it in hand, or with a card
  of a cạ, ba đầu or chắn in hand, is foul 4 or 6 instead (the card eaten with is no què).
- Fouls 4 and 6 read the hand's split (``split_hand``): a card of a kind held an even number of times is in a chắn
  (6); a card of a kind held an odd number of times is in a cạ or a ba đầu when its number has two or three such
  kinds (4) — so one cửu vạn beside two or four cửu văn is a què, the seed's exception.
- Foul 17 is read as discarding the second card of a cạ after having eaten a cạ; the seed's example for it is
  foul 11's.  Trả cửa is a discard for every discard foul.  Chíu is checked by foul 16 only, and so is the chíu of a
  chíu ù (the seed's "chíu quân cùng hàng" makes no exception for a chíu that wins).
- Section B's fouls at the win are checked too: ``u_lao`` (an ù that is no win), ``bo_u`` (a win let go, ù đè
  respected, by a player who wins later in the game: "ù được mà không ù rồi về sau mới ù"), ``xuong_sai`` (a call
  :func:`cardodds.sim.chan.scorer.paid_call` refuses: a cước the hand lacks, or a compulsory one left out),
  ``u_thieu_diem`` (below ``min_points_to_win``, judged on the call).  What each penalty class
  does to the game's result is :mod:`cardodds.sim.chan.penalties`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from cardodds.sim.chan.cards import CHI_CHI
from cardodds.sim.chan.rules import ChanRules

NGHI_AN_TIEN = "nghi_an_tien"
"""Treo tranh trái vỉ, nghỉ ăn tiền: the player is not stopped, but a win pays nothing."""
BAT_BAO = "bat_bao"
"""Bắt báo: the player sits out (no more eating or discarding) and pays in place of the table."""
DEN_LANG = "den_lang"
"""Đền làng: on winning the player pays 8 đỏ 2 lèo."""
PHAT_TIEN = "phat_tien"
"""Phạt tiền (section B §1): ù láo, xướng sai, bỏ ù, ù thiếu điểm pay 8 đỏ 2 lèo."""


@dataclass(frozen=True)
class FoulRule:
    """One foul: ``number`` (docs/rules.md §1.8; 0 for section B's), ``code``, Vietnamese ``name``, ``penalty``."""

    number: int
    code: str
    name: str
    penalty: str
    test: Callable


@dataclass(frozen=True)
class Foul:
    """A foul found in a game: the move index, the player and the rule."""

    index: int
    seat: int
    number: int
    code: str
    name: str
    penalty: str

    def describe(self) -> str:
        num = f"foul {self.number}" if self.number else "foul"
        return f"move {self.index}: seat {self.seat} — {num} {self.name} ({self.code}), penalty {self.penalty}"


RULES: list[FoulRule] = []


def foul(number: int, code: str, name: str, penalty: str):
    """Register a foul test under its number, code, name and penalty class."""

    def wrap(test):
        RULES.append(FoulRule(number, code, name, penalty, test))
        return test

    return wrap


def _num(kind: int) -> int:
    return -1 if kind == CHI_CHI else kind // 3


def _is_ca(move) -> bool:
    return move.action == "an" and move.as_ == "ca"


def _is_chan(move) -> bool:
    return move.action == "an" and move.as_ == "chan"


def _is_discard(move) -> bool:
    return move.action in ("danh", "tra_cua")


def _odd_kinds(hand, kind: int) -> int:
    base = 3 * _num(kind)
    return sum(hand[k] & 1 for k in (base, base + 1, base + 2))


def _is_que(hand, kind: int) -> bool:
    """Whether a card of ``kind`` in hand is a què of the hand's split (docs/rules.md §1.2): its kind is held an odd
    number of times and no other kind of its number is."""
    return hand[kind] % 2 == 1 and _odd_kinds(hand, kind) == 1


@foul(1, "an_treo_tranh", "ăn treo tranh", NGHI_AN_TIEN)
def an_treo_tranh(p, move) -> bool:
    """Holding a chắn of the card and a què of its number, eating the card as a cạ with the què (seed 000: "Trên bài
    có một chắn và một quân què cùng hàng, ta lấy quân què để ăn cặp cạ với quân có chắn đó")."""
    return _is_ca(move) and p.hand[move.card] >= 2 and _is_que(p.hand, move.with_)


@foul(2, "an_trai_vi", "ăn trái vỉ", NGHI_AN_TIEN)
def an_trai_vi(p, move) -> bool:
    """The eaten card laid on top of the hand card (recorded in logs only)."""
    return move.action == "an" and move.on_top == "taken"


@foul(3, "chiu_an_thuong", "chíu được nhưng lại ăn thường", NGHI_AN_TIEN)
def chiu_an_thuong(p, move) -> bool:
    """Holding three of the card, eating it as a plain chắn instead of chíu."""
    return _is_chan(move) and p.hand[move.card] == 3


@foul(4, "an_chon_ca", "ăn chọn cạ", DEN_LANG)
def an_chon_ca(p, move) -> bool:
    """Eating a cạ with a card out of a cạ or a ba đầu already in hand."""
    y = move.with_
    return _is_ca(move) and p.hand[y] % 2 == 1 and _odd_kinds(p.hand, y) >= 2


@foul(5, "an_ca_chuyen_cho", "ăn cạ chuyển chờ", DEN_LANG)
def an_ca_chuyen_cho(p, move) -> bool:
    """Eating a cạ while waiting to win (chờ ù)."""
    return _is_ca(move) and p.waiting()


@foul(6, "co_chan_cau_ca", "có chắn cấu cạ", DEN_LANG)
def co_chan_cau_ca(p, move) -> bool:
    """Eating a cạ with a card out of a chắn in hand."""
    return _is_ca(move) and p.hand[move.with_] >= 2 and p.hand[move.with_] % 2 == 0


@foul(7, "bo_chan_an_chan", "bỏ chắn ăn chắn", BAT_BAO)
def bo_chan_an_chan(p, move) -> bool:
    """Having let a chắn X go, eating an X with an X."""
    return _is_chan(move) and move.card in p.declined_chan


@foul(8, "bo_chan_an_ca", "bỏ chắn ăn cạ", BAT_BAO)
def bo_chan_an_ca(p, move) -> bool:
    """Having let a chắn X go, eating a cạ with an X."""
    return _is_ca(move) and move.with_ in p.declined_chan


@foul(9, "bo_ca_an_ca", "bỏ cạ ăn cạ", BAT_BAO)
def bo_ca_an_ca(p, move) -> bool:
    """Eating a cạ with a card that could have eaten a let-go card as a cạ."""
    return _is_ca(move) and move.with_ in p.declined_ca_with


@foul(10, "bo_chan_danh_chan", "bỏ chắn đánh chắn", BAT_BAO)
def bo_chan_danh_chan(p, move) -> bool:
    """Discarding a card one let go when one could have eaten it."""
    return _is_discard(move) and move.card in p.declined_any


@foul(11, "danh_ca_an_ca", "đánh cạ ăn cạ", BAT_BAO)
def danh_ca_an_ca(p, move) -> bool:
    """Eating any cạ after having discarded both cards of a cạ."""
    return _is_ca(move) and p.discarded_ca()


@foul(12, "danh_roi_an_ca_cung_hang", "đánh rồi lại ăn cạ cùng hàng (xé cạ / xé chắn)", BAT_BAO)
def danh_roi_an_ca_cung_hang(p, move) -> bool:
    """Eating a cạ with a card of a number one has discarded."""
    return _is_ca(move) and _num(move.with_) in p.discard_numbers


@foul(13, "danh_roi_an", "đánh một quân rồi lại ăn đúng quân đó", BAT_BAO)
def danh_roi_an(p, move) -> bool:
    """Eating a card of a kind one has discarded."""
    return move.action == "an" and move.card in p.discard_set


@foul(14, "danh_mot_chan", "đánh một chắn đi", BAT_BAO)
def danh_mot_chan(p, move) -> bool:
    """Discarding a second copy of a kind (both cards of a chắn over time)."""
    return _is_discard(move) and move.card in p.discard_set


@foul(15, "an_roi_danh", "ăn một quân rồi lại đánh đúng quân đó", BAT_BAO)
def an_roi_danh(p, move) -> bool:
    """Discarding a card of a kind one has eaten."""
    return _is_discard(move) and move.card in p.taken


@foul(16, "an_ca_roi_an_cung_hang", "ăn cạ rồi lại ăn hoặc chíu quân cùng hàng", BAT_BAO)
def an_ca_roi_an_cung_hang(p, move) -> bool:
    """After eating a cạ of a number, eating or chíu-ing a card of that number."""
    return move.action in ("an", "chiu") and _num(move.card) in p.ca_numbers


@foul(17, "danh_ca_khi_da_an_ca", "đánh cạ khi đã ăn cạ", BAT_BAO)
def danh_ca_khi_da_an_ca(p, move) -> bool:
    """After eating a cạ, discarding the second card of a cạ (same number, other suit than an earlier discard)."""
    if not _is_discard(move) or not p.ca_numbers or move.card == CHI_CHI:
        return False
    n = _num(move.card)
    return any(_num(k) == n and k != move.card for k in p.discard_set)


@foul(18, "an_ca_danh_cung_hang", "ăn cạ đánh quân cùng hàng", BAT_BAO)
def an_ca_danh_cung_hang(p, move) -> bool:
    """After eating a cạ of a number, discarding a card of that number."""
    return _is_discard(move) and _num(move.card) in p.ca_numbers


BY_NUMBER = {r.number: r for r in RULES}
BY_CODE = {r.code: r for r in RULES}
_BY_ACTION = {
    "an": [r for r in RULES if r.number in (1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 16)],
    "chiu": [BY_NUMBER[16]],
    "danh": [r for r in RULES if r.number in (10, 14, 15, 17, 18)],
}
_BY_ACTION["tra_cua"] = _BY_ACTION["danh"]

# Section B: fouls at the win, found by replaying the whole game.
U_LAO = FoulRule(0, "u_lao", "ù láo", PHAT_TIEN, None)
BO_U = FoulRule(0, "bo_u", "bỏ ù", PHAT_TIEN, None)
XUONG_SAI = FoulRule(0, "xuong_sai", "xướng sai", PHAT_TIEN, None)
U_THIEU_DIEM = FoulRule(0, "u_thieu_diem", "ù thiếu điểm", PHAT_TIEN, None)
SECTION_B = (U_LAO, BO_U, XUONG_SAI, U_THIEU_DIEM)
ALL_CODES = tuple(r.code for r in RULES) + tuple(r.code for r in SECTION_B)


def fouls_of(player, move) -> list[FoulRule]:
    """The fouls the move would be for ``player`` (its state before the move); empty if it is clean."""
    rules = _BY_ACTION.get(move.action)
    if not rules:
        return []
    return [r for r in rules if r.test(player, move)]


TREO_TRANH_TRAI_VI = tuple(r.code for r in RULES if r.penalty == NGHI_AN_TIEN)
"""The fouls of a win that still carry Thông under ``thong_after_treo_tranh``: seed 001's "ván trước treo tranh" names
the class "treo tranh trái vỉ nghỉ ăn tiền" (fouls 1–3: ăn treo tranh, ăn trái vỉ, chíu được nhưng lại ăn thường)."""


def keeps_thong(codes, rules: ChanRules) -> bool:
    """Whether a win with these fouls of the winner (codes) still lets them call Thông next game."""
    allowed = set(TREO_TRANH_TRAI_VI) if rules.thong_after_treo_tranh else set()
    return all(code in allowed for code in codes)
