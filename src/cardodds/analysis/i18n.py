"""The report's words in each language: one dict per language, and the language a report is being written in.

English is the default.  ``--lang vi`` writes the report, its answers, its units and its charts' text in Vietnamese,
with the games' own terms.  The metrics' labels are declared by each task (``Task.label_of``), not here.

A text with no translation is a programming error: :func:`text`, :func:`unit` and :func:`chart` raise ``KeyError``
naming it, so a new report string, unit or chart title is added here in every language.
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import re
from collections.abc import Callable, Iterator

LANGUAGES = ("en", "vi")

TEXT = {
    "en": {
        "report_title": "cardodds report", "quick": " (quick)", "contents": "Contents", "run": "Run",
        "headline": "Headline", "no_headline": "No headline rows.", "answers": "In short",
        "rules": "Rules", "defaults": "Defaults.", "strategies": "Strategies", "none": "None.",
        "results": "Results", "no_rows": "No rows.", "all_rows": "All rows, with their codes (distributions included)",
        "item": "item", "value": "value", "option": "option", "strategy": "strategy",
        "experiment": "experiment", "arm": "arm", "what": "what", "metric": "metric (code)", "seat": "seat",
        "unit": "unit", "estimate": "estimate", "ci": "95 % CI", "exact": "exact", "z": "z", "n": "n",
        "games_line": "Games: {games} · seed: {seed} · run time: {time}",
        "at_table": "At the table", "players_all": "{n} {label} players", "players_each": "{n} players, each: {label}",
        "seat_one": "seat {seats}", "seat_many": "seats {seats}", "baseline": "baseline",
        "rules_note": "Every rule, option and default is stated in the project's rules document, {doc}{where}, in the "
                      "cardodds repository; an option not listed here takes its default.",
        "rules_where": ', section "{section}"',
        "estimates_note": "Estimates are shown with 4 significant digits; 95 % CI is a Wilson interval for proportions "
                          "and a normal interval for means; z = (estimate − exact) / SE (SE at the exact value for "
                          "proportions).",
        "one_in": "1 in {n}", "answer_seat": "seat {seat}",
        "answer_exact": "{value} (exact)", "answer_simulated": "simulated {value}",
        "answer_none": "no case yet (n = 0)",
        "paired": "Paired differences against the baseline (same deals)",
        "diff_head": ["arm", "baseline", "what", "seat", "unit", "difference", "95 % CI (paired)", "p-value",
                      "× narrower than unpaired"],
        "this_run": "This report's run: {timing}.", "timing": "{games} games: {computed} computed now in {time}",
        "timing_reused": ", {reused} reused from chunks computed earlier",
        "computed_now": "{computed} in {time}", "reused": "{reused} (from chunks computed by earlier runs)", "arms": "Arms", "unset": "unset",
        "best_max": "Highest “{metric}”{seat}: arm {best} ({value}), ahead of {runner_up} by {margin} (paired 95 % CI "
                    "[{lo}, {hi}], p = {p}){verdict}.",
        "best_min": "Lowest “{metric}”{seat}: arm {best} ({value}), ahead of {runner_up} by {margin} (paired 95 % CI "
                    "[{lo}, {hi}], p = {p}){verdict}.",
        "not_significant": " — not a significant margin at the 5 % level",
        "tied": " — tied: {best} and {runner_up} played these deals identically",
        "meta": {"date": "date (UTC)", "version": "cardodds version", "numpy": "numpy version", "seeds": "seed(s)",
                 "bit_generator": "bit generator", "jobs": "jobs", "games": "total games", "seconds": "run time"},
    },
    "vi": {
        "report_title": "Báo cáo cardodds", "quick": " (chạy nhanh)", "contents": "Mục lục", "run": "Lần chạy",
        "headline": "Kết quả chính", "no_headline": "Không có dòng kết quả chính.", "answers": "Tóm lại",
        "rules": "Luật chơi", "defaults": "Luật mặc định.", "strategies": "Chiến thuật", "none": "Không có.",
        "results": "Kết quả", "no_rows": "Không có dòng nào.", "all_rows": "Mọi dòng, kèm mã (cả các phân phối)",
        "item": "mục", "value": "giá trị", "option": "tùy chọn", "strategy": "chiến thuật",
        "experiment": "thí nghiệm", "arm": "nhánh", "what": "nội dung", "metric": "chỉ số (mã)", "seat": "chỗ",
        "unit": "đơn vị", "estimate": "ước lượng", "ci": "KTC 95 %", "exact": "chính xác", "z": "z", "n": "n",
        "games_line": "Số ván: {games} · hạt giống: {seed} · thời gian chạy: {time}",
        "at_table": "Người chơi trong bàn", "players_all": "{n} người chơi {label}",
        "players_each": "{n} người chơi, mỗi người: {label}",
        "seat_one": "chỗ {seats}", "seat_many": "chỗ {seats}", "baseline": "nhánh gốc",
        "rules_note": "Mọi luật, tùy chọn và giá trị mặc định được ghi trong tài liệu luật chơi của dự án, {doc}{where}, "
                      "trong kho mã cardodds; tùy chọn không liệt kê ở đây lấy giá trị mặc định.",
        "rules_where": ', mục "{section}"',
        "estimates_note": "Ước lượng ghi với 4 chữ số có nghĩa; KTC 95 % là khoảng Wilson cho tỉ lệ và khoảng chuẩn "
                          "cho trung bình; z = (ước lượng − chính xác) / SE (SE tại giá trị chính xác với tỉ lệ).",
        "one_in": "1 trên {n}", "answer_seat": "chỗ {seat}",
        "answer_exact": "{value} (chính xác)", "answer_simulated": "mô phỏng {value}",
        "answer_none": "chưa có trường hợp nào (n = 0)",
        "paired": "Chênh lệch từng cặp so với nhánh gốc (cùng ván bài)",
        "diff_head": ["nhánh", "nhánh gốc", "nội dung", "chỗ", "đơn vị", "chênh lệch", "KTC 95 % (theo cặp)",
                      "giá trị p", "× hẹp hơn khi không ghép cặp"],
        "this_run": "Lần chạy của báo cáo này: {timing}.", "timing": "{games} ván: {computed} ván tính lần này trong {time}",
        "timing_reused": ", {reused} ván dùng lại từ các phần đã tính trước đó",
        "computed_now": "{computed} trong {time}", "reused": "{reused} (từ các phần đã tính ở lần chạy trước)", "arms": "Các nhánh", "unset": "bỏ đặt",
        "best_max": "Cao nhất về “{metric}”{seat}: nhánh {best} ({value}), hơn {runner_up} {margin} (KTC 95 % theo cặp "
                    "[{lo}, {hi}], p = {p}){verdict}.",
        "best_min": "Thấp nhất về “{metric}”{seat}: nhánh {best} ({value}), hơn {runner_up} {margin} (KTC 95 % theo cặp "
                    "[{lo}, {hi}], p = {p}){verdict}.",
        "not_significant": " — chênh lệch không có ý nghĩa thống kê ở mức 5 %",
        "tied": " — ngang nhau: {best} và {runner_up} chơi những ván này y hệt nhau",
        "meta": {"date": "ngày (UTC)", "version": "phiên bản cardodds", "numpy": "phiên bản numpy",
                 "seeds": "hạt giống", "bit_generator": "bộ sinh bit", "jobs": "số tiến trình", "games": "tổng số ván",
                 "seconds": "thời gian chạy", "command": "lệnh", "config": "tệp cấu hình",
                 "games computed now": "số ván tính lần này", "games reused": "số ván dùng lại"},
    },
}
"""The report's fixed text, by language."""

