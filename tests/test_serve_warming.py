"""``cardodds serve`` warms the numba kernels in the background (``cardodds.web.warming``): while a game's kernels
compile, its simulated requests say so (a ``warming`` event) and play on the numpy engines, with the same numbers;
once they are ready, on the compiled engines.

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
from test_serve import SEED, _assert_page_equals, _click_hand, _open, _serve, _shown, _state, _wait
from test_serve import browser  # noqa: F401 - the module's Chromium, a fixture

pytest.importorskip("starlette")

from cardodds.sim.compiled_switch import compiled_on, numpy_while  # noqa: E402
from cardodds.sim.errors import CardoddsError  # noqa: E402
from cardodds.sim.kernel_warm import wanted  # noqa: E402
from cardodds.web.app import create_app  # noqa: E402
from cardodds.web.warming import NICE, Warming  # noqa: E402


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

    def start(games, processes, nice):
        assert nice == NICE  # the requests played meanwhile come first
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


@pytest.fixture
def kernel_calls(monkeypatch):
    """The calls of Sâm's compiled engine (its two entry points), counted."""
    from cardodds.sim.sam import compiled

    calls = []
    for entry in ("play_batch", "play_from_state"):
        def counted(*args, _engine=getattr(compiled, entry), **kwargs):
            calls.append(1)
            return _engine(*args, **kwargs)

        monkeypatch.setattr(compiled, entry, counted)
    return calls


async def _asked_twice(path: str, body: bytes, kernel_calls: list) -> list[tuple]:
    """Ask ``path`` while Sâm's kernels warm, then again once they are ready: each time the event kinds, the final
    answer, the compiled engine's calls and the status."""
    proc, loaded = Process(), []
    warming = fake_warming({"sam": proc, "tan": Process()}, loaded)
    warming.start(processes=2)
    app, answers = create_app(warming), []
    for _ in range(2):
        before = len(kernel_calls)
        call = Call(app, "POST" if body else "GET", path, body)
        await asyncio.wait_for(call.task, 300)
        events = call.events()
        answers.append(([kind for kind, _ in events], events[-1][1], len(kernel_calls) - before, await _status(app),
                        list(loaded)))
        proc.terminate()  # the warm-up process ends well: the server loads Sâm's kernels, then Sâm is ready
        await _until(lambda: warming.ready("sam"))
    return answers


needs_compiled = pytest.mark.skipif(not wanted(), reason="compiled engines off (CARDODDS_COMPILED=0 or no numba)")


@needs_compiled
@pytest.mark.parametrize("path, body, first", [
    ("/api/odds/sam?hand=3s%204s%205h%206d%207c%208s%209s%2010h%20Jd%20Kd&games=1000&seed=1", None, "exact"),
    ("/api/advise/sam?games=40&seed=1", "position", "start"),
])
def test_a_request_while_its_kernels_warm_says_so_and_answers_on_numpy_with_the_same_numbers(kernel_calls, path,
                                                                                             body, first):
    from cardodds.advise import position_at

    body = json.dumps(position_at("sam", 1, 3)).encode() if body else b""
    (kinds, answer, calls, status, loaded), (kinds_after, answer_after, calls_after, status_after, loaded_after) = (
        asyncio.run(_asked_twice(path, body, kernel_calls)))
    assert kinds[:2] == [first, "warming"] and kinds[-1] == "done" and "error" not in kinds
    assert calls == 0 and status["warming"] == ["sam", "tan"] and loaded == []  # the numpy engine played
    assert kinds_after[0] == first and kinds_after[-1] == "done" and "warming" not in kinds_after
    assert calls_after > 0 and status_after["warming"] == ["tan"] and loaded_after == ["sam"]  # the compiled one
    untimed = [{k: v for k, v in a.items() if k not in ("budget", "seconds")} for a in (answer, answer_after)]
    assert untimed[0] == untimed[1]


def test_a_game_without_kernels_and_a_ready_game_never_wait():
    async def ask():
        warming = fake_warming({"sam": Process()}, [])
        warming.start(processes=1)
        assert not warming.ready("sam") and warming.ready("demo") and warming.ready("chan")  # chan: no process
        hand = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S 9V".replace(" ", "%20")
        call = Call(create_app(warming), "GET", f"/api/odds/chan?hand={hand}&games=1000&seed=1")
        await asyncio.wait_for(call.task, 120)
        return call.kinds()

    kinds = asyncio.run(ask())
    assert kinds[0] == "exact" and kinds[-1] == "done" and "warming" not in kinds


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
    await _until(lambda: warming.ready(game))


