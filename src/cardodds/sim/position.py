"""Mid-game positions: what one seat knows at one of its decisions, and what every game's position module offers.

A game with positions names a module in :attr:`GameSpec.position <cardodds.sim.game_spec.GameSpec>`
(``cardodds.sim.<game>.position``).  The module holds the game's own :class:`Position` type and these names, which
the shared layers (``cardodds.analysis.advice``, ``cardodds.advise``, ``cardodds odds --state``, ``cardodds advise``,
``cardodds replay --state-at / --advise``, the page) call and nothing else:

``from_json(data: dict) -> Position``
    A position from its JSON form (documented in ``docs/rules.md``, one example per game).  Anything inconsistent
    (a malformed or duplicate card, more copies than the deck, counts that do not add up, a table that breaks the
    rules, a decision that is not this seat's, an unknown key) raises :class:`~cardodds.sim.errors.CardoddsError`
    with one line that says what is wrong.  The rules are the ``"rules"`` key's options over the defaults.
``to_json(position) -> dict``
    Its JSON form; ``from_json(to_json(p)) == p``.
``cut(seed, rules, strategies, k, chunk=1) -> Position``
    The position the seat to move sees at the ``k``-th decision (1-based, every seat's decisions counted) of the
    game ``cardodds replay <game> --seed seed`` shows; ``CardoddsError`` when that game has fewer decisions.  Every
    game's is :func:`cardodds.sim.position_cut.cut` over its ``game_state.replayed`` (one walk, one wording).
``decisions(seed, rules, strategies, seat, chunk=1) -> list[tuple[int, Position, str]]``
    Every decision of ``seat`` in that game: its ``k``, the position and the move made (spelled as ``legal_moves``).
``legal_moves(position) -> list[str]``
    The moves the seat may make here, as text a person can read and type (``"9V"``, ``"take"``, ``"pass"``).
``play_out(position, moves, players, worlds, seed, first_world=0) -> Outcomes``
    Each of ``moves`` (``None``: the one row ``"as <players> plays"``, the odds) played in ``worlds`` worlds, world
    ``first_world + j`` for j < ``worlds``: the cards the seat cannot see dealt consistently with everything the
    position says, then every seat (the seat to move after this move too) played by ``players`` (a strategy as
    ``[strategies]`` names one: ``"tuned"``, ``{"name": "expert", "samples": 16}``).  Every move sees the same
    worlds (common random numbers).  A world's deal is a function of ``seed``, its number and the position only, so
    two positions that differ in nothing the seat knows give the same outcomes, and more worlds extend fewer.
``check_players(position, players) -> None`` (optional)
    Raises :class:`~cardodds.sim.errors.CardoddsError` unless ``players`` can play this position's seats (an
    unknown name, a bad knob, a player the engine cannot play): called before any world is played, so that the
    page answers a bad player with a 400, not with an answer already started.
``exact(position, moves) -> Outcomes | None``
    The moves' exact values where the game can compute them (Tấn, two players, the stock empty), else None.
``MEASURES : dict``
    Measure name → ``(kind, text)``: kind ``"chance"`` (a 0/1 outcome per world) or ``"points"``.
``RANK_BY : tuple[str, int]``
    The measure the advice ranks moves by and its sign (+1: higher is better, -1: lower is better).
``DEFAULT_PLAYERS : str`` and ``DEFAULT_WORLDS : int``
    The players and the worlds per move that answer a typical mid-game ``advise`` in under 2 s on one core.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from cardodds.sim.errors import CardoddsError


@dataclass(frozen=True)
class Outcomes:
    """What playing moves out from a position gave, world by world.

    Attributes
    ----------
    moves : tuple of str
        The moves, as ``legal_moves`` spells them (``"as tuned plays"`` for the odds row).
    values : dict of str to ndarray
        Measure → ``(len(moves), worlds)`` float64: the seat's outcome of each move in each world (the same worlds
        for every move); for an exact answer ``worlds`` is 1 and the value is exact.
    exact : bool
        The values are exact (no interval).
    first_world : int
        The number of the first world (batches of worlds concatenate).
    players : str
        Who played the seats, in words.
    """

    moves: tuple
    values: dict
    exact: bool = False
    first_world: int = 0
    players: str = ""
    info: dict = field(default_factory=dict)

    def __post_init__(self):
        shapes = {np.shape(v) for v in self.values.values()}
        if len(shapes) != 1 or next(iter(shapes))[0] != len(self.moves):
            raise ValueError(f"outcomes: every measure needs one row per move, got {shapes} for {len(self.moves)}")

    @property
    def worlds(self) -> int:
        return int(next(iter(self.values.values())).shape[1])

    def then(self, more: "Outcomes") -> "Outcomes":
        """These outcomes followed by ``more`` (the next batch of worlds of the same moves)."""
        if more.moves != self.moves or more.first_world != self.first_world + self.worlds:
            raise ValueError("outcomes: only the next worlds of the same moves can follow")
        values = {k: np.concatenate([v, more.values[k]], axis=1) for k, v in self.values.items()}
        return Outcomes(self.moves, values, self.exact, self.first_world, self.players, self.info)


def position_module(spec):
    """The position module of game ``spec``, or a one-line error when the game has none."""
    module = spec.hook("position")
    if module is None:
        raise CardoddsError(f"{spec.name}: this game has no mid-game positions")
    return module


def decision_tag(k: int) -> str:
    """What ``cardodds replay`` writes after the line of decision ``k``: the number ``--state-at`` takes."""
    return f"  [K={k}]"


def decisions_note(game: str, seed: int, counted: str) -> str:
    """The replay's line that says what its ``[K=n]`` tags are and which moves are decisions (``counted``)."""
    return f"[K=n] marks decision n (`cardodds replay {game} --seed {seed} --state-at n` prints its position); {counted}"


def past_the_end(game: str, seed: int, k: int, n: int) -> CardoddsError:
    """The one-line error for decision ``k`` of a replayed game with ``n`` decisions: the valid range named."""
    if n == 0:
        return CardoddsError(f"{game} position: decision {k} asked, but the game of seed {seed} has no decision")
    return CardoddsError(f"{game} position: decision {k} asked; K must be 1..{n} for the game of seed {seed} "
                         "(`cardodds replay` marks each decision [K=n])")
