"""``cardodds serve`` warms the numba kernels in the background (``cardodds.web.warming``): while a game's kernels
compile, its simulated requests say so (a ``warming`` event) and wait; then they answer as usual.

No real compile here: the warm-up processes are stand-ins whose end the test decides.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading

import pytest
from asgi_call import asgi_scope

pytest.importorskip("starlette")

from cardodds.web.app import create_app  # noqa: E402
from cardodds.web.warming import Warming  # noqa: E402


class Process:
    """A warm-up process that ends (with ``code``) when the test says."""

    def __init__(self, code: int = 0):
        self.code, self.ended = code, threading.Event()

    def wait(self, timeout=None):
        self.ended.wait(timeout)
        return self.code

    def poll(self):
        return self.code if self.ended.is_set() else None

    def terminate(self):
        self.ended.set()


def fake_warming(groups: dict, loaded: list, load_error: Exception | None = None) -> Warming:
    """A :class:`Warming` whose processes are ``groups`` (``{"sam": Process(), …}``) and whose in-server load records
    the games it loads in ``loaded``."""

    def start(games, processes):
        return [([name], proc) for name, proc in groups.items() if name in games]

    def load(games):
        if load_error is not None:
            raise load_error
        loaded.extend(games)

    return Warming(start=start, load=load)


async def _until(condition, seconds=10.0):
    deadline = asyncio.get_running_loop().time() + seconds
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.02)


class Call:
    """One request to ``app`` running as an asyncio task; :meth:`events` reads what it has answered so far."""

    def __init__(self, app, method: str, path: str, body: bytes = b""):
        self.sent: list[dict] = []
        read = []

        async def receive():
            if read:
                await asyncio.sleep(3600)
            read.append(1)
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message):
            self.sent.append(message)

        self.task = asyncio.ensure_future(app(asgi_scope(method, path, body), receive, send))

    def text(self) -> str:
        return b"".join(m.get("body", b"") for m in self.sent if m["type"] == "http.response.body").decode()

    def events(self) -> list[tuple[str, dict]]:
        blocks = [b for b in self.text().split("\n\n") if b.strip()]
        return [(b.split("\n")[0].removeprefix("event: "), json.loads(b.split("\n")[1].removeprefix("data: ")))
                for b in blocks]

    def kinds(self) -> list[str]:
        return [kind for kind, _ in self.events()]


async def _status(app) -> dict:
    call = Call(app, "GET", "/api/status")
    await call.task
    return json.loads(call.text())


async def _warming_then_answer(path: str, body: bytes = b"") -> tuple[list[str], dict, dict, list]:
    """Ask ``path`` while Sâm's kernels warm, then end the warm-up: the events, the status during and after, and
    the games loaded into the server."""
    proc, loaded = Process(), []
    warming = fake_warming({"sam": proc, "tan": Process()}, loaded)
    warming.start(processes=2)
    app = create_app(warming)
    call = Call(app, "POST" if body else "GET", path, body)
    await _until(lambda: "warming" in call.kinds())
    await asyncio.sleep(0.3)  # it waits: nothing is computed while the kernels warm
    during, kinds_during = await _status(app), call.kinds()
    assert kinds_during[-1] == "warming" and loaded == []
    proc.terminate()  # the warm-up process ends well (its code is 0): the server loads Sâm's kernels, then answers
    await asyncio.wait_for(call.task, 120)
    return call.kinds(), during, await _status(app), loaded


def test_a_hand_asked_while_its_kernels_warm_says_so_then_answers():
    kinds, during, after, loaded = asyncio.run(_warming_then_answer("/api/odds/sam?hand=3s%204s%205h%206d%207c%208s"
                                                                    "%209s%2010h%20Jd%20Kd&games=1000&seed=1"))
    assert kinds[:2] == ["exact", "warming"] and kinds[-1] == "done" and "error" not in kinds
    assert during["warming"] == ["sam", "tan"] and after["warming"] == ["tan"] and loaded == ["sam"]


def test_a_position_asked_while_its_kernels_warm_says_so_then_answers():
    from cardodds.advise import position_at

    body = json.dumps(position_at("sam", 1, 3)).encode()
    kinds, during, after, loaded = asyncio.run(_warming_then_answer("/api/advise/sam?games=40&seed=1", body))
    assert kinds[:2] == ["start", "warming"] and kinds[-1] == "done" and "error" not in kinds
    assert during["warming"] == ["sam", "tan"] and after["warming"] == ["tan"] and loaded == ["sam"]


def test_a_game_without_kernels_and_a_ready_game_never_wait():
    async def ask():
        warming = fake_warming({"sam": Process()}, [])
        warming.start(processes=1)
        assert not warming.ready("sam") and warming.ready("demo") and warming.ready("chan")  # chan: no process
        call = Call(create_app(warming), "GET", "/api/odds/chan?hand=" + "%20".join(
            "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S 9V".split()) + "&games=1000&seed=1")
        await asyncio.wait_for(call.task, 120)
        return call.kinds()

    kinds = asyncio.run(ask())
    assert kinds[0] == "exact" and kinds[-1] == "done" and "warming" not in kinds


def test_a_stopping_server_ends_a_waiting_request_with_a_message():
    async def ask():
        stopping = threading.Event()
        warming = fake_warming({"tan": Process()}, [])
        warming.start()
        seen = []
        async for kind, data in warming.announce("tan", stopping):
            seen.append((kind, data))
            stopping.set()
        return seen

    seen = asyncio.run(ask())
    assert [kind for kind, _ in seen] == ["warming", "error"] and seen[1][1] == {"error": "the server is stopping"}
    assert seen[0][1]["game"] == "tan" and "starting up" in seen[0][1]["message"]


@pytest.mark.parametrize("code, error, loaded, logged", [(1, None, [], False),
                                                         (0, RuntimeError("no cache"), [], True)])
def test_a_failed_warm_up_leaves_the_game_ready_to_compile_itself(caplog, code, error, loaded, logged):
    """A warm-up process that fails, or a load that fails, is no error: the game is ready, and its first request
    compiles what it needs, as without the warm-up."""
    proc, seen = Process(code), []
    warming = fake_warming({"sam": proc}, seen, error)
    warming.start()
    proc.terminate()
    asyncio.run(asyncio.wait_for(_wait_ready(warming, "sam"), 10))
    assert seen == loaded and ("warming sam: RuntimeError: no cache" in caplog.text) == logged


async def _wait_ready(warming, game):
    await warming.wait(game, threading.Event())


def test_nothing_warms_with_the_compiled_engines_off(monkeypatch):
    monkeypatch.setenv("CARDODDS_COMPILED", "0")
    warming = Warming()
    warming.start()
    assert warming.warming() == [] and all(warming.ready(g) for g in ("tan", "chan", "sam"))


def test_stopping_ends_the_warm_up_processes_still_running():
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    warming = Warming(start=lambda games, processes: [(["tan"], proc)], load=lambda games: None)
    warming.start()
    assert not warming.ready("tan")
    warming.stop()
    assert proc.poll() is not None
    asyncio.run(asyncio.wait_for(_wait_ready(warming, "tan"), 10))
