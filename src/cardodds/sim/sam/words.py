"""Sâm's words in the report's and the tables' other languages: the game's part of the catalogue
(:mod:`cardodds.vocabulary`), read through ``GameSpec.words``."""

from __future__ import annotations

from cardodds.sim.game_spec import words_by_id, words_by_language

TITLES = {
    "vi": {
        "sam_strength": "Sâm, bảng sức mạnh, 4 người: mỗi bậc gặp mọi bậc khác (đổi chỗ trên cùng những ván bài)",
        "sam_deal": "Sâm: tới trắng ngay khi chia, theo số người chơi",
        "sam_declare": "Sâm: khi nào nên báo — không bao giờ báo, báo theo sức bài (cách đơn giản), báo theo xác suất"
                       " thắng của bài mình (bayes), và người biết trước mọi bài",
        "sam_odds": "Sâm: bài vừa chia báo Sâm thành công thường đến đâu, theo số người chơi",
        "sam_oracle": "Sâm: người biết trước mọi bài khi báo Sâm (cận trên) so với không bao giờ báo và báo theo"
                      " sức bài",
        "sam_players": "Sâm: kết cục ván và số cược được mất, theo số người chơi",
        "sam_ladder": "Sâm: các bậc trình độ (mỗi bậc ngồi chỗ 0, gặp ba người chơi control)",
    },
}
"""Experiment titles (by the experiment's name) in the other languages."""

DESCRIPTIONS = {
    "vi": {
        "sam_strength": (
            "de1153c62ad8",
            "A ngồi chỗ 0 và 2, B ngồi chỗ 1 và 3, rồi đổi lại, trên cùng những ván bài; điểm = phần ván phe A thắng "
            "(thắng 1, thua 0), với khoảng tin cậy 95 % theo từng cặp ván, và số cược trung bình mỗi ván, mỗi ghế của "
            "A; hệ số Bradley–Terry theo điểm Elo, control = 0. Không ai báo Sâm (mặc định của mọi bậc)."),
        "sam_deal": (
            "b4904745ca9e",
            "Bàn 2–5 người, mỗi người được chia 10 lá; mọi bài được xét tới trắng (sảnh rồng > tứ quý 2 > "
            "đồng hoa > 3 sám > 5 đôi)."),
        "sam_declare": (
            "9d579c724824",
            "Bốn người chơi; chỗ 0 báo Sâm theo cách của từng phương án; các đối thủ chơi kiểu control và luôn"
            " chặn Sâm khi có thể. Mọi phương án chơi cùng những ván bài."),
        "sam_odds": (
            "2bcb8fd56ca1",
            "Mỗi bàn xét bài của một nhà; xác suất báo Sâm thành công trước 1–4 người chặn được ước lượng chỉ từ bài"
            " của nhà đó (256 lần chia ngẫu nhiên các lá chưa thấy; cách đánh tốt nhất chọn trên một nửa, đo trên"
            " nửa kia). Với cách trả tiền mặc định, báo Sâm hòa vốn ở xác suất 1/2."),
        "sam_oracle": (
            "6f90a3b7c2bd",
            "Bốn người chơi; các đối thủ chơi control và luôn chặn Sâm. Mọi phương án chơi cùng những ván bài."),
        "sam_ladder": (
            "1ee239387aa7",
            "Các bậc từ yếu đến mạnh (theo đo đạc): random (đi bất kỳ nước hợp lệ nào), greedy (đánh bộ dài và lá"
            " nhỏ trước, chặn mỗi khi có thể), control (giữ heo và tứ quý để kiểm soát, chặn người báo 1), expert"
            " (tìm kiếm: chia ngẫu nhiên 32 lần các lá chưa thấy, chơi thử tới 6 nước ứng viên với control ở mọi"
            " chỗ, giữ nước được nhiều cược nhất; khi hai nước tốt nhất cách nhau không quá một sai số chuẩn, chia thêm"
            " 96 lần để quyết định). Không ai báo Sâm. Các bậc được so theo số cược được mất mỗi ván"
            " của chỗ 0 (chênh lệch từng cặp so với control gặp control)."),
        "sam_players": (
            "fd43944ed18f",
            "2–5 người chơi, mọi chỗ chơi kiểu control và báo Sâm khi sức bài ≥ 0,75."),
    },
}
"""Experiment descriptions in the other languages, by the experiment's name: ``(fingerprint, text)``
(see ``cardodds.analysis.i18n.description``)."""

