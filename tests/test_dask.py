"""The Dask backend: same seed ⇒ the same counts as loky and as one process; backend/scheduler settings and errors."""

from __future__ import annotations

import socket
from pathlib import Path

import numpy as np
import pytest

from cardodds.analysis.estimate import summarize
from cardodds.sim.backends import joblib_backend, resolve_backend
from cardodds.sim.errors import CardoddsError
from cardodds.sim.experiment import load_experiment
from cardodds.sim.runner import run_experiment

pytest.importorskip("distributed")

CONFIG = Path(__file__).resolve().parent.parent / "configs" / "chan_deal.toml"
GAMES = 250_000  # chunks of 100k, 100k, 50k


def as_ints(counts):
    return {key: np.asarray(value).tolist() for key, value in counts.items()}


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The jobs=1 run every backend must reproduce exactly."""
    exp = load_experiment(CONFIG, games=GAMES)
    return run_experiment(exp, tmp_path_factory.mktemp("one") / "run", jobs=1, progress=False)


@pytest.fixture(scope="module")
def cluster():
    """A loopback cluster started by the test (its address plays the part of a real scheduler)."""
    from cardodds.sim.backends import local_cluster

    with local_cluster() as local:
        yield local


def test_local_cluster_run_equals_loky_and_one_process(tmp_path, reference):
    exp = load_experiment(CONFIG, games=GAMES)
    dask_run = run_experiment(exp, tmp_path / "dask", jobs=2, backend="dask", progress=False)
    loky_run = run_experiment(exp, tmp_path / "loky", jobs=2, backend="loky", progress=False)
    assert dask_run.computed == 3 and dask_run.games == GAMES
    assert as_ints(dask_run.counts) == as_ints(loky_run.counts) == as_ints(reference.counts)
    assert [as_ints(c) for c in dask_run.chunk_counts] == [as_ints(c) for c in reference.chunk_counts]
    assert int(reference.counts["hist.chan_count"].sum()) == 4 * GAMES  # the counts are real tallies
    assert summarize(exp.task, dask_run.counts, exp.params) == summarize(exp.task, reference.counts, exp.params)
    assert dask_run.meta["backend"] == "dask" and dask_run.meta["scheduler"] == "local cluster"
    assert loky_run.meta["backend"] == "loky" and loky_run.meta["scheduler"] is None


def test_config_backend_and_scheduler_reach_the_runner(tmp_path, reference, cluster):
    text = CONFIG.read_text(encoding="utf-8").replace(
        "seed = 20261129", f'seed = 20261129\nbackend = "dask"\nscheduler = "{cluster.scheduler_address}"'
    )
    path = tmp_path / "chan_dask.toml"
    path.write_text(text, encoding="utf-8")
    exp = load_experiment(path, games=GAMES)
    assert (exp.backend, exp.scheduler) == ("dask", cluster.scheduler_address)
    # Where chunks run is not part of the run's identity: the jobs=1 run folder resumes on the cluster.
    assert exp.identity_hash() == reference.experiment.identity_hash()
    result = run_experiment(exp, tmp_path / "run", jobs=1, progress=False)  # dask ignores jobs
    assert result.computed == 3 and result.meta["scheduler"] == cluster.scheduler_address
    assert as_ints(result.counts) == as_ints(reference.counts)


def test_resume_on_dask_recomputes_only_missing_chunks(tmp_path, reference, cluster):
    exp = load_experiment(CONFIG, games=GAMES)
    out = tmp_path / "run"
    run_experiment(exp, out, jobs=1, progress=False)
    (out / "chunks" / "chunk-000001.npz").unlink()
    again = run_experiment(
        exp, out, resume=True, backend="dask", scheduler=cluster.scheduler_address, progress=False
    )
    assert again.computed == 1 and as_ints(again.counts) == as_ints(reference.counts)


@pytest.mark.parametrize(
    "table, cli, want",
    [
        ((None, None), {}, ("loky", None)),
        (("dask", None), {}, ("dask", None)),
        (("dask", "tcp://10.0.0.5:8786"), {}, ("dask", "tcp://10.0.0.5:8786")),
        ((None, "tcp://h:8786"), {}, ("dask", "tcp://h:8786")),
        (("dask", "tcp://h:8786"), {"backend": "loky"}, ("loky", None)),
        (("loky", None), {"backend": "dask"}, ("dask", None)),
        ((None, None), {"scheduler": "h:8786"}, ("dask", "h:8786")),
        (("dask", "tcp://a:1"), {"scheduler": "tcp://b:2"}, ("dask", "tcp://b:2")),
    ],
)
def test_resolve_backend(table, cli, want):
    assert resolve_backend(*table, **cli) == want


@pytest.mark.parametrize(
    "table, cli, message",
    [
        (("spark", None), {}, "'backend' must be one of 'loky', 'dask', not 'spark'"),
        ((3, None), {}, "'backend' must be one of"),
        (("loky", "tcp://h:1"), {}, "'scheduler' needs backend = \"dask\""),
        (("dask", 8786), {}, "'scheduler' must be a string"),
        (("dask", "tcp://h 1\nx"), {}, "'scheduler' must look like 'tcp://host:8786'"),
        ((None, None), {"backend": "ray"}, "--backend must be one of loky, dask, not 'ray'"),
        ((None, None), {"backend": "loky", "scheduler": "tcp://h:1"}, "--scheduler needs --backend dask"),
    ],
)
def test_bad_backend_settings_are_one_line_errors(table, cli, message):
    with pytest.raises(CardoddsError) as info:
        resolve_backend(*table, **cli)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_bad_backend_in_a_config_names_the_file(tmp_path):
    path = tmp_path / "x.toml"
    path.write_text("[experiment]\nname='x'\ntask='chan.deal'\ngames=10\nbackend='spark'\n", encoding="utf-8")
    with pytest.raises(CardoddsError, match=r"x.toml \[experiment\]: 'backend' must be one of 'loky', 'dask'"):
        load_experiment(path)


def test_unreachable_scheduler_is_a_one_line_error(tmp_path):
    with socket.socket() as sock:  # a loopback port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(CardoddsError) as info:
        with joblib_backend("dask", f"tcp://127.0.0.1:{port}", timeout=1):
            pass
    message = str(info.value)
    assert message.startswith(f"--scheduler tcp://127.0.0.1:{port}: cannot reach the Dask scheduler") and "\n" not in message


def test_an_unreachable_scheduler_leaves_no_run_folder_behind(tmp_path, monkeypatch, cluster):
    """Issue 35: a failed `--scheduler` start left manifest.json, experiment.toml and chunks/ behind, and the folder was
    then refused; the scheduler is reached before the folder is made, so the same --out then runs."""
    import cardodds.sim.backends

    monkeypatch.setattr(cardodds.sim.backends, "CONNECT_TIMEOUT", 1.0)
    with socket.socket() as sock:  # a loopback port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    out = tmp_path / "run"
    for config in (CONFIG, CONFIG.parent / "tan_strategies.toml"):  # one arm, and arms (a top folder of their own)
        code, stdout, err = cli("run", str(config), "--games", "20000", "--no-progress", "--out", str(out),
                                "--scheduler", f"tcp://127.0.0.1:{port}")
        assert code == 2 and err.count("\n") == 1, err
        assert err.startswith(f"cardodds: error: --scheduler tcp://127.0.0.1:{port}: cannot reach the Dask scheduler")
        assert not out.exists()
    code, stdout, err = cli("run", str(CONFIG), "--games", "20000", "--no-progress", "--out", str(out),
                            "--scheduler", cluster.scheduler_address)
    assert code == 0 and err == "", err


def test_loky_passes_through():
    with joblib_backend("loky") as name:
        assert name == "loky"
    with joblib_backend(None) as name:
        assert name is None


def cli(*argv):
    import contextlib
    import io

    from cardodds.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_command_line_backend_and_scheduler(tmp_path, reference, cluster):
    """``cardodds run --backend dask [--scheduler ADDRESS]``: the same rows as the jobs=1 run."""
    import json

    want = summarize(reference.experiment.task, reference.counts, reference.experiment.params)
    common = ["run", str(CONFIG), "--games", str(GAMES), "--json", "--no-progress"]
    for extra in (["--backend", "dask"], ["--scheduler", cluster.scheduler_address]):
        code, out, err = cli(*common, "--out", str(tmp_path / extra[0]), *extra)
        assert code == 0 and err == "", err
        rows = {(r["metric"], r["seat"]): r["estimate"] for r in json.loads(out)["rows"]}
        assert rows == {(r["metric"], r["seat"]): r["estimate"] for r in want}
    for extra, message in (
        (["--backend", "spark"], "invalid choice: 'spark'"),
        (["--backend", "loky", "--scheduler", "tcp://h:1"], "--scheduler needs --backend dask"),
        (["--scheduler", "not an address"], "'scheduler' must look like 'tcp://host:8786'"),
    ):
        code, out, err = cli(*common, "--out", str(tmp_path / "bad"), *extra)
        assert code == 2 and err.startswith("cardodds: error: ") and err.count("\n") == 1 and message in err, err
