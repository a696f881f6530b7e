"""The ``tan.play`` task: play whole Tấn games with the batch engine and count who loses, and what changes it.

Config sections read: ``[rules]`` (``TanRules``) and ``[strategies]``: either one strategy for every seat
(``name = "heuristic"`` plus its knobs; default ``basic``) or ``seats = ["basic", {name = "heuristic"}, ...]``, one
per seat (seat 0 = the first attacker when ``first_attacker = "seat0"``).

Metrics (seat = position relative to the first attacker, seat 0 = first attacker):
``lose`` by seat; ``draw``; ``truncated`` (games stopped at ``max_bouts``; they count as neither loss nor draw);
``bouts.mean``; ``pickups.mean`` (lên per game); ``lose.by_trumps.<k>``, ``lose.by_aces.<k>``, ``lose.by_high.<k>``:
the chance that a player whose opening hand (as dealt, before any trump swap) holds k trumps / aces / cards J..A loses;
``lose.at_table_seat`` by seat: the chance that the player sitting at table seat s (whose strategy ``seats[s]`` sets)
loses, whoever attacks first — the metric to compare strategy arms on; ``lose.seat0_at`` by seat p: the chance that
the player at table seat 0 loses when it sits at seat p (p = 0: it attacks first) — a ladder rung's loss by seat;
and, when the seats play different strategies, ``lose.strategy.<name>@<seats>``: the chance that a given seat playing
that strategy loses (per seat and game, so 1/players is the fair share; seats are absolute here);
``lose.after_losing``: the chance that the previous game's loser loses again (single games: the previous game of
the chunk at the same table, an independent game — the baseline).

Series (``[rules] series_length = N > 1``, docs/rules.md §3.7; carry-over in ``cardodds.sim.tan.series``): the chunk's ``n``
games are played as ``n // N`` series of N games in a row at one table (plus one shorter series for the remainder),
game after game with the plain-Python reference engine — slow compared with the batch engine (about a millisecond a
game), which still plays single games.  ``n`` counts games, not series.

Engine (single games): the compiled engine (``cardodds.sim.tan.compiled``) when numba imports and every seat plays a
compiled player (``beginner``, ``basic``, ``heuristic``, ``tuned``), else the numpy batch engine; both give the same
outcomes, so the same counts.  The environment variable ``CARDODDS_COMPILED=0`` turns the compiled engine off (``1``
or unset: on when it can run), to compare the two.

Deal (``cardodds.sim.tan.deal.deal_chunk``): game ``k`` of the chunk takes the ``k``-th deck of the chunk's DEAL stream, the
``k``-th first-attacker draw of its FIRST stream and (series) the ``k``-th xả keys of its RESHUFFLE stream, so the
chunk's first games do not depend on its size.  ``cardodds replay tan --seed S`` is the first game (or, with
``series_length = N``, the first series of N games) of chunk 0 of a run with seed ``S`` and the same rules and
strategies: same deal, same first attacker, same moves and outcome.  The batch engine draws a ``random`` seat's
choices for all the chunk's games at once, so its first game depends on the chunk's size: the replay of such a table
plays the run's first chunk (``chunk`` games, ``cardodds.sim.tan.replay``).  The opening
features (``lose.by_trumps`` ...) then describe the hand after the carry-over (xả, cúng), before any trump swap.
Extra rows: ``series.cung_chu`` (trumps given, per game that follows another game of its series),
``series.xa.mean`` (xả declarations per such game), ``series.winner_first`` and ``series.winner_loses`` (the
previous game's first finisher attacks first / loses, per game that follows a game with a first finisher — a
2-swap may take the first attack from it, docs/rules.md §3.7); ``lose.after_losing`` within a series.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pandas as pd

from cardodds.sim.chart_specs import Bars, Heatmap
from cardodds.sim.measures import Mean, Measure, Proportion
from cardodds.sim.options import strategy_label
from cardodds.sim.registry import Counts, Task, read_labels
from cardodds.sim.streams import PLAY, chunk_seed, stream
from cardodds.sim.tan import compiled
from cardodds.sim.tan.deal import deal_chunk
from cardodds.sim.tan.players import seat_strategies
from cardodds.sim.tan.reference import TanGame, format_log
from cardodds.sim.tan.replay import draws_for_the_batch, recorded_first_game
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.series import play_series


@dataclass(frozen=True)
class TanParams:
    """Validated parameters of a ``tan.play`` experiment."""

    rules: TanRules
    strategies: tuple


def parse(sections: dict, where: str) -> TanParams:
    """Build ``TanParams`` from the ``[rules]`` and ``[strategies]`` tables."""
    rules = TanRules.from_table(sections.get("rules"), f"{where} [rules]")
    strategies = seat_strategies(sections.get("strategies") or {}, rules.players, f"{where} [strategies]")
    return TanParams(rules, strategies)


def _opening_features(orders: np.ndarray, rules: TanRules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Trumps, aces and high cards (J..A) in each dealt hand, ``(n, players)`` each."""
    P, H = rules.players, rules.hand_size
    hands = orders[:, : P * H].reshape(-1, P, H).astype(np.int16)
    trump = (orders[:, P * H].astype(np.int16) & 3)[:, None, None]
    trumps = ((hands & 3) == trump).sum(axis=2)
    aces = ((hands >> 2) == 12).sum(axis=2)
    high = ((hands >> 2) >= 9).sum(axis=2)
    return trumps, aces, high


