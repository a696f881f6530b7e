"""The README's short headline table and docs/results.md's long one, made from the committed showcase's headline
(``reports/showcase/README.md``).

``python -m cardodds.analysis.showcase_headline [--long]`` prints one; ``--write PAGE`` puts it between the page's
markers. A test checks that both pages hold exactly what this makes, so the tables cannot drift from the showcase run.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from cardodds.sim.errors import CardoddsError

BEGIN = "<!-- headline: python -m cardodds.analysis.showcase_headline --write README.md -->"
BEGIN_LONG = "<!-- results: python -m cardodds.analysis.showcase_headline --long --write docs/results.md -->"
END = "<!-- end of headline -->"


@dataclass(frozen=True)
class Pick:
    """One row of a table: the question in words, the showcase rows (experiment, what) that answer it, how to show
    them (a share as a percentage, or a mean as is) and the exact value where one is known."""

    game: str
    question: str
    rows: tuple[tuple[str, str], ...]
    percent: bool = True
    exact: str = ""


# game | the question in words | the showcase rows: experiments | whats (several joined by " ; ", one shared by all) |
# "%" for a share, "mean" for a mean [| the exact value].  A backslash continues a row on the next line.
_SHORT = """
Chắn | Thiên ù: the cái's 20 dealt cards already win | `chan_deal` \
  | Thiên ù: the cái's 20 dealt cards are already a win, seat 0, per hand | %
Chắn | a dealt 19-card hand already waits to win | `chan_deal` \
  | dealt hand already waits to win (chờ ù), seat 1, per hand | %
Chắn | the cái wins a game, 4 `basic` players | `chan_play` · basic | wins the game (ù), seat 0, per game | %
Chắn | the cái's net points a game, playing `tuned` against 3 `basic` | `chan_players` · tuned at seat 0 \
  | net points per game, seat 0, points per game | mean
Sâm | a dealt hand is a tới trắng (4 players) | `sam_deal` · 4 players \
  | dealt hand is a tới trắng (an instant win), per hand | %
Sâm | a dealt hand is worth declaring Sâm (its chance ≥ 1/2, 4 players) | `sam_odds` · 4 players \
  | dealt hand's Sâm at least breaks even (chance ≥ 1/2), per hand | %
Sâm | a Sâm declared by the `bayes` declarer succeeds | `sam_declare` · bayes, margin 0 \
  | a declared Sâm succeeds, seat 0, per declared Sâm | %
Sâm | the `expert` wins against 3 `control` players | `sam_ladder` · expert against control \
  | wins the game, seat 0, per game | %
Tấn | the first attacker loses, 4 `tuned` players | `tan_seats_tuned` · 4 players \
  | loses the game (bị tấn), seats counted from the first attacker, seat 0, per game | %
Tấn | the first defender loses, 4 `tuned` players | `tan_seats_tuned` · 4 players \
  | loses the game (bị tấn), seats counted from the first attacker, seat 1, per game | %
Tấn | 2 `tuned` players draw (both last cards fall together) | `tan_seats_tuned` · 2 players \
  | draw (hòa: the last cards go together), per game | %
Tấn | a `tuned` player at a table of 3 `heuristic` players loses | `tan_ladder` · tuned against heuristic \
  | loses, by table seat (whoever attacks first), seat 0, per game | %
"""

_LONG = """
Chắn | Thiên ù: the cái's 20 dealt cards already win (10⁷ tables) | `chan_deal` \
  | Thiên ù: the cái's 20 dealt cards are already a win, seat 0, per hand | % | 0.11358 % ≈ 1 in 880
Chắn | a 19-card hand is dealt one card from a win | `chan_deal` \
  | dealt hand already waits to win (chờ ù), seat 1, per hand | % | 1.5939 %
Chắn | the cái wins a full game: 4 `basic` players / the cái plays `heuristic`, 3 `basic` \
  | `chan_play` · basic ; `chan_play` · heuristic at seat 0 | wins the game (ù), seat 0, per game | %
