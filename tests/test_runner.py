"""The chunked runner: reproducibility across jobs, resume, torn/foreign chunks, folder rules, Ctrl-C."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

from cardodds.sim.errors import CardoddsError
from cardodds.sim.experiment import hash_identity, load_experiment
from cardodds.sim.runner import RunInterrupted, chunk_path, chunk_sizes, merge_counts, run_experiment
from cardodds.sim.streams import BIT_GENERATOR, DEAL, chunk_seed, stream

CONFIG = """\
[experiment]
name = "coin"
task = "demo.coin"
games = 10_000
chunk_size = 2_000
seed = {seed}
[rules]
p = 0.3
"""



def experiment(tmp_path: Path, seed: int = 11, **kwargs):
    path = tmp_path / f"coin-{seed}.toml"
    path.write_text(CONFIG.format(seed=seed), encoding="utf-8")
    return load_experiment(path, **kwargs)


def expected_heads(seed: int, sizes: list[int], p: float = 0.3) -> list[int]:
    """What each chunk must count: chunk k flips with the DEAL stream of chunk_seed(seed, k)."""
    return [int(np.count_nonzero(stream(chunk_seed(seed, k), DEAL).random(n) < p)) for k, n in enumerate(sizes)]


def heads(result) -> list[int]:
    return [int(c["heads"]) for c in result.chunk_counts]


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_chunk_sizes():
    assert chunk_sizes(10, 3) == [3, 3, 3, 1]
    assert chunk_sizes(9, 3) == [3, 3, 3]
    assert chunk_sizes(1, 250_000) == [1]


def test_fresh_run_real_values_and_layout(tmp_path):
    exp = experiment(tmp_path)
    out = tmp_path / "run"
    result = run_experiment(exp, out, progress=False)
    want = expected_heads(11, [2000] * 5)
    assert heads(result) == want
    assert int(result.counts["heads"]) == sum(want) and int(result.counts["games"]) == 10_000
    assert (result.games, result.chunks, result.computed) == (10_000, 5, 5)
    assert result.meta["seed"] == 11 and result.meta["bit_generator"] == BIT_GENERATOR
    assert result.meta["numpy"] == np.__version__
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["cardodds_run"] == 1 and manifest["status"] == "complete"
    assert manifest["identity_hash"] == exp.identity_hash() and manifest["identity"] == exp.identity()
    assert (manifest["games"], manifest["chunk_size"], manifest["chunks"], manifest["seed"]) == (10_000, 2000, 5, 11)
    assert manifest["bit_generator"] == BIT_GENERATOR and manifest["numpy"] == np.__version__
    assert (out / "experiment.toml").read_text() == exp.text
    assert sorted(p.name for p in (out / "chunks").iterdir()) == [f"chunk-{k:06d}.npz" for k in range(5)]
    with np.load(chunk_path(out, 3)) as npz:
        meta = json.loads(str(npz["__cardodds__"]))
        assert int(npz["heads"]) == want[3] and int(npz["games"]) == 2000
    assert meta["identity_hash"] == exp.identity_hash() and (meta["chunk"], meta["n"]) == (3, 2000)


def test_jobs_two_identical_to_jobs_one(tmp_path):
    exp = experiment(tmp_path)
    one = run_experiment(exp, tmp_path / "one", jobs=1, progress=False)
    two = run_experiment(exp, tmp_path / "two", jobs=2, progress=False)
    assert heads(one) == heads(two)
    assert {k: int(v) for k, v in one.counts.items()} == {k: int(v) for k, v in two.counts.items()}
    assert two.meta["jobs"] == 2 and two.meta["backend"] == "loky" and one.meta["backend"] == "in-process"
    threads = run_experiment(exp, tmp_path / "threads", jobs=2, backend="threading", progress=False)
    default = run_experiment(exp, tmp_path / "default", jobs=-1, backend=None, progress=False)
    assert heads(threads) == heads(default) == heads(one) == expected_heads(11, [2000] * 5)
    # chunk files hold the same counts
    for k in range(5):
        with np.load(chunk_path(tmp_path / "one", k)) as a, np.load(chunk_path(tmp_path / "two", k)) as b:
            assert int(a["heads"]) == int(b["heads"])


def test_same_seed_same_counts_other_seed_other_counts(tmp_path):
    a = run_experiment(experiment(tmp_path, seed=11), tmp_path / "a", progress=False)
    b = run_experiment(experiment(tmp_path, seed=11), tmp_path / "b", progress=False)
    c = run_experiment(experiment(tmp_path, seed=12), tmp_path / "c", progress=False)
    assert heads(a) == heads(b)
    assert heads(c) == expected_heads(12, [2000] * 5)
    assert heads(a) != heads(c)


def test_resume_recomputes_only_deleted_chunks(tmp_path):
    exp, out = experiment(tmp_path), tmp_path / "run"
    first = run_experiment(exp, out, progress=False)
    chunk_path(out, 1).unlink()
    chunk_path(out, 4).unlink()
    untouched = chunk_path(out, 2).stat().st_mtime_ns
    again = run_experiment(exp, out, resume=True, progress=False)
    assert again.computed == 2
    assert heads(again) == heads(first)
    assert chunk_path(out, 2).stat().st_mtime_ns == untouched
    # nothing missing: nothing computed
    assert run_experiment(exp, out, resume=True, progress=False).computed == 0


def test_resume_extends_games(tmp_path):
    out = tmp_path / "run"
    run_experiment(experiment(tmp_path), out, progress=False)
    longer = experiment(tmp_path, games=14_000)
    result = run_experiment(longer, out, resume=True, progress=False)
    assert result.computed == 2 and result.chunks == 7 and result.games == 14_000
    fresh = run_experiment(longer, tmp_path / "fresh", progress=False)
    assert heads(result) == heads(fresh) == expected_heads(11, [2000] * 7)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["games"] == 14_000 and manifest["chunks"] == 7 and manifest["status"] == "complete"


def test_resume_partial_last_chunk_is_recomputed(tmp_path, capsys):
    out = tmp_path / "run"
    run_experiment(experiment(tmp_path, games=9_000), out, progress=False)  # last chunk: 1000 games
    capsys.readouterr()
    result = run_experiment(experiment(tmp_path, games=10_000), out, resume=True, progress=False)
    assert result.computed == 1
    assert heads(result) == expected_heads(11, [2000] * 5)
    err = capsys.readouterr().err
    assert "chunk-000004.npz holds 1000 games, this run needs 2000" in err and err.count("\n") == 1


def test_torn_and_foreign_chunks_are_recomputed(tmp_path, capsys):
    out = tmp_path / "run"
    first = run_experiment(experiment(tmp_path), out, progress=False)
    other = tmp_path / "other"
    run_experiment(experiment(tmp_path, seed=99), other, progress=False)
    data = chunk_path(out, 1).read_bytes()
    chunk_path(out, 1).write_bytes(data[: len(data) // 2])  # torn
    shutil.copyfile(chunk_path(other, 2), chunk_path(out, 2))  # another seed's chunk 2
    shutil.copyfile(chunk_path(out, 0), chunk_path(out, 3))  # this run's chunk 0 under the wrong name
    capsys.readouterr()
    again = run_experiment(experiment(tmp_path), out, resume=True, progress=False)
    err = capsys.readouterr().err.splitlines()
    assert again.computed == 3
    assert heads(again) == heads(first)
    assert len(err) == 3 and all(line.startswith("cardodds: warning: ") for line in err)
    assert "chunk-000001.npz cannot be read" in err[0]
    assert "chunk-000002.npz belongs to another run" in err[1]
    assert "chunk-000003.npz holds chunk 0, not chunk 3" in err[2]


def test_non_run_folder_is_left_untouched(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_text("precious")
    (folder / "manifest.json").write_text('{"something": "else"}')
    before = files(folder)
    for resume in (False, True):
        with pytest.raises(CardoddsError, match="is not a cardodds run folder; refusing to write into it") as info:
            run_experiment(experiment(tmp_path), folder, resume=resume, progress=False)
        assert "\n" not in str(info.value)
    assert files(folder) == before


def test_existing_run_without_resume_is_refused(tmp_path):
    out = tmp_path / "run"
    run_experiment(experiment(tmp_path), out, progress=False)
    before = files(out)
    with pytest.raises(CardoddsError, match="already holds run 'coin'; add --resume to continue it or choose another"):
        run_experiment(experiment(tmp_path), out, progress=False)
    assert files(out) == before


def test_resume_of_a_different_run_says_what_differs(tmp_path):
    out = tmp_path / "run"
    run_experiment(experiment(tmp_path), out, progress=False)
    before = files(out)
    with pytest.raises(CardoddsError, match=r"seed 11 vs 12") as info:
        run_experiment(experiment(tmp_path, seed=12), out, resume=True, progress=False)
    assert "\n" not in str(info.value)
    path = tmp_path / "p.toml"
    path.write_text(CONFIG.format(seed=11).replace("p = 0.3", "p = 0.4"))
    with pytest.raises(CardoddsError, match=r"p 0.3 vs 0.4"):
        run_experiment(load_experiment(path), out, resume=True, progress=False)
    assert files(out) == before



def test_a_folder_of_the_older_identity_format_is_refused_untouched(tmp_path):
    """Before the identity was made of the validated parameters, it held the config's tables as written (format 1,
    no ``format`` key): such a finished folder is neither resumed nor overwritten, and the message says why."""
    out = tmp_path / "run"
    exp = experiment(tmp_path)
    run_experiment(exp, out, progress=False)
    manifest = json.loads((out / "manifest.json").read_text())
    old = {"task": "demo.coin", "seed": 11, "chunk_size": 2000, "sections": {"rules": {"p": 0.3}},
           "cardodds": manifest["identity"]["cardodds"]}
    manifest.update(identity=old, identity_hash=hash_identity(old))
    (out / "manifest.json").write_text(json.dumps(manifest))
    before = files(out)
    with pytest.raises(CardoddsError, match=r"holds a different run 'coin' \(it was made by a cardodds that "
                                            r"identified runs by another format\); cannot resume it") as info:
        run_experiment(exp, out, resume=True, progress=False)
    assert "\n" not in str(info.value)
    with pytest.raises(CardoddsError, match="already holds run 'coin'"):
        run_experiment(exp, out, progress=False)
    assert files(out) == before


def test_empty_or_missing_folder_and_resume_on_new_folder(tmp_path):
    (tmp_path / "empty").mkdir()
    assert run_experiment(experiment(tmp_path), tmp_path / "empty", progress=False).computed == 5
    assert run_experiment(experiment(tmp_path), tmp_path / "a" / "b", resume=True, progress=False).computed == 5


def test_file_as_out_dir_and_bad_jobs(tmp_path):
    (tmp_path / "f").write_text("x")
    with pytest.raises(CardoddsError, match="is a file"):
        run_experiment(experiment(tmp_path), tmp_path / "f", progress=False)
    with pytest.raises(CardoddsError, match="--jobs"):
        run_experiment(experiment(tmp_path), tmp_path / "r", jobs=0, progress=False)
    with pytest.raises(CardoddsError, match="--backend: Invalid backend: nope"):
        run_experiment(experiment(tmp_path), tmp_path / "r2", jobs=2, backend="nope", progress=False)


def test_keyboard_interrupt_keeps_finished_chunks(tmp_path):
    exp, out = experiment(tmp_path), tmp_path / "run"
    real = exp.task.run_chunk

    def interrupted_at_2(params, seed_seq, n):
        if seed_seq.spawn_key == (2,):
            raise KeyboardInterrupt
        return real(params, seed_seq, n)

    broken = dataclasses.replace(exp, task=dataclasses.replace(exp.task, run_chunk=interrupted_at_2))
    with pytest.raises(RunInterrupted) as info:
        run_experiment(broken, out, progress=False)
    message = str(info.value)
    assert "2 of 5 chunks are saved" in message and "--resume" in message and "\n" not in message
    assert isinstance(info.value, CardoddsError)
    assert sorted(p.name for p in (out / "chunks").iterdir()) == ["chunk-000000.npz", "chunk-000001.npz"]
    assert json.loads((out / "manifest.json").read_text())["status"] == "running"
    resumed = run_experiment(exp, out, resume=True, progress=False)
    assert resumed.computed == 3
    assert heads(resumed) == expected_heads(11, [2000] * 5)


def test_merge_checks_keys_and_shapes():
    a = {"games": np.int64(2), "hist": np.array([1, 1])}
    assert merge_counts([a, a])["hist"].tolist() == [2, 2]
    assert a["hist"].tolist() == [1, 1]  # inputs not modified
    with pytest.raises(CardoddsError, match="chunk 1 counts"):
        merge_counts([a, {"games": np.int64(2)}])
    with pytest.raises(CardoddsError, match="chunk 1 count 'hist' has shape"):
        merge_counts([a, {"games": np.int64(2), "hist": np.array([1, 1, 0])}])


def test_wrong_games_from_task_is_caught(tmp_path):
    exp = experiment(tmp_path)
    bad = dataclasses.replace(
        exp, task=dataclasses.replace(exp.task, run_chunk=lambda params, seed_seq, n: {"games": n - 1})
    )
    with pytest.raises(ValueError, match="returned games"):
        run_experiment(bad, tmp_path / "run", progress=False)


def test_progress_bar_counts_games(tmp_path, capsys):
    run_experiment(experiment(tmp_path), tmp_path / "run", progress=True)
    err = capsys.readouterr().err
    assert "10.0k/10.0k" in err and "coin" in err
    run_experiment(experiment(tmp_path), tmp_path / "quiet", progress=None)  # stderr is not a TTY here
    assert capsys.readouterr().err == ""


def interrupted_after(exp, chunks: int):
    """``exp`` whose task stops (Ctrl-C) when asked for chunk ``chunks``."""
    real = exp.task.run_chunk

    def run_chunk(params, seed_seq, n):
        if seed_seq.spawn_key == (chunks,):
            raise KeyboardInterrupt
        return real(params, seed_seq, n)

    return dataclasses.replace(exp, task=dataclasses.replace(exp.task, run_chunk=run_chunk))


@pytest.mark.parametrize("games", [2 * 10**10, 10**15])
def test_memory_does_not_depend_on_the_number_of_games(tmp_path, games):
    """Chunks are planned one at a time: 10**15 games (5 * 10**11 chunks) start as cheaply as 10,000."""
    import tracemalloc

    exp = interrupted_after(experiment(tmp_path, games=games), 3)
    tracemalloc.start()
    try:
        with pytest.raises(RunInterrupted, match=f"3 of {games // 2000:,} chunks are saved"):
            run_experiment(exp, tmp_path / "run", progress=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * 2**20, f"peak {peak / 2**20:.0f} MiB"  # a list of 10**7 chunk sizes alone is 80 MiB
    assert json.loads((tmp_path / "run" / "manifest.json").read_text())["chunks"] == games // 2000


def test_a_long_run_says_how_long_it_will_take(tmp_path, capsys, monkeypatch):
    import cardodds.sim.runner

    monkeypatch.setattr(cardodds.sim.runner, "ETA_AFTER", 0.0)  # measure after the second chunk: no waiting in a test
    with pytest.raises(RunInterrupted):
        run_experiment(interrupted_after(experiment(tmp_path, games=10**15), 3), tmp_path / "run", progress=False)
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"cardodds: note: coin: {10**15 - 4000:,} games to go; at the ") and len(err) == 1
    assert re.search(r" games/s measured so far that takes about [\d,.]+ (years|days)", err[0]), err[0]
    assert "Ctrl-C stops it" in err[0]
    run_experiment(experiment(tmp_path), tmp_path / "short", progress=False)  # a short run says nothing
    assert capsys.readouterr().err == ""


def test_fmt_duration():
    from cardodds.sim.runner import fmt_duration

    assert [fmt_duration(s) for s in (6.71, 75, 150, 3 * 3600, 5 * 86400, 3e9)] == [
        "6.7 s", "75 s", "2.5 min", "3.0 h", "5.0 days", "95.1 years"]


def test_result_says_what_was_computed_now_and_what_was_reused(tmp_path):
    exp, out = experiment(tmp_path), tmp_path / "run"
    first = run_experiment(exp, out, progress=False)
    assert (first.games_computed, first.games_reused) == (10_000, 0)
    chunk_path(out, 1).unlink()
    again = run_experiment(experiment(tmp_path, games=12_000), out, resume=True, progress=False)
    assert (again.games, again.games_computed, again.games_reused, again.computed) == (12_000, 4_000, 8_000, 2)
    assert (again.meta["games_computed"], again.meta["games_reused"]) == (4_000, 8_000)