UNITS = {
    "vi": {
        "per game": "mỗi ván", "per hand": "mỗi bài", "per table": "mỗi bàn", "per win": "mỗi ván ù",
        "per declared Sâm": "mỗi lần báo Sâm", "per game after a loss": "mỗi ván sau ván thua",
        "per game after the first of a series": "mỗi ván sau ván đầu của loạt",
        "per game after a game with a first finisher": "mỗi ván sau một ván có người về nhất",
        "per hand dealt k aces": "mỗi bài có k lá A", "per hand dealt k cards J–A": "mỗi bài có k lá J–A",
        "per hand dealt k trumps": "mỗi bài có k lá chủ", "per seat and game": "mỗi chỗ mỗi ván",
        "bouts per game": "lượt mỗi ván", "cards per game": "lá mỗi ván", "chops per game": "lần chặt mỗi ván",
        "chắn per hand": "chắn mỗi bài", "cược per game": "cược mỗi ván", "games per series": "ván mỗi loạt",
        "hands per table": "bài mỗi bàn", "lèo per hand": "lèo mỗi bài", "moves per game": "nước mỗi ván",
        "moves removed per game": "nước bị loại mỗi ván", "pick-ups per game": "lần lên mỗi ván",
        "plays per game": "lượt đánh mỗi ván", "points per game": "điểm mỗi ván", "points per win": "điểm mỗi ván ù",
        "red cards per hand": "lá đỏ mỗi bài", "thiên khai per hand": "thiên khai mỗi bài",
        "tôm per hand": "tôm mỗi bài", "winning kinds per hand": "loại quân chờ mỗi bài",
        "xả per game after the first of a series": "lần xả mỗi ván sau ván đầu của loạt",
        "per coin": "mỗi lần tung",
        "share of the oracle's gain in cược per game": "phần lợi (cược mỗi ván) của người biết trước",
    },
}
"""Units (as the tasks declare them, in English) in the other languages."""

