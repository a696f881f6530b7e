"""The ``cardodds`` command line.

Every user error ends in one line on stderr, ``cardodds: error: …``, and exit code 2; Ctrl-C exits 130.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from pathlib import Path

from cardodds import cli_advise
from cardodds.api import (check_games, check_half_width, check_jobs, check_seed, check_whole, game, games,
                          resolve_jobs, resume_folder, run_folder, spoken)
from cardodds.errors import CardoddsError, RunInterrupted
from cardodds.vocabulary import LANGUAGES

REPORTS = Path("reports")


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit code 2, and a command refuses options it does not take."""

    def error(self, message):
        raise CardoddsError(f"{message} (see '{self.prog} --help')")

    def parse_known_args(self, args=None, namespace=None):
        # Each (sub)command checks its own leftovers, so `odds sam --trump h` names `odds sam`, not `cardodds`.
        namespace, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"{self.prog} does not take {' '.join(extras)}")
        return namespace, extras


def _checked(option: str, check, number=int):
    """An argparse type: the text as a ``number`` (``1_000`` too), then ``check(value, option)`` — the one rule and
    message of :mod:`cardodds.sim.arguments` that the Python API applies to its keywords."""

    def parse(text: str):
        try:
            value = number(text.replace("_", ""))
        except ValueError:
            value = text
        return check(value, option)  # a CardoddsError passes through argparse to main: one line, exit 2

    return parse


def _count(option: str):
    """An argparse type for a number of games."""
    return _checked(option, check_games)


def _seat(value, option: str) -> int:
    """A seat number: a whole number >= 0 (its upper bound depends on the table, checked where that is known)."""
    return check_whole(value, option, 0)


def _positive(text: str) -> int:
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number >= 0, not {value}")
    return value


def _resume_command(args, out: Path) -> str:
    """The command line that continues this run: the same words, with ``--resume`` (and ``--out``) added."""
    words = list(args.argv)
    if not any(w == "--out" or w.startswith("--out=") for w in words):
        words += ["--out", str(out)]
    if args.command == "run" and "--resume" not in words and out.exists():  # nothing to resume before the folder
        words.append("--resume")
    return "cardodds " + shlex.join(words)


def _interrupted(exc: BaseException, args, out: Path) -> RunInterrupted:
    """Ctrl-C, wherever it came: what is saved and the command that continues."""
    if isinstance(exc, RunInterrupted) and exc.saved is not None:
        saved = f"{exc.saved:,} of {exc.chunks:,} chunks are saved in {exc.folder}"
    else:
        saved = f"every finished chunk is saved in {out}"
    return RunInterrupted(f"interrupted: {saved}; continue with: {_resume_command(args, out)}")


def _lang_flag(parser) -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="the report's language: en (default) or vi (Vietnamese, with the games' own terms)")


def cmd_run(args) -> int:
    from cardodds.runs import check_run_flags, load_arms, run

    check_run_flags(args.precision, args.max_games, args.metric)
    arms = load_arms(args.config, games=args.games, seed=args.seed, backend=args.backend, scheduler=args.scheduler)
    out = run_folder(args.out or REPORTS / "runs" / arms[0].name)
    if args.resume:
        resume_folder(out)
    args.jobs = resolve_jobs(args.jobs)
    try:
        result = run(arms, games=args.games, jobs=args.jobs, out=out, resume=args.resume, precision=args.precision,
                     max_games=args.max_games, metrics=args.metric, lang=args.lang, progress=args.progress,
                     command=" ".join(["cardodds", *args.argv]))
    except (KeyboardInterrupt, RunInterrupted) as exc:
        raise _interrupted(exc, args, out) from None
    print(result.to_json() if args.json else result.to_text())
    return 0


def cmd_report(args) -> int:
    from cardodds.reports import report

    out = run_folder(args.out or REPORTS / ("quick" if args.quick else "latest"))
    try:
        result = report(out, quick=args.quick, jobs=args.jobs, showcase=args.showcase, progress=args.progress,
                        lang=args.lang, suite=args.suite)
    except (KeyboardInterrupt, RunInterrupted) as exc:
        raise _interrupted(exc, args, out) from None
    if args.showcase:
        print(f"showcase written to {args.showcase}")
    print(result.text)
    return 0


