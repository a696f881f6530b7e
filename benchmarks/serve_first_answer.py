"""Time to the first answer of ``cardodds serve``, measured from the client side.

Starts ``python -m cardodds.cli serve --port 0``, then asks each hand below three times (the first round right after
start) for 20,000 games, reading only until the first event and then closing the request — the way a player who
changes the hand cancels it — so later requests run while earlier simulations finish their batch.  Prints one line
per request and the slowest.  Not a benchmark of bench_all.py (not named ``bench_*``).

``--simulated`` instead asks one hand of each game, one after the other, and reads each answer to its end: the time
to the ``exact`` event, to the first simulated number and to the final answer (``done``), and whether the request
had to wait for its game's kernels (``warming``).  ``--cold`` gives the server an empty numba cache (a fresh install:
``NUMBA_CACHE_DIR`` set to a new folder; the warm-up then compiles every kernel); ``--wait`` asks only once
``/api/status`` lists no game warming, and prints when that was.

Usage: ``python benchmarks/serve_first_answer.py [--simulated] [--cold] [--wait] [--games 20000] [--seed 1]
[--quick]`` (``--quick``: one round).
"""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import tempfile
import time
from urllib.parse import quote

import common  # a sibling module

REQUESTS = [
    ("chan", {"hand": "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S 9V", "seat": "1"}),
    ("chan", {"hand": "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 3W 3S 7W 7V 8W 8S"}),
    ("sam", {"hand": "3s 4s 5h 6d 7c 8s 9s 10h Jd Kd", "opponents": "3"}),
    ("tan", {"hand": "As Ac Ad Kh 2s 3c 4d 5s", "trump": "h"}),
]


def _address(game: str, query: dict, games: int, seed: int) -> str:
    return f"/api/odds/{game}?" + "&".join(f"{k}={quote(v)}" for k, v in query.items()) + f"&games={games}&seed={seed}"


def first_event_ms(port: int, game: str, query: dict, games: int, seed: int) -> float:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    start = time.perf_counter()
    conn.request("GET", _address(game, query, games, seed))
    resp = conn.getresponse()
    while not resp.readline().startswith(b"data:"):
        pass
    ms = 1000 * (time.perf_counter() - start)
    conn.close()
    return ms


def simulated_ms(port: int, game: str, query: dict, games: int, seed: int) -> dict:
    """Milliseconds from asking ``game``'s hand to each kind of event, first of each kind."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    start = time.perf_counter()
    conn.request("GET", _address(game, query, games, seed))
    resp, seen, kind = conn.getresponse(), {}, None
    while "done" not in seen and "error" not in seen:
        line = resp.readline()
        if not line:
            break
        if line.startswith(b"event: "):
            kind = line[7:].strip().decode()
            seen.setdefault(kind, 1000 * (time.perf_counter() - start))
    conn.close()
    return seen


def warm_after(port: int, started: float) -> float:
    """Wait until the server lists no game warming; the seconds since the server started."""
    while True:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.request("GET", "/api/status")
        warming = json.loads(conn.getresponse().read())["warming"]
        conn.close()
        if not warming:
            return time.perf_counter() - started
        time.sleep(0.2)


def first_answers(port: int, args) -> None:
    times = []
    for round_ in ["first"] + ["again"] * (args.rounds - 1):
        for game, query in REQUESTS:
            times.append(first_event_ms(port, game, query, args.games, args.seed))
            print(f"{round_:5}  {game:4}  {len(query['hand'].split()):2} cards  first answer {times[-1]:6.0f} ms")
    print(f"slowest first answer: {max(times):.0f} ms over {len(times)} requests")


def simulated_answers(port: int, args) -> None:
    for game, query in [REQUESTS[0], REQUESTS[2], REQUESTS[3]]:
        seen = simulated_ms(port, game, query, args.games, args.seed)
        first = min((ms for kind, ms in seen.items() if kind in ("progress", "done")), default=float("nan"))
        warming = "(numpy engines: its kernels were warming)" if "warming" in seen else ""
        print(f"{game:4}  exact {seen.get('exact', float('nan')):6.0f} ms  first simulated {first:6.0f} ms  "
              f"done {seen.get('done', float('nan')):6.0f} ms  {warming}", flush=True)


def main() -> None:
    parser = common.parser(__doc__.splitlines()[0], games=20_000, games_help="games a request (default 20,000)",
                           jobs=None, quick={"rounds": 1})
    parser.add_argument("--rounds", type=int, default=3, help="times each hand is asked (default 3)")
    parser.add_argument("--simulated", action="store_true", help="read each answer to its end, one per game")
    parser.add_argument("--cold", action="store_true", help="an empty numba cache, as after a fresh install")
    parser.add_argument("--wait", action="store_true", help="ask once no game is warming")
    args = common.parse(parser)
    cache = tempfile.TemporaryDirectory(prefix="cardodds-cold-") if args.cold else None
    env = {**os.environ, **({"NUMBA_CACHE_DIR": cache.name} if cache else {})}
    started = time.perf_counter()
    server = subprocess.Popen([sys.executable, "-m", "cardodds.cli", "serve", "--port", "0"], stdout=subprocess.PIPE,
                              text=True, env=env)
    try:
        port = int(server.stdout.readline().rsplit(":", 1)[1].split("/")[0])
        print(f"serving after {time.perf_counter() - started:.1f} s", flush=True)
        if args.wait:
            print(f"every game's kernels ready after {warm_after(port, started):.1f} s", flush=True)
        (simulated_answers if args.simulated else first_answers)(port, args)
    finally:
        server.terminate()
        server.wait(timeout=30)
        if cache:
            cache.cleanup()


if __name__ == "__main__":
    main()
