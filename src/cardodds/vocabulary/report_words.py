"""The report's shared words (every game's report uses them): its fixed text, the common units, chart words, arm
patterns and swept parameters; the catalogue (:mod:`cardodds.vocabulary`) reads them as its ``"shared"``
source, before each game's words."""

from __future__ import annotations

from cardodds.sim.game_spec import words_by_id, words_by_language

TEXT = {
    "report_title": ("cardodds report", "Báo cáo cardodds"),
    "quick": (" (quick)", " (chạy nhanh)"),
    "contents": ("Contents", "Mục lục"),
    "run": ("Run", "Lần chạy"),
    "headline": ("Headline", "Kết quả chính"),
    "no_headline": ("No headline rows.", "Không có dòng kết quả chính."),
    "answers": ("In short", "Tóm lại"),
    "more_charts": ("{n} more charts", "{n} biểu đồ nữa"),
    "run_details": (
        "Date, versions, seeds and run time",
        "Ngày chạy, phiên bản, hạt giống ngẫu nhiên và thời gian chạy",
    ),
    "rules": ("Rules", "Luật chơi"),
    "defaults": ("Defaults.", "Luật mặc định."),
    "strategies": ("Strategies", "Người chơi"),
    "none": ("None.", "Không có."),
    "results": ("Results", "Kết quả"),
    "no_rows": ("No rows.", "Không có dòng nào."),
    "all_rows": ("All rows, with their codes (distributions included)", "Mọi dòng, kèm mã (cả các phân phối)"),
    "item": ("item", "mục"),
    "value": ("value", "giá trị"),
    "option": ("option", "tùy chọn"),
    "strategy": ("strategy", "người chơi"),
    "experiment": ("experiment", "thí nghiệm"),
    "arm": ("arm", "phương án"),
    "what": ("what", "đại lượng"),
    "metric": ("metric (code)", "đại lượng (mã)"),
    "seat": ("seat", "chỗ"),
    "unit": ("unit", "đơn vị"),
    "estimate": ("estimate", "ước lượng"),
    "ci": ("95 % CI", "KTC 95 %"),
    "exact": ("exact", "chính xác"),
    "z": ("z", "z"),
    "n": ("n", "n"),
    "games_line": (
        "Games: {games} · seed: {seed} · run time: {time}",
        "Số ván: {games} · hạt giống ngẫu nhiên: {seed} · thời gian chạy: {time}",
    ),
    "at_table": ("At the table", "Người chơi trong bàn"),
    "players_all": ("{n} {label} players", "{n} người chơi {label}"),
    "players_each": ("{n} players, each: {label}", "{n} người chơi, mỗi người: {label}"),
    "seat_one": ("seat {seats}", "chỗ {seats}"),
    "seat_many": ("seats {seats}", "chỗ {seats}"),
    "baseline": ("baseline", "phương án gốc"),
    "rules_note": (
        ("Every rule, option and default is stated in the project's rules document, {doc}{where}, in the cardodds "
         "repository; an option not listed here takes its default."),
        ("Mọi luật, tùy chọn và giá trị mặc định được ghi trong tài liệu luật chơi của dự án, {doc}{where}, trong "
         "kho mã cardodds; tùy chọn không liệt kê ở đây lấy giá trị mặc định."),
    ),
    "rules_where": (', section "{section}"', ', mục "{section}"'),
    "estimates_note": (
        ("Estimates are shown with 4 significant digits; 95 % CI is a Wilson interval for proportions and a normal "
         "interval for means; z = (estimate − exact) / SE (SE at the exact value for proportions)."),
        ("Ước lượng ghi với 4 chữ số có nghĩa; KTC 95 % (khoảng tin cậy 95 %) là khoảng Wilson cho tỉ lệ và khoảng "
         "chuẩn cho trung bình; z = (ước lượng − chính xác) / SE, SE là sai số chuẩn (với tỉ lệ: tính tại giá trị "
         "chính xác)."),
    ),
    "one_in": ("1 in {n}", "1 trên {n}"),
    "answer_seat": ("seat {seat}", "chỗ {seat}"),
    "answer_exact": ("{value} (exact)", "{value} (chính xác)"),
    "answer_simulated": ("simulated {value}", "mô phỏng {value}"),
    "answer_none": ("no case yet (n = 0)", "chưa có trường hợp nào (n = 0)"),
    "paired": (
        "Paired differences against the baseline (same deals)",
        "Chênh lệch từng cặp so với phương án gốc (cùng những ván bài)",
    ),
    "diff_head": (
        [
            "arm",
            "baseline",
            "what",
            "seat",
            "unit",
            "difference",
            "95 % CI (paired)",
            "p-value",
            "× narrower than unpaired",
        ],
        [
            "phương án",
            "phương án gốc",
            "đại lượng",
            "chỗ",
            "đơn vị",
            "chênh lệch",
            "KTC 95 % (theo cặp)",
            "giá trị p",
            "hẹp hơn bao nhiêu lần so với không ghép cặp",
        ],
    ),
    "this_run": ("This report's run: {timing}.", "Lần chạy của báo cáo này: {timing}."),
    "timing": (
        "{games} games: {computed} computed now in {time}",
        "{games} ván: {computed} ván tính lần này trong {time}",
    ),
    "timing_reused": (
        ", {reused} reused from chunks computed earlier",
        ", {reused} ván dùng lại từ các phần đã tính trước đó",
    ),
    "computed_now": ("{computed} in {time}", "{computed} trong {time}"),
    "reused": ("{reused} (from chunks computed by earlier runs)", "{reused} (từ các phần đã tính ở lần chạy trước)"),
    "arms": ("Arms", "Các phương án"),
    "unset": ("unset", "bỏ đặt"),
    "best_max": (
        ("Highest “{metric}”{seat}: arm {best} ({value}), ahead of {runner_up} by {margin} (paired 95 % CI [{lo}, "
         "{hi}], p = {p}){verdict}."),
        ("Cao nhất về “{metric}”{seat}: phương án {best} ({value}), hơn {runner_up} {margin} (KTC 95 % theo cặp "
         "[{lo}; {hi}], p = {p}){verdict}."),
    ),
    "best_min": (
        ("Lowest “{metric}”{seat}: arm {best} ({value}), ahead of {runner_up} by {margin} (paired 95 % CI [{lo}, "
         "{hi}], p = {p}){verdict}."),
        ("Thấp nhất về “{metric}”{seat}: phương án {best} ({value}), hơn {runner_up} {margin} (KTC 95 % theo cặp "
         "[{lo}; {hi}], p = {p}){verdict}."),
    ),
    "not_significant": (
        " — not a significant margin at the 5 % level",
        " — chênh lệch không có ý nghĩa thống kê ở mức 5 %",
    ),
    "tied": (
        " — tied: {best} and {runner_up} played these deals identically",
        " — ngang nhau: {best} và {runner_up} chơi những ván này y hệt nhau",
    ),
    "meta": (
        {
            "date": "date (UTC)",
            "version": "cardodds version",
            "numpy": "numpy version",
            "seeds": "seed(s)",
            "bit_generator": "bit generator",
            "jobs": "jobs",
            "games": "total games",
            "seconds": "run time",
        },
        {
            "date": "ngày (UTC)",
            "version": "phiên bản cardodds",
            "numpy": "phiên bản numpy",
            "seeds": "hạt giống ngẫu nhiên",
            "bit_generator": "bộ sinh số ngẫu nhiên",
            "jobs": "số tiến trình",
            "games": "tổng số ván",
            "seconds": "thời gian chạy",
            "command": "lệnh",
            "config": "tệp cấu hình",
            "games computed now": "số ván tính lần này",
            "games reused": "số ván dùng lại",
        },
    ),
}
"""The report's fixed text by id (``report.<key>``), each said in English, then in Vietnamese."""

