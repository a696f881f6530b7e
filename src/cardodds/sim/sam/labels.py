"""Every Sâm metric in words, in English and Vietnamese (the ``labels`` of the ``sam.deal`` and ``sam.play`` tasks).

Keys are metric names or patterns (``toi_trang.<kind>``); a ``"<kind>"`` key holding a dict names the kinds in words.
See :meth:`cardodds.sim.registry.Task.label_of`.
"""

from __future__ import annotations

_KINDS = {
    "en": {"sanh_rong": "sảnh rồng (a 3-to-A straight)", "tu_quy_2": "tứ quý 2 (all four 2s)",
           "dong_hoa": "đồng hoa (all one colour)", "ba_sam": "ba sám (three triples)", "nam_doi": "năm đôi (five pairs)"},
    "vi": {"sanh_rong": "sảnh rồng", "tu_quy_2": "tứ quý 2", "dong_hoa": "đồng hoa", "ba_sam": "ba sám",
           "nam_doi": "năm đôi"},
}

DEAL_LABELS = {
    "en": {
        "toi_trang.any": "dealt hand is a tới trắng (an instant win)",
        "toi_trang.<kind>": "dealt hand is a tới trắng by {kind}", "<kind>": _KINDS["en"],
        "table.toi_trang": "some hand at the table is a tới trắng",
        "table.toi_trang_hands": "tới trắng hands at a table",
    },
    "vi": {
        "toi_trang.any": "bài vừa chia là tới trắng",
        "toi_trang.<kind>": "bài tới trắng {kind}", "<kind>": _KINDS["vi"],
        "table.toi_trang": "có nhà tới trắng trong bàn",
        "table.toi_trang_hands": "số nhà tới trắng mỗi bàn",
    },
}
"""Labels of the ``sam.deal`` metrics."""

PLAY_LABELS = {
    "en": {
        "win": "wins the game",
        "toi_trang.any": "game won by a tới trắng",
        "toi_trang.<kind>": "game won by a tới trắng by {kind}", "<kind>": _KINDS["en"],
        "sam.declare": "declares Sâm (báo Sâm)",
        "sam.success": "a declared Sâm succeeds",
        "sam.declared_p.<k>": "a declared Sâm whose own-hand chance of success is {k}0–{k}9 %",
        "sam.oracle_share": "share of the oracle's gain over never declaring that this declarer captures",
        "cuoc.mean": "stakes (cược) won or lost per game",
        "cong": "loses cóng (never got to play)",
        "thoi_2": "pays for 2s left in hand (thối 2)",
        "chat": "chops (chặt) per game",
        "plays.mean": "plays per game",
        "void": "game void",
        "outcome.normal": "game ends normally", "outcome.sam_fail": "game ends with a failed Sâm (đền Sâm)",
        "outcome.sam_success": "game ends with a successful Sâm", "outcome.toi_trang": "game ends by tới trắng",
        "outcome.void": "game void",
    },
    "vi": {
        "win": "thắng ván",
        "toi_trang.any": "ván thắng bằng tới trắng",
        "toi_trang.<kind>": "ván thắng bằng tới trắng {kind}", "<kind>": _KINDS["vi"],
        "sam.declare": "báo Sâm",
        "sam.success": "báo Sâm thành công",
        "sam.declared_p.<k>": "lần báo Sâm mà bài tự ước lượng thành công {k}0–{k}9 %",
        "sam.oracle_share": "phần lợi của người biết trước (so với không báo) mà cách báo này giành được",
        "cuoc.mean": "cược được/mất mỗi ván",
        "cong": "bị cóng",
        "thoi_2": "thối 2",
        "chat": "số lần chặt mỗi ván",
        "plays.mean": "số lượt đánh mỗi ván",
        "void": "ván hủy",
        "outcome.normal": "ván kết thúc bình thường", "outcome.sam_fail": "ván báo Sâm thất bại (đền Sâm)",
        "outcome.sam_success": "ván báo Sâm thành công", "outcome.toi_trang": "ván kết thúc bằng tới trắng",
        "outcome.void": "ván hủy",
    },
}
"""Labels of the ``sam.play`` metrics."""


ODDS_LABELS = {
    "en": {
        "sam.p_at_least.<k>": "dealt hand's Sâm succeeds with chance ≥ {k}0 %",
        "sam.break_even": "dealt hand's Sâm at least breaks even (chance ≥ 1/2)",
    },
    "vi": {
        "sam.p_at_least.<k>": "bài vừa chia báo Sâm thành công với xác suất ≥ {k}0 %",
        "sam.break_even": "bài vừa chia báo Sâm ít nhất hòa vốn (xác suất ≥ 1/2)",
    },
}
"""Labels of the ``sam.odds`` metrics."""
