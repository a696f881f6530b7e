"""Never lose work: a run killed outright (SIGKILL) or stopped with Ctrl-C (SIGINT) resumes to exactly the summary of
an uninterrupted run.  The run is a real ``cardodds run --jobs 2`` in its own process group, like a shell job."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardodds.cli import main

REPO = Path(__file__).resolve().parent.parent
CHUNKS = 60
CHUNK = 40_000  # big enough that a loaded machine cannot finish all 60 chunks before the interrupt lands
CONFIG = f"""\
[experiment]
name = "crash"
task = "chan.deal"
games = {CHUNKS * CHUNK}
chunk_size = {CHUNK}
seed = 7
"""


@pytest.fixture(scope="module")
def config(tmp_path_factory):
    path = tmp_path_factory.mktemp("config") / "crash.toml"
    path.write_text(CONFIG, encoding="utf-8")
    return path


def with_backend(config: Path, backend: str) -> Path:
    """The same experiment (same identity) with ``backend`` set in its file."""
    if backend == "loky":
        return config
    pytest.importorskip("distributed")
    path = config.with_name(f"crash-{backend}.toml")
    path.write_text(CONFIG.replace("seed = 7", f'seed = 7\nbackend = "{backend}"'), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def uninterrupted(config, tmp_path_factory):
    """The rows of the same run played start to finish in one process."""
    out = tmp_path_factory.mktemp("whole") / "run"
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["run", str(config), "--jobs", "1", "--out", str(out), "--json", "--no-progress"]) == 0
    return json.loads(buf.getvalue())["rows"]


def chunk_files(out: Path) -> list[Path]:
    return sorted((out / "chunks").glob("chunk-*.npz")) if (out / "chunks").is_dir() else []


def _foreground_signals() -> None:
    """In the child before it starts: Ctrl-C handled as in a shell's foreground job, whatever this process inherited
    (a shell starts background jobs with SIGINT ignored, and an ignored SIGINT stays ignored across exec)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def start_run(config: Path, out: Path, *extra: str) -> subprocess.Popen:
    """``cardodds run`` as a shell would start it: its own process group, workers included."""
    return subprocess.Popen(
        [sys.executable, "-m", "cardodds.cli", "run", str(config), "--jobs", "2", "--out", str(out), "--no-progress", *extra],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_foreground_signals,
    )


def interrupt_midway(proc: subprocess.Popen, out: Path, sig: int, at_least: int = 3) -> tuple[str, str]:
    """Wait until ``at_least`` chunk files exist, send ``sig`` to the whole process group, collect the output."""
    deadline = time.monotonic() + 120
    while len(chunk_files(out)) < at_least:
        if proc.poll() is not None:
            pytest.fail(f"the run ended (code {proc.returncode}) before it could be interrupted: {proc.stderr.read()}")
        if time.monotonic() > deadline:
            os.killpg(proc.pid, signal.SIGKILL)
            pytest.fail("no chunk file appeared within 120 s")
        time.sleep(0.005)
    os.killpg(proc.pid, sig)
    try:
        return proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(f"the run did not stop within 60 s of signal {sig}")


def without_notes(stderr: str) -> str:
    """stderr without the run's time estimate (printed when a loaded machine makes the run look long), and without
    the warning loky's resource tracker (a process of joblib's, in the same process group) may print when the
    interrupt reaches it too."""
    lines = stderr.splitlines(keepends=True)
    tracker = {i for i, line in enumerate(lines) if "resource_tracker" in line}
    return "".join(line for i, line in enumerate(lines)
                   if not line.startswith("cardodds: note: ") and i not in tracker)


def resume(config: Path, out: Path) -> tuple[list[dict], str]:
    """``cardodds run … --resume --json`` (in this process: the interrupted run's processes are all gone)."""
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = main(["run", str(config), "--jobs", "2", "--out", str(out), "--no-progress", "--resume", "--json"])
    assert code == 0, stderr.getvalue()
    return json.loads(stdout.getvalue())["rows"], without_notes(stderr.getvalue())


