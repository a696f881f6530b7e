"""Tấn (Vietnamese Durak, RULES.md §3): cards, rules, the reference and batch engines, strategies, the play task."""
