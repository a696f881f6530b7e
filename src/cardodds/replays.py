"""``cardodds.replay``: one game of a seed, move by move, or a position of it, or a seat's decisions reviewed
(``cardodds replay``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from cardodds.sim.arguments import caller, check_seed, check_whole, option, python_api
from cardodds.sim.errors import CardoddsError


@dataclass
class Replay:
    """A replay's ``text`` (what ``cardodds replay`` prints last) and, for an experiment file with arms, the
    ``note`` naming the arm played (printed first: on stderr beside ``state_at``'s JSON)."""

    text: str
    note: str | None = None


def replay_games() -> list[str]:
    """The games that replay: those whose spec names a replay task and its text, or has positions."""
    from cardodds.sim.games import games

    return sorted(g.name for g in games() if (g.replay_task and g.replay_text) or g.position)


def _prog(name: str) -> str:
    return f"cardodds replay {name}" if caller() == "cli" else "replay"


def _no_log_message() -> str:
    from cardodds.sim.games import game

    titles = [game(g).title for g in replay_games()]
    logged = [game(g).title for g in replay_games() if game(g).replay_log]
    text_only = [t for t in titles if t not in logged]
    return f"{option('log')} writes a {' and '.join(logged)} move log; {' and '.join(text_only)} replays are text only"


def _check_mode(spec, positions: bool, log, budget: dict) -> None:
    """The options go together: a whole game's replay (and its ``log``), or a position's views."""
    from cardodds.analysis.paths import output_file
    from cardodds.api import refuse
    from cardodds.sim.position import position_module

    if positions:
        position_module(spec)  # a game with no positions: one line before any other work
    else:
        refuse(_prog(spec.name), budget, "a move-by-move replay", option("advise"))
        if spec.replay_text is None:
            raise CardoddsError(f"{spec.title} has no move-by-move replay; give {option('state_at')} K or "
                                f"{option('advise')} SEAT")
    if log and positions:
        raise CardoddsError(f"{option('log')} writes a whole game's move log; it does not go with "
                            f"{option('state_at')} or {option('advise')}")
    if log:
        if spec.replay_log is None:
            raise CardoddsError(_no_log_message())
        output_file(log, option("log"))


def _table(spec, config, arm):
    """The rules, players and chunk size played (the ``config``'s arm ``arm``, else the game's replay defaults) and
    the note naming the arm of a file with arms."""
    from types import SimpleNamespace

    if not config:
        if arm:
            raise CardoddsError(f"{option('arm')} names an arm of the {option('config')} file; give "
                                f"{option('config')} too")
        from cardodds.advise import replay_table

        rules, strategies = replay_table(spec.name)
        return SimpleNamespace(rules=rules, strategies=strategies), 1, None
    from cardodds.sim.experiment import load_arms, pick_arm

    arms = load_arms(config)
    if arms[0].task.name != spec.replay_task:
        raise CardoddsError(f"{config} is a '{arms[0].task.name}' experiment; replay {spec.name} needs "
                            f"'{spec.replay_task}'")
    exp = pick_arm(arms, arm, config)
    note = None
    if len(arms) > 1:
        note = f"arm '{exp.arm}' of {config}" + ("" if arm else f" (the baseline; its arms: "
                                                 f"{', '.join(a.arm for a in arms)}; choose one with {option('arm')})")
    return exp.params, min(exp.chunk_size, exp.games), note  # a random seat's game depends on its chunk


@python_api
def replay(game: str, seed: int, *, state_at: int | None = None, advise: int | None = None, opponents=None,
           games: int | None = None, time: float | None = None, config=None, arm: str | None = None,
           log=None) -> Replay:
    """Replay the game ``game`` of seed ``seed``: move by move, or the position at a decision, or a seat's review.

    Parameters
    ----------
    game : str
        One of :func:`replay_games`.
    seed : int
        The game's seed (as a run's: its first game).
    state_at : int, optional
        The position the seat to move sees at the game's ``state_at``-th decision (from 1), as JSON text.
    advise : int, optional
        A seat: at each of its decisions, the move made, the best and the move's expected loss.
    opponents, games, time
        With ``advise``: who plays from each position, and the worlds a move or a budget in seconds
        (as :mod:`cardodds.advise`).
    config : str or Path, optional
        Take the rules and players from this experiment file (its arm ``arm``; default its baseline).
    log : str or Path, optional
        Also write the game's JSON move log (what ``cardodds check`` reads), for a game that logs.

    Returns
    -------
    Replay

    Raises
    ------
    CardoddsError
        A game with no such view, options that do not go together, a bad file or seat, checked before any move.
    """
    from cardodds.sim.games import game as spec_of

    if game not in replay_games():
        raise CardoddsError(f"game must be one of {', '.join(replay_games())}, not {game!r}")
    check_seed(seed, option("seed"))
    spec = spec_of(game)
    positions = state_at is not None or advise is not None
    _check_mode(spec, positions, log, {option("opponents"): opponents, option("games"): games,
                                       option("time"): time})
    params, chunk, note = _table(spec, config, arm)
    if positions:
        text = _positions(spec, seed, params.rules, params.strategies, chunk, state_at=state_at, advise=advise,
                          opponents=opponents, games=games, time=time)
        return Replay(text, note)
    text = spec.hook("replay_text")(seed, params.rules, params.strategies, chunk=chunk)
    if log:
        Path(log).write_text(spec.hook("replay_log")(seed, params.rules, params.strategies), encoding="utf-8")
        hint = f" (check it with: cardodds check {game} {log})" if spec.check_text else ""
        text += f"\nmove log written to {log}{hint}"
    return Replay(text, note)


def _positions(spec, seed: int, rules, strategies, chunk: int, *, state_at, advise, opponents, games, time) -> str:
    """``state_at``'s position as JSON, or ``advise``'s decisions each reviewed."""
    from cardodds.api import refuse
    from cardodds.sim.position import position_module

    module = position_module(spec)
    if state_at is not None and advise is not None:
        raise CardoddsError(f"{option('state_at')} and {option('advise')} are two views of the game: give one")
    if state_at is not None:
        refuse(_prog(spec.name), {option("opponents"): opponents, option("games"): games, option("time"): time},
               option("state_at"), option("advise"))
        check_whole(state_at, option("state_at"), 1)
        position = module.cut(seed, rules, strategies, state_at, chunk=chunk)
        return json.dumps(module.to_json(position), ensure_ascii=False, indent=1)
    check_whole(advise, option("advise"), 0, spec.max_players - 1)
    decisions = module.decisions(seed, rules, strategies, advise, chunk=chunk)
    return review_text(spec, decisions, seed=seed, seat=advise, opponents=opponents, games=games, time=time)


def _loss(row, sign: int) -> tuple[float, float, float]:
    """The expected loss of a move against the best, in the ranking measure, with its 95 % interval."""
    if sign > 0:
        return -row["diff"], -row["diff_high"], -row["diff_low"]
    return row["diff"], row["diff_low"], row["diff_high"]


def review_text(spec, decisions: list, *, seed: int, seat: int, opponents, games, time) -> str:
    """Each decision of the seat: the move made, the adviser's best and the expected loss of the move made."""
    from cardodds import advise
    from cardodds.analysis.numbers import fmt_ci, fmt_num

    if not decisions:
        return f"seat {seat} makes no decision in the {spec.title} game of seed {seed}"
    lines, total, footer = [], 0.0, ""
    for k, position, made in decisions:
        table = getattr(advise, spec.name)(position, opponents=opponents, games=games, time=time, seed=seed)
        rank, sign = table.attrs["rank_by"]
        rows = table.set_index("move")
        if made not in rows.index:
            raise CardoddsError(f"decision {k}: the move made, {made!r}, is not among the legal moves")
        best = table.iloc[0]["move"]
        loss, low, high = _loss(rows.loc[made], sign)
        total += loss
        exact = bool(table.attrs["exact"])
        shown = "0 (the best)" if made == best else fmt_num(loss) + (" exact" if exact else " " + fmt_ci(low, high))
        tied = " (tied with the best)" if rows.loc[made, "tied"] else ""
        lines.append(f"decision {k}: played {made} · best {best} · expected loss {shown}{tied}")
        footer = (f"loss in {rank} ({table.attrs['measures'][rank][1]}); players: {table.attrs['players']}; "
                  f"budget of the last decision: {table.attrs['budget']}")
    head = f"{spec.title}, seed {seed}: seat {seat}'s {len(decisions)} decisions, each move made beside the best"
    return "\n".join([head, *lines, f"total expected loss {fmt_num(total)}; {footer}"])
