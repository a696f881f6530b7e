"""Chắn's words in the report's and the tables' other languages: the game's part of the catalogue
(:mod:`cardodds.vocabulary`), read through ``GameSpec.words``."""

from __future__ import annotations

from cardodds.sim.game_spec import words_by_id, words_by_language

TITLES = {
    "vi": {
        "chan_play_tuned": "Chắn ở bậc nhanh mạnh nhất: chơi trọn ván, mọi chỗ chơi tuned",
        "chan_strength_expert": "Chắn, bảng sức mạnh có expert, 4 người (đổi chỗ trên cùng những ván bài)",
        "chan_strength": "Chắn, bảng sức mạnh, 4 người: mỗi bậc gặp mọi bậc khác (đổi chỗ trên cùng những ván bài)",
        "chan_deal": "Chắn: ván bài vừa chia — Thiên ù và bài trên tay",
        "chan_players": "Chắn: đánh theo cước có lợi không? basic, heuristic, người tìm cước và tuned ở chỗ 0 gặp ba người chơi basic",
        "chan_expert": "Chắn: người chơi chuyên gia so với tuned ở chỗ 0 (nhà cái), gặp ba người chơi basic",
        "chan_tune": "Chắn: tinh chỉnh người tìm cước ở chỗ 0 (nhà cái), gặp ba người chơi basic",
        "chan_play": "Chắn: chơi trọn ván — ù, hòa, cước, một chiến thuật và một luật làng",
    },
}
"""Experiment titles (by the experiment's name) in the other languages."""

DESCRIPTIONS = {
    "vi": {
        "chan_play_tuned": (
            "a8b6b14ee8d3",
            "Bốn người chơi tuned (người tìm cước với các núm chỉnh cardodds tune tìm ra), nhà cái ở chỗ 0: ai ù, "
            "hoà, điểm mỗi ván và mỗi lần ù, ở bậc mạnh nhất chạy được ở quy mô lớn (chan_strength). Expert chỉ chơi "
            "vài ván mỗi giây; số liệu của nó ở một chỗ nằm trong docs/results.md (chan_expert)."),
        "chan_strength_expert": (
            "534903f5bc52",
            "Bảng chan_strength có expert (máy tham chiếu, vài ván mỗi giây: hai ghế expert mỗi ván) gặp tuned và "
            "basic. Không nằm trong bộ mặc định."),
        "chan_strength": (
            "1782a0e3cf9d",
            "A ngồi chỗ 0 và 2 (chỗ 0 là nhà cái), B ngồi chỗ 1 và 3, rồi đổi lại, trên cùng những ván bài; điểm = "
            "phần ván phe A thắng, ván không ai ù (hoà) tính ½, với khoảng tin cậy 95 % theo từng cặp ván, và điểm "
            "ròng trung bình mỗi ván, mỗi ghế của A; hệ số Bradley–Terry theo điểm Elo, tuned = 0. Expert (máy tham "
            "chiếu, vài ván mỗi giây) được đo bằng configs/chan_strength_expert.toml (ngoài bộ mặc định; docs/strength.md)."),
        "chan_deal": (
            "8e04fe73459a",
            "Chia trọn bàn (nhà cái 20 lá ở chỗ 0, 19 lá cho các chỗ 1–3, 23 lá trong nọc); đo mọi bài vừa "
            "chia."),
        "chan_play": (
            "4501c6ef82a6",
            "Bốn người chơi, nhà cái (20 lá, đi trước) ở chỗ 0. Phương án gốc: mọi chỗ chơi basic. Các phương án: chỗ"
            " 0 chơi heuristic (giữ bài chờ rộng, đếm các lá chưa thấy); luật làng `min_points_to_win = "
            '"no_xuong"` (bài không có cước thì không được ù); và `min_points_to_win = 2`.'),
        "chan_players": (
            "1691d09100f7",
            "Bốn người chơi, nhà cái (20 lá, đi trước) ngồi chỗ 0; chỗ 1–3 chơi basic. Các phương án: chỗ 0 chơi basic"
            " (gốc), heuristic (giữ cửa chờ rộng nhất), người tìm cước 'cuoc' (cân mỗi cửa chờ theo điểm cước"
            " ván ù sẽ có: Bạch thủ, Tám đỏ, Lèo… theo bảng điểm của luật; bỏ lá đen trước lá đỏ), hoặc 'tuned'"
            " (người tìm cước với các núm chỉnh mà cardodds tune tìm ra cho bàn này, src/cardodds/sim/chan/tuned.toml). Điểm mỗi ván:"
            " người ù lấy điểm của bài từ mỗi người trong ba người còn lại."),
        "chan_expert": (
            "62df8defb64c",
            "Bốn người chơi, nhà cái (20 lá, đi trước) ngồi chỗ 0; chỗ 1–3 chơi basic. Các phương án: chỗ 0 chơi tuned"
            " (gốc: người tìm cước với các núm chỉnh mà cardodds tune tìm ra), hoặc người chơi chuyên gia (ở mỗi"
            " nước có hơn một nước hợp lệ: chia lại 16 lần các lá nó không thấy, đánh thử mọi nước hợp lệ đến hết"
            " ván với người chơi rollout ở mọi chỗ; giữ nước của tuned trừ khi điểm trung bình của một nước khác"
            " hơn nước ấy quá z sai số chuẩn theo cặp trên các lần chia đó). Điểm mỗi ván: người ù lấy điểm của"
            " bài từ mỗi người trong ba người còn lại."),
    },
}
"""Experiment descriptions in the other languages, by the experiment's name: ``(fingerprint, text)``
(see ``cardodds.analysis.i18n.description``)."""

