"""The coin's words in both languages, its part of the one catalogue (``cardodds.vocabulary``)."""

from __future__ import annotations

from cardodds.sim.game_spec import words_by_id, words_by_language

WORDS = words_by_id(
    words_by_language(titles={"vi": {"coin": "Đồng xu"}},
                      charts={"vi": [(r"Coins: how often heads", "Đồng xu: bao lâu ra mặt ngửa")]},
                      units={"vi": {"per coin": "mỗi lần tung"}},
                      measures={"vi": {"wins (2 of 3 calls right)": "thắng (đoán đúng 2 trong 3 lần)",
                                       "right calls in the game": "số lần đoán đúng trong ván"}}),
    page={"labels.demo.p": ("Chance of heads", "Khả năng ra mặt ngửa"),  # the hand page's field p
          "faces.demo.H": ("heads", "ngửa"), "faces.demo.T": ("tails", "sấp"),  # the faces, on the deck and in answers
          "strategies.demo.heads": ("heads", "luôn đoán ngửa"), "strategies.demo.tails": ("tails", "luôn đoán sấp"),
          "advise.measures.demo.win": (["Win", "the chance of 2 right calls in 3"],
                                       ["Thắng", "khả năng đoán đúng 2 trong 3 lần"]),
          "advise.measures.demo.right": (["Right", "right calls on average"], ["Đúng", "số lần đoán đúng trung bình"]),
          "advise.rank.demo": (["the chance to win", "higher is better", "% points"],
                               ["khả năng thắng", "cao hơn là tốt hơn", "điểm %"])})
"""``GameSpec.words``: the report's words (Vietnamese) and the pages' (both languages, by id)."""
