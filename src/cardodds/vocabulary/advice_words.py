"""The words of a position's odds and advice tables (``cardodds odds --state``, ``cardodds advise``) and of the budget
that bought them, by language; the catalogue (:mod:`cardodds.vocabulary`) reads them as ids ``advice.<key>``."""

from __future__ import annotations

from cardodds.sim.game_spec import words_by_language

ADVICE = {
    "en": {
        "exact_value": "{mean} exact", "footer": "players: {players} · budget: {budget}",
        "move": "move", "vs_best": "vs best ({rank})", "best": "best", "tied": "tied",
        "ranked_one": "{n} move, ranked by {rank} ({better} is better){exact}",
        "ranked_many": "{n} moves, ranked by {rank} ({better} is better){exact}",
        "exact_values": ", exact values", "higher": "higher", "lower": "lower",
        "tied_exact": "exactly as good as the best",
        "tied_sampled": "cannot be told apart from the best at this budget (its paired 95 % interval holds 0)",
        "marks": "best: the move to play; tied: {tied}",
        "budget_exact": "exact (no worlds played), {seconds} s",
        "budget_worlds": "{worlds} worlds a move in {batches}, {seconds} s (asked: {asked})",
        "one_batch": "1 batch", "batches": "{n} batches",
        "asked_worlds": "{n} worlds a move", "asked_seconds": "{n} s",
    },
    "vi": {
        "exact_value": "{mean} chính xác", "footer": "người chơi: {players} · ngân sách: {budget}",
        "move": "nước đi", "vs_best": "so với nước tốt nhất ({rank})", "best": "tốt nhất", "tied": "ngang",
        "ranked_one": "{n} nước đi, xếp theo {rank} ({better} là tốt hơn){exact}",
        "ranked_many": "{n} nước đi, xếp theo {rank} ({better} là tốt hơn){exact}",
        "exact_values": ", giá trị chính xác", "higher": "cao hơn", "lower": "thấp hơn",
        "tied_exact": "tốt đúng bằng nước tốt nhất",
        "tied_sampled": "chưa phân biệt được với nước tốt nhất ở ngân sách này (khoảng tin cậy 95 % theo cặp của "
                        "chênh lệch chứa 0)",
        "marks": "tốt nhất: nước nên đi; ngang: {tied}",
        "budget_exact": "chính xác (không cần chia), {seconds} giây",
        "budget_worlds": "{worlds} lần chia (thế giới) mỗi nước trong {batches}, {seconds} giây (yêu cầu: {asked})",
        "one_batch": "1 đợt", "batches": "{n} đợt",
        "asked_worlds": "{n} lần chia mỗi nước", "asked_seconds": "{n} giây",
    },
}
"""The tables' fixed words, by language."""

WORDS = words_by_language(advice=ADVICE)
"""The advice words by language, in the shape of ``GameSpec.words``."""