def _series_chunk(params: TanParams, seed_seq: np.random.SeedSequence, n: int):
    """Play ``n`` games as series of ``series_length`` (the last one shorter if needed) with the reference engine.

    Returns per-game arrays: a ``BatchResult``-like namespace, the opening features, and the carry-over arrays
    ``follows`` (the game follows another of its series), ``cung``, ``xa`` (declarations), ``prev_loser`` and
    ``prev_winner`` (-1 for none).
    """
    rules = params.rules
    P, L = rules.players, rules.series_length
    orders, first, keys = deal_chunk(rules, seed_seq, n, xa_keys=True)
    play_rng = stream(seed_seq, PLAY)
    loser = np.full(n, -1, dtype=np.int64)
    fa, bouts, pickups = (np.zeros(n, dtype=np.int64) for _ in range(3))
    draw, trunc, follows, cung = (np.zeros(n, dtype=bool) for _ in range(4))
    xa = np.zeros(n, dtype=np.int64)
    prev_loser = np.full(n, -1, dtype=np.int64)
    prev_winner = np.full(n, -1, dtype=np.int64)
    feats = np.zeros((3, n, P), dtype=np.int64)
    for start in range(0, n, L):
        stop = min(start + L, n)
        games = play_series(rules, orders[start:stop], first[start:stop], keys[start:stop], params.strategies,
                            rng=play_rng)
        for g, rec in zip(range(start, stop), games):
            out = rec.outcome
            loser[g] = -1 if out.loser is None else out.loser
            fa[g], bouts[g], pickups[g] = out.first_attacker, out.bouts, out.pickups
            draw[g], trunc[g] = out.draw, out.truncated
            follows[g] = g > start
            cung[g] = rec.cung is not None
            xa[g] = len(rec.xa)
            prev_loser[g] = -1 if rec.prev_loser is None else rec.prev_loser
            prev_winner[g] = -1 if rec.prev_winner is None else rec.prev_winner
            trump = rec.game.trump
            for p, h in enumerate(rec.start_hands):
                feats[0, g, p] = sum(1 for c in h if c & 3 == trump)
                feats[1, g, p] = sum(1 for c in h if c >> 2 == 12)
                feats[2, g, p] = sum(1 for c in h if c >> 2 >= 9)
    res = SimpleNamespace(loser=loser, first_attacker=fa, draw=draw, truncated=trunc, bouts=bouts, pickups=pickups)
    return res, tuple(feats), follows, cung, xa, prev_loser, prev_winner


def use_compiled(params: TanParams) -> bool:
    """Whether single games go to the compiled engine (:func:`cardodds.sim.tan.compiled.chosen`)."""
    return compiled.chosen(params.rules, params.strategies)


