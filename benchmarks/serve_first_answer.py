"""Time to the first answer (the ``exact`` event) of ``cardodds serve``, measured from the client side.

Starts ``python -m cardodds.cli serve --port 0``, then asks each hand below three times (the first round right after
start) for 20,000 games, reading only until the first event and then closing the request — the way a player who
changes the hand cancels it — so later requests run while earlier simulations finish their batch.  Prints one line
per request and the slowest.  Not a benchmark of bench_all.py (not named ``bench_*``).

Usage: ``python benchmarks/serve_first_answer.py [--games 20000] [--seed 1] [--quick]`` (``--quick``: one round).
"""

from __future__ import annotations

import http.client
import subprocess
import sys
import time
from urllib.parse import quote

import common  # a sibling module

REQUESTS = [
    ("chan", {"hand": "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S 9V", "seat": "1"}),
    ("chan", {"hand": "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 3W 3S 7W 7V 8W 8S"}),
    ("sam", {"hand": "3s 4s 5h 6d 7c 8s 9s 10h Jd Kd", "opponents": "3"}),
    ("tan", {"hand": "As Ac Ad Kh 2s 3c 4d 5s", "trump": "h"}),
]


def first_event_ms(port: int, game: str, query: dict, games: int, seed: int) -> float:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    start = time.perf_counter()
    asked = "&".join(f"{k}={quote(v)}" for k, v in query.items())
    conn.request("GET", f"/api/odds/{game}?{asked}&games={games}&seed={seed}")
    resp = conn.getresponse()
    while not resp.readline().startswith(b"data:"):
        pass
    ms = 1000 * (time.perf_counter() - start)
    conn.close()
    return ms


def main() -> None:
    ap = common.parser(__doc__.splitlines()[0], games=20_000, games_help="games a request (default 20,000)", jobs=None,
                       quick={"rounds": 1})
    ap.add_argument("--rounds", type=int, default=3, help="times each hand is asked (default 3)")
    args = common.parse(ap)
    server = subprocess.Popen([sys.executable, "-m", "cardodds.cli", "serve", "--port", "0"], stdout=subprocess.PIPE,
                              text=True)
    try:
        port = int(server.stdout.readline().rsplit(":", 1)[1].split("/")[0])
        times = []
        for round_ in ["first"] + ["again"] * (args.rounds - 1):
            for game, query in REQUESTS:
                times.append(first_event_ms(port, game, query, args.games, args.seed))
                print(f"{round_:5}  {game:4}  {len(query['hand'].split()):2} cards  first answer {times[-1]:6.0f} ms")
        print(f"slowest first answer: {max(times):.0f} ms over {len(times)} requests")
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
