"""Selling Knives scorer: every rule broken and kept, claims alone and full replays, the CLI."""

from __future__ import annotations

import json

from printkit.games.knives.game import GAME, Results

RANK_ORDER = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def score(turns, players=("Ann", "Ben"), kcount=12):
    res = Results.from_dict({"game": "knives", "players": list(players), "kcount": kcount, "turns": turns})
    return GAME.score(res)


def rules(report):
    return [v.rule for v in report.violations]


def whole_deck_drawn(players=("Ann", "Ben")):
    """Every card of the deck drawn in seat order, so the draw pile is empty afterwards."""
    cards = [r for r in RANK_ORDER for _ in range(4)]
    return [f"{players[i % len(players)]} draws {c}" for i, c in enumerate(cards)]


# ---------------------------------------------------------------- claims alone

def test_claims_alone_count_roads():
    r = score(["Ann claims 1-2 with Q", "Ben claims 3-4 5-6 with A 6 4", "Ann claims 2-3 4-5 6-7 with Q A 6 4"])
    assert r.valid and r.scores == {"Ann": 4, "Ben": 2}
    assert r.winners == ["Ann"]
    assert any("unfinished" in n for n in r.notes)  # 60 roads left
    assert any("no draw lines" in n for n in r.notes)


def test_rank_broken_and_kept():
    r = score(["Ann claims 1-2 with 1 J"])
    assert rules(r) == ["rank"] and "write A" in r.violations[0].message
    assert r.scores["Ann"] == 0  # a void claim takes no road
    assert score(["Ann claims 1-2 with a j"]).valid  # lower case is fine


def test_an_ace_written_with_its_value_is_named_write_a():
    for tok in ("A14", "A(14)", "A1", "A(1)", "a=14", "14", "1"):
        r = score([f"Ann claims 1-2 2-3 with {tok} 10"])
        assert rules(r) == ["rank"], tok
        assert r.violations[0].message.endswith("write A: its value, 1 or 14, is worked out for you"), tok
    assert "write J" in score(["Ann claims 1-2 with 11 A"]).violations[0].message
    assert score(["Ann claims 1-2 2-3 with A 10"]).valid


def test_sum_broken_and_kept():
    r = score(["Ben claims 1-2 with K 10 4"])  # the seed's hand that claims nothing
    v = r.violations[0]
    assert rules(r) == ["sum"] and v.player == "Ben" and "27" in v.message and "12" in v.message
    assert v.where.startswith("turn 1")
    r = score(["Ann claims 1-2 with Q A"])  # 13 or 26: neither 12
    assert rules(r) == ["sum"]
    r = score(["Ann claims 1-2 2-3 with Q A"])  # two roads: 24, not 13 or 26
    assert rules(r) == ["sum"]
    assert score(["Ann claims 1-2 2-3 with A 10"]).valid  # ace as 14: 24
    assert score(["Ann claims 1-2 with A J"]).valid  # ace as 1: 12
    assert score(["Ann claims 1-2 with A A 10"]).valid  # both aces as 1
    assert score(["Ann claims 1-2 2-3 3-4 with A A 8"]).valid  # 14 + 14 + 8 = 36


def test_sum_message_says_what_the_cards_would_pay():
    r = score(["Ann claims 1-2 with K J"])  # 24: two roads, not one
    assert "pay for 2 roads" in r.violations[0].message


def test_road_broken_and_kept():
    r = score(["Ann claims 3-13 with Q"])
    assert rules(r) == ["road"] and "13" in r.violations[0].message
    r = score(["Ann claims 4-4 with Q"])
    assert rules(r) == ["road"] and "itself" in r.violations[0].message
    r = score(["Ann claims 0-1 with Q"])
    assert rules(r) == ["road"]
    assert score(["Ann claims 12-11 with Q"]).valid  # either order, the top centre exists
    assert score(["Ann claims 3-13 with K"], kcount=13).valid


def test_taken_broken_and_kept():
    r = score(["Ann claims 1-2 with Q", "Ben claims 2-1 with Q"])
    v = r.violations[0]
    assert rules(r) == ["taken"] and v.player == "Ben" and "Ann at turn 1" in v.message
    assert v.where == "turn 2 (Ben claims 2-1 with Q), road 2-1"
    assert r.scores == {"Ann": 1, "Ben": 0}
    r = score(["Ann claims 1-2 1-2 with K J"])
    assert rules(r) == ["taken"] and "twice" in r.violations[0].message
    assert score(["Ann claims 1-2 with Q", "Ben claims 1-3 with Q"]).valid