TITLES = {
    "vi": {
        "chan_deal": "Chắn: ván bài vừa chia — Thiên ù và bài trên tay",
        "chan_players": "Chắn: đánh theo cước có lợi không? basic, heuristic, người tìm cước và tuned ở chỗ 0 gặp ba người chơi basic",
        "chan_expert": "Chắn: người chơi chuyên gia so với tuned ở chỗ 0 (nhà cái), gặp ba người chơi basic",
        "chan_tune": "Chắn: tinh chỉnh người tìm cước ở chỗ 0 (nhà cái), gặp ba người chơi basic",
        "chan_play": "Chắn: chơi trọn ván — ù, hòa, cước, một chiến thuật và một luật làng",
        "sam_deal": "Sâm: tới trắng ngay khi chia, theo số người chơi",
        "sam_declare": "Sâm: khi nào nên báo — không bao giờ, ngưỡng ngây thơ, người báo bayes theo biên, và người biết trước",
        "sam_odds": "Sâm: bài vừa chia báo Sâm thành công thường đến đâu, theo số người chơi",
        "tan_expert": "Tấn: người chơi chuyên gia so với heuristic (4 người, chỗ 0)",
        "tan_ladder_mixed_expert": "Tấn: basic, heuristic, tuned và chuyên gia chung một bàn (4 người, xoay vòng chỗ)",
        "sam_oracle": "Sâm: người báo Sâm biết trước (cận trên) so với không bao giờ báo và báo theo ngưỡng",
        "sam_players": "Sâm: kết cục và tiền được mất theo số người chơi",
        "sam_ladder": "Sâm: bậc thang sức chơi (mỗi bậc ngồi chỗ 0, gặp ba người chơi control)",
        "tan_ladder": "Tấn: bậc thang sức chơi (mỗi bậc ngồi chỗ 0, gặp ba người chơi heuristic)",
        "tan_ladder_mixed": "Tấn: bậc thang sức chơi chung một bàn (4 người, xoay vòng chỗ)",
        "tan_mirror": "Tấn, 2 người: mỗi bậc gặp chính mình (tỉ lệ hòa)",
        "tan_podkidnoy": "Tấn so với durak podkidnoy cổ điển (36 lá, chia 6 lá)",
        "tan_rules": "Tấn: các tùy chọn luật và lợi thế của người đánh trước (4 người)",
        "tan_seats": "Tấn: ai bị tấn, theo chỗ ngồi và số người chơi",
        "tan_series": "Tấn: ván lẻ so với loạt 10 ván (cúng chủ, xả, người thắng ván trước đánh trước)",
        "tan_series_choices": "Tấn: các quyết định trong loạt (người thắng đổi 2 chủ, đổi trước khi cúng, xả)",
        "tan_strategies": "Tấn: chiến thuật đấu chiến thuật (4 người)",
        "tan_tune": "Tấn: tinh chỉnh heuristic ở chỗ 0, gặp ba người chơi heuristic",
        "tan_tune_2p36": "Tấn 2 người, 36 lá: tinh chỉnh heuristic ở chỗ 0, gặp người chơi chuẩn classic",
    },
}
"""Experiment titles (by the experiment's name) in the other languages; the config's own title otherwise."""

