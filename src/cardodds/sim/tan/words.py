"""Tấn's words in the report's and the tables' other languages: the game's part of the catalogue
(:mod:`cardodds.vocabulary`), read through ``GameSpec.words``."""

from __future__ import annotations

from cardodds.sim.game_spec import words_by_id, words_by_language

TITLES = {
    "vi": {
        "tan_seats_tuned": "Tấn ở bậc nhanh mạnh nhất: ai bị tấn, theo chỗ ngồi và số người chơi, mọi chỗ chơi tuned",
        "tan_strength_expert": "Tấn, bảng sức mạnh có các bậc tìm kiếm, 2 người, 36 lá (đổi chỗ trên cùng những ván "
        "bài)",
        "tan_strength": "Tấn, bảng sức mạnh, 2 người, 36 lá: mỗi bậc gặp mọi bậc khác (đổi chỗ trên cùng những ván "
        "bài)",
        "tan_strength_2p52": "Tấn, bảng sức mạnh, 2 người, 52 lá: mỗi bậc gặp mọi bậc khác (đổi chỗ trên cùng những "
        "ván bài)",
        "tan_strength_4p52": "Tấn, bảng sức mạnh, 4 người, 52 lá: mỗi bậc gặp mọi bậc khác (đổi chỗ trên cùng những "
        "ván bài)",
        "tan_expert": "Tấn: người chơi chuyên gia so với heuristic (4 người, chỗ 0)",
        "tan_ladder_mixed_expert": "Tấn: basic, heuristic, tuned và chuyên gia chung một bàn (4 người, xoay vòng chỗ)",
        "tan_ladder": "Tấn: các bậc trình độ (mỗi bậc ngồi chỗ 0, gặp ba người chơi heuristic)",
        "tan_ladder_mixed": "Tấn: các bậc trình độ chung một bàn (4 người, xoay vòng chỗ)",
        "tan_mirror": "Tấn, 2 người: mỗi bậc gặp chính mình (tỉ lệ hòa)",
        "tan_podkidnoy": "Tấn so với durak podkidnoy cổ điển (36 lá, chia 6 lá)",
        "tan_rules": "Tấn: các tùy chọn luật và lợi thế của người đánh trước (4 người)",
        "tan_seats": "Tấn: ai bị tấn, theo chỗ ngồi và số người chơi",
        "tan_series": "Tấn: ván lẻ so với loạt 10 ván (cúng chủ, xả, người thắng ván trước đánh trước)",
        "tan_series_choices": "Tấn: các quyết định trong loạt (người thắng đổi 2 chủ, đổi trước khi cúng, xả)",
        "tan_strategies": "Tấn: chiến thuật đấu chiến thuật (4 người)",
        "tan_tune": "Tấn: tinh chỉnh heuristic ở chỗ 0, gặp ba người chơi heuristic",
        "tan_tune_2p36": "Tấn 2 người, 36 lá: tinh chỉnh heuristic ở chỗ 0, gặp người chơi chuẩn classic",
        "tan_tune_2p52": "Tấn 2 người, 52 lá: tinh chỉnh heuristic ở chỗ 0, gặp người chơi chuẩn classic",
        "tan_tune_4p52": "Tấn 4 người, 52 lá: tinh chỉnh heuristic ở chỗ 0, gặp người chơi chuẩn classic",
    },
}
"""Experiment titles (by the experiment's name) in the other languages."""