UNITS = {
    "vi": {
        "per game": "mỗi ván",
        "per hand": "mỗi bài",
        "per table": "mỗi bàn",
        "per deal pair": "mỗi cặp ván",
    },
}
"""The units every game uses (as the tasks declare them, in English) in the other languages; a game's own units are
in its spec's words (``GameSpec.words``, table ``"units"``)."""

CHARTS = {
    "vi": [
        (r"probability", "xác suất"),
        (r"score", "điểm"),
        (r"cards", "số lá"),
        (r"estimate", "ước lượng"),
        (r"estimate \(95 % CI\)", "ước lượng (KTC 95 %)"),
        (r"games played", "số ván đã chơi"),
        (r"exact", "chính xác"),
        (r"95 % Wilson interval", "khoảng Wilson 95 %"),
        (r"arm", "phương án"),
        (r"table", "cả bàn"),
        (r"seat (\d+)", "chỗ {0}"),
        (r"table seat (\d+)", "chỗ ngồi {0}"),
        (r"any seat", "mọi chỗ"),
        (r"every seat", "mọi chỗ"),
        (r"(\d+) players", "{0} người"),
        (r"itself", "chính mình"),
        (r"each other rung", "từng bậc khác"),
        (r"(\d+) (\w+) players", "{0} người chơi {1}"),
        (r"(.+): a rung's score against another \(row against column; win 1, draw ½; seats swapped on shared deals\)",
         "{0}: điểm của một bậc khi gặp bậc khác (hàng gặp cột; thắng 1, hoà ½; đổi chỗ trên cùng những ván bài)"),
        (r"(.+): each rung's rating \(Bradley–Terry, Elo points, (.+) = 0\)",
         "{0}: hệ số của từng người chơi (Bradley–Terry, điểm Elo, {1} = 0)"),
        (r"rating \(Elo points\)", "hệ số (điểm Elo)"),
    ],
}
"""Chart words every game uses (axis and legend words) in the other languages: ``(regex, template)``; see
:func:`cardodds.analysis.i18n.charts`."""

