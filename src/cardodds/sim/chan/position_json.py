"""A Chắn position as JSON (docs/rules.md §1.12), and every check that it is one seat's possible view of a game.

:func:`from_json` raises :class:`~cardodds.sim.errors.CardoddsError` with one line naming the first thing wrong;
:func:`to_json` writes every key, so ``from_json(to_json(p)) == p``.
"""

from __future__ import annotations

from cardodds.sim.arguments import shown
from cardodds.sim.chan.cards import CHI_CHI, CODES, COPIES, N_KINDS, counts_of, format_hand, kind_code, parse_cards
from cardodds.sim.chan.deal import NOC_SIZE
from cardodds.sim.chan.holding import number
from cardodds.sim.chan.movelog import CA, CHAN, CHIU
from cardodds.sim.chan.position_state import DECISIONS, SOURCES, Position, view_decision
from cardodds.sim.chan.reference import PLAYERS
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.errors import CardoddsError
from cardodds.sim.options import from_table

KEYS = ("rules", "seat", "decision", "hand", "seats", "table", "noc", "card", "from", "slot", "owner", "decider",
        "declined")
SEAT_KEYS = ("mat", "discards", "acted")
DECLINED_KEYS = ("any", "chan", "ca_with")
_DEFAULT_RULES = ChanRules()
"""What :func:`to_json` leaves out of ``rules`` (read at every user player's decision: made once)."""


def _err(what: str) -> CardoddsError:
    return CardoddsError(f"position: {what}")


def _cards(text, where: str) -> list[int]:
    if isinstance(text, list) and all(isinstance(t, str) for t in text):
        text = " ".join(text)
    if not isinstance(text, str):
        raise _err(f"{where} must be cards as text (\"9V 9W CC\"), not {shown(text)}")
    try:
        return parse_cards(text)
    except CardoddsError as exc:
        raise _err(f"{where}: {exc}") from None


def _card(text, where: str) -> int:
    kinds = _cards(text, where)
    if len(kinds) != 1:
        raise _err(f"{where} must be one card, not {shown(text)}")
    return kinds[0]


