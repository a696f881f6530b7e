"""Games per CPU second with a player a user wrote at one seat, every game of the registry (issue 33).

    NUMBA_NUM_THREADS=1 python benchmarks/bench_user_player.py [--game tan] [--games N] [--seed S] [--quick]

For each game, one core, the built-in player of ``SETUPS`` at the other seats (the game's default rules), the best
of three timings of each figure (the machine's other load only ever slows a run down):

1. the reference engine (``env_form.play``, one game after another, the protocol's engine), the built-in at every
   seat — the figure issue 33 measures a user's player against;
2. the run path (the game's ``<game>.play`` chunk function, the engine a run picks) with a trivial user player
   (``legal[0]``) at seat 0;
3. every game's batch form (Tấn, Sâm, Chắn): the run path with a trivial batch player (``decide_batch``: the first
   legal action of every row, ``deterministic = True``) at seat 0, in chunks of ``--batch-chunk`` games.

The ratios to (1) are printed beside each figure.  No assertion: the figures depend on the machine and its load.
"""

from __future__ import annotations

import time

import common  # a sibling module

from cardodds import UserPlayer
from cardodds.sim.experiment import load_experiment
from cardodds.sim.games import game as game_spec
from cardodds.sim.streams import chunk_seed

SETUPS = {"chan": {"others": "basic", "games": 600, "batch": True},
          "sam": {"others": "control", "games": 2_000, "batch": True},
          "tan": {"others": "basic", "games": 2_000, "batch": True}}
"""Per game: the built-in at the other seats, the games of figures (1) and (2), whether it has a batch form."""


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


def experiment(game: str, seat0, others: str, games: int, seed: int):
    """The ``<game>.play`` experiment with ``seat0`` at seat 0 and ``others`` elsewhere (the default rules)."""
    players = load_experiment({"experiment": {"name": "bench", "task": f"{game}.play", "games": 1}}).params
    seats = [seat0] + [others] * (len(players.strategies) - 1)
    return load_experiment({"experiment": {"name": "bench", "task": f"{game}.play", "games": games, "seed": seed},
                            "strategies": {"seats": seats}})


def reference_rate(game: str, others: str, games: int, seed: int) -> float:
    """Figure (1): the reference engine, ``others`` at every seat."""
    exp = experiment(game, others, others, games, seed)
    form = game_spec(game).hook("env_form")
    rules, seats = exp.params.rules, list(exp.params.strategies)
    return best_rate(lambda: [form.play(s, rules, seats) for s in range(seed, seed + games)], games)


def run_path_rate(game: str, seat0, others: str, games: int, seed: int) -> float:
    """Figures (2) and (3): the run's chunk function, ``seat0`` at seat 0, one chunk of ``games`` games."""
    exp = experiment(game, seat0, others, games, seed)
    return best_rate(lambda: exp.task.run_chunk(exp.params, chunk_seed(seed, 0), games), games)


def main(argv=None) -> None:
    ap = common.parser(__doc__.splitlines()[0], games=None, jobs=None,
                       games_help="games of figures (1) and (2) (default: each game's own, SETUPS)",
                       quick={"games": 40, "batch_chunk": 400})
    ap.add_argument("--batch-chunk", type=int, default=20_000, help="games of figure (3), one chunk")
    common.game_flag(ap, common.registry_games(SETUPS))
    args = common.parse(ap, argv)
    print("| game | others | (1) reference engine | (2) user player, run path | (3) batch form, run path |")
    print("|---|---|---:|---:|---:|")
    for game in args.game or common.registry_games(SETUPS):
        setup = SETUPS[game]
        games = args.games or setup["games"]
        ref = reference_rate(game, setup["others"], games, args.seed)
        user = run_path_rate(game, First, setup["others"], games, args.seed)
        batch = run_path_rate(game, FirstBatch, setup["others"], args.batch_chunk, args.seed) if setup["batch"] \
            else None
        shown = "–" if batch is None else f"{batch:,.0f} ({batch / ref:.1f}×)"
        print(f"| {game} | {setup['others']} | {ref:,.0f} | {user:,.0f} ({user / ref:.2f}×) | {shown} |", flush=True)


if __name__ == "__main__":
    main()
