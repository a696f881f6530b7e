"""Hand odds (src/cardodds/sim/sam/hand_odds.py): Sâm plans against exact values, output shape, input errors."""

import json
import math
from math import comb

import pytest

from cardodds.sim.errors import CardoddsError
from cardodds.sim.sam.hand_odds import odds_sam
from cardodds.sim.sam.hand_odds_text import format_odds_sam


@pytest.mark.parametrize("opponents", [1, 2])
def test_sam_success_matches_closed_form(opponents):
    # The best split of A A A A K K K K Q 3 is not the two tứ quý: it is Q-K-A (the highest 3-card straight, never
    # beaten), triple K, triple A and the 3 last.  The triples are beaten only by a triple 2, so the Sâm succeeds
    # unless one opponent holds 3 or 4 of the four 2s (K disjoint events of equal chance), or a tới trắng.
    d = odds_sam("As Ac Ad Ah Ks Kc Kd Kh Qs 3s", opponents, 20000, 3)
    s = d["sam"]
    assert s["plan"] == ["straight Q-K-A", "triple K", "triple A", "single 3"]
    exact = 1 - opponents * (comb(4, 3) * comb(38, 7) + comb(38, 6)) / comb(42, 10)
    se = math.sqrt(exact * (1 - exact) / s["n"])
    assert exact - 4 * se - 0.01 <= s["success"] <= exact + 4 * se
    assert s["ci_low"] <= s["success"] <= s["ci_high"]


def test_output_is_json_and_formats():
    d = odds_sam("3s 4s 5h 6d 7c 8s 9s 10h Jd Kd", 3, 4000, 1)
    json.dumps(d)
    assert d["toi_trang"] is None and d["sam"]["plan"] == ["straight 3-4-5-6-7-8-9-10-J", "single K"]
    assert d["sam"]["success"] > 0.95 and 0.2 < d["win"]["estimate"] < 0.8
    text = format_odds_sam(d)
    assert "plan: straight 3-4-5-6-7-8-9-10-J → single K" in text and "tới trắng: none" in text
    assert odds_sam("4♦ 4♥ 7♦ 7♥ 9♣ 9♥ 10♣ 10♥ Q♣ Q♦", 1, 200, 1)["toi_trang"] == "nam_doi"


@pytest.mark.parametrize("args, fragment", [
    (("3s 4s", 3, 100, 1), "expected 10 cards"),
    (("3s 4s 5h 6d 7c 8s 9s 10h Jd Kd", 5, 100, 1), "--opponents must be 1..4"),
    (("3s 4s 5h 6d 7c 8s 9s 10h Jd Jd", 3, 100, 1), "duplicate card 'Jd'"),
    (("3s 4s 5h 6d 7c 8s 9s 10h Jd Kd", 3, 0, 1), "--games must be a whole number >= 1, not 0"),
])
def test_bad_input(args, fragment):
    with pytest.raises(CardoddsError) as e:
        odds_sam(*args)
    assert fragment in str(e.value)


def test_a_hand_no_plan_plays_out_says_so():
    """The plan search is the declarer's (exact over every split): a weak hand's plays are beaten on every deal."""
    d = odds_sam("3s 3c 5d 7h 9s Jc Kd 4h 6s 10c", 3, 500, 1)
    assert d["sam"]["plan"] is None and d["sam"]["success"] == 0.0 and d["sam"]["plan_deals"] == 500
    assert "Sâm: no plan plays this hand out on any of 500 deals" in format_odds_sam(d)
