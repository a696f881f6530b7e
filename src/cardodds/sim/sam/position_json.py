"""A Sâm position as JSON (docs/rules.md §2.11) and back, with every check of its consistency.

Each check raises :class:`~cardodds.sim.errors.CardoddsError` with one line naming what is wrong.
"""

from __future__ import annotations

import dataclasses
import functools

from cardodds.sim.arguments import shown
from cardodds.sim.errors import CardoddsError
from cardodds.sim.options import unknown_key_error
from cardodds.sim.sam.cards import HAND_SIZE, RANK_NAMES, format_cards, parse_cards, rank_counts
from cardodds.sim.sam.hand import QUAD, SINGLE, move_table, toi_trang_kind, toi_trang_name
from cardodds.sim.sam.position_state import Position, legal_ids, move_text, parse_move
from cardodds.sim.sam.rules import SamPay, SamRules, rules_from_table

KEYS = ("rules", "seat", "hand", "played", "counts", "to_beat", "by", "passed", "bao_1", "chat", "den", "sam")
REQUIRED = ("seat", "hand", "played", "counts")
W = "sam position"


def _fail(text: str):
    raise CardoddsError(f"{W}: {text}")


def rules_json(rules: SamRules) -> dict:
    """The options that differ from the defaults (``pay`` as its differing amounts)."""
    out = {}
    defaults, pay_defaults = _defaults()
    for f in dataclasses.fields(SamRules):
        v, d = getattr(rules, f.name), getattr(defaults, f.name)
        if f.name == "pay":
            pay = {g.name: getattr(v, g.name) for g in dataclasses.fields(SamPay)
                   if getattr(v, g.name) != getattr(pay_defaults, g.name)}
            if pay:
                out["pay"] = pay
        elif v != d:
            out[f.name] = list(v) if isinstance(v, tuple) else v
    return out


@functools.cache
def _defaults() -> tuple[SamRules, SamPay]:
    """The default rules and payments, made once (a user's player is shown a position at every decision)."""
    return SamRules(), SamPay()


def to_json(p: Position) -> dict:
    """The JSON form of a position (``from_json`` reads it back to an equal position)."""
    t = p.table
    return {
        "rules": rules_json(p.rules),
        "seat": p.seat,
        "hand": format_cards(p.hand),
        "played": [format_cards(c) for c in p.played],
        "counts": list(p.counts),
        "to_beat": None if p.to_beat is None else move_text(t, p.to_beat),
        "by": p.by,
        "passed": list(p.passed),
        "bao_1": [s for s, n in enumerate(p.counts) if n == 1],
        "chat": None if p.chain is None else dict(zip(("links", "value", "chopped"), p.chain)),
        "den": None if p.den is None else {"by": p.den[0], "to": p.den[1], "highest": RANK_NAMES[p.den[2]]},
        "sam": None if p.declarer is None else {"declarer": p.declarer, "standing": p.sam_standing},
    }