DESCRIPTIONS = {
    "vi": {
        "tan_seats_tuned": (
            "be6646939546",
            "Như `tan_seats`, nhưng mọi chỗ chơi `tuned` (`heuristic` với các núm chỉnh `cardodds tune` tìm ra; ở "
            "bàn 2 người 36 lá là các núm của `tuned_2p36.toml`) thay cho `basic`: lợi thế của người đánh đầu, tỉ lệ "
            "bị tấn theo chỗ và tỉ lệ hoà ở bậc mạnh nhất chạy được ở quy mô lớn (`tan_strength`: `tuned` ngang "
            "`classic` và hơn mọi bậc nhanh khác). Số liệu của `expert` ở một chỗ nằm trong docs/results.md "
            "(`tan_expert`)."),
        "tan_strength_expert": (
            "0ada33f5e3f9",
            "Luật của tan_strength (2 người, 36 lá, mỗi người 6 lá, không đổi chủ, bốc bài kiểu Nga, không đánh thêm "
            "sau khi lên, đánh tối đa bằng số lá của người đỡ) với các bậc tìm kiếm: pimc (expert trước khi có bộ "
            "giải tàn cuộc), expert và ismcts theo mặc định, gặp tuned và classic. Không nằm trong bộ mặc định: các "
            "bậc tìm kiếm mất vài mili giây mỗi nước."),
        "tan_strength": (
            "6eceb6a45c95",
            "Luật dùng để so với các chương trình Durak công khai (issue 20): 2 người, 36 lá, mỗi người 6 lá, không "
            "đổi chủ, bốc bài theo thứ tự kiểu Nga, không đánh thêm sau khi lên, đánh tối đa bằng số lá của người đỡ. "
            "Mỗi ván bài được chơi hai lần, A ngồi chỗ 0 rồi chỗ 1; điểm = thắng 1, hoà ½, thua 0, với khoảng tin cậy "
            "95 % theo từng cặp ván; hệ số Bradley–Terry theo điểm Elo, tuned = 0. Các bậc tìm kiếm (expert, ismcts) "
            "chậm: bảng của chúng ở docs/strength.md (benchmarks/strength_tan.py)."),
        "tan_strength_2p52": (
            "8bc2d83872cc",
            "Tấn gốc (2 người, 52 lá, mỗi người 8 lá). Mỗi ván bài được chơi hai lần, A ngồi chỗ 0 rồi chỗ 1; điểm = "
            "phe A thắng 1 (một chỗ của B bị tấn), hoà ½, thua 0, với khoảng tin cậy 95 % theo từng cặp ván; hệ số "
            "Bradley–Terry theo điểm Elo, tuned = 0. Các bậc tìm kiếm chậm: số liệu của chúng ở docs/strength.md "
            "(benchmarks/strength_tan.py)."),
        "tan_strength_4p52": (
            "9d9547ce325f",
            "Tấn gốc (4 người, 52 lá, mỗi người 8 lá). A ngồi chỗ 0 và 2, B ngồi chỗ 1 và 3, rồi đổi lại; điểm = phe "
            "A thắng 1 (một chỗ của B bị tấn), hoà ½, thua 0, với khoảng tin cậy 95 % theo từng cặp ván; hệ số "
            "Bradley–Terry theo điểm Elo, tuned = 0. Các bậc tìm kiếm chậm: số liệu của chúng ở docs/strength.md "
            "(benchmarks/strength_tan.py)."),
        "tan_ladder": (
            "907ade60ac0d",
            "Các bậc từ yếu đến mạnh (theo đo đạc): random (đi bất kỳ nước hợp lệ nào), basic (luôn đỡ, chỉ "
            "đánh thêm lá không phải chủ đến J), heuristic (giữ lá chủ và lá cao khi nọc còn, thà lên còn hơn"
            " tiêu lá chủ cao sớm, dồn bài cho người đỡ yếu), beginner (chơi như người chơi thường: luôn đỡ, "
            "đánh thêm bất cứ lá nào hợp, chỉ giữ lá chủ khi nọc còn), tuned (heuristic với các núm chỉnh mà "
            "`cardodds tune configs/tan_tune.toml` tìm ra: không giữ lá chủ, không tự lên, đánh thêm lá chủ "
            "khi nọc còn nhiều nhất 2 lá). Chỉ số để so các bậc: `lose.at_table_seat`, chỗ 0."),
        "tan_mirror": (
            "94937ac9ff94",
            "Hai người chơi cùng một bậc; tỉ lệ hòa là phần các ván mà lượt cuối làm hết bài cả hai người. Vì"
            " sao gặp chính mình lại hay hòa: khi nọc đã hết, một lượt được đỡ làm cả hai mất cùng số lá, và "
            "cả hai cầm 8 lá sau lần bốc cuối trừ khi một người đã lên; nên trừ khi có lượt nào sau đó kết "
            "thúc bằng lên, lượt cuối làm hết bài cả hai cùng lúc. Trong 3,000 ván mỗi bậc chơi với chính "
            "mình, số ván hòa không có lần lên nào sau lần bốc cuối (tests/test_ladder.py đếm): basic 731 "
            "trên 731, beginner 303 trên 309, heuristic 383 trên 392. Ép đối thủ phải lên cần biết bài đối thủ"
            " - với 2 người và nọc đã hết, đó chính là các lá chưa thấy - và các bậc đó không đếm bài; tuned "
            "thì có đếm (các núm cho bàn 2 người, 52 lá, tuned_2p52.toml, đếm các lá chưa thấy khi nọc đã hết),"
            " nên hòa ít hơn, và 66 trên 72 ván hòa của nó trong 1,500 ván không có lần lên; basic còn không "
            "bao giờ đánh thêm lá chủ hay lá trên J, nên hòa nhiều "
            "nhất. Một ván như vậy: `cardodds replay tan --seed 6 --config configs/tan_mirror.toml` (tuned "
            "gặp tuned): nọc hết ở lượt 15, các lượt 16 đến 21 đều được đỡ, và hai lá cuối cùng rơi cùng lúc."),
        "tan_ladder_mixed": (
            "5ac29ddc5816",
            "basic, beginner, heuristic và tuned cùng một bàn; phương án “xoay k chỗ” xếp bậc i vào chỗ ngồi"
            " (i + k) mod 4, nên qua bốn phương án mỗi bậc ngồi mọi chỗ trên cùng những ván bài. So các bậc theo"
            " tỉ lệ bị tấn theo chỗ ngồi trong bàn (`lose.at_table_seat`)."),
        "tan_podkidnoy": (
            "08c23153aa44",
            "4 người chơi, mọi chỗ chơi chiến thuật basic; chỗ tính từ người đánh trước (chỗ 0). Các phương án: "
            "Tấn theo bản gốc; podkidnoy cổ điển: 36 lá, chia 6 lá, thứ tự bốc kiểu Nga (người đánh, những "
            "người khác, người đỡ), đánh thêm sau khi lên, nhiều nhất 6 lá đánh, người có lá chủ nhỏ nhất đi "
            "trước, không đổi lá chủ."),
        "tan_rules": (
            "272718512104",
            "Luật mặc định (theo bản gốc: bốc theo thứ tự người đánh → người đỡ → những người khác, đổi lá "
            "chủ bằng bất kỳ lá chủ nhỏ hơn nào) so với từng tùy chọn thay đổi một; mọi chỗ chơi basic."),
        "tan_seats": (
            "3ea37ce43597",
            "52 lá, chia 8 lá, chủ theo lá lật; mọi chỗ chơi chiến thuật basic. Chỗ 0 là người đánh trước "
            "(chọn ngẫu nhiên mỗi ván)."),
        "tan_series": (
            "912a4e02ebae",
            "4 người chơi, mọi chỗ chơi basic. Các loạt được chơi từng ván bằng engine tham chiếu (khoảng 1.5"
            " ms một ván, chậm hơn engine lô chơi các ván lẻ). So lose.after_losing (người thua ván trước lại"
            " thua; với ván lẻ, ván trước là một ván độc lập) và lose theo chỗ (chỗ 0 đánh trước: trong một "
            "loạt, đó là người thắng ván trước). series.cung_chu: số lá chủ cúng mỗi ván sau một ván khác."),
        "tan_series_choices": (
            "813eb6d33ec8",
            "4 người chơi, loạt 10 ván có đổi 2 chủ, mọi chỗ chơi basic. Các phương án: mặc định (người thắng ván trước"
            " đổi 2 chủ khi có, người thua cúng trước rồi mới đổi, ai được xả thì xả); người thắng không bao giờ "
            "đổi; người thua đổi trước; không ai xả. Các loạt được chơi bằng engine tham chiếu (khoảng 1.5 ms một "
            "ván)."),
        "tan_strategies": (
            "de6103453e34",
            "Số chỗ ở đây là chỗ ngồi trong bàn (`lose.at_table_seat`): các phương án chỉ khác nhau ở người chơi "
            "heuristic (giữ lá chủ và lá cao khi nọc còn, lên khi đỡ quá tốn, dồn bài cho người đỡ yếu); "
            "những người khác chơi basic."),
    },
}
"""Experiment descriptions in the other languages, by the experiment's name: ``(fingerprint, text)``
(see ``cardodds.analysis.i18n.description``)."""

