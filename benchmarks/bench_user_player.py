"""Games per CPU second with a player a user wrote at one seat, every game of the registry (issue 33).

    NUMBA_NUM_THREADS=1 python benchmarks/bench_user_player.py [--game tan] [--games N] [--seed S] [--quick]
        [--others NAME] [--rules KEY=VALUE ...] [--batch-chunk N] [--undeclared]

For each game, one core, the built-in player of ``SETUPS`` at the other seats (the game's default rules), the best
of three timings of each figure (the machine's other load only ever slows a run down):

1. the reference engine (``env_form.play``, one game after another, the protocol's engine), the built-in at every
   seat — the figure issue 33 measures a user's player against;
2. the run path (the game's ``<game>.play`` chunk function, the engine a run picks) with a trivial user player
   (``legal[0]``) at seat 0;
3. the batch form: the run path with a trivial batch player (``decide_batch``: the first
   legal action of every row, ``deterministic = True``) at seat 0, in chunks of ``--batch-chunk`` games.

``--others`` seats another built-in at the other seats, ``--rules`` other rules (``--game tan --rules players=2
deck=36 hand_size=6``: Tấn's two-player table), ``--undeclared`` adds figure (3) once more without ``deterministic``
(the engine then asks the batch form with the games of each step, not game by game at the end).  The ratios to (1)
are printed beside each figure.  No assertion: the figures depend on the machine and its load.  (This script replaced
the per-game ``bench_<game>_user.py`` scripts.)
"""

from __future__ import annotations

import time

import common  # a sibling module

from cardodds import UserPlayer
from cardodds.sim.experiment import load_experiment
from cardodds.sim.games import game as game_spec
from cardodds.sim.streams import chunk_seed

SETUPS = {"chan": {"others": "basic", "games": 600},
          "sam": {"others": "control", "games": 2_000},
          "tan": {"others": "basic", "games": 2_000}}
"""Per game: the built-in at the other seats and the games of figures (1) and (2)."""


class First(UserPlayer):
    """The trivial user player: the first legal move."""

    def decide(self, view, legal, rng):
        return legal[0]


class FirstBatch(UserPlayer):
    """The trivial batch player: the first legal action of every row."""

    deterministic = True

    def decide_batch(self, observations, masks, rng):
        return masks.argmax(axis=1)


def best_rate(play, games: int, repeat: int = 3) -> float:
    """Games per CPU second of ``play()`` (``games`` games), the best of ``repeat`` timings."""
    best = 0.0
    for _ in range(repeat):
        start = time.process_time()
        play()
        best = max(best, games / max(time.process_time() - start, 1e-9))
    return best


class FirstBatchUndeclared(FirstBatch):
    """The trivial batch player without ``deterministic``."""

    deterministic = False


def experiment(game: str, seat0, others: str, games: int, seed: int, rules: dict):
    """The ``<game>.play`` experiment with ``seat0`` at seat 0 and ``others`` elsewhere, under ``rules``."""
    table = {"experiment": {"name": "bench", "task": f"{game}.play", "games": games, "seed": seed}, "rules": rules}
    players = load_experiment(table).params
    seats = [seat0] + [others] * (len(players.strategies) - 1)
    return load_experiment({**table, "strategies": {"seats": seats}})


def reference_rate(game: str, others: str, games: int, seed: int, rules: dict) -> float:
    """Figure (1): the reference engine, ``others`` at every seat."""
    exp = experiment(game, others, others, games, seed, rules)
    form = game_spec(game).hook("env_form")
    params, seats = exp.params.rules, list(exp.params.strategies)
    return best_rate(lambda: [form.play(s, params, seats) for s in range(seed, seed + games)], games)


def run_path_rate(game: str, seat0, others: str, games: int, seed: int, rules: dict) -> float:
    """Figures (2) and (3): the run's chunk function, ``seat0`` at seat 0, one chunk of ``games`` games."""
    exp = experiment(game, seat0, others, games, seed, rules)
    return best_rate(lambda: exp.task.run_chunk(exp.params, chunk_seed(seed, 0), games), games)


def rules_table(pairs: list[str]) -> dict:
    """``["players=2", "deck=36"]`` as a ``[rules]`` table (numbers and true/false read as such)."""
    table = {}
    for pair in pairs:
        key, _, text = pair.partition("=")
        low = text.lower()
        table[key] = low == "true" if low in ("true", "false") else int(text) if text.lstrip("-").isdigit() else text
    return table


def main(argv=None) -> None:
    ap = common.parser(__doc__.splitlines()[0], games=None, jobs=None,
                       games_help="games of figures (1) and (2) (default: each game's own, SETUPS)",
                       quick={"games": 40, "batch_chunk": 400})
    ap.add_argument("--batch-chunk", type=int, default=20_000, help="games of figure (3), one chunk")
    ap.add_argument("--others", help="the built-in at the other seats (default: each game's own, SETUPS)")
    ap.add_argument("--rules", nargs="*", default=[], metavar="KEY=VALUE", help="rules other than the defaults")
    ap.add_argument("--undeclared", action="store_true", help="figure (3) also without deterministic = True")
    common.game_flag(ap, common.registry_games(SETUPS))
    args = common.parse(ap, argv)
    rules = rules_table(args.rules)
    print("| game | others | (1) reference engine | (2) user player, run path | (3) batch form, run path |"
          + (" (3) undeclared |" if args.undeclared else ""))
    print("|---|---|---:|---:|---:|" + ("---:|" if args.undeclared else ""))
    for game in args.game or common.registry_games(SETUPS):
        others, games = args.others or SETUPS[game]["others"], args.games or SETUPS[game]["games"]
        ref = reference_rate(game, others, games, args.seed, rules)
        user = run_path_rate(game, First, others, games, args.seed, rules)
        batches = [FirstBatch] + ([FirstBatchUndeclared] if args.undeclared else [])
        shown = [run_path_rate(game, b, others, args.batch_chunk, args.seed, rules) for b in batches]
        cells = "".join(f" {rate:,.0f} ({rate / ref:.1f}×) |" for rate in shown)
        print(f"| {game} | {others} | {ref:,.0f} | {user:,.0f} ({user / ref:.2f}×) |{cells}", flush=True)


if __name__ == "__main__":
    main()
