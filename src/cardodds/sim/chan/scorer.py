"""Every cước of a Chắn win (docs/rules.md §1.6, seeds 000 and 001) from a finished game's record, and its points.

A :class:`WinRecord` says how the game was won (the winner's hand and mat before the winning card, the card, whether it
lay in their own cửa chì, Địa ù, chíu and bòn counts, the win type); :func:`cuoc_of` turns it into the cước to call
with their counts and :func:`points` prices them with the rules' point table.  The reference engine builds the record
when a game ends (:func:`score_game`); a move log is scored by replaying it (:func:`cardodds.sim.chan.replay.score_log`).

Choices (stated in docs/rules.md §1.11, readings C15–C17):

- Counted cước: Có chíu (chíu laid before the win; a chíu ù's own chíu does not count), Có bòn (completed bòn; an ù
  bòn does not count), Thiên khai (kinds held four times in the hand, not the mat), Lèo and Tôm (disjoint sets among
  all 20 cards).
- Thập thành, Bạch định, Tám đỏ, Kính tứ chi, Lèo, Tôm look at all 20 cards (hand, mat and the winning card).
- Hoa rơi cửa phật and Cá lội sân đình need at least one ngũ vạn on the mat (in a chắn, cạ or chíu; a chắn or chíu
  of it with ``hoa_needs_chan_ngu_van``); Nhà lầu xe hơi and Ngư ông bắt cá need the two chắn in the hand (not the
  mat) at the win; all four need chì bạch thủ on the named card (nhị vạn, bát vạn) and replace Chì and Bạch thủ.
  Nhà lầu xe hơi hoa rơi cửa phật also replaces Hoa rơi cửa phật (it is the same call, bigger); Cá lội sân đình and
  Ngư ông bắt cá can both be called on one win.
- Bạch thủ chi is not also Bạch thủ.  A Thiên ù with exactly 6 chắn and 4 cạ is called "Thiên ù bạch thủ" and earns
  Bạch thủ too (the seed lets it go undeclared; the simulator declares everything).
- A call is xướng sai when it names a cước the hand lacks or leaves out a compulsory one (Thiên ù, Chíu ù, Ù bòn,
  Bạch thủ, Bạch thủ chi, the Hoa / Nhà / Cá / Ngư that carries the bạch thủ); leaving out another cước forfeits its
  points and the win is paid as called (:func:`paid_call`, :func:`called_cuoc`; ``strict_calls``: any omission is
  xướng sai; Xuông called on a hand with a cước is xướng sai).  Seed 000's complete calls besides the full one
  (:func:`allowed_calls`): Hoa / Nhà / Cá called as Chì Bạch thủ, paid Bạch thủ only ("sẽ chỉ được tính tiền là
  Bạch thủ"; ``hoa_as_bach_thu_pays_chi``: Chì too; ``ngu_ong_as_bach_thu``: Ngư ông too), a Thiên ù bạch thủ
  without Bạch thủ.
- Thông needs the previous game: a series runner, or a move log's ``previous`` field, sets ``WinRecord.thong``.
- Gà (rules option ``ga``): one gà for each of Bạch định, Tám đỏ, Kính tứ chi, Thập thành and a chì bạch thủ win
  (bạch thủ or bạch thủ chi on a card in one's own cửa chì, also under Hoa / Nhà / Cá / Ngư), +``points["ga"]`` each.
- Xuông only when no other cước applies.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardodds.sim.chan.cards import CHI_CHI, N_KINDS, kind_of
from cardodds.sim.chan.hand import BACH_THU, BACH_THU_CHI, leo_count, red_count, tom_count
from cardodds.sim.chan.holding import win_type
from cardodds.sim.chan.rules import CUOC_NAMES, ChanRules

NGU_VAN, TU_VAN, NHI_VAN, BAT_VAN, NGU_SACH = kind_of(5, 1), kind_of(4, 1), kind_of(2, 1), kind_of(8, 1), kind_of(5, 2)
GA_CUOC = ("bach_dinh", "tam_do", "kinh_tu_chi", "thap_thanh")
"""Cước that count a gà each (with a chì bạch thủ win)."""
ORDER = tuple(CUOC_NAMES)


@dataclass(frozen=True)
class WinRecord:
    """How a game was won.

    Attributes
    ----------
    seat : int
    hand : tuple of 25 ints
        The winner's hand cards before the winning card (the cái's 20 for Thiên ù).
    melds : tuple of (type, hand kind, taken kind)
        The mat: ``("chan" | "ca" | "chiu", k1, k2)``.
    card : int or None
        The winning kind (None for Thiên ù).
    how : str
        ``"thien_u"``, ``"u"`` (a drawn card) or ``"chiu_u"``.
    chi : bool
        The card lay in the winner's own cửa chì.
    dia_u, u_bon : bool
    chiu_count, bon_count : int
        Chíu laid and bòn completed before the win.
    win_type : str
        ``"u_rong"``, ``"bach_thu"`` or ``"bach_thu_chi"``.
    thong : bool
        Won the previous game too (series play only).
    """

    seat: int
    hand: tuple
    melds: tuple
    card: int | None
    how: str
    chi: bool
    dia_u: bool
    chiu_count: int
    bon_count: int
    u_bon: bool
    win_type: str | None
    thong: bool = False

    def all_cards(self) -> list[int]:
        """Counts of the 20 winning cards (hand, mat and the winning card)."""
        counts = list(self.hand)
        for kind, a, b in self.melds:
            if kind == "chiu":
                counts[a] += 4
            else:
                counts[a] += 1
                counts[b] += 1
        if self.card is not None:
            counts[self.card] += 1
        return counts

    def chan_count(self) -> int:
        """Chắn of the winning hand: the mat's (a chíu is two) and the hand's with the winning card."""
        mat = sum(2 if k == "chiu" else int(k == "chan") for k, _, _ in self.melds)
        hand = list(self.hand)
        if self.card is not None:
            hand[self.card] += 1
        return mat + sum(c // 2 for c in hand)


def thien_u_record(seat: int, hand, thong: bool = False) -> WinRecord:
    """The record of a Thiên ù: the cái's dealt 20 cards ``hand`` (counts) win before the first discard."""
    from cardodds.sim.chan.hand import thien_u_type

    return WinRecord(seat=seat, hand=tuple(int(c) for c in hand), melds=(), card=None, how="thien_u", chi=False,
                     dia_u=False, chiu_count=0, bon_count=0, u_bon=False, win_type=thien_u_type(hand), thong=thong)