def play_chunk(params: TanParams, seed_seq: np.random.SeedSequence, n: int):
    """Play a chunk's ``n`` games (in series when ``series_length > 1``); per-game arrays.

    Returns the outcomes (``loser, first_attacker, draw, truncated, bouts, pickups``), the opening features, and
    ``follows, cung, xa, prev_loser, prev_winner`` (see ``_series_chunk``).
    """
    rules = params.rules
    if rules.series_length > 1:
        return _series_chunk(params, seed_seq, n)
    orders, first = deal_chunk(rules, seed_seq, n)
    res = compiled.play_batch_auto(rules, orders, first, params.strategies, rng=stream(seed_seq, PLAY))
    follows, cung, xa = np.zeros(n, dtype=bool), np.zeros(n, dtype=bool), np.zeros(n, dtype=np.int64)
    # independent games: the previous game of the chunk at the same table
    prev_loser = np.concatenate([[-1], res.loser[:-1].astype(np.int64)])
    return res, _opening_features(orders, rules), follows, cung, xa, prev_loser, np.full(n, -1, dtype=np.int64)


def run_chunk(params: TanParams, seed_seq: np.random.SeedSequence, n: int) -> Counts:
    """Play ``n`` games (in series when ``series_length > 1``); return additive counts."""
    rules = params.rules
    P, H = rules.players, rules.hand_size
    res, features, follows, cung, xa, prev_loser, prev_winner = play_chunk(params, seed_seq, n)
    width = H + (2 if rules.series_length > 1 else 1)  # a cúng leaves the winner one card over the hand size
    lost = res.loser >= 0
    rel = (res.loser.astype(np.int64) - res.first_attacker) % P
    lose_seat = np.bincount(rel[lost], minlength=P).astype(np.int64)
    loser_mask = np.zeros((n, P), dtype=bool)
    loser_mask[np.nonzero(lost)[0], res.loser[lost]] = True
    counts: Counts = {
        "games": np.int64(n),
        "lose_seat": lose_seat,
        "lose_abs": np.bincount(res.loser[lost].astype(np.int64), minlength=P).astype(np.int64),
        "draw": np.int64(res.draw.sum()),
        "truncated": np.int64(res.truncated.sum()),
        "bouts_sum": np.float64(res.bouts.sum()),
        "bouts_sq": np.float64((res.bouts.astype(np.float64) ** 2).sum()),
        "pickups_sum": np.float64(res.pickups.sum()),
        "pickups_sq": np.float64((res.pickups.astype(np.float64) ** 2).sum()),
    }
    for name, feat in zip(("trumps", "aces", "high"), features):
        counts[f"held_{name}"] = np.bincount(feat.ravel(), minlength=width)[:width].astype(np.int64)
        counts[f"lost_{name}"] = np.bincount(feat[loser_mask], minlength=width)[:width].astype(np.int64)
    after = prev_loser >= 0
    at = (-res.first_attacker.astype(np.int64)) % P  # where table seat 0 sits, relative to the first attacker
    counts["seat0_at"] = np.bincount(at, minlength=P).astype(np.int64)
    counts["seat0_at_lost"] = np.bincount(at[res.loser == 0], minlength=P).astype(np.int64)
    counts["after_losing"] = np.int64(after.sum())
    counts["after_losing_lost"] = np.int64((res.loser[after] == prev_loser[after]).sum())
    counts["series_follows"] = np.int64(follows.sum())
    counts["series_cung"] = np.int64(cung.sum())
    counts["series_xa"] = np.int64(xa.sum())
    counts["series_xa_sq"] = np.int64((xa ** 2).sum())
    won = prev_winner >= 0
    counts["series_won"] = np.int64(won.sum())
    counts["series_won_first"] = np.int64((res.first_attacker[won] == prev_winner[won]).sum())
    counts["series_won_lost"] = np.int64((res.loser[won] == prev_winner[won]).sum())
    return counts


