"""An independent Sâm log checker: it replays a reference game's text log with its own reading of the rules
(docs/rules.md §2.3) and fails on a play not from the player's cards, one that neither leads nor beats the table,
or a count the log does not bear out (the player checks of :mod:`cardodds.sim.conformance`, the property tests)."""

from __future__ import annotations

import re

from cardodds.sim.conformance import expect


def combination(ranks: list[int], rules) -> tuple[str, int, int]:
    """(kind, length, top) of a play, by the checker's own reading of docs/rules.md §2.3; top of a straight is a
    position."""
    from cardodds.sim.sam.cards import ACE, TWO

    ranks = sorted(ranks)
    if len(set(ranks)) == 1 and len(ranks) <= 4:
        return ("single", "pair", "triple", "quad")[len(ranks) - 1], len(ranks), ranks[0]
    expect(len(ranks) >= 3 and len(set(ranks)) == len(ranks), f"not a combination: {ranks}")
    # positions: 3..K at 2..12, A high 13; with "a23_to_qka" A may be 0 and 2 may be 1 (low)
    high = [r + 2 if r < ACE else (13 if r == ACE else None) for r in ranks]
    if None not in high and max(high) - min(high) == len(ranks) - 1:
        return "straight", len(ranks), max(high)
    expect(rules.straights == "a23_to_qka", f"not a straight under 3_to_a: {ranks}")
    low = sorted(0 if r == ACE else (1 if r == TWO else r + 2) for r in ranks)
    expect(low == list(range(low[0], low[0] + len(low))), f"not a straight: {ranks}")
    return "straight", len(ranks), low[-1]


def beats(new, cur, rules) -> bool:
    """Whether play ``new`` beats play ``cur`` on the table (both as :func:`combination` reads them)."""
    from cardodds.sim.sam.cards import TWO

    if new[0] == "quad" and cur[0] == "single" and cur[2] == TWO:
        return rules.chop_two
    if new[0] == "quad" and cur[0] == "quad":
        return rules.chop_quad and new[2] > cur[2]
    return new[:2] == cur[:2] and new[2] > cur[2]


def check_sam_log(cards, leader: int, rules, res) -> int:
    """Replay a Sâm text log, raising ``AssertionError`` unless each play is from the player's cards, leading a
    round or beating the play on the table; the count of plays."""
    from cardodds.sim.sam.cards import TWO, parse_cards, rank_of

    P = rules.players
    hands = [set(int(c) for c in cards[s]) for s in range(P)]
    play_re = re.compile(r"^seat (\d) (leads|beats with|chops with) .* \(([^)]*)\)$")
    current = None
    plays, last, passed = 0, None, set()
    for line in res.log:
        m = play_re.match(line)
        if m:
            s, verb, text = int(m.group(1)), m.group(2), m.group(3)
            played = parse_cards(text)
            expect(set(played) <= hands[s], f"{line}: cards not in the hand")
            expect(s not in passed, f"{line}: the seat passed earlier in this round")
            hands[s] -= set(played)
            new = combination([rank_of(c) for c in played], rules)
            if current is None:
                expect(verb == "leads", f"{line}: a play on an empty table must lead")
            else:
                expect(verb != "leads" and beats(new, current, rules), f"{line}: does not beat {current}")
                expect((verb == "chops with") == (new[0] == "quad" and current[0] in ("quad", "single")), line)
            if rules.no_finish_on_two and not hands[s]:
                expect(all(rank_of(c) != TWO for c in played), f"{line}: finishes on a 2")
            current, last = new, s
            plays += 1
        elif line.startswith("round to seat"):
            expect(int(line.split()[-1]) == last, f"{line}: the round goes to the last player, seat {last}")
            current, passed = None, set()
        elif "cannot lead" in line:
            current, passed = None, set()
        elif re.match(r"^seat \d passes$", line):
            expect(current is not None and int(line.split()[1]) != last, f"{line}: a pass on an empty table")
            passed.add(int(line.split()[1]))
    expect(plays == res.plays, f"{plays} plays in the log, {res.plays} counted")
    if res.outcome in ("normal", "sam_success"):
        expect(not hands[res.winner], "the winner still holds cards")
    return plays
