"""``cardodds tune``: find one seat's knob values against the table's other strategies.

The search is a **coordinate search with a race on each coordinate**.  Starting from the seat's knobs in the config,
it takes the declared knobs one at a time; every value of that knob (the others held at the incumbent's) is a
candidate, and the candidates race on common random numbers: each plays the same chunks (the runner's chunk ``k`` is
the same deals for every candidate), the per-chunk differences against the current best give a paired Student-t
95 % interval (``cardodds.analysis.arms.batch_means``), a candidate whose interval lies wholly above the best (for a metric to
minimise) drops out, and the survivors play twice as many chunks — until one is left or the budget is spent.  The race's
best replaces the incumbent only when its paired interval against the incumbent excludes 0, so noise never moves the
knobs.  Passes over the knobs repeat until a pass changes nothing or the budget is spent.

Why this and not a joint racing / successive halving over the whole grid: the Tấn heuristic has eleven knobs, mostly
discrete with 2–7 values, whose product (about 10⁶ points) no budget can race, while one knob at a time costs about
40 candidates a pass; the knobs act mostly on different decisions (adding, covering, leading), and where one knob's new
value changes what another's is worth, the next pass over the knobs races that one again.  Racing inside a coordinate spends games only on the
values still in doubt, and common random numbers make the paired intervals several times narrower than independent
runs would.

Every evaluation is an ordinary run (``cardodds.sim.runner.run_experiment``) of the config with the candidate's knobs at the
seat, in its own run folder under the tuning folder (named by the run's identity), so evaluations are cached, resumable
and the same whatever ``--jobs``.  The games counted are the chunks each distinct candidate needs, so a resumed tuning
makes the same decisions.  The reported gain is measured afresh: the tuned and the starting knobs each replay an
eighth of the budget on other deals (seed + 1), so choosing on the same deals cannot flatter it.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import numpy as np
import pandas as pd

from cardodds.analysis.arms import _row_key, batch_means, chunk_estimates
from cardodds.sim.errors import CardoddsError
from cardodds.sim.experiment import SEED_MAX, Experiment, canonical_json, load_experiment
from cardodds.sim.knobs import check_knobs, current, declared
from cardodds.sim.runner import run_experiment

FIRST_CHUNKS = 8
"""Chunks every candidate of a race plays first (a Student-t interval needs several)."""
MAX_CHUNKS = 128
"""Chunks a race stops at: values this close are not worth more of the budget."""
MIN_VALIDATE_CHUNKS = 2
"""Chunks the tuned and the starting knobs each replay at least to measure the gain (an eighth of the budget)."""
MIN_CHUNKS = 2 * FIRST_CHUNKS + 2 * MIN_VALIDATE_CHUNKS
"""The smallest budget in chunks: two candidates' first race and both validations (fewer is refused)."""


@dataclasses.dataclass
class _Tuning:
    """The state of one tuning: the base experiment, the seat, where evaluations go, what they cost."""

    exp: Experiment
    seat: int
    strategy_class: type
    fixed: dict  # the seat's non-knob keys (e.g. the name)
    metric: str
    goal: str
    folder: Path
    jobs: int
    budget: int
    spent: int = 0
    played: dict = dataclasses.field(default_factory=dict)  # candidate key -> chunks played
    cache: dict = dataclasses.field(default_factory=dict)  # candidate key -> per-chunk estimates
    bar: object = None

    def sections(self, knobs: dict) -> dict:
        seats = [_spec(s) for s in self.exp.params.strategies]
        defaults = {f.name: f.default for f in dataclasses.fields(self.strategy_class)}
        seats[self.seat] = {**self.fixed, **{k: v for k, v in knobs.items() if v != defaults[k]}}
        return {**self.exp.sections, "strategies": {"seats": seats}}

    def experiment(self, knobs: dict, chunks: int, seed: int | None = None) -> Experiment:
        sections = self.sections(knobs)
        exp = self.exp if seed is None else dataclasses.replace(self.exp, seed=seed)
        return dataclasses.replace(exp, sections=sections, games=chunks * exp.chunk_size,
                                   params=exp.task.parse(sections, f"{exp.path} (tuning)"), arm="tune")

    def estimates(self, knobs: dict, chunks: int, seed: int | None = None, charge: bool = True) -> np.ndarray:
        """The objective in each of the first ``chunks`` chunks with these knobs at the seat."""
        exp = self.experiment(knobs, chunks, seed)
        key = exp.identity_hash()
        have = self.cache.get(key, np.zeros(0))
        if len(have) < chunks:
            result = run_experiment(exp, self.folder / key[:16], jobs=self.jobs, resume=True, progress=False)
            frame, _ = chunk_estimates(exp.task, exp.params, result.chunk_counts[len(have):chunks])
            have = np.concatenate([have, frame.loc[_row_key(self.metric, self.seat)].to_numpy(dtype=float)])
            self.cache[key] = have
        if charge and chunks > self.played.get(key, 0):
            cost = (chunks - self.played.get(key, 0)) * exp.chunk_size
            self.played[key] = chunks
            self.spent += cost
            if self.bar is not None:
                self.bar.update(cost)
        return have[:chunks]

    def cost(self, knobs: dict, chunks: int) -> int:
        key = self.experiment(knobs, chunks).identity_hash()
        return max(chunks - self.played.get(key, 0), 0) * self.exp.chunk_size