def test_sigkill_midway_then_resume_gives_the_uninterrupted_summary(config, uninterrupted, tmp_path):
    out = tmp_path / "run"
    proc = start_run(config, out)
    interrupt_midway(proc, out, signal.SIGKILL)
    assert proc.returncode == -signal.SIGKILL
    saved = chunk_files(out)
    assert 3 <= len(saved) < CHUNKS, "the kill must land in the middle of the run"
    assert json.loads((out / "manifest.json").read_text())["status"] == "running"
    # A file torn by the crash (a filesystem without atomic rename) and a leftover temp file are dealt with too.
    saved[0].write_bytes(saved[0].read_bytes()[:100])
    (out / "chunks" / ".chunk-000059.npz.abc.tmp").write_bytes(b"half a chunk")

    rows, stderr = resume(config, out)
    assert rows == uninterrupted
    assert f"{saved[0].name} cannot be read" in stderr and stderr.count("\n") == 1
    assert len(chunk_files(out)) == CHUNKS and not list((out / "chunks").glob(".*.tmp"))
    assert json.loads((out / "manifest.json").read_text())["status"] == "complete"
    thien_u = next(r for r in rows if r["metric"] == "thien_u")
    assert thien_u["n"] == CHUNKS * CHUNK


@pytest.mark.parametrize("backend", ["loky", "dask"])
def test_ctrl_c_stops_cleanly_says_how_to_resume_and_resumes(config, uninterrupted, tmp_path, backend):
    out = tmp_path / "run"
    config = with_backend(config, backend)
    proc = start_run(config, out)
    stdout, stderr = interrupt_midway(proc, out, signal.SIGINT)
    stderr = without_notes(stderr)
    assert proc.returncode == 130  # an interrupt, not bad input (2), nor death by signal
    assert "Traceback" not in stderr and stderr.count("\n") == 1, stderr
    saved = len(chunk_files(out))
    assert stderr == (
        f"cardodds: interrupted: {saved} of {CHUNKS} chunks are saved in {out}; continue with: cardodds run {config} "
        f"--jobs 2 --out {out} --no-progress --resume\n"
    )
    assert saved < CHUNKS and stdout == ""

    rows, stderr = resume(config, out)
    assert rows == uninterrupted and stderr == ""


def live_children(pid: int) -> set[int]:
    """Processes whose parent is ``pid`` and that are not zombies (Linux /proc)."""
    children = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                children.add(int(stat.parent.name))
    return children


def loky_workers(pid: int) -> set[int]:
    """The pool's worker processes among ``pid``'s children (not its resource trackers)."""
    workers = set()
    for child in live_children(pid):
        with contextlib.suppress(OSError):
            if b"popen_loky_posix" in Path(f"/proc/{child}/cmdline").read_bytes():
                workers.add(child)
    return workers


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, dead but not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


SLOW = '[experiment]\nname = "slow"\ntask = "tan.play"\ngames = 2_000_000\nchunk_size = 4_000\nseed = 7\n'
"""Full Tấn games: chunks of tens of milliseconds, so the run is still going when it is killed."""


def survivors_of_kill(proc: subprocess.Popen, pids: set[int], seconds: float) -> set[int]:
    """SIGKILL the run's process alone (not its group), then wait up to ``seconds`` for ``pids`` to end; the living."""
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=60)  # not communicate(): orphaned workers would hold its pipes open
    deadline = time.monotonic() + seconds
    while {pid for pid in pids if alive(pid)} and time.monotonic() < deadline:
        time.sleep(0.05)
    return {pid for pid in pids if alive(pid)}


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_workers_exit_when_the_run_is_killed(config, tmp_path):
    """kill -9 of the run's process alone (not its group): its pool workers notice and exit, within a bounded wait."""
    slow = tmp_path / "slow.toml"
    slow.write_text(SLOW, encoding="utf-8")
    out = tmp_path / "run"
    proc = start_run(slow, out)
    try:
        deadline = time.monotonic() + 120
        # the pool is up, then every worker is past its first chunk: killed mid-compute (the resource trackers, also
        # the run's children, end with the workers)
        while len(loky_workers(proc.pid)) < 2 or len(chunk_files(out)) < 3:
            assert proc.poll() is None, proc.stderr.read()
            assert time.monotonic() < deadline, "no pool at work within 120 s"
            time.sleep(0.01)
        workers = loky_workers(proc.pid)
        done = len(chunk_files(out))
        while len(chunk_files(out)) < done + 4:
            assert proc.poll() is None, proc.stderr.read()
            assert time.monotonic() < deadline, "the pool stopped writing chunks"
            time.sleep(0.01)
        # the workers check every 0.5 s; a loaded machine may be slow to schedule
        assert not survivors_of_kill(proc, workers, seconds=60), "pool workers outlived the run"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_pool_processes_exit_when_the_run_is_killed_as_its_pool_starts(tmp_path):
    """kill -9 of the run's process while its workers are still starting: they and loky's resource trackers end
    within seconds (they start watching the run before they import cardodds), not after the pool's idle timeout."""
    slow = tmp_path / "slow.toml"
    slow.write_text(SLOW, encoding="utf-8")
    proc = start_run(slow, tmp_path / "run")
    try:
        deadline = time.monotonic() + 120
        while len(loky_workers(proc.pid)) < 2:  # both workers exist and are still starting
            assert proc.poll() is None, proc.stderr.read()
            assert time.monotonic() < deadline, "no pool within 120 s"
            time.sleep(0.005)
        pool = live_children(proc.pid)  # the two workers and the two resource trackers
        # well under loky's 300 s idle timeout, with room for a loaded machine
        assert not survivors_of_kill(proc, pool, seconds=30), "the pool's processes outlived the run"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)