def cmd_exact(args) -> int:
    from cardodds import exact

    if game(args.game).exact_shape != "metrics":
        rows = game(args.game).hook("exact")()  # one row per option combination, a column per quantity
        if args.json:
            print(json.dumps(rows, ensure_ascii=False))
        else:
            for r in rows:
                opts = ", ".join(f"{k}={v}" for k, v in r.items() if not isinstance(v, float))
                probs = "  ".join(f"{k} {v:.6g}" for k, v in r.items() if isinstance(v, float))
                print(f"{opts}\n    {probs}")
        return 0
    rows = exact.metrics(args.game).to_dict("records")  # one row per quantity, with its fraction
    if args.json:
        print(json.dumps([{k: str(v) if k == "fraction" else v for k, v in r.items() if k not in ("one_in", "label")} for r in rows],
                         ensure_ascii=False))
    else:
        for r in rows:
            print(f"{r['metric']:<24} seat {r['seat']}  {r['exact']:<14.10g} = {r['fraction']}"
                  + (f"  ≈ {r['one_in']}" if r["one_in"] else ""))
    return 0


def _odds_keywords(args) -> dict:
    """The keywords of ``cardodds.odds.<game>`` from the options typed, as its question declares them (the API
    checks each under its option's name: ``--seat must be …``)."""
    question, prog = game(args.game).question(), f"cardodds odds {args.game}"
    for f in question.fields:
        if f.required and getattr(args, f.name) is None:
            raise CardoddsError(f"the following arguments are required: {f.flag()} (see '{prog} --help')")
    keywords = {f.name: f.read(getattr(args, f.name)) for f in question.fields if getattr(args, f.name) is not None}
    if not question.simulated:  # an exact answer: --games and --seed go with a position
        cli_advise.refuse(prog, {"--games": args.games, "--seed": args.seed}, "--hand", "--state")
        return keywords
    return {**keywords, "games": args.games, "seed": 1 if args.seed is None else args.seed, "progress": args.progress}


def cmd_odds(args) -> int:
    from cardodds import odds

    if args.state is not None:
        if args.hand is not None:
            raise CardoddsError("--hand and --state are two questions (an opening hand, a mid-game position): "
                                "give one")
        result = cli_advise.odds_of_state(args)
        print(json.dumps(result.details, ensure_ascii=False) if args.json else result.text)
        return 0
    cli_advise.check_hand_mode(args)
    result = getattr(odds, args.game)(args.hand, **_odds_keywords(args))
    print(json.dumps(result.details, ensure_ascii=False) if args.json else result.text)
    return 0


def cmd_replay(args) -> int:
    from cardodds.replays import replay

    result = replay(args.game, args.seed, state_at=args.state_at, advise=args.advise, opponents=args.opponents,
                    games=args.games, time=args.time, config=args.config, arm=args.arm, log=args.log)
    if result.note:  # on stderr beside --state-at's JSON, so that stdout stays JSON a pipe can read
        print(result.note, file=sys.stderr if args.state_at is not None else sys.stdout)
    print(result.text)
    return 0


def cmd_serve(args) -> int:
    from cardodds.web import serve

    return serve(args.host, args.port)


def cmd_check(args) -> int:
    text, code = game(args.game).hook("check_text")(args.log)
    print(text)
    return code


def cmd_tune(args) -> int:
    from cardodds.tuning import tune

    result = tune(args.config, seat=args.seat, arm=args.arm, games=args.games, seed=args.seed, jobs=args.jobs,
                  knobs=args.knobs, out=args.out, resume=args.resume, progress=args.progress,
                  command="cardodds " + " ".join(sys.argv[1:]))
    print(json.dumps(result.result, ensure_ascii=False) if args.json else result.text)
    return 0


def _odds_parser(odds_games, common, name: str) -> None:
    """``cardodds odds <name>``: the options every game's odds take, and those its spec's hand question declares."""
    from cardodds.api import STATE_OPTIONS

    spec = game(name)
    question = spec.question()
    parser = odds_games.add_parser(name, parents=[common], help=question.help or f"a {spec.title} hand, or a position")
    parser.add_argument("--hand", help=question.hand_help)
    for f in question.fields:  # each read and checked by the API (cardodds.sim.hand_question.Field)
        if f.name in STATE_OPTIONS:  # also a position's option: who plays its seats
            parser.add_argument(f.flag(), dest=f.name, type=cli_advise.opponents,
                                help=f"with --hand: {f.help_text()}; with --state: who plays the seats (a player)")
        else:
            parser.add_argument(f.flag(), dest=f.name, help=f.help_text())
    if "opponents" not in question.names():
        parser.add_argument("--opponents", type=cli_advise.opponents, metavar="NAME",
                            help="with --state: who plays every seat from the position (default: the game's)")


