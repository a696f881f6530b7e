"""What the rung benchmarks share (``bench_tan_rungs.py``, ``bench_sam_rungs.py``, ``bench_chan_rungs.py``): the
printed markdown table of each rung's decision and game rates (not a benchmark itself)."""

from __future__ import annotations


def print_header(numpy_label: str = "numpy") -> None:
    """The table's two header lines."""
    print(f"| rung | decisions a game | decisions / CPU s | games / CPU s ({numpy_label}) | games / CPU s (compiled) |")
    print("|---|---:|---:|---:|---:|")


def print_row(name: str, decisions: int, decision_seconds: float, games: float, cpu: float,
              compiled_rate: float | None) -> None:
    """One rung's row: ``decisions`` of it over ``games`` games, its own decision time, the games' CPU time, and its
    games per CPU second on the compiled engine (None: not played there)."""
    print(f"| `{name}` | {decisions / games:.1f} | {decisions / max(decision_seconds, 1e-9):,.0f} | "
          f"{games / max(cpu, 1e-9):,.1f} | {'–' if compiled_rate is None else f'{compiled_rate:,.0f}'} |", flush=True)
