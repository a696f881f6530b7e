"""Every Tấn metric in words, in English and Vietnamese (the ``labels`` of the ``tan.play`` task).

Keys are metric names or patterns (``lose.by_trumps.<k>``); see :meth:`cardodds.sim.registry.Task.label_of`.
"""

from __future__ import annotations

LABELS = {
    "en": {
        "lose": "loses the game (bị tấn), seats counted from the first attacker",
        "lose.at_table_seat": "loses, by table seat (whoever attacks first)",
        "lose.seat0_at": "table seat 0 loses, by its place in the attack order",
        "draw": "draw (hòa: the last cards go together)",
        "truncated": "game stopped unfinished (too many bouts)",
        "bouts.mean": "bouts per game",
        "pickups.mean": "pick-ups (lên) per game",
        "lose.by_trumps.<k>": "loses, dealt {k} trumps",
        "lose.by_aces.<k>": "loses, dealt {k} aces",
        "lose.by_high.<k>": "loses, dealt {k} cards J–A",
        "lose.after_losing": "the last game's loser loses again",
        "lose.strategy.<who>": "a seat playing {who} loses (strategy@seats)",
        "series.cung_chu": "trumps given (cúng chủ) per game of a series",
        "series.xa.mean": "xả per game of a series",
        "series.winner_first": "the last game's first finisher attacks first",
        "series.winner_loses": "the last game's first finisher loses",
    },
    "vi": {
        "lose": "bị tấn (thua ván), chỗ tính từ người đánh đầu",
        "lose.at_table_seat": "bị tấn, theo chỗ ngồi (ai đánh trước cũng vậy)",
        "lose.seat0_at": "chỗ 0 bị tấn, theo lượt đánh của mình",
        "draw": "hòa",
        "truncated": "ván dừng giữa chừng (quá nhiều lượt)",
        "bouts.mean": "số lượt đánh mỗi ván",
        "pickups.mean": "số lần lên mỗi ván",
        "lose.by_trumps.<k>": "bị tấn khi được chia {k} lá chủ",
        "lose.by_aces.<k>": "bị tấn khi được chia {k} lá A",
        "lose.by_high.<k>": "bị tấn khi được chia {k} lá J–A",
        "lose.after_losing": "người thua ván trước lại bị tấn",
        "lose.strategy.<who>": "một chỗ chơi {who} bị tấn (chiến thuật@chỗ)",
        "series.cung_chu": "số lá chủ cúng mỗi ván trong loạt",
        "series.xa.mean": "số lần xả mỗi ván trong loạt",
        "series.winner_first": "người về nhất ván trước đánh trước",
        "series.winner_loses": "người về nhất ván trước bị tấn",
    },
}
"""Labels of the ``tan.play`` metrics."""