Chắn | draws, 4 `basic` players: no house rule / `min_points_to_win = "no_xuong"` / `= 2` \
  | `chan_play` · basic ; `chan_play` · house rule: no win without a cước \
  ; `chan_play` · house rule: a win needs 2 points \
  | no one wins (hòa: the nọc runs out), per game | %
Chắn | the cái's mean net points a game against 3 `basic` players, playing `basic` / `heuristic` / `cuoc` / `tuned` \
  | `chan_players` · basic ; `chan_players` · heuristic at seat 0 ; `chan_players` · cuoc at seat 0 \
  ; `chan_players` · tuned at seat 0 | net points per game, seat 0, points per game | mean
Chắn | the cái's points per win, same table: `basic` / `heuristic` / `cuoc` / `tuned` \
  | `chan_players` · basic ; `chan_players` · heuristic at seat 0 ; `chan_players` · cuoc at seat 0 \
  ; `chan_players` · tuned at seat 0 | points of a win, seat 0, points per win | mean
Chắn | 4 `tuned` players (`chan_play_tuned`): the cái wins / nobody wins | `chan_play_tuned` \
  | wins the game (ù), seat 0, per game ; no one wins (hòa: the nọc runs out), per game | %
Chắn | 4 `tuned` players: the cái's mean net points a game | `chan_play_tuned` \
  | net points per game, seat 0, points per game | mean
Sâm | a dealt hand is tới trắng (4 players) | `sam_deal` · 4 players \
  | dealt hand is a tới trắng (an instant win), per hand | % | 0.24938 %
Sâm | someone at a 4-player table holds a tới trắng | `sam_deal` · 4 players \
  | some hand at the table is a tới trắng, per table | %
Sâm | seat 0 (the `bayes` declarer, margin 0) against 3 `control` blockers: declares / its Sâm succeeds \
  | `sam_declare` · bayes, margin 0 \
  | declares Sâm (báo Sâm), seat 0, per game ; a declared Sâm succeeds, seat 0, per declared Sâm | %
Sâm | seat 0's mean cược a game against 3 `control` blockers: never declaring / the naive threshold 0.7 / `bayes` / \
  the oracle (an upper bound) | `sam_declare` · never declares ; `sam_declare` · strength ≥ 0.7 (naive) \
  ; `sam_declare` · bayes, margin 0 ; `sam_declare` · the oracle, an upper bound \
  | stakes (cược) won or lost per game, seat 0, cược per game | mean
Sâm | share of the oracle's gain over never declaring that the `bayes` declarer captures \
  | `sam_declare` · bayes, margin 0 | share of the oracle's gain over never declaring that this declarer captures, \
  seat 0, share of the oracle's gain in cược per game | %
Sâm | a dealt hand's Sâm would at least break even (chance ≥ 1/2 against blockers) at 2 / 3 / 4 / 5 players \
  | `sam_odds` · 2 players ; `sam_odds` · 3 players ; `sam_odds` · 4 players ; `sam_odds` · 5 players \
  | dealt hand's Sâm at least breaks even (chance ≥ 1/2), per hand | %
Sâm | seat 0 wins a normal game, all `control` players, at 2 / 4 / 5 players \
  | `sam_players` · 2 players ; `sam_players` · 4 players ; `sam_players` · 5 players \
  | wins the game, seat 0, per game | %
Sâm | seat 0's mean cược a game against 3 `control` players (nobody declares), by its player: `random` / `greedy` / \
  `control` / `expert` | `sam_ladder` · random against control ; `sam_ladder` · greedy against control \
  ; `sam_ladder` · control against control ; `sam_ladder` · expert against control \
  | stakes (cược) won or lost per game, seat 0, cược per game | mean
Sâm | seat 0 wins, same table: `random` / `greedy` / `control` / `expert` \
  | `sam_ladder` · random against control ; `sam_ladder` · greedy against control \
  ; `sam_ladder` · control against control ; `sam_ladder` · expert against control | wins the game, seat 0, per game | %
