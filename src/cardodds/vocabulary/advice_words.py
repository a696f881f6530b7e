"""The words of a position's odds and advice tables (``cardodds odds --state``, ``cardodds advise``) and of the budget
that bought them, by language; the catalogue (:mod:`cardodds.vocabulary`) reads them as ids ``advice.<key>``."""

from __future__ import annotations

from cardodds.sim.game_spec import words_by_id

ADVICE = {
    "exact_value": ("{mean} exact", "{mean} chính xác"),
    "footer": ("players: {players} · budget: {budget}", "người chơi: {players} · ngân sách: {budget}"),
    "move": ("move", "nước đi"),
    "vs_best": ("vs best ({rank})", "so với nước tốt nhất ({rank})"),
    "best": ("best", "tốt nhất"),
    "tied": ("tied", "ngang"),
    "ranked_one": (
        "{n} move, ranked by {rank} ({better} is better){exact}",
        "{n} nước đi, xếp theo {rank} ({better} là tốt hơn){exact}",
    ),
    "ranked_many": (
        "{n} moves, ranked by {rank} ({better} is better){exact}",
        "{n} nước đi, xếp theo {rank} ({better} là tốt hơn){exact}",
    ),
    "exact_values": (", exact values", ", giá trị chính xác"),
    "higher": ("higher", "cao hơn"),
    "lower": ("lower", "thấp hơn"),
    "tied_exact": ("exactly as good as the best", "tốt đúng bằng nước tốt nhất"),
    "tied_sampled": (
        "cannot be told apart from the best at this budget (its paired 95 % interval holds 0)",
        "chưa phân biệt được với nước tốt nhất ở ngân sách này (khoảng tin cậy 95 % theo cặp của chênh lệch chứa 0)",
    ),
    "marks": ("best: the move to play; tied: {tied}", "tốt nhất: nước nên đi; ngang: {tied}"),
    "budget_exact": ("exact (no worlds played), {seconds} s", "chính xác (không cần chia), {seconds} giây"),
    "budget_worlds": (
        "{worlds} worlds a move in {batches}, {seconds} s (asked: {asked})",
        "{worlds} lần chia (thế giới) mỗi nước trong {batches}, {seconds} giây (yêu cầu: {asked})",
    ),
    "one_batch": ("1 batch", "1 đợt"),
    "batches": ("{n} batches", "{n} đợt"),
    "asked_worlds": ("{n} worlds a move", "{n} lần chia mỗi nước"),
    "asked_seconds": ("{n} s", "{n} giây"),
}
"""The tables' fixed words by id, each said in English, then in Vietnamese."""

WORDS = words_by_id(advice=ADVICE)
"""The advice words by language, in the shape of ``GameSpec.words``."""
