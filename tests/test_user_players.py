"""Players a user wrote (issue 33), game-independent: the loader of ``{python = "file.py:Name"}``, the registry
seating them, pickling to workers, run identity, and the error path of a run — on the test-only ``pick.calls`` task
(``tests/demo_game/user_seat.py``, a fake game adapter)."""

import json
import pickle
import textwrap

import numpy as np
import pytest
from demo_game import user_seat as user_game

from cardodds.sim.errors import CardoddsError
from cardodds.sim.knobs import Range
from cardodds.sim.user_loader import relative_to
from cardodds.sim.user_player import UserPlayer, UserPlayerError

PLAYERS = '''\
from cardodds import UserPlayer, Range

class Tails(UserPlayer):
    knobs = {"after": Range(0, 3)}
    after: int = 0

    def decide(self, view, legal, rng):
        calls = view["calls"].split()
        return "T" if len(calls) >= self.after else "H"

class Coin(UserPlayer):
    def decide(self, view, legal, rng):
        return legal[int(rng.integers(2))]

def heads(view, legal, rng):
    return "H"

NOT_A_PLAYER = 3
'''


class Tails(UserPlayer):
    knobs = {"after": Range(0, 3)}
    after: int = 0

    def decide(self, view, legal, rng):
        return "T" if len(view["calls"].split()) >= self.after else "H"


def heads(view, legal, rng):
    return "H"


@pytest.fixture(autouse=True)
def registered():
    """``pick.calls`` is a task while a test runs (a pool worker needs no registry: it gets the chunk function)."""
    from cardodds.sim import registry

    registry.register_task(user_game.TASK)
    yield
    registry._REGISTERED.pop(user_game.TASK.name, None)


def write(folder, text=PLAYERS, name="my_players.py"):
    path = folder / name
    path.write_text(textwrap.dedent(text))
    return path


def test_a_python_table_loads_the_class_with_its_knobs_relative_to_the_config_folder(tmp_path, monkeypatch):
    write(tmp_path)
    monkeypatch.chdir(tmp_path.parent)
    with relative_to(tmp_path):
        seat = user_game.PLAYERS.make({"python": "my_players.py:Tails", "after": 2})
    assert isinstance(seat, user_game.UserSeat) and seat.player.after == 2
    assert seat.player.label() == "my_players.py:Tails"
    assert type(seat.player).origin[0] == str((tmp_path / "my_players.py").resolve())
    again = user_game.PLAYERS.make({"python": str(tmp_path / "my_players.py") + ":Tails", "after": 2})
    assert again == seat  # the file is imported once per content: one class


def test_the_registry_takes_a_class_an_instance_a_function_and_returns_a_seated_player_as_it_is():
    make = user_game.PLAYERS.make
    assert make(Tails).player == Tails() and make(Tails(after=3)).player.after == 3
    seated = make(heads)
    assert seated.player.decide({}, ["H", "T"], None) == "H" and seated.player.label() == "heads"
    assert make(heads) == seated and make(seated) is seated
    seats = user_game.PLAYERS.for_seats({"seats": [Tails(after=1), "heads"]}, 2)
    assert seats[0].player.after == 1 and isinstance(seats[1], user_game.Heads)
    assert user_game.PLAYERS.for_seats(heads, 2)[1].player == seated.player