Tấn | 4 `basic` players: the first attacker / the defender loses / a draw | `tan_seats` · 4 players \
  | loses the game (bị tấn), seats counted from the first attacker, seat 0, per game \
  ; loses the game (bị tấn), seats counted from the first attacker, seat 1, per game \
  ; draw (hòa: the last cards go together), per game | %
Tấn | 4 `tuned` players: the first attacker / the defender loses / a draw | `tan_seats_tuned` · 4 players \
  | loses the game (bị tấn), seats counted from the first attacker, seat 0, per game \
  ; loses the game (bị tấn), seats counted from the first attacker, seat 1, per game \
  ; draw (hòa: the last cards go together), per game | %
Tấn | 2 `tuned` players (52 cards, 8-card hands): the first attacker / the defender loses / a draw \
  | `tan_seats_tuned` · 2 players \
  | loses the game (bị tấn), seats counted from the first attacker, seat 0, per game \
  ; loses the game (bị tấn), seats counted from the first attacker, seat 1, per game \
  ; draw (hòa: the last cards go together), per game | %
Tấn | a player against 3 `heuristic` players loses, by its player: `random` / `basic` / `heuristic` / `beginner` / \
  `tuned` | `tan_ladder` · random against heuristic ; `tan_ladder` · basic against heuristic \
  ; `tan_ladder` · heuristic against heuristic ; `tan_ladder` · beginner against heuristic \
  ; `tan_ladder` · tuned against heuristic | loses, by table seat (whoever attacks first), seat 0, per game | %
Tấn | 2 players, a draw: 2 `basic` / 2 `heuristic` / 2 `tuned` players \
  | `tan_mirror` · basic against basic ; `tan_mirror` · heuristic against heuristic \
  ; `tan_mirror` · tuned against tuned \
  | draw (hòa: the last cards go together), per game | %
Tấn | `heuristic` among 3 `basic` players loses / `basic` there | `tan_strategies` · heuristic at seat 0 \
  ; `tan_strategies` · all basic | loses, by table seat (whoever attacks first), seat 0, per game | %
Tấn | the first attacker loses, 4 `basic` players: default rules / đổi 2 chủ / at most 6 attack cards \
  | `tan_rules` · default rules ; `tan_rules` · đổi 2 chủ (only the 2 of trumps exchanges) \
  ; `tan_rules` · at most 6 attack cards \
  | loses the game (bị tấn), seats counted from the first attacker, seat 0, per game | %
Tấn | classic podkidnoy (36 cards, 6-card hands, Russian refill, throw-in after a take, lowest trump leads), \
  4 `basic` players: the first attacker / the defender loses | `tan_podkidnoy` · podkidnoy: 36 cards, 6 each \
  | loses the game (bị tấn), seats counted from the first attacker, seat 0, per game \
  ; loses the game (bị tấn), seats counted from the first attacker, seat 1, per game | %
"""


def _picks(text: str) -> tuple[Pick, ...]:
    """A picks text as :class:`Pick` rows: several experiments or whats joined by " ; ", one shared by all."""
    picks = []
    for line in text.strip().splitlines():
        cells = [cell.strip() for cell in " ".join(line.split()).split(" | ")]
        game, question, experiments, whats, kind, *exact = cells
        experiments, whats = experiments.split(" ; "), whats.split(" ; ")
        count = max(len(experiments), len(whats))
        rows = tuple(zip(experiments * count if len(experiments) == 1 else experiments,
                         whats * count if len(whats) == 1 else whats))
        picks.append(Pick(game, question, rows, kind == "%", exact[0] if exact else ""))
    return tuple(picks)


PICKS = _picks(_SHORT)
LONG_PICKS = _picks(_LONG)


def showcase_rows(showcase_md: str) -> dict[tuple[str, str], tuple[str, str]]:
    """The showcase's headline rows: (experiment, what) → (estimate, interval) as the showcase writes them."""
    rows = {}
    for line in showcase_md.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if len(cells) == 4 and not set(cells[0]) <= set("-"):
            rows[(cells[0], cells[1])] = (cells[2], cells[3])
    return rows


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def _decimals(value: float) -> int:
    """Decimals that show ``value`` to three significant digits."""
    return max(0, 2 - math.floor(math.log10(abs(value)))) if value else 1