DESCRIPTIONS = {
    "vi": {
        "chan_deal": (
            "8e04fe73459a",
            "Chia trọn bàn (nhà cái 20 lá ở chỗ 0, 19 lá cho các chỗ 1–3, 23 lá trong nọc); đo mọi bài vừa "
            "chia."),
        "chan_play": (
            "4501c6ef82a6",
            "Bốn người chơi, nhà cái (20 lá, đi trước) ở chỗ 0. Nhánh gốc: mọi chỗ chơi basic. Các nhánh: chỗ"
            " 0 chơi heuristic (giữ bài chờ rộng, đếm các lá chưa thấy); luật làng min_points_to_win = "
            '"no_xuong" (bài không có cước thì không được ù); và min_points_to_win = 2.'),
        "chan_players": (
            "1691d09100f7",
            "Bốn người chơi, nhà cái (20 lá, đi trước) ngồi chỗ 0; chỗ 1–3 chơi basic. Các nhánh: chỗ 0 chơi basic"
            " (gốc), heuristic (giữ cửa chờ rộng nhất), người tìm cước 'cuoc' (cân mỗi cửa chờ theo điểm cước"
            " ván ù sẽ có: Bạch thủ, Tám đỏ, Lèo… theo bảng điểm của luật; bỏ lá đen trước lá đỏ), hoặc 'tuned'"
            " (người tìm cước với các núm chỉnh mà cardodds tune tìm ra cho bàn này, src/cardodds/sim/chan/tuned.toml). Điểm mỗi ván:"
            " người ù lấy điểm của bài từ mỗi người trong ba người còn lại."),
        "chan_expert": (
            "62df8defb64c",
            "Bốn người chơi, nhà cái (20 lá, đi trước) ngồi chỗ 0; chỗ 1–3 chơi basic. Các nhánh: chỗ 0 chơi tuned"
            " (gốc: người tìm cước với các núm chỉnh mà cardodds tune tìm ra), hoặc người chơi chuyên gia (ở mỗi"
            " nước có hơn một nước hợp lệ: chia lại 16 lần các lá nó không thấy, đánh thử mọi nước hợp lệ đến hết"
            " ván với người chơi rollout ở mọi chỗ; giữ nước của tuned trừ khi điểm trung bình của một nước khác"
            " hơn nước ấy quá z sai số chuẩn theo cặp trên các lần chia đó). Điểm mỗi ván: người ù lấy điểm của"
            " bài từ mỗi người trong ba người còn lại."),
        "sam_deal": (
            "b4904745ca9e",
            "Bàn 2–5 người, mỗi người được chia 10 lá; mọi bài được xét tới trắng (sảnh rồng > tứ quý 2 > "
            "đồng hoa > 3 sám > 5 đôi)."),
        "sam_declare": (
            "9d579c724824",
            "Bốn người chơi; chỗ 0 báo Sâm theo cách của từng nhánh; các đối thủ chơi heuristic control và luôn"
            " chặn Sâm khi có thể. Mọi nhánh chơi cùng những ván bài."),
        "sam_odds": (
            "2bcb8fd56ca1",
            "Mỗi bàn xét bài của một nhà; xác suất báo Sâm thành công trước 1–4 người chặn được ước lượng chỉ từ bài"
            " của nhà đó (256 lần chia ngẫu nhiên các lá chưa thấy; cách đánh tốt nhất chọn trên một nửa, đo trên"
            " nửa kia). Với cách trả tiền mặc định, báo Sâm hòa vốn ở xác suất 1/2."),
        "sam_oracle": (
            "6f90a3b7c2bd",
            "Bốn người chơi; các đối thủ chơi control và luôn chặn Sâm. Mọi nhánh chơi cùng những ván bài."),
        "sam_ladder": (
            "7a70e32e5bf6",
            "Các bậc từ yếu đến mạnh (theo đo đạc): random (đi bất kỳ nước hợp lệ nào), greedy (đánh bộ dài và lá"
            " nhỏ trước, chặn mỗi khi có thể), control (giữ heo và tứ quý để kiểm soát, chặn người báo 1), expert"
            " (tìm kiếm: chia ngẫu nhiên 32 lần các lá chưa thấy, chơi thử tới 6 nước ứng viên với control ở mọi"
            " chỗ, giữ nước được nhiều cược nhất). Không ai báo Sâm. Chỉ số để so các bậc: cuoc.mean, chỗ 0"
            " (chênh lệch ghép cặp so với control_vs_control)."),
        "sam_players": (
            "fd43944ed18f",
            "2–5 người chơi, mọi chỗ chơi heuristic control và báo Sâm khi sức bài ≥ 0.75."),
        "tan_ladder": (
            "907ade60ac0d",
            "Các bậc từ yếu đến mạnh (theo đo đạc): random (đi bất kỳ nước hợp lệ nào), basic (luôn đỡ, chỉ "
            "đánh thêm lá không phải chủ đến J), heuristic (giữ lá chủ và lá cao khi nọc còn, thà lên còn hơn"
            " tiêu lá chủ cao sớm, dồn bài cho người đỡ yếu), beginner (chơi như người chơi thường: luôn đỡ, "
            "đánh thêm bất cứ lá nào hợp, chỉ giữ lá chủ khi nọc còn), tuned (heuristic với các núm chỉnh mà "
            "`cardodds tune configs/tan_tune.toml` tìm ra: không giữ lá chủ, không tự lên, đánh thêm lá chủ "
            "khi nọc còn nhiều nhất 2 lá). Chỉ số để so các bậc: lose.at_table_seat, chỗ 0."),
        "tan_mirror": (
            "4cb9df6af79f",
            "Hai người chơi cùng một bậc; tỉ lệ hòa là phần các ván mà lượt cuối làm hết bài cả hai người. Vì"
            " sao gặp chính mình lại hay hòa: khi nọc đã hết, một lượt được đỡ làm cả hai mất cùng số lá, và "
            "cả hai cầm 8 lá sau lần bốc cuối trừ khi một người đã lên; nên trừ khi có lượt nào sau đó kết "
            "thúc bằng lên, lượt cuối làm hết bài cả hai cùng lúc. Trong 3,000 ván mỗi bậc chơi với chính "
            "mình, số ván hòa không có lần lên nào sau lần bốc cuối (tests/test_ladder.py đếm): basic 731 "
            "trên 731, beginner 303 trên 309, heuristic 383 trên 392, tuned 222 trên 227. Ép đối thủ phải lên"
            " cần biết bài đối thủ - với 2 người và nọc đã hết, đó chính là các lá chưa thấy - và các bậc "
            "chạy nhanh không đếm bài; basic còn không bao giờ đánh thêm lá chủ hay lá trên J, nên hòa nhiều "
            "nhất. Một ván như vậy: `cardodds replay tan --seed 6 --config configs/tan_mirror.toml` (tuned "
            "gặp tuned): nọc hết ở lượt 15, các lượt 16 đến 21 đều được đỡ, và hai lá cuối cùng rơi cùng lúc."),
        "tan_ladder_mixed": (
            "5ac29ddc5816",
            "basic, beginner, heuristic và tuned cùng một bàn; nhánh mixed_k xếp bậc i vào chỗ ngồi (i + k) "
            "mod 4, nên qua bốn nhánh mỗi bậc ngồi mọi chỗ trên cùng những ván bài. So các bậc theo "
            "lose.at_table_seat."),
        "tan_podkidnoy": (
            "08c23153aa44",
            "4 người chơi, mọi chỗ chơi chiến thuật basic; chỗ tính từ người đánh trước (chỗ 0). Các nhánh: "
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
            "4 người chơi, loạt 10 ván có đổi 2 chủ, mọi chỗ chơi basic. Các nhánh: mặc định (người thắng ván trước"
            " đổi 2 chủ khi có, người thua cúng trước rồi mới đổi, ai được xả thì xả); người thắng không bao giờ "
            "đổi; người thua đổi trước; không ai xả. Các loạt được chơi bằng engine tham chiếu (khoảng 1.5 ms một "
            "ván)."),
        "tan_strategies": (
            "de6103453e34",
            "Số chỗ ở đây là chỗ ngồi trong bàn (lose.at_table_seat): các nhánh chỉ khác nhau ở người chơi "
            "heuristic (giữ lá chủ và lá cao khi nọc còn, lên khi đỡ quá tốn, dồn bài cho người đỡ yếu); "
            "những người khác chơi basic."),
    },
}
"""Experiment descriptions in the other languages, by the experiment's name: ``(fingerprint, text)``, where the
fingerprint (:func:`fingerprint`) is that of the config's English description the text translates.  When the config's
description changes, the translation is out of date and the config's own text is shown (``tests/test_labels.py``
finds every such translation in configs/)."""

