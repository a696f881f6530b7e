"""Chắn: cards, hand evaluation and the deal (docs/rules.md §1)."""
