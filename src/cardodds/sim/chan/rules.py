"""Chắn rules options (docs/rules.md §1) with their defaults, and the default points table."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from cardodds.sim.errors import CardoddsError
from cardodds.sim.options import check_series_length, unknown_key_error

# One points value per cước (counted cước multiply).  Regional tables differ; this is our documented default, a
# common northern table in "điểm".  "tam_do_hai_leo" is the 8 đỏ 2 lèo penalty (Tám đỏ + 2 × Lèo).
DEFAULT_POINTS = MappingProxyType(
    {
        "xuong": 1,
        "thong": 1,
        "chi": 1,
        "thien_u": 3,
        "dia_u": 3,
        "co_chiu": 1,
        "chiu_u": 1,
        "co_bon": 1,
        "u_bon": 1,
        "thien_khai": 1,
        "bach_thu": 1,
        "bach_thu_chi": 2,
        "thap_thanh": 4,
        "bach_dinh": 4,
        "tam_do": 4,
        "kinh_tu_chi": 4,
        "leo": 1,
        "tom": 1,
        "hoa_roi_cua_phat": 4,
        "nha_lau_xe_hoi": 5,
        "ca_loi_san_dinh": 4,
        "ngu_ong_bat_ca": 5,
        "ga": 5,
    }
)

CUOC_NAMES = MappingProxyType(
    {
        "xuong": "Xuông",
        "thong": "Thông",
        "chi": "Chì",
        "thien_u": "Thiên ù",
        "dia_u": "Địa ù",
        "co_chiu": "Có chíu",
        "chiu_u": "Chíu ù",
        "co_bon": "Có bòn",
        "u_bon": "Ù bòn",
        "thien_khai": "Thiên khai",
        "bach_thu": "Bạch thủ",
        "bach_thu_chi": "Bạch thủ chi",
        "thap_thanh": "Thập thành",
        "bach_dinh": "Bạch định",
        "tam_do": "Tám đỏ",
        "kinh_tu_chi": "Kính tứ chi",
        "leo": "Lèo",
        "tom": "Tôm",
        "hoa_roi_cua_phat": "Hoa rơi cửa phật",
        "nha_lau_xe_hoi": "Nhà lầu xe hơi hoa rơi cửa phật",
        "ca_loi_san_dinh": "Cá lội sân đình",
        "ngu_ong_bat_ca": "Ngư ông bắt cá",
        "ga": "Gà",
    }
)


@dataclass(frozen=True)
class ChanRules:
    """The options of docs/rules.md §1 (keys of a config's ``[rules]`` table).

    Attributes
    ----------
    players : int
        Only 4 is in the rule texts.
    cai_seat : int
        Seat of the cái (dealer, 20 cards); seat 0 by symmetry.
    allow_skip_thien_u : bool
        Whether the cái may skip a Thiên ù (local custom).
    min_points_to_win : int or "no_xuong"
        0 = any win (ù tự do); "no_xuong" = a hand without cước may not win; N = at least N points.
    ga : bool
        Count gà (+5 points each).
    thong_after_treo_tranh : bool
        Seed 001's looser Thông: also after a win whose winner's only fouls are nghỉ ăn tiền ones (ăn treo tranh,
        ăn trái vỉ, chíu được nhưng lại ăn thường: "treo tranh trái vỉ nghỉ ăn tiền").
    strict_calls : bool
        Any cước left out of a call is xướng sai; by default only leaving out a compulsory one is (Thiên ù, Chíu ù,
        Ù bòn, Bạch thủ, Bạch thủ chi, or the Hoa / Nhà / Cá / Ngư that carries the bạch thủ), and another cước left
        out is only not paid.
    hoa_call_chi_bach_thu : bool
        Seed 000's "Hoa rơi cửa phật Chì Bạch thủ" is a correct call (paid as Hoa rơi cửa phật alone); by default
        (seed 001, "không được xướng thêm cước chì bạch thủ") calling Chì, Bạch thủ beside it is xướng sai.
    hoa_as_bach_thu_pays_chi : bool
        A Hoa rơi cửa phật, Nhà lầu xe hơi or Cá lội sân đình called as Chì, Bạch thủ is paid Chì and Bạch thủ; by
        default (seed 000, "sẽ chỉ được tính tiền là Bạch thủ") it is paid Bạch thủ only, the Chì called unpaid.
    ngu_ong_as_bach_thu : bool
        Ngư ông bắt cá may be called as Bạch thủ too, reading seed 000's "Các cước Hoa, Nhà, Cá" as every bát vạn
        (cá) cước; by default only the three named (Hoa, Nhà, Cá lội sân đình) may.
    hoa_needs_chan_ngu_van : bool
        Seed 001: Hoa rơi cửa phật (and Cá lội sân đình) need a chắn or chíu of ngũ vạn on the mat; by default
        (seed 000, "tối thiểu 1 lá") one ngũ vạn in any meld of the mat will do.
    dia_u_first_noc_card : bool
        Seed 000: Địa ù only on the first card drawn from the nọc ("lá bốc nọc đầu tiên"); by default (seed 001,
        "chưa qua cửa chì") any win before one's first turn has passed.
    series_length : int
        Games played in a row at the same table (1 = single games).  In a series the previous winner deals (is
        the cái) and may call Thông; see :mod:`cardodds.sim.chan.series`.
    points : dict
        Overrides of :data:`DEFAULT_POINTS` (a ``[rules.points]`` table).
    """

    players: int = 4
    cai_seat: int = 0
    allow_skip_thien_u: bool = False
    min_points_to_win: int | Literal["no_xuong"] = 0
    ga: bool = False
    thong_after_treo_tranh: bool = False
    strict_calls: bool = False
    hoa_call_chi_bach_thu: bool = False
    hoa_as_bach_thu_pays_chi: bool = False
    ngu_ong_as_bach_thu: bool = False
    hoa_needs_chan_ngu_van: bool = False
    dia_u_first_noc_card: bool = False
    series_length: int = 1
    points: dict = field(default_factory=dict)

    def __post_init__(self):
        # Types and choices are checked by ``from_table`` from the annotations; here only ranges and combinations.
        if self.players != 4:
            raise CardoddsError(f"Chắn is played by 4 players, not {self.players}")
        if not 0 <= self.cai_seat < self.players:
            raise CardoddsError(f"cai_seat must be 0..{self.players - 1}, not {self.cai_seat}")
        if isinstance(self.min_points_to_win, int) and self.min_points_to_win < 0:
            raise CardoddsError(f"min_points_to_win must be >= 0 or \"no_xuong\", not {self.min_points_to_win}")
        check_series_length(self.series_length)
        for key, value in self.points.items():
            if key not in DEFAULT_POINTS:
                raise unknown_key_error(key, DEFAULT_POINTS, "[rules.points]")
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise CardoddsError(f"[rules.points] '{key}' must be a whole number >= 0, not {value!r}")
        # Only real overrides are kept, so that a default written out makes equal rules (and the same run).
        object.__setattr__(self, "points", {k: v for k, v in self.points.items() if v != DEFAULT_POINTS[k]})

    def point_table(self) -> dict[str, int]:
        """The points of every cước: the defaults with this config's overrides."""
        return {**DEFAULT_POINTS, **self.points}
