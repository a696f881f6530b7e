"""Tấn (Vietnamese Durak, docs/rules.md §3): cards, rules, reference and batch engines, strategies, the play task."""
