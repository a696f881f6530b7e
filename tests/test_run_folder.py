"""Run folders: whose they are at every level (top folder and each arm's), a refused run writes nothing, one writer at
a time (a lock naming its holder; a dead holder's lock is taken over), and a run killed before its manifest resumes."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardodds.cli import main
from cardodds.sim.errors import CardoddsError
from cardodds.sim.experiment import load_experiment
from cardodds.sim.folder_lock import LOCK_FILE
from cardodds.sim.runner import chunk_path, run_experiment

REPO = Path(__file__).resolve().parent.parent

COIN = """\
[experiment]
name = "coin"
task = "demo.coin"
games = 4_000
chunk_size = 1_000
seed = 5
[rules]
p = 0.3
"""
COIN_ARMS = """\
[experiment]
name = "coin_arms"
task = "demo.coin"
games = 4_000
chunk_size = 1_000
seed = 5
[[arms]]
name = "fair"
[arms.rules]
p = 0.5
[[arms]]
name = "biased"
[arms.rules]
p = 0.6
"""
OTHER_ARMS = COIN_ARMS.replace('name = "coin_arms"', 'name = "other_arms"').replace('"biased"', '"loaded"')



@pytest.fixture
def configs(tmp_path):
    paths = {}
    for name, text in (("coin", COIN), ("coin_arms", COIN_ARMS), ("other_arms", OTHER_ARMS)):
        paths[name] = tmp_path / f"{name}.toml"
        paths[name].write_text(text, encoding="utf-8")
    return paths


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def cli(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def run_cli(capsys, config, out, *extra) -> tuple[int, str, str]:
    return cli(capsys, "run", config, "--jobs", "1", "--no-progress", "--out", out, *extra)


# --- 1. "not ours" at every level; a refused run writes nothing -------------------------------------------------------


@pytest.mark.parametrize("first, second", [("coin", "coin_arms"), ("coin_arms", "coin"), ("coin_arms", "other_arms")])
@pytest.mark.parametrize("resume", [False, True])
def test_a_run_never_writes_into_another_experiments_folder(capsys, tmp_path, configs, first, second, resume):
    out = tmp_path / "F"
    assert run_cli(capsys, configs[first], out)[0] == 0
    before = files(out)
    code, stdout, err = run_cli(capsys, configs[second], out, *(["--resume"] if resume else []))
    assert code == 2 and err.count("\n") == 1 and err.startswith("cardodds: error: "), err
    assert ("holds a different run" if resume else "already holds run") in err
    assert files(out) == before  # summary, report, manifest untouched, no arms/ added


def test_arms_run_checks_every_arm_folder_before_writing(capsys, tmp_path, configs):
    out = tmp_path / "F"
    assert run_cli(capsys, configs["coin_arms"], out)[0] == 0
    chunk_path(out / "arms" / "fair", 3).unlink()  # something to compute on resume
    (out / "arms" / "biased" / "manifest.json").write_text('{"something": "else"}')
    before = files(out)
    code, stdout, err = run_cli(capsys, configs["coin_arms"], out, "--resume")
    assert code == 2 and f"{out / 'arms' / 'biased'}: is not a cardodds run folder" in err and err.count("\n") == 1
    assert files(out) == before  # the fair arm was not resumed either


def test_arms_run_resumes_its_own_folder_and_records_itself(capsys, tmp_path, configs):
    out = tmp_path / "F"
    code, first, err = run_cli(capsys, configs["coin_arms"], out, "--json")
    assert code == 0
    manifest = json.loads((out / "manifest.json").read_text())
    assert (manifest["kind"], manifest["name"], manifest["arms"], manifest["status"]) == (
        "arms", "coin_arms", ["fair", "biased"], "complete")
    chunk_path(out / "arms" / "biased", 2).unlink()
    code, stdout, err = run_cli(capsys, configs["coin_arms"], out, "--resume")
    assert code == 0 and "8,000 games: 1,000 computed now in " in stdout and "7,000 reused" in stdout, stdout + err
    code, again, err = run_cli(capsys, configs["coin_arms"], out, "--resume", "--json")
    assert code == 0 and json.loads(again) == json.loads(first)


def test_a_rejected_arms_run_leaves_no_folder(capsys, tmp_path, configs):
    out = tmp_path / "F"
    code, stdout, err = run_cli(capsys, configs["coin_arms"], out, "--games", "1000")
    assert code == 2 and "a paired interval needs at least 2 chunks (this run has 1)" in err and err.count("\n") == 1
    assert not out.exists()


# --- 3. a run killed before its manifest is written -----------------------------------------------------------------


class Killed(BaseException):
    """Stands for SIGKILL: nothing after it runs (not even ``except Exception``)."""


def test_a_run_killed_while_writing_its_first_manifest_resumes(tmp_path, monkeypatch):
    exp, out = load_experiment(_write(tmp_path, COIN)), tmp_path / "run"
    real_replace = os.replace

    def killed_at_the_manifest(src, dst, *args, **kwargs):
        if str(dst).endswith("manifest.json"):
            raise Killed
        return real_replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", killed_at_the_manifest)
    with pytest.raises(Killed):
        run_experiment(exp, out, progress=False)
    monkeypatch.setattr(os, "replace", real_replace)
    assert out.is_dir() and not (out / "manifest.json").exists()
    shutil.copytree(out, tmp_path / "copy")
    assert run_experiment(exp, out, resume=True, progress=False).computed == 4  # what it left is recognised as ours
    assert run_experiment(exp, tmp_path / "copy", progress=False).computed == 4  # with or without --resume


def test_the_partial_start_of_a_run_is_recognised_as_ours(tmp_path):
    exp, out = load_experiment(_write(tmp_path, COIN)), tmp_path / "run"
    (out / "chunks").mkdir(parents=True)  # what a run killed before its manifest left, before this was fixed
    (out / LOCK_FILE).write_text('{"pid": 1, "host": "h", "since": "then"}\n')
    (out / ".manifest.json.x1y2.tmp").write_bytes(b'{"cardodds_run": 1, "na')
    result = run_experiment(exp, out, resume=True, progress=False)
    assert result.computed == 4 and json.loads((out / "manifest.json").read_text())["status"] == "complete"
    (tmp_path / "theirs").mkdir()
    (tmp_path / "theirs" / "chunks").mkdir()
    (tmp_path / "theirs" / "chunks" / "thesis.txt").write_text("precious")  # a non-empty chunks/ is not a partial start
    with pytest.raises(CardoddsError, match="is not a cardodds run folder"):
        run_experiment(exp, tmp_path / "theirs", resume=True, progress=False)


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "coin.toml"
    path.write_text(text, encoding="utf-8")
    return path


# --- 2. one writer at a time -----------------------------------------------------------------------------------------

HOLD = """\
import sys, time
from pathlib import Path
from cardodds.sim.folder_lock import folder_lock
with folder_lock(Path(sys.argv[1])):
    print("locked", flush=True)
    time.sleep(120)