def _odds_command(sub) -> None:
    """``cardodds odds``: a sub-command per game with a hand's odds or positions, its options shared and declared."""
    odds = sub.add_parser("odds", help="odds of one hand, or of a mid-game position")
    names = [g.name for g in games() if g.hand_odds or g.position]
    odds_games = odds.add_subparsers(dest="game", required=True, parser_class=_Parser, metavar=f"{{{','.join(names)}}}")
    common = _Parser(add_help=False)
    common.add_argument("--state", metavar="FILE", help="a mid-game position: its JSON file, or - for standard input")
    cli_advise.add_set_flag(common)
    common.add_argument("--games", type=_count("--games"),
                        help="simulated games (default 20,000; with --state the game's worlds)")
    common.add_argument("--time", type=cli_advise.seconds, metavar="S", help="with --state: a budget in seconds instead of --games")
    common.add_argument("--seed", type=_checked("--seed", check_seed), help="random seed (default 1)")
    common.add_argument("--json", action="store_true")
    common.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    for name in names:
        _odds_parser(odds_games, common, name)
    odds.set_defaults(func=cmd_odds)


def check_whole_from_1(value, option: str) -> int:
    """A decision's number: a whole number >= 1."""
    return check_whole(value, option, 1)


def _advise_parser(sub) -> None:
    advise = sub.add_parser("advise", help="every legal move of a mid-game position, ranked")
    advise.add_argument("game", choices=cli_advise.position_games())
    advise.add_argument("--state", metavar="FILE", required=True,
                        help="the position: its JSON file, or - for standard input")
    cli_advise.add_set_flag(advise)
    cli_advise.add_budget_flags(advise)
    advise.add_argument("--seed", type=_checked("--seed", check_seed), default=0, help="random seed (default 0)")
    advise.add_argument("--json", action="store_true")
    advise.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="the table's language: en (default) or vi (Vietnamese); --json is the same in both")
    advise.set_defaults(func=cli_advise.cmd_advise)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cardodds", description="Monte Carlo and exact odds for Chắn, Sâm and Tấn.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    _run_parser(sub)

    report = sub.add_parser("report", help="run the default suite and write report.html / report.md")
    report.add_argument("--quick", action="store_true", help="fewer games (about a minute)")
    report.add_argument("--out", help="report folder (default: reports/latest, or reports/quick)")
    report.add_argument("--jobs", type=_checked("--jobs", check_jobs), default=-1,
                        help="worker processes (default: every core)")
    report.add_argument("--showcase", metavar="DIR", help="also copy the headline table and key charts to DIR")
    report.add_argument("--suite", metavar="FILE", help="a suite of one's own, laid out as configs/suite.toml "
                        "(default: the shipped suite)")
    report.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    _lang_flag(report)
    report.set_defaults(func=cmd_report)

    exact = sub.add_parser("exact", help="exact deal odds by combinatorics")
    exact.add_argument("game", choices=[g.name for g in games() if g.exact])
    exact.add_argument("--json", action="store_true")
    exact.set_defaults(func=cmd_exact)

    _odds_command(sub)

    _advise_parser(sub)

    _replay_parser(sub)

    _tune_parser(sub)

    check = sub.add_parser("check", help="list the fouls of a recorded game")
    check.add_argument("game", choices=[g.name for g in games() if g.check_text])
    check.add_argument("log", help="move log (JSON)")
    check.set_defaults(func=cmd_check)

    serve = sub.add_parser("serve", help="a local web page per game: click cards, get the odds")
    serve.add_argument("--port", type=_positive, default=8000, help="port (default 8000; 0: a free one)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    serve.set_defaults(func=cmd_serve)
    return parser


def _run_parser(sub) -> None:
    """``cardodds run``."""
    run = sub.add_parser("run", help="run one experiment (a TOML file)")
    run.add_argument("config", help="experiment file, e.g. configs/chan_deal.toml")
    run.add_argument("--games", type=_count("--games"), help="games to play (overrides the file)")
    run.add_argument("--seed", type=_checked("--seed", check_seed), help="random seed (overrides the file)")
    run.add_argument("--jobs", type=_checked("--jobs", check_jobs), default=-1,
                     help="worker processes (default: every core)")
    run.add_argument(
        "--backend", choices=["loky", "dask"], help="where the chunks run: loky (this machine) or dask (default: the file's, else loky)"
    )
    run.add_argument(
        "--scheduler", metavar="ADDRESS", help="Dask scheduler, e.g. tcp://host:8786 (implies --backend dask; none: a local cluster)"
    )
    run.add_argument("--out", help="run folder (default: reports/runs/<name>)")
    run.add_argument("--resume", action="store_true", help="continue the run in --out, computing only missing chunks")
    run.add_argument("--json", action="store_true", help="print the result rows as JSON")
    run.add_argument("--precision", type=_checked("--precision", check_half_width, float),
                     help="add chunks until every targeted 95%% half-width is below this")
    run.add_argument("--max-games", type=_count("--max-games"), help="cap for --precision (default: 10 × the file's games)")
    run.add_argument(
        "--metric", action="append", default=[], help="metric[:seat] targeted by --precision (repeatable; default: all)"
    )
    run.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    _lang_flag(run)
    run.set_defaults(func=cmd_run)


def _replay_parser(sub) -> None:
    """``cardodds replay``."""
    from cardodds.replays import replay_games

    replay = sub.add_parser("replay", help="one game, move by move (or a position of it, or its review)")
    replay.add_argument("game", choices=replay_games())
    replay.add_argument("--seed", type=_checked("--seed", check_seed), required=True)
    replay.add_argument("--state-at", type=_checked("--state-at", check_whole_from_1), metavar="K",
                        help="print the position the seat to move sees at the game's K-th decision, as JSON (the "
                             "replay tags each decision's line [K=n])")
    replay.add_argument("--advise", type=_checked("--advise", _seat), metavar="SEAT",
                        help="at each of SEAT's decisions: the move made, the best and the move's expected loss")
    cli_advise.add_budget_flags(replay)
    replay.add_argument("--config", help="take rules and strategies from this experiment file")
    replay.add_argument("--arm", help="the arm of --config to replay (default: its baseline, named in the output)")
    logged = ", ".join(g.title for g in games() if g.replay_log)
    replay.add_argument("--log", metavar="FILE", help=f"{logged}: also write the game's JSON move log (what `check` reads)")
    replay.set_defaults(func=cmd_replay)


def _tune_parser(sub) -> None:
    """``cardodds tune``."""
    tune = sub.add_parser("tune", help="find one seat's knob values against the table's other strategies")
    tune.add_argument("config", help="experiment file whose table is played, e.g. configs/tan_tune.toml")
    tune.add_argument("--seat", type=_checked("--seat", _seat), default=0, help="table seat whose strategy is tuned (default 0)")
    tune.add_argument("--arm", help="the arm of CONFIG whose table is played (default: its baseline)")
    tune.add_argument("--games", type=_count("--games"), help="budget in games (default: the file's games)")
    tune.add_argument("--seed", type=_checked("--seed", check_seed), help="random seed (overrides the file)")
    tune.add_argument("--jobs", type=_checked("--jobs", check_jobs), default=1,
                      help="worker processes (default 1; the knobs do not depend on it)")
    tune.add_argument("--knobs", help="comma-separated knobs to tune (default: every declared knob)")
    tune.add_argument("--out", help="knobs file to write (default: reports/tune/<config>-seat<S>.toml; evaluations "
                      "are cached beside it in <out>.runs/)")
    tune.add_argument("--resume", action="store_true", help="reuse the evaluations cached beside --out")
    tune.add_argument("--json", action="store_true", help="print the result as JSON")
    tune.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    tune.set_defaults(func=cmd_tune)


def _one_line(exc: BaseException | str) -> str:
    # One line whatever the user typed: argparse echoes unknown arguments, newlines included.
    return str(exc).replace("\r", "\\r").replace("\n", "\\n")


def _fail(message: str) -> int:
    print(f"cardodds: error: {_one_line(message)}", file=sys.stderr)
    return 2


def _os_error_text(exc: OSError) -> str:
    """The path(s) and the system's reason, e.g. ``out/x: No space left on device``."""
    paths = " → ".join(str(p) for p in (exc.filename, exc.filename2) if p is not None)
    reason = exc.strerror or str(exc) or type(exc).__name__
    return f"{paths}: {reason}" if paths else reason


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``cardodds`` command."""
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        args = build_parser().parse_args(argv)
        args.argv = argv
        with spoken("cli"):  # the command runs over the Python API; its messages name the options typed
            return args.func(args)
    except RunInterrupted as exc:  # Ctrl-C is not bad input: 130, like a shell, with the command that continues
        print(f"cardodds: {_one_line(exc)}", file=sys.stderr)
        return 130
    except CardoddsError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        print("cardodds: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly.
        sys.stdout = open(os.devnull, "w")
        return 0
    except OSError as exc:
        # Paths are checked before any work (cardodds.analysis.paths); this catches what no check foresaw (a full disk, ...).
        return _fail(_os_error_text(exc))


if __name__ == "__main__":
    sys.exit(main())