def answer(estimate: str, interval: str, percent: bool) -> tuple[str, str]:
    """The estimate and its interval in a player's words: percentages (with "1 in N" when rare), or the mean as is."""
    value, _, one_in = estimate.partition(" · ")
    low, high = (_number(x) for x in interval.strip("[]").split(", "))
    if not percent:
        places = min(3, _decimals(_number(value)))
        return f"{_number(value):+.{places}f}", f"{low:+.{places}f} to {high:+.{places}f}"
    share = 100 * _number(value)
    places = _decimals(share)
    text = f"{share:.{places}f} %" + (f" ({one_in})" if one_in else "")
    return text, f"{100 * low:.{places}f}–{100 * high:.{places}f} %"


def headline_table(showcase_md: str, picks: tuple[Pick, ...] = PICKS) -> str:
    """The table (markdown) of ``picks``, made from the showcase's headline; an exact column when one is known."""
    rows = showcase_rows(showcase_md)
    exact = any(pick.exact for pick in picks)
    lines = ["| game | question | answer | 95 % interval |" + (" exact |" if exact else ""),
             "|---|---|---:|---:|" + ("---:|" if exact else "")]
    for pick in picks:
        missing = [f"{experiment} | {what}" for experiment, what in pick.rows if (experiment, what) not in rows]
        if missing:
            raise CardoddsError(f"the showcase has no headline row {missing[0]}; "
                                "regenerate it or change the picks in cardodds.analysis.showcase_headline")
        answers = [answer(*rows[row], pick.percent) for row in pick.rows]
        cells = [pick.game, pick.question, " / ".join(a for a, _ in answers), " / ".join(i for _, i in answers)]
        lines.append("| " + " | ".join(cells + ([pick.exact] if exact else [])) + " |")
    return "\n".join(lines)


def _marked(text: str, begin: str) -> re.Match:
    match = re.search(re.escape(begin) + r"\n(.*?)" + re.escape(END), text, re.S)
    if match is None:
        raise CardoddsError(f"the page has no table markers ({begin} … {END})")
    return match


def readme_block(text: str, begin: str = BEGIN) -> str:
    """The table between a page's markers (``begin`` and :data:`END`)."""
    return _marked(text, begin).group(1).removesuffix("\n")


def write_table(path: Path, table: str, begin: str = BEGIN) -> None:
    """Replace what stands between the page's markers with ``table``."""
    text = path.read_text(encoding="utf-8")
    match = _marked(text, begin)
    path.write_text(f"{text[:match.start()]}{begin}\n{table}\n{END}{text[match.end():]}", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Print the table made from the showcase, or write it into its page."""
    parser = argparse.ArgumentParser(prog="python -m cardodds.analysis.showcase_headline")
    parser.add_argument("--showcase", default="reports/showcase/README.md", help="the showcase's README")
    parser.add_argument("--long", action="store_true", help="the long table of docs/results.md, not the README's")
    parser.add_argument("--write", metavar="PAGE", help="put the table between this page's markers")
    args = parser.parse_args(argv)
    picks, begin = (LONG_PICKS, BEGIN_LONG) if args.long else (PICKS, BEGIN)
    try:
        table = headline_table(Path(args.showcase).read_text(encoding="utf-8"), picks)
        if args.write:
            write_table(Path(args.write), table, begin)
        else:
            print(table)
    except (OSError, CardoddsError) as exc:
        print(f"showcase_headline: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