CATCH_ALL = {
    "vi": [
        (r"(.+): metrics against (.+)", "{0}: các chỉ số theo {1}"),
        (r"(.+) vs (.+)", "{0} gặp {1}"),
        (r"(.+) \(seat (\d+)\)", "{0} (chỗ {1})"),
    ],
}
"""The chart patterns that match much, tried after every game's own (:func:`cardodds.analysis.i18n.charts`)."""

ARMS = {
    "en": [
        (r"players=(\d+)", "{0} players"),
        (r"(\w+)_seats(\d)(\d)", "{0} at seats {1} and {2}"),
        (r"(\w+)_seat(\d+)", "{0} at seat {1}"),
        (r"(\w+)_vs_(\w+)", "{0} against {1}"),
    ],
    "vi": [
        (r"players=(\d+)", "{0} người chơi"),
        (r"(\w+)_seats(\d)(\d)", "{0} ở chỗ {1} và {2}"),
        (r"(\w+)_seat(\d+)", "{0} ở chỗ {1}"),
        (r"(\w+)_vs_(\w+)", "{0} gặp {1}"),
    ],
}
"""Arm names in words (``players=3``: "3 players"; ``heuristic_seat0``: "heuristic at seat 0"), tried after the
game's own names (its words' ``"arms"`` table) and before keeping the name as it is
(:func:`cardodds.analysis.i18n.arm`)."""

PARAMETERS = {
    "en": {"rules.players": "players at the table"},
    "vi": {"rules.players": "số người chơi"},
}
("""A swept parameter in words (a sweep chart's x axis), by its dotted name "
 "(:func:`cardodds.analysis.i18n.parameter`).""")

WORDS = words_by_id(words_by_language(units=UNITS, charts=CHARTS, catch_all=CATCH_ALL, arm_forms=ARMS,
                                      parameters=PARAMETERS), report=TEXT)
"""The shared report words by language, in the shape of ``GameSpec.words``."""
