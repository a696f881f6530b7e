"""Chắn: cards, hand evaluation and the deal (RULES.md §1)."""
