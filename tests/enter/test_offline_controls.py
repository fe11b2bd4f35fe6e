"""Every control works offline as online (printkit/enter/static/intents.js, the games' page.js): on a phone
(390 x 844, touch) with the network gone, a pen, the Turn log, the roads and cards of a claim and Claim
itself act at once, for they are the page's own state; only writing waits for the server. What was
tapped offline is part of what the page shows (a store's square shows the mark it gets; a card drawn is
in the hand and a claim can spend it), and back online the file holds every tap, in order."""

from __future__ import annotations

import yaml
from enter_helpers import DATA, Fingers, Served, config_for, open_page, phone, saved_when, wait_checked


def _pressed(pg) -> list[str]:
    return pg.eval_on_selector_all('.pens button[data-pen][aria-pressed="true"]', "bs => bs.map((b) => b.dataset.pen)")


def _to_move(pg, turn: str, player: str) -> None:
    """The player to move is ``player`` (the panel's "To move:", counting the taps kept offline), and the line
    under the sheets says that turn or the count of taps kept: both are said after a tap made offline, and
    which one stands depends on which came last (read once: two reads met the line changing between them)."""
    import json

    pg.wait_for_function(f"document.querySelector('.knives-panel .who button.active')?.textContent === {json.dumps(player)}",
                         timeout=10_000)
    wanted = [turn, "taps kept, not written yet"]
    try:
        pg.wait_for_function(f"{json.dumps(wanted)}.some((p) => document.getElementById('say').textContent.includes(p))",
                             timeout=10_000)
    except Exception:
        raise AssertionError(f"the line says {pg.inner_text('#say')!r}, neither of {wanted}") from None


def _kept_mark(pg, ref: str) -> str:
    """What the sheet shows on a place as written there but not saved yet ("" when nothing is)."""
    return pg.evaluate("""(ref) => {
      const el = document.querySelector(`#sheets [data-ref="${CSS.escape(ref)}"]`);
      if (!el || !el.classList.contains('pending')) return '';
      const t = [...el.parentNode.querySelectorAll('text.kept-mark')].find((t) => {
        const b = el.getBBox();
        return Math.abs(+t.getAttribute('x') - (b.x + b.width / 2)) < 0.01 && Math.abs(+t.getAttribute('y') - (b.y + b.height / 2)) < 0.01;
      });
      return t ? t.textContent : '?';
    }""", ref)


def test_the_long_way_offline_pens_change_squares_show_their_marks_and_the_turn_log_opens(serve, browser):
    s = serve("broken-ikes.yaml")
    pg = phone(browser)
    open_page(pg, s)
    f = Fingers(pg)
    pg.context.set_offline(True)
    wrote = []
    for pen, square in (("5", "E2"), ("o", "E3"), ("1", "E4")):
        f.tap(f'.pens button[data-pen="{pen}"]')
        assert _pressed(pg) == [pen]  # the pen picked is the pen lit, offline as online
        assert pg.locator("#dock-acts button.pen").inner_text().strip().split()[:2] == ["Pen:", pen]
        f.click(f"Ann:{square}")
        wrote.append((square, pen))
    for square, pen in wrote:  # each square shows the mark it gets, not a blank blue fill
        assert _kept_mark(pg, f"Ann:{square}") == pen, square
    assert "3 taps kept" in pg.inner_text("#say")
    f.tap('.pens button:text-matches("^Turn log")')
    assert pg.locator("[data-turnline]").count() == 1  # the turn builder is open ...
    assert pg.locator("#dock-acts button", has_text="Add turn").count() == 1  # ... and Add turn is in the bar
    pg.context.set_offline(False)
    saved = saved_when(pg, s.path, lambda d: d["sheets"]["Ann"]["grid"].split("\n")[4].split()[1:4] == ["5", "o", "1"])
    assert saved["sheets"]["Ann"]["grid"].split("\n")[4].split()[1:4] == ["5", "o", "1"]
    wait_checked(pg)
    pg.wait_for_function("document.querySelectorAll('#sheets .pending, #sheets text.kept-mark').length === 0", timeout=30_000)
    assert pg.errors == []


KNIVES = DATA / "played-knives.yaml"


def _knives(browser, tmp_path):
    """A phone on a Selling Knives game with no turn written yet: (page, fingers, results file, served)."""
    s = Served(config_for(KNIVES, tmp_path))
    pg = phone(browser)
    open_page(pg, s)
    return pg, Fingers(pg), next(tmp_path.glob("*-results.yaml")), s