CHARTS = {
    "vi": [
        (r"probability of losing", "xác suất bị tấn"),
        (r"probability of a draw", "xác suất hòa"),
        (r"Tấn", "Tấn"),
        (r"Tấn, (\d+) players", "Tấn, {0} người"),
        (r"(Tấn(?:, \d+ players)?): who loses \(seat 0 attacks first\)", "{0}: ai bị tấn (chỗ 0 đánh trước)"),
        (r"(Tấn(?:, \d+ players)?): loss rate by trumps in the opening hand",
         "{0}: tỉ lệ bị tấn theo số lá chủ lúc chia"),
        (r"(Tấn(?:, \d+ players)?): who loses, by table seat \(strategies sit at table seats\)",
         "{0}: ai bị tấn, theo chỗ ngồi (chiến thuật gắn với chỗ ngồi)"),
        (r"Tấn, (\d+) players, against (.+):\na rung's chance to lose by its seat \(seat 0 attacks first\)",
         "Tấn, {0} người, gặp {1}:\nxác suất bị tấn của mỗi bậc theo chỗ (chỗ 0 đánh trước)"),
        (r"Tấn, (\d+) players: draw rate, each rung against (.+)", "Tấn, {0} người: tỉ lệ hòa, mỗi bậc gặp {1}"),
        (r"Tấn, (\d+) players, one rung per seat \(rotated\):\na rung's chance to lose by its table seat",
         "Tấn, {0} người, mỗi chỗ một bậc (xoay vòng):\nxác suất bị tấn của mỗi bậc theo chỗ ngồi"),
        (r"Tấn: chance to lose by seat \(seat 0 attacks first\) and players",
         "Tấn: xác suất bị tấn theo chỗ (chỗ 0 đánh trước) và số người"),
    ],
}
"""Chart text in the other languages: ``(regex, template)``, tried before the shared words' catch-all patterns."""

