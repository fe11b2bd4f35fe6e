"""Selling Knives entered on the page in chromium: the set-up card, one click a draw, a claim as roads on
the map plus cards from the mover's hand, claims-only records, passes, marks; all checked live."""

from __future__ import annotations

import json

import yaml
from enter_helpers import (DATA, Hands, config_for, enter_claim, open_page, record_chars, run_printkit, saved_when, shot,
                           wait_checked)

EXAMPLE = DATA / "played-knives.yaml"
RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def turns_of(path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))["turns"]


def same_score(saved):
    got = run_printkit("score", saved, "--json")
    want = run_printkit("score", EXAMPLE, "--json")
    assert (got[0], json.loads(got[1])) == (want[0], json.loads(want[1])), got[2]
    return json.loads(got[1])


def test_the_played_example_entered_by_pointer_alone_scores_the_same(serve, page, tmp_path):
    """From a config that leaves kcount to the draw: the set-up card, then every turn by pointer."""
    turns = turns_of(EXAMPLE)
    s = serve(config_for(EXAMPLE, tmp_path, drop=("kcount",)))
    open_page(page, s)
    blank = (tmp_path / "knives-night-results.yaml").read_text(encoding="utf-8")
    assert "kcount: draw" in blank and "kcount drawn at the table" in blank  # the blank file asks for it
    hands = Hands(page)
    assert page.locator('[data-ref^="card:"]').count() == 7  # the set-up draw: 8 9 10 J Q K A
    hands.click("card:Q")
    wait_checked(page)
    for i, line in enumerate(turns):
        who = line.split()[0]
        assert page.inner_text("#say").startswith(f"Turn {i + 1}: {who} to move"), (i, page.inner_text("#say"))
        if " draws " in line:
            hands.click(f"card:{line.split()[-1]}")
        else:
            enter_claim(page, hands, line)
            if i == 21:
                shot(page, "knives-claimed")
        wait_checked(page)
        if i == 64:
            shot(page, "knives-turn-65")
    assert page.inner_text("#say").startswith("The game is over")
    assert page.errors == []
    saved = tmp_path / "knives-night-results.yaml"
    data = saved_when(page, saved, lambda d: len(d.get("turns") or []) >= len(turns))
    assert data["kcount"] == 12 and len(data["turns"]) == len(turns)
    report = same_score(saved)
    for p in report["players"]:
        assert page.inner_text(f'[data-score="{p["name"]}"]') == str(p["score"])
    chars = record_chars(EXAMPLE, {"game", "players", "kcount"})
    assert hands.events * 3 <= chars, (hands.events, chars)
    shot(page, "knives-entered")


def test_the_same_lines_through_the_text_box_score_the_same(serve, page, tmp_path):
    turns = turns_of(EXAMPLE)
    s = serve(config_for(EXAMPLE, tmp_path))  # the config fixes kcount 12
    open_page(page, s)
    page.locator("#editors textarea").first.fill("\n".join(turns))
    wait_checked(page)
    assert page.inner_text("[data-status]") == "valid"
    assert page.locator('[data-ref="turn:138"]').count() == 1  # the log on the page shows the newest turns
    saved = tmp_path / "knives-night-results.yaml"
    saved_when(page, saved, lambda d: len(d.get("turns") or []) >= len(turns))
    page.wait_for_function("document.getElementById('saved').textContent.startsWith('Saved')")
    same_score(saved)
    assert page.errors == []


def test_a_claim_with_a_card_not_in_hand_is_marked(serve, page, tmp_path):
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    hands = Hands(page)
    for rank in ("Q", "7", "5"):  # Ann Q, Ben 7, Cat 5
        hands.click(f"card:{rank}")
        wait_checked(page)
    assert page.locator('[data-ref^="hand:"]').count() == 0  # Dan, to move, has drawn nothing yet
    hands.drag("centre:1", "centre:2")  # Dan holds nothing: a claim of 1-2 with a Q he never drew
    hands.click("card:Q")  # a rank picked from the ranks row while a claim is being picked joins the claim
    page.wait_for_function("document.querySelector('[data-sum]').textContent.length > 0")
    assert page.inner_text("[data-sum]") == "\u2717 Dan spends Q but holds no cards"
    assert "road:1-2" in page.locator(".selected").evaluate_all("els => els.map(e => e.dataset.ref)")
    page.click("[data-action=claim]")
    wait_checked(page)
    violations = page.locator("[data-violation]").all_inner_texts()
    assert violations == ["turn 4 (Dan claims 1-2 with Q), card Q: Dan spends Q but holds no cards"]
    for ref in ("turn:4", "road:1-2"):
        assert "marked" in page.locator(f'[data-ref="{ref}"]').get_attribute("class"), ref
    assert "marked" not in page.locator('[data-ref="turn:3"]').get_attribute("class")
    assert "hand" in page.locator('[data-ref="turn:4"]').evaluate("e => e.closest('svg').textContent")
    shot(page, "knives-not-in-hand")
    page.keyboard.press("Control+z")
    wait_checked(page)
    assert page.inner_text("[data-status]") == "valid" and page.inner_text("#say").startswith("Turn 4: Dan to move")


