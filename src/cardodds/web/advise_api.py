"""``POST /api/advise/<game>``: a mid-game position's odds and ranked moves, refined batch by batch.

The body is the position's JSON (what ``cardodds advise <game> --state`` reads, at most :data:`MAX_BODY` bytes);
the query may add ``opponents`` (a player's name, or its table as JSON, as ``--opponents`` takes it), ``games``
(worlds per move, default the game's ``DEFAULT_WORLDS``, at most :data:`MAX_WORLDS`) and ``seed`` (default 0).  Bad
input — a game with no positions (404), a body too long (413, read no further), a body that is not a JSON object, an
inconsistent position, a player the game cannot seat, a bad number — is answered with ``{"error": message}``, the
command line's one line (400 unless said).  Otherwise the answer is events:

- ``start``: ``{"game", "moves", "measures", "rank_by", "players", "games"}`` at once;
- ``warming``: ``{"game", "message"}``, only while the game's kernels still compile after an install
  (:mod:`cardodds.web.warming`): the worlds are played on the numpy engines meanwhile (the same numbers);
- ``progress``: after each batch of worlds but the last, ``{"odds", "advice", "worlds", "games", "budget", "batches",
  "seconds"}`` — the odds rows (as ``cardodds odds --state --json``) and the moves best first (as ``cardodds advise --json``) so far;
- ``done``: the same, final (an exact answer comes as ``done`` straight after ``start``);
- ``error``: ``{"error": message}``.

With ``check=1`` in the query nothing is played: the answer is ``{"game", "moves"}`` (the legal moves) once the
position reads, or the same 400 — the page's form asks it as a person edits, so what is wrong shows at once.

Every batch plays :data:`PAGE_BATCH` of the default worlds, so the default budget refines four times; the worlds
are those of the command line for the same seed (numbers equal to its up to rounding).  When the browser goes away
the worker stops at its next batch.

``GET /api/position/<game>?seed=S&at=K`` answers the JSON of the position ``cardodds replay <game> --seed S
--state-at K`` prints (the page's example to start from), or 400 with ``{"error": message}``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from starlette.requests import Request
from starlette.responses import JSONResponse, StreamingResponse

from cardodds.api import check_games, check_seed, read_whole
from cardodds.errors import CardoddsError
from cardodds.web.guard import read_body, status_of

MAX_WORLDS = 1_000_000
"""A page asks for at most this many worlds a move."""
PAGE_BATCH = 4
"""The default budget is played in this many batches (each a refinement on the page)."""
MAX_BODY = 1024 * 1024
"""A position is at most this long (bytes)."""

log = logging.getLogger("cardodds.serve")
_WORKERS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="advise")


class _Gone(Exception):
    """Raised in the worker between batches when its request is gone."""


def _event(kind: str, data) -> str:
    return f"event: {kind}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def _number(query, name: str, default, check):
    text = query.get(name, "").strip()
    return default if text == "" else check(read_whole(text), name)


def _request(name: str, query, body: bytes):
    """The checked request: (module, position, players, games, seed); a one-line CardoddsError otherwise."""
    from cardodds.advise import parse_json, players_of, read_position, typed_players
    from cardodds.api import refusing_code

    module, position = read_position(name, parse_json(body, "the position"))
    games = _number(query, "games", module.DEFAULT_WORLDS, check_games)
    if games > MAX_WORLDS:
        raise CardoddsError(f"the page plays at most {MAX_WORLDS:,} worlds a move (the command line has no limit)")
    seed = _number(query, "seed", 0, check_seed)
    with refusing_code("opponents: the page never loads code: a player written in Python ('python') plays from the "
                       "command line or the Python API"):
        players = players_of(name, module, position, typed_players(query.get("opponents", ""), "opponents") or None)
    return module, position, players, games, seed


def answers(name: str, module, position, players, games: int, seed: int, stop: threading.Event):
    """The ``progress`` answers then the final one, as ``(kind, data)``: both tables refined batch by batch."""
    from cardodds.advise import refined

    size = max(1, -(-module.DEFAULT_WORLDS // PAGE_BATCH))
    last = None
    for now in refined(module, position, players, games, seed, size):
        if stop.is_set():
            raise _Gone
        if last is not None:
            yield "progress", last
        last = now
    yield "done", last


def _no_positions(name: str):
    """The 404 answer for a game with no positions, or None when ``name`` has them."""
    from cardodds.api import game, game_names

    if name in game_names() and game(name).position is not None:
        return None
    known = ", ".join(g for g in game_names() if game(g).position is not None)
    return JSONResponse({"error": f"no positions for game {name!r}; one of {known}"}, status_code=404)


async def position(request: Request):
    """``GET /api/position/<game>?seed=S&at=K``: a position cut from a replayed game, as JSON."""
    from cardodds.advise import position_at

    name = request.path_params["game"]
    missing = _no_positions(name)
    if missing is not None:
        return missing
    try:
        seed = _number(request.query_params, "seed", 1, check_seed)
        at = _number(request.query_params, "at", 1, lambda value, _: value)
        return JSONResponse(position_at(name, seed, at))
    except CardoddsError as exc:
        return JSONResponse({"error": str(exc)}, status_code=400)


async def advise(request: Request):
    """``POST /api/advise/<game>``: the events of one position (see the module docstring)."""
    name = request.path_params["game"]
    missing = _no_positions(name)
    if missing is not None:
        return missing
    try:
        body = await read_body(request, MAX_BODY, "a position")
        module, position, players, games, seed = _request(name, request.query_params, body)
    except CardoddsError as exc:
        return JSONResponse({"error": str(exc)}, status_code=status_of(exc))
    if request.query_params.get("check", "") not in ("", "0"):
        return JSONResponse({"game": name, "moves": list(module.legal_moves(position))})
    loop, queue, stop = asyncio.get_running_loop(), asyncio.Queue(), threading.Event()
    start = {"game": name, "moves": list(module.legal_moves(position)), "measures": module.MEASURES,
             "rank_by": list(module.RANK_BY), "players": str(players), "games": games}

    def work():
        try:
            with request.app.state.warming.engines(name):  # numpy while the kernels compile (web/warming.py)
                for kind, data in answers(name, module, position, players, games, seed, stop):
                    loop.call_soon_threadsafe(queue.put_nowait, (kind, data))
        except _Gone:
            return
        except CardoddsError as exc:
            loop.call_soon_threadsafe(queue.put_nowait, ("error", {"error": str(exc)}))
        except Exception as exc:  # never a traceback on the page; one line in the server's log
            log.error("cardodds serve: internal error: %s: %s", type(exc).__name__, exc)
            message = f"internal error ({type(exc).__name__}); the server log has the details"
            loop.call_soon_threadsafe(queue.put_nowait, ("error", {"error": message}))

    async def events():
        yield _event("start", start)
        if notice := request.app.state.warming.notice(name):
            yield _event("warming", notice)
        loop.run_in_executor(_WORKERS, work)
        try:
            while True:
                kind, data = await queue.get()
                yield _event(kind, data)
                if kind in ("done", "error"):
                    return
        finally:  # the browser went away (or the answer is complete): stop the worker at its next batch
            stop.set()

    return StreamingResponse(events(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})
