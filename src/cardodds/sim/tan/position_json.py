"""The JSON form of a Tấn position (docs/rules.md §3.11) and its checks: anything inconsistent is a one-line
``CardoddsError`` that says what is wrong."""

from __future__ import annotations

import functools

from cardodds.sim.arguments import shown
from cardodds.sim.errors import CardoddsError
from cardodds.sim.options import changed_options
from cardodds.sim.tan.cards import SUITS, format_card, format_cards, parse_cards, parse_suit, rank_of, \
    suit_of
from cardodds.sim.tan.position_state import DECISIONS, Position, legal_codes
from cardodds.sim.tan.reference import beats
from cardodds.sim.tan.rules import TanRules

REQUIRED = ("seat", "decision", "hand", "trump", "stock", "table", "attacker", "defender", "hand_sizes")
OPTIONAL = ("rules", "bottom", "discard", "known", "out", "passes", "bouts", "thrower", "taking")


def _fail(message: str):
    raise CardoddsError(f"tan position: {message}")


def to_json(p: Position) -> dict:
    """The JSON form of ``p`` (cards as text, seats as numbers; ``from_json`` reads it back)."""
    out = {"rules": dict(_changed_rules(p.rules)), "seat": p.seat, "decision": p.decision,
           "hand": format_cards(p.hand, unicode=False), "trump": SUITS[p.trump],
           "bottom": None if p.bottom < 0 else format_card(p.bottom, unicode=False), "stock": p.stock,
           "discard": format_cards(p.discard, unicode=False),
           "table": [[format_card(a, unicode=False), None if c < 0 else format_card(c, unicode=False)]
                     for a, c in p.table],
           "attacker": p.attacker, "defender": p.defender, "hand_sizes": list(p.hand_sizes),
           "known": [format_cards(k, unicode=False) for k in p.known],
           "out": [s for s in range(p.players) if p.out[s]], "passes": p.passes, "bouts": p.bouts}
    if p.decision == "defend":
        out["thrower"] = p.thrower
    if p.taking:
        out["taking"] = True
    return out


@functools.lru_cache(maxsize=64)
def _changed_rules(rules: TanRules) -> dict:
    """``changed_options(rules)``, once per rules (a user's player gets a position at every decision)."""
    return changed_options(rules)


def _int(data, key, low, high, default=None):
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        _fail(f"'{key}' must be a whole number {low}..{high}, not {shown(value)}")
    return value


def _cards(value, what, deck) -> list[int]:
    if value is None:
        return []
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        value = " ".join(value)
    if not isinstance(value, str):
        _fail(f"{what} must be cards as text (e.g. \"10h Qd\"), not {shown(value)}")
    try:
        return parse_cards(value, deck)
    except CardoddsError as exc:
        _fail(f"{what}: {exc}")


def _one_card(value, what, deck) -> int:
    cards = _cards(value, what, deck)
    if len(cards) != 1:
        _fail(f"{what} must be one card, not {shown(value)}")
    return cards[0]


def _rules(data) -> TanRules:
    table = data.get("rules") or {}
    if not isinstance(table, dict):
        _fail(f"'rules' must be a table of rules options, not {shown(table)}")
    rules = TanRules.from_table(table, "tan position 'rules'")
    if rules.series_length != 1:
        _fail("series play (series_length > 1) carries the finish order over: positions are single games")
    return rules


def _seat_list(data, key, default) -> list:
    value = data.get(key, default)
    if not isinstance(value, list):
        _fail(f"'{key}' must be a list, not {shown(value)}")
    return value


def _table(data, deck) -> tuple:
    table = data["table"]
    if not isinstance(table, list) or not all(isinstance(t, list) and len(t) == 2 for t in table):
        _fail(f"'table' must be a list of [attack, cover] pairs (cover null while uncovered), not {shown(table)}")
    return tuple((_one_card(a, "a table attack card", deck), -1 if c is None else _one_card(c, "a table cover", deck))
                 for a, c in table)