def _seat(v, P: int, what: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < P:
        _fail(f"{what} must be a seat 0..{P - 1}, not {shown(v)}")
    return v


def _seats(v, P: int, what: str) -> tuple:
    if not isinstance(v, list):
        _fail(f"{what} must be a list of seats, not {shown(v)}")
    seats = [_seat(s, P, f"each seat in {what}") for s in v]
    if len(set(seats)) != len(seats):
        _fail(f"{what} lists a seat twice: {v}")
    return tuple(sorted(seats))


def _table(v, keys: tuple, what: str) -> dict:
    if not isinstance(v, dict):
        _fail(f"{what} must be null or an object with {', '.join(keys)}, not {shown(v)}")
    for k in v:
        if k not in keys:
            raise unknown_key_error(k, keys, f"{W}: {what}")
    missing = [k for k in keys if k not in v]
    if missing:
        _fail(f"{what} needs {', '.join(missing)}")
    return v


def _cards(text, what: str) -> tuple:
    try:
        return tuple(sorted(parse_cards(text)))
    except CardoddsError as e:
        raise CardoddsError(f"{W}: {what}: {e}") from None


def from_json(data) -> Position:
    """A position from its JSON form, every part checked (one-line ``CardoddsError`` on the first problem)."""
    if not isinstance(data, dict):
        _fail(f"a position is a JSON object, not {type(data).__name__}")
    for k in data:
        if k not in KEYS:
            raise unknown_key_error(k, KEYS, W)
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        _fail(f"missing {', '.join(repr(k) for k in missing)}")
    rules = data.get("rules")
    if rules is not None and not isinstance(rules, dict):
        _fail(f"rules must be an object of [rules] options such as {{\"players\": 3}}, not {shown(rules)}")
    rules = rules_from_table(rules or {}, f"{W}: rules")
    P = rules.players
    seat = _seat(data["seat"], P, "seat")
    hand = _cards(data["hand"], "hand")
    played = data["played"]
    if not isinstance(played, list) or len(played) != P:
        _fail(f"played must list the cards played by each of the {P} seats (\"\" for none), not {shown(played)}")
    played = tuple(_cards(c, f"played by seat {s}") for s, c in enumerate(played))
    _check_cards(hand, played, seat, data["counts"], P, data.get("bao_1"))
    kind = toi_trang_kind(hand + played[seat], rules)
    if kind >= 0:
        _fail(f"seat {seat} was dealt a tới trắng ({toi_trang_name(kind)}: {format_cards(hand + played[seat])}), "
              f"which wins at the deal: there is no play")
    t = move_table(rules)
    to_beat, by = data.get("to_beat"), data.get("by")
    if (to_beat is None) != (by is None):
        _fail("to_beat and by go together: the play to beat and who made it (both null on a free lead)")
    if to_beat is not None:
        to_beat = parse_move(t, to_beat)
        if to_beat < 0:
            _fail("to_beat is a play, not a pass")
        by = _seat(by, P, "by")
    passed = _seats(data.get("passed", []), P, "passed")
    chain = _chain(data.get("chat"), rules, t, to_beat, by, P)
    den = _den(data.get("den"), rules, t, (to_beat, by, passed, seat), played)
    declarer, standing = _sam(data.get("sam"), rules, played, P)
    p = Position(rules, seat, hand, played, to_beat, by, passed, chain, den, declarer, standing)
    _check_turn(p)
    return p


def _check_cards(hand, played, seat, counts, P, bao_1) -> None:
    seen = {}
    for where, cards in [("in the hand", hand)] + [(f"played by seat {s}", c) for s, c in enumerate(played)]:
        for c in cards:
            if c in seen:
                _fail(f"{format_cards([c])} is both {seen[c]} and {where} (the deck has one of each card)")
            seen[c] = where
    if not isinstance(counts, list) or len(counts) != P or not all(isinstance(n, int) and not isinstance(n, bool)
                                                                   for n in counts):
        _fail(f"counts must list the cards left in each of the {P} hands, not {shown(counts)}")
    for s in range(P):
        if not 1 <= counts[s] <= HAND_SIZE:
            _fail(f"seat {s} holds {counts[s]} cards: a running game has 1..10 in every hand")
        if counts[s] + len(played[s]) != HAND_SIZE:
            _fail(f"seat {s}: {counts[s]} cards left and {len(played[s])} played do not add up to the 10 dealt")
    if len(hand) != counts[seat]:
        _fail(f"the hand has {len(hand)} cards but counts gives seat {seat} {counts[seat]}")
    if bao_1 is not None and _seats(bao_1, P, "bao_1") != tuple(s for s in range(P) if counts[s] == 1):
        _fail(f"bao_1 {bao_1} is not the seats on one card by counts {counts}")


def _chain(v, rules, t, to_beat, by, P):
    if v is None:
        return None
    v = _table(v, ("links", "value", "chopped"), "chat")
    links, value = v["links"], v["value"]
    chopped = _seat(v["chopped"], P, "chat.chopped")
    if to_beat is None or t.kind[to_beat] != QUAD:
        _fail("a chặt chain stands only while a tứ quý (the last chop) is the play to beat")
    if chopped == by:
        _fail("chat: the seat chopped last cannot be the one who chopped (by)")
    if not isinstance(links, int) or isinstance(links, bool) or links < 1:
        _fail(f"chat.links must be a whole number >= 1, not {shown(links)}")
    pay = rules.pay
    firsts = {pay.chat_quad, pay.chat_two} | ({2 * pay.chat_two} if rules.chop_pair_two else set())
    if not isinstance(value, int) or isinstance(value, bool) or value - pay.chat_quad * (links - 1) not in firsts:
        _fail(f"chat.value {shown(value)} is no value of a chain of {links} chặt under these rules")
    return links, value, chopped


def _den(v, rules, t, turn, played):
    """A pending đền: left by the player of the single to beat (``by``), or — with ``den_on_pass`` — by a pass of the
    seat before the báo-1 mover on a single (still to beat, or the one that ended the round: a free lead)."""
    if v is None:
        return None
    to_beat, by, passed, seat = turn
    P = rules.players
    v = _table(v, ("by", "to", "highest"), "den")
    d_by, d_to = _seat(v["by"], P, "den.by"), _seat(v["to"], P, "den.to")
    if not isinstance(v["highest"], str) or v["highest"].upper().replace("T", "10") not in RANK_NAMES:
        _fail(f"den.highest must be a rank (3 … 10, J, Q, K, A, 2), not {shown(v['highest'])}")
    cap = RANK_NAMES.index(v["highest"].upper().replace("T", "10"))
    single = to_beat is not None and t.kind[to_beat] == SINGLE
    after_pass = (rules.den_bai and rules.den_on_pass and d_to == seat == (d_by + 1) % P
                  and (d_by in passed if single else to_beat is None))
    if not after_pass and (not single or d_by != by or d_to != (by + 1) % P):
        _fail("a pending đền is owed on a single to beat, by its player (by), to the seat after it"
              + (", or by the seat before the mover, who passed on a single" if rules.den_on_pass else ""))
    if len(played[d_to]) != HAND_SIZE - 1:
        _fail(f"a pending đền needs seat {d_to} on báo 1 (one card left)")
    if single and cap <= t.top[to_beat]:
        _fail(f"den.highest {v['highest']} must be above the single to beat: đền is for not playing the highest")
    return d_by, d_to, cap


def _sam(v, rules, played, P):
    if v is None:
        return None, False
    v = _table(v, ("declarer", "standing"), "sam")
    d = _seat(v["declarer"], P, "sam.declarer")
    if not isinstance(v["standing"], bool):
        _fail(f"sam.standing must be true or false, not {shown(v['standing'])}")
    if v["standing"]:
        beat = [s for s in range(P) if s != d and played[s]]
        if beat:
            _fail(f"the Sâm of seat {d} cannot stand: seat {beat[0]} has played over it")
    elif not rules.play_on_after_failed_sam:
        _fail("a beaten Sâm ends the game unless the rules say play_on_after_failed_sam = true")
    return d, v["standing"]


def _check_turn(p: Position) -> None:
    """Whose turn it is: after the play to beat, every seat between its player and the seat has passed."""
    P = p.players
    if p.to_beat is None:
        if p.passed:
            _fail("nobody has passed on a free lead (passed must be empty when to_beat is null)")
        if p.chain is not None or (p.den is not None and not p.rules.den_on_pass):
            _fail("a chặt chain or a pending đền needs a play to beat")
        if not len(legal_ids(p)):
            _fail(f"seat {p.seat} has no legal lead (only a 2 would end the hand): the lead passes on, no decision")
        if p.sam_on and p.seat != p.declarer:
            _fail(f"during the Sâm of seat {p.declarer} only the declarer leads")
    else:
        if p.by == p.seat:
            _fail(f"seat {p.seat} made the play to beat: everyone else passed, so it leads (to_beat null)")
        if p.seat in p.passed or p.by in p.passed:
            _fail(f"passed lists seat {p.seat if p.seat in p.passed else p.by}, who is still in the round")
        if not p.played[p.by]:
            _fail(f"seat {p.by} made the play to beat but has played no card")
        if any(rank_counts(p.played[p.by]) < p.table.need[p.to_beat]):
            _fail(f"the play to beat {move_text(p.table, p.to_beat)} is not among the cards seat {p.by} played")
        q = (p.by + 1) % P
        while q != p.seat:
            if q not in p.passed:
                _fail(f"it is not seat {p.seat}'s turn: seat {q}, after seat {p.by}'s play, has not passed")
            q = (q + 1) % P
        if p.sam_on and p.by != p.declarer:
            _fail(f"during the Sâm of seat {p.declarer} the play to beat is the declarer's")