@pytest.mark.parametrize("ref, text, message", [
    ("missing.py:X", None, r"cannot read the player file missing\.py"),
    ("bad.py:X", "def f(:\n", r"bad\.py, line 1: syntax error"),
    ("boom.py:X", "x = 1\nraise ValueError('no  way')\n", r"boom\.py, line 2: ValueError on import: no way"),
    ("bye.py:X", "import sys\nsys.exit(3)\n", r"bye\.py, line 2: SystemExit on import: 3"),
    ("my_players.py:Nobody", PLAYERS, r"my_players\.py has no 'Nobody'"),
    ("my_players.py:NOT_A_PLAYER", PLAYERS, r"NOT_A_PLAYER is neither a UserPlayer subclass nor a function"),
    ("my_players.py", PLAYERS, r"'python' must be \"file\.py:Name\""),
    ("post.py:P", "from cardodds import UserPlayer\nclass P(UserPlayer):\n    def __post_init__(self):\n"
                  "        raise ValueError('bad')\n", r"post\.py:P: ValueError: bad"),
])
def test_a_file_that_cannot_give_a_player_is_one_line(tmp_path, ref, text, message):
    if text is not None:
        write(tmp_path, text, ref.split(":")[0])
    with relative_to(tmp_path), pytest.raises(CardoddsError, match=message) as err:
        user_game.PLAYERS.make({"python": ref}, "c.toml [strategies]")
    assert str(err.value).startswith("c.toml [strategies]") and "\n" not in str(err.value)


@pytest.mark.parametrize("knobs, message", [
    ({"after": 9}, r"knob 'after' = 9 is out of its range 0\.\.3"),
    ({"afterr": 1}, r"unknown key 'afterr' \(did you mean 'after'\?\)"),
    ({"name": "heads"}, r"either 'python' .* or 'name'"),
])
def test_a_knob_unknown_or_out_of_range_is_one_line(tmp_path, knobs, message):
    write(tmp_path)
    with relative_to(tmp_path), pytest.raises(CardoddsError, match=message):
        user_game.PLAYERS.make({"python": "my_players.py:Tails", **knobs})
    with relative_to(tmp_path), pytest.raises(CardoddsError, match="is a function: it takes no knobs"):
        user_game.PLAYERS.make({"python": "my_players.py:heads", "after": 1})


def test_a_game_without_an_adapter_says_so():
    from cardodds.sim.players import PlayerRegistry

    registry = PlayerRegistry("Nim", {"heads": user_game.Heads}, default="heads")
    with pytest.raises(CardoddsError, match="Nim cannot seat a player written in Python yet"):
        registry.make(Tails)


def test_a_loaded_player_pickles_as_its_file_and_is_refused_once_the_file_changed(tmp_path):
    path = write(tmp_path)
    with relative_to(tmp_path):
        player = user_game.PLAYERS.make({"python": "my_players.py:Tails", "after": 1}).player
        function = user_game.PLAYERS.make({"python": "my_players.py:heads"}).player
    data = pickle.dumps(player)
    assert b"my_players.py" in data and pickle.loads(data) == player
    assert pickle.loads(pickle.dumps(function)).decide({}, ["H", "T"], None) == "H"
    assert pickle.loads(pickle.dumps(user_game.PLAYERS.make(heads))).player.label() == "heads"
    path.write_text(PLAYERS + "\n# edited\n")
    stale = pickle.loads(data)  # in a pool worker: refused at its first decision, not while unpickling
    with pytest.raises(UserPlayerError, match=r"my_players\.py:Tails: .* changed since the run started \(its sha256 "
                                              r"differs\); run again: an edited player file is a new run"):
        user_game.UserSeat(stale).call({}, None, 0)
    path.unlink()
    with pytest.raises(UserPlayerError, match=r"my_players\.py:Tails: cannot read the player file"):
        user_game.UserSeat(pickle.loads(data)).call({}, None, 0)


def test_ask_turns_a_wrong_answer_into_one_line_carrying_the_view(tmp_path):
    write(tmp_path, PLAYERS + "\nclass Wrong(UserPlayer):\n    def decide(self, view, legal, rng):\n"
                              "        return 'X'\n")
    with relative_to(tmp_path):
        seat = user_game.PLAYERS.make({"python": "my_players.py:Wrong"})
    view = {"rules": {"p": 0.5}, "calls": "", "tosses": ""}
    with pytest.raises(UserPlayerError, match=r"demo: player my_players\.py:Wrong at seat 1, call decision: "
                                              r"returned 'X', not one of the legal moves \(H, T\)") as err:
        seat.call(view, np.random.default_rng(0), 1)
    assert err.value.position == view and err.value.game == "demo"