def from_json(data: dict) -> Position:
    """The position of JSON ``data`` (see ``to_json``), checked: ``CardoddsError`` with one line when inconsistent."""
    if not isinstance(data, dict):
        _fail(f"a position is a JSON object, not {type(data).__name__}")
    unknown = sorted(set(data) - set(REQUIRED) - set(OPTIONAL))
    if unknown:
        _fail(f"unknown key '{unknown[0]}' (keys: {', '.join(REQUIRED + OPTIONAL)})")
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        _fail(f"missing key '{missing[0]}'")
    rules = _rules(data)
    P, deck = rules.players, rules.deck
    seat = _int(data, "seat", 0, P - 1)
    decision = data["decision"]
    if decision not in DECISIONS:
        _fail(f"'decision' must be one of {', '.join(DECISIONS)}, not {shown(decision)}")
    sizes = _seat_list(data, "hand_sizes", None)
    if len(sizes) != P or any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in sizes):
        _fail(f"'hand_sizes' must be {P} whole numbers >= 0 (one per seat), not {shown(sizes)}")
    known = _seat_list(data, "known", [""] * P)
    if len(known) != P:
        _fail(f"'known' must hold one entry per seat ({P}), not {len(known)}")
    out = _seat_list(data, "out", [])
    if any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < P for s in out) or len(set(out)) < len(out):
        _fail(f"'out' must list distinct seats 0..{P - 1}, not {shown(out)}")
    try:
        trump = parse_suit(data["trump"])
    except CardoddsError as exc:
        _fail(f"'trump': {exc}")
    bottom, taking = data.get("bottom"), data.get("taking", False)
    if not isinstance(taking, bool):
        _fail(f"'taking' must be true or false, not {shown(taking)}")
    p = Position(
        rules=rules, seat=seat, decision=decision, hand=tuple(sorted(_cards(data["hand"], "'hand'", deck))),
        trump=trump, bottom=-1 if bottom is None else _one_card(bottom, "'bottom'", deck),
        stock=_int(data, "stock", 0, rules.stock_size), discard=tuple(sorted(_cards(data.get("discard"),
                                                                                    "'discard'", deck))),
        table=_table(data, deck), attacker=_int(data, "attacker", 0, P - 1), defender=_int(data, "defender", 0, P - 1),
        hand_sizes=tuple(sizes), known=tuple(tuple(sorted(_cards(k, f"'known' of seat {s}", deck)))
                                             for s, k in enumerate(known)),
        out=tuple(s in out for s in range(P)), passes=_int(data, "passes", 0, P, 0),
        bouts=_int(data, "bouts", 0, rules.max_bouts - 1, 0),
        thrower=-1 if data.get("thrower") is None else _int(data, "thrower", 0, P - 1),
        taking=taking)
    check(p)
    return p


def check(p: Position) -> None:
    """Raise ``CardoddsError`` (one line) unless ``p`` is a decision a Tấn game can reach, as far as one seat can
    tell."""
    _check_cards(p)
    _check_seats(p)
    _check_table(p)
    _check_decision(p)


def _check_cards(p: Position) -> None:
    rules, P = p.rules, p.players
    places = [("the hand", p.hand), ("the discard pile", p.discard), ("the table", [c for t in p.table for c in t
                                                                                    if c >= 0])]
    places += [(f"seat {s}'s known cards", p.known[s]) for s in range(P) if s != p.seat]
    if p.bottom >= 0:
        places.append(("the bottom card", [p.bottom]))
    seen: dict = {}
    for where, cards in places:
        for c in cards:
            if c in seen:
                _fail(f"card {format_card(c, unicode=False)} is both in {seen[c]} and in {where}")
            seen[c] = where
    if p.hand_sizes[p.seat] != len(p.hand):
        _fail(f"seat {p.seat} holds {len(p.hand)} cards but 'hand_sizes' says {p.hand_sizes[p.seat]}")
    for s in range(P):
        if len(p.known[s]) > p.hand_sizes[s]:
            _fail(f"seat {s} is known to hold {len(p.known[s])} cards but holds {p.hand_sizes[s]}")
    if not set(p.known[p.seat]) <= set(p.hand):
        _fail(f"seat {p.seat}'s known cards are not all in its hand")
    table = sum(1 + (c >= 0) for _, c in p.table)
    total = sum(p.hand_sizes) + p.stock + len(p.discard) + table
    if total != rules.deck:
        _fail(f"the hands ({sum(p.hand_sizes)}), the stock ({p.stock}), the discard pile ({len(p.discard)}) and the "
              f"table ({table}) hold {total} cards, not the deck's {rules.deck}")
    if len(p.discard) % 2:
        _fail(f"the discard pile holds {len(p.discard)} cards: defended bouts discard attack and cover in pairs")
    problem = bottom_error(p)
    if problem:
        _fail(problem)


