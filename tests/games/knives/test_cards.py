"""Selling Knives cards: card sums, each ace counted 1 or 14."""

from __future__ import annotations

from printkit.games.knives.cards import pays, roads_paid, totals


def test_card_totals_choose_each_ace():
    assert totals(["Q", "A", "6", "4"]) == [23, 36]
    assert totals(["A", "A"]) == [2, 15, 28]
    assert pays(["A", "6", "4"], 24) and not pays(["A", "6", "4"], 12)
    assert roads_paid(["K", "10", "4"], 12) == []
    assert roads_paid(["A", "A", "10"], 12) == [1]  # 1 + 1 + 10 = 12 (24 would need 1 + 13 + 10)
