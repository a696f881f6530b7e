"""Players a user wrote in real games' runs (issue 33), end to end through the command: a config seats the docs
example by ``python = "…"``, parallel runs give the same numbers, the report names the file and its hash, the
strength table rates it, paired arms compare it with a built-in on the same deals, and ``advise --opponents`` plays
it."""

import json
import shutil
from pathlib import Path

import pytest

from cardodds.cli import main
from cardodds.sim.user_loader import file_sha256

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


@pytest.fixture
def sam_folder(tmp_path):
    shutil.copy(EXAMPLES / "sam_keep_twos.py", tmp_path / "keep_twos.py")
    return tmp_path


def write_config(folder: Path, body: str, task: str = "sam.play", games: int = 40, chunk: int = 10) -> Path:
    path = folder / "exp.toml"
    path.write_text(f'[experiment]\nname = "byo"\ntask = "{task}"\ngames = {games}\nchunk_size = {chunk}\n'
                    f"seed = 5\n{body}")
    return path


def test_sam_seats_the_example_from_the_config_folder_with_the_same_numbers_on_two_workers(sam_folder, capsys,
                                                                                             monkeypatch):
    path = write_config(sam_folder, '[rules]\nplayers = 3\n[strategies]\n'
                                    'seats = [{python = "keep_twos.py:KeepTwos", until = 2}, "control", "control"]\n')
    monkeypatch.chdir(sam_folder.parent)  # the path is read from the config's folder, not the current one
    assert main(["run", str(path), "--out", str(sam_folder / "one")]) == 0
    assert main(["run", str(path), "--out", str(sam_folder / "two"), "--jobs", "2"]) == 0
    capsys.readouterr()
    one, two = ((sam_folder / d / "summary.csv").read_text() for d in ("one", "two"))
    assert one == two
    sha = file_sha256(sam_folder / "keep_twos.py")
    assert f"| seat 0 | plays keep_twos.py:KeepTwos (sha256 {sha}) |" in (sam_folder / "one" / "report.md").read_text()


def test_sam_arms_compare_the_example_with_a_built_in_on_the_same_deals(sam_folder, capsys):
    path = write_config(sam_folder, '[rules]\nplayers = 3\n'
                                    '[[arms]]\nname = "control"\n[arms.strategies]\nname = "control"\n'
                                    '[[arms]]\nname = "keep_twos"\n[arms.strategies]\n'
                                    'seats = [{python = "keep_twos.py:KeepTwos"}, "control", "control"]\n')
    assert main(["run", str(path), "--out", str(sam_folder / "arms"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert any(row["arm"] == "keep_twos" for row in out["differences"])
    report = (sam_folder / "arms" / "report.md").read_text()
    assert "| seat 0 (keep_twos) | plays keep_twos.py:KeepTwos (sha256 " in report


def test_the_sam_strength_table_rates_the_example(sam_folder, capsys):
    path = write_config(sam_folder, '[rules]\nplayers = 4\n[strategies]\n'
                                    'rungs = ["greedy", {python = "keep_twos.py:KeepTwos"}]\n', "sam.strength",
                        games=20, chunk=10)
    assert main(["run", str(path), "--out", str(sam_folder / "strength"), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert {r["metric"] for r in rows} >= {"score.greedy.KeepTwos"}
    assert "| rung 1 | plays keep_twos.py:KeepTwos (sha256 " in (sam_folder / "strength" / "report.md").read_text()


def test_advise_plays_the_example_as_the_opponents(sam_folder, capsys, monkeypatch):
    import cardodds.advise

    state = sam_folder / "state.json"
    state.write_text(json.dumps(cardodds.advise.position_at("sam", 3, 4)))
    monkeypatch.chdir(sam_folder)
    assert main(["advise", "sam", "--state", str(state), "--opponents", "keep_twos.py:KeepTwos", "--games", "20"]) == 0
    assert "KeepTwos" in capsys.readouterr().out
    assert main(["advise", "sam", "--state", str(state), "--opponents", "nowhere.py:KeepTwos"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot read the player file nowhere.py" in err


def test_chan_seats_the_example_with_the_same_numbers_on_two_workers(tmp_path, capsys):
    shutil.copy(EXAMPLES / "chan_keep_chans.py", tmp_path / "keep.py")
    path = write_config(tmp_path, '[strategies]\nseats = [{python = "keep.py:KeepChans", max_ca = 1}, "basic", '
                                  '"basic", "basic"]\n', "chan.play", games=20, chunk=5)
    assert main(["run", str(path), "--out", str(tmp_path / "one")]) == 0
    assert main(["run", str(path), "--out", str(tmp_path / "two"), "--jobs", "2"]) == 0
    capsys.readouterr()
    assert (tmp_path / "one" / "summary.csv").read_text() == (tmp_path / "two" / "summary.csv").read_text()
    assert "| seat 0 | plays keep.py:KeepChans (sha256 " in (tmp_path / "one" / "report.md").read_text()


def test_the_api_takes_a_user_class_as_the_opponents():
    import importlib.util

    import cardodds.advise

    spec = importlib.util.spec_from_file_location("sam_keep_twos", EXAMPLES / "sam_keep_twos.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    table = cardodds.advise.sam(cardodds.advise.position_at("sam", 3, 4), opponents=module.KeepTwos(until=1),
                                games=10)
    assert len(table) >= 1 and table.attrs["worlds"] == 10