CHARTS = {
    "vi": [
        (r"Sâm: how often a dealt hand's Sâm succeeds with chance ≥ k/10",
         "Sâm: bài vừa chia báo Sâm thành công với xác suất ≥ k/10 thường đến đâu"),
        (r"k: estimated P\(a declared Sâm succeeds against blockers\) ≥ k/10",
         "k: xác suất ước lượng báo Sâm thành công trước người chặn ≥ k/10"),
        (r"share of dealt hands", "tỉ lệ trong các bài vừa chia"),
        (r"Sâm: seat (\d+)'s win rate and mean cược a game, by its player",
         "Sâm: tỉ lệ thắng và cược trung bình mỗi ván của chỗ {0}, theo người chơi"),
        (r"win: probability; cuoc.mean: cược per game", "thắng: xác suất; cược được mất: cược mỗi ván"),
        (r"Sâm: seat (\d+)'s declared Sâms by the hand's own chance of success",
         "Sâm: các lần báo Sâm của chỗ {0} theo xác suất thành công tự ước lượng"),
        (r"k: own-hand P\(success\) in \[k/10, \(k\+1\)/10\) \(the bayes estimate\)",
         "k: xác suất thành công tự ước lượng trong [k/10, (k+1)/10) (ước lượng bayes)"),
        (r"share of seat (\d+)'s declared Sâms", "tỉ lệ trong các lần báo Sâm của chỗ {0}"),
    ],
}
"""Chart text in the other languages: ``(regex, template)``, tried before the shared words' catch-all patterns."""

UNITS = {
    "vi": {
        "cược per game per seat": "cược mỗi ván, mỗi ghế",
        "per declared Sâm": "mỗi lần báo Sâm",
        "chops per game": "lần chặt mỗi ván",
        "cược per game": "cược mỗi ván",
        "hands per table": "bài mỗi bàn",
        "plays per game": "lượt đánh mỗi ván",
        "share of the oracle's gain in cược per game": "phần lợi (cược mỗi ván) của người biết trước",
    },
}
"""Units (as the game's tasks declare them, in English) in the other languages."""

SEATING = {
    "vi": [
        (r"never declares Sâm", "không bao giờ báo Sâm"),
        (r"declares Sâm with the oracle, an upper bound", "báo Sâm nhờ nhìn thấy mọi bài (cận trên)"),
        (r"declares Sâm at hand strength ≥ ([\d.]+) \(the naive baseline\)",
         "báo Sâm khi sức bài ≥ {0} (cách báo đơn giản, để so sánh)"),
        (r"declares Sâm at hand strength ≥ ([\d.]+)", "báo Sâm khi sức bài ≥ {0}"),
        (r"declares Sâm by its own hand's odds \(bayes, margin (-?[\d.]+) cược, (\d+) deals\)",
         "báo Sâm theo xác suất thắng của bài mình (bayes, biên {0} cược, {1} lần chia thử)"),
        (r"Seat\(s\) ([\d, ]+) declare Sâm with the oracle, which sees every hand and declares only when a plan surely "
         r"succeeds: its Sâm figures are an upper bound, not a playable strategy\.",
         "Chỗ {0} báo Sâm như người biết trước: thấy mọi bài và chỉ báo khi chắc chắn thắng, nên các con số Sâm của"
         " phương án này là cận trên, không phải một cách chơi làm được."),
    ],
}
"""Phrases of the players' descriptions (``seating``) in the other languages."""

