"""Chắn, Sâm and Tấn as environments for learning code: a PettingZoo AEC environment per game, and a Gymnasium
environment for one seat against named built-in players.  Needs ``pip install -e ".[rl]"``.

::

    from cardodds.envs import card_env, seat_env

    env = card_env("tan")                         # PettingZoo AEC: every seat an agent
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        mask = obs["action_mask"]
        env.step(None if terminated or truncated else int(mask.nonzero()[0][0]))

    one = seat_env("sam", seat=0, opponents="control")   # Gymnasium: seat 0 against three control players
    obs, info = one.reset(seed=1)

An observation is ``{"observation": float32 vector in [0, 1], "action_mask": int8 vector}``: the seat's view (the
mid-game position JSON ``cardodds replay <game> --state-at K`` prints, as ``cardodds.sim.<game>.env_form.observe``
lays it out) and which actions are legal.  Action ``i`` is the move ``env.actions[i]`` (``"9h"``, ``"take"``,
``"3-4-5"``, ``"ca 9V"`` …); an action the mask does not allow plays the first legal move instead and says so in
the step's info (``{"illegal_action": True}``).  Rewards are the game's payoffs at its end (``env_form.play`` says
how each game pays), 0 before.  A reset's seed fixes the deals: ``reset(seed=S)`` plays the deals drawn from ``S`` (the game seeds are
``numpy.random.default_rng(S)``'s draws, each dealt as ``cardodds replay <game> --seed`` deals it).
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as exc:  # pragma: no cover -- the optional extra is missing
    raise ImportError("cardodds.envs needs PettingZoo and Gymnasium: pip install -e \".[rl]\"") from exc

from cardodds.sim.errors import CardoddsError
from cardodds.sim.games import game as game_spec
from cardodds.sim.turns import Turns, default_player, game_rules

SEED_SPACE = 2**63
"""Game seeds are drawn below this (the seeds ``cardodds`` takes)."""
PASSED_DEALS = 1000
"""The deals in a row a :class:`SeatEnv` reset passes over (each over before its seat's first decision) before it
gives up on a seat that never decides (the test game's seat 1), rather than drawing deals for ever."""


class _Form:
    """One game's actions, spaces and observations under one set of rules."""

    def __init__(self, game: str, rules):
        self.game = game
        self.form = game_spec(game).hook("env_form")
        if self.form is None:
            raise CardoddsError(f"{game}: this game has no environment")
        self.rules = game_rules(game, rules)
        self.actions = self.form.actions(self.rules)
        self.index = {a: i for i, a in enumerate(self.actions)}
        self.size = self.form.observation_size(self.rules)
        self.space = self.space_copy()

    def space_copy(self) -> spaces.Dict:
        """The observation space (a new object: each agent seeds its own)."""
        return spaces.Dict({"observation": spaces.Box(0.0, 1.0, (self.size,), np.float32),
                            "action_mask": spaces.Box(0, 1, (len(self.actions),), np.int8)})

    def mask(self, legal) -> np.ndarray:
        out = np.zeros(len(self.actions), np.int8)
        out[[self.index[m] for m in legal]] = 1
        return out

    def observe(self, turns: Turns) -> dict:
        return {"observation": self.form.observe(turns.position()), "action_mask": self.mask(turns.legal)}

    def blank(self) -> dict:
        return {"observation": np.zeros(self.size, np.float32), "action_mask": np.zeros(len(self.actions), np.int8)}

    def move(self, action, legal) -> tuple[str, bool]:
        """The move of ``action`` and False; for an action that is not legal now, the first legal move and True."""
        i = int(action)
        move = self.actions[i] if 0 <= i < len(self.actions) else None
        return (move, False) if move in legal else (legal[0], True)


class CardEnv(AECEnv):
    """A PettingZoo AEC environment of one game: every seat an agent (``seat_0`` …), one game an episode."""

    metadata: ClassVar[dict] = {"name": "cardodds_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, rules=None, render_mode: str | None = None):
        super().__init__()
        self._form = _Form(game, rules)
        self.metadata = {**CardEnv.metadata, "name": f"cardodds_{game}_v0"}
        self.possible_agents = [f"seat_{s}" for s in range(self._form.rules.players)]
        self.actions = self._form.actions
        self.observation_spaces = {a: self._form.space_copy() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(len(self.actions)) for a in self.possible_agents}
        self.render_mode = render_mode
        self._deals = np.random.default_rng()
        self._turns: Turns | None = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._deals = np.random.default_rng(seed)
        self.close()
        self._turns = Turns(self._form.game, int(self._deals.integers(SEED_SPACE)), self._form.rules)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._seen = {a: self._form.blank() for a in self.agents}
        self._advance()

    def observe(self, agent):
        seen = self._seen[agent]
        if self._turns.over or agent != self.agent_selection:
            return {"observation": seen["observation"], "action_mask": np.zeros_like(seen["action_mask"])}
        return seen

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0.0
        move, illegal = self._form.move(action, self._turns.legal)
        self._turns.apply(move)
        self.infos[agent] = {"illegal_action": True} if illegal else {}
        self._advance()
        self._accumulate_rewards()

    def _advance(self) -> None:
        """After a move: the next seat to move and its observation, or the payoffs at the end."""
        turns = self._turns
        if turns.over:
            for s, agent in enumerate(self.possible_agents):
                self.rewards[agent] = turns.payoffs[s]
            self.terminations = dict.fromkeys(self.agents, True)
            return
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.agent_selection = f"seat_{turns.seat}"
        self._seen[self.agent_selection] = self._form.observe(turns)

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        return _text(self._turns)

    def close(self):
        if self._turns is not None:
            self._turns.close()


class SeatEnv(gymnasium.Env):
    """A Gymnasium environment: one seat of one game, the other seats played by named built-in players; one game an
    episode, its payoff the reward at the end.  A deal that ends before the seat's first decision (a Thiên ù, a tới
    trắng) is passed over for the next one."""

    metadata: ClassVar[dict] = {"render_modes": ["ansi"]}

    def __init__(self, game: str, seat: int = 0, opponents=None, rules=None, render_mode: str | None = None):
        self._form = _Form(game, rules)
        opponents = default_player(game) if opponents is None else opponents
        players = self._form.rules.players
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise CardoddsError(f"{game}: seat must be 0..{players - 1}, not {seat!r}")
        self.seat = seat
        others = list(opponents) if isinstance(opponents, (list, tuple)) else [opponents] * (players - 1)
        if len(others) != players - 1:
            raise CardoddsError(f"{game}: {len(others)} opponents given for {players - 1} other seats")
        self._players = others[:seat] + [None] + others[seat:]
        self.actions = self._form.actions
        self.observation_space = self._form.space
        self.action_space = spaces.Discrete(len(self.actions))
        self.render_mode = render_mode
        self._deals = np.random.default_rng()
        self._turns: Turns | None = None

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        if seed is not None:
            self._deals = np.random.default_rng(seed)
        for _ in range(PASSED_DEALS):
            self.close()
            self._turns = Turns(self._form.game, int(self._deals.integers(SEED_SPACE)), self._form.rules,
                                self._players)
            if not self._turns.over:
                return self._form.observe(self._turns), {"game_seed": self._turns.seed}
        raise CardoddsError(f"{self._form.game}: seat {self.seat} made no decision in {PASSED_DEALS} deals in a row")

    def step(self, action):
        move, illegal = self._form.move(action, self._turns.legal)
        self._turns.apply(move)
        info = {"illegal_action": True} if illegal else {}
        if self._turns.over:
            return self._form.blank(), float(self._turns.payoffs[self.seat]), True, False, info
        return self._form.observe(self._turns), 0.0, False, False, info

    def render(self):
        return _text(self._turns)

    def close(self):
        if self._turns is not None:
            self._turns.close()


def _text(turns: Turns) -> str:
    """The game in a line: whose move and the legal moves, or the payoffs at the end (render mode ``"ansi"``)."""
    if turns.over:
        return "over: " + ", ".join(f"{p:+g}" for p in turns.payoffs)
    return f"seat {turns.seat} to move ({', '.join(turns.legal)})"


def card_env(game: str, rules=None, render_mode: str | None = None) -> CardEnv:
    """The PettingZoo AEC environment of ``game`` (``rules``: a rules object or a ``[rules]`` table)."""
    return CardEnv(game, rules, render_mode)


def seat_env(game: str, seat: int = 0, opponents=None, rules=None, render_mode: str | None = None) -> SeatEnv:
    """The Gymnasium environment of one seat of ``game`` against ``opponents`` (one player for every other seat,
    or a list of them in seat order; default: the game's default player, as an experiment seats it)."""
    return SeatEnv(game, seat, opponents, rules, render_mode)