CHARTS = {
    "vi": [
        (r"probability", "xác suất"), (r"probability of losing", "xác suất bị tấn"),
        (r"probability of a draw", "xác suất hòa"), (r"share of wins", "tỉ lệ trong các ván ù"),
        (r"cards", "số lá"), (r"estimate", "ước lượng"), (r"estimate \(95 % CI\)", "ước lượng (KTC 95 %)"), (r"games played", "số ván đã chơi"),
        (r"exact", "chính xác"), (r"95 % Wilson interval", "khoảng Wilson 95 %"), (r"arm", "nhánh"),
        (r"table", "cả bàn"), (r"seat (\d+)", "chỗ {0}"), (r"table seat (\d+)", "chỗ ngồi {0}"),
        (r"any seat", "mọi chỗ"), (r"every seat", "mọi chỗ"), (r"(\d+) players", "{0} người"),
        (r"Chắn count of a dealt hand: simulated vs exact", "Số chắn trong bài vừa chia: mô phỏng và chính xác"),
        (r"Thiên ù: estimate as games accumulate", "Thiên ù: ước lượng theo số ván"),
        (r"Thiên ù in full games: estimate as games accumulate", "Thiên ù khi chơi trọn ván: ước lượng theo số ván"),
        (r"Chắn: who wins \(the cái is seat (\d+)\)", "Chắn: ai ù (nhà cái ngồi chỗ {0})"),
        (r"Chắn: who wins \(the cái's seat differs by arm\)", "Chắn: ai ù (chỗ nhà cái khác nhau theo nhánh)"),
        (r"Chắn: how often a win calls each cước", "Chắn: ván ù có mỗi cước thường đến đâu"),
        (r"Chắn: cards left in the nọc at the end", "Chắn: số lá còn trong nọc khi hết ván"),
        (r"Tấn", "Tấn"), (r"Tấn, (\d+) players", "Tấn, {0} người"),
        (r"(Tấn(?:, \d+ players)?): who loses \(seat 0 attacks first\)", "{0}: ai bị tấn (chỗ 0 đánh trước)"),
        (r"(Tấn(?:, \d+ players)?): loss rate by trumps in the opening hand",
         "{0}: tỉ lệ bị tấn theo số lá chủ lúc chia"),
        (r"(Tấn(?:, \d+ players)?): who loses, by table seat \(strategies sit at table seats\)",
         "{0}: ai bị tấn, theo chỗ ngồi (chiến thuật gắn với chỗ ngồi)"),
        (r"Tấn, (\d+) players, against (.+):\na rung's chance to lose by its seat \(seat 0 attacks first\)",
         "Tấn, {0} người, gặp {1}:\nxác suất bị tấn của mỗi bậc theo chỗ (chỗ 0 đánh trước)"),
        (r"Tấn, (\d+) players: draw rate, each rung against (.+)", "Tấn, {0} người: tỉ lệ hòa, mỗi bậc gặp {1}"),
        (r"Sâm: how often a dealt hand's Sâm succeeds with chance ≥ k/10",
         "Sâm: bài vừa chia báo Sâm thành công với xác suất ≥ k/10 thường đến đâu"),
        (r"k: estimated P\(a declared Sâm succeeds against blockers\) ≥ k/10",
         "k: xác suất ước lượng báo Sâm thành công trước người chặn ≥ k/10"),
        (r"share of dealt hands", "tỉ lệ trong các bài vừa chia"),
        (r"Chắn: seat (\d+)'s win rate and mean points a game, by arm",
         "Chắn: tỉ lệ ù và điểm trung bình mỗi ván của chỗ {0}, theo nhánh"),
        (r"win: probability; points.game: points per game", "ù: xác suất; points.game: điểm mỗi ván"),
        (r"Sâm: seat (\d+)'s win rate and mean cược a game, by its player",
         "Sâm: tỉ lệ thắng và cược trung bình mỗi ván của chỗ {0}, theo người chơi"),
        (r"win: probability; cuoc.mean: cược per game", "thắng: xác suất; cuoc.mean: cược mỗi ván"),
        (r"Sâm: seat (\d+)'s declared Sâms by the hand's own chance of success",
         "Sâm: các lần báo Sâm của chỗ {0} theo xác suất thành công tự ước lượng"),
        (r"k: own-hand P\(success\) in \[k/10, \(k\+1\)/10\) \(the bayes estimate\)",
         "k: xác suất thành công tự ước lượng trong [k/10, (k+1)/10) (ước lượng bayes)"),
        (r"share of seat (\d+)'s declared Sâms", "tỉ lệ trong các lần báo Sâm của chỗ {0}"),
        (r"itself", "chính mình"), (r"each other rung", "từng bậc khác"), (r"(\d+) (\w+) players", "{0} người chơi {1}"),
        (r"Tấn, (\d+) players, one rung per seat \(rotated\):\na rung's chance to lose by its table seat",
         "Tấn, {0} người, mỗi chỗ một bậc (xoay vòng):\nxác suất bị tấn của mỗi bậc theo chỗ ngồi"),
        (r"Tấn: chance to lose by seat \(seat 0 attacks first\) and players",
         "Tấn: xác suất bị tấn theo chỗ (chỗ 0 đánh trước) và số người"),
        (r"(.+): metrics against (.+)", "{0}: các chỉ số theo {1}"),
        (r"(.+) vs (.+)", "{0} gặp {1}"), (r"(.+) \(seat (\d+)\)", "{0} (chỗ {1})"),  # last: they match much
    ],
}
"""Chart text (titles, axis and legend words) in the other languages: ``(regex, template)``, the first full match
wins; a matched group is itself translated when it is chart text (``Tấn, 4 players`` inside a title), else kept
(a rung's name, a number)."""

