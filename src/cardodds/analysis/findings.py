"""The report's findings: the few answers it opens with, chosen from the sections' headline rows and put in words.

Each finding is one sentence that links to its section: the metric in words, then its answer as the section says it
(:mod:`cardodds.analysis.answers`: a percentage or "1 in N" with its 95 % interval, the exact value when known), each
asked arm and seat named.  The suite asks for its findings (``configs/suite.toml``); a run alone opens with its
headline rows.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardodds.analysis import i18n
from cardodds.analysis.answers import answer
from cardodds.vocabulary import word as catalogue_word

MOST = 15
"""At most this many findings open the report when none is asked for."""


def word(key: str, **fields) -> str:
    """The findings list's words ``key`` (the catalogue's ``findings.<key>``, ``vocabulary/report.<lang>.toml``) in
    the report's language, filled."""
    return catalogue_word(f"findings.{key}", i18n.language(), **fields)


@dataclass(frozen=True)
class Finding:
    """One sentence of the findings list: its section's anchor key, the metric in words, and the rest of the sentence."""

    key: str
    label: str
    said: str


@dataclass(frozen=True)
class Ask:
    """A finding a suite asks for (``configs/suite.toml``): ``metric`` at ``seats`` (``None``: the table's) for
    ``arms`` (``None``: every arm)."""

    metric: str
    seats: tuple
    arms: tuple | None = None


def finding(section, ask: Ask) -> Finding | None:
    """``ask`` answered from ``section`` (``None`` when it has no such row)."""
    said = answer(section.rows, ask.metric, list(ask.seats), None if ask.arms is None else list(ask.arms))
    if said is None:
        return None
    return Finding(section.key, section.label(ask.metric), f"{said} — {word('in_section')} “{section.title}”")


def choose_findings(sections, most: int = MOST) -> list[Finding]:
    """The report's findings: the ones the sections were asked for (``section.findings``, the suite's), in order;
    where none was asked, each section's first headline row, then each one's second, and so on, up to ``most``."""
    if any(s.findings for s in sections):
        found = (finding(s, ask) for s in sections for ask in s.findings)
        return [f for f in found if f is not None]
    out: list[Finding] = []
    depth = max((len(s.headline) for s in sections), default=0)
    for i in range(depth):
        for s in sections:
            if i < len(s.headline) and len(out) < most:
                metric, seat = s.headline[i]
                if (f := finding(s, Ask(metric, (seat,)))) is not None:
                    out.append(f)
    return out
