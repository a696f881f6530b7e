"""The ``chan.play`` task: play whole Chắn games and count who wins, how, with which cước, and for how many points.

Engines: when every seat plays ``basic``, ``heuristic``, ``cuoc``, ``tuned`` (without ``eat_ca_to_wait``) or
``expert`` (its searches batched across the games, :mod:`cardodds.sim.chan.expert_batch`) the games
are played by the vectorised batch engine (:mod:`cardodds.sim.chan.batch`), otherwise one at a time by the reference engine
(:mod:`cardodds.sim.chan.reference`); single games of the batch players go to the compiled engine
(:mod:`cardodds.sim.chan.compiled`) when numba imports, unless ``CARDODDS_COMPILED=0``.  A user's player
(:mod:`cardodds.sim.chan.user_seat`) with batch players at the other seats plays single games on the batch engine too,
asked row by row (:mod:`cardodds.sim.chan.user_rows`; never the compiled engine).  The engines agree game for
game (``tests/chan/test_chan_batch_game.py``, ``tests/chan/test_chan_compiled.py``), so the counts do not depend on
the engine.  The deal uses the chunk's DEAL stream (:func:`cardodds.sim.chan.deal.deal_orders`), randomised
strategies the PLAY stream.  The cái sits at seat ``rules.cai_seat`` (0 by default).

Series play (``[rules] series_length = N > 1``, :mod:`cardodds.sim.chan.series`): the chunk's ``n`` stays the number of
*games*; they are played as consecutive series of N games (the last one shorter when N does not divide ``n``), each
game dealt from the chunk's DEAL stream in order, the winner dealing the next game and calling Thông on winning
again.  The batch engine plays series too (:func:`cardodds.sim.chan.series.play_series_batch`: every series advances one
game per call, the table turned so the cái sits at seat 0) when every seat plays the same batch strategy and
``min_points_to_win = 0``; otherwise the reference engine plays them.  Both agree game for game
(``tests/chan/test_chan_series.py``).  In a series the cái moves to each winner, so ``win`` by seat no longer means a
role, and the ``thien_u`` row (labelled with ``cai_seat``) counts Thiên ù by whoever was cái.

Config sections: ``[rules]`` (:class:`ChanRules`) and ``[strategies]``: one strategy for every seat (``name = "basic"``
plus its knobs; default ``basic``) or ``seats = ["basic", {name = "heuristic", max_ca = 3}, "random", "basic"]``.

Metrics (``seat`` None = the whole table):

- ``win`` by seat, ``draw`` (hòa): proportions of games; they add to 1.
- ``thien_u`` (seat = the cái): proportion of games won by Thiên ù, with its exact deal value.
- ``win_type.<u_rong|bach_thu|bach_thu_chi>`` and ``win_how.<thien_u|u|chiu_u>``: proportions among wins.
- ``cuoc.<name>``: proportion of wins whose call includes that cước (names of ``CUOC_NAMES``).
- ``points.win`` by seat: mean points of that seat's wins; ``points.game`` by seat: mean net points per game, every
  other player paying the winner the hand's points (winner +3 p, others -p; a draw pays nothing).
- ``win_points.<k>`` by seat: the distribution of the points of that seat's wins — the share worth k points
  (``win_points.12+``: 12 or more).
- ``seat_cuoc.<name>`` by seat: proportion of that seat's wins whose call includes that cước (so a strategy's cước
  rates can be read at its own seat; ``cuoc.<name>`` counts all wins).
- ``noc_left.<k>`` and ``noc_left.mean``: cards left in the nọc when the game ends.
- ``series.games``: mean games per series (``[rules] series_length``; 1 for single games).
- ``moves.mean``: moves per game; ``fouls_avoided.<code>``: mean number of moves per game the legal-move filter
  removed because they were that foul (the simulator's players never commit one).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from cardodds.sim.chan import compiled
from cardodds.sim.chan.deal import NOC_SIZE, deal_orders
from cardodds.sim.chan.fouls import RULES as FOUL_RULES
from cardodds.sim.chan.players import replay_players, seat_strategies
from cardodds.sim.chan.reference import ChanGame, describe_game, play_game
from cardodds.sim.chan.rules import CUOC_NAMES, ChanRules
from cardodds.sim.chart_specs import Bars, Convergence, Distribution
from cardodds.sim.errors import CardoddsError
from cardodds.sim.measures import Histogram, Mean, Measure, Proportion
from cardodds.sim.options import from_table, strategy_label
from cardodds.sim.registry import Counts, Task, read_labels
from cardodds.sim.streams import DEAL, PLAY, chunk_seed, stream

PLAYERS = 4
WIN_POINTS_CAP = 12
"""``win_points.<k>`` bins: 0..11 points, then 12 or more."""
WIN_TYPES = ("u_rong", "bach_thu", "bach_thu_chi")
WIN_HOWS = ("thien_u", "u", "chiu_u")
CUOC = tuple(CUOC_NAMES)
FOULS = tuple(r.code for r in FOUL_RULES)


@dataclass(frozen=True)
class PlayParams:
    """Validated parameters of a ``chan.play`` experiment."""

    rules: ChanRules
    strategies: tuple


def parse(sections: dict, where: str) -> PlayParams:
    """Build :class:`PlayParams` from the ``[rules]`` and ``[strategies]`` tables."""
    rules = from_table(ChanRules, sections.get("rules"), f"{where} [rules]")
    return PlayParams(rules, seat_strategies(sections.get("strategies") or {}, PLAYERS, f"{where} [strategies]"))


def empty_counts() -> Counts:
    """Zeroed tallies."""
    z = lambda *shape: np.zeros(shape, dtype=np.int64)  # noqa: E731
    return {
        "games": z(), "win": z(PLAYERS), "draw": z(), "thien_u": z(),
        "win_type": z(len(WIN_TYPES)), "win_how": z(len(WIN_HOWS)), "cuoc": z(len(CUOC)),
        "points_win": z(PLAYERS), "points_win_sq": z(PLAYERS), "net": z(PLAYERS), "net_sq": z(PLAYERS),
        "win_points": z(PLAYERS, WIN_POINTS_CAP + 1), "seat_cuoc": z(PLAYERS, len(CUOC)),
        "noc_left": z(NOC_SIZE + 1), "moves": z(), "moves_sq": z(),
        "fouls_avoided": z(len(FOULS)), "fouls_avoided_sq": z(len(FOULS)),
        "series": z(), "series_games_sq": z(),
    }


def add_game(counts: Counts, game: ChanGame) -> None:
    """Add one finished game to the tallies."""
    counts["games"] += 1
    counts["noc_left"][game.noc_left] += 1
    counts["moves"] += len(game.moves)
    counts["moves_sq"] += len(game.moves) ** 2
    avoided = np.array([game.fouls_avoided.get(c, 0) for c in FOULS], dtype=np.int64)
    counts["fouls_avoided"] += avoided
    counts["fouls_avoided_sq"] += avoided**2
    if game.winner is None:
        counts["draw"] += 1
        return
    s, p = game.winner, game.points
    counts["win"][s] += 1
    counts["thien_u"] += game.win.how == "thien_u"
    counts["win_type"][WIN_TYPES.index(game.win.win_type)] += 1
    counts["win_how"][WIN_HOWS.index(game.win.how)] += 1
    for name in game.cuoc:
        counts["cuoc"][CUOC.index(name)] += 1
        counts["seat_cuoc"][s, CUOC.index(name)] += 1
    counts["win_points"][s, min(p, WIN_POINTS_CAP)] += 1
    counts["points_win"][s] += p
    counts["points_win_sq"][s] += p * p
    net = np.full(PLAYERS, -p, dtype=np.int64)
    net[s] = (PLAYERS - 1) * p
    counts["net"] += net
    counts["net_sq"] += net * net


def batch_ok(params: PlayParams) -> bool:
    """Whether the batch engine can play these parameters (``basic`` / ``heuristic`` players)."""
    from cardodds.sim.chan.batch import batch_supports
    from cardodds.sim.chan.series import batch_series_ok

    if params.rules.series_length > 1:
        return batch_series_ok(params.strategies, params.rules)
    return batch_supports(params.strategies, params.rules)


def add_batch(counts: Counts, res) -> None:
    """Add the outcomes of a :class:`cardodds.sim.chan.batch.BatchResult` to the tallies (array operations only)."""
    n = res.winner.shape[0]
    won = res.winner >= 0
    w = res.winner[won]
    pts = res.points[won].astype(np.int64)
    counts["games"] += n
    counts["win"] += np.bincount(w, minlength=PLAYERS)
    counts["draw"] += int(res.draw.sum())
    counts["thien_u"] += int((res.how == 0).sum())
    counts["win_type"] += np.bincount(res.win_type[won] - 1, minlength=len(WIN_TYPES))[: len(WIN_TYPES)]
    counts["win_how"] += np.bincount(res.how[won], minlength=len(WIN_HOWS))[: len(WIN_HOWS)]
    counts["cuoc"] += (res.cuoc[won] > 0).sum(axis=0)
    for s in range(PLAYERS):
        mine = w == s
        counts["seat_cuoc"][s] += (res.cuoc[won][mine] > 0).sum(axis=0)
    counts["win_points"] += np.bincount(w * (WIN_POINTS_CAP + 1) + np.minimum(pts, WIN_POINTS_CAP),
                                        minlength=PLAYERS * (WIN_POINTS_CAP + 1)).reshape(PLAYERS, -1)
    counts["points_win"] += np.bincount(w, weights=pts, minlength=PLAYERS).astype(np.int64)
    counts["points_win_sq"] += np.bincount(w, weights=pts * pts, minlength=PLAYERS).astype(np.int64)
    net = np.where(np.arange(PLAYERS)[None, :] == w[:, None], (PLAYERS - 1) * pts[:, None], -pts[:, None])
    counts["net"] += net.sum(axis=0)
    counts["net_sq"] += (net * net).sum(axis=0)
    counts["noc_left"] += np.bincount(res.noc_left, minlength=NOC_SIZE + 1)
    moves = res.moves.astype(np.int64)
    counts["moves"] += moves.sum()
    counts["moves_sq"] += (moves * moves).sum()
    fouls = res.fouls_avoided.astype(np.int64)
    counts["fouls_avoided"] += fouls.sum(axis=0)
    counts["fouls_avoided_sq"] += (fouls * fouls).sum(axis=0)


BLOCK = 8192
"""Games per batch-engine call: bounds memory whatever the chunk size."""


def use_compiled(params: PlayParams) -> bool:
    """Whether ``"auto"`` single games go to the compiled engine (:func:`cardodds.sim.chan.compiled.chosen`)."""
    return compiled.chosen(params.rules, params.strategies)


def run_chunk(params: PlayParams, seed_seq: np.random.SeedSequence, n: int, engine: str = "auto") -> Counts:
    """Play ``n`` games; additive counts.  ``engine``: ``"auto"`` (the compiled engine when :func:`use_compiled`,
    else batch when it can), ``"batch"`` (the numpy batch engine), ``"reference"``.

    With ``series_length`` N > 1 the games are played as consecutive series of N (the last one shorter when N does
    not divide ``n``).
    """
    from cardodds.sim.chan.batch import play_batch
    from cardodds.sim.chan.series import play_series, play_series_batch
    from cardodds.sim.chan.user_rows import batch_seats_user, play_user_batch

    length = params.rules.series_length
    user_batch = engine != "reference" and batch_seats_user(params.strategies, params.rules)
    use_batch = user_batch or engine == "batch" or (engine == "auto" and batch_ok(params))
    if length > 1 and engine == "batch" and not batch_ok(params):
        raise CardoddsError("the batch engine plays series only with the same strategy at every seat "
                            "and min_points_to_win = 0")
    counts = empty_counts()
    orders = deal_orders(stream(seed_seq, DEAL), n)
    sizes = [min(length, n - start) for start in range(0, n, length)]
    counts["series"] += len(sizes)
    counts["series_games_sq"] += sum(k * k for k in sizes)
    if length > 1 and use_batch:
        full = n // length * length
        step = BLOCK * length
        for start in range(0, full, step):
            block = orders[start:min(start + step, full)].reshape(-1, length, orders.shape[1])
            for res in play_series_batch(params.rules, block, params.strategies):
                add_batch(counts, res)
        if full < n:
            for res in play_series_batch(params.rules, orders[None, full:], params.strategies):
                add_batch(counts, res)
        return counts
    if length > 1:
        rng = stream(seed_seq, PLAY)
        for start in range(0, n, length):
            for game in play_series(params.rules, orders[start:start + length], params.strategies, rng):
                add_game(counts, game)
        return counts
    if use_batch:
        play = play_user_batch if user_batch else compiled.play_batch if engine == "auto" and use_compiled(params) \
            else play_batch
        for start in range(0, n, BLOCK):
            add_batch(counts, play(params.rules, orders[start:start + BLOCK], params.strategies))
        return counts
    rng = stream(seed_seq, PLAY)
    for order in orders:
        add_game(counts, play_game(ChanGame.from_order(params.rules, order), params.strategies, rng))
    return counts


@lru_cache(maxsize=None)
def _exact_thien_u() -> float | None:
    try:
        from cardodds.sim.chan.exact import exact_chan_deal

        return exact_chan_deal(20)["thien_u"]
    except Exception:  # the exact module is optional for this task
        return None


def measures(counts: Counts, params: PlayParams) -> list[Measure]:
    """The measures of every metric from merged counts."""
    n = int(np.sum(counts["games"]))
    wins = int(np.sum(counts["win"]))
    rows = [Proportion("win", s, int(counts["win"][s]), n) for s in range(PLAYERS)]
    rows.append(Proportion("draw", None, int(np.sum(counts["draw"])), n))
    rows.append(Proportion("thien_u", params.rules.cai_seat, int(np.sum(counts["thien_u"])), n, _exact_thien_u()))
    rows += [Proportion(f"win_type.{t}", None, int(counts["win_type"][i]), wins) for i, t in enumerate(WIN_TYPES)]
    rows += [Proportion(f"win_how.{h}", None, int(counts["win_how"][i]), wins) for i, h in enumerate(WIN_HOWS)]
    rows += [Proportion(f"cuoc.{c}", None, int(counts["cuoc"][i]), wins) for i, c in enumerate(CUOC)]
    for s in range(PLAYERS):
        rows.append(Mean("points.win", s, counts["points_win"][s], counts["points_win_sq"][s], counts["win"][s]))
    for s in range(PLAYERS):
        rows.append(Mean("points.game", s, counts["net"][s], counts["net_sq"][s], n))
    for s in range(PLAYERS):
        seat_wins = int(counts["win"][s])
        for k in range(WIN_POINTS_CAP + 1):
            name = f"win_points.{k}" if k < WIN_POINTS_CAP else f"win_points.{k}+"
            rows.append(Proportion(name, s, int(counts["win_points"][s, k]), seat_wins))
        rows += [Proportion(f"seat_cuoc.{c}", s, int(counts["seat_cuoc"][s, i]), seat_wins)
                 for i, c in enumerate(CUOC)]
    rows.append(Histogram("noc_left", None, counts["noc_left"]))
    rows.append(Mean("series.games", None, n, np.sum(counts["series_games_sq"]), np.sum(counts["series"])))
    rows.append(Mean("moves.mean", None, np.sum(counts["moves"]), np.sum(counts["moves_sq"]), n))
    for i, code in enumerate(FOULS):
        total, sq = counts["fouls_avoided"][i], counts["fouls_avoided_sq"][i]
        rows.append(Mean(f"fouls_avoided.{code}", None, total, sq, n))
    return rows


def charts(outcomes) -> dict:
    """Who wins by seat (and the draws), how often each cước is called, cards left in the nọc, Thiên ù convergence:
    every arm in each chart."""
    import pandas as pd


    rows = pd.concat([o.rows for o in outcomes], ignore_index=True)
    called = rows[rows.metric.str.startswith("cuoc.") & (rows.estimate > 0)].metric.unique()
    curves = {}
    for o in outcomes:
        chunks = o.result.chunk_counts
        curves[o.arm] = (np.cumsum([int(np.sum(c["games"])) for c in chunks]),
                         np.cumsum([int(np.sum(c["thien_u"])) for c in chunks]))
    cai = {o.result.experiment.params.rules.cai_seat for o in outcomes}
    who = f"the cái is seat {cai.pop()}" if len(cai) == 1 else "the cái's seat differs by arm"
    seat = ladder_seat([o.result.experiment.params for o in outcomes])
    ladder = rows[rows.metric.isin(["win", "points.game"]) & (rows.seat == seat)]
    return {
        "ladder": Bars(ladder, f"Chắn: seat {seat}'s win rate and mean points a game, by arm",
                            xlabel="win: probability; points.game: points per game"),
        "win_by_seat": Bars(rows[rows.metric.isin(["win", "draw"])], f"Chắn: who wins ({who})",
                                 xlabel="probability"),
        "cuoc": Bars(rows[rows.metric.isin(called)], "Chắn: how often a win calls each cước", log=True,
                          xlabel="share of wins"),
        "noc_left": Distribution(rows, "noc_left", "Chắn: cards left in the nọc at the end", xlabel="cards"),
        "thien_u_convergence": Convergence(curves, _exact_thien_u(),
                                                 "Thiên ù in full games: estimate as games accumulate"),
    }


def ladder_seat(params_list) -> int:
    """The seat the ladder chart follows: the first whose player differs between arms (else the cái's seat)."""
    for s in range(PLAYERS):
        if len({seat_label(p.strategies[s]) for p in params_list}) > 1:
            return s
    return params_list[0].rules.cai_seat


def seat_label(strategy) -> str:
    """A seat's player and its changed knobs (a user's player: where it comes from and its knobs)."""
    return strategy_label(strategy.name, getattr(strategy, "player", strategy))


def seating(params: PlayParams) -> list[str]:
    """Who sits at each seat: the strategy and its changed knobs."""
    return [seat_label(s) for s in params.strategies]


UNITS = {
    "win": "per game", "draw": "per game", "thien_u": "per game",
    "win_type": "per win", "win_how": "per win", "cuoc": "per win",
    "points.win": "points per win", "points.game": "points per game",
    "win_points": "per win", "seat_cuoc": "per win",
    "noc_left": "per game", "noc_left.mean": "cards per game", "series.games": "games per series",
    "moves.mean": "moves per game", "fouls_avoided": "moves removed per game",
}
"""What each metric is counted per."""


def replay_game(seed: int, rules: ChanRules | None = None, strategies="basic"):
    """The game ``cardodds replay chan --seed S`` shows: the first deal of chunk 0 of a run seeded ``seed``.

    The deal is ``deal_orders(stream(chunk_seed(seed, 0), DEAL), 1)``, the same deal ``cardodds run`` plays first;
    randomised strategies use the PLAY stream of that chunk.  ``strategies`` is a name, a table, or a list of four.
    Returns the finished game and the four players.
    """
    rules = rules or ChanRules()
    players = replay_players(strategies)
    seq = chunk_seed(seed, 0)
    order = deal_orders(stream(seq, DEAL), 1)[0]
    return play_game(ChanGame.from_order(rules, order), players, stream(seq, PLAY)), players


def replay_text(seed: int, rules: ChanRules | None = None, strategies="basic", chunk: int = 1) -> str:
    """One game shown move by move (``cardodds replay chan --seed S``); see :func:`replay_game`.

    ``chunk`` (the run's first chunk size, which every game's replay takes) changes nothing here: a Chắn run plays a
    random seat game by game, so its first game is the same whatever the chunk.
    """
    from cardodds.sim.chan.cards import counts_of, format_hand
    from cardodds.sim.position import decisions_note

    rules = rules or ChanRules()
    at: list[int] = []  # the index in the game's moves of each choice, in order: decision k is at[k - 1]
    game, players = replay_game(seed, rules, tuple(_Noted(p, at) for p in replay_players(strategies)))
    head = [f"Chắn replay, seed {seed}: the cái is seat {rules.cai_seat}; strategies: "
            + ", ".join(f"seat {i}: {p.name}" for i, p in enumerate(players)),
            decisions_note("chan", seed, "only moves with a choice are decisions (not a lone bốc, nor an ù the "
                           "engine takes)")]
    for s, hand in enumerate(game.dealt):
        head.append(f"seat {s} dealt: {format_hand(counts_of(hand))}")
    return "\n".join(head + [describe_game(game, {i: k for k, i in enumerate(at, start=1)})])


class _Noted:
    """A seat that plays as ``inner`` and notes where each of its choices falls in the game's moves (``at``, shared
    by the table): the replay tags those moves with their decision numbers, as ``position_cut`` counts them."""

    def __init__(self, inner, at: list):
        self.inner, self.at, self.name = inner, at, inner.name

    def choose(self, game, dec, rng):
        self.at.append(len(game.moves))
        return self.inner.choose(game, dec, rng)


def _thong_line(seat: int, fouls) -> str:
    """The check's line on the previous game when its winner may call Thông: a clean win, or (only under
    ``thong_after_treo_tranh``) one whose fouls were all nghỉ ăn tiền ones — a win that was not paid."""
    if not fouls:
        return f"previous game: won cleanly by seat {seat}, who may call Thông"
    from cardodds.sim.chan.fouls import BY_CODE

    names = ", ".join(dict.fromkeys(BY_CODE[code].name for code in fouls))
    return (f"previous game: won by seat {seat} with nghỉ ăn tiền fouls only ({names}; the win was not paid), "
            "who may call Thông under thong_after_treo_tranh")


def check_text(path) -> tuple[str, int]:
    """``cardodds check chan LOG.json``: the fouls of a recorded game, its result, and the result after penalties.

    Returns the report and the exit code: 0 for a clean game, 1 if it holds fouls.  A malformed or impossible log
    raises :class:`CardoddsError` naming the move where it breaks (the CLI prints it and exits 2).
    """
    from cardodds.sim.chan.movelog import read_log
    from cardodds.sim.chan.penalties import settle
    from cardodds.sim.chan.replay import check_game_log

    log = read_log(path)
    fouls, game = check_game_log(log)
    lines = [f"{path}: {len(log.moves)} moves"]
    if game.thong_seat is not None:
        lines.append(_thong_line(game.thong_seat, log.previous["fouls"]))
    if game.winner is not None:
        from cardodds.sim.chan.scorer import describe

        lines.append(f"result: seat {game.winner} ù — {describe(game.cuoc)}, {game.points} points")
        declared = game.moves[-1].cuoc
        if declared is not None:
            lines.append(f"called: {describe({k: n for k, n in declared})}")
    elif game.draw:
        lines.append("result: hòa")
    elif game.u_lao is not None:
        lines.append(f"result: ù láo by seat {game.u_lao[1]} at move {game.u_lao[0]}")
    else:
        lines.append("result: unfinished")
    if fouls:
        lines.append(f"{len(fouls)} foul{'s' if len(fouls) > 1 else ''}:")
        lines += ["  " + f.describe() for f in fouls]
    else:
        lines.append("no fouls")
    result = settle(game, fouls)
    paid = f"seat {result.winner}'s win pays {result.points} points" if result.points else "no win is paid"
    if result.points and result.cuoc != game.cuoc:
        from cardodds.sim.chan.scorer import describe

        paid += f" (as called: {describe(result.cuoc)})"
    lines.append(f"after penalties: {paid}")
    lines.append(result.describe())
    return "\n".join(lines), 1 if fouls else 0


TASK = Task(name="chan.play", parse=parse, run_chunk=run_chunk, measures=measures, charts=charts,
            sections=("rules", "strategies"), units=UNITS,
            labels=read_labels(Path(__file__).parent, "play", cuoc=CUOC_NAMES,
                               foul={rule.code: rule.name for rule in FOUL_RULES}),
            seating=seating, tune_objective=("points.game", "max"))
