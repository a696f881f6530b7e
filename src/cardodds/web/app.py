"""The web app of ``cardodds serve``: one page per game, the odds streamed as Server-Sent Events.

Why Starlette + uvicorn: Starlette is a small ASGI framework whose ``StreamingResponse`` streams an async generator
and stops it when the browser goes away, which is what refining odds need (a request per hand, cancelled when the
hand changes); uvicorn is a production ASGI server (h11 parses HTTP, not us).  Both are pure-Python wheels on PyPI,
installed by the ``web`` extra.

A page is served for every game whose spec (:mod:`cardodds.sim.games`) has a deck and a hand's odds.  Every number
comes from the spec's ``hand_odds`` (the functions of ``cardodds odds``), its query from the spec's declared hand
question (:mod:`cardodds.sim.hand_question`: the options of ``cardodds odds <game>``, checked alike): a request
``GET /api/odds/<game>?hand=…&games=…&seed=…&<field>=…`` (Chắn ``seat`` and ``strategy``, Sâm ``opponents``, Tấn
``trump``, ``players``, ``seat``, ``strategy`` and ``deck``; a player is one the field offers,
:func:`cardodds.web.tables.offered`)
answers with events (a question that simulates nothing: its answer at once, as an ``exact`` then ``done``):

- ``exact``: what needs no simulation (Chắn: the split, the win, the waits and the exact chance of the next card;
  Sâm: the tới trắng and the bayes declarer's decision; Tấn: the hand as read);
- ``warming``: ``{"game", "message"}``, only while the game's numba kernels still compile after an install
  (:mod:`cardodds.web.warming`): the simulation plays on the numpy engines meanwhile (the same numbers);
- ``progress``: after each batch of games, ``{"result", "played", "games"}`` — the simulated result so far, with the
  keys of the final one;
- ``done``: the final result, the JSON that ``cardodds odds <game> --json`` prints for the same options;
- ``error``: ``{"error": message}`` — a failure while simulating.

Bad input — a bad option, or a hand the exact part refuses — is answered 400 with ``{"error": message}``, the
one-line message the command line prints for the same input, before any event.

The games run in a worker thread; when the browser aborts the request (the hand changed) the stream is closed and
the worker stops at its next batch (the ``on_batch`` hook raises).

``POST /api/advise/<game>`` answers a mid-game position's odds and ranked moves the same way, batch by batch
(:mod:`cardodds.web.advise_api`), for the mid-game page ``/advise/<game>`` of every game with positions.

The pages' scripts (``static/``) name no game: ``/words.js`` hands them the catalogue's words
(:mod:`cardodds.web.words_script`), ``/games.js`` every game's own parts, the ``page.js`` of its folder
(:mod:`cardodds.web.games_script`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from cardodds.api import PLAYER, check_games, check_seed, check_whole, game, games, read_whole, resolve
from cardodds.errors import CardoddsError
from cardodds.web.advise_api import advise, position
from cardodds.web.games_script import games_route
from cardodds.web.guard import Guard
from cardodds.web.limits import MAX_HEAD
from cardodds.web.tables import check_player, form
from cardodds.web.warming import Warming
from cardodds.web.words_script import words_script

STATIC = Path(__file__).parent / "static"
DEFAULT_GAMES = 20_000
"""As ``cardodds odds``."""
MAX_GAMES = 10_000_000
"""A page asks for at most this many games (a request runs until done or cancelled)."""

log = logging.getLogger("cardodds.serve")
_EXACT = ThreadPoolExecutor(max_workers=2, thread_name_prefix="exact")
"""Exact parts run here, so a new hand's first answer never waits behind a simulation finishing its batch."""
_SIMULATE = ThreadPoolExecutor(max_workers=2, thread_name_prefix="simulate")
"""Two simulations run at once; a third waits (the engines use numpy and release the GIL)."""


STOPPING = threading.Event()
"""Set on Ctrl-C: open streams end with a message instead of being cut (no traceback in the server's log)."""


class Cancelled(Exception):
    """Raised in a worker between batches when its request is gone."""


def _int(query, name: str, default: int | None, check=None) -> int | None:
    """The query's ``name`` as a whole number (``default`` when empty), checked by ``check(value, name)`` — the
    command line's own check, so a bad value reads the same on the page (``seed must …``) as there (``--seed must …``)."""
    text = query.get(name, "")
    if text.strip() == "":
        return default
    return (check or _whole)(read_whole(text.strip()), name)


def _whole(value, name: str) -> int:
    return check_whole(value, name, 0)


