"""The Chắn move log: one game as JSON (the deal, then every action), its writer and its loader.

Format (``"format": "cardodds.chan.movelog/1"``)::

    {
      "format": "cardodds.chan.movelog/1",
      "rules": {...},                       # optional: a [rules] table (ChanRules keys); defaults otherwise
      "previous": {"winner": 2, "fouls": []},  # optional: the previous game of the series (for Thông)
      "deal": {"cai": 0,
               "hands": [[20 cards of seat 0], [19 of seat 1], [19 of seat 2], [19 of seat 3]],
               "noc": [23 cards, top first]},
      "moves": [ {"seat": 0, "action": "danh", "card": "9V"}, ... ]
    }

Cards are codes (``9V`` cửu vạn, ``9W`` cửu văn, ``9S`` cửu sách, ``CC`` Chi Chi) or Vietnamese names; a hand may
also be one string (``"9V 9V CC ..."``).  Every move names its ``seat`` and ``action`` (ASCII or Vietnamese: ``danh``/``đánh``):

==========  ===============================================================================================
``danh``    discard ``card`` (the cái's first discard, or after an ăn / own chíu)
``an``      eat the card in play (``card``) with the hand card ``with``, ``as`` ``"chan"`` or ``"ca"``;
            optional ``on_top``: ``"hand"`` (correct) or ``"taken"`` (ăn trái vỉ, a foul)
``boc``     draw the top of the nọc into one's cửa chì (``card`` optional; checked against the nọc)
``duoi``    pass one's drawn card to the next player (dưới)
``chiu``    take the fourth copy of ``card`` while holding three (out of turn, or as one's own eat)
``tra_cua`` after an out-of-turn chíu: put ``card`` where the taken card was (trả cửa)
``u``       win (ù) on ``card`` (no card for Thiên ù); optional ``cuoc``: the declared cước, ``{"bach_thu": 1, ...}``
``hoa``     the player to draw finds the nọc empty: the game is a draw (hòa)
==========  ===============================================================================================

``previous`` says who won the game before this one at the same table (``"winner"``: a seat, or null after a hòa or
an ù láo) and the codes of that winner's fouls in it (``"fouls"``, as ``check`` names them, e.g. ``"xuong_sai"``;
default none).  The previous winner may call Thông on winning this game if that win was clean — called right, no
foul (seed 000: "Chỉ được hô Thông nếu ván trước ù và không bị phạt"); with ``thong_after_treo_tranh`` the
nghỉ ăn tiền fouls ``an_treo_tranh``, ``an_trai_vi`` and ``chiu_an_thuong`` are allowed (seed 001).  Without
``previous`` nobody may call Thông.

Declining (not eating, not chíu-ing, not winning) is never written: the next move shows it.  Move indexes in error
messages are positions in ``moves`` counted from 0.  The loader (:func:`cardodds.sim.chan.replay.load_log`) replays the log
through the reference engine (:mod:`cardodds.sim.chan.reference`), so a log that breaks the game (a card not in the hand, a card played twice, an action out
of turn, an unknown action) raises :class:`CardoddsError` naming the move index where it breaks.
Fouls (docs/rules.md §1.8) are not errors: :func:`cardodds.sim.chan.replay.check_log` reports them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from cardodds.sim.bounded_json import loads
from cardodds.sim.chan.cards import COPIES, N_KINDS, _fold, kind_code, kind_name, parse_cards
from cardodds.sim.errors import CardoddsError
from cardodds.sim.input_file import read_capped

FORMAT = "cardodds.chan.movelog/1"

ACTIONS = ("danh", "an", "boc", "duoi", "chiu", "tra_cua", "u", "hoa")
ACTION_NAMES = {
    "danh": "đánh", "an": "ăn", "boc": "bốc", "duoi": "dưới",
    "chiu": "chíu", "tra_cua": "trả cửa", "u": "ù", "hoa": "hòa",
}
_ACTION_WORDS = {_fold(v).replace(" ", "_"): k for k, v in ACTION_NAMES.items()} | {a: a for a in ACTIONS}
CHIU, CHAN, CA = "chiu", "chan", "ca"
"""The melds a move lays: a chíu (four of a kind), a chắn (a pair), a cạ (two kinds of one number); ``Move.as_``."""
_MOVE_KEYS = {"seat", "action", "card", "with", "as", "on_top", "cuoc"}


@dataclass(frozen=True)
class Move:
    """One action of a game.  Cards are kinds (0..24, see :mod:`cardodds.sim.chan.cards`).

    ``with_`` is the hand card of an ăn and ``as_`` its meld (``"chan"`` or ``"ca"``); ``cuoc`` is the declared
    cước of an ù as sorted ``(name, count)`` pairs (None: not declared, the scorer's are taken).
    """

    action: str
    seat: int | None = None
    card: int | None = None
    with_: int | None = None
    as_: str | None = None
    on_top: str = "hand"
    cuoc: tuple | None = None

    def to_json(self) -> dict:
        """The move as a JSON object."""
        out: dict = {"seat": self.seat, "action": self.action}
        if self.card is not None:
            out["card"] = kind_code(self.card)
        if self.with_ is not None:
            out["with"] = kind_code(self.with_)
            out["as"] = self.as_
        if self.on_top != "hand":
            out["on_top"] = self.on_top
        if self.cuoc is not None:
            out["cuoc"] = dict(self.cuoc)
        return out

    def describe(self) -> str:
        """Short text, e.g. ``seat 2 ăn 9V with 9W (cạ)``."""
        who = "" if self.seat is None else f"seat {self.seat} "
        text = who + ACTION_NAMES.get(self.action, self.action)
        if self.card is not None:
            text += f" {kind_code(self.card)}"
        if self.with_ is not None:
            text += f" with {kind_code(self.with_)} ({'chắn' if self.as_ == 'chan' else 'cạ'})"
        return text


@dataclass
class MoveLog:
    """A parsed move log: the deal (hands as lists of kinds, nọc top first) and the moves."""

    hands: list[list[int]]
    noc: list[int]
    moves: list[Move]
    cai: int = 0
    rules: dict = field(default_factory=dict)
    previous: dict | None = None
    """``{"winner": seat or None, "fouls": [codes]}``: the previous game of a series (None: not known)."""

    def to_json(self) -> dict:
        """The log as a JSON-ready dict."""
        out = {"format": FORMAT, "rules": dict(self.rules)}
        if self.previous is not None:
            out["previous"] = {"winner": self.previous["winner"], "fouls": list(self.previous["fouls"])}
        out["deal"] = {
            "cai": self.cai,
            "hands": [[kind_code(k) for k in sorted(h)] for h in self.hands],
            "noc": [kind_code(k) for k in self.noc],
        }
        out["moves"] = [m.to_json() for m in self.moves]
        return out

    def dumps(self) -> str:
        """The log as JSON text, one move a line."""
        head = self.to_json()
        moves = head.pop("moves")
        body = json.dumps(head, ensure_ascii=False)[:-1]
        lines = ",\n  ".join(json.dumps(m, ensure_ascii=False) for m in moves)
        return f'{body}, "moves": [\n  {lines}\n]}}\n'


def _card(value, where: str) -> int:
    if not isinstance(value, str):
        raise CardoddsError(f"{where}: a card must be a string like \"9V\", not {value!r}")
    try:
        kinds = parse_cards(value)
    except CardoddsError as exc:
        raise CardoddsError(f"{where}: {exc}") from None
    if len(kinds) != 1:
        raise CardoddsError(f"{where}: expected one card, got {value!r}")
    return kinds[0]


def _cards(value, where: str) -> list[int]:
    if isinstance(value, str):
        try:
            return parse_cards(value)
        except CardoddsError as exc:
            raise CardoddsError(f"{where}: {exc}") from None
    if not isinstance(value, list):
        raise CardoddsError(f"{where}: expected a list of cards")
    return [_card(v, f"{where}[{i}]") for i, v in enumerate(value)]


def parse_move(obj, index: int) -> Move:
    """One move from its JSON object (``index`` for error messages)."""
    where = f"move {index}"
    if not isinstance(obj, dict):
        example = '{"seat": 0, "action": "danh", "card": "9V"}'
        raise CardoddsError(f"{where}: a move must be an object like {example}")
    unknown = set(obj) - _MOVE_KEYS
    if unknown:
        raise CardoddsError(f"{where}: unknown key '{sorted(unknown)[0]}' (known: {', '.join(sorted(_MOVE_KEYS))})")
    raw = obj.get("action")
    action = _ACTION_WORDS.get(_fold(raw).replace(" ", "_")) if isinstance(raw, str) else None
    if action is None:
        raise CardoddsError(f"{where}: unknown action {raw!r} (known: {', '.join(ACTIONS)})")
    seat = obj.get("seat")
    if action != "hoa" or seat is not None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
            raise CardoddsError(f"{where}: 'seat' must be 0..3, not {seat!r}")
    card = _card(obj["card"], where) if obj.get("card") is not None else None
    if action in ("danh", "an", "chiu", "tra_cua") and card is None:
        raise CardoddsError(f"{where}: {ACTION_NAMES[action]} needs a 'card'")
    with_ = as_ = None
    if action == "an":
        if "with" not in obj:
            raise CardoddsError(f"{where}: ăn needs 'with' (the hand card it is eaten with)")
        with_ = _card(obj["with"], where)
        as_ = obj.get("as")
        if as_ not in ("chan", "ca"):
            raise CardoddsError(f"{where}: 'as' must be \"chan\" or \"ca\", not {as_!r}")
        want = "chan" if with_ == card else "ca"
        if as_ != want:
            raise CardoddsError(f"{where}: {kind_code(card)} with {kind_code(with_)} is a {want}, not a {as_}")
    elif "with" in obj or "as" in obj:
        raise CardoddsError(f"{where}: 'with' and 'as' belong to ăn only")
    on_top = obj.get("on_top", "hand")
    if on_top not in ("hand", "taken"):
        raise CardoddsError(f"{where}: 'on_top' must be \"hand\" or \"taken\", not {on_top!r}")
    cuoc = None
    if "cuoc" in obj:
        from cardodds.sim.chan.rules import CUOC_NAMES

        if action != "u" or not isinstance(obj["cuoc"], dict):
            raise CardoddsError(f"{where}: 'cuoc' is an object of cước counts on an ù")
        for name, n in obj["cuoc"].items():
            if name not in CUOC_NAMES:
                raise CardoddsError(f"{where}: unknown cước '{name}'")
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise CardoddsError(f"{where}: cước '{name}' must count at least 1, not {n!r}")
        cuoc = tuple(sorted(obj["cuoc"].items()))
    return Move(action, seat, card, with_, as_, on_top, cuoc)


def parse_log(obj) -> MoveLog:
    """A :class:`MoveLog` from parsed JSON, checking the format and the deal (not yet the moves' legality)."""
    if not isinstance(obj, dict):
        raise CardoddsError("a move log must be a JSON object with 'deal' and 'moves'")
    if obj.get("format", FORMAT) != FORMAT:
        raise CardoddsError(f"unknown move-log format {obj.get('format')!r} (expected {FORMAT!r})")
    for key in ("deal", "moves"):
        if key not in obj:
            raise CardoddsError(f"the move log has no '{key}'")
    unknown = set(obj) - {"format", "rules", "previous", "deal", "moves", "comment"}
    if unknown:
        raise CardoddsError(f"the move log has an unknown key '{sorted(unknown)[0]}'")
    deal = obj["deal"]
    if not isinstance(deal, dict) or "hands" not in deal or "noc" not in deal:
        raise CardoddsError("deal: expected {\"cai\": 0, \"hands\": [4 hands], \"noc\": [cards, top first]}")
    cai = deal.get("cai", 0)
    if not isinstance(cai, int) or isinstance(cai, bool) or not 0 <= cai < 4:
        raise CardoddsError(f"deal: 'cai' must be 0..3, not {cai!r}")
    if not isinstance(deal["hands"], list) or len(deal["hands"]) != 4:
        raise CardoddsError("deal: 'hands' must hold 4 hands")
    hands = [_cards(h, f"deal hand {s}") for s, h in enumerate(deal["hands"])]
    for s, h in enumerate(hands):
        want = 20 if s == cai else 19
        if len(h) != want:
            raise CardoddsError(f"deal: seat {s} holds {len(h)} cards, not {want}")
    noc = _cards(deal["noc"], "deal nọc")
    counts = [0] * N_KINDS
    for k in [k for h in hands for k in h] + noc:
        counts[k] += 1
    for k in range(N_KINDS):
        if counts[k] != COPIES:
            raise CardoddsError(f"deal: {kind_name(k)} ({kind_code(k)}) appears {counts[k]} times, not {COPIES}")
    rules = obj.get("rules") or {}
    if not isinstance(rules, dict):
        raise CardoddsError("'rules' must be an object (a [rules] table)")
    if not isinstance(obj["moves"], list):
        raise CardoddsError("'moves' must be a list")
    previous = parse_previous(obj["previous"]) if obj.get("previous") is not None else None
    moves = [parse_move(m, i) for i, m in enumerate(obj["moves"])]
    return MoveLog(hands, noc, moves, cai, dict(rules), previous)


def parse_previous(value) -> dict:
    """The ``previous`` field: ``{"winner": seat or None, "fouls": [foul codes]}``, checked."""
    from cardodds.sim.chan.fouls import ALL_CODES

    example = '{"winner": 2, "fouls": []}'
    if not isinstance(value, dict):
        raise CardoddsError(f"previous: expected an object like {example}, not {value!r}")
    unknown = set(value) - {"winner", "fouls"}
    if unknown:
        raise CardoddsError(f"previous: unknown key '{sorted(unknown)[0]}' (known: fouls, winner)")
    if "winner" not in value:
        raise CardoddsError(f"previous: no 'winner' (a seat 0..3, or null after a hòa), e.g. {example}")
    winner = value["winner"]
    if winner is not None and (not isinstance(winner, int) or isinstance(winner, bool) or not 0 <= winner < 4):
        raise CardoddsError(f"previous: 'winner' must be a seat 0..3 or null, not {winner!r}")
    found = value.get("fouls", [])
    if not isinstance(found, list):
        raise CardoddsError(f"previous: 'fouls' must be a list of foul codes, not {found!r}")
    for i, code in enumerate(found):
        if code not in ALL_CODES:
            raise CardoddsError(f"previous: fouls[{i}] {code!r} is not a foul code (e.g. an_treo_tranh, xuong_sai)")
    if winner is None and found:
        raise CardoddsError("previous: 'fouls' are the previous winner's; there is no winner")
    return {"winner": winner, "fouls": list(found)}


def read_log(path) -> MoveLog:
    """Read and parse a move-log file."""
    path = Path(path)
    try:
        text = read_capped(path, "a move log").decode("utf-8")
    except IsADirectoryError:
        raise CardoddsError(f"{path}: is a folder, not a move log") from None
    except OSError as exc:
        raise CardoddsError(f"cannot read move log {path}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise CardoddsError(f"{path}: not UTF-8 text (bad byte at offset {exc.start}); a move log is UTF-8 JSON") from None
    return parse_log(loads(text, str(path)))


def log_rules(log: MoveLog):
    """The :class:`ChanRules` of a log (its ``rules`` table, validated)."""
    from cardodds.sim.chan.rules import ChanRules
    from cardodds.sim.options import from_table

    rules = from_table(ChanRules, log.rules, "move log [rules]")
    if rules.cai_seat != log.cai:
        rules = ChanRules(**{**rules.__dict__, "cai_seat": log.cai})
    return rules


def game_log(game) -> MoveLog:
    """The move log of a reference game."""
    return MoveLog(
        hands=[list(h) for h in game.dealt],
        noc=list(game.noc),
        moves=list(game.moves),
        cai=game.cai,
        rules=game.rules_table(),
        previous=None if game.thong_seat is None else {"winner": game.thong_seat, "fouls": []},
    )


def complete_deal(hands, noc_top: str = "", cai: int = 0) -> tuple[list[list[int]], list[int]]:
    """A full deal from hand-made parts, for worked examples and tests.

    ``hands`` holds four card strings (``"9V 9V CC"``, possibly short of 19/20 cards) and ``noc_top`` the top of the
    nọc in order.  The cards left over are dealt round-robin (in kind order) to the hands that are short and then to
    the rest of the nọc, so fillers rarely pair up.
    """
    parts = [parse_cards(h) for h in hands] + [parse_cards(noc_top)]
    counts = [COPIES] * N_KINDS
    for part in parts:
        for k in part:
            counts[k] -= 1
            if counts[k] < 0:
                raise CardoddsError(f"{kind_code(k)} is used more than {COPIES} times")
    pool = [k for k in range(N_KINDS) for _ in range(counts[k])]
    sizes = [20 if s == cai else 19 for s in range(4)] + [23]
    for s in range(4):
        if len(parts[s]) > sizes[s]:
            raise CardoddsError(f"seat {s} is given {len(parts[s])} cards, more than {sizes[s]}")
    filler: list[list[int]] = [[] for _ in range(5)]
    i = 0
    while pool:
        short = [d for d in range(5) if len(parts[d]) + len(filler[d]) < sizes[d]]
        d = short[i % len(short)]
        filler[d].append(pool.pop(0))
        i += 1
    hands_out = [parts[s] + filler[s] for s in range(4)]
    return hands_out, parts[4] + filler[4]


def worked_log(hands, noc_top: str, moves: list, rules: dict | None = None, previous: dict | None = None) -> MoveLog:
    """A parsed move log from hand-made parts (:func:`complete_deal`) and JSON moves, for worked examples and tests."""
    hands, noc = complete_deal(hands, noc_top)
    obj = {"deal": {"hands": [[kind_code(k) for k in h] for h in hands], "noc": [kind_code(k) for k in noc]},
           "moves": moves, "rules": rules or {}}
    if previous is not None:
        obj["previous"] = previous
    return parse_log(obj)
