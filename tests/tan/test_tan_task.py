"""The tan.play task (counts, rows, config parsing), replay text and hand odds."""

import json

import numpy as np
import pytest

from cardodds.analysis.estimate import summarize
from cardodds.sim.errors import CardoddsError
from cardodds.sim.streams import chunk_seed
from cardodds.sim.tan.cards import parse_cards
from cardodds.sim.tan.hand_odds import conditioned_orders, odds_tan
from cardodds.sim.tan.hand_odds_text import format_odds_tan
from cardodds.sim.tan.play_task import TASK, charts, parse, replay_text, run_chunk
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.strategies import Basic, Heuristic


def test_parse_sections():
    p = parse({"rules": {"players": 3}, "strategies": {"name": "heuristic", "overload": False}}, "cfg")
    assert p.rules.players == 3 and p.strategies == (Heuristic(overload=False),) * 3
    p = parse({"rules": {"players": 2}, "strategies": {"seats": ["basic", {"name": "random"}]}}, "cfg")
    assert [s.name for s in p.strategies] == ["basic", "random"]
    assert parse({}, "cfg").strategies == (Basic(),) * 4


@pytest.mark.parametrize("sections,match", [
    ({"strategies": {"name": "clever"}}, "unknown Tấn strategy 'clever'"),
    ({"strategies": {"name": "basic", "save_trumps": True}}, "unknown key 'save_trumps'"),
    ({"strategies": {"seats": ["basic"]}}, r"one strategy per seat \(4 players\), not 1"),
    ({"strategies": {"name": "heuristic", "hold_rank": "Z"}}, "knob 'hold_rank' = 'Z' must be one of '10', 'J'"),
    ({"rules": {"players": 9}}, "players must be 2..6"),
])
def test_parse_errors_are_one_line(sections, match):
    with pytest.raises(CardoddsError, match=match) as e:
        parse(sections, "cfg")
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_counts_add_up(players):
    p = parse({"rules": {"players": players}}, "cfg")
    c = run_chunk(p, chunk_seed(1, 0), 3000)
    n = int(c["games"])
    assert n == 3000 and all(np.asarray(c[k]).shape == () for k in ("games", "draw", "truncated", "bouts_sum"))
    assert c["lose_seat"].sum() + c["draw"] + c["truncated"] == n  # loss + draw + truncated = 1
    for name in ("trumps", "aces", "high"):
        assert c[f"held_{name}"].sum() == n * players
        assert c[f"lost_{name}"].sum() == c["lose_seat"].sum()
    assert c["held_aces"][5:].sum() == 0
    # same seed, same counts; another chunk, other counts
    c2 = run_chunk(p, chunk_seed(1, 0), 3000)
    assert all(np.array_equal(c[k], c2[k]) for k in c)
    assert not (run_chunk(p, chunk_seed(1, 1), 3000)["lose_seat"] == c["lose_seat"]).all()


def test_summary_rows():
    p = parse({"rules": {"players": 4}}, "cfg")
    rows = summarize(TASK, run_chunk(p, chunk_seed(2, 0), 4000), p)
    by = {(r["metric"], r["seat"]): r for r in rows}
    lose = [by[("lose", s)]["estimate"] for s in range(4)]
    assert abs(sum(lose) + by[("draw", None)]["estimate"] + by[("truncated", None)]["estimate"] - 1) < 1e-12
    for r in rows:
        assert set(r) == {"metric", "seat", "estimate", "ci_low", "ci_high", "n", "exact"}
        assert r["ci_low"] <= r["estimate"] <= r["ci_high"]
    assert 5 < by[("bouts.mean", None)]["estimate"] < 40
    # more trumps in the opening hand, fewer losses (basic strategy, 4 players)
    assert by[("lose.by_trumps.0", None)]["estimate"] > by[("lose.by_trumps.3", None)]["ci_high"]
    assert TASK.name == "tan.play" and TASK.sections == ("rules", "strategies")


def test_strategy_rows_for_mixed_tables():
    p = parse({"rules": {"players": 4}, "strategies": {"seats": ["heuristic", "basic", "heuristic", "basic"]}}, "cfg")
    c = run_chunk(p, chunk_seed(4, 0), 4000)
    assert c["lose_abs"].sum() == c["lose_seat"].sum()
    by = {r["metric"]: r for r in summarize(TASK, c, p)}
    h, b = by["lose.strategy.heuristic@0,2"], by["lose.strategy.basic@1,3"]
    assert h["n"] == b["n"] == 8000 and h["ci_high"] < b["ci_low"]
    single = parse({"rules": {"players": 4}}, "cfg")
    assert not [r for r in summarize(TASK, run_chunk(single, chunk_seed(4, 0), 500), single)
                if r["metric"].startswith("lose.strategy")]


def test_charts():
    from types import SimpleNamespace

    from cardodds.analysis.charts import render
    from cardodds.analysis.estimate import rows_frame, summarize

    p = parse({"rules": {"players": 3}}, "cfg")
    c = run_chunk(p, chunk_seed(3, 0), 2000)
    result = SimpleNamespace(counts=c, chunk_counts=[c], experiment=SimpleNamespace(params=p, sweep=None))
    figs = {name: render(spec) for name, spec in
            charts([SimpleNamespace(arm="base", rows=rows_frame(summarize(TASK, c, p), arm="base"), result=result)]).items()}
    assert set(figs) == {"lose_by_seat", "lose_by_trumps"}
    assert all(len(f.axes[0].patches) >= 3 for f in figs.values())


