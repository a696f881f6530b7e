"""Chắn expert throughput: one ``expert`` seat (the cái, seat 0) against three ``basic`` players, on both engines.

Usage: ``python benchmarks/bench_chan_expert.py [--games 10] [--expert-games 1000] [--jobs 2] [--worlds 16]
[--rollout basic] [--base tuned] [--z 2.0] [--batch-games 4000]``.

- **Reference engine**: ``--jobs`` processes each play ``--games`` games one at a time (:func:`play_game`); the
  expert's time is split into building the worlds and moves (Python, per world and move) and playing them out
  (:func:`cardodds.sim.chan.compiled.play_state_auto`: the compiled engine unless ``CARDODDS_COMPILED=0``).
- **Batch engine** (what ``chan.play`` uses): ``--jobs`` processes each play one chunk of ``--expert-games`` games
  through the task (:func:`cardodds.sim.chan.play_task.run_chunk`, engine ``batch``): the expert's decisions of all
  the games asked together, each ask one batched play-out of rows × moves × worlds
  (:mod:`cardodds.sim.chan.expert_batch`).  Bigger chunks make bigger play-outs (the chunk size of
  ``configs/chan_expert.toml``).  Played twice in one run, the play-outs on the numpy engine
  (``CARDODDS_COMPILED=0``, as before issue 25) and on the compiled engine (the default): games and rollouts (rows
  of the play-outs, one a (decision, move, world)) per CPU second, and their ratios.
- The batch engine with ``tuned`` in the expert's seat, for scale.

Both engines make the same decisions (``tests/chan/test_chan_expert_batch.py``).  Prints the figures, then one
``BENCH`` line per engine for ``bench_all.py``; no assertions (figures depend on the machine and its load).
"""

from __future__ import annotations

import json
import os
import time
from concurrent.futures import ProcessPoolExecutor

import common  # a sibling module

import cardodds.sim.chan.expert as expert_module
from cardodds.sim.chan.batch import play_batch
from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.expert import Expert
from cardodds.sim.chan.reference import ChanGame, play_game
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chan.strategies import Basic, Tuned
from cardodds.sim.streams import DEAL, PLAY, chunk_seed, stream

MAX_GAMES = 200  # bench_all.py passes the fast engines' --games to every script; the reference plays a few a second


def reference_games(args, job: int) -> dict:
    """Play ``args.games`` games with the expert at seat 0 in this process: seconds in all, in rollouts, decisions."""
    spent = {"rollouts": 0.0, "calls": 0}
    inner = expert_module.play_state_auto

    def timed(*a, **k):
        t = time.process_time()
        out = inner(*a, **k)
        spent["rollouts"] += time.process_time() - t
        spent["calls"] += 1
        return out

    expert_module.play_state_auto = timed
    rules = ChanRules(cai_seat=0)
    expert = Expert(worlds=args.worlds, rollout=args.rollout, base=args.base, z=args.z)
    players = (expert, Basic(), Basic(), Basic())
    seq = chunk_seed(args.seed, job)
    orders = deal_orders(stream(seq, DEAL), args.games)
    rng = stream(seq, PLAY)
    t, w = time.process_time(), time.perf_counter()
    for order in orders:
        play_game(ChanGame.from_order(rules, order), players, rng)
    return {"seconds": time.process_time() - t, "wall": time.perf_counter() - w, **spent}


def batch_games(args, job: int, flag: str = "1") -> dict:
    """One chunk of ``args.expert_games`` games with the expert at seat 0 through ``chan.play`` on the batch engine,
    ``CARDODDS_COMPILED`` set to ``flag``: seconds, games, and the rows and CPU seconds of the search's play-outs."""
    import cardodds.sim.chan.expert_batch as expert_batch
    from cardodds.sim.chan.play_task import TASK, run_chunk

    os.environ["CARDODDS_COMPILED"] = flag
    spent = {"rows": 0, "playout": 0.0}
    inner = expert_batch._play

    def timed(st, *a):
        t = time.process_time()
        out = inner(st, *a)
        spent["playout"] += time.process_time() - t
        spent["rows"] += st.N
        return out

    expert_batch._play = timed

    seat = {"name": "expert", "worlds": args.worlds, "rollout": args.rollout, "base": args.base, "z": args.z}
    params = TASK.parse({"rules": {"cai_seat": 0}, "strategies": {"seats": [seat, "basic", "basic", "basic"]}}, "bench")
    t, w = time.process_time(), time.perf_counter()
    counts = run_chunk(params, chunk_seed(args.seed, 100 + job), args.expert_games, engine="batch")
    expert_batch._play = inner
    return {"seconds": time.process_time() - t, "wall": time.perf_counter() - w, "games": int(counts["games"]), **spent}


