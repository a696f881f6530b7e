"""Every Chắn metric in words, in English and Vietnamese (the ``labels`` of the ``chan.deal`` and ``chan.play`` tasks).

Keys are metric names or patterns (``chan_count.<k>``: ``<k>`` stands for one dotted part, ``{k}`` in the text);
a ``"<name>"`` key holding a dict names that part's values in words.  See :meth:`cardodds.sim.registry.Task.label_of`.
"""

from __future__ import annotations

from cardodds.sim.chan.fouls import RULES as FOUL_RULES
from cardodds.sim.chan.rules import CUOC_NAMES

_WIN_TYPES = {
    "en": {"u_rong": "ù rộng (a plain win)", "bach_thu": "bạch thủ", "bach_thu_chi": "bạch thủ chi"},
    "vi": {"u_rong": "ù rộng", "bach_thu": "bạch thủ", "bach_thu_chi": "bạch thủ chi"},
}
_FOULS = {rule.code: rule.name for rule in FOUL_RULES}

DEAL_LABELS = {
    "en": {
        "thien_u": "Thiên ù: the cái's 20 dealt cards are already a win",
        "thien_u.bach_thu": "Thiên ù with bạch thủ (6 chắn and 4 cạ)",
        "waiting": "dealt hand already waits to win (chờ ù)",
        "waiting.bach_thu": "dealt hand waits for a bạch thủ win",
        "waiting.bach_thu_chi": "dealt hand waits for a bạch thủ chi win",
        "waiting.u_rong": "dealt hand waits only for an ù rộng win",
        "any_waiting": "some hand at the table already waits to win",
        "kinh_tu_chi": "dealt hand holds Kính tứ chi (all four Chi chi)",
        "bach_dinh": "dealt hand is Bạch định (no red card)",
        "tam_do": "dealt hand is Tám đỏ (8 red cards or more)",
        "chan_count.<k>": "hand with {k} chắn (pairs)",
        "chan_count.mean": "chắn (pairs) in a dealt hand",
        "red.<k>": "hand with {k} red cards",
        "red.mean": "red cards in a dealt hand",
        "thien_khai.<k>": "hand with {k} thiên khai (four of a kind)",
        "thien_khai.mean": "thiên khai (four of a kind) in a dealt hand",
        "leo.<k>": "hand with {k} lèo",
        "leo.mean": "lèo in a dealt hand",
        "tom.<k>": "hand with {k} tôm",
        "tom.mean": "tôm in a dealt hand",
        "wait_kinds.<k>": "hand waiting on {k} kinds of card",
        "wait_kinds.mean": "kinds of card a dealt hand waits on",
    },
    "vi": {
        "thien_u": "Thiên ù: 20 lá của nhà cái vừa chia đã ù",
        "thien_u.bach_thu": "Thiên ù bạch thủ (6 chắn, 4 cạ)",
        "waiting": "bài vừa chia đã chờ ù",
        "waiting.bach_thu": "bài vừa chia chờ ù bạch thủ",
        "waiting.bach_thu_chi": "bài vừa chia chờ ù bạch thủ chi",
        "waiting.u_rong": "bài vừa chia chỉ chờ ù rộng",
        "any_waiting": "có nhà đã chờ ù ngay khi chia",
        "kinh_tu_chi": "bài có Kính tứ chi (đủ bốn Chi chi)",
        "bach_dinh": "bài Bạch định (không có lá đỏ)",
        "tam_do": "bài Tám đỏ (từ 8 lá đỏ)",
        "chan_count.<k>": "bài có {k} chắn",
        "chan_count.mean": "số chắn trong bài vừa chia",
        "red.<k>": "bài có {k} lá đỏ",
        "red.mean": "số lá đỏ trong bài vừa chia",
        "thien_khai.<k>": "bài có {k} thiên khai",
        "thien_khai.mean": "số thiên khai trong bài vừa chia",
        "leo.<k>": "bài có {k} lèo",
        "leo.mean": "số lèo trong bài vừa chia",
        "tom.<k>": "bài có {k} tôm",
        "tom.mean": "số tôm trong bài vừa chia",
        "wait_kinds.<k>": "bài chờ {k} loại quân",
        "wait_kinds.mean": "số loại quân bài vừa chia chờ",
    },
}
"""Labels of the ``chan.deal`` metrics (a histogram's family name, ``chan_count``, labels its chart's axis)."""
for _table in DEAL_LABELS.values():
    _table.update({name[:-len(".mean")]: text for name, text in list(_table.items()) if name.endswith(".mean")})

PLAY_LABELS = {
    "en": {
        "win": "wins the game (ù)",
        "draw": "no one wins (hòa: the nọc runs out)",
        "thien_u": "the cái wins by Thiên ù",
        "win_type.<type>": "win is {type}", "<type>": _WIN_TYPES["en"],
        "win_how.thien_u": "win is a Thiên ù", "win_how.u": "win on a card played or drawn (ù)",
        "win_how.chiu_u": "win by chíu (chíu ù)",
        "cuoc.<cuoc>": "win calls the cước {cuoc}", "<cuoc>": dict(CUOC_NAMES),
        "points.win": "points of a win", "points.game": "net points per game",
        "win_points.<k>": "the seat's win is worth {k} points",
        "seat_cuoc.<cuoc>": "the seat's win calls the cước {cuoc}",
        "noc_left.<k>": "game ends with {k} cards left in the nọc",
        "noc_left.mean": "cards left in the nọc at the end",
        "series.games": "games per series",
        "moves.mean": "moves per game",
        "fouls_avoided.<foul>": "moves left out as the foul “{foul}”", "<foul>": _FOULS,
    },
    "vi": {
        "win": "ù (thắng ván)",
        "draw": "hòa (hết nọc không ai ù)",
        "thien_u": "nhà cái ù Thiên ù",
        "win_type.<type>": "ván ù là {type}", "<type>": _WIN_TYPES["vi"],
        "win_how.thien_u": "ù Thiên ù", "win_how.u": "ù quân đánh ra hoặc bốc nọc",
        "win_how.chiu_u": "chíu ù",
        "cuoc.<cuoc>": "ván ù có cước {cuoc}", "<cuoc>": dict(CUOC_NAMES),
        "points.win": "điểm của một ván ù", "points.game": "điểm được/mất mỗi ván",
        "win_points.<k>": "ván ù của nhà này được {k} điểm",
        "seat_cuoc.<cuoc>": "ván ù của nhà này có cước {cuoc}",
        "noc_left.<k>": "ván kết thúc còn {k} lá trong nọc",
        "noc_left.mean": "số lá còn trong nọc khi hết ván",
        "series.games": "số ván mỗi loạt",
        "moves.mean": "số nước đi mỗi ván",
        "fouls_avoided.<foul>": "nước bị loại vì phạm lỗi “{foul}”", "<foul>": _FOULS,
    },
}
"""Labels of the ``chan.play`` metrics."""