def _hand(pg) -> list[str]:
    """The hand shown: each card's rank, once a card (those drawn over the answer's own hand when there are)."""
    return pg.evaluate("""() => {
      const svg = document.querySelectorAll('#sheets .sheet')[1].querySelector('svg');
      const kept = svg.querySelector('g.kept-hand');
      const hits = [...(kept || svg).querySelectorAll('[data-ref^="hand:"]')];
      return hits.map((h) => h.dataset.ref.slice(5));
    }""")


def test_knives_draws_tapped_offline_are_in_the_hand_a_claim_spends_them_and_every_turn_is_written(browser, tmp_path):
    turns = yaml.safe_load(KNIVES.read_text(encoding="utf-8"))["turns"][:16]
    assert turns[12] == "Ann claims 1-2 with 6 6" and turns[8] == "Ann draws 6"  # the second 6 is drawn offline
    pg, f, results, s = _knives(browser, tmp_path)
    try:
        for t in turns[:4]:  # four draws online
            f.click(f"card:{t.split()[-1]}")
            wait_checked(pg)
        pg.context.set_offline(True)
        for t in turns[4:12]:  # eight more offline
            f.click(f"card:{t.split()[-1]}")
        assert sorted(_hand(pg)) == ["6", "A"]  # Ann's 6 drawn online, her A and 6 drawn offline (6 counted twice)
        _to_move(pg, "Turn 13: Ann to move", "Ann")
        f.drag("centre:1", "centre:2")
        f.click("hand:6")
        f.click("hand:6")  # the second 6 is the one drawn offline
        assert "Ann claims 1-2 with 6 6" in pg.inner_text(".knives-panel .pick span")
        f.tap("[data-action=claim]")
        # the claim is taken at once: the panel is empty again and says it is kept
        assert pg.inner_text(".knives-panel .pick span") == "Pick roads on the map and cards to claim."
        _to_move(pg, "Turn 14: Ben to move", "Ben")
        for t in turns[13:16]:  # then Ben's 4, Cat's A, Dan's 2: draws, not cards of a claim
            f.click(f"card:{t.split()[-1]}")
        _to_move(pg, "Turn 17: Ann to move", "Ann")
        assert pg.inner_text(".knives-panel .pick span") == "Pick roads on the map and cards to claim."
        pg.context.set_offline(False)
        data = saved_when(pg, results, lambda d: len(d.get("turns") or []) >= 16, timeout=60)
        assert data["turns"] == turns  # every draw and the claim, in order
        pg.wait_for_function("document.querySelectorAll('#sheets .pending').length === 0", timeout=30_000)
        wait_checked(pg)
        assert pg.locator("#sheets g.kept-hand").count() == 0
        assert pg.errors == []
    finally:
        pg.context.close()
        s.stop()


def test_a_reload_keeps_a_curves_1_tapped_while_waiting_for_its_2(browser, tmp_path):
    s = Served(config_for(DATA / "played-curve.yaml", tmp_path))
    pg = phone(browser)
    try:
        open_page(pg, s)
        f = Fingers(pg)
        f.drag("curve:Ann:B2", "curve:Ann:B5", "curve:Ann:E5", "curve:Ann:E2", "curve:Ann:B2", steps=3)
        wait_checked(pg)
        f.click("fill:Ann:Ann:B2")  # 1 here, waiting for the square of 2
        assert "1 goes at B2" in pg.inner_text("#say")
        pg.reload()
        pg.wait_for_selector("body[data-ready='1']")
        wait_checked(pg)
        pg.wait_for_function("document.getElementById('say').textContent.includes('1 goes at B2')", timeout=10_000)
        f.click("fill:Ann:Ann:B3")  # its 2: the route numbered from B2
        results = next(tmp_path.glob("*-results.yaml"))
        data = saved_when(pg, results, lambda d: "2" in str(((d.get("fills") or {}).get("Ann") or {}).get("Ann")))
        rows = [r.split() for r in data["fills"]["Ann"]["Ann"].splitlines()]
        assert (rows[1][1], rows[1][2]) == ("1", "2")
        assert pg.errors == []
    finally:
        pg.context.close()
        s.stop()