CONFIG = '''\
[experiment]
name = "picks"
task = "pick.calls"
games = 50
chunk_size = 10
seed = 7
{extra}
[strategies]
seats = [{{python = "my_players.py:{player}"{knobs}}}, "heads"]
'''

FAULTS = PLAYERS + '''
CALLS = [0]

class Flaky(UserPlayer):
    """Misbehaves at its 75th decision (in the third chunk of 10 games of 3 calls)."""
    fault: str = "raise"

    def decide(self, view, legal, rng):
        CALLS[0] += 1
        if CALLS[0] < 75:
            return legal[0]
        if self.fault == "raise":
            return {}["no such key"]
        if self.fault == "loop":
            while True:
                pass
        if self.fault == "slow":  # once
            import time
            end = time.process_time() + 0.2
            while CALLS[0] == 75 and time.process_time() < end:
                pass
            return legal[0]
        return "X"
'''


def config(folder, player="Tails", knobs=", after = 1", extra="", text=PLAYERS):
    write(folder, text)
    path = folder / "picks.toml"
    path.write_text(CONFIG.format(player=player, knobs=knobs, extra=extra))
    return path


def test_a_run_seats_the_file_says_so_in_its_report_and_gives_the_same_numbers_with_two_workers(tmp_path, capsys):
    from cardodds.cli import main
    from cardodds.sim.user_loader import file_sha256

    path = config(tmp_path)
    assert main(["run", str(path), "--out", str(tmp_path / "one"), "--jobs", "1"]) == 0
    assert main(["run", str(path), "--out", str(tmp_path / "two"), "--jobs", "2"]) == 0
    one, two = ((tmp_path / d / "summary.csv").read_text() for d in ("one", "two"))
    assert one == two and "right" in one
    sha = file_sha256(tmp_path / "my_players.py")
    assert f"| seat 0 | plays my_players.py:Tails (sha256 {sha}) |" in (tmp_path / "one" / "report.md").read_text()
    manifest = json.loads((tmp_path / "one" / "manifest.json").read_text())
    assert manifest["identity"]["params"]["strategies"][0]["player"]["sha256"] == sha
    capsys.readouterr()


def test_an_edited_player_file_is_another_run(tmp_path, capsys):
    from cardodds.cli import main
    from cardodds.sim.experiment import load_experiment

    path = config(tmp_path)
    before = load_experiment(path).identity_hash()
    assert main(["run", str(path), "--out", str(tmp_path / "run"), "--games", "20"]) == 0
    write(tmp_path, PLAYERS.replace("legal[int(rng.integers(2))]", "legal[0]"))
    assert load_experiment(path).identity_hash() != before
    capsys.readouterr()
    assert main(["run", str(path), "--out", str(tmp_path / "run"), "--resume"]) == 2
    err = capsys.readouterr().err
    assert "holds a different run 'picks'" in err and "sha256" in err and err.count("\n") == 1


