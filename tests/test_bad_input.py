"""The bad-input corpus of issue 24: each case refused with one line, before any work.

The command line: ``cardodds: error: …`` on one line of stderr, exit code 2, nothing on stdout and no run folder made.
The Python API: a :class:`CardoddsError` of one line that names the Python argument.  A case is a row of a table: its
input, and a fragment of the message it must give.  ``tests/test_fuzz.py`` throws random garbage at the same parsers;
these are the exact inputs that once gave a traceback, a hang, or a wrong answer.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

import pytest

import cardodds
from cardodds.cli import main
from cardodds.sim.errors import CardoddsError

ROOT = Path(__file__).resolve().parent.parent
CHAN_DEAL = str(ROOT / "configs" / "chan_deal.toml")
H19 = "2V 2V 3V 3V 4V 4V 5V 5V 6V 6V 7V 7V 8V 8V 9V 9V CC CC 2W"  # a 19-card Chắn hand (one 2W)
SAM_HAND = "3s 4s 5h 6d 7c 8s 9s 10h Jd Kd"
TAN_HAND = "6s 7s 8h 9d 10c Js Qd Ks"


def experiment(task: str, body: str, games: int = 200, chunk: int = 100) -> str:
    return f'[experiment]\nname = "x"\ntask = "{task}"\ngames = {games}\nchunk_size = {chunk}\n{body}'


TAN2 = '[rules]\nplayers = 2\n{rules}[strategies]\nseats = [{seat0}, "heuristic"]\n'
CONFIGS = {
    "tan_samples.toml": experiment("tan.play", TAN2.format(rules="", seat0='{name = "expert", worlds = 100000000}')),
    "tan_candidates.toml": experiment("tan.play", TAN2.format(rules="",
                                                             seat0='{name = "expert", max_candidates = 100000000}')),
    "tan_series.toml": experiment("tan.play", TAN2.format(rules="series_length = 1_000_000_000_000\n",
                                                          seat0='"basic"')),
    "tan_seats_text.toml": experiment("tan.play", '[strategies]\nseats = "basic"\n'),
    "sam_name_list.toml": experiment("sam.play", '[strategies]\ndefault = {name = ["control"]}\n'),
    "sam_seats_ints.toml": experiment("sam.play", "[rules]\nplayers = 4\n[strategies]\nseats = [1, 2, 3, 4]\n"),
    "sam_margin_nan.toml": experiment("sam.play", '[strategies]\ndefault = {name = "control", declare = "bayes", '
                                                  "margin = nan}\n"),
    "sam_series.toml": experiment("sam.play", "[rules]\nseries_length = 1_000_000_000_000\n", games=2000, chunk=500),
    "chan_series.toml": experiment("chan.play", "[rules]\nseries_length = 1_000_000_000_000\n"),
    "chan_seats_text.toml": experiment("chan.play", '[strategies]\nseats = "basic"\n'),
    "tan_tune.toml": experiment("tan.play", TAN2.format(rules="", seat0='"heuristic"'), games=400, chunk=20),
}

SERIES = "series_length must be a whole number >= 1 and at most 1000"
CLI_CASES = [
    # issue 24 item 8: tracebacks
    ("tan expert worlds", ["run", "{t}/tan_samples.toml"],
     "expert: knob 'worlds' = 100000000 is out of its range 1..1024"),
    ("tan expert max_candidates", ["run", "{t}/tan_candidates.toml"],
     "expert: knob 'max_candidates' = 100000000 is out of its range 2..54"),
    ("sam name a list", ["run", "{t}/sam_name_list.toml"], "default: unknown Sâm strategy ['control']"),
    ("sam seats numbers", ["run", "{t}/sam_seats_ints.toml"], "seats[0]: a strategy is a name or a table"),
    ("tan replay huge series", ["replay", "tan", "--seed", "1", "--config", "{t}/tan_series.toml"], SERIES),
    # item 9: accepted and wrong
    ("chan 275 cards", ["odds", "chan", "--hand", H19 + " 2W" * 256], "Nhị Văn (2W) appears 257 times"),
    ("chan 276 cards", ["odds", "chan", "--hand", H19 + " 2W" * 257], "Nhị Văn (2W) appears 258 times"),
    ("chan 33000 cards", ["odds", "chan", "--hand", "2W " * 33_000], "appears 33000 times; the deck has only 4"),
    ("sam margin nan", ["run", "{t}/sam_margin_nan.toml"], "control: knob 'margin' must be a finite number, not nan"),
    ("sam huge series", ["run", "{t}/sam_series.toml"], SERIES),
    ("chan huge series", ["run", "{t}/chan_series.toml"], SERIES),
    ("tan huge series", ["run", "{t}/tan_series.toml"], SERIES),
    ("resume a missing folder", ["run", CHAN_DEAL, "--resume", "--out", "{t}/none"],
     "--resume: {t}/none does not exist, so there is no run to continue; run without --resume to start one"),
    ("resume an empty folder", ["run", CHAN_DEAL, "--resume", "--out", "{t}/empty"],
     "{t}/empty is empty, so there is no run"),
    ("chan seats a string", ["run", "{t}/chan_seats_text.toml"], "'seats' must list one strategy per seat (4 players), not 'basic'"),
    ("tan seats a string", ["run", "{t}/tan_seats_text.toml"], "'seats' must list one strategy per seat (4 players), not 'basic'"),
    ("tune --out a folder", ["tune", "{t}/tan_tune.toml", "--out", "{t}/folder.toml"], "--out {t}/folder.toml: is a folder"),
    # item 10: hangs
    ("check /dev/zero", ["check", "chan", "/dev/zero"], "/dev/zero: is not a regular file"),
    ("run /dev/zero", ["run", "/dev/zero"], "/dev/zero: is not a regular file"),
    ("run a fifo", ["run", "{t}/fifo"], "fifo: is not a regular file"),
    ("check a fifo", ["check", "chan", "{t}/fifo"], "fifo: is not a regular file"),
    ("run a huge file", ["run", "{t}/huge.toml"], "huge.toml: is over 4 MiB, too large for an experiment file"),
    ("check a huge file", ["check", "chan", "{t}/huge.toml"], "is over 4 MiB, too large for a move log"),
    # the command's side of item 11: the same rules as the API's keywords, the options named
    ("odds --seed -1", ["odds", "chan", "--hand", H19, "--seed", "-1"], "--seed must be a whole number from 0 to 2**63 - 1"),
    ("run --seed too big", ["run", CHAN_DEAL, "--seed", str(2**63)], "--seed must be a whole number from 0 to 2**63 - 1"),
    ("tune --seed x", ["tune", "{t}/tan_tune.toml", "--seed", "x"], "--seed must be a whole number from 0 to 2**63 - 1"),
    ("run --jobs -3", ["run", CHAN_DEAL, "--jobs", "-3"], "--jobs must be a whole number >= 1 (or -1 for every core)"),
    ("odds chan --seat 4", ["odds", "chan", "--hand", H19, "--seat", "4"], "--seat must be a whole number from 0 to 3, not 4"),
    ("odds sam --opponents 7", ["odds", "sam", "--hand", SAM_HAND, "--opponents", "7"],
     "--opponents must be a whole number from 1 to 4, not 7"),
    ("odds tan --players 9", ["odds", "tan", "--hand", TAN_HAND, "--trump", "h", "--players", "9"],
     "--players must be a whole number from 2 to 6, not 9"),
    ("odds tan --seat 2 of 2", ["odds", "tan", "--hand", TAN_HAND, "--trump", "h", "--players", "2", "--seat", "2"],
     "--seat must be a whole number from 0 to 1, not 2"),
]


@pytest.fixture
def inputs(tmp_path):
    for name, text in CONFIGS.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "empty").mkdir()
    (tmp_path / "folder.toml").mkdir()
    os.mkfifo(tmp_path / "fifo")  # nobody writes to it: a reader that opened it would wait for ever
    with open(tmp_path / "huge.toml", "wb") as fh:
        fh.truncate(5 * 1024 * 1024)  # 5 MiB of zeros, sparse
    return tmp_path


@pytest.mark.parametrize("argv, message", [c[1:] for c in CLI_CASES], ids=[c[0] for c in CLI_CASES])
def test_the_command_refuses_with_one_line_and_exit_2(capsys, monkeypatch, inputs, argv, message):
    import cardodds.analysis.tune

    monkeypatch.setattr(cardodds.analysis.tune, "run_experiment", lambda *a, **k: pytest.fail("tuning before the check"))
    monkeypatch.chdir(inputs)  # a default run folder would land here
    before = sorted(p.name for p in inputs.iterdir())
    code = main([a.replace("{t}", str(inputs)) for a in argv])
    out, err = capsys.readouterr()
    assert code == 2 and err.startswith("cardodds: error: ") and err.count("\n") == 1, err
    assert message.replace("{t}", str(inputs)) in err
    assert out == "" and sorted(p.name for p in inputs.iterdir()) == before  # no work: nothing printed, nothing made
    assert not any((inputs / "empty").iterdir())


def _run(tmp_path, **kwargs):
    return cardodds.run(kwargs.pop("config", CHAN_DEAL), out=kwargs.pop("out", tmp_path / "out"), **kwargs)


API_CASES = [
    # issue 24 item 11: the hand
    ("hand None", lambda t: cardodds.odds.chan(None), "hand must be the cards as a string"),
    ("hand 123", lambda t: cardodds.odds.chan(123), "hand must be the cards as a string"),
    ("hand bytes", lambda t: cardodds.odds.chan(H19.encode()), "hand must be the cards as a string"),
    ("hand list of numbers", lambda t: cardodds.odds.chan([2, 2, 3]), "hand must be the cards as a string"),
    ("sam hand None", lambda t: cardodds.odds.sam(None, 2), "hand must be the cards as a string"),
    ("tan hand 5", lambda t: cardodds.odds.tan(5, "h"), "hand must be the cards as a string"),
    # the seed: a whole number 0 .. 2**63 - 1; None is refused (there is no random seed)
    ("seed -1", lambda t: cardodds.odds.chan(H19, seed=-1), "seed must be a whole number from 0 to 2**63 - 1, not -1"),
    ("seed 'x'", lambda t: cardodds.odds.chan(H19, seed="x"), "seed must be a whole number from 0 to 2**63 - 1, not 'x'"),
    ("seed 1.5", lambda t: cardodds.odds.chan(H19, seed=1.5), "seed must be a whole number from 0 to 2**63 - 1, not 1.5"),
    ("seed None", lambda t: cardodds.odds.chan(H19, seed=None), "seed must be a whole number from 0 to 2**63 - 1, not None"),
    ("seed True", lambda t: cardodds.odds.chan(H19, seed=True), "seed must be a whole number"),
    ("sam seed -1", lambda t: cardodds.odds.sam(SAM_HAND, 2, seed=-1), "seed must be a whole number"),
    ("tan seed 'x'", lambda t: cardodds.odds.tan(TAN_HAND, "h", seed="x"), "seed must be a whole number"),
    # the other keywords of odds
    ("odds games 0", lambda t: cardodds.odds.chan(H19, games=0), "games must be a whole number >= 1, not 0"),
    ("games 2.5", lambda t: cardodds.odds.tan(TAN_HAND, "h", games=2.5), "games must be a whole number >= 1, not 2.5"),
    ("chan seat 4", lambda t: cardodds.odds.chan(H19, seat=4), "seat must be a whole number from 0 to 3, not 4"),
    ("chan strategy 5", lambda t: cardodds.odds.chan(H19, strategy=5), "strategy must be a player's name"),
    ("chan strategy unknown", lambda t: cardodds.odds.chan(H19, strategy="nobody"), "strategy: unknown Chắn strategy 'nobody'"),
    ("chan strategy expert", lambda t: cardodds.odds.chan(H19, strategy="expert"), "strategy: odds chan simulates"),
    ("sam opponents '2'", lambda t: cardodds.odds.sam(SAM_HAND, "2"), "opponents must be a whole number from 1 to 4"),
    ("tan trump None", lambda t: cardodds.odds.tan(TAN_HAND, None), "trump must be a suit as a string"),
    ("tan players 1", lambda t: cardodds.odds.tan(TAN_HAND, "h", players=1), "players must be a whole number from 2 to 6"),
    ("tan seat 9", lambda t: cardodds.odds.tan(TAN_HAND, "h", seat=9), "seat must be a whole number from 0 to 3, not 9"),
    ("progress 'yes'", lambda t: cardodds.odds.chan(H19, progress="yes"), "progress must be True or False"),
    # run()
    ("run(123)", lambda t: _run(t, config=123), "config must be a path"),
    ("run(None)", lambda t: _run(t, config=None), "config must be a path"),
    ("run([path])", lambda t: _run(t, config=[CHAN_DEAL]), "config must be an experiment file or a non-empty list of its arms"),
    ("run([])", lambda t: _run(t, config=[]), "config must be an experiment file or a non-empty list"),
    ("out=5", lambda t: _run(t, out=5), "out must be a path (a string or a pathlib.Path), not 5"),
    ("precision 'x'", lambda t: _run(t, precision="x"), "precision must be a half-width > 0, e.g. 0.001, not 'x'"),
    ("precision nan", lambda t: _run(t, precision=math.nan), "precision must be a half-width > 0"),
    ("lang 'xx'", lambda t: _run(t, lang="xx"), "lang must be one of en, vi (the report's language), not 'xx'"),
    ("lang None", lambda t: _run(t, lang=None), "lang must be one of en, vi"),
    ("jobs -5", lambda t: _run(t, jobs=-5), "jobs must be a whole number >= 1 (or -1 for every core), not -5"),
    ("jobs 0", lambda t: _run(t, jobs=0), "jobs must be a whole number >= 1"),
    ("run games 0", lambda t: _run(t, games=0), "games must be a whole number >= 1, not 0"),
    ("max_games '5'", lambda t: _run(t, precision=0.01, max_games="5"), "max_games must be a whole number >= 1"),
    ("seed -1", lambda t: _run(t, seed=-1), "seed must be a whole number from 0 to 2**63 - 1, not -1"),
    ("metrics a string", lambda t: _run(t, precision=0.01, metrics="thien_u"), "metrics must be a list of metric names"),
    ("resume 'yes'", lambda t: _run(t, resume="yes"), "resume must be True or False"),
    ("resume, no folder", lambda t: _run(t, resume=True), "resume: {t}/out does not exist, so there is no run to continue; "
                                                          "pass resume=False to start one"),
    ("max_games without precision", lambda t: _run(t, max_games=5), "max_games only goes with precision"),
    ("metrics without precision", lambda t: _run(t, metrics=["thien_u"]),
     "metrics only goes with precision (an adaptive run); a fixed run takes games"),
    ("an unknown experiment name", lambda t: _run(t, config="tan_ladde"),
     "tan_ladde: no such experiment file, nor a shipped experiment (chan_deal, "),
    ("precision with arms", lambda t: _run(t, config="tan_ladder", precision=0.01),
     "precision runs one arm; this experiment has arms (run them with a fixed games)"),
    ("metrics naming no metric", lambda t: _run(t, precision=0.01, metrics=["nope"]),
     "metrics nope: experiment 'chan_deal' (chan.deal) has no such metric"),
    ("max_games below the start", lambda t: _run(t, precision=0.01, games=1_000_000, max_games=10),
     "max_games (10) is below the starting number of games (1,000,000)"),
]


@pytest.mark.parametrize("call, message", [c[1:] for c in API_CASES], ids=[c[0] for c in API_CASES])
def test_the_api_raises_one_line_naming_the_argument(tmp_path, call, message):
    with pytest.raises(CardoddsError) as info:
        call(tmp_path)
    text = str(info.value)
    assert "\n" not in text and message.replace("{t}", str(tmp_path)) in text
    assert "--" not in text  # the Python argument, never the command's option
    assert not (tmp_path / "out").exists()  # before any work (a bad lang once failed after the chunks were written)


def test_a_hand_may_be_a_list_of_card_strings():
    """Issue 23: a list of cards is the hand its string is, for every game."""
    assert cardodds.odds.chan(H19.split(), games=50).details == cardodds.odds.chan(H19, games=50).details
    assert cardodds.odds.sam(SAM_HAND.split(), 2, games=50).details == cardodds.odds.sam(SAM_HAND, 2, games=50).details
    tan = "6s 7s 8h 9d 10c Jh Qd Ks"
    assert cardodds.odds.tan(tan.split(), "c", games=50).details == cardodds.odds.tan(tan, "c", games=50).details


def _players():
    from cardodds.sim.chan.players import STRATEGIES as CHAN
    from cardodds.sim.sam.players import STRATEGIES as SAM
    from cardodds.sim.tan.players import STRATEGIES as TAN

    return [(game, name, cls) for game, table in (("chan", CHAN), ("sam", SAM), ("tan", TAN))
            for name, cls in table.items()]


@pytest.mark.parametrize("game, name, cls", _players(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_players_knobs_are_values_the_tuner_can_try(game, name, cls):
    """The tuner reads ``knobs`` as Range / Choice (the Tấn expert once declared tuples: an AttributeError)."""
    from cardodds.sim.knobs import Choice, Range, declared

    for knob, space in declared(cls).items():
        assert isinstance(space, (Range, Choice)), (knob, space)
        values = space.values()
        assert values and all(space.allows(v) for v in values)
        cls(**{knob: values[-1]})  # every value tried is one the player takes


def test_tune_with_the_tan_expert_at_the_tuned_seat_runs(capsys, tmp_path):
    """The issue's traceback (``--knobs samples``, now
    ``worlds``), on a budget too small to race: only the gain is measured."""
    config = tmp_path / "expert.toml"
    config.write_text(experiment("tan.play", TAN2.format(rules="", seat0='"expert"'), games=20, chunk=1))
    out = tmp_path / "knobs.toml"
    code = main(["tune", str(config), "--knobs", "worlds", "--out", str(out), "--no-progress", "--jobs", "1"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "tuned expert at table seat 0" in captured.out and 'strategy = "expert"' in out.read_text()
