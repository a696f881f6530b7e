"""Sâm combinations, beat relation with chặt, tới trắng detection (seed 003's own example hands)."""

import numpy as np
import pytest

from cardodds.sim.sam.cards import parse_cards, parse_hand, rank_counts
from cardodds.sim.sam.hand import (
    PAIR,
    QUAD,
    SINGLE,
    STRAIGHT,
    TRIPLE,
    is_chop,
    legal_moves,
    move_table,
    toi_trang_flags,
    toi_trang_kind,
    toi_trang_name,
)
from cardodds.sim.sam.rules import SamRules

R = SamRules()
T = move_table(R)
T3A = move_table(SamRules(straights="3_to_a"))


def names(table, ids):
    return [table.name(int(m)) for m in ids]


def test_table_sizes():
    # 4 × 13 rank plays; straights of length n: a23 has 15 - n tops (positions 0..13), 3_to_a has 13 - n
    assert T.n == 52 + sum(15 - n for n in range(3, 11))
    assert T3A.n == 52 + sum(13 - n for n in range(3, 11))


def test_seed_straight_examples():
    # seed: "2♠ 3♥ 4♠ 5♥ 6♠ 7♥ 8♦..." is a straight; "KA2 không phải là sảnh"
    c = rank_counts(parse_cards("2s 3h 4s 5h 6s 7h 8d"))
    forms = names(T, np.flatnonzero(T.formable(c) & (T.kind == STRAIGHT)))
    assert "straight 2-3-4-5-6-7-8" in forms and "straight 2-3-4" in forms
    ka2 = rank_counts(parse_cards("Ks As 2s"))
    assert not np.any(T.formable(ka2) & (T.kind == STRAIGHT))
    assert not np.any(T3A.formable(ka2) & (T3A.kind == STRAIGHT))
    a23 = rank_counts(parse_cards("As 2s 3s"))
    assert names(T, np.flatnonzero(T.formable(a23) & (T.kind == STRAIGHT))) == ["straight A-2-3"]
    assert not np.any(T3A.formable(a23) & (T3A.kind == STRAIGHT))
    qka = rank_counts(parse_cards("Qs Ks Ah"))
    assert names(T3A, np.flatnonzero(T3A.formable(qka) & (T3A.kind == STRAIGHT))) == ["straight Q-K-A"]


def test_all_combinations_of_a_hand():
    c = rank_counts(parse_cards("3s 3h 3d 3c 4s 5s 7h 7d 7c 2h"))
    got = set(names(T, np.flatnonzero(T.formable(c))))
    assert got == {
        "single 3", "single 4", "single 5", "single 7", "single 2", "pair 3", "pair 7", "triple 3", "triple 7",
        "quad 3", "straight 3-4-5", "straight 2-3-4", "straight 2-3-4-5",
    }


def mv(kind, rank_name, table=T):
    from cardodds.sim.sam.cards import RANK_NAMES
    return table.find(kind, RANK_NAMES.index(rank_name))


def straight(text, table=T):
    hits = np.flatnonzero(np.all(table.need == rank_counts(parse_cards(text)), axis=1) & (table.kind == STRAIGHT))
    return int(hits[0])


def test_beat_relation():
    b = T.beats
    assert b[mv(SINGLE, "9"), mv(SINGLE, "10")] and not b[mv(SINGLE, "10"), mv(SINGLE, "9")]
    assert not b[mv(SINGLE, "9"), mv(SINGLE, "9")]  # equal ranks never beat
    assert b[mv(SINGLE, "A"), mv(SINGLE, "2")]
    assert not b[mv(SINGLE, "9"), mv(PAIR, "10")]  # type must match
    assert b[mv(PAIR, "J"), mv(PAIR, "2")] and b[mv(TRIPLE, "7"), mv(TRIPLE, "8")]
    s345, s456, s3456 = straight("3s 4s 5s"), straight("4s 5s 6s"), straight("3s 4s 5s 6s")
    assert b[s345, s456] and not b[s456, s345] and not b[s345, s3456]  # same length only
    a23, qka = straight("As 2s 3s"), straight("Qs Ks As")
    assert b[a23, s345] and b[s345, qka] and not b[qka, a23]  # ranked by top card
    # chặt: a tứ quý beats a single 2 and a lower tứ quý; nothing else
    q3, q9 = mv(QUAD, "3"), mv(QUAD, "9")
    assert b[mv(SINGLE, "2"), q3] and b[q3, q9] and not b[q9, q3]
    assert not b[mv(SINGLE, "A"), q3] and not b[mv(PAIR, "2"), q9]
    assert is_chop(T, mv(SINGLE, "2"), q3) and is_chop(T, q3, q9) and not is_chop(T, T.LEAD, q3)
    only2 = move_table(SamRules(quad_beats=["single_two"]))
    assert only2.beats[mv(SINGLE, "2", only2), mv(QUAD, "3", only2)] and not only2.beats[mv(QUAD, "3", only2), mv(QUAD, "9", only2)]
    none = move_table(SamRules(quad_beats=[]))
    assert not none.beats[mv(SINGLE, "2", none), mv(QUAD, "3", none)]
    assert T.beats[T.LEAD].all()