def _games(query) -> int:
    games = _int(query, "games", DEFAULT_GAMES, check_games)
    if games > MAX_GAMES:
        raise CardoddsError(f"the page plays at most {MAX_GAMES:,} games (the command line has no limit)")
    return games


def _fields(name: str, question, query) -> dict:
    """The question's fields from the page's query, checked as the API checks them (a message names ``seat``, the
    query's key); a player is one the page offers (:func:`cardodds.web.tables.check_player`)."""
    given = {}
    for f in question.fields:
        text = query.get(f.name, "")
        if f.kind == PLAYER:
            given[f.name] = check_player(name, f, text)
        elif text.strip():
            given[f.name] = f.read(text.strip())
    return question.checked(given, named=str)  # the query's own keys, whoever started the server


def odds_job(name: str):
    """The page's job for game ``name``, built from its hand question: ``query -> (exact part, simulation)``.

    The exact part is the question's ``known`` (a question that simulates nothing: its whole answer); the
    simulation is the spec's ``hand_odds``, streamed batch by batch."""
    spec = game(name)
    question = spec.question()

    def job(query):
        games, seed = _games(query), _int(query, "seed", 1, check_seed)
        values, hand = _fields(name, question, query), query.get("hand", "")
        answer = spec.hook("hand_odds")

        def exact():
            if not question.simulated:
                return answer(hand, **values)
            return resolve(question.known)(hand, **values) if question.known else {}

        def simulate(known, on_batch):
            if not question.simulated:
                return known  # nothing is simulated: the final answer is the exact part
            return answer(hand, **values, games=games, seed=seed, on_batch=on_batch)

        return exact, simulate

    return job


def jobs() -> dict:
    """Each page's job, ``query -> (exact, simulate)``, by game: every game whose spec has a deck and a hand's odds."""
    return {g.name: odds_job(g.name) for g in games() if g.deck and g.hand_odds}


def _event(kind: str, data) -> str:
    return f"event: {kind}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def _outcome(work, *args) -> tuple[str, object]:
    """``("value", result)`` of ``work(*args)``, or ``("error", {"error": message})`` for bad input,
    ``("internal", {"error": message})`` for anything else — never an exception."""
    try:
        return "value", work(*args)
    except Cancelled:
        return "cancelled", None
    except CardoddsError as exc:
        return "error", {"error": str(exc)}
    except Exception as exc:  # never a traceback on the page; one line in the server's log
        log.error("cardodds serve: internal error: %s: %s", type(exc).__name__, exc)
        return "internal", {"error": f"internal error ({type(exc).__name__}); the server log has the details"}


async def odds(request: Request):
    """``GET /api/odds/<game>``: the events of one hand (see the module docstring)."""
    name, pages = request.path_params["game"], jobs()
    if name not in pages:
        return JSONResponse({"error": f"unknown game {name!r}; one of {', '.join(pages)}"}, status_code=404)
    try:
        exact, simulate = pages[name](request.query_params)
        games = _games(request.query_params)
    except CardoddsError as exc:
        return JSONResponse({"error": str(exc)}, status_code=400)
    loop = asyncio.get_running_loop()
    kind, known = await loop.run_in_executor(_EXACT, _outcome, exact)
    if kind != "value":  # a hand the exact part refuses: answered before any event, as a bad option is
        return JSONResponse(known, status_code=400 if kind == "error" else 500)
    queue: asyncio.Queue = asyncio.Queue()
    cancel = threading.Event()

    def on_batch(partial):  # in the worker, after each batch but the last
        if cancel.is_set():
            raise Cancelled
        progress = {"result": partial, "played": _played(partial), "games": games}
        loop.call_soon_threadsafe(queue.put_nowait, ("progress", progress))

    def simulated(known):
        if cancel.is_set():  # gone while it waited for a worker
            return
        with request.app.state.warming.engines(name):  # the numpy engines while the kernels compile (web/warming.py)
            kind, data = _outcome(simulate, known, on_batch)
        kind = {"value": "done", "internal": "error"}.get(kind, kind)
        loop.call_soon_threadsafe(queue.put_nowait, (kind, data))

    async def events():
        yield _event("exact", known)
        if notice := request.app.state.warming.notice(name):
            yield _event("warming", notice)
        request.app.state.running += 1
        future = loop.run_in_executor(_SIMULATE, simulated, known)
        try:
            while True:
                try:
                    kind, data = await asyncio.wait_for(queue.get(), 0.2)
                except asyncio.TimeoutError:
                    if STOPPING.is_set():
                        yield _event("error", {"error": "the server is stopping"})
                        return
                    continue
                if kind == "cancelled":
                    return
                yield _event(kind, data)
                if kind in ("done", "error"):
                    return
        finally:  # the browser went away (or the answer is complete): stop the worker at its next batch
            cancel.set()
            future.add_done_callback(lambda _: _finished(request.app))

    return StreamingResponse(events(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})