SEATING = {
    "vi": [
        (r"never declares Sâm", "không bao giờ báo Sâm"),
        (r"declares Sâm with the oracle, an upper bound", "báo Sâm nhờ nhìn thấy mọi bài (cận trên)"),
        (r"declares Sâm at hand strength ≥ (.+)", "báo Sâm khi sức bài ≥ {0}"),
    ],
}
"""Phrases of the players' descriptions (``seating``) in the other languages; a strategy's name stays as it is."""

_lang: contextvars.ContextVar[str] = contextvars.ContextVar("cardodds_lang", default="en")
_labeller: contextvars.ContextVar[Callable[[str, str], str] | None] = contextvars.ContextVar("cardodds_labeller",
                                                                                           default=None)
_task_words: contextvars.ContextVar[dict] = contextvars.ContextVar("cardodds_task_words", default={})


def check_lang(lang, name: str = "--lang") -> str:
    """A user's report language (``--lang`` / ``lang=``): one of :data:`LANGUAGES`, else one line naming ``name``."""
    from cardodds.sim.errors import CardoddsError

    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise CardoddsError(f"{name} must be one of {', '.join(LANGUAGES)} (the report's language), not {lang!r}")
    return lang


def check_language(lang: str) -> str:
    """``lang`` if the report speaks it, else ``ValueError`` naming the languages it speaks."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGUAGES)})")
    return lang


@contextlib.contextmanager
def using(lang: str | None = None, label_of: Callable[[str, str], str] | None = None,
          words: dict | None = None) -> Iterator[None]:
    """Write in ``lang`` (unchanged when None) inside the block, with ``label_of(metric, lang)`` naming metrics in
    charts (a task's :meth:`~cardodds.sim.registry.Task.label_of`; unchanged when None) and ``words`` (a task's
    ``Task.words``: its chart texts per language, by the English text) before :data:`CHARTS`."""
    tokens = []
    if lang is not None:
        tokens.append((_lang, _lang.set(check_language(lang))))
    if label_of is not None:
        tokens.append((_labeller, _labeller.set(label_of)))
    if words is not None:
        tokens.append((_task_words, _task_words.set(words)))
    try:
        yield
    finally:
        for var, token in reversed(tokens):
            var.reset(token)


def language() -> str:
    """The language being written."""
    return _lang.get()


def text(key: str, **fields):
    """The report's text ``key`` in the current language, its ``{fields}`` filled in."""
    value = TEXT[language()][key]
    return value.format(**fields) if fields and isinstance(value, str) else value