def measures(counts: Counts, params: TanParams) -> list[Measure]:
    """The measures of every metric from merged counts."""
    n = int(counts["games"])
    rows = [Proportion("lose", s, int(k), n) for s, k in enumerate(counts["lose_seat"])]
    rows += [Proportion("lose.at_table_seat", s, int(k), n) for s, k in enumerate(counts["lose_abs"])]
    rows += [Proportion("lose.seat0_at", s, int(k), int(m))
             for s, (k, m) in enumerate(zip(counts["seat0_at_lost"], counts["seat0_at"])) if m > 0]
    rows.append(Proportion("draw", None, int(counts["draw"]), n))
    rows.append(Proportion("truncated", None, int(counts["truncated"]), n))
    rows.append(Mean("bouts.mean", None, float(counts["bouts_sum"]), float(counts["bouts_sq"]), n))
    rows.append(Mean("pickups.mean", None, float(counts["pickups_sum"]), float(counts["pickups_sq"]), n))
    for name in ("trumps", "aces", "high"):
        for k, (held, lost) in enumerate(zip(counts[f"held_{name}"], counts[f"lost_{name}"])):
            if held > 0:
                rows.append(Proportion(f"lose.by_{name}.{k}", None, int(lost), int(held)))
    if int(counts["after_losing"]) > 0:
        rows.append(Proportion("lose.after_losing", None, int(counts["after_losing_lost"]),
                                   int(counts["after_losing"])))
    follows = int(counts["series_follows"])
    if follows > 0:
        rows.append(Proportion("series.cung_chu", None, int(counts["series_cung"]), follows))
        rows.append(Mean("series.xa.mean", None, float(counts["series_xa"]),
                             float(counts["series_xa_sq"]), follows))
    won = int(counts.get("series_won", 0))
    if won > 0:
        rows.append(Proportion("series.winner_first", None, int(counts["series_won_first"]), won))
        rows.append(Proportion("series.winner_loses", None, int(counts["series_won_lost"]), won))
    for label, seats in _strategy_groups(params.strategies):
        lost = int(sum(int(counts["lose_abs"][s]) for s in seats))
        rows.append(Proportion(f"lose.strategy.{label}", None, lost, n * len(seats)))
    return rows


def _strategy_groups(strategies) -> list[tuple[str, list[int]]]:
    """Seats grouped by strategy, labelled ``name@seats`` (none when every seat plays the same strategy)."""
    groups: list[tuple[object, list[int]]] = []
    for seat, s in enumerate(strategies):
        for g, seats in groups:
            if g == s:
                seats.append(seat)
                break
        else:
            groups.append((s, [seat]))
    if len(groups) < 2:
        return []
    return [(f"{g.name}@{','.join(map(str, seats))}", seats) for g, seats in groups]


def charts(outcomes) -> dict:
    """Who loses, by seat; the loss rate against the trumps in the opening hand (every arm in each chart); by table
    seat when some arm seats different strategies; for a sweep over the number of players, the loss rate as a
    seat × players heat map; for a ladder, its charts (:func:`ladder_charts`)."""

    rows = pd.concat([o.rows for o in outcomes], ignore_index=True)
    players = {o.result.experiment.params.rules.players for o in outcomes}
    at = f"Tấn, {players.pop()} players" if len(players) == 1 else "Tấn"
    figures = {
        "lose_by_seat": Bars(rows[rows.metric.isin(["lose", "draw", "truncated"])],
                                  f"{at}: who loses (seat 0 attacks first)", xlabel="probability"),
        "lose_by_trumps": Bars(rows[rows.metric.str.startswith("lose.by_trumps.")],
                                    f"{at}: loss rate by trumps in the opening hand", xlabel="probability of losing"),
    }
    if any(_strategy_groups(o.result.experiment.params.strategies) for o in outcomes):
        figures["lose_by_table_seat"] = Bars(
            rows[rows.metric == "lose.at_table_seat"], f"{at}: who loses, by table seat (strategies sit at table seats)",
            xlabel="probability of losing")
    ladder = getattr(outcomes[0].result.experiment, "ladder", None) is not None
    figures.update(ladder_charts(outcomes) if ladder else _players_heatmap(outcomes))
    return figures


