"""What the fouls of a recorded Chắn game do to its result (seed 000 section B, docs/rules.md §1.8): who sits out, whose win
is paid, who pays whom.

:func:`settle` takes a replayed game and its fouls (:func:`cardodds.sim.chan.replay.check_game_log`) and applies each penalty
class.  Readings (also in the report):

- **Nghỉ ăn tiền** (fouls 1–3, "treo tranh trái vỉ nghỉ ăn tiền"): the player is not stopped, but if they win, the
  win pays nothing ("khi ù không được tính tiền").  Their losses are paid as usual.
- **Bắt báo** (fouls 7–18): from the foul on, the player sits out ("ngồi im không được ăn hay đánh gì nữa"): an ù of
  theirs at or after the foul is no win (it counts for nothing, and a log that goes on with their moves is reported
  so).  When another player wins, the bắt báo player pays the winner for the whole table ("chờ người Ù rồi thay làng
  trả tiền"): (players − 1) × the win's points, the others pay nothing.  With several bắt báo players, the first to be
  caught pays.  A hòa costs them nothing.
- **Đền làng** (fouls 4–6, "khi ù sẽ bị phạt 8 đỏ 2 lèo"): only if that player wins: the win pays nothing and they
  pay 8 đỏ 2 lèo to each other player.
- **Phạt tiền** (ù láo, xướng sai, bỏ ù, ù thiếu điểm: "bị phạt bằng 8 đỏ 2 lèo"): the player pays 8 đỏ 2 lèo to each
  other player; a win of theirs pays nothing.  A player pays one fine per game however many of these they commit
  (seed 000: "ù thiếu điểm mà xướng sai để đủ điểm thì cũng vẫn bị phạt 8 đỏ 2 lèo").  A bỏ ù is only found for a
  player who wins later in the game ("ù được mà không ù rồi về sau mới ù",
  :func:`cardodds.sim.chan.replay.check_game_log`).
- "8 đỏ 2 lèo" is :func:`cardodds.sim.chan.scorer.penalty_8_do_2_leo` (Tám đỏ's points + 2 × Lèo's); a fine, like a win, is
  paid by each payer in full.  A win that is paid is paid as called (:func:`cardodds.sim.chan.scorer.called_cuoc`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardodds.sim.chan.fouls import BAT_BAO, DEN_LANG, NGHI_AN_TIEN, PHAT_TIEN

PLAYERS = 4
_SITTING_OUT_ACTIONS = ("an", "chiu", "danh", "tra_cua", "u")


@dataclass
class Settlement:
    """The result of a game after its penalties.

    Attributes
    ----------
    winner : int or None
        The seat whose ù counts (None: hòa, ù láo, unfinished, or the ù of a player who sat out).
    cuoc : dict
        The cước the win is paid as (empty when it is not paid).
    points : int
        The win's points (0 when it is not paid).
    net : list of int
        What each seat gains (+) or pays (−) in points; they add to 0.
    sits_out : dict
        Seat → the move index of the bắt báo foul from which it sits out.
    notes : list of str
        Each consequence in words, in the order applied.
    """

    winner: int | None
    cuoc: dict
    points: int
    net: list
    sits_out: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)

    def describe(self) -> str:
        """The settlement for people: each consequence, then what every seat gains or pays."""
        lines = [f"  {n}" for n in self.notes]
        lines.append("payments: " + ", ".join(f"seat {s} {v:+d}" for s, v in enumerate(self.net)))
        return "\n".join(lines)


def _by_class(fouls, penalty: str) -> dict[int, int]:
    """Seat → index of its first foul of that penalty class."""
    first: dict[int, int] = {}
    for f in fouls:
        if f.penalty == penalty and f.seat not in first:
            first[f.seat] = f.index
    return first


def settle(game, fouls) -> Settlement:
    """Apply each penalty class of ``fouls`` to the replayed ``game`` (see the module docstring)."""
    from cardodds.sim.chan.scorer import called_cuoc, penalty_8_do_2_leo, points

    rules = game.rules
    net = [0] * PLAYERS
    notes: list[str] = []
    sits_out = _by_class(fouls, BAT_BAO)
    for s, i in sorted(sits_out.items(), key=lambda x: x[1]):
        late = [j for j, m in enumerate(game.moves) if j > i and m.seat == s and m.action in _SITTING_OUT_ACTIONS]
        text = f"seat {s} is bắt báo at move {i}: sits out from then on (no ăn, đánh or ù) and pays for the table"
        if late:
            text += f"; the log still plays {len(late)} move(s) of theirs after it (from move {late[0]})"
        notes.append(text)
    winner = game.winner
    if winner is not None and winner in sits_out:
        notes.append(f"seat {winner}'s ù does not count: they were bắt báo at move {sits_out[winner]} and sat out")
        winner = None
    reasons: dict[int, list[str]] = {}
    for f in fouls:
        if f.penalty == PHAT_TIEN and f.code not in reasons.setdefault(f.seat, []):
            reasons[f.seat].append(f.code)
    den_lang = _by_class(fouls, DEN_LANG)
    if winner is not None and winner in den_lang:
        reasons.setdefault(winner, []).append(f"đền làng: won after the foul at move {den_lang[winner]}")
    cuoc, pts = {}, 0
    if winner is not None:
        nghi = _by_class(fouls, NGHI_AN_TIEN)
        if winner in nghi:
            notes.append(f"seat {winner} wins after a nghỉ ăn tiền foul (move {nghi[winner]}): the win pays nothing")
        elif winner in reasons:
            notes.append(f"seat {winner} is fined 8 đỏ 2 lèo: the win pays nothing")
        else:
            cuoc = called_cuoc(game)
            pts = points(cuoc, rules)
            payers = [s for s in sits_out if s != winner]
            if payers:
                payer = min(payers, key=sits_out.get)
                net[payer] -= (PLAYERS - 1) * pts
                notes.append(f"seat {payer} (bắt báo) pays seat {winner}'s win for the table: "
                             f"{PLAYERS - 1} × {pts} points")
            else:
                for s in range(PLAYERS):
                    if s != winner:
                        net[s] -= pts
            net[winner] += (PLAYERS - 1) * pts
    fine = penalty_8_do_2_leo(rules)
    for s in sorted(reasons):
        notes.append(f"seat {s} pays 8 đỏ 2 lèo ({fine} points) to each other player ({'; '.join(reasons[s])})")
        for t in range(PLAYERS):
            if t != s:
                net[s] -= fine
                net[t] += fine
    return Settlement(winner, cuoc, pts, net, sits_out, notes)
