"""What ``bench_advise.py`` needs of each game (not a benchmark itself): which positions it advises.

Every game's position module has the same ``legal_moves``, ``play_out``, ``DEFAULT_WORLDS`` and ``DEFAULT_PLAYERS``;
only the choice of typical positions differs, so each game is one function ``positions(module, args)`` returning
``(label, position, typical)`` triples (a position not typical, such as an opening or a widest lead, is timed and
printed but left out of the median).
"""

from __future__ import annotations


def chan(P, args) -> list:
    """The cái's opening discard (``cut(seed, k=1)``: 20 cards), then of each of ``--games`` games from the seed on
    the middle decision of the seat that moves then (discard and act decisions both)."""
    from cardodds.sim.chan.position_cut import decisions

    out = [("opening discard (k=1)", P.cut(args.seed, None, args.opponents, 1), False)]
    for s in range(args.seed, args.seed + args.games):
        rows = decisions(s, None, args.opponents, s % 4)
        if rows:
            k, pos, _ = rows[len(rows) // 2]
            out.append((f"seed {s} k={k} seat {pos.seat} {pos.decision}", pos, True))
    return out


WIDE = "3s 4s 5s 6s 7s 8s 9s 10s Js Kh"
"""A Sâm hand with about the most moves a lead can have: 10 singles and 28 straights."""


def sam(pos, args) -> list:
    """Of the games of seeds ``seed, seed + 1, ...`` (``control`` players, ``--players`` of them) the first free lead
    past the middle with a choice, ``--games`` of them; then the first lead of :data:`WIDE` (38 moves)."""
    from cardodds.sim.sam.position_cut import walk
    from cardodds.sim.sam.rules import SamRules
    from cardodds.sim.sam.strategies import Control

    rules, out, seed = SamRules(players=args.players), [], args.seed
    while len(out) < args.games and seed < args.seed + 50 * args.games:
        steps = [p for p, _ in walk(seed, rules, [Control()] * rules.players)]
        p = next((p for p in steps[len(steps) // 2:] if p.to_beat is None and len(pos.legal_moves(p)) > 1), None)
        if p is not None:
            out.append((f"{args.players} players, seed {seed} lead", p, True))
        seed += 1
    wide = pos.from_json({"rules": {"players": args.players}, "seat": 0, "hand": WIDE, "played": [""] * args.players,
                          "counts": [10] * args.players})
    return out + [(f"{args.players} players, the first lead of {WIDE}", wide, False)]


def tan(position, args) -> list:
    """At 4 and at 2 players (``tuned`` games, the first seed from 1 that has one), the first lead and the first
    defence with half the stock or less left and at least 6 legal moves (``--games`` is not used)."""
    from cardodds.sim.tan.position_cut import replayed
    from cardodds.sim.tan.rules import TanRules

    out = []
    for players in (4, 2):
        rules = TanRules(players=players)
        for decision in ("attack", "defend"):
            for seed in range(1, 50):
                log, _ = replayed(seed, rules, "tuned")
                mid = [p for p, _ in log if p.decision == decision and 0 < p.stock <= rules.stock_size // 2
                       and len(position.legal_moves(p)) >= 6]
                if mid:
                    p = mid[0]
                    out.append((f"{players} players, {decision} (seed {seed}, stock {p.stock}, bout {p.bouts + 1})",
                                p, True))
                    break
    return out


GAMES = {"tan": tan, "sam": sam, "chan": chan}
"""Each game's positions, by its registry name (``cardodds.sim.games.game_names()``)."""