def _check_seats(p: Position) -> None:
    P = p.players
    if p.stock > 0 and any(p.out):
        _fail("a seat is out while the stock lasts: players finish only once the stock is empty")
    for s in range(P):
        if p.out[s] and (p.hand_sizes[s] or p.known[s]):
            _fail(f"seat {s} is out but holds cards")
    if sum(not o for o in p.out) < 2:
        _fail("fewer than 2 seats are still in the game: it is over")
    for name in ("seat", "attacker", "defender"):
        if p.out[getattr(p, name)]:
            _fail(f"the {name} (seat {getattr(p, name)}) is out of the game")
    if p.attacker == p.defender:
        _fail(f"seat {p.attacker} cannot attack itself")
    nxt = next(s for s in ((p.attacker + k) % P for k in range(1, P)) if not p.out[s])
    if p.defender != nxt:
        _fail(f"the defender must be the next seat still in after the attacker (seat {nxt}), not seat {p.defender}")


def _check_table(p: Position) -> None:
    ranks: set = set()
    uncovered = 0
    for i, (a, c) in enumerate(p.table):
        if i and rank_of(a) not in ranks:
            _fail(f"{format_card(a, unicode=False)} was thrown in, but no card of its rank was on the table")
        if c >= 0 and not beats(c, a, p.trump):
            _fail(f"{format_card(c, unicode=False)} does not beat {format_card(a, unicode=False)}")
        if c >= 0 and uncovered:
            _fail("a card is covered after an uncovered one: each card is beaten or taken at once")
        uncovered += c < 0
        ranks |= {rank_of(a)} | ({rank_of(c)} if c >= 0 else set())
    if len(p.table) > p.cap:
        _fail(f"the table holds {len(p.table)} attack cards, more than the bout's cap of {p.cap}")
    if uncovered > 1 and not p.taking:
        _fail("more than one table card is uncovered, but the defender has not said lên")


def _check_decision(p: Position) -> None:
    rules = p.rules
    uncovered = sum(c < 0 for _, c in p.table)
    if p.taking and not (rules.throw_in_after_take and p.decision == "add" and uncovered):
        _fail("'taking' (lên said, the others still add) needs throw_in_after_take, an add decision and an "
              "uncovered card")
    if p.decision == "attack" and (p.table or p.seat != p.attacker):
        _fail(f"an attack (a lead) is the attacker's (seat {p.attacker}) with the table empty")
    if p.decision == "add" and (not p.table or p.seat == p.defender or (uncovered and not p.taking)):
        _fail("an add (tấn cùng) is a non-defender's, with cards on the table, all covered")
    if p.decision == "defend" and (p.seat != p.defender or not uncovered or p.table[-1][1] >= 0):
        _fail(f"a defence is the defender's (seat {p.defender}) with the last table card uncovered")
    if (p.decision == "defend") != (p.thrower >= 0):
        _fail("'thrower' (who threw the card to beat) is given with a defence, and only then")
    if p.decision == "defend" and (p.thrower == p.defender or p.out[p.thrower]):
        _fail(f"the thrower (seat {p.thrower}) must be a seat still in other than the defender")
    adders = sum(not o for o in p.out) - 1
    if p.passes and p.decision != "add" or p.passes >= adders:
        _fail(f"'passes' is {p.passes}: only adders pass, fewer than the {adders} who may add")
    codes = legal_codes(p)
    if p.decision != "defend" and not [c for c in codes if c >= 0] or p.decision == "defend" and len(codes) < 2:
        _fail(f"seat {p.seat} has no card to play here: the game does not ask it (a forced pass or take)")


def bottom_error(p: Position) -> str | None:
    """What is wrong with the bottom card and the trump, or None."""
    if p.stock > 0 and p.bottom < 0:
        return "the stock's face-up bottom card ('bottom') is missing while the stock lasts"
    if p.stock == 0 and p.bottom >= 0:
        return "'bottom' is given but the stock is empty (the bottom card was drawn)"
    if p.bottom >= 0 and suit_of(p.bottom) != p.trump:
        return f"the bottom card {format_card(p.bottom, unicode=False)} is not of the trump suit {SUITS[p.trump]}"
    return None