def test_remaining_broken_and_kept():
    # kcount 3: 3 roads in all
    r = score(["Ann claims 1-2 1-3 with 6", "Ben claims 2-3 1-2 with 6"], kcount=3)
    assert "remaining" in rules(r)
    assert any("only 1 remain" in v.message for v in r.violations)
    r = score(["Ann claims 1-2 1-3 with 6", "Ben claims 2-3 with 3"], kcount=3)
    assert r.valid and r.scores == {"Ann": 2, "Ben": 1} and not any("unfinished" in n for n in r.notes)


def test_over_broken_and_kept():
    r = score(["Ann claims 1-2 1-3 2-3 with 9", "Ben claims 1-2 with 3"], kcount=3)
    assert rules(r) == ["over"] and r.violations[0].player == "Ben" and "turn 1" in r.violations[0].message
    assert score(["Ann claims 1-2 1-3 2-3 with 9"], kcount=3).valid


def test_custom_kcount_gets_a_note():
    assert any("custom map" in n for n in score(["Ann claims 1-2 with 10 10"], kcount=20).notes)
    assert not any("custom map" in n for n in score(["Ann claims 1-2 with 10 4"], kcount=14).notes)


# ---------------------------------------------------------------- full replay

def test_replay_kept():
    r = score(["Ann draws Q", "Ben draws A", "Ann claims 1-2 with Q", "Ben draws 10", "Ann draws 3",
               "Ben claims 3-4 5-6 with A 10"])
    assert r.valid and r.scores == {"Ann": 1, "Ben": 2}
    assert any("Ann: 3" in n for n in r.notes)  # cards left in hand are reported


def test_order_broken_and_kept():
    r = score(["Ben draws Q", "Ann draws K"])
    assert rules(r) == ["order"]  # after Ben's turn, Ann's follows in seat order
    assert "first player listed" in r.violations[0].message
    r = score(["Ann draws Q", "Ann draws K", "Ben draws 2"])
    assert rules(r) == ["order"] and r.violations[0].where.startswith("turn 2")
    assert "Ben's turn" in r.violations[0].message
    assert score(["Ann draws Q", "Ben draws K", "Ann draws 2"]).valid


def test_one_action_broken_and_kept():
    r = score(["Ann draws Q K"])
    assert rules(r) == ["one-action"] and "2 cards" in r.violations[0].message
    assert score(["Ann draws Q"]).valid


def test_hand_broken_and_kept():
    r = score(["Ann draws Q", "Ben draws 5", "Ann draws 2", "Ben claims 1-2 with Q"])
    v = r.violations[0]
    assert rules(r) == ["hand"] and v.player == "Ben" and "spends Q" in v.message and "holds 5" in v.message
    assert r.scores["Ben"] == 0
    r = score(["Ann draws Q", "Ben draws 5", "Ann claims 1-2 with Q", "Ben draws 7", "Ann claims 2-3 with Q"])
    assert rules(r) == ["hand"]  # the Q was spent already
    assert score(["Ann draws Q", "Ben draws 5", "Ann claims 1-2 with Q"]).valid


def test_deck_broken_and_kept():
    turns = []
    for i in range(4):
        turns += ["Ann draws Q", "Ben draws 2"]
    assert score(turns).valid  # four queens exist
    r = score(turns + ["Ann draws Q"])
    v = r.violations[0]
    assert rules(r) == ["deck"] and "no Q left" in v.message and "1, 3, 5, 7" in v.message and "turn 9" in v.where


def test_reshuffle_brings_spent_cards_back():
    turns = whole_deck_drawn()  # 52 turns; now every card is in a hand
    r = score(turns + ["Ann draws Q"])
    assert rules(r) == ["deck"] and "both empty" in r.violations[0].message
    # Ann spends a Q: the discard pile at once becomes the draw pile, and holds only that Q
    kept = turns + ["Ann claims 1-2 with Q", "Ben draws Q"]
    assert score(kept).valid
    r = score(turns + ["Ann claims 1-2 with Q", "Ben draws K"])
    assert rules(r) == ["deck"] and "reshuffle 1" in r.violations[0].message


