"""Adaptive precision stops at the requested half-width and is reproducible."""

import json

import numpy as np
import pytest

from cardodds.analysis.adaptive import half_widths, next_games, parse_metric
from cardodds.cli import main
from cardodds.sim.errors import CardoddsError

CONFIG = """
[experiment]
name = "adaptive"
task = "chan.deal"
games = 20000
chunk_size = 10000
seed = 3
"""


def run(capsys, tmp_path, folder, *extra):
    config = tmp_path / "adaptive.toml"
    config.write_text(CONFIG)
    code = main(["run", str(config), "--jobs", "1", "--out", str(tmp_path / folder), "--json", *extra])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)["rows"]


def test_stops_below_the_target_and_is_reproducible(capsys, tmp_path):
    args = ["--games", "20000", "--precision", "0.008", "--metric", "chan_count.mean:1"]
    rows = run(capsys, tmp_path, "a", *args)
    row = next(r for r in rows if r["metric"] == "chan_count.mean" and r["seat"] == 1)
    half = (row["ci_high"] - row["ci_low"]) / 2
    assert half < 0.008
    # sd of the chắn count is about 1.2, so about (1.96 * 1.2 / 0.008)^2 ≈ 86,000 games are needed: more than the start.
    assert 60_000 <= row["n"] <= 200_000 and row["n"] % 10_000 == 0
    again = run(capsys, tmp_path, "b", *args)
    assert again == rows


def test_cap_is_respected(capsys, tmp_path):
    rows = run(capsys, tmp_path, "c", "--games", "20000", "--precision", "0.0001", "--max-games", "40000")
    assert {r["n"] for r in rows} == {40_000}


def test_next_games_grows_in_whole_chunks():
    assert next_games(10_000, 0.02, 0.01, 10_000, 10**9) == 50_000  # 4 × 1.05 → 42,000 → whole chunks
    assert next_games(10_000, 0.0101, 0.01, 10_000, 10**9) == 20_000  # at least one more chunk
    assert next_games(10_000, 1.0, 0.01, 10_000, 10**9) == 80_000  # at most 8×
    assert next_games(10_000, 1.0, 0.01, 10_000, 25_000) == 25_000


def test_metric_arguments():
    assert parse_metric("waiting:1") == ("waiting", 1) and parse_metric("thien_u") == ("thien_u", None)
    with pytest.raises(CardoddsError):
        parse_metric("waiting:one")
    import pandas as pd

    rows = pd.DataFrame({"metric": ["a", "a.1"], "seat": pd.array([0, 0], dtype="Int64"), "estimate": [0.5, 0.1],
                         "ci_low": [0.4, 0.0], "ci_high": [0.7, 0.2]})
    widths = half_widths(rows, [])
    assert list(widths.index) == ["a:0"] and np.isclose(widths.iloc[0], 0.2)
    with pytest.raises(CardoddsError, match="no such result row"):
        half_widths(rows, [("b", None)])


def test_what_an_adaptive_run_computed_counts_every_step(capsys, tmp_path):
    config = tmp_path / "adaptive.toml"
    config.write_text(CONFIG)
    argv = ["run", str(config), "--jobs", "1", "--no-progress", "--out", str(tmp_path / "d"), "--games", "20000",
            "--precision", "0.0001", "--max-games", "40000"]
    assert main(argv) == 0
    assert "\n40,000 games: 40,000 computed now in " in capsys.readouterr().out  # 20,000 per step, none earlier
    assert main(argv + ["--resume"]) == 0
    assert "\n40,000 games: 0 computed now in " in (out := capsys.readouterr().out) and ", 40,000 reused from" in out