@pytest.mark.parametrize("fault, extra, said", [
    ("raise", "", r"raised KeyError: 'no such key'"),
    ("illegal", "", r"returned 'X', not one of the legal moves \(H, T\)"),
    ("slow", "decision_seconds = 0.05", r"(took|still deciding after) 0\.\d s, over the limit of 0\.05 s a decision"),
    ("loop", "decision_seconds = 0.2", r"still deciding after 0\.\d s, over the limit of 0\.2 s a decision"),
])
def test_a_player_that_misbehaves_stops_the_run_in_one_line_keeping_the_finished_chunks(tmp_path, capsys, fault,
                                                                                         extra, said):
    import re

    from cardodds.cli import main

    path = config(tmp_path, "Flaky", f', fault = "{fault}"', extra, FAULTS)
    out = tmp_path / "run"
    assert main(["run", str(path), "--out", str(out), "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardodds: error: demo: player my_players.py:Flaky at seat 0, "
                                                   "call decision: ")
    assert re.search(said, err)
    saved = out / "failed_decision.json"
    assert f"the 2 finished chunk(s) are kept in {out}; replay the position with: cardodds advise demo --state " \
           f"{saved}" in err
    position = json.loads(saved.read_text())
    assert position == {"rules": {"p": 0.5}, "calls": "H H", "tosses": position["tosses"]}
    assert sorted(p.name for p in (out / "chunks").iterdir()) == ["chunk-000000.npz", "chunk-000001.npz"]
    code = main(["advise", "demo", "--state", str(saved)])
    assert code == 0, capsys.readouterr().err


@pytest.mark.parametrize("player, knobs, said", [
    ("Tails", ", after = 7", (r"picks\.toml \[strategies\] seats\[0\] my_players\.py:Tails: knob 'after' = 7 is "
                              r"out of its range 0\.\.3")),
    ("Gone", "", r"picks\.toml \[strategies\] seats\[0\]: my_players\.py has no 'Gone'"),
])
def test_a_player_that_cannot_be_seated_is_refused_before_anything_is_written(tmp_path, capsys, player, knobs, said):
    import re

    from cardodds.cli import main

    path = config(tmp_path, player, knobs)
    assert main(["run", str(path), "--out", str(tmp_path / "run")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and re.search(said, err) and not (tmp_path / "run").exists()


def test_a_fault_in_a_pool_worker_comes_back_as_the_same_one_line(tmp_path, capsys):
    from cardodds.cli import main

    path = config(tmp_path, "Flaky", ', fault = "illegal"', "", FAULTS)
    out = tmp_path / "run"
    assert main(["run", str(path), "--out", str(out), "--jobs", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "at seat 0, call decision: returned 'X'" in err
    assert "cardodds advise demo --state" in err and (out / "failed_decision.json").is_file()
    kept = int(err.split("; the ")[1].split(" finished chunk(s)")[0])  # those saved before the fault came back
    assert kept == len(list((out / "chunks").glob("chunk-*.npz"))) < 5


@pytest.mark.parametrize("opponents", [{"python": "spy.py:Spy"}, {"seats": ["tuned", {"python": "spy.py:Spy"},
                                                                          "tuned", "tuned"]}, {"file": "k.toml"}])
def test_the_page_never_loads_code_from_a_request(tmp_path, monkeypatch, opponents):
    pytest.importorskip("starlette")
    from urllib.parse import quote

    from asgi_call import asgi_call

    import cardodds.advise

    write(tmp_path, f"open({str(tmp_path / 'loaded')!r}, 'w').close()\n", "spy.py")
    write(tmp_path, 'strategy = "Spy"\npython = "spy.py:Spy"\n[knobs]\n', "k.toml")  # a knobs file naming code
    monkeypatch.chdir(tmp_path)
    body = json.dumps(cardodds.advise.position_at("tan", 7, 5)).encode()
    status, answer = asgi_call("POST", f"/api/advise/tan?opponents={quote(json.dumps(opponents))}", body)
    assert status == 400 and json.loads(answer)["error"].startswith("opponents: the page never loads code")
    assert not (tmp_path / "loaded").exists()


def test_the_command_reads_opponents_file_py_class_as_a_player_you_wrote(tmp_path):
    from cardodds.cli_advise import opponents

    assert opponents("my_players.py:Tails") == {"python": "my_players.py:Tails"}
    assert opponents("tuned") == "tuned" and opponents('{"name": "tuned"}') == {"name": "tuned"}


def test_tune_tunes_the_declared_knob_and_writes_a_knobs_file_that_names_the_python_source(tmp_path, capsys):
    from cardodds.cli import main

    path = config(tmp_path, knobs="", extra="")
    path.write_text(path.read_text().replace('seed = 7', 'seed = 7\n[rules]\np = 0.9'))
    out = tmp_path / "tuned" / "tails.toml"
    assert main(["tune", str(path), "--seat", "0", "--games", "800", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "tuned my_players.py:Tails at table seat 0" in said and "after = 3 (was 0)" in said
    text = out.read_text()
    assert f'python = "{(tmp_path / "my_players.py").resolve()}:Tails"' in text and "after = 3" in text
    seat = user_game.PLAYERS.make({"file": str(out)})
    assert seat.player.after == 3 and seat.player.label() == "my_players.py:Tails"


def test_a_knobs_file_names_its_player_from_its_own_folder(tmp_path, monkeypatch):
    from cardodds.analysis.tune import knobs_toml

    write(tmp_path)
    result = {"gain_ci": [0.1, 0.2], "strategy": "my_players.py:Tails", "seat": 0, "config": "c.toml", "seed": 1,
              "games": 10, "metric": "right:0", "goal": "max", "validation_seed": 2, "gain": 0.15, "p_value": 0.01,
              "python": f"{(tmp_path / 'my_players.py').resolve()}:Tails", "knobs": {"after": 2}}
    text = knobs_toml(result, "cardodds tune c.toml", tmp_path)
    assert 'strategy = "my_players.py:Tails"\npython = "my_players.py:Tails"\n\n[knobs]\nafter = 2\n' in text
    (tmp_path / "k.toml").write_text(text)
    monkeypatch.chdir(tmp_path.parent)
    seat = user_game.PLAYERS.make({"file": f"{tmp_path.name}/k.toml", "after": 1})
    assert seat.player.after == 1 and type(seat.player).origin[0] == str((tmp_path / "my_players.py").resolve())
    with pytest.raises(CardoddsError, match="holds knobs of my_players.py:Tails, not of 'heads'"):
        user_game.PLAYERS.make({"file": f"{tmp_path.name}/k.toml", "name": "heads"})


def test_the_python_api_runs_a_dict_config_seating_a_class_and_a_function(tmp_path):
    import cardodds

    config = {"experiment": {"name": "api", "task": "pick.calls", "games": 40, "chunk_size": 10, "seed": 3},
              "rules": {"p": 0.7}, "strategies": {"seats": [Tails(after=2), heads]}}
    one = cardodds.run(config, out=tmp_path / "one")
    two = cardodds.run(config, out=tmp_path / "two", jobs=2)
    assert one.summary.equals(two.summary) and one.seating == ["Tails", "heads"]
    right = one.summary.set_index(["metric", "seat"]).loc[("right", 1), "estimate"]
    heads_right = json.loads((tmp_path / "one" / "manifest.json").read_text())["identity"]["params"]
    assert heads_right["strategies"][1]["player"]["source"] == "heads" and 0.5 < right < 0.9
    assert "# given to cardodds.run as a Python dict:" in (tmp_path / "one" / "experiment.toml").read_text()
    with pytest.raises(CardoddsError, match=r"config \[experiment\]: missing required key 'games'"):
        cardodds.run({"experiment": {"name": "x", "task": "pick.calls"}}, out=tmp_path / "three")


def test_a_ladder_and_a_sweep_take_a_player_the_user_wrote(tmp_path):
    from cardodds.sim.experiment import load_arms
    from cardodds.sim.user_player import seat_lines

    write(tmp_path)
    head = '[experiment]\nname = "l"\ntask = "pick.calls"\ngames = 20\nchunk_size = 10\n'
    ladder = tmp_path / "ladder.toml"
    ladder.write_text(head + '[ladder]\nrungs = ["heads", {python = "my_players.py:Tails", after = 2}]\n')
    arms = load_arms(ladder)
    assert [a.arm for a in arms] == ["heads_vs_heads", "heads_vs_Tails", "Tails_vs_heads", "Tails_vs_Tails"]
    lines = seat_lines(arms)
    assert list(lines) == ["seat 1 (heads_vs_Tails, Tails_vs_Tails)", "seat 0 (Tails_vs_heads, Tails_vs_Tails)"]
    sweep = tmp_path / "sweep.toml"
    sweep.write_text(head + '[strategies]\npython = "my_players.py:Tails"\n'
                            '[sweep]\nparameter = "strategies.after"\nvalues = [0, 3]\n')
    arms = load_arms(sweep)
    assert [a.arm for a in arms] == ["after=0", "after=3"]
    assert [a.params.strategies[1].player.after for a in arms] == [0, 3]
    assert arms[0].identity_hash() != arms[1].identity_hash()


def test_dask_workers_import_the_players_file_and_give_the_same_numbers(tmp_path, capsys):
    pytest.importorskip("distributed")
    from cardodds.cli import main

    path = config(tmp_path)
    assert main(["run", str(path), "--out", str(tmp_path / "one")]) == 0
    assert main(["run", str(path), "--out", str(tmp_path / "dask"), "--backend", "dask"]) == 0
    one, dask = ((tmp_path / d / "summary.csv").read_text() for d in ("one", "dask"))
    assert one == dask
    capsys.readouterr()


def test_a_run_stopped_by_the_time_limit_resumes_with_a_higher_limit_reusing_its_chunks(tmp_path, capsys):
    from cardodds.cli import main

    path = config(tmp_path, "Flaky", ', fault = "slow"', "decision_seconds = 0.05", FAULTS)
    out = tmp_path / "run"
    assert main(["run", str(path), "--out", str(out), "--jobs", "1"]) == 2
    assert "the 2 finished chunk(s) are kept" in capsys.readouterr().err
    path.write_text(path.read_text().replace("decision_seconds = 0.05", "decision_seconds = 5"))
    assert main(["run", str(path), "--out", str(out), "--resume", "--jobs", "1"]) == 0
    said = capsys.readouterr().out
    assert "50 games: 30 computed now" in said and "20 reused from chunks computed earlier" in said


def test_code_without_a_file_is_hashed_by_its_compiled_code():
    from cardodds.sim.user_player import code_sha256

    first = {}
    exec("from cardodds import UserPlayer\nclass P(UserPlayer):\n    def decide(self, view, legal, rng):\n"
         "        return legal[0]\n", first)
    second = {}
    exec("from cardodds import UserPlayer\nclass P(UserPlayer):\n    def decide(self, view, legal, rng):\n"
         "        return legal[-1]\n", second)
    assert None is not code_sha256(first["P"]) != code_sha256(second["P"]) is not None
    assert code_sha256(Tails) == code_sha256(user_game.PLAYERS.make(heads).player.__class__)  # this file's hash


def test_a_decision_that_never_ends_is_stopped_outside_the_main_thread_too():
    """A Dask worker runs chunks in a thread, where no CPU-time alarm reaches: the watchdog stops an endless loop
    there, and a decision that returns in time is left alone (the thread goes on deciding)."""
    import threading

    from cardodds.sim.user_player import ask, decision_limit

    class Loop(UserPlayer):
        def decide(self, view, legal, rng):
            while view:
                pass

    class Quick(UserPlayer):
        def decide(self, view, legal, rng):
            return legal[-1]

    out = {}

    def worker():
        with decision_limit(0.2):
            out["quick"] = [ask(Quick(), {"k": 1}, ["a", "b"], None, seat=2, game="coin") for _ in range(50)]
            try:
                ask(Loop(), {"k": 1}, ["a", "b"], None, seat=1, game="coin", decision="toss")
            except UserPlayerError as exc:
                out["error"] = exc

    thread = threading.Thread(target=worker, daemon=True)  # a failed check must not hang the run
    thread.start()
    thread.join(30)
    assert not thread.is_alive() and out["quick"] == ["b"] * 50
    message = str(out["error"])
    assert message.startswith("coin: player Loop at seat 1, toss decision: still deciding after 0.")
    assert message.endswith("over the limit of 0.2 s a decision") and out["error"].position == {"k": 1}