CHARTS = {
    "vi": [
        (r"share of wins", "tỉ lệ trong các ván ù"),
        (r"Chắn count of a dealt hand: simulated vs exact", "Số chắn trong bài vừa chia: mô phỏng và chính xác"),
        (r"Thiên ù: estimate as games accumulate", "Thiên ù: ước lượng theo số ván"),
        (r"Thiên ù in full games: estimate as games accumulate", "Thiên ù khi chơi trọn ván: ước lượng theo số ván"),
        (r"Chắn: who wins \(the cái is seat (\d+)\)", "Chắn: ai ù (nhà cái ngồi chỗ {0})"),
        (r"Chắn: who wins \(the cái's seat differs by arm\)", "Chắn: ai ù (chỗ nhà cái khác nhau theo phương án)"),
        (r"Chắn: how often a win calls each cước", "Chắn: ván ù có mỗi cước thường đến đâu"),
        (r"Chắn: cards left in the nọc at the end", "Chắn: số lá còn trong nọc khi hết ván"),
        (r"Chắn: seat (\d+)'s win rate and mean points a game, by arm",
         "Chắn: tỉ lệ ù và điểm trung bình mỗi ván của chỗ {0}, theo phương án"),
        (r"win: probability; points.game: points per game", "ù: xác suất; điểm được mất: điểm mỗi ván"),
    ],
}
"""Chart text in the other languages: ``(regex, template)``, tried before the shared words' catch-all patterns."""

UNITS = {
    "vi": {
        "points per game per seat": "điểm mỗi ván, mỗi ghế",
        "per win": "mỗi ván ù",
        "cards per game": "lá mỗi ván",
        "chắn per hand": "chắn mỗi bài",
        "games per series": "ván mỗi loạt",
        "lèo per hand": "lèo mỗi bài",
        "moves per game": "nước mỗi ván",
        "moves removed per game": "nước bị loại mỗi ván",
        "points per game": "điểm mỗi ván",
        "points per win": "điểm mỗi ván ù",
        "red cards per hand": "lá đỏ mỗi bài",
        "thiên khai per hand": "thiên khai mỗi bài",
        "tôm per hand": "tôm mỗi bài",
        "winning kinds per hand": "loại quân chờ mỗi bài",
    },
}
"""Units (as the game's tasks declare them, in English) in the other languages."""

ARMS = {
    "en": {"no_xuong": "house rule: no win without a cước", "min_2_points": "house rule: a win needs 2 points"},
    "vi": {"no_xuong": "luật làng: không có cước thì không được ù", "min_2_points": "luật làng: ù phải từ 2 điểm"},
}
"""The experiments' arm names in words, by the arm's name (patterns shared by every game are in
``cardodds.vocabulary.report_words.ARMS``)."""

