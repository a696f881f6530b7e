"""Moves played out from a Chắn position on the batch engine, in worlds dealt from what the seat cannot see.

World ``j`` deals the unseen cards (the deck less the seat's hand, every mat and the face-up cards, in kind order)
in the order of the keys ``j`` draws from one counter-based stream (Philox) of ``seed``: the other seats' hands in
seat order, each its size, then the nọc, top first — so a world's deal is a function of the seed, its number and
what the seat knows, and worlds ``0..n`` extend worlds ``0..m`` for m < n.  Each move is applied at once (the
decision is the seat's) to a copy of the position's view game, the rows of every (move, world) pair are put in one
batch-engine state (:func:`cardodds.sim.chan.batch.state_from_games`, then the worlds' hidden cards dealt into the
arrays), and all of them are played to the end together by ``players`` — on the compiled engine when it is chosen
(:func:`cardodds.sim.chan.compiled.play_state_auto`; the numpy engine plays the same games).  Every move sees the
same worlds.  A table with a user's player at a seat (:mod:`cardodds.sim.chan.user_seat`, no batch form) is played
on the reference engine, world by world, in the same worlds (:func:`_play_reference`: built-in players there give
the batch engine's outcomes, ``tests/chan/test_chan_user_seat.py``).

``like_expert``: the expert's own computation instead — its worlds (:func:`cardodds.sim.chan.expert.world_values`,
keyed on what the seat sees, so ``seed`` is not read), its rollout player, its number of worlds — so that
:func:`expert_pick` over the outcomes is the expert's decision (``tests/chan/test_chan_position_play.py``).
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.chan.arrays import U32, kind_bits, wait_masks
from cardodds.sim.chan.batch import state_from_games
from cardodds.sim.chan.compiled import play_state_auto
from cardodds.sim.chan.cards import N_KINDS
from cardodds.sim.chan.deal import NOC_SIZE
from cardodds.sim.chan.expert import ROLLOUT, Expert, _net, clone, pick, world_values
from cardodds.sim.chan.movelog import CHAN
from cardodds.sim.chan.position_state import PLACEHOLDER, Position, find_move, game_of, move_text, view_decision
from cardodds.sim.chan.reference import PLAYERS, play_game
from cardodds.sim.errors import CardoddsError
from cardodds.sim.position import Outcomes

MAX_UNSEEN = 100
"""Keys a world draws (one per card of the deck, the unseen ones used): fixes where world j's keys start."""
WORLD_TAG = 0x43484E
"""Mixed into the seed so that the worlds' stream is not the stream of any run seeded the same."""


def batch_players(players) -> tuple:
    """The four players of ``players`` (a name or a table, as ``[strategies]`` names one), each one the batch
    engine plays or a user's player (:mod:`cardodds.sim.chan.user_seat`); else a one-line error."""
    from cardodds.sim.chan.players import seat_strategies

    seats = players if isinstance(players, tuple) else seat_strategies(players, PLAYERS, "players")
    for p in seats:
        batch = getattr(p, "batch_supported", None) and p.batch_supported() and p.deterministic
        if not (batch or getattr(p, "user_seat", False)):
            raise CardoddsError(f"chan positions are played out on the batch engine (a player of yours on the "
                                f"reference engine): players must be basic, heuristic, cuoc or tuned, not {p.name}")
    return seats


def check_players(position: Position, players) -> None:
    """A one-line error unless the batch engine can play ``players`` (a name or a table) at every seat."""
    batch_players(players)


def players_label(players) -> str:
    """Who plays, in words: the name of ``players`` (a name, a table with a ``name`` or a ``python`` source, or player
    objects)."""
    if isinstance(players, str):
        return players
    if isinstance(players, dict):
        return str(players.get("name", players.get("python", players)))
    return "/".join(dict.fromkeys(p.name for p in players))