def test_nothing_warms_with_the_compiled_engines_off(monkeypatch):
    monkeypatch.setenv("CARDODDS_COMPILED", "0")
    warming = Warming()
    warming.start()
    assert warming.warming() == [] and all(warming.ready(g) for g in ("tan", "chan", "sam"))


def test_stopping_ends_the_warm_up_processes_still_running():
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    warming = Warming(start=lambda games, processes, nice: [(["tan"], proc)], load=lambda games: None)
    warming.start()
    assert not warming.ready("tan")
    warming.stop()
    assert proc.poll() is not None
    asyncio.run(asyncio.wait_for(_wait_ready(warming, "tan"), 10))


def test_the_numpy_engines_play_while_the_condition_holds_in_that_context_only(monkeypatch):
    monkeypatch.delenv("CARDODDS_COMPILED", raising=False)
    warm = threading.Event()
    seen_elsewhere = []
    with numpy_while(lambda: not warm.is_set()):
        assert not compiled_on()
        other = threading.Thread(target=lambda: seen_elsewhere.append(compiled_on()))
        other.start()
        other.join()
        warm.set()
        assert compiled_on()  # asked again at every engine choice
    assert seen_elsewhere == [True] and compiled_on()
    monkeypatch.setenv("CARDODDS_COMPILED", "0")
    assert not compiled_on()
    monkeypatch.setenv("CARDODDS_COMPILED", "yes")
    with pytest.raises(CardoddsError, match="CARDODDS_COMPILED must be 0 or 1, not 'yes'"):
        compiled_on()


NEVER_WARM = ("import subprocess, sys; from cardodds.web import app, warming\n"
              "class Never(warming.Warming):\n"
              "    def __init__(self):\n"
              "        sleep = [sys.executable, '-c', 'import time; time.sleep(600)']\n"
              "        super().__init__(start=lambda games, processes, nice: [(list(games), subprocess.Popen(sleep, "
              "stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))])\n"
              "app.Warming = Never\n"
              "from cardodds.cli import main; sys.exit(main(['serve', '--port', '0']))")
"""``cardodds serve`` whose kernels never finish warming (a stand-in process that sleeps until the server stops)."""


@pytest.fixture(scope="module")
def warming_server():
    yield from _serve("-c", NEVER_WARM)


def test_the_page_says_it_is_starting_up_and_answers_meanwhile(warming_server, browser, capsys):
    """While Sâm's kernels warm, the page says so beside the progress and shows the numbers of
    ``cardodds odds sam`` (the numpy engines played them: the same numbers)."""
    from cardodds.cli import main

    status = json.loads(subprocess.run([sys.executable, "-c", "import sys, urllib.request; sys.stdout.write("
                                        f"urllib.request.urlopen('{warming_server}api/status').read().decode())"],
                                       capture_output=True, text=True, check=True).stdout)
    assert status["warming"] == ["chan", "sam", "tan"]
    hand, games = "3s 4s 5h 6d 7c 8s 9s 10h Jd Kd", 400_000  # several batches: the notice stays in view a while
    _open(browser, warming_server, "sam")
    box = browser.find_element("id", "games")
    box.clear()
    box.send_keys(str(games))
    _click_hand(browser, hand)
    _wait(browser, lambda d: "đang khởi động" in d.find_element("id", "progress-text").text)
    _state(browser, "done")
    assert "đang khởi động" not in browser.find_element("id", "progress-text").text
    capsys.readouterr()
    assert main(["odds", "sam", "--hand", hand, "--games", str(games), "--seed", str(SEED), "--json",
                 "--no-progress"]) == 0
    expected = json.loads(capsys.readouterr().out)
    shown = {k: v for k, v in _shown(browser).items() if not k.startswith("bayes.")}  # the declarer: exact
    _assert_page_equals(shown, expected, {"sam.success", "sam.ci_low", "win.estimate", "win.cuoc_mean", "games"})