def _seat_number(value, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < PLAYERS:
        raise _err(f"{where} must be a seat 0..{PLAYERS - 1}, not {shown(value)}")
    return value


def _meld(text, where: str) -> tuple:
    """``"chan 9V"``, ``"ca 9V 9W"`` (the taken card, then the hand card), ``"chiu 9V"``."""
    words = text.split(None, 1) if isinstance(text, str) else []
    kind = words[0].lower() if words else ""
    if kind not in (CHAN, CA, CHIU) or len(words) < 2:
        raise _err(f"{where}: {shown(text)} is no meld (write \"chan 9V\", \"ca 9V 9W\" or \"chiu 9V\")")
    kinds = _cards(words[1], where)
    if kind in (CHAN, CHIU):
        if len(kinds) != 1:
            raise _err(f"{where}: a {kind} names one card (\"{kind} 9V\"), not {shown(words[1])}")
        return kind, kinds[0], kinds[0]
    if len(kinds) != 2:
        raise _err(f"{where}: a cạ names the taken card and the hand card (\"ca 9V 9W\"), not {shown(words[1])}")
    taken, with_ = kinds
    if taken == with_ or CHI_CHI in kinds or number(taken) != number(with_):
        raise _err(f"{where}: {kind_code(taken)} and {kind_code(with_)} are no cạ (two suits of one number)")
    return CA, with_, taken


def _meld_text(meld) -> str:
    kind, with_, card = meld
    return f"{kind} {kind_code(card)}" + (f" {kind_code(with_)}" if kind == CA else "")


def _counts(kinds, where: str) -> tuple:
    try:
        return tuple(int(n) for n in counts_of(kinds))
    except CardoddsError as exc:
        raise _err(f"{where}: {exc}") from None


def _rules(table) -> ChanRules:
    if not isinstance(table, dict):
        raise _err(f"rules must be a table of options, not {shown(table)}")
    if table.get("series_length", 1) != 1:
        raise _err("rules: a position is one game, so series_length does not apply")
    try:
        return from_table(ChanRules, table, "position rules")
    except CardoddsError as exc:
        raise CardoddsError(str(exc).splitlines()[0]) from None


def from_json(data: dict) -> Position:
    """The position written as JSON (docs/rules.md §1.12), every check made (see the module docstring)."""
    if not isinstance(data, dict):
        raise _err(f"a position is a JSON object, not {type(data).__name__}")
    for key in data:
        if key not in KEYS:
            raise _err(f"unknown key {shown(key)} (keys: {', '.join(KEYS)})")
    for key in ("seat", "decision", "hand", "seats", "noc"):
        if key not in data:
            raise _err(f"the key {key!r} is missing")
    rules = _rules(data.get("rules", {}))
    seat = _seat_number(data["seat"], "seat")
    decision = data["decision"]
    if decision not in DECISIONS:
        raise _err(f"decision must be one of {', '.join(DECISIONS)}, not {shown(decision)}")
    hand = _counts(_cards(data["hand"], "hand"), "hand")
    seats = data["seats"]
    if not isinstance(seats, list) or len(seats) != PLAYERS:
        raise _err(f"seats must list the {PLAYERS} seats, seat 0 first")
    melds, discards, acted = [], [], []
    for s, entry in enumerate(seats):
        where = f"seat {s}"
        if not isinstance(entry, dict):
            raise _err(f"{where} must be an object with keys {', '.join(SEAT_KEYS)}")
        for key in entry:
            if key not in SEAT_KEYS:
                raise _err(f"{where}: unknown key {shown(key)} (keys: {', '.join(SEAT_KEYS)})")
        mat = entry.get("mat", [])
        if not isinstance(mat, list):
            raise _err(f"{where}: mat must be a list of melds (\"chan 9V\", \"ca 9V 9W\", \"chiu 9V\")")
        melds.append(tuple(_meld(m, f"{where} mat") for m in mat))
        discards.append(tuple(_cards(entry.get("discards", ""), f"{where} discards")))
        ms, ds = melds[-1], discards[-1]
        chius = sum(1 for m in ms if m[0] == CHIU)
        # a chíu out of turn and its trả cửa leave the first turn to come (Địa ù): one put-back card per chíu
        has_acted = len(ds) > chius or chius < len(ms)
        value = entry.get("acted", has_acted)
        if not isinstance(value, bool):
            raise _err(f"{where}: acted must be true or false, not {shown(value)}")
        if has_acted and not value:
            raise _err(f"{where} has eaten or discarded (more than its chíu put back), so its first turn has passed: "
                       "acted cannot be false")
        acted.append(value)
    table = _counts(_cards(data.get("table", ""), "table"), "table")
    noc = data["noc"]
    if isinstance(noc, bool) or not isinstance(noc, int) or not 0 <= noc <= NOC_SIZE:
        raise _err(f"noc must be the nọc's count 0..{NOC_SIZE}, not {shown(noc)}")
    card = _card(data["card"], "card") if data.get("card") is not None else None
    source = data.get("from")
    declined = data.get("declined", {})
    if not isinstance(declined, dict) or any(k not in DECLINED_KEYS for k in declined):
        raise _err(f"declined must be an object with keys {', '.join(DECLINED_KEYS)}")
    declined = tuple(tuple(sorted(set(_cards(declined.get(k, ""), f"declined {k}")))) for k in DECLINED_KEYS)
    pos = Position(rules=rules, seat=seat, decision=decision, hand=hand, melds=tuple(melds),
                   discards=tuple(discards), acted=tuple(acted), table=table, noc=noc, card=card, source=source,
                   declined=declined)
    pos = _card_in_play(pos, data)
    check(pos)
    return pos


def _card_in_play(pos: Position, data: dict) -> Position:
    """The card in play's keys checked and completed (``slot``, ``owner``, ``decider`` where they follow)."""
    from dataclasses import replace

    if pos.decision == "discard":
        for key in ("card", "from", "slot", "owner", "decider"):
            if data.get(key) is not None:
                raise _err(f"a discard decision has no card in play, so {key!r} must be left out")
        return pos
    if pos.card is None or pos.source is None:
        raise _err(f"a {pos.decision} decision needs the card in play: 'card' and 'from'")
    if pos.source not in SOURCES:
        raise _err(f"from must be one of {', '.join(SOURCES)}, not {shown(pos.source)}")
    decider = data.get("decider", pos.seat if pos.decision in ("act",) else None)
    if decider is None:
        raise _err(f"a {pos.decision} decision needs 'decider': the seat the card is offered to, or who drew it")
    decider = _seat_number(decider, "decider")
    if pos.decision == "act" and decider != pos.seat:
        raise _err(f"an act decision is the decider's: decider {decider} is not seat {pos.seat}")
    if pos.decision != "act" and decider == pos.seat:
        raise _err(f"a {pos.decision} decision is made out of turn: the decider cannot be seat {pos.seat} itself")
    follows = {"noc": decider, "discard": (decider - 1) % PLAYERS, "passed": (decider - 1) % PLAYERS}
    owner = data.get("owner", follows.get(pos.source))
    if owner is None:
        raise _err("a trả cửa card needs 'owner': the seat that chíu-ed and put it back")
    owner = _seat_number(owner, "owner")
    if pos.source in follows and owner != follows[pos.source]:
        what = {"noc": "drew it (the decider)", "discard": "discarded it (the seat before the decider)",
                "passed": "passed it on (the seat before the decider)"}[pos.source]
        raise _err(f"a card from {pos.source} is owned by the seat that {what}: {follows[pos.source]}, not {owner}")
    slot_follows = {"noc": "draw", "discard": "offer", "passed": "offer"}.get(pos.source)
    slot = data.get("slot", slot_follows)
    if slot not in ("draw", "offer"):
        raise _err(f"slot must be 'draw' (the decider's own draw) or 'offer', not {shown(slot)}")
    if slot_follows is not None and slot != slot_follows:
        raise _err(f"a card from {pos.source} lies in the {slot_follows} slot, not {slot}")
    return replace(pos, slot=slot, owner=owner, decider=decider)


def check(pos: Position) -> None:
    """Every consistency check of a position (one-line :class:`CardoddsError` on the first failure)."""
    seen = pos.seen()
    for k in range(N_KINDS):
        if seen[k] > COPIES:
            raise _err(f"{kind_code(k)} is seen {seen[k]} times (hand, mats, table); the deck has {COPIES}")
    sizes = pos.hidden_sizes()
    own = sum(pos.hand) + sum(2 if m[0] != CHIU else 4 for m in pos.melds[pos.seat])
    want = 20 if pos.decision in ("discard", "tra_cua") else 19
    if own != want:
        raise _err(f"seat {pos.seat} holds {own} cards (hand and mat) but a {pos.decision} decision needs {want}")
    for s in pos.others():
        if sizes[s] < 1:
            raise _err(f"seat {s}'s mat takes more cards than a 19-card hand has")
    if pos.at_start and pos.seat != pos.rules.cai_seat:
        raise _err(f"nothing has happened yet, so it is the cái's (seat {pos.rules.cai_seat}) first discard")
    cai = pos.rules.cai_seat
    if not pos.at_start and not pos.acted[cai]:
        raise _err(f"the game has begun, so the cái (seat {cai}) has discarded: acted cannot be false")
    unseen = sum(COPIES - n for n in seen)
    hidden = sum(sizes[s] for s in pos.others()) + pos.noc
    if unseen != hidden:
        raise _err(f"the counts do not add up: {unseen} cards unseen, but the other hands and the nọc hold {hidden}")
    melds = sum(len(ms) for ms in pos.melds)
    faceup = sum(pos.table) + melds
    came = sum(len(d) for d in pos.discards) + NOC_SIZE - pos.noc
    if faceup != came:
        raise _err(f"the counts do not add up: {sum(pos.table)} face-up cards and {melds} taken cards, but "
                   f"{came} were discarded or drawn")
    taken = [0] * N_KINDS
    for ms in pos.melds:
        for m in ms:
            taken[m[2]] += 1
    out = [0] * N_KINDS
    for d in pos.discards:
        for k in d:
            out[k] += 1
    for k in range(N_KINDS):
        if out[k] > pos.table[k] + taken[k]:
            raise _err(f"{kind_code(k)} was discarded {out[k]} times but lies on the table or a mat only "
                       f"{pos.table[k] + taken[k]} times")
    for s, d in enumerate(pos.discards):
        if len(set(d)) != len(d):
            raise _err(f"seat {s} discarded two cards of one kind (foul 14): no seat of this game does")
    if pos.card is not None:
        _check_card(pos)
    view_decision(pos)


def _check_card(pos: Position) -> None:
    c = pos.card
    if pos.decision == "chiu" and pos.hand[c] != 3:
        raise _err(f"a chíu out of turn needs three {kind_code(c)} in hand, seat {pos.seat} holds {pos.hand[c]}")
    if pos.decision == "tra_cua":
        last = pos.melds[pos.seat][-1] if pos.melds[pos.seat] else None
        if last != (CHIU, c, c):
            raise _err(f"a trả cửa follows the seat's chíu of {kind_code(c)}: its mat must end with \"chiu "
                       f"{kind_code(c)}\"")
        return
    if pos.table[c] < 1:
        raise _err(f"the card in play {kind_code(c)} must be on the table")
    if pos.source in ("discard", "tra_cua") and (not pos.discards[pos.owner] or pos.discards[pos.owner][-1] != c):
        raise _err(f"seat {pos.owner}'s last discard must be the card in play {kind_code(c)}")
    if pos.source == "tra_cua" and (not pos.melds[pos.owner] or pos.melds[pos.owner][-1][0] != CHIU):
        raise _err(f"a trả cửa card follows a chíu: seat {pos.owner}'s mat must end with one")
    if pos.source == "noc" and pos.noc == NOC_SIZE:
        raise _err("a card from the nọc was drawn, so the nọc cannot be full")


def to_json(pos: Position) -> dict:
    """The position as JSON: every key written (see docs/rules.md §1.12)."""
    defaults = _DEFAULT_RULES
    rules = {k: (dict(v) if isinstance(v, dict) else v) for k, v in pos.rules.__dict__.items()
             if v != getattr(defaults, k)}
    data = {
        "rules": rules, "seat": pos.seat, "decision": pos.decision, "hand": format_hand(pos.hand),
        "seats": [{"mat": [_meld_text(m) for m in pos.melds[s]],
                   "discards": " ".join([CODES[k] for k in pos.discards[s]]), "acted": pos.acted[s]}
                  for s in range(PLAYERS)],
        "table": format_hand(pos.table), "noc": pos.noc,
    }
    if pos.card is not None:
        data.update({"card": kind_code(pos.card), "from": pos.source, "slot": pos.slot, "owner": pos.owner,
                     "decider": pos.decider})
    data["declined"] = {k: " ".join([CODES[c] for c in d]) for k, d in zip(DECLINED_KEYS, pos.declined)}
    return data