def world_keys(seed: int, first_world: int, worlds: int) -> np.ndarray:
    """``(worlds, MAX_UNSEEN)`` uniform keys of worlds ``first_world ..``: row j a function of (seed, j) only."""
    bits = np.random.Philox(np.random.SeedSequence([int(seed), WORLD_TAG]))
    bits.advance(first_world * MAX_UNSEEN // 4)  # a Philox counter step gives 4 of the 64-bit draws a key takes
    return np.random.Generator(bits).random((worlds, MAX_UNSEEN))


def deal_worlds(position: Position, seed: int, first_world: int, worlds: int):
    """The worlds' hidden cards: the other seats' hands ``(worlds, 4, 25)`` (the seat's own row zero) and the
    nọc's unseen cards ``(worlds, noc)``, top first."""
    pool = np.array(position.unseen(), dtype=np.int64)
    keys = world_keys(seed, first_world, worlds)[:, :pool.size]
    dealt = pool[np.argsort(keys, axis=1, kind="stable")]
    hands = np.zeros((worlds, PLAYERS, N_KINDS), dtype=np.int8)
    sizes = position.hidden_sizes()
    start = 0
    rows = np.arange(worlds)[:, None]
    for s in position.others():
        part = dealt[:, start:start + sizes[s]]
        np.add.at(hands, (np.broadcast_to(rows, part.shape), s, part), 1)
        start += sizes[s]
    return hands, dealt[:, start:]


def _moves(position: Position, moves, players):
    """The view game, its decision, the moves to play and their labels."""
    view, dec = view_decision(position)
    if moves is None:
        seats = batch_players(players)
        move = seats[position.seat].choose(view, dec, None)
        return view, dec, [move], (f"as {players_label(players)} plays",)
    if isinstance(moves, str):
        moves = [moves]
    chosen = [find_move(dec, m) for m in moves]
    return view, dec, chosen, tuple(move_text(m) for m in chosen)


def _over_values(game, seat: int):
    winner = -1 if game.winner is None else game.winner
    return winner == seat, game.draw, float(_net(seat, winner, game.points))


def play_out(position: Position, moves, players, worlds: int, seed: int, first_world: int = 0,
             like_expert: Expert | None = None) -> Outcomes:
    """Each of ``moves`` (texts; None: the odds row, the move ``players`` makes) in worlds ``first_world ..`` (see
    the module docstring); measures ``win``, ``draw``, ``points`` (the seat's net points)."""
    if like_expert is not None:
        return expert_outcomes(position, moves, like_expert, seed)
    if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
        raise CardoddsError(f"chan: worlds must be a whole number >= 1, not {worlds!r}")
    seats = batch_players(players)
    view, dec, chosen, labels = _moves(position, moves, players)
    seat, M, W = position.seat, len(chosen), worlds
    win, draw, points = (np.zeros((M, W)) for _ in range(3))
    live, games, drew = [], [], []
    for i, move in enumerate(chosen):
        after = clone(view)
        after.apply(move)
        if after.over:
            win[i], draw[i], points[i] = _over_values(after, seat)
        else:
            live.append(i)
            games.append(after)
            drew.append(move is not None and move.action == "boc")
    if live and any(getattr(p, "user_seat", False) for p in seats):
        rows = _play_reference(position, [chosen[i] for i in live], seats, seed, first_world, W)
        win[live], draw[live], points[live] = rows
    elif live:
        res = _play_live(position, games, np.array(drew), seats, seed, first_world, W)
        winner = res.winner.reshape(len(live), W)
        pts = res.points.astype(np.int64).reshape(len(live), W)
        win[live] = winner == seat
        draw[live] = winner < 0
        points[live] = _net(seat, winner, pts)
    info = {"next_card_completes": next_card_completes(position, chosen, labels)}
    if moves is None:
        info["move"] = move_text(chosen[0])
    return Outcomes(labels, {"win": win, "draw": draw, "points": points}, False, first_world,
                    players_label(players), info)


def _play_reference(position: Position, moves, seats, seed, first_world, W):
    """``win``, ``draw`` and ``points`` ``(len(moves), W)`` of each move played in worlds ``first_world ..`` on the
    reference engine, one game at a time (a user's player has no batch form): the worlds of :func:`deal_worlds`,
    each world's random stream seeded by (``seed``, its number) alone, the same for every move."""
    hands, noc = deal_worlds(position, seed, first_world, W)
    out = np.zeros((3, len(moves), W))
    for j in range(W):
        for i, move in enumerate(moves):
            game = game_of(position, hands[j], noc[j])
            game.apply(move)
            rng = np.random.default_rng([int(seed), WORLD_TAG, first_world + j])
            out[:, i, j] = _over_values(play_game(game, seats, rng), position.seat)
    return out


def _play_live(position: Position, games, drew, seats, seed, first_world, W):
    """Play games (one per live move) in W worlds each, on one batch state."""
    st = state_from_games(position.rules, games, seats)
    L = len(games)
    for name, value in list(vars(st).items()):
        if isinstance(value, np.ndarray) and name != "sid" and value.ndim and value.shape[0] == L:
            setattr(st, name, np.repeat(value, W, axis=0))
    st.N = L * W
    hands, noc = deal_worlds(position, seed, first_world, W)
    others = position.others()
    st.hand[:, others] = np.tile(hands[:, others], (L, 1, 1))
    drawn = NOC_SIZE - position.noc
    st.noc[:, drawn:] = np.tile(noc, (L, 1))
    rows = np.flatnonzero(np.repeat(drew, W))
    if rows.size:  # the seat drew: the card in play is each world's top card, not the view's placeholder
        top = st.noc[rows, drawn]
        st.table[rows, PLACEHOLDER] -= 1
        st.table[rows, top] += 1
        st.card[rows] = top
    for s in others:
        single = np.zeros(N_KINDS, dtype=bool)
        chan = [m[2] for m in position.melds[s] if m[0] == CHAN]
        single[[k for k in set(chan) if chan.count(k) == 1]] = True
        st.bon_open[:, s] = kind_bits(single[None, :] & (st.hand[:, s] >= 1))
    for s in range(PLAYERS):
        held = st.hand[:, s].sum(axis=1) + 2 * st.mat_chan[:, s] + 2 * st.mat_ca[:, s]
        st.waits[:, s] = np.where(held == 19, wait_masks(st.hand[:, s], st.mat[:, s], st.mat_chan[:, s]), U32(0))
    return play_state_auto(st)


def next_card_completes(position: Position, moves, labels) -> dict:
    """For each move after which the seat holds 19 cards that wait (chờ ù): the chance that the next card drawn
    from the nọc completes the hand, the unseen cards counted exactly (each is equally likely to be that card)."""
    from cardodds.sim.chan.holding import wait_kinds

    unseen = [0] * N_KINDS
    for k in position.unseen():
        unseen[k] += 1
    total = sum(unseen)
    mat = [0] * N_KINDS
    mat_chan = 0
    for kind, with_, card in position.melds[position.seat]:
        mat[card] += 4 if kind == "chiu" else 1
        mat[with_] += 0 if kind == "chiu" else 1
        mat_chan += 2 if kind == "chiu" else kind == CHAN
    out = {}
    for move, label in zip(moves, labels):
        hand = list(position.hand)
        if position.decision in ("discard", "tra_cua"):
            if move.action not in ("danh", "tra_cua"):
                continue
            hand[move.card] -= 1
        elif move is not None and move.action not in ("boc", "duoi", "hoa"):
            continue  # an ăn or a chíu: the seat discards next, from 20 cards
        waits = wait_kinds(hand, mat_chan, mat)
        if waits and total:
            out[label] = sum(unseen[k] for k in waits) / total
    return out


def expert_outcomes(position: Position, moves, expert: Expert, seed) -> Outcomes:
    """The expert's own rollouts of ``moves`` (None: all legal moves, as the expert plays them) at the position:
    its ``worlds`` worlds (a function of the position, as the expert's are of what its seat sees; ``seed`` is
    accepted and not read), its rollout player at every seat; measures as :func:`play_out`'s."""
    view, dec = view_decision(position)
    chosen = list(dec.moves) if moves is None else [find_move(dec, m) for m in moves]
    game = game_of(position, _some_deal(position), _some_noc(position))
    values = world_values(game, position.seat, chosen, expert.worlds, expert.rollout)
    labels = tuple(move_text(m) for m in chosen)
    return Outcomes(labels, values, False, 0, f"expert rollouts "
                    f"({expert.rollout})", {"next_card_completes": next_card_completes(position, chosen, labels)})


def _some_deal(position: Position):
    """Any deal of the unseen cards to the other hands (the expert deals them anew; this only gives the sizes)."""
    pool = position.unseen()
    hands = [[0] * N_KINDS for _ in range(PLAYERS)]
    sizes = position.hidden_sizes()
    for s in position.others():
        for k in pool[:sizes[s]]:
            hands[s][k] += 1
        pool = pool[sizes[s]:]
    return hands


def _some_noc(position: Position):
    return position.unseen()[len(position.unseen()) - position.noc:] if position.noc else []


def expert_pick(position: Position, outcomes: Outcomes, expert: Expert) -> str:
    """The expert's choice over its own outcomes of every legal move (:func:`expert_outcomes` with moves None):
    its base player's move unless the move with the best mean points beats it by more than ``z`` paired standard
    errors (:func:`cardodds.sim.chan.expert.pick`: the base move keeps a tie; among equal means the first legal
    move)."""
    view, dec = view_decision(position)
    if dec.kind == "thien_u":
        return move_text(dec.moves[0])
    base = move_text(ROLLOUT[expert.base]().choose(view, dec, None))
    if expert.z == float("inf"):
        return base
    net = np.asarray(outcomes.values["points"])[None]
    b = np.array([outcomes.moves.index(base)])
    return outcomes.moves[int(pick(net, np.ones(net.shape[:2], dtype=bool), b, expert.z)[0])]
