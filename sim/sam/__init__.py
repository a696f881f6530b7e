"""Sâm (Sâm lốc): cards, rules, combinations, tới trắng, the reference and batch engines (RULES.md §2)."""
