"""The ``cardodds`` command line.

Every user error ends in one line on stderr, ``cardodds: error: …``, and exit code 2; Ctrl-C exits 130.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from pathlib import Path

from sim.errors import CardoddsError

REPORTS = Path("reports")


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit code 2."""

    def error(self, message):
        raise CardoddsError(f"{message} (see '{self.prog} --help')")


def _jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--jobs must be a whole number, not {text!r}") from None
    if value == 0 or value < -1:
        raise argparse.ArgumentTypeError(f"--jobs must be >= 1 (or -1 for every core), not {value}")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number >= 0, not {value}")
    return value


def _print_rows(df, *, json_out: bool) -> None:
    from analysis.estimate import rows_json

    if json_out:
        print(rows_json(df))
        return
    from analysis.report import fmt_ci, fmt_num

    shown = df[~df["metric"].str.contains(r"\.\d+$")]
    for row in shown.itertuples():
        seat = "table" if row.seat is None or str(row.seat) == "<NA>" else f"seat {row.seat}"
        exact = "" if row.exact != row.exact else f"   exact {fmt_num(row.exact)}"
        print(f"{row.metric:<24} {seat:<7} {fmt_num(row.estimate):>10}  95% CI {fmt_ci(row.ci_low, row.ci_high)}{exact}")


def _resolve_jobs(jobs: int) -> int:
    return (os.cpu_count() or 1) if jobs == -1 else jobs


def cmd_run(args) -> int:
    from analysis.suite import run_arms, write_outcomes
    from sim.experiment import load_arms

    arms = load_arms(args.config, games=args.games, seed=args.seed, backend=args.backend, scheduler=args.scheduler)
    exp = arms[0]
    out = Path(args.out) if args.out else REPORTS / "runs" / exp.name
    args.jobs = _resolve_jobs(args.jobs)
    progress = None if args.progress else False
    if args.precision is None:
        outcomes = run_arms(arms, out, jobs=args.jobs, resume=args.resume, progress=progress)
    else:
        from analysis.adaptive import parse_metric, run_to_precision

        if len(arms) > 1:
            raise CardoddsError("--precision runs one arm; this experiment has arms (run them with a fixed --games)")
        if args.games is None:
            exp = dataclasses.replace(exp, games=min(exp.games, 4 * exp.chunk_size))
        outcome = run_to_precision(
            exp,
            out,
            precision=args.precision,
            max_games=args.max_games or 10 * arms[0].games,
            metrics=[parse_metric(m) for m in args.metric],
            jobs=args.jobs,
            resume=args.resume,
            progress=progress,
        )
        outcomes = [outcome]
    paths = write_outcomes(out, [outcomes], {"jobs": args.jobs, "command": " ".join(sys.argv)}, title=exp.title)
    import pandas as pd

    _print_rows(pd.concat([o.rows for o in outcomes], ignore_index=True), json_out=args.json)
    if not args.json:
        for o in outcomes:
            if o.notes:
                print("\n" + o.notes)
        games = sum(o.result.games for o in outcomes)
        seconds = sum(o.result.seconds for o in outcomes)
        extra = f", differences in {paths['differences.csv']}" if "differences.csv" in paths else ""
        print(f"\n{games:,} games in {seconds:.1f} s over {len(outcomes)} arm(s); all rows in {out / 'summary.csv'}"
              f"{extra}, report in {out / 'report.html'}")
    return 0


def cmd_report(args) -> int:
    from analysis.suite import run_suite

    out = Path(args.out) if args.out else REPORTS / ("quick" if args.quick else "latest")
    args.jobs = _resolve_jobs(args.jobs)
    experiments, paths = run_suite(out, quick=args.quick, jobs=args.jobs, progress=None if args.progress else False)
    games = sum(o.result.games for arms in experiments for o in arms)
    if args.showcase:
        from analysis.showcase import write_showcase

        write_showcase(out, Path(args.showcase), "cardodds report --showcase " + args.showcase)
        print(f"showcase written to {args.showcase}")
    print(f"{len(experiments)} experiments, {games:,} games; report: {paths['report.html']} and {paths['report.md']}")
    return 0


def cmd_exact(args) -> int:
    if args.game == "sam":
        from analysis.exact_sam import exact_toi_trang_table

        rows = exact_toi_trang_table()
        if args.json:
            print(json.dumps(rows, ensure_ascii=False))
        else:
            for r in rows:
                opts = ", ".join(f"{k}={r[k]}" for k in ("straights", "quad_counts_as_triple", "quad_counts_as_two_pairs"))
                probs = "  ".join(f"{k} {v:.6g}" for k, v in r.items() if isinstance(v, float))
                print(f"{opts}\n    {probs}")
        return 0
    from analysis.exact_chan import exact_rows

    rows = exact_rows()
    if args.json:
        print(json.dumps([{"metric": r["metric"], "seat": r["seat"], "exact": r["exact"]} for r in rows], ensure_ascii=False))
    else:
        for r in rows:
            print(f"{r['metric']:<24} seat {r['seat']}  {r['exact']:.10g}")
    return 0


