"""The README's short headline table, rendered from the committed showcase's headline (``reports/showcase/README.md``).

``python -m cardodds.analysis.showcase_headline`` prints it; ``--write README.md`` puts it between the README's markers.
A test checks that the README holds exactly what this renders, so the table cannot drift from the showcase run.
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
END = "<!-- end of headline -->"


@dataclass(frozen=True)
class Pick:
    """One row of the short table: the question in words and the showcase row (experiment, what) that answers it."""

    game: str
    question: str
    experiment: str
    what: str
    percent: bool = True


# game | the question in words | the showcase row answering it: experiment | what | "%" for a share, "mean" for a mean
_PICKS = """
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
  | loses the game (bị tấn), seat 0, per game | %
Tấn | the first defender loses, 4 `tuned` players | `tan_seats_tuned` · 4 players \
  | loses the game (bị tấn), seat 1, per game | %
Tấn | 2 `tuned` players draw (both last cards fall together) | `tan_seats_tuned` · 2 players \
  | draw (hòa: the last cards go together), per game | %
Tấn | a `tuned` player at a table of 3 `heuristic` players loses | `tan_ladder` · tuned against heuristic \
  | loses, by table seat (whoever attacks first), seat 0, per game | %
"""


def _picks() -> tuple[Pick, ...]:
    """:data:`_PICKS` as :class:`Pick` rows (a backslash continues a row on the next line)."""
    rows = [[cell.strip() for cell in line.split(" | ")] for line in _PICKS.strip().splitlines()]
    return tuple(Pick(game, question, experiment, what, kind == "%") for game, question, experiment, what, kind in rows)


PICKS = _picks()


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
    """Decimals that show ``value`` (a percentage) to three significant digits."""
    return max(0, 2 - math.floor(math.log10(abs(value)))) if value else 1


def answer(estimate: str, interval: str, percent: bool) -> tuple[str, str]:
    """The estimate and its interval in a player's words: percentages (with "1 in N" when rare), or the mean as is."""
    value, _, one_in = estimate.partition(" · ")
    low, high = (_number(x) for x in interval.strip("[]").split(", "))
    if not percent:
        return f"{_number(value):+.3g}", f"{low:+.3g} to {high:+.3g}"
    share = 100 * _number(value)
    places = _decimals(share)
    text = f"{share:.{places}f} %" + (f" ({one_in})" if one_in else "")
    return text, f"{100 * low:.{places}f}–{100 * high:.{places}f} %"


def headline_table(showcase_md: str) -> str:
    """The short headline table (markdown) for the picked rows of the showcase's headline."""
    rows = showcase_rows(showcase_md)
    lines = ["| game | question | answer | 95 % interval |", "|---|---|---:|---:|"]
    for pick in PICKS:
        if (pick.experiment, pick.what) not in rows:
            raise CardoddsError(f"the showcase has no headline row {pick.experiment} | {pick.what}; "
                                "regenerate it or change PICKS in cardodds.analysis.showcase_headline")
        shown, interval = answer(*rows[(pick.experiment, pick.what)], pick.percent)
        lines.append(f"| {pick.game} | {pick.question} | {shown} | {interval} |")
    return "\n".join(lines)


def readme_block(readme: str) -> str:
    """The text between the README's headline markers."""
    match = re.search(re.escape(BEGIN) + r"\n(.*?)\n" + re.escape(END), readme, re.S)
    if match is None:
        raise CardoddsError(f"the README has no headline markers ({BEGIN} … {END})")
    return match.group(1)


def write_readme(readme_path: Path, table: str) -> None:
    """Replace the table between the README's markers with ``table``."""
    text = readme_path.read_text(encoding="utf-8")
    old = readme_block(text)
    readme_path.write_text(text.replace(f"{BEGIN}\n{old}\n{END}", f"{BEGIN}\n{table}\n{END}"), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Print the table made from the showcase, or write it into a README."""
    parser = argparse.ArgumentParser(prog="python -m cardodds.analysis.showcase_headline")
    parser.add_argument("--showcase", default="reports/showcase/README.md", help="the showcase's README")
    parser.add_argument("--write", metavar="README", help="put the table between this file's markers")
    args = parser.parse_args(argv)
    try:
        table = headline_table(Path(args.showcase).read_text(encoding="utf-8"))
        if args.write:
            write_readme(Path(args.write), table)
        else:
            print(table)
    except (OSError, CardoddsError) as exc:
        print(f"showcase_headline: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