def test_two_phones_drawing_at_once_write_the_draws_of_two_players_in_turn_order(browser, tmp_path):
    # Ben's phone taps a card while Ann is to move on its screen, and its line reaches the file only after
    # Ann's phone wrote Ann's draw (its network slow for a moment): the draw is the next turn's, Ben's
    s = Served(config_for(KNIVES, tmp_path))
    a, b = phone(browser), phone(browser)
    try:
        open_page(a, s)
        open_page(b, s)
        results = next(tmp_path.glob("*-results.yaml"))
        b.context.set_offline(True)
        Fingers(b).click("card:3")  # written at once on its page: "Ann draws 3" as it sees the game
        Fingers(a).click("card:6")
        saved_when(a, results, lambda d: d.get("turns") == ["Ann draws 6"])
        b.context.set_offline(False)
        data = saved_when(b, results, lambda d: len(d.get("turns") or []) >= 2, timeout=30)
        assert data["turns"] == ["Ann draws 6", "Ben draws 3"]  # never two draws for Ann
        for pg in (a, b):  # and both phones show the file as it is
            pg.wait_for_function("document.querySelector('#editors [data-path=\"turns\"]').value.includes('Ben draws 3')",
                                 timeout=15_000)
            assert "Ann draws 3" not in pg.locator('#editors [data-path="turns"]').input_value()
            assert pg.errors == []
    finally:
        a.context.close()
        b.context.close()
        s.stop()


def _colour(pg, css: str) -> str:
    """A CSS colour as the browser computes it: rgb(r, g, b)."""
    return pg.evaluate("(c) => { const d = document.createElement('div'); d.style.color = c; document.body.append(d);"
                       " const out = getComputedStyle(d).color; d.remove(); return out; }", css)


def test_knives_kept_marks_and_picked_roads_are_in_the_colour_of_the_player_they_are_for(browser, tmp_path):
    from printkit import registry
    from printkit.enter.session import setup_info

    colours = {p["name"]: p["color"] for p in setup_info(registry.get("knives"), yaml.safe_load(KNIVES.read_text()))["players"]}
    assert colours["Ann"] != colours["Ben"]
    pg, f, results, s = _knives(browser, tmp_path)
    try:
        f.click("card:6")  # Ann's draw, online: Ben to move
        wait_checked(pg)
        f.drag("centre:1", "centre:2")  # Ben's claim picked: his road in his colour
        stroke = pg.eval_on_selector('#sheets [data-ref="road:1-2"]', "e => getComputedStyle(e).stroke")
        assert stroke == _colour(pg, colours["Ben"])
        pg.evaluate("document.querySelector('[data-action=cancel]').click()")
        pg.context.set_offline(True)
        f.click("card:3")  # Ben's draw, not written yet ...
        f.click("card:7")  # ... and Cat's
        for card, who in (("3", "Ben"), ("7", "Cat")):
            kept = pg.eval_on_selector(f'#sheets [data-ref="card:{card}"]', "e => e.classList.contains('pending') && getComputedStyle(e).stroke")
            assert kept == _colour(pg, colours[who]), (card, who)
        pg.context.set_offline(False)
        data = saved_when(pg, results, lambda d: len(d.get("turns") or []) >= 3)
        assert data["turns"] == ["Ann draws 6", "Ben draws 3", "Cat draws 7"]
        assert pg.errors == []
    finally:
        pg.context.close()
        s.stop()


def test_knives_the_first_claim_tapped_after_the_network_went_is_taken_at_once(browser, tmp_path):
    # the first tap after the network went is written at once (the page cannot know yet): the panel said the
    # claim was still being picked, Claim still lit, nothing marked, nothing counted: it looked ignored
    data = yaml.safe_load(KNIVES.read_text(encoding="utf-8"))
    data["turns"] = data["turns"][:12]
    path = tmp_path / "knives-results.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    s = Served(path)
    pg = phone(browser)
    try:
        open_page(pg, s)
        f = Fingers(pg)
        f.drag("centre:1", "centre:2")
        f.click("hand:6")
        f.click("hand:6")
        pg.wait_for_function("document.querySelector('[data-sum]').textContent.startsWith('\u2713')")
        pg.context.set_offline(True)
        f.tap("#dock-acts button:text-is('Claim')")
        assert pg.inner_text(".knives-panel .pick span") == "Pick roads on the map and cards to claim."
        assert pg.locator("#dock-acts button:text-is('Claim')").is_disabled()
        assert pg.locator('#sheets [data-ref="road:1-2"].pending').count() == 1  # marked as not written yet
        pg.wait_for_function("document.getElementById('say').textContent.includes('1 tap kept')", timeout=15_000)
        pg.context.set_offline(False)
        saved = saved_when(pg, path, lambda d: len(d["turns"]) == 13)
        assert saved["turns"][12] == "Ann claims 1-2 with 6 6"
        assert pg.errors == []
    finally:
        pg.context.close()
        s.stop()