def hand_win_record(hand, card: int, chi: bool = False, seat: int = 0) -> WinRecord | None:
    """The record of a win on ``card`` by a player holding the 19 cards ``hand`` (counts) with nothing on the mat, as
    the game makes it: a chíu ù when the hand holds three of the card, else an ù; None if the card does not win."""
    hand = tuple(int(c) for c in hand)
    kind = win_type(list(hand), 0, 0, hand[card], card)
    if kind is None:
        return None
    return WinRecord(seat=seat, hand=hand, melds=(), card=card, how="chiu_u" if hand[card] == 3 else "u", chi=chi,
                     dia_u=False, chiu_count=0, bon_count=0, u_bon=False, win_type=kind)


def _mat_ngu_van(record: WinRecord, rules: ChanRules) -> bool:
    """The ngũ vạn on the mat that Hoa rơi cửa phật and Cá lội sân đình need: one in any meld (seed 000, "tối thiểu 1
    lá"), or with ``hoa_needs_chan_ngu_van`` a chắn or chíu of it (seed 001, "ăn chắn ngũ vạn hoặc chíu ngũ vạn")."""
    if rules.hoa_needs_chan_ngu_van:
        return any(kind != "ca" and a == NGU_VAN for kind, a, _ in record.melds)
    return any(NGU_VAN in (a, b) for _, a, b in record.melds)


def _special_calls(record: WinRecord, rules: ChanRules) -> list[str]:
    """Hoa rơi cửa phật, Nhà lầu xe hơi, Cá lội sân đình, Ngư ông bắt cá of a chì bạch thủ win (not Bạch thủ chi)."""
    found = []
    mat_ngu_van = _mat_ngu_van(record, rules)
    if record.card == NHI_VAN:
        if record.hand[NGU_VAN] >= 2 and record.hand[TU_VAN] >= 2:
            found.append("nha_lau_xe_hoi")
        elif mat_ngu_van:
            found.append("hoa_roi_cua_phat")
    elif record.card == BAT_VAN:
        if mat_ngu_van:
            found.append("ca_loi_san_dinh")
        if record.hand[CHI_CHI] >= 2 and record.hand[NGU_SACH] >= 2:
            found.append("ngu_ong_bat_ca")
    return found