def seating(params: TanParams) -> list[str]:
    """Who sits at each table seat: the strategy and its changed knobs (a user's player: its own)."""
    return [strategy_label(s.name, getattr(s, "player", s)) for s in params.strategies]


UNITS = {
    "lose": "per game", "lose.at_table_seat": "per game", "draw": "per game", "truncated": "per game",
    "bouts.mean": "bouts per game", "pickups.mean": "pick-ups per game",
    "lose.by_trumps": "per hand dealt k trumps", "lose.by_aces": "per hand dealt k aces",
    "lose.by_high": "per hand dealt k cards J–A", "lose.after_losing": "per game after a loss",
    "lose.strategy": "per seat and game", "series.cung_chu": "per game after the first of a series",
    "series.xa.mean": "xả per game after the first of a series",
    "series.winner_first": "per game after a game with a first finisher",
    "series.winner_loses": "per game after a game with a first finisher",
}
"""What each metric is counted per."""


def replay_games(seed: int, rules: TanRules, strategies, chunk: int = 1) -> list:
    """The games ``cardodds replay tan --seed S`` shows, played with move checks: a list of ``(game, outcome)``.

    The first game of chunk 0 of a run seeded ``seed`` (``deal_chunk(rules, chunk_seed(seed, 0), 1)``), or with
    ``series_length = N`` its first series of N games; randomised strategies use the PLAY stream of that chunk.
    ``chunk``: the games of the run's first chunk (``min(chunk_size, games)``), which only a seat drawing for the
    whole batch (``random``) depends on.
    """
    strategies = seat_strategies(list(strategies) if isinstance(strategies, (list, tuple)) else strategies,
                                 rules.players, "replay")
    seq = chunk_seed(seed, 0)
    if rules.series_length > 1:
        orders, first, keys = deal_chunk(rules, seq, rules.series_length, xa_keys=True)
        games = play_series(rules, orders, first, keys, strategies, rng=stream(seq, PLAY), check=True)
        return [(rec.game, rec.outcome) for rec in games]
    if draws_for_the_batch(strategies):
        return [recorded_first_game(rules, seq, chunk, strategies)]
    orders, first = deal_chunk(rules, seq, 1)
    game = TanGame(rules, orders[0], int(first[0]), strategies, rng=stream(seq, PLAY), check=True)
    return [(game, game.play())]


def replay_text(seed: int, rules: TanRules, strategies, chunk: int = 1) -> str:
    """One game (or the first series) shown move by move (``cardodds replay tan --seed S``); see ``replay_games``.

    With ``series_length > 1`` each game's log is shown with its carry-over (cúng chủ, xả) and its result line.
    """
    from cardodds.sim.position import decisions_note
    from cardodds.sim.tan.position_cut import marked_game  # a single game: its decisions marked as cut counts them

    if rules.series_length == 1:
        game, out, marks = marked_game(seed, rules, strategies, chunk)
        games = [(game, out)]
    else:
        games = replay_games(seed, rules, strategies, chunk)
    names = ", ".join(f"seat {p}: {s.name}" for p, s in enumerate(games[0][0].strategies))
    head = (f"Tấn replay, seed {seed}: {rules.players} players, {rules.deck}-card deck, hand {rules.hand_size}, "
            f"trump exchange {rules.trump_exchange}\nstrategies: {names}")
    if rules.series_length == 1:
        note = decisions_note("tan", seed, "the decisions are the attacks, adds and defences a seat chooses (not "
                                           "the trump exchange, nor a pass or a take with no card to play)")
        return "\n".join([head, note, format_log(game, marks=marks), _result_line(out)])
    lines = [head + f"\nseries of {rules.series_length} games"]
    for k, (game, out) in enumerate(games):
        lines += [f"== game {k + 1} of {rules.series_length} ==", format_log(game), _result_line(out)]
    return "\n".join(lines)


def _result_line(out) -> str:
    if out.truncated:
        return f"result: truncated after {out.bouts} bouts"
    if out.draw:
        return f"result: draw after {out.bouts} bouts, {out.pickups} pick-ups"
    return f"result: seat {out.loser} loses after {out.bouts} bouts, {out.pickups} pick-ups"