"""


def hold_lock(folder: Path) -> subprocess.Popen:
    """Another process holding ``folder``'s lock (as a run writing there would)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(folder)], cwd=REPO, stdout=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert proc.stdout.readline().strip() == "locked"
    return proc


def test_a_folder_being_written_is_refused_then_taken_over_when_its_holder_dies(capsys, tmp_path, configs):
    out = tmp_path / "F"
    assert run_cli(capsys, configs["coin"], out)[0] == 0
    chunk_path(out, 1).unlink()
    holder = hold_lock(out)
    try:
        before = files(out)
        code, stdout, err = run_cli(capsys, configs["coin"], out, "--resume")
        assert code == 2 and err.count("\n") == 1, err
        assert f"{out}: another cardodds run is writing here (pid {holder.pid} on host " in err
        assert files(out) == before
    finally:
        holder.kill()
        holder.wait(timeout=60)
    # The holder died without unlocking (SIGKILL): its lock file is still there, naming it, and is taken over.
    assert json.loads((out / LOCK_FILE).read_text())["pid"] == holder.pid
    code, stdout, err = run_cli(capsys, configs["coin"], out, "--resume")
    assert code == 0 and "1,000 computed now" in stdout, err


def test_two_concurrent_runs_of_one_folder_the_second_is_refused(capsys, tmp_path):
    config = tmp_path / "slow.toml"
    config.write_text(
        "[experiment]\nname = 'slow'\ntask = 'chan.deal'\ngames = 2_000_000\nchunk_size = 2_000\nseed = 1\n", encoding="utf-8"
    )
    out = tmp_path / "F"
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardodds.cli", "run", str(config), "--jobs", "1", "--no-progress", "--out", str(out)],
        cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while not list((out / "chunks").glob("chunk-*.npz")) if (out / "chunks").is_dir() else True:
            assert proc.poll() is None, proc.stderr.read()
            assert time.monotonic() < deadline, "no chunk within 120 s"
            time.sleep(0.01)
        code, stdout, err = run_cli(capsys, config, out, "--resume")
        assert proc.poll() is None, "the first run must still be writing"
        assert code == 2 and f"another cardodds run is writing here (pid {proc.pid} on host " in err, err
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=60)


# --- 4. no stale lock once a run is over -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["coin", "coin_arms"])
def test_a_finished_run_leaves_no_lock_file_and_resumes(capsys, tmp_path, configs, name):
    out = tmp_path / "F"
    assert run_cli(capsys, configs[name], out)[0] == 0
    assert sorted(p.relative_to(out) for p in out.rglob(LOCK_FILE)) == []
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["status"] == "complete"
    code, stdout, err = run_cli(capsys, configs[name], out, "--resume")
    assert code == 0 and "0 computed now" in stdout, (stdout, err)
    assert list(out.rglob(LOCK_FILE)) == []


def test_the_lock_file_lives_as_long_as_the_lock(tmp_path):
    from cardodds.sim.folder_lock import folder_lock

    with folder_lock(tmp_path):
        assert json.loads((tmp_path / LOCK_FILE).read_text())["pid"] == os.getpid()
        with folder_lock(tmp_path):  # re-entrant: the inner hold leaves the file to the outer one
            pass
        assert (tmp_path / LOCK_FILE).is_file()
    assert not (tmp_path / LOCK_FILE).exists()
    with pytest.raises(RuntimeError), folder_lock(tmp_path):
        raise RuntimeError("a run stopped by an error")
    assert not (tmp_path / LOCK_FILE).exists()


def test_a_lock_file_deleted_by_its_holder_under_us_is_not_held(tmp_path, monkeypatch):
    """Between our open and our lock, the holder finishes and deletes the file (another run may then create a new one):
    what we locked is no longer the folder's lock, so we lock the file at the path instead."""
    from cardodds.sim import folder_lock as module

    path, real_try_lock, calls = tmp_path / LOCK_FILE, module._try_lock, []

    def holder_lets_go_first(fd):
        if not calls:
            path.unlink()
            path.write_text("a new run's lock\n")
        calls.append(os.fstat(fd).st_ino)
        return real_try_lock(fd)

    path.write_text('{"pid": 1, "host": "h", "since": "then"}\n')
    monkeypatch.setattr(module, "_try_lock", holder_lets_go_first)
    fd = module._lock_file(path, tmp_path)
    try:
        assert len(calls) == 2 and os.fstat(fd).st_ino == path.stat().st_ino
    finally:
        os.close(fd)