def cuoc_of(record: WinRecord, rules: ChanRules | None = None, plain: tuple = ()) -> dict[str, int]:
    """The cước to call for a win, with counts (Xuông when there is no other), in the order of ``CUOC_NAMES``.

    ``plain``: special calls (Hoa / Nhà / Cá ...) the caller does not claim, so the win is called as Chì Bạch thủ
    (see :func:`allowed_calls`).
    """
    rules = rules or ChanRules()
    cards = record.all_cards()
    red = red_count(cards)
    c: dict[str, int] = {}
    if record.thong:
        c["thong"] = 1
    thien = record.how == "thien_u"
    if thien:
        c["thien_u"] = 1
    if record.chi and not thien:
        c["chi"] = 1
    if record.dia_u and not thien:
        c["dia_u"] = 1
    if record.chiu_count:
        c["co_chiu"] = record.chiu_count
    if record.how == "chiu_u":
        c["chiu_u"] = 1
    if record.bon_count:
        c["co_bon"] = record.bon_count
    if record.u_bon:
        c["u_bon"] = 1
    tk = sum(1 for k in range(N_KINDS) if record.hand[k] == 4)
    if tk:
        c["thien_khai"] = tk
    if record.win_type == BACH_THU_CHI:
        c["bach_thu_chi"] = 1
    elif record.win_type == BACH_THU:
        c["bach_thu"] = 1
    if record.chan_count() == 10:
        c["thap_thanh"] = 1
    if red == 0:
        c["bach_dinh"] = 1
    if red == 8:
        c["tam_do"] = 1
    if red == 4 and cards[CHI_CHI] == 4:
        c["kinh_tu_chi"] = 1
    if n := leo_count(cards):
        c["leo"] = n
    if n := tom_count(cards):
        c["tom"] = n
    chi_bach_thu = record.chi and not thien and record.win_type in (BACH_THU, BACH_THU_CHI)
    if chi_bach_thu and record.win_type == BACH_THU:
        special = {k: 1 for k in _special_calls(record, rules) if k not in plain}
        if special:
            c.pop("chi", None)
            c.pop("bach_thu", None)
            c.update(special)
    if rules.ga:
        ga = sum(1 for k in GA_CUOC if k in c) + int(chi_bach_thu)
        if ga:
            c["ga"] = ga
    if not c:
        c["xuong"] = 1
    return {k: c[k] for k in ORDER if k in c}


BACH_THU_INSTEAD = ("hoa_roi_cua_phat", "nha_lau_xe_hoi", "ca_loi_san_dinh")
"""Seed 000: "Các cước Hoa, Nhà, Cá: Có thể không xướng, nhưng khi đó phải xướng Bạch thủ" (with
``ngu_ong_as_bach_thu`` Ngư ông bắt cá too: :func:`bach_thu_instead`)."""


def bach_thu_instead(rules: ChanRules) -> tuple[str, ...]:
    """The cước that may go uncalled if Bạch thủ is called instead: Hoa, Nhà, Cá lội sân đình, and Ngư ông bắt cá
    with ``ngu_ong_as_bach_thu`` (the seed's "Cá" read as every bát vạn cước)."""
    return BACH_THU_INSTEAD + ("ngu_ong_bat_ca",) * rules.ngu_ong_as_bach_thu


COMPULSORY = ("thien_u", "chiu_u", "u_bon", "bach_thu", "bach_thu_chi")
"""Seed 000: "Những cước buộc phải xướng là: Thiên ù, Chíu ù, Ù bòn, Bạch thủ, Bạch thủ Chi"."""
CARRY_BACH_THU = ("hoa_roi_cua_phat", "nha_lau_xe_hoi", "ca_loi_san_dinh", "ngu_ong_bat_ca")
"""The cước that stand for Chì and Bạch thủ: a win that has one calls its bạch thủ by it (or, where
:func:`allowed_calls` allows, by Bạch thủ), so leaving it out is leaving out the compulsory Bạch thủ."""


def allowed_calls(record: WinRecord, rules: ChanRules | None = None) -> list[dict[str, int]]:
    """Every complete call (xướng) of a win, the full one first: the calls that name every cước they may.

    Seed 000's exceptions to "call exactly the hand's cước": Hoa rơi cửa phật, Nhà lầu xe hơi and Cá lội sân đình (and
    Ngư ông bắt cá with ``ngu_ong_as_bach_thu``) may go uncalled if Bạch thủ is called instead — the win is then
    called Chì, Bạch thủ (:func:`instead_call`), and paid Bạch thủ only unless ``hoa_as_bach_thu_pays_chi``
    (:func:`paid_call`); a Thiên ù bạch thủ may be called without Bạch thủ.  Which calls short of these are still no
    xướng sai is :func:`paid_call`.
    """
    rules = rules or ChanRules()
    full = cuoc_of(record, rules)
    calls = [full]
    if (instead := instead_call(record, rules)) is not None:
        calls.append(instead)
    if "thien_u" in full and "bach_thu" in full:
        calls.append({k: n for k, n in full.items() if k != "bach_thu"})
    return calls


def instead_call(record: WinRecord, rules: ChanRules) -> dict[str, int] | None:
    """The complete call of a Hoa / Nhà / Cá win called as Chì, Bạch thủ (None when the win has none of
    :func:`bach_thu_instead`)."""
    plain = bach_thu_instead(rules)
    if not any(k in cuoc_of(record, rules) for k in plain):
        return None
    return cuoc_of(record, rules, plain=plain)


def _ordered(cuoc: dict[str, int]) -> dict[str, int]:
    return {k: cuoc[k] for k in ORDER if k in cuoc}


