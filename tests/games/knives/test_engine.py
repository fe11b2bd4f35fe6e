"""Selling Knives engine: the claim options of a hand, the deck, and whole games."""

from __future__ import annotations

import random

import pytest

from printkit.games.knives.cards import RANKS, all_roads, pays, road_count
from printkit.games.knives.engine import (DECK, ClaimTable, Deck, RoadMap, claim_mask, claim_options, claim_sizes, hand_key,
                                          hand_ranks, parse_hand, play)
from printkit.games.knives.game import GAME, Results
from printkit.games.knives.strategies import make

VAL = {1: 1, **{r: r for r in range(2, 14)}}


def brute_sizes(ranks: list[int], k: int) -> list[int]:
    """Every claim size of a hand, by trying every subset and every ace value."""
    sizes = set()
    for mask in range(1, 1 << len(ranks)):
        part = [ranks[i] for i in range(len(ranks)) if mask >> i & 1]
        aces = part.count(1)
        base = sum(VAL[r] for r in part)
        for high in range(aces + 1):
            t = base + 13 * high
            if t % k == 0:
                sizes.add(t // k)
    return sorted(sizes)


# ---------------------------------------------------------------- the seed's examples

def test_seed_k_10_4_makes_no_claim():
    assert claim_sizes(parse_hand("K 10 4"), 12) == []
    assert claim_options(parse_hand("K 10 4"), 12) == (0,)


def test_seed_q_a_6_4_makes_one_two_or_three_roads():
    opts = claim_options(parse_hand("Q A 6 4"), 12)
    assert claim_sizes(parse_hand("Q A 6 4"), 12) == [1, 2, 3]
    assert hand_ranks(opts[1]) == [12]  # spend the Q
    assert hand_ranks(opts[2]) == [1, 4, 6]  # A as 14 + 6 + 4 = 24
    assert hand_ranks(opts[3]) == [1, 4, 6, 12]  # everything: 36


@pytest.mark.parametrize("k", [8, 12, 14])
def test_claim_options_match_brute_force(k):
    rng = random.Random(k)
    for _ in range(300):
        ranks = rng.sample(DECK, rng.randint(1, 9))
        key = hand_key(ranks)
        assert claim_sizes(key, k) == brute_sizes(ranks, k), ranks
        for m, spend in enumerate(claim_options(key, k)):
            if spend:  # the cards to spend are in the hand and pay exactly m roads
                spent = hand_ranks(spend)
                assert all(spent.count(r) <= ranks.count(r) for r in set(spent))
                assert pays([RANKS[r - 1] for r in spent], m * k)


def test_claim_options_keep_aces_when_they_can():
    opts = claim_options(parse_hand("A J Q"), 12)
    assert hand_ranks(opts[1]) == [12]  # Q alone rather than A + J


def test_claim_table_caches_by_hand():
    t = ClaimTable(12)
    key = parse_hand("Q A 6 4")
    assert t.mask(key) == 0b1110 and key in t.cache  # 1, 2 or 3 roads
    assert hand_ranks(t.spend(key, 2)) == [1, 4, 6] and (key, 2) in t.spends


# ---------------------------------------------------------------- deck and map

def test_deck_reshuffles_the_discard_pile_when_the_draw_pile_runs_out():
    deck = Deck(random.Random(1))
    drawn = [deck.draw() for _ in range(52)]
    assert sorted(drawn) == sorted(DECK)
    assert deck.draw() is None  # every card is in a hand
    deck.spend([12, 5])
    assert deck.reshuffles == 1 and sorted(deck.draw_pile) == [5, 12]
    assert sorted([deck.draw(), deck.draw()]) == [5, 12] and deck.draw() is None


def test_road_map_has_one_edge_set_per_player():
    roads = RoadMap(5, 2)
    assert roads.left == road_count(5) == 10
    roads.claim(0, [(1, 2), (3, 1)])
    roads.claim(1, [(4, 5)])
    assert roads.edges[0] == {(1, 2), (1, 3)} and roads.edges[1] == {(4, 5)}
    assert roads.left == 7 and roads.owner[(1, 3)] == 0
    with pytest.raises(ValueError):
        roads.claim(1, [(2, 1)])


# ---------------------------------------------------------------- whole games

@pytest.mark.parametrize("specs", [["greedy"] * 2, ["greedy", "patient:3", "hoard"], ["race:4"] * 4])
def test_games_share_out_every_road(specs):
    choosers = [make(s).factory(len(specs), 12) for s in specs]
    for g in range(20):
        out = play(choosers, 12, random.Random(g))
        assert not out.stalled
        assert sum(out.roads) == 66
        owned = [set(e) for e in out.edges]
        assert [len(e) for e in owned] == out.roads
        assert set().union(*owned) == set(all_roads(12))


def test_game_record_replays_through_the_scorer():
    """The engine's own record of a game, typed into a results file, is valid and gives the same roads."""
    names = ["Ann", "Ben", "Cat"]
    for g in range(5):
        choosers = [make(s).factory(3, 11) for s in ("greedy", "patient:2", "race:5")]
        out = play(choosers, 11, random.Random(g), names=names)
        res = Results.from_dict({"game": "knives", "players": names, "kcount": 11, "turns": out.log})
        report = GAME.score(res)
        assert report.valid, report.violations[:3]
        assert [report.scores[n] for n in names] == out.roads


def test_same_seed_same_game():
    choosers = [make("greedy").factory(3, 12)] * 3
    a = play(choosers, 12, random.Random(42), names=["a", "b", "c"])
    b = play(choosers, 12, random.Random(42), names=["a", "b", "c"])
    assert a.log == b.log


def test_a_table_that_cannot_move_ends_instead_of_looping():
    """Players who never claim by choice: once the deck is in their hands they must claim
    when they can and pass when they cannot; the game ends either way."""
    never = lambda opts, left, sizes, seat: 0  # noqa: E731
    for g in range(5):
        out = play([never] * 8, 30, random.Random(g), max_turns=5000)
        assert out.turns < 5000
        assert out.stalled or sum(out.roads) == road_count(30)


@pytest.mark.parametrize("k", [3, 12, 30])
def test_claim_table_built_card_by_card_agrees_with_a_fresh_count(k):
    """The table derives a hand's sums from the hand one card smaller; compare with a fresh count."""
    t = ClaimTable(k)
    rng = random.Random(k)
    for _ in range(400):
        cards = rng.sample(DECK, rng.randint(0, 22))
        for i in range(len(cards) + 1):  # grow the hand as draws do, and jump to random hands
            key = hand_key(cards[:i])
            assert t.mask(key) == claim_mask(key, k)