def cmd_odds(args) -> int:
    if args.game == "chan":
        from analysis.odds_chan import cli_seat, format_odds_chan, odds_chan

        seat = cli_seat(args.hand, args.seat)
        result, text = odds_chan(args.hand, seat=seat, games=args.games, seed=args.seed), format_odds_chan
    elif args.game == "sam":
        from analysis.odds_sam import format_odds_sam, odds_sam

        result, text = odds_sam(args.hand, args.opponents, args.games, args.seed), format_odds_sam
    else:
        from analysis.odds_tan import format_odds_tan, odds_tan

        if args.trump is None:
            raise CardoddsError("odds tan needs --trump (the trump suit: h, d, c, s or ♥ ♦ ♣ ♠)")
        result = odds_tan(args.hand, args.trump, args.players, args.seat or 0, args.games, args.seed)
        text = format_odds_tan
    print(json.dumps(result, ensure_ascii=False) if args.json else text(result))
    return 0


_REPLAY = {
    "sam": ("sam.play", "sim.sam.reference"),
    "tan": ("tan.play", "sim.tan.play_task"),
    "chan": ("chan.play", "sim.chan.play_task"),
}


def cmd_replay(args) -> int:
    import importlib

    from sim.registry import get_task

    task_name, module = _REPLAY[args.game]
    if args.config:
        from sim.experiment import load_experiment

        exp = load_experiment(args.config)
        if exp.task.name != task_name:
            raise CardoddsError(f"{args.config} is a '{exp.task.name}' experiment; replay {args.game} needs '{task_name}'")
        params = exp.params
    else:
        params = get_task(task_name).parse({}, "defaults")
    print(importlib.import_module(module).replay_text(args.seed, params.rules, params.strategies))
    if args.log:
        if args.game != "chan":
            raise CardoddsError("--log writes a Chắn move log; Sâm and Tấn replays are text only")
        from sim.chan.movelog import game_log
        from sim.chan.play_task import replay_game

        game, _ = replay_game(args.seed, params.rules, params.strategies)
        Path(args.log).write_text(game_log(game).dumps(), encoding="utf-8")
        print(f"move log written to {args.log} (check it with: cardodds check chan {args.log})")
    return 0


def cmd_check(args) -> int:
    from sim.chan.play_task import check_text

    text, code = check_text(args.log)
    print(text)
    return code