def test_a_claims_only_record_is_entered_the_same_way_hand_free(serve, page, tmp_path):
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    hands = Hands(page)
    page.click("[data-player=Ben]")  # before any turn: a claim first makes a claims-only record
    hands.drag("centre:3", "centre:4")
    hands.drag("centre:5", "centre:6")
    for rank in ("A", "6", "4"):
        hands.click(f"card:{rank}")
    page.wait_for_function("document.querySelector('[data-sum]').textContent.startsWith('\u2713')")
    assert page.inner_text("[data-sum]") == "\u2713 A 6 4 make 24 (the ace as 14): 2 roads"
    page.click("[data-action=claim]")
    wait_checked(page)
    assert page.inner_text("#say").startswith("Claims only")
    assert page.locator('[data-ref^="hand:"]').count() == 0  # no hand: any card may be picked
    page.click("[data-player=Ann]")
    hands.drag("centre:1", "centre:2")
    hands.click("card:Q")
    page.wait_for_function("document.querySelector('[data-sum]').textContent.startsWith('\u2713')")
    page.keyboard.press("Enter")
    wait_checked(page)
    assert page.locator("#editors textarea").first.input_value() == \
        "Ben claims 3-4 5-6 with A 6 4\nAnn claims 1-2 with Q"
    assert page.inner_text('[data-score="Ben"]') == "2" and page.inner_text('[data-score="Ann"]') == "1"
    assert page.inner_text("[data-status]") == "valid"
    assert not page.locator("[data-action=pass]").is_visible()
    shot(page, "knives-claims-only")


def test_keys_draw_and_claim_and_a_pass_only_when_the_rules_allow(serve, page, tmp_path):
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    page.locator("#sheets .sheet").first.focus()
    page.keyboard.press("ArrowRight")  # the cursor on the first rank, A; down a row: 8
    page.keyboard.press("ArrowDown")
    assert page.locator(".cursor").get_attribute("data-ref") == "card:8"
    page.keyboard.press(" ")  # Ann draws the 8 under the cursor...
    wait_checked(page)
    assert page.locator("#editors textarea").first.input_value() == "Ann draws 8"
    page.keyboard.press("Backspace")  # ... and takes it back
    wait_checked(page)
    page.keyboard.press("q")  # Ann draws Q
    wait_checked(page)
    page.keyboard.type("10 ")  # Ben draws 10
    wait_checked(page)
    assert page.locator("#editors textarea").first.input_value() == "Ann draws Q\nBen draws 10"
    assert not page.locator("[data-action=pass]").is_visible()
    page.keyboard.press("p")  # no pass while the draw pile holds cards
    wait_checked(page)
    assert "passes" not in page.locator("#editors textarea").first.input_value()
    # every card drawn in seat order: the draw pile is empty, but Ann holds cards that pay for a road, so
    # she must claim (ruling 4): no pass is offered, and p adds nothing
    names = ["Ann", "Ben", "Cat", "Dan"]
    deck = [r for r in RANKS for _ in range(4)]
    page.locator("#editors textarea").first.fill("\n".join(f"{names[i % 4]} draws {c}" for i, c in enumerate(deck)))
    wait_checked(page)
    assert not page.locator("[data-action=pass]").is_visible()
    page.locator("#sheets .sheet").first.focus()
    page.keyboard.press("p")
    wait_checked(page)
    assert page.locator("#editors textarea").first.input_value().endswith("Dan draws K")
    page.keyboard.type("7-8 ")  # a road picked by keys, then Escape drops it
    assert page.locator('[data-ref="road:7-8"].selected').count() == 1
    page.keyboard.press("Escape")
    assert page.locator(".selected").count() == 0
    page.keyboard.type("3-4 ")  # everyone drew one card of each rank: Ann claims 3-4 with her Q
    page.keyboard.press("q")
    page.wait_for_function("document.querySelector('[data-sum]').textContent.startsWith('\u2713')")
    page.keyboard.press("Enter")
    wait_checked(page)
    assert page.locator("#editors textarea").first.input_value().endswith("Dan draws K\nAnn claims 3-4 with Q")
    assert page.inner_text("[data-status]") == "valid" and page.inner_text('[data-score="Ann"]') == "1"
    page.keyboard.press("Backspace")  # takes back the last turn
    wait_checked(page)
    assert page.locator("#editors textarea").first.input_value().endswith("Dan draws K")
    assert page.errors == []


def test_a_tap_where_roads_cross_asks_which_road(serve, page, tmp_path):
    """Road 1-7's middle is the map's centre, where every diameter passes: a tap there picks nothing until
    the player says which road; a tap on a stretch of one road alone picks it at once."""
    start = tmp_path / "kn-results.yaml"
    start.write_text("game: knives\nplayers: [Ann, Ben]\nkcount: 12\nturns: []\n", encoding="utf-8")
    s = serve(start)
    open_page(page, s)
    road = page.locator('[data-ref="road:1-7"]').first
    ends = road.evaluate("""e => { const m = e.getScreenCTM(); const p = (x, y) => { const q = e.ownerSVGElement.createSVGPoint();
        q.x = x; q.y = y; const r = q.matrixTransform(m); return [r.x, r.y]; };
        const n = (a) => Number(e.getAttribute(a)); return [p(n('x1'), n('y1')), p(n('x2'), n('y2'))]; }""")
    (x1, y1), (x2, y2) = ends
    page.mouse.click((x1 + x2) / 2, (y1 + y2) / 2)  # the middle: six diameters cross here
    choices = page.locator("[data-road]").all_inner_texts()
    assert "Road 1-7" in choices and len(choices) >= 2 and "which one" in page.inner_text(".knives-panel")
    assert page.locator('#sheets .selected[data-ref="road:1-7"]').count() >= 1
    assert "claims" not in page.inner_text(".knives-panel .pick")  # nothing picked yet
    page.click('[data-road="1-7"]')
    assert page.locator('[data-road]:visible').count() == 0
    assert "1-7" in page.inner_text(".knives-panel .pick")
    page.keyboard.press("Escape")
    page.mouse.click(x1 + (x2 - x1) * 0.12, y1 + (y2 - y1) * 0.12)  # near centre 1: only road 1-7 there
    assert page.locator("[data-road]:visible").count() == 0 and "1-7" in page.inner_text(".knives-panel .pick")
    assert page.errors == []
