"""Within The Curve entered on the page in chromium: curves dragged, fills clicked and typed, checked live."""

from __future__ import annotations

import json

import yaml
from enter_helpers import (DATA, Hands, config_for, enter_curve, open_page, record_chars, run_printkit, saved_when, shot,
                           wait_checked)

EXAMPLE = DATA / "played-curve.yaml"


def test_the_played_example_drawn_and_filled_scores_the_same(serve, page, tmp_path):
    played = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    hands = Hands(page)
    enter_curve(page, hands, played, shot_name="curve-filled")
    assert page.errors == []
    want = json.loads(run_printkit("score", EXAMPLE, "--json")[1])
    assert page.inner_text("[data-status]") == "valid"
    for p in want["players"]:
        assert page.inner_text(f'[data-score="{p["name"]}"]') == str(p["score"])
    saved = tmp_path / "curve-night-results.yaml"
    page.wait_for_function("document.getElementById('saved').textContent.startsWith('Saved')")
    code, out, err = run_printkit("score", saved, "--json")
    assert (code, json.loads(out)) == (0, want)
    chars = record_chars(EXAMPLE, {"game", "players", "n"})
    assert hands.events * 3 <= chars, (hands.events, chars)
    shot(page, "curve-entered")


def test_dragging_back_takes_back_and_a_drag_from_the_curve_erases(serve, page, tmp_path):
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    hands = Hands(page)
    # B2 -> B5 -> C5, then back over C5 to B5: C5 is taken back
    hands.drag("curve:Ann:B2", "curve:Ann:B5", "curve:Ann:C5", "curve:Ann:B5")
    wait_checked(page)
    saved = tmp_path / "curve-night-results.yaml"
    data = saved_when(page, saved, lambda d: "1" in (d["curves"]["Ann"] or ""))
    rows = [line.split() for line in data["curves"]["Ann"].splitlines()]
    assert rows[1][1:5] == ["1", "2", "3", "4"] and rows[2][4] == "."
    # carry on from the end and come back to the first square: closed
    hands.drag("curve:Ann:B5", "curve:Ann:E5", "curve:Ann:E2", "curve:Ann:B2")
    wait_checked(page)
    assert "closed, 12 squares, 4 inside" in page.inner_text("#sheets .sheet >> nth=0")
    # a drag that starts on the curve erases what it passes over
    hands.drag("curve:Ann:E3", "curve:Ann:E4")
    wait_checked(page)
    assert "not closed yet" in page.inner_text("#sheets .sheet >> nth=0")
    assert "the curve must close" in page.inner_text("#violations")
    # and the gap can be drawn again
    hands.drag("curve:Ann:E2", "curve:Ann:E3", "curve:Ann:E4", "curve:Ann:E5")
    wait_checked(page)
    assert "closed, 12 squares, 4 inside" in page.inner_text("#sheets .sheet >> nth=0")


def test_keys_draw_a_curve_and_fill_it(serve, page, tmp_path):
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    hands = Hands(page)
    hands.click("curve:Ann:B2")  # the cursor is here; Enter starts the line
    hands.press("Enter")
    for k in ["ArrowRight"] * 3 + ["ArrowDown"] * 3 + ["ArrowLeft"] * 3 + ["ArrowUp"] * 3:
        hands.press(k, "Enter")
        wait_checked(page)
    assert "closed, 12 squares, 4 inside" in page.inner_text("#sheets .sheet >> nth=0")
    # Ann's own copy: 1 at B2, 2 at B3, then type inside numbers
    hands.click("fill:Ann:Ann:B2")
    hands.click("fill:Ann:Ann:B3")
    wait_checked(page)
    hands.click("fill:Ann:Ann:C3")  # empty inside square: the next number, 1
    wait_checked(page)
    hands.press("ArrowRight", "Space")  # C4 gets 2
    wait_checked(page)
    hands.press("ArrowDown", "4")  # D4: typed 4, next to 2 and 8 on the curve: not coprime
    wait_checked(page)
    violations = page.locator("[data-violation]").all_inner_texts()
    assert any("2 at C4 is next to 4 at D4 (common factor 2)" in v for v in violations), violations
    assert "marked" in page.locator('[data-ref="fill:Ann:Ann:D4"]').get_attribute("class")
    assert "marked" in page.locator('[data-ref="fill:Ann:Ann:C4|D4"]').get_attribute("class")
    shot(page, "curve-coprime")
    hands.press("Backspace")  # D4 cleared: its mistakes go
    wait_checked(page)
    assert not any("at D4" in v and "Ann on Ann" in v for v in page.locator("[data-violation]").all_inner_texts())
    assert "marked" not in page.locator('[data-ref="fill:Ann:Ann:D4"]').get_attribute("class")
    # two digits typed in a row make one number
    hands.press("1", "2")
    wait_checked(page)
    saved = tmp_path / "curve-night-results.yaml"

    def d4(d):  # row D, column 4 of Ann's own copy (the route's numbers hold a 12 of their own)
        rows = (d["fills"]["Ann"]["Ann"] or "").splitlines()
        return rows[3].split()[3] if len(rows) > 3 else None

    data = saved_when(page, saved, lambda d: d4(d) == "12")
    assert d4(data) == "12"


