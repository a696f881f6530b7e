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
from cardodds.analysis.paths import output_file, output_folder, resume_folder, run_folder
from cardodds.sim.arguments import (check_games, check_half_width, check_jobs, check_seed, check_whole,
                                    spoken)
from cardodds.sim.errors import CardoddsError, RunInterrupted
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


def _print_run(outcomes, diffs, *, json_out: bool) -> None:
    """Each arm's results under its name, then the paired differences (or one JSON object)."""
    from cardodds.analysis.run_output import run_json, run_text

    print(run_json(outcomes, diffs) if json_out else run_text(outcomes, diffs))


def _resolve_jobs(jobs: int) -> int:
    return (os.cpu_count() or 1) if jobs == -1 else jobs


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
    from cardodds.analysis.suite import timing_text
    from cardodds.runs import check_run_flags, run
    from cardodds.sim.experiment import load_arms

    check_run_flags(args.precision, args.max_games, args.metric)
    arms = load_arms(args.config, games=args.games, seed=args.seed, backend=args.backend, scheduler=args.scheduler)
    out = run_folder(args.out or REPORTS / "runs" / arms[0].name)
    if args.resume:
        resume_folder(out)
    args.jobs = _resolve_jobs(args.jobs)
    try:
        result = run(arms, games=args.games, jobs=args.jobs, out=out, resume=args.resume, precision=args.precision,
                     max_games=args.max_games, metrics=args.metric, lang=args.lang, progress=args.progress,
                     command=" ".join(["cardodds", *args.argv]))
    except (KeyboardInterrupt, RunInterrupted) as exc:
        raise _interrupted(exc, args, out) from None
    outcomes, diffs = result.outcomes, (result.differences if len(result.outcomes) > 1 else None)
    _print_run(outcomes, diffs, json_out=args.json)
    if not args.json:
        for o in outcomes:
            if o.notes:
                print("\n" + o.notes)
        extra = f", differences in {result.folder / 'differences.csv'}" if diffs is not None else ""
        print(f"\n{timing_text(outcomes)}, over {len(outcomes)} arm(s); all rows in {result.folder / 'summary.csv'}"
              f"{extra}, report in {result.folder / 'report.html'}")
    return 0


def cmd_report(args) -> int:
    from cardodds.analysis.suite import run_suite, timing_text

    out = run_folder(args.out or REPORTS / ("quick" if args.quick else "latest"))
    if args.showcase:
        output_folder(args.showcase, "--showcase")
    args.jobs = _resolve_jobs(args.jobs)
    try:
        experiments, paths = run_suite(out, quick=args.quick, jobs=args.jobs, progress=None if args.progress else False,
                                       lang=args.lang)
    except (KeyboardInterrupt, RunInterrupted) as exc:
        raise _interrupted(exc, args, out) from None
    if args.showcase:
        from cardodds.analysis.showcase import write_showcase

        write_showcase(out, Path(args.showcase), "cardodds report --showcase " + args.showcase)
        print(f"showcase written to {args.showcase}")
    outcomes = [o for arms in experiments for o in arms]
    print(f"{len(experiments)} experiments, {timing_text(outcomes)}; report: {paths['report.html']} and {paths['report.md']}")
    return 0


def cmd_exact(args) -> int:
    from cardodds import exact
    from cardodds.sim.games import game

    if args.game != "chan":
        rows = game(args.game).hook("exact")()  # one row per option combination, a column per quantity
        if args.json:
            print(json.dumps(rows, ensure_ascii=False))
        else:
            for r in rows:
                opts = ", ".join(f"{k}={v}" for k, v in r.items() if not isinstance(v, float))
                probs = "  ".join(f"{k} {v:.6g}" for k, v in r.items() if isinstance(v, float))
                print(f"{opts}\n    {probs}")
        return 0
    rows = exact.chan().to_dict("records")
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
    from cardodds.sim.games import game

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


def _replay_games() -> list[str]:
    """The games ``cardodds replay`` plays: those whose spec names a replay task and its text, or has positions."""
    from cardodds.sim.games import games

    return sorted(g.name for g in games() if (g.replay_task and g.replay_text) or g.position)


def _no_log_message() -> str:
    from cardodds.sim.games import game

    titles = [game(g).title for g in _replay_games()]
    logged = [game(g).title for g in _replay_games() if game(g).replay_log]
    text_only = [t for t in titles if t not in logged]
    return f"--log writes a {' and '.join(logged)} move log; {' and '.join(text_only)} replays are text only"


