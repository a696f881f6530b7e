"""What every game's tests of a user player's batch form (``decide_batch``, issue 33) share: the docs examples loaded
by name, the trivial scalar player, equal count tables, and the misbehaving answers with what their one line says."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

from cardodds.sim.user_player import UserPlayer

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"

BAD_ANSWERS = [
    ("raises", "raised ZeroDivisionError: division by zero"), ("illegal", "returned action "),
    ("outside", "returned action "), ("negative", "returned action -"), ("rewrites", "returned action 0 ({first})"),
    ("shape", "an integer array of shape"), ("dtype", "dtype float64"), ("list", "returned list"),
    ("none", "returned NoneType")]
"""``(bad, said)``: each way :func:`misbehaving` answers, and what the error line then says (``{first}``: the name of
the game's action 0)."""


def example(name: str, cls: str):
    """Class ``cls`` of the docs example ``docs/examples/<name>.py``."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, cls)


class First(UserPlayer):
    """The first legal move."""

    def decide(self, view, legal, rng):
        return legal[0]


CALLS: list = []
"""The number of rows of each :class:`FirstBatch` call (a test clears it first)."""


class FirstBatch(First):
    """``First`` with its batch form: the first legal action of each row."""

    def decide_batch(self, observations, masks, rng):
        CALLS.append(masks.shape[0])
        return masks.argmax(axis=1)


class RandomBatch(UserPlayer):
    """A legal action at random from the call's generator (no ``decide``: asked as a batch of one elsewhere)."""

    def decide_batch(self, observations, masks, rng):
        return (rng.random(masks.shape) * masks).argmax(axis=1)


def check_arrays(observations, masks, positions, form, legal_moves) -> None:
    """Checks a call's arrays (``positions``: its rows' positions, one at least): row ``i`` is
    ``form.observe(positions[i])`` and the mask of ``legal_moves`` of it among ``form.actions``."""
    rules = positions[0].rules
    assert observations.dtype == np.float32 and masks.dtype == np.int8
    assert observations.shape == (len(positions), form.observation_size(rules)) and masks.shape[0] == len(positions)
    names = form.actions(rules)
    for obs, mask, position in zip(observations, masks, positions):
        assert np.array_equal(obs, form.observe(position))
        assert [names[a] for a in np.flatnonzero(mask)] == legal_moves(position)


def same(a: dict, b: dict) -> bool:
    """Whether two count tables (a task's ``run_chunk`` result) are equal."""
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


def check_twins(counts, scalar: tuple[str, str], batch: tuple[str, str], knob: str, values) -> None:
    """Checks that ``counts(player)`` (a chunk's count table) is the same for :class:`FirstBatch` as for
    :class:`First`, asked many rows a call, and for the docs example ``batch`` (file, class) as for its scalar twin
    ``scalar`` at each of ``values`` of ``knob``."""
    CALLS.clear()
    assert same(counts(FirstBatch()), counts(First()))
    assert CALLS and max(CALLS) > 1  # asked once a step, many games a call
    one, many = example(*scalar), example(*batch)
    for value in values:
        assert same(counts(many(**{knob: value})), counts(one(**{knob: value})))


def check_same_seed(counts) -> None:
    """Checks that ``counts(player, seed)`` (a chunk's count table) repeats for the same seed with a player drawing
    from its rng, and changes with the seed and with the player."""
    drawn = counts(RandomBatch(), 5)
    assert same(drawn, counts(RandomBatch(), 5))
    assert not same(drawn, counts(RandomBatch(), 6)) and not same(drawn, counts(FirstBatch(), 5))


def misbehaving(bad: str, masks: np.ndarray):
    """A ``decide_batch`` answer that misbehaves as ``bad`` says (:data:`BAD_ANSWERS`) given the call's ``masks``."""
    first = masks.argmax(axis=1)
    return {"raises": lambda: 1 / 0, "illegal": lambda: masks.argmin(axis=1),
            "outside": lambda: first + masks.shape[1], "negative": lambda: first - 1000,
            "shape": lambda: first[:-1] if first.shape[0] > 1 else np.zeros(2, int),
            "dtype": lambda: first.astype(float), "list": lambda: first.tolist(),
            "rewrites": lambda: masks.fill(1) or masks.argmin(axis=1) * 0,  # its masks only
            "none": lambda: None}[bad]()


def check_line(error, game: str, seat: int, bad: str, said: str, legal: list[str]) -> str:
    """Checks a ``UserPlayerError`` from a player ``Bad`` misbehaving as ``bad``: one line, from ``game`` naming the
    seat, saying ``said`` and (unless it raised) the legal moves ``legal`` of the position it carries; its text."""
    text = str(error)
    assert "\n" not in text and said in text, text
    assert text.startswith(f"{game}: player Bad.decide_batch at seat {seat}, ") and error.game == game
    if bad != "raises":
        assert "not one of the legal moves (" + ", ".join(legal) + ")" in text
    return text