# --- bounded memory: the runner keeps no per-chunk counts ----------------------------------------------------------

COIN = """\
[experiment]
name = "coin"
task = "demo.coin"
games = 8_000
chunk_size = 2_000
seed = 11
"""


def coin_experiment(tmp_path: Path):
    from cardodds.sim.experiment import load_experiment

    path = tmp_path / "coin.toml"
    path.write_text(COIN, encoding="utf-8")
    return load_experiment(path)


@pytest.mark.parametrize("max_early", [0, 64])
def test_chunks_finishing_out_of_order_are_added_in_chunk_order(tmp_path, monkeypatch, max_early):
    """Float sums depend on the order of addition: chunk 0 finishes last, yet the total is the in-order sum."""
    import dataclasses

    import numpy as np

    import cardodds.sim.runner
    from cardodds.sim.runner import run_experiment

    monkeypatch.setattr(cardodds.sim.runner, "_MAX_EARLY", max_early)  # 0: every early chunk is read back from its file
    values = [1e16, 1.0, -1e16, 1.0]  # summed in chunk order: 1.0; with chunk 0 last: 0.0 or 2.0

    def run_chunk(params, seed_seq, n):
        k = seed_seq.spawn_key[0]
        if k == 0:
            time.sleep(0.3)
        return {"games": np.int64(n), "x": np.float64(values[k])}

    exp = coin_experiment(tmp_path)
    exp = dataclasses.replace(exp, task=dataclasses.replace(exp.task, run_chunk=run_chunk))
    result = run_experiment(exp, tmp_path / "run", jobs=4, backend="threading", progress=False)
    assert float(result.counts["x"]) == 1.0 and int(result.counts["games"]) == 8_000
    assert [float(c["x"]) for c in result.chunk_counts] == values


def test_per_chunk_counts_are_read_from_the_chunk_files(tmp_path):
    from cardodds.sim.errors import CardoddsError
    from cardodds.sim.runner import ChunkCounts, chunk_path, run_experiment

    exp = coin_experiment(tmp_path)
    one = run_experiment(exp, tmp_path / "one", jobs=1, progress=False)
    two = run_experiment(exp, tmp_path / "two", jobs=2, progress=False)
    assert isinstance(two.chunk_counts, ChunkCounts) and len(two.chunk_counts) == 4
    heads = [int(c["heads"]) for c in one.chunk_counts]
    assert [int(c["heads"]) for c in two.chunk_counts] == heads and sum(heads) == int(two.counts["heads"])
    assert int(two.chunk_counts[-1]["heads"]) == heads[3] and [int(c["heads"]) for c in two.chunk_counts[1:3]] == heads[1:3]
    with pytest.raises(IndexError):
        two.chunk_counts[4]
    chunk_path(tmp_path / "two", 2).unlink()
    with pytest.raises(CardoddsError, match=r"chunk-000002.npz cannot be read .*re-run with --resume") as info:
        two.chunk_counts[2]
    assert "\n" not in str(info.value)