MEASURES = {
    "vi": {
        "the seat wins (ù)": "chỗ này ù",
        "the game is drawn (hòa: the nọc runs out)": "ván hòa (hết nọc, không ai ù)",
        "the seat's net points (a win takes its points from each of the 3 others, a loss pays the winner's, a draw "
        "nothing: the chan.play task's points.game)":
            "điểm ròng của chỗ này (ù thì lấy điểm của bài từ mỗi người trong 3 người còn lại, thua thì trả điểm cho "
            "người ù, hòa thì không ai trả: như điểm mỗi ván của báo cáo)",
    },
}
"""A mid-game position's measures (the position module's ``MEASURES`` texts, in English) in the other languages."""

PAGE = {
    "choices.chan.seat": (
        ["the cái", "after the cái (nhà dưới)", "opposite the cái", "before the cái (nhà trên)"],
        ["nhà cái", "nhà dưới của cái", "nhà đối diện cái", "nhà trên của cái"],
    ),
    "unread_example.chan": ("2V, 3S, 9W, CC or Nhị Vạn", "2V, 3S, 9W, CC hoặc Nhị Vạn"),
    "labels.chan.strategy": ("How you play", "Cách bạn chơi"),
    "auto.chan.seat": ("automatic, by the number of cards", "tự chọn theo số lá"),
    "strategies.chan.basic": ("basic", "cơ bản"),
    "strategies.chan.heuristic": ("careful (keeps cạ, thinks ahead)", "khôn (giữ cạ, tính nước)"),
    "strategies.chan.cuoc": ("hunts big cước", "săn cước lớn"),
    "who.chan": (
        "You sit as {0} and play {1}; the three others play basic.",
        "Bạn ngồi {0}, chơi kiểu {1}; ba nhà kia chơi kiểu cơ bản.",
    ),
    "chan_ca": ("{0} chắn, {1} cạ", "{0} chắn, {1} cạ"),
    "chan_win": ("Chance to win this game", "Cơ hội ù ván này"),
    "form.melds.chan": ("chắn", "chắn"),
    "advise.measures.chan.win": (["Win", "your chance to win (ù)"], ["Ù", "khả năng bạn ù"]),
    "advise.measures.chan.draw": (
        ["Draw", "chance of a draw (the nọc runs out)"],
        ["Hòa", "khả năng hòa (hết nọc, không ai ù)"],
    ),
    "advise.measures.chan.points": (
        ["Points", "your points on average (a win: the three others pay; a loss: you pay the winner)"],
        ["Điểm", "điểm trung bình của bạn (ù: ba nhà trả; thua: trả người ù)"],
    ),
    "advise.rank.chan": (
        ["mean points", "higher is better", "points"],
        ["điểm trung bình", "cao hơn là tốt hơn", "điểm"],
    ),
    "advise.moves.chan.u": ("ù", "ù"),
    "advise.moves.chan.chiu": ("chíu", "chíu"),
    "advise.moves.chan.chan": ("eat a chắn", "ăn chắn"),
    "advise.moves.chan.ca": ("eat a cạ (with {0})", "ăn cạ (với {0})"),
    "advise.moves.chan.draw": ("draw from the nọc", "bốc nọc"),
    "advise.moves.chan.pass": ("pass (dưới)", "dưới (không ăn)"),
    "advise.moves.chan.hoa": ("draw game (the nọc is out)", "hòa (hết nọc)"),
    "advise.moves.chan.skip": ("let the chíu go", "bỏ qua, không chíu"),
    "chan_seat_other": ("a seat that is not the cái", "nhà con"),
}
"""The pages' words for the game (``cardodds.vocabulary.page_words``) by their path on the page, each said in
English, then in Vietnamese."""

WORDS = words_by_id(words_by_language(titles=TITLES, descriptions=DESCRIPTIONS, charts=CHARTS, units=UNITS,
                                      arms=ARMS, measures=MEASURES), page=PAGE)
"""The game's words by language, as ``GameSpec.words`` holds them."""