UNITS = {
    "vi": {
        "per game after a loss": "mỗi ván sau ván thua",
        "per game after the first of a series": "mỗi ván sau ván đầu của loạt",
        "per game after a game with a first finisher": "mỗi ván sau một ván có người về nhất",
        "per hand dealt k aces": "mỗi bài có k lá A",
        "per hand dealt k cards J–A": "mỗi bài có k lá J–A",
        "per hand dealt k trumps": "mỗi bài có k lá chủ",
        "per seat and game": "mỗi chỗ mỗi ván",
        "bouts per game": "lượt mỗi ván",
        "pick-ups per game": "lần lên mỗi ván",
        "xả per game after the first of a series": "lần xả mỗi ván sau ván đầu của loạt",
    },
}
"""Units (as the game's tasks declare them, in English) in the other languages."""

ARMS = {
    "en": {"all_basic": "all basic", "default": "default rules", "russian_refill": "Russian refill order",
           "doi_2_chu": "đổi 2 chủ (only the 2 of trumps exchanges)", "no_exchange": "no trump exchange",
           "max_6_attack": "at most 6 attack cards", "tan_52_8": "Tấn: 52 cards, 8 each",
           "podkidnoy_36_6": "podkidnoy: 36 cards, 6 each"},
    "vi": {"all_basic": "cả bàn basic", "default": "luật mặc định", "russian_refill": "bốc bài kiểu Nga",
           "doi_2_chu": "đổi 2 chủ", "no_exchange": "không đổi lá chủ", "max_6_attack": "đánh nhiều nhất 6 lá",
           "tan_52_8": "Tấn: 52 lá, chia 8", "podkidnoy_36_6": "podkidnoy: 36 lá, chia 6"},
}
"""The experiments' arm names in words, by the arm's name (patterns shared by every game are in
``cardodds.vocabulary.report_words.ARMS``)."""

