"""Every rung of every game: decisions per CPU second and games per CPU second with one such seat, one table a game.

Usage: ``NUMBA_NUM_THREADS=1 python benchmarks/bench_rungs.py [--game tan] [--deals N] [--games N]
[--compiled-deals N] [--chunk 1000] [--seed 4242] [--rungs basic,tuned,...] [--table 2p36] [--players 4] [--quick]``.
Each rung (its defaults, the game's default rules) plays against the game's field player, one process
(``rung_games.py`` holds each game's part):

- Tấn (table ``--table``): each rung against ``tuned`` on paired deals, seats swapped
  (``cardodds.analysis.strength.match``); its deal counts are deal pairs.  Decisions per CPU second: the rung's own
  decisions over the CPU time they take (for a search rung the whole search, rollouts on the compiled engine
  included); games per CPU second: the match's games over its CPU time, every seat included; compiled: the same
  games on ``compiled.play_batch`` (deal included) where the compiled engine plays the rung.
- Sâm (``--players``, default 4): the rung at one seat against ``control``, every deal played ``players`` times, the
  rung at seat 0, 1, ... in turn.  The numpy engine asks a table player through its tables, so the clock is on the
  engine's two ways of asking (``SamBatch._ask_tables``, ``_ask_general``); where the rung and the field are one
  player, the rung gets its rows' share of the call's time.  A decision is a row of the rung's seat with a choice
  (an answer with a legal beat, or a lead from two cards or more); declarations are not counted.
- Chắn (4 players, the cái at seat 0): the rung at one seat against ``tuned``, each seat in turn; the rung is wrapped
  (``chiu_batch``, ``act_batch``, ``discard_batch`` timed; for the expert the whole search).  A decision is a row with
  a choice: a chíu chance, an ăn / chíu option, a discard or trả cửa among two legal kinds or more.

For Sâm and Chắn, games per CPU second (numpy) is the timed games, every seat and the deal included, and (compiled)
``--compiled-deals`` deals of every seating on ``compiled.play_batch_auto`` where the compiled engine is ``chosen``
for every seating; ``–`` where it is not (those rungs play on the numpy engine, the number before).  The search rungs
play ``--deals`` deals, the fast ones ``--games`` (alias ``--fast-deals``), in chunks of ``--chunk``; every size
defaults to the game's own (Tấn 100 / 5,000 pairs; Sâm 250 / 50,000 / 200,000 deals; Chắn 40 / 5,000 / 50,000).
No assertion (the figures depend on the machine and its load); read the rows against each other.
"""

from __future__ import annotations

import json

import common  # a sibling module
import rung_games  # a sibling module

from cardodds.analysis.strength import TABLES
from cardodds.sim.games import game as game_spec


def print_header(numpy_label: str = "numpy") -> None:
    """The table's two header lines."""
    print(f"| rung | decisions a game | decisions / CPU s | games / CPU s ({numpy_label}) | games / CPU s (compiled) |")
    print("|---|---:|---:|---:|---:|")


def print_row(name: str, decisions: float, decision_seconds: float, games: float, cpu: float,
              compiled_rate: float | None) -> None:
    """One rung's row: ``decisions`` of it over ``games`` games, its own decision time, the games' CPU time, and its
    games per CPU second on the compiled engine (None: not played there)."""
    print(f"| `{name}` | {decisions / games:.1f} | {decisions / max(decision_seconds, 1e-9):,.0f} | "
          f"{games / max(cpu, 1e-9):,.1f} | {'–' if compiled_rate is None else f'{compiled_rate:,.0f}'} |", flush=True)


def run_game(name: str, args) -> None:
    """One game's table, then its rows as ``BENCH`` lines for ``bench_all.py`` (after the table, which stays whole)."""
    g = rung_games.GAMES[name](args)
    print(g.title)
    print_header(g.numpy_label)
    wanted = args.rungs.split(",") if args.rungs else g.rungs
    bench = []
    for rung_name in (r for r in wanted if r in g.rungs):
        rung = g.make(rung_name)
        n = (args.deals or g.deals) if rung_name in g.search else (args.games or g.fast_deals)
        decisions, seconds, games, cpu = g.measure(rung, g.field, n, args)
        fast = g.compiled(rung, g.field, args.compiled_deals or g.compiled_deals or n, args)
        print_row(rung_name, decisions, seconds, games, cpu, fast)
        bench += [(f"{rung_name} at one seat, {g.numpy_label}", games / max(cpu, 1e-9))]
        bench += [] if fast is None else [(f"{rung_name} at one seat, compiled", fast)]
    title = game_spec(name).title
    for engine, rate in bench:
        print("BENCH " + json.dumps({"game": title, "engine": engine, "games_per_s": rate}, ensure_ascii=False))


def main(argv=None):
    ap = common.parser(__doc__.splitlines()[0], games_help="deals for each fast rung (default: each game's own)",
                       games_flags=("--fast-deals",), jobs=None, seed=4242,
                       quick={"deals": 2, "games": 20, "compiled_deals": 40, "chunk": 20})
    common.game_flag(ap, common.registry_games(rung_games.GAMES))
    ap.add_argument("--deals", type=int, help="deals for each search rung (default: each game's own)")
    ap.add_argument("--compiled-deals", type=int, help="deals for each compiled row (default: each game's own)")
    ap.add_argument("--chunk", type=int, default=1000, help="deals a batch-engine call (Sâm, Chắn)")
    ap.add_argument("--rungs", help="comma-separated rungs, each game's that it has (default: every rung)")
    ap.add_argument("--table", choices=sorted(TABLES), default="2p36", help="Tấn's table")
    ap.add_argument("--players", type=int, default=4, help="Sâm's players")
    args = common.parse(ap, argv)
    for name in args.game or common.registry_games(rung_games.GAMES):
        run_game(name, args)


if __name__ == "__main__":
    main()