def batch_rate(args) -> float:
    """Games a second of the batch engine on one core with ``tuned`` in the expert's seat."""
    orders = deal_orders(stream(chunk_seed(args.seed, 10**6), DEAL), args.batch_games)
    t = time.process_time()
    play_batch(ChanRules(cai_seat=0), orders, (Tuned(), Basic(), Basic(), Basic()))
    return args.batch_games / (time.process_time() - t)


def main(argv=None):
    ap = common.parser(__doc__.splitlines()[0], games=10, games_help="reference-engine games per process", jobs=2,
                       seed=12345, quick={"games": 1, "expert_games": 10, "batch_games": 50, "jobs": 1})
    ap.add_argument("--expert-games", type=int, default=1000, help="batch-engine games per process (one chunk)")
    ap.add_argument("--worlds", type=int, default=Expert.worlds)
    ap.add_argument("--rollout", default=Expert.rollout)
    ap.add_argument("--base", default=Expert.base)
    ap.add_argument("--z", type=float, default=Expert.z)
    ap.add_argument("--batch-games", type=int, default=4000)
    args = common.parse(ap, argv)
    args.games = min(args.games, MAX_GAMES)
    with ProcessPoolExecutor(args.jobs) as pool:
        parts = list(pool.map(reference_games, [args] * args.jobs, range(args.jobs)))
        slow = list(pool.map(batch_games, [args] * args.jobs, range(args.jobs), ["0"] * args.jobs))
        fast = list(pool.map(batch_games, [args] * args.jobs, range(args.jobs), ["1"] * args.jobs))
    wall = max(p["wall"] for p in parts)  # the slowest process, from its first game (not its start-up)
    games = args.games * args.jobs
    cpu = sum(p["seconds"] for p in parts)
    rollouts = sum(p["rollouts"] for p in parts)
    calls = sum(p["calls"] for p in parts)
    print(f"expert worlds {args.worlds}, rollout {args.rollout}, base {args.base}, z {args.z}; seat 0 against 3 basic")
    print(f"reference engine: {games} games on {args.jobs} processes in {wall:.1f} s wall = {games / wall:.2f} games/s "
          f"({games / cpu:.2f} games/s per core); {calls} searched decisions ({calls / games:.1f} a game, "
          f"{calls / cpu:.1f}/s per core)")
    print(f"  of the CPU time: rollouts (play_state_auto) {rollouts / cpu:.0%}, the rest (worlds, moves, the table) "
          f"{1 - rollouts / cpu:.0%}")
    f_wall = max(p["wall"] for p in fast)
    f_games = sum(p["games"] for p in fast)
    f_cpu = sum(p["seconds"] for p in fast)
    print(f"batch engine: {f_games} games on {args.jobs} processes ({args.expert_games} a chunk) in {f_wall:.1f} s wall "
          f"= {f_games / f_wall:.2f} games/s ({f_games / f_cpu:.2f} games/s per core); "
          f"{f_games / f_wall / (games / wall):.1f}x the reference engine's wall rate")
    rates = {}
    for name, runs in (("numpy", slow), ("compiled", fast)):
        cpu, rows, play = (sum(p[k] for p in runs) for k in ("seconds", "rows", "playout"))
        n = sum(p["games"] for p in runs)
        rates[name] = (n / cpu, rows / cpu, rows / play)
        print(f"  play-outs on the {name} engine: {n} games in {cpu:.1f} CPU s = {n / cpu:.3f} games per CPU s; "
              f"{rows} rollouts = {rows / cpu:.0f} per CPU s of the games, {rows / play:.0f} per CPU s of the "
              f"play-outs ({play / cpu:.0%} of the CPU time)")
    ratio = [c / n for c, n in zip(rates["compiled"], rates["numpy"])]
    print(f"  compiled / numpy: games per CPU s {ratio[0]:.1f}x, rollouts per CPU s {ratio[1]:.1f}x "
          f"(of the play-outs alone {ratio[2]:.1f}x)")
    rate = batch_rate(args)
    print(f"batch engine, tuned in the expert's seat: {rate:.0f} games/s on one core")
    print("BENCH " + json.dumps({"engine": "chan expert reference", "games_per_s": round(games / wall, 2)}))
    print("BENCH " + json.dumps({"engine": "chan expert batch", "games_per_s": round(f_games / f_wall, 2)}))
    print("BENCH " + json.dumps({"engine": "chan tuned batch", "games_per_s": round(rate, 1)}))


if __name__ == "__main__":
    main()