def cmd_tune(args) -> int:
    from analysis.tune import format_result, knobs_toml, tune
    from sim.runner import _atomic_write

    out = Path(args.out) if args.out else REPORTS / "tune" / f"{Path(args.config).stem}-seat{args.seat}.toml"
    if out.suffix != ".toml":
        raise CardoddsError(f"--out must name a .toml file (the tuned knobs), not {str(out)!r}")
    folder = out.with_suffix(".runs")
    if folder.exists() and any(folder.iterdir()) and not args.resume:
        raise CardoddsError(f"{folder}: already holds a tuning's evaluations; add --resume to reuse them or choose "
                            "another --out")
    knobs = [k for k in args.knobs.split(",") if k] if args.knobs else None
    result = tune(args.config, seat=args.seat, games=args.games, seed=args.seed, jobs=_resolve_jobs(args.jobs),
                  folder=folder, progress=None if args.progress else False, knobs=knobs)
    out.parent.mkdir(parents=True, exist_ok=True)
    _atomic_write(out, knobs_toml(result, "cardodds " + " ".join(sys.argv[1:])).encode("utf-8"))
    result["out"] = str(out)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(format_result(result) + f"\nknobs written to {out} (a config names it as {{file = \"{out}\"}})")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cardodds", description="Monte Carlo and exact odds for Chắn, Sâm and Tấn.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    run = sub.add_parser("run", help="run one experiment (a TOML file)")
    run.add_argument("config", help="experiment file, e.g. configs/chan_deal.toml")
    run.add_argument("--games", type=_positive, help="games to play (overrides the file)")
    run.add_argument("--seed", type=_positive, help="random seed (overrides the file)")
    run.add_argument("--jobs", type=_jobs, default=-1, help="worker processes (default: every core)")
    run.add_argument(
        "--backend", choices=["loky", "dask"], help="where the chunks run: loky (this machine) or dask (default: the file's, else loky)"
    )
    run.add_argument(
        "--scheduler", metavar="ADDRESS", help="Dask scheduler, e.g. tcp://host:8786 (implies --backend dask; none: a local cluster)"
    )
    run.add_argument("--out", help="run folder (default: reports/runs/<name>)")
    run.add_argument("--resume", action="store_true", help="continue the run in --out, computing only missing chunks")
    run.add_argument("--json", action="store_true", help="print the result rows as JSON")
    run.add_argument("--precision", type=float, help="add chunks until every targeted 95%% half-width is below this")
    run.add_argument("--max-games", type=_positive, help="cap for --precision (default: 10 × the file's games)")
    run.add_argument(
        "--metric", action="append", default=[], help="metric[:seat] targeted by --precision (repeatable; default: all)"
    )
    run.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    run.set_defaults(func=cmd_run)

    report = sub.add_parser("report", help="run the default suite and write report.html / report.md")
    report.add_argument("--quick", action="store_true", help="fewer games (about a minute)")
    report.add_argument("--out", help="report folder (default: reports/latest, or reports/quick)")
    report.add_argument("--jobs", type=_jobs, default=-1, help="worker processes (default: every core)")
    report.add_argument("--showcase", metavar="DIR", help="also copy the headline table and key charts to DIR")
    report.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    report.set_defaults(func=cmd_report)

    exact = sub.add_parser("exact", help="exact deal odds by combinatorics")
    exact.add_argument("game", choices=["chan", "sam"])
    exact.add_argument("--json", action="store_true")
    exact.set_defaults(func=cmd_exact)

    odds = sub.add_parser("odds", help="odds of one hand")
    odds.add_argument("game", choices=["chan", "sam", "tan"])
    odds.add_argument("--hand", required=True, help='cards, e.g. "9V 9V 8S CC …" (Chắn) or "3s 10h Qd" (Sâm, Tấn)')
    odds.add_argument("--opponents", type=int, default=3, help="Sâm: opponents (1–4, default 3)")
    odds.add_argument("--trump", help="Tấn: the trump suit (h, d, c, s or ♥ ♦ ♣ ♠)")
    odds.add_argument("--players", type=int, default=4, help="Tấn: players at the table (default 4)")
    odds.add_argument(
        "--seat", type=int, help="the hand's seat — Chắn: 0 = the cái (default: 0 for 20 cards, 1 for 19); Tấn: 0 = first attacker"
    )
    odds.add_argument("--games", type=_positive, default=20_000, help="simulated games (default 20,000)")
    odds.add_argument("--seed", type=_positive, default=1, help="random seed (default 1)")
    odds.add_argument("--json", action="store_true")
    odds.set_defaults(func=cmd_odds)

    replay = sub.add_parser("replay", help="one game, move by move")
    replay.add_argument("game", choices=sorted(_REPLAY))
    replay.add_argument("--seed", type=_positive, required=True)
    replay.add_argument("--config", help="take rules and strategies from this experiment file")
    replay.add_argument("--log", metavar="FILE", help="Chắn: also write the game's JSON move log (what `check` reads)")
    replay.set_defaults(func=cmd_replay)

    tune = sub.add_parser("tune", help="find one seat's knob values against the table's other strategies")
    tune.add_argument("config", help="experiment file whose table is played, e.g. configs/tan_tune.toml")
    tune.add_argument("--seat", type=_positive, default=0, help="table seat whose strategy is tuned (default 0)")
    tune.add_argument("--games", type=_positive, help="budget in games (default: the file's games)")
    tune.add_argument("--seed", type=_positive, help="random seed (overrides the file)")
    tune.add_argument("--jobs", type=_jobs, default=1, help="worker processes (default 1; the knobs do not depend on it)")
    tune.add_argument("--knobs", help="comma-separated knobs to tune (default: every declared knob)")
    tune.add_argument("--out", help="knobs file to write (default: reports/tune/<config>-seat<S>.toml; evaluations "
                      "are cached beside it in <out>.runs/)")
    tune.add_argument("--resume", action="store_true", help="reuse the evaluations cached beside --out")
    tune.add_argument("--json", action="store_true", help="print the result as JSON")
    tune.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    tune.set_defaults(func=cmd_tune)

    check = sub.add_parser("check", help="list the fouls of a recorded game")
    check.add_argument("game", choices=["chan"])
    check.add_argument("log", help="move log (JSON)")
    check.set_defaults(func=cmd_check)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``cardodds`` command."""
    try:
        args = build_parser().parse_args(argv)
        return args.func(args)
    except CardoddsError as exc:
        # One line whatever the user typed: argparse echoes unknown arguments, newlines included.
        message = str(exc).replace("\r", "\\r").replace("\n", "\\n")
        print(f"cardodds: error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("cardodds: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly.
        sys.stdout = open(os.devnull, "w")
        return 0


if __name__ == "__main__":
    sys.exit(main())
