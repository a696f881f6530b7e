"""Sâm series play: the previous game's winner leads the next; both engines play series game for game alike."""

import numpy as np
import pytest
from sam_agreement import agree

from cardodds.sim.errors import CardoddsError
from cardodds.sim.sam.play_task import parse, run_chunk
from cardodds.sim.sam.reference import deal_games
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.series import play_series, play_series_batch
from cardodds.sim.sam.strategies import Control, Greedy
from cardodds.sim.streams import DEAL, chunk_seed, stream


@pytest.mark.parametrize("players, length", [(3, 4), (4, 6)])
def test_engines_agree_on_series(players, length):
    rules = SamRules(players=players, series_length=length)
    n_series = 60
    cards, leader = deal_games(stream(chunk_seed(31, players), DEAL), n_series * length, rules)
    cards = cards.reshape(n_series, length, players, 10)
    strats = [Control(declare="bayes"), Greedy(), Control(declare="threshold", threshold=0.6), Control()][:players]
    batch = play_series_batch(cards, leader[:n_series], rules, strats)
    assert len(batch) == length
    for s in range(n_series):
        ref = play_series(cards[s], int(leader[s]), rules, strats, log=True)
        firsts = [int(res.log[players].split()[-1]) for res in ref]  # "first player: seat X"
        assert firsts[0] == leader[s]
        for k, res in enumerate(ref):
            assert agree(batch[k], s, res), (s, k)
            if k:  # the previous winner leads; the same first player after a game nobody won
                prev = ref[k - 1]
                assert firsts[k] == (prev.winner if prev.winner >= 0 else firsts[k - 1])
    assert any(b.declarer.max() >= 0 for b in batch)  # Sâms were declared inside the series


def test_run_chunk_plays_series_of_games():
    base = {"players": 4}
    single = parse({"rules": base, "strategies": {"default": {"name": "control"}}}, "t")
    series = parse({"rules": {**base, "series_length": 7}, "strategies": {"default": {"name": "control"}}}, "t")
    a = run_chunk(single, chunk_seed(2, 0), 3000)
    b = run_chunk(series, chunk_seed(2, 0), 3000)  # 428 series of 7 and one of 4
    assert int(a["games"]) == int(b["games"]) == 3000
    assert np.all(b["cuoc_sum"].sum() == 0) and b["win"].sum() <= 3000
    assert not np.array_equal(a["win"], b["win"])  # who leads changed, so the games did


@pytest.mark.parametrize("bad", [0, -1, 1.5, True])
def test_series_length_is_checked(bad):
    with pytest.raises(CardoddsError, match="series_length must be a whole number >= 1"):
        SamRules(series_length=bad)