def cmd_replay(args) -> int:
    from cardodds.sim.games import game
    from cardodds.sim.position import position_module

    spec = game(args.game)
    task_name = spec.replay_task
    positions = args.state_at is not None or args.advise is not None
    if positions:
        position_module(spec)  # a game with no positions: one line before any other work
    else:
        cli_advise.refuse(f"cardodds replay {args.game}", {"--opponents": args.opponents, "--games": args.games,
                                                 "--time": args.time}, "a move-by-move replay", "--advise")
        if spec.replay_text is None:
            raise CardoddsError(f"{spec.title} has no move-by-move replay; give --state-at K or --advise SEAT")
    if args.log and positions:
        raise CardoddsError("--log writes a whole game's move log; it does not go with --state-at or --advise")
    if args.log:
        if spec.replay_log is None:
            raise CardoddsError(_no_log_message())
        output_file(args.log, "--log")
    if args.config:
        from cardodds.sim.experiment import load_arms, pick_arm

        arms = load_arms(args.config)
        if arms[0].task.name != task_name:
            raise CardoddsError(
                f"{args.config} is a '{arms[0].task.name}' experiment; replay {args.game} needs '{task_name}'"
            )
        exp = pick_arm(arms, args.arm, args.config)
        params, chunk = exp.params, min(exp.chunk_size, exp.games)  # a random seat's game depends on its chunk
        if len(arms) > 1:  # on stderr beside --state-at's JSON, so that stdout stays JSON a pipe can read
            print(f"arm '{exp.arm}' of {args.config}" + ("" if args.arm else
                  f" (the baseline; its arms: {', '.join(a.arm for a in arms)}; choose one with --arm)"),
                  file=sys.stderr if args.state_at is not None else sys.stdout)
    elif args.arm:
        raise CardoddsError("--arm names an arm of the --config file; give --config too")
    else:
        from cardodds.advise import replay_table

        rules, strategies = replay_table(args.game)
        params, chunk = argparse.Namespace(rules=rules, strategies=strategies), 1
    if positions:
        return cli_advise.replay_positions(args, spec, params.rules, params.strategies, chunk)
    print(spec.hook("replay_text")(args.seed, params.rules, params.strategies, chunk=chunk))
    if args.log:
        Path(args.log).write_text(spec.hook("replay_log")(args.seed, params.rules, params.strategies), encoding="utf-8")
        hint = f" (check it with: cardodds check {args.game} {args.log})" if spec.check_text else ""
        print(f"move log written to {args.log}{hint}")
    return 0


def cmd_serve(args) -> int:
    try:
        from cardodds.web.app import serve
    except ImportError as exc:
        raise CardoddsError(f"serve needs the web extra ({exc.name} is missing): pip install -e \".[web]\"") from None
    if not 0 <= args.port <= 65535:
        raise CardoddsError(f"--port must be 0..65535 (0: a free port), not {args.port}")
    return serve(args.host, args.port)


def cmd_check(args) -> int:
    from cardodds.sim.games import game

    text, code = game(args.game).hook("check_text")(args.log)
    print(text)
    return code


def cmd_tune(args) -> int:
    from cardodds.analysis.tune import format_result, knobs_toml, tune
    from cardodds.sim.run_folder import atomic_write

    out = Path(args.out) if args.out else REPORTS / "tune" / f"{Path(args.config).stem}-seat{args.seat}.toml"
    if out.suffix != ".toml":
        raise CardoddsError(f"--out must name a .toml file (the tuned knobs), not {str(out)!r}")
    if out.is_dir():
        raise CardoddsError(f"--out {out}: is a folder; give the knobs file's name, e.g. {out / 'tuned.toml'}")
    output_folder(out.parent, "--out")
    folder = output_folder(out.with_suffix(".runs"), "--out")
    if args.resume:
        resume_folder(folder)  # as `run --resume`: nothing cached is refused, never a fresh start unnoticed
    elif folder.exists() and any(folder.iterdir()):
        raise CardoddsError(f"{folder}: already holds a tuning's evaluations; add --resume to reuse them or choose "
                            "another --out")
    knobs = None if args.knobs is None else [k.strip() for k in args.knobs.split(",") if k.strip()]
    if knobs == []:
        raise CardoddsError(f"--knobs {args.knobs!r} names no knob; give knob names separated by commas, or leave "
                            "--knobs out to tune every knob")
    result = tune(args.config, seat=args.seat, arm=args.arm, games=args.games, seed=args.seed, jobs=_resolve_jobs(args.jobs),
                  folder=folder, progress=None if args.progress else False, knobs=knobs)
    out.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(out, knobs_toml(result, "cardodds " + " ".join(sys.argv[1:]), out.parent).encode("utf-8"))
    result["out"] = str(out)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(format_result(result) + f"\nknobs written to {out} (a config names it as {{file = \"{out}\"}})")
    return 0


def _odds_parser(odds_games, common, name: str) -> None:
    """``cardodds odds <name>``: the options every game's odds take, and those its spec's hand question declares."""
    from cardodds.sim.games import game
    from cardodds.sim.hand_question import STATE_OPTIONS

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
    from cardodds.sim.games import games

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
    from cardodds.sim.games import games

    parser = _Parser(prog="cardodds", description="Monte Carlo and exact odds for Chắn, Sâm and Tấn.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    _run_parser(sub)

    report = sub.add_parser("report", help="run the default suite and write report.html / report.md")
    report.add_argument("--quick", action="store_true", help="fewer games (about a minute)")
    report.add_argument("--out", help="report folder (default: reports/latest, or reports/quick)")
    report.add_argument("--jobs", type=_checked("--jobs", check_jobs), default=-1,
                        help="worker processes (default: every core)")
    report.add_argument("--showcase", metavar="DIR", help="also copy the headline table and key charts to DIR")
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
    from cardodds.sim.games import games

    replay = sub.add_parser("replay", help="one game, move by move (or a position of it, or its review)")
    replay.add_argument("game", choices=_replay_games())
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