def _finished(app) -> None:
    app.state.running -= 1


def _played(partial: dict) -> int:
    """Games played so far in a partial result (Chắn keeps them under ``win_chance``)."""
    return partial["win_chance"]["games"] if "win_chance" in partial else partial["games"]


async def status(request: Request):
    """``GET /api/status``: how many requests are computing (a cancelled one stops within a batch), and the games
    whose kernels are still warming."""
    return JSONResponse({"running": request.app.state.running, "warming": request.app.state.warming.warming()})


async def cards(request: Request):
    """``GET /api/cards/<game>``: the deck as the page draws it, named by the game's own card module, ``games``,
    every page's game by its printed name (the page's menu), ``advise``: whether the game has a mid-game page, and
    ``question``: the fields of its hand question, the page's form (:func:`cardodds.web.tables.form`: a player
    field with the players it offers)."""
    name, pages = request.path_params["game"], jobs()
    if name not in pages:
        return JSONResponse({"error": f"unknown game {name!r}; one of {', '.join(pages)}"}, status_code=404)
    return JSONResponse({**deck(name), "games": {g: game(g).title for g in pages},
                         "advise": game(name).position is not None, "question": form(name)})


def deck(name: str) -> dict:
    """The cards of game ``name`` (code, Vietnamese or printed name, copies, colour, row) and its hand sizes."""
    return game(name).hook("deck")()


async def page(request: Request):
    return FileResponse(STATIC / "page.html", media_type="text/html; charset=utf-8")


async def advise_page(request: Request):
    return FileResponse(STATIC / "advise.html", media_type="text/html; charset=utf-8")


async def home(request: Request):
    return RedirectResponse(f"/{next(iter(jobs()))}")  # the first game's page


def create_app(warming: Warming | None = None) -> Starlette:
    """The ASGI app (``uvicorn cardodds.web.app:create_app --factory`` serves it too); ``warming``: the kernels'
    warm-up, while which a game's simulated requests play on the numpy engines (none: every game is ready)."""
    routes = [Route("/", home), Route("/api/odds/{game}", odds), Route("/api/cards/{game}", cards),
              Route("/api/advise/{game}", advise, methods=["POST"]), Route("/api/position/{game}", position),
              Route("/api/status", status), Route("/words.js", words_script),
              Route("/games.js", games_route), Mount("/static", StaticFiles(directory=STATIC), name="static")]
    routes += [Route(f"/{name}", page) for name in jobs()]
    routes += [Route(f"/advise/{g.name}", advise_page) for g in games() if g.position is not None]
    app = Starlette(routes=routes, middleware=[Middleware(Guard)])
    app.state.running = 0
    app.state.warming = warming or Warming(games=())
    return app


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: a free one), or a one-line error."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        sock = socket.socket(family, socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise CardoddsError(f"cannot listen on {host}:{port}: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise CardoddsError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock


def warm_up() -> None:
    """Compute each page's example hand (its spec's ``page_example``) once before serving (imports, move tables), so
    the first player's first answer is as quick as the next ones."""
    for name, job in jobs().items():
        exact, _ = job(game(name).page_example)
        exact()


def serve(host: str = "127.0.0.1", port: int = 8000) -> int:
    """Serve the pages until Ctrl-C; prints the address first (with the port chosen when ``port`` is 0)."""
    import uvicorn

    sock = listen(host, port)
    warming = Warming()  # the kernels compile in the background from now on, while the page answers
    warming.start()  # its processes end with this one, whatever stops it (sim/parent_watch.py)
    warm_up()
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    if host not in ("127.0.0.1", "localhost", "::1"):
        print(f"cardodds: listening on {host}: anyone who reaches this address can run simulations here", flush=True)
    print(f"cardodds: serving on http://{shown}:{bound}/ (Ctrl-C stops)", flush=True)
    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame):
            STOPPING.set()
            warming.stop()  # uvicorn ends the process with the signal once it has stopped: no finally runs then
            super().handle_exit(sig, frame)

    from cardodds.web.protocol import AnswersTooLong

    config = uvicorn.Config(create_app(warming), log_level="warning", access_log=False, timeout_graceful_shutdown=5,
                            http=AnswersTooLong, h11_max_incomplete_event_size=MAX_HEAD)
    try:
        Server(config).run(sockets=[sock])
    finally:
        warming.stop()
    return 0