def unit(name: str) -> str:
    """A task's unit in the current language."""
    if language() == "en":
        return name
    try:
        return UNITS[language()][name]
    except KeyError:
        raise KeyError(f"no {language()!r} words for the unit {name!r}: add it to cardodds.analysis.i18n.UNITS") from None


def title(name: str, default: str) -> str:
    """An experiment's title (``default``: the config's) in the current language."""
    return TITLES.get(language(), {}).get(name, default)


def fingerprint(english: str) -> str:
    """The short hash of an English text that :data:`DESCRIPTIONS` records beside its translation."""
    return hashlib.sha256(english.encode("utf-8")).hexdigest()[:12]


def description(name: str, english: str) -> str:
    """An experiment's description in the current language: its translation while it still translates ``english``
    (the config's description), else ``english``."""
    found = DESCRIPTIONS.get(language(), {}).get(name)
    return found[1] if found and found[0] == fingerprint(english) else english


def chart(words: str) -> str:
    """Chart text (a title, an axis label, a legend word) in the current language."""
    if language() == "en" or not words:
        return words
    translated = _chart(words)
    if translated is None:
        raise KeyError(f"no {language()!r} words for the chart text {words!r}: add it to the task's words (Task.words)"
                       " or to cardodds.analysis.i18n.CHARTS")
    return translated


def chart_or_same(words: str) -> str:
    """Chart text that may be a name (a rung, a strategy): translated when :data:`CHARTS` knows it, else as it is."""
    return words if language() == "en" else (_chart(words) or words)


def seating(who: str) -> str:
    """A player's description (``control, never declares Sâm``) in the current language: each known phrase translated,
    names and knobs kept."""
    if language() == "en":
        return who
    out = who
    for pattern, template in SEATING.get(language(), []):
        out = re.sub(pattern, lambda m: template.format(*m.groups()), out)
    return out


def _chart(words: str) -> str | None:
    own = _task_words.get().get(language(), {}).get(words)
    if own is not None:
        return own
    for pattern, template in CHARTS[language()]:
        match = re.fullmatch(pattern, words)
        if match:
            return template.format(*(_chart(g) or g for g in match.groups()))
    return None


def metric(name: str) -> str:
    """A metric in words for a chart, from the task whose charts are being drawn (the code outside :func:`using`)."""
    label_of = _labeller.get()
    return name if label_of is None else label_of(name, language())