def ladder_charts(outcomes) -> dict:
    """For a ``[ladder]``: the rung's chance to lose by rung and the seat it sits at (a heat map), and the draw rate at
    each rung's table (bars with 95 % intervals)."""

    exp = outcomes[0].result.experiment
    P = exp.params.rules.players
    outcomes = sorted(outcomes, key=lambda o: o.result.experiment.ladder[2])  # the file's order, weakest rung first
    if exp.ladder[0] == "mixed":
        return _mixed_charts(outcomes)
    pairs = [o.result.experiment.ladder[:2] for o in outcomes]
    mirror = all(rung == field for rung, field in pairs)
    fields = sorted({field for _, field in pairs})
    table, draws = {}, []
    for o, (rung, field) in zip(outcomes, pairs):
        label = rung if mirror or len(fields) == 1 else f"{rung} vs {field}"
        rows = o.rows[o.rows.metric == "lose.seat0_at"]
        table[label] = {f"seat {int(s)}": e for s, e in zip(rows.seat, rows.estimate)}
        table[label]["any seat"] = float(o.rows[(o.rows.metric == "lose.at_table_seat") & (o.rows.seat == 0)].estimate.iloc[0])
        draws.append(o.rows[o.rows.metric == "draw"].assign(label=label))
    against = "itself" if mirror else (f"{P - 1} {fields[0]} players" if len(fields) == 1 else "each other rung")
    frame = pd.DataFrame(table).T
    return {
        "ladder_lose": Heatmap(frame, f"Tấn, {P} players, against {against}:\na rung's chance to lose by its seat "
                               "(seat 0 attacks first)", ".1%", colorbar_label="probability of losing"),
        "ladder_draw": Bars(pd.concat(draws, ignore_index=True), f"Tấn, {P} players: draw rate, each rung against "
                                 f"{against}", label_col="label", xlabel="probability of a draw"),
    }


def _mixed_charts(outcomes) -> dict:
    """A ``field = "mixed"`` ladder: each rung's chance to lose by the table seat it sat at (one rotation each), and
    over all rotations."""

    P = outcomes[0].result.experiment.params.rules.players
    table: dict = {}
    for o in outcomes:
        rows = o.rows[o.rows.metric == "lose.at_table_seat"]
        seated = o.result.experiment.ladder[1]
        for seat, estimate in zip(rows.seat, rows.estimate):
            table.setdefault(seated[int(seat)], {})[f"table seat {int(seat)}"] = estimate
    frame = pd.DataFrame(table).T.sort_index(axis=1)
    frame["every seat"] = frame.mean(axis=1)
    return {"ladder_lose": Heatmap(frame, f"Tấn, {P} players, one rung per seat (rotated):\na rung's chance to lose by "
                                   "its table seat", ".1%", colorbar_label="probability of losing")}


def _players_heatmap(outcomes) -> dict:
    """For a sweep over the number of players: the loss rate as a seat × players heat map."""

    exp = outcomes[0].result.experiment
    if exp.sweep is None or exp.sweep[0] != "rules.players":
        return {}
    table = {}
    for o in outcomes:
        rows = o.rows[o.rows.metric == "lose"]
        table[o.result.experiment.sweep[1]] = {f"seat {int(s)}": e for s, e in zip(rows.seat, rows.estimate)}
    frame = pd.DataFrame(table).T.sort_index()
    frame.index = [f"{p} players" for p in frame.index]
    return {"lose_heatmap": Heatmap(frame, "Tấn: chance to lose by seat (seat 0 attacks first) and players", ".1%",
                                    colorbar_label="probability of losing")}


TASK = Task(
    name="tan.play",
    parse=parse,
    run_chunk=run_chunk,
    measures=measures,
    charts=charts,
    sections=("rules", "strategies"),
    units=UNITS,
    labels=read_labels(Path(__file__).parent, "play"),
    seating=seating,
    key_metrics=[("lose", 0), ("lose", 1), ("draw", None), ("bouts.mean", None)],
    tune_objective=("lose.at_table_seat", "min"),
)