def paid_call(record: WinRecord, declared, rules: ChanRules | None = None) -> dict[str, int] | None:
    """The cước a win called ``declared`` (cước counts) is paid as; None when the call is xướng sai.

    Seed 000: "Xướng sai là xướng thiếu cước hoặc thừa cước mà bài không có", and the cước one must call are the five
    of :data:`COMPULSORY`.  So a call is xướng sai when it names a cước the hand lacks or more of one than the hand
    has (xướng thừa; Xuông, the cước of a hand with none, called beside another or on a hand that has one), or leaves
    out a compulsory cước; a call that leaves out only other cước is paid as called, and one that names no cước at
    all as Xuông.  Each of :func:`allowed_calls` is a complete call to fall short of; the bạch thủ of a Hoa / Nhà /
    Cá / Ngư is called by that cước (:data:`CARRY_BACH_THU`).  A Hoa / Nhà / Cá called as Chì, Bạch thủ
    (:func:`instead_call`) "sẽ chỉ được tính tiền là Bạch thủ": its Chì is not paid unless
    ``hoa_as_bach_thu_pays_chi``.  With ``strict_calls`` only a complete call is no xướng sai.  With
    ``hoa_call_chi_bach_thu`` (seed 000's "Hoa rơi cửa phật Chì Bạch thủ") Chì and Bạch thủ called together beside
    one of :data:`CARRY_BACH_THU` are read as part of its name and paid as nothing more.
    """
    rules = rules or ChanRules()
    call = dict(declared)
    if rules.hoa_call_chi_bach_thu and {"chi", "bach_thu"} <= set(call) and set(call) & set(CARRY_BACH_THU):
        del call["chi"], call["bach_thu"]
    calls = allowed_calls(record, rules)
    if "xuong" in call and (len(call) > 1 or calls[0] != {"xuong": 1}):
        return None
    matched = next((full for full in calls if _completes(call, full, rules.strict_calls)), None)
    if matched is None:
        return None
    paid = _ordered({k: n for k, n in call.items() if k != "xuong"}) or {"xuong": 1}
    if matched is not calls[0] and matched == instead_call(record, rules) and not rules.hoa_as_bach_thu_pays_chi:
        paid.pop("chi", None)
    return paid


def _completes(call: dict[str, int], full: dict[str, int], strict: bool) -> bool:
    """Whether ``call`` falls short of the complete call ``full`` without xướng sai (``strict``: is ``full``)."""
    if strict:
        return call == full
    named = {k: n for k, n in call.items() if k != "xuong"}
    must = [k for k in full if k in COMPULSORY or k in CARRY_BACH_THU]
    return all(n <= full.get(k, 0) for k, n in named.items()) and all(k in named for k in must)


def points(cuoc: dict[str, int], rules: ChanRules | None = None) -> int:
    """Points of a win: each cước's points times its count (``ga`` only when the rules count gà)."""
    rules = rules or ChanRules()
    table = rules.point_table()
    return sum(table[name] * n for name, n in cuoc.items() if name != "ga" or rules.ga)


def penalty_8_do_2_leo(rules: ChanRules | None = None) -> int:
    """The "8 đỏ 2 lèo" amount: Tám đỏ's points plus twice Lèo's."""
    table = (rules or ChanRules()).point_table()
    return table["tam_do"] + 2 * table["leo"]


def min_points_ok(cuoc: dict[str, int], rules: ChanRules) -> bool:
    """Whether a win meets ``min_points_to_win`` (0 any, ``"no_xuong"`` not Xuông, N at least N points)."""
    need = rules.min_points_to_win
    if need == "no_xuong":
        return "xuong" not in cuoc
    return points(cuoc, rules) >= need


def describe(cuoc: dict[str, int]) -> str:
    """Cước in words, e.g. ``Chì, Bạch thủ, 2 Lèo``."""
    return ", ".join(f"{n} {CUOC_NAMES[k]}" if n > 1 else CUOC_NAMES[k] for k, n in cuoc.items())


def score_game(game) -> tuple[dict[str, int], int]:
    """``(cước, points)`` of a finished reference game (``({}, 0)`` if nobody won)."""
    if game.win is None:
        return {}, 0
    cuoc = cuoc_of(game.win, game.rules)
    return cuoc, points(cuoc, game.rules)


def called_cuoc(game) -> dict[str, int]:
    """The cước a finished game's win is paid as: the winner's declared call as :func:`paid_call` pays it when it is
    no xướng sai, else the scorer's (``{}`` if nobody won)."""
    if game.win is None:
        return {}
    declared = game.moves[-1].cuoc
    paid = None if declared is None else paid_call(game.win, declared, game.rules)
    return dict(game.cuoc) if paid is None else paid