ARMS = {
    "en": {"never": "never declares", "oracle": "the oracle, an upper bound"},
    "vi": {"never": "không báo Sâm", "oracle": "người biết trước mọi bài, cận trên"},
}
"""The experiments' arm names in words, by the arm's name (patterns shared by every game are in
``cardodds.vocabulary.report_words.ARMS``)."""

ARM_PATTERNS = {
    "en": [(r"naive_threshold_([\d.]+)", "strength ≥ {0} (naive)"), (r"bayes_margin_(-?[\d.]+)", "bayes, margin {0}")],
    "vi": [(r"naive_threshold_([\d.]+)", "báo khi sức bài ≥ {0}"), (r"bayes_margin_(-?[\d.]+)", "bayes, biên {0}")],
}
"""Arm names in words by pattern: ``(regex, template)``."""

MEASURES = {
    "vi": {
        "the seat goes out first (wins the game)": "chỗ này hết bài trước (thắng ván)",
        "the seat's cược from here on (payments still to come, the round's chặt chain included)":
            "cược của chỗ này từ đây (những khoản còn phải trả, kể cả chuỗi chặt của vòng này)",
        "the declared Sâm succeeds (only while a declared Sâm stands)":
            "Sâm đã báo thành công (chỉ khi đang có người báo Sâm)",
    },
}
"""A mid-game position's measures (the position module's ``MEASURES`` texts, in English) in the other languages."""

PAGE = {
    "unread_example.sam": ("10h, T♥, Qd, A♣", "10h, T♥, Qd, A♣"),
    "strategies.sam.control": ("keep control, never declare Sâm", "biết giữ bài, không báo Sâm"),
    "labels.sam.opponents": ("Opponents", "Số đối thủ"),
    "who.sam.one": (
        "You play against {0} opponent; they keep control and never declare Sâm.",
        "Bạn gặp {0} đối thủ; họ biết giữ bài và không báo Sâm.",
    ),
    "who.sam.other": (
        "You play against {0} opponents; they keep control and never declare Sâm.",
        "Bạn gặp {0} đối thủ; họ biết giữ bài và không báo Sâm.",
    ),
    "sam_success": ("If you declare Sâm: the chance it succeeds", "Nếu báo Sâm: khả năng thành công"),
    "sam_win": ("If you do not declare: the chance to win", "Nếu không báo Sâm: khả năng thắng ván"),
    "advise.measures.sam.win": (["Win", "your chance to go out first"], ["Thắng", "khả năng bạn về nhất (thắng ván)"]),
    "advise.measures.sam.cuoc": (["Cược", "cược on average from here"], ["Cược", "cược trung bình từ đây"]),
    "advise.measures.sam.sam": (
        ["Sâm made", "chance the declared Sâm succeeds"],
        ["Sâm thành", "khả năng Sâm đã báo thành công"],
    ),
    "advise.rank.sam": (["mean cược", "higher is better", "cược"], ["cược trung bình", "cao hơn là tốt hơn", "cược"]),
    "advise.moves.sam.pass": ("pass", "bỏ lượt"),
    "advise.moves.sam.single": ("single", "rác"),
    "advise.moves.sam.pair": ("pair", "đôi"),
    "advise.moves.sam.triple": ("triple", "sám"),
    "advise.moves.sam.quad": ("tứ quý", "tứ quý"),
    "advise.moves.sam.straight": ("straight", "sảnh"),
}
"""The pages' words for the game (``cardodds.vocabulary.page_words``) by their path on the page, each said in
English, then in Vietnamese."""

WORDS = words_by_id(words_by_language(titles=TITLES, descriptions=DESCRIPTIONS, charts=CHARTS, units=UNITS,
                                      seating=SEATING, arms=ARMS, arm_patterns=ARM_PATTERNS, measures=MEASURES),
                    page=PAGE)
"""The game's words by language, as ``GameSpec.words`` holds them."""