def test_legal_moves_no_finish_on_two():
    c = rank_counts(parse_cards("2s 2h"))
    lead = names(T, legal_moves(T, c, T.LEAD, True))
    assert lead == ["single 2"]  # the pair of 2s would empty the hand with a 2
    assert names(T, legal_moves(T, c, T.LEAD, False)) == ["single 2", "pair 2"]
    assert len(legal_moves(T, rank_counts(parse_cards("2s")), T.LEAD, True)) == 0
    c = rank_counts(parse_cards("As 2s 3s"))
    assert "straight A-2-3" not in names(T, legal_moves(T, c, T.LEAD, True))
    assert names(T, legal_moves(T, rank_counts(parse_cards("5s 9h Kd")), mv(SINGLE, "8"), True)) == ["single 9", "single K"]


SEED = {
    "sanh_rong": "3♠ 4♦ 5♥ 6♣ 7♥ 8♦ 9♦ 10♠ J♥ Q♠",
    "dong_hoa": "4♦ 4♥ 5♦ 5♥ 6♥ 8♦ 10♥ J♦ K♦ A♥",
    "ba_sam": "4♦ 4♥ 4♠ 6♣ 6♠ 6♥ J♦ J♥ J♣ A♠",
    "nam_doi": "4♦ 4♥ 7♦ 7♥ 9♣ 9♥ 10♣ 10♥ Q♣ Q♦",
    "tu_quy_2": "2♠ 2♣ 2♦ 2♥ 3s 5h 7d 9c Jh Kd",
}


@pytest.mark.parametrize("kind", list(SEED))
def test_seed_toi_trang_examples(kind):
    assert toi_trang_name(toi_trang_kind(parse_hand(SEED[kind]), R)) == kind


def test_toi_trang_priority_and_options():
    # the seed's đồng hoa is also five pairs: credited as the higher kind, đồng hoa
    h = parse_hand(SEED["dong_hoa"])
    flags = toi_trang_flags(rank_counts(h), 10, R)
    assert list(flags) == [False, False, True, False, False]
    h = parse_hand("4♦ 4♥ 5♦ 5♥ 6♥ 6♦ 10♥ 10♦ K♦ K♥")  # red and five pairs
    assert toi_trang_name(toi_trang_kind(h, R)) == "dong_hoa"
    # a red sảnh rồng is a sảnh rồng
    assert toi_trang_name(toi_trang_kind(parse_hand("3♦ 4♦ 5♥ 6♦ 7♥ 8♦ 9♦ 10♥ J♥ Q♦"), R)) == "sanh_rong"
    # A-2-3-...-10 is a sảnh rồng only with a23_to_qka
    low = parse_hand("As 2h 3s 4c 5d 6s 7h 8s 9c 10d")
    assert toi_trang_name(toi_trang_kind(low, R)) == "sanh_rong"
    assert toi_trang_name(toi_trang_kind(low, SamRules(straights="3_to_a"))) == "none"
    top = parse_hand("5s 6h 7s 8c 9d 10s Jh Qs Kc Ad")
    assert toi_trang_name(toi_trang_kind(top, SamRules(straights="3_to_a"))) == "sanh_rong"
    # tứ quý 2 with three triples around it: tứ quý 2 wins the priority
    h = parse_hand("2♠ 2♣ 2♦ 2♥ 3s 3h 3d 9c 9h 9d")
    assert toi_trang_name(toi_trang_kind(h, R)) == "tu_quy_2"
    # quads: as a triple / as two pairs, or not
    h = parse_hand("5s 5h 5d 5c 8s 8h 8d Js Jh Jd")
    assert toi_trang_name(toi_trang_kind(h, R)) == "ba_sam"
    assert toi_trang_name(toi_trang_kind(h, SamRules(quad_counts_as_triple=False))) == "none"
    h = parse_hand("5s 5h 5d 5c 8s 8h Js Jh Kd Kh")
    assert toi_trang_name(toi_trang_kind(h, R)) == "nam_doi"
    assert toi_trang_name(toi_trang_kind(h, SamRules(quad_counts_as_two_pairs=False))) == "none"
    assert toi_trang_name(toi_trang_kind(parse_hand("3s 3h 5s 5h 7s 7h 9s 9h Js Qh"), R)) == "none"