def test_replay_text_is_reproducible():
    a = replay_text(7, TanRules(players=3), "basic")
    assert a == replay_text(7, TanRules(players=3), "basic")
    assert a != replay_text(8, TanRules(players=3), "basic")
    assert a.splitlines()[-1].startswith("result: ") and "bout 1: seat" in a and "trump " in a


def test_conditioned_deal_keeps_the_hand_and_the_trump():
    hand = parse_cards("Ah Kh Qh Jh Th 9h 8h 7h")
    r = TanRules(players=4)
    o = conditioned_orders(hand, 2, 1, r, np.random.default_rng(0), 500)
    assert (np.sort(o, axis=1) == np.arange(52)).all()
    assert (np.sort(o[:, 8:16], axis=1) == sorted(hand)).all()
    assert ((o[:, 32] & 3) == 2).all()  # the turned card is a diamond
    assert len(set(o[:, 32].tolist())) == 13  # uniform over the diamonds not held: every one appears


def test_odds_tan_strong_and_weak_hands():
    strong = odds_tan("As Ac Ad Kh 2s 3c 4d 5s", "h", 2, 1, 4000, 1)
    weak = odds_tan("2s 3c 4d 5s 2c 3d 4s 6c", "h", 2, 1, 4000, 1)
    assert strong["lose"]["ci_high"] < weak["lose"]["ci_low"]
    assert weak["lose"]["estimate"] > 0.5
    json.dumps(strong)
    text = format_odds_tan(strong)
    assert "lose (tấn)" in text and "A♠" in text


@pytest.mark.parametrize("kw,match", [
    (dict(hand="As Kd"), "a Tấn hand has 8 cards, 2 given"),
    (dict(trump="x"), "'x' is not a suit"),
    (dict(players=7), "players must be 2..6"),
    (dict(hand="As Ac Ad Kh 2s 3c 4d 4d"), "given twice"),
    (dict(seat=4), "seat must be 0..3"),
    (dict(players=2, rules={"hand_size": 13}, hand="2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah"), "no trump card is left"),
    (dict(rules={"deck": 36, "hand_size": 6}, hand="As Ac Ad Kh 2s 3c"), "not in the 36-card deck"),
])
def test_odds_bad_input(kw, match):
    args = dict(hand="As Ac Ad Kh 2s 3c 4d 5s", trump="h", players=4, seat=0, games=10, seed=1)
    args.update(kw)
    with pytest.raises(CardoddsError, match=match) as e:
        odds_tan(**args)
    assert "\n" not in str(e.value)


def test_runs_through_the_runner(tmp_path, monkeypatch):
    """The task plugs into the experiment runner."""
    from cardodds.sim.experiment import load_experiment
    from cardodds.sim.runner import run_experiment

    cfg = tmp_path / "tan.toml"
    cfg.write_text('[experiment]\nname = "tan"\ntask = "tan.play"\ngames = 4000\nchunk_size = 1000\nseed = 5\n'
                   '[rules]\nplayers = 2\n[strategies]\nname = "heuristic"\nendgame = false\n', encoding="utf-8")
    exp = load_experiment(cfg)
    res = run_experiment(exp, tmp_path / "run", jobs=1, progress=False)
    assert int(res.counts["games"]) == 4000
    assert int(res.counts["lose_seat"].sum() + res.counts["draw"] + res.counts["truncated"]) == 4000
    # chunk k is the same whatever the number of chunks before it: chunk 0 alone gives the same counts
    one = run_chunk(exp.params, chunk_seed(5, 0), 1000)
    assert np.array_equal(res.chunk_counts[0]["lose_seat"], one["lose_seat"])


@pytest.mark.parametrize("strategies", [
    {"name": "heuristic"},
    {"seats": ["beginner", "basic", "tuned"]},
])
def test_compiled_and_numpy_chunks_give_the_same_counts(strategies, monkeypatch):
    """With numba, chunk play goes to the compiled engine unless ``CARDODDS_COMPILED=0``; the counts are equal."""
    pytest.importorskip("numba")
    from cardodds.sim.tan.play_task import use_compiled

    p = parse({"rules": {"players": 3, "trump_exchange": "two_only"}, "strategies": strategies}, "cfg")
    monkeypatch.delenv("CARDODDS_COMPILED", raising=False)
    assert use_compiled(p)
    on = run_chunk(p, chunk_seed(8, 0), 3000)
    monkeypatch.setenv("CARDODDS_COMPILED", "0")
    assert not use_compiled(p)
    off = run_chunk(p, chunk_seed(8, 0), 3000)
    assert on.keys() == off.keys()
    for k in on:
        assert np.asarray(on[k]).dtype == np.asarray(off[k]).dtype and np.array_equal(on[k], off[k]), k
    assert on["lose_seat"].sum() > 0 and on["truncated"] < 3000


def test_engine_choice(monkeypatch):
    """A seat the compiled engine does not play keeps the numpy engine; a bad switch is a one-line error."""
    from cardodds.sim.tan.play_task import use_compiled

    monkeypatch.delenv("CARDODDS_COMPILED", raising=False)
    assert not use_compiled(parse({"rules": {"players": 2}, "strategies": {"seats": ["basic", "random"]}}, "cfg"))
    monkeypatch.setenv("CARDODDS_COMPILED", "yes")
    with pytest.raises(CardoddsError, match="CARDODDS_COMPILED must be 0 or 1") as e:
        use_compiled(parse({}, "cfg"))
    assert "\n" not in str(e.value)