ARM_PATTERNS = {
    "en": [(r"mixed_(\d+)", "seats rotated by {0}")],
    "vi": [(r"mixed_(\d+)", "xoay {0} chỗ")],
}
"""Arm names in words by pattern: ``(regex, template)``."""

MEASURES = {
    "vi": {
        "chance to lose (left holding cards at the end)": "khả năng thua (còn bài trên tay khi hết ván)",
        "chance of a draw (the last bout empties every hand)": "khả năng hòa (lượt cuối làm hết bài của mọi người)",
    },
}
"""A mid-game position's measures (the position module's ``MEASURES`` texts, in English) in the other languages."""

PAGE = {
    "choices.tan.seat.first": ("attack first", "đánh trước"),
    "choices.tan.seat.second": ("defend first", "bị tấn trước (nhà dưới)"),
    "choices.tan.seat.last": ("sit before the first attacker", "nhà trên của người đánh trước"),
    "choices.tan.seat.nth": ("play {0}th in turn", "thứ {0} theo lượt"),
    "labels.tan.trump": ("Trump suit", "Chất chủ (chủ bài)"),
    "choices.tan.trump.h": ("♥ hearts", "♥ cơ"),
    "choices.tan.trump.d": ("♦ diamonds", "♦ rô"),
    "choices.tan.trump.c": ("♣ clubs", "♣ chuồn"),
    "choices.tan.trump.s": ("♠ spades", "♠ bích"),
    "labels.tan.deck": ("Deck", "Bộ bài"),
    "choices.tan.deck.36": ("36 cards (from 6), 6 dealt", "36 lá (từ 6), chia 6"),
    "choices.tan.deck.52": ("52 cards, 8 dealt", "52 lá, chia 8"),
    "unread_example.tan": ("10h, T♥, Qd, A♣", "10h, T♥, Qd, A♣"),
    "labels.tan.strategy": ("Strength of the table", "Trình độ cả bàn"),
    "strategies.tan.basic": ("weak: covers, adds low cards only", "yếu: luôn đỡ, chỉ tấn thêm lá nhỏ"),
    "strategies.tan.heuristic": ("fair: saves trumps and high cards", "khá: giữ chủ và lá cao khi nọc còn"),
    "strategies.tan.beginner": ("casual: covers, adds any match", "thường: luôn đỡ, thêm mọi lá hợp"),
    "strategies.tan.tuned": ("strongest (tuned)", "mạnh nhất (đã tinh chỉnh)"),
    "who.tan": (  # the form's fields: trump, deck, players, seat, strategy
        "{2} players, you {3}; you and the {2-1} others all play: {4}.",
        "Bàn {2} người, bạn {3}; {2-1} đối thủ và bạn đều chơi ở trình độ: {4}.",
    ),
    "tan_hand": ("{0} — trump {1}, {2} players, you {3}", "{0} — chủ {1}, {2} người, bạn {3}"),
    "tan_lose": ("Chance to lose (be the tấn)", "Khả năng bị tấn (thua ván)"),
    "tan_draw": ("Draw (nobody loses)", "Hòa (không ai thua)"),
    "advise.measures.tan.lose": (["Lose", "chance to lose"], ["Thua", "khả năng thua"]),
    "advise.measures.tan.draw": (["Draw", "chance of a draw (nobody loses)"], ["Hòa", "khả năng hòa (không ai thua)"]),
    "advise.rank.tan": (
        ["the chance to lose", "lower is better", "% points"],
        ["khả năng thua", "thấp hơn là tốt hơn", "điểm %"],
    ),
    "advise.moves.tan.pass": ("add nothing", "không tấn thêm"),
    "advise.moves.tan.take": ("take the table (lên)", "lên (nhặt bài trên bàn)"),
}
"""The pages' words for the game (``cardodds.vocabulary.page_words``) by their path on the page, each said in
English, then in Vietnamese."""

WORDS = words_by_id(words_by_language(titles=TITLES, descriptions=DESCRIPTIONS, charts=CHARTS, units=UNITS,
                                      arms=ARMS, arm_patterns=ARM_PATTERNS, measures=MEASURES), page=PAGE)
"""The game's words by language, as ``GameSpec.words`` holds them."""