def _budget(exp) -> tuple[int, int, int]:
    """``(games played in all, chunks of the validation, games of the search)`` of ``exp``'s budget (checked)."""
    chunk = exp.chunk_size
    total = (exp.games // chunk) * chunk
    validate_chunks = max(total // chunk // 8, MIN_VALIDATE_CHUNKS)  # both the tuned and the starting knobs play them
    if total < MIN_CHUNKS * chunk:  # then the search's budget < 2 * FIRST_CHUNKS chunks; from MIN_CHUNKS on, never
        raise CardoddsError(f"--games {exp.games} is too small: the tuner needs at least "
                            f"{MIN_CHUNKS * chunk} games ({MIN_CHUNKS} chunks of chunk_size {chunk})")
    return total, validate_chunks, total - 2 * validate_chunks * chunk


def _knob_space(exp, seat: int, strategies: tuple, knobs) -> tuple:
    """``(strategy, space, names)``: seat ``seat``'s player, its tunable knobs' grids, the knobs tuned (checked)."""
    if not 0 <= seat < len(strategies):
        raise CardoddsError(f"--seat must be from 0 to {len(strategies) - 1} for this table, not {seat}")
    strategy = _tuned_player(strategies[seat])
    series = getattr(getattr(exp.params, "rules", None), "series_length", 1) > 1
    space = {k: v for k, v in declared(type(strategy)).items() if series or not getattr(v, "series", False)}
    if not space:
        raise CardoddsError(f"seat {seat} plays {_name(strategy)!r}, which declares no tunable knobs"
                            + ("" if series else " for single games"))
    names = list(space) if not knobs else list(knobs)
    for name in names:  # only the names: a config may start from a value outside the grid tried
        if name not in space:
            if name in declared(type(strategy)):
                raise CardoddsError(f"--knobs: '{name}' matters only in series play ([rules] series_length > 1)")
            check_knobs(type(strategy), {name: None}, "--knobs")
    return strategy, space, names


def _search(tuning, names: list, space: dict, incumbent: dict, log: list) -> dict:
    """Coordinate search: race each knob's values against the incumbent's, knob after knob, until nothing changes or
    the budget is spent; the knobs found."""
    changed = True
    while changed and tuning.spent < tuning.budget:
        changed = False
        for name in names:
            others = [v for v in space[name].values() if v != incumbent[name]]
            cands = [incumbent] + [{**incumbent, name: v} for v in others]
            won = _race(tuning, cands, log)
            if won:
                incumbent, changed = cands[won], True
            if tuning.spent >= tuning.budget:
                break
    return incumbent


def _tuned_player(strategy):
    """What a seat's knobs belong to: its strategy, or the player the user wrote that the seat plays."""
    return strategy.player if getattr(type(strategy), "user_seat", False) is True else strategy


def _name(player) -> str:
    """A player in messages and knobs files: its name, or for a player the user wrote its source."""
    return player.label() if hasattr(player, "run_identity") else player.name


def _spec(strategy) -> dict:
    """A strategy as a config table: its name (``python = "file.py:Name"`` for a player the user wrote, the file's
    absolute path) and the fields that differ from their defaults (so a knob added later, whose default keeps the
    old play, leaves the cached evaluations valid)."""
    strategy = _tuned_player(strategy)
    fields = {f.name: getattr(strategy, f.name) for f in dataclasses.fields(strategy)
              if getattr(strategy, f.name) != f.default}
    if hasattr(strategy, "run_identity"):
        origin = type(strategy).__dict__.get("origin")
        if origin is None:
            raise CardoddsError(f"{_name(strategy)}: the tuner plays a player from its file "
                                "(python = \"file.py:Name\")")
        head = {"python": f"{origin[0]}:{origin[1]}"}
    else:
        head = {"name": strategy.name}
    return {**head, **{k: list(v) if isinstance(v, tuple) else v for k, v in fields.items()}}


def _paired(a: np.ndarray, b: np.ndarray, weights: np.ndarray) -> tuple[float, float, float, float]:
    """Mean of ``a − b`` over chunks with its paired 95 % interval and p-value: ``(mean, lo, hi, p)``."""
    mean, se, t, p = batch_means(pd.DataFrame([a - b]), weights)
    m, s = float(mean.iloc[0]), float(se.iloc[0])
    return m, m - t * s, m + t * s, float(p[0])


def _race(tuning: _Tuning, cands: list[dict], log: list) -> int:
    """Race the candidates (index 0 is the incumbent); return the index of the winner (0 unless it is separated)."""
    sign = 1.0 if tuning.goal == "min" else -1.0
    weights = lambda k: np.full(k, float(tuning.exp.chunk_size))  # noqa: E731 (the tuner plays full chunks only)
    alive, k, chunks = list(range(len(cands))), FIRST_CHUNKS, {}
    while sum(tuning.cost(cands[i], k) for i in alive) + tuning.spent <= tuning.budget:
        est = {i: sign * tuning.estimates(cands[i], k) for i in alive}
        chunks.update({i: k for i in alive})
        best = min(alive, key=lambda i: (est[i].mean(), i))
        # out: worse with a paired interval excluding 0, or the same game for game (the knob changed nothing here)
        alive = [i for i in alive if i == best or (_paired(est[i], est[best], weights(k))[1] <= 0
                                                   and not np.array_equal(est[i], est[best]))]
        if len(alive) == 1 or 2 * k > MAX_CHUNKS:
            break
        k *= 2
    if 0 not in chunks:  # the budget ran out before this race began
        return 0
    best = min(alive, key=lambda i: (sign * tuning.estimates(cands[i], chunks[i], charge=False).mean(), i))
    if best == 0:
        return 0
    k = min(chunks[0], chunks[best])
    inc, win = (sign * tuning.estimates(cands[i], k, charge=False) for i in (0, best))
    gain, lo, hi, p = _paired(inc, win, weights(k))
    log.append({"candidate": cands[best], "gain": gain, "gain_ci": [lo, hi], "p_value": p, "chunks": k,
                "adopted": bool(lo > 0)})
    return best if lo > 0 else 0


def tune(config, *, seat: int = 0, arm: str | None = None, games: int | None = None, seed: int | None = None,
         jobs: int = 1, folder: Path, progress: bool | None = None, knobs: list[str] | None = None) -> dict:
    """Tune the knobs of the strategy at table seat ``seat`` of ``config``; return the result (see the CLI).

    Parameters
    ----------
    config : path
        A ``tan.play``, ``chan.play`` or ``sam.play`` experiment (its arm ``arm``'s rules and strategies form the
        table).
    seat : int
        The table seat whose strategy is tuned.
    arm : str, optional
        The arm of a file with arms (default: its baseline).
    games : int, optional
        The budget in games (default: the config's ``games``); a quarter measures the gain afresh.
    seed : int, optional
        Overrides the config's seed.
    jobs : int
        Worker processes for each evaluation (the numbers do not depend on it).
    folder : Path
        Where evaluations are cached (one run folder per candidate).
    knobs : list of str, optional
        Only these knobs (default: every declared knob).
    """
    exp = load_experiment(config, arm, games=games, seed=seed)
    objective = exp.task.tune_objective
    strategies = getattr(exp.params, "strategies", None)
    if objective is None or not isinstance(strategies, tuple):
        raise CardoddsError(f"{config}: task '{exp.task.name}' cannot be tuned (tan.play, chan.play and sam.play can)")
    strategy, space, names = _knob_space(exp, seat, strategies, knobs)
    chunk = exp.chunk_size
    total, validate_chunks, budget = _budget(exp)
    start = {k: v for k, v in current(strategy).items() if k in space}
    spec = _spec(strategy)
    fixed = {k: v for k, v in spec.items() if k not in space}
    tuning = _Tuning(exp, seat, type(strategy), fixed, objective[0], objective[1], Path(folder), jobs, budget)

    from tqdm import tqdm

    from cardodds.sim.runner import _show_progress

    tuning.bar = tqdm(total=total, unit="game", unit_scale=True, desc="tune", file=sys.stderr,
                      disable=not _show_progress(progress), dynamic_ncols=True)
    log: list = []
    try:
        incumbent = _search(tuning, names, space, dict(start), log)
        vseed = exp.seed + 1 if exp.seed < SEED_MAX else 0
        base = tuning.estimates(start, validate_chunks, seed=vseed, charge=False)
        tuned = tuning.estimates(incumbent, validate_chunks, seed=vseed, charge=False)
        tuning.bar.update(2 * validate_chunks * chunk if incumbent != start else validate_chunks * chunk)
    finally:
        tuning.bar.close()
    sign = 1.0 if objective[1] == "min" else -1.0
    gain, lo, hi, p = _paired(sign * base, sign * tuned, np.full(validate_chunks, float(chunk)))
    validation_games = validate_chunks * chunk * (2 if incumbent != start else 1)
    return {
        "config": str(config),
        "strategy": _name(strategy),
        **({"python": spec["python"]} if "python" in spec else {}),
        "seat": seat,
        "seed": exp.seed,
        "metric": f"{objective[0]}:{seat}",
        "goal": objective[1],
        "start": start,
        "knobs": incumbent,
        "changed": {k: v for k, v in incumbent.items() if v != start[k]},
        "start_value": float(base.mean()),
        "tuned_value": float(tuned.mean()),
        "gain": gain,
        "gain_ci": [lo, hi],
        "p_value": p,
        "validation_seed": vseed,
        "search_games": tuning.spent,
        "validation_games": validation_games,
        "games": tuning.spent + validation_games,
        "steps": log,
    }


def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return canonical_json(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} to TOML")


def knobs_toml(result: dict, command: str, folder: Path | None = None) -> str:
    """The knobs file a config names as a strategy (``{file = "…"}``), with how it was found (``folder``: where it is
    written, from which the file of a player the user wrote is named)."""
    lo, hi = result["gain_ci"]
    lines = [
        f"# Written by: {command}",
        f"# {result['strategy']} at table seat {result['seat']} of {result['config']}, seed {result['seed']}; "
        f"{result['games']:,} games.",
        f"# Gain over the starting knobs in {result['metric']} ({'lower' if result['goal'] == 'min' else 'higher'} is "
        f"better), on fresh deals (seed {result['validation_seed']}): {result['gain']:.4f} "
        f"(paired 95 % CI [{lo:.4f}, {hi:.4f}], p = {result['p_value']:.3g}).",
        f"strategy = {_toml_value(result['strategy'])}",
    ]
    if "python" in result:
        lines.append(f"python = {_toml_value(_relative(result['python'], folder))}")
    lines += ["", "[knobs]"]
    lines += [f"{k} = {_toml_value(v)}" for k, v in result["knobs"].items()]
    return "\n".join(lines) + "\n"


def _relative(ref: str, folder: Path | None) -> str:
    """``"/abs/file.py:Name"`` named from ``folder`` when it is below it, else as it is."""
    path, _, name = ref.rpartition(":")
    try:
        return f"{Path(path).relative_to(Path(folder).resolve()).as_posix()}:{name}" if folder else ref
    except ValueError:
        return ref


def format_result(result: dict) -> str:
    """The tuning's outcome for the terminal."""
    lo, hi = result["gain_ci"]
    changed = ", ".join(f"{k} = {v!r} (was {result['start'][k]!r})" for k, v in result["changed"].items())
    return "\n".join([
        f"tuned {result['strategy']} at table seat {result['seat']} on {result['metric']} ({result['goal']})",
        "knobs: " + ", ".join(f"{k} = {v!r}" for k, v in result["knobs"].items()),
        f"changed: {changed or 'nothing (no value beat the starting knobs with a paired interval excluding 0)'}",
        f"{result['metric']}: {result['start_value']:.4f} -> {result['tuned_value']:.4f}; gain {result['gain']:.4f} "
        f"(paired 95 % CI [{lo:.4f}, {hi:.4f}], p = {result['p_value']:.3g}) on fresh deals",
        f"games: {result['games']:,} ({result['search_games']:,} searching, {result['validation_games']:,} measuring "
        "the gain)",
    ])