# Eight hands that hold the whole deck and cannot pay for a road at kcount 30 (no choice of cards, aces
# 1 or 14, adds up to 30, 60, ...): with no card to draw, every player may pass.
NO_CLAIM = ["K K 3 10 9 10 6", "J 9 4 9 7 4 9", "6 Q 5 5 6 5 4", "7 2 7 Q Q 10 7", "10 A 2 J J 2", "J 3 4 3 3 8",
            "6 8 8 K 5 2", "A 8 A Q K A"]
EIGHT = [f"P{i + 1}" for i in range(8)]


def no_claim_deal() -> list[str]:
    """52 draws in seat order dealing NO_CLAIM: afterwards the draw and discard piles are empty."""
    hands = [h.split() for h in NO_CLAIM]
    return [f"{EIGHT[t % 8]} draws {hands[t % 8][t // 8]}" for t in range(52)]


def passes(first: int, count: int = 8) -> list[str]:
    return [f"{EIGHT[(first + i) % 8]} passes" for i in range(count)]


def test_pass_broken_and_kept():
    r = score(["Ann draws Q", "Ben passes"])
    assert rules(r) == ["pass"] and "51 card" in r.violations[0].message
    # 52 draws: the next turn is P5's (seat 5); no hand pays for a road, so everyone may pass
    r = score(no_claim_deal() + passes(4, 3), players=EIGHT, kcount=30)
    assert r.valid


def test_must_claim_broken_and_kept():
    # issue 19, ruling 4: passing is allowed only when nothing can be drawn AND nothing claimed.  This answer
    # changed: the whole deck drawn by Ann and Ben, then both passing, used to be valid; each holds a Q
    r = score(whole_deck_drawn() + ["Ann passes", "Ben passes"])
    assert rules(r) == ["must-claim", "must-claim"]
    v = r.violations[0]
    assert v.player == "Ann" and "Q pays for a road (12)" in v.message and v.refs == ("card:Q",)
    assert score(whole_deck_drawn() + ["Ann claims 1-2 with Q", "Ben draws Q"]).valid


def test_every_player_passing_in_a_row_stops_the_game():
    deal = no_claim_deal()
    r = score(deal + passes(4), players=EIGHT, kcount=30)
    assert r.valid and any("stopped at turn 60" in n and "435 of 435" in n for n in r.notes)
    r = score(deal + passes(4, 9), players=EIGHT, kcount=30)
    assert rules(r) == ["over"] and r.violations[0].where.startswith("turn 61")
    assert "every player had passed in a row" in r.violations[0].message
    # seven passes in a row are not every player: the eighth player may still play (and must pass here)
    assert score(deal + passes(4, 7), players=EIGHT, kcount=30).valid


def test_one_move_out_of_turn_is_blamed_once():
    # issue 19: Cat moving before Ben is Cat's mistake, once; Ben then moves in his own turn
    r = score(["Ann draws Q", "Cat draws 2", "Ben draws 3", "Ann draws 4", "Ben draws 5", "Cat draws 6"],
              players=("Ann", "Ben", "Cat"))
    assert [(v.rule, v.player) for v in r.violations] == [("order", "Cat")]
    assert "turn 2" in r.violations[0].where and "Ben's turn" in r.violations[0].message


# ---------------------------------------------------------------- the command line

def test_cli_score_exit_codes_and_json(printkit, write):
    good = write("good.yaml", "game: knives\nplayers: [Ann, Ben]\nkcount: 12\nturns:\n  - Ann claims 1-2 with Q\n"
                              "  - Ben claims 3-4 5-6 with A 6 4\n")
    run = printkit("score", good, "--json")
    assert run.code == 0, run.err
    out = json.loads(run.out)
    assert out["valid"] and out["winners"] == ["Ben"]
    assert [p["score"] for p in out["players"]] == [1, 2]

    broken = write("broken.yaml", "game: knives\nplayers: [Ann, Ben]\nkcount: 12\nturns:\n  - Ann claims 1-2 with K\n")
    run = printkit("score", broken, "--json")
    assert run.code == 1
    out = json.loads(run.out)
    assert not out["valid"] and out["violations"][0]["rule"] == "sum"
    assert out["violations"][0]["player"] == "Ann" and out["violations"][0]["where"].startswith("turn 1")

    unusable = write("unusable.yaml", "game: knives\nplayers: [Ann, Ben]\nkcount: 12\nturns:\n  - Cat draws Q\n")
    run = printkit("score", unusable)
    assert run.code == 2 and "unusable.yaml:5" in run.err and "Traceback" not in run.err
