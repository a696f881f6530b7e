"""Sâm (Sâm lốc): cards, rules, combinations, tới trắng, the reference and batch engines (docs/rules.md §2)."""