def _big_corridor(tmp_path):
    """A results file whose curves go round a long corridor on 30 x 30 (214 inside squares, one square
    wide): a curve the solver does not settle within two seconds (nor within twenty)."""
    import random

    from printkit.games.curve import geometry as geo

    rng = random.Random(11)
    curves = []
    while len(curves) < 24:  # the bench's 24th corridor on 30 x 30, seed 11
        route = geo.random_curve(30, rng.randint(8, 225), rng, thin=True)
        if 1 <= len(geo.interior(route, 30)) <= 225:
            curves.append(route)
    route = curves[-1]
    rows = [["."] * 30 for _ in range(30)]
    for i, (r, c) in enumerate(route, 1):
        rows[r][c] = str(i)
    grid = "\n".join("    " + " ".join(row) for row in rows)
    blank = "\n".join("      " + " ".join("." * 30) for _ in range(30))
    text = "game: curve\nplayers: [Ann, Ben]\nn: 30\ncurves:\n"
    text += "".join(f"  {p}: |\n{grid}\n" for p in ("Ann", "Ben"))
    text += "fills:\n" + "".join(f"  {p}:\n" + "".join(f"    {o}: |\n{blank}\n" for o in ("Ann", "Ben"))
                                  for p in ("Ann", "Ben"))
    path = tmp_path / "corridor-night-results.yaml"
    path.write_text(text, encoding="utf-8")
    return path, len(geo.interior(route, 30))


def test_best_fill_answers_within_two_seconds_then_keeps_looking_when_asked(serve, page, tmp_path):
    path, inside = _big_corridor(tmp_path)
    open_page(page, serve(path))
    ask = page.get_by_role("button", name="Ann's curve")
    with page.expect_response(lambda r: "/api/answer/best" in r.url) as asked:
        ask.click()
    page.wait_for_selector(".answer .best-fill svg", timeout=15_000)
    first = page.inner_text(".answer p")
    assert page.errors == [] and "best" in first and "no fill can go past" in first, first
    # two seconds of search: the solver is given them (its wall time at that limit is measured by
    # `bench/curve_solver.py --limit 2`, not asserted here: on a loaded machine it took 3.5 s, and a timed
    # test only flakes there)
    quick = asked.value.json()
    assert quick["limit"] == 2.0 and not quick["longer"] and quick["seconds"] > 0, quick
    shot(page, "curve-best-quick")
    best1 = int(first.split("best ")[1].split(",")[0])
    bound1 = int(first.split("go past ")[1].split()[0])
    assert 0 < best1 < bound1 <= inside
    more = page.get_by_role("button", name="Keep looking (up to 20 s)")
    more.click()
    page.wait_for_selector("#answer >> text=(up to 20 s)")  # the first answer makes way while it looks
    page.wait_for_selector(".answer .best-fill svg", timeout=40_000)
    second = page.inner_text(".answer p")
    best2 = int(second.split("best ")[1].split(",")[0])
    assert best2 >= best1 and page.errors == [], (first, second)
    assert page.get_by_role("button", name="Keep looking (up to 20 s)").count() == 0  # asked once: no more
    shot(page, "curve-best-longer")
    small = page.locator(".answer .best-fill svg").bounding_box()
    page.get_by_role("button", name="Larger").click()  # 30 x 30 in the panel is too small to read
    big = page.locator("dialog.best-fill[open] svg").bounding_box()
    view = page.viewport_size
    assert big["height"] >= max(2.5 * small["height"], 30 * 18), (small, big)  # squares of 18 px or more
    assert page.locator("dialog.best-fill[open]").bounding_box()["width"] >= view["width"] - 1  # over the page
    page.screenshot(path=str(shot(page, "curve-best-larger")))  # as the player sees it: the window, not the page
    page.keyboard.press("Escape")
    assert page.locator("dialog.best-fill").count() == 0
    assert page.locator(".answer .best-fill svg").bounding_box()["height"] == small["height"]
    page.get_by_role("button", name="Larger").click()
    page.get_by_role("button", name="Smaller").click()
    assert page.locator("dialog.best-fill").count() == 0 and page.errors == []
