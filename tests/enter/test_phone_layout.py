"""The page's layout in a player's hands (static/page.css, phone.js): on a phone on its side (844 x 390) the bar
says what to enter next, as it does upright; the header's lines say what they say whole; and what gets the
focus is never left under the bar fixed at the bottom (WCAG 2.2, 2.4.11 Focus Not Obscured); the sheet a new
round adds moves nothing on the screen; a sheet panned sideways still says whose it is."""

from __future__ import annotations

import pytest
import yaml
from enter_helpers import (DATA, Fingers, config_for, layout_shift, open_page, phone, shifts, shot, wait_checked,
                           watch_shifts)

WHOLE = """(sel) => { const el = document.querySelector(sel), r = el.getBoundingClientRect();
  return { text: el.textContent, shown: getComputedStyle(el).display !== 'none' && r.width > 0 && r.height > 0,
           whole: el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1,
           inView: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth }; }"""


def test_on_its_side_the_bar_says_whose_move_it_is_and_the_header_says_where_it_saved_whole(serve, browser, tmp_path):
    """Add/Residue on its side: "Move 1 of 52: Ann to move, m is 0." stands in the bar, whole and on screen
    (the bar hid it on its side: whose move it is and m were nowhere in view while tapping piles), and the
    header's "Saved to add-residue-night-results.yaml" is whole (it was cut: "Saved to add-residu...")."""
    s = serve(config_for(DATA / "played-add-residue.yaml", tmp_path))
    pg = phone(browser, 844, 390)
    open_page(pg, s)
    pg.wait_for_selector("#saved.ok")
    say = pg.evaluate(WHOLE, "#dock-say")
    assert say["text"].startswith("Move 1 of 52: Ann to move, m is 0"), say
    assert say["shown"] and say["whole"] and say["inView"], say
    saved = pg.evaluate(WHOLE, "#saved")
    assert saved["text"] == "Saved to add-residue-night-results.yaml" and saved["whole"], saved
    shot(pg, "phone-side-bar-says")
    assert pg.errors == []


def test_on_its_side_the_bars_help_has_two_lines_so_whose_turn_and_what_to_tap_both_show(serve, browser, tmp_path):
    """Selling Knives on its side: the bar's help had one line beside the scores, cut to "Turn 1: Ann to
    move..." and "Set-up: tap the card...": what to tap next was never in view. It has two lines in the row's height now, cut with dots
    after the second (a tap opens it whole), and the row stays as tall as its buttons."""
    s = serve(config_for(DATA / "played-knives.yaml", tmp_path, drop=("kcount",)))
    pg = phone(browser, 844, 390)
    open_page(pg, s)
    got = pg.evaluate("""() => { const e = document.getElementById('dock-say'), cs = getComputedStyle(e);
      const r = document.createRange(); r.selectNodeContents(e);
      const lines = new Set([...r.getClientRects()].filter((q) => q.bottom <= e.getBoundingClientRect().bottom + 1)
                                                   .map((q) => Math.round(q.top)));
      return { lines: lines.size, clamp: cs.webkitLineClamp, text: e.textContent,
               row: document.getElementById('dock').getBoundingClientRect().height,
               button: document.getElementById('dock-undo').getBoundingClientRect().height }; }""")
    assert got["text"].startswith("Set-up: tap the card that gave"), got
    assert got["lines"] == 2 and got["clamp"] == "2", got
    assert got["row"] <= got["button"] + 20, got  # (the bar's padding: no taller than one row of buttons)
    shot(pg, "phone-side-bar-two-lines")
    assert pg.errors == []


FOCUS = """() => {
  // each control of the page below the header, in turn scrolled to stand just under the bar, then focused
  // from the one before it by the Tab key's move (focus() as the key does): those left under the bar
  const dock = document.getElementById('dock');
  const all = [...document.querySelectorAll('main button, main textarea, main select, main input, main [tabindex="0"]')]
    .filter((e) => e.getClientRects().length && !e.disabled && e.getBoundingClientRect().height < 200);
  const under = [];
  for (const el of all) {
    const top = dock.getBoundingClientRect().top;
    window.scrollTo(0, scrollY + el.getBoundingClientRect().top - top - 4);  // its top just under the bar's
    el.focus();
    const r = el.getBoundingClientRect(), bar = dock.getBoundingClientRect().top;
    if (r.bottom > bar + 0.5) under.push([el.id || el.textContent.trim().slice(0, 20) || el.tagName, Math.round(r.bottom - bar)]);
  }
  return { count: all.length, under };
}"""


def test_a_control_that_gets_the_focus_is_never_under_the_bar(serve, browser, tmp_path):
    for size in ((390, 844), (844, 390)):
        s = serve(config_for(DATA / "played-add-residue.yaml", tmp_path))
        pg = phone(browser, *size)
        open_page(pg, s)
        got = pg.evaluate(FOCUS)
        assert got["count"] >= 4, got
        assert got["under"] == [], (size, got["under"])
        assert pg.errors == []
        pg.context.close()
        s.stop()


LOAD_SHIFTS = """window.__load = []; new PerformanceObserver((list) => { for (const e of list.getEntries())
  window.__load.push([Number(e.value.toFixed(4)), (e.sources || []).map((s) => {
    const n = s.node, el = n && (n.nodeType === 1 ? n : n.parentElement);
    return el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') : '?'; })]); })
  .observe({ type: 'layout-shift', buffered: true });"""


@pytest.mark.parametrize("game", ["add-residue", "intersections"])
def test_the_page_opening_on_a_phone_moves_nothing_a_finger_may_tap(serve, browser, tmp_path, game):
    """From the address opened until the sheets are drawn and a second more, nothing on the screen moves
    (Chromium's layout shifts, summed, before any input): the page jumped for 2.4 s (0.45), the header's file
    name, the devices' line and the title pushing the page down, and the scores shown first then pushed off
    the screen by the sheets, so that a tap in the first seconds landed on the wrong thing."""
    for size in ((390, 844), (844, 390)):
        s = serve(config_for(DATA / f"played-{game}.yaml", tmp_path))
        pg = phone(browser, *size)
        pg.add_init_script(LOAD_SHIFTS)
        open_page(pg, s)
        pg.wait_for_selector("#sheets .sheet svg")
        pg.wait_for_timeout(1000)
        got = pg.evaluate("window.__load")
        assert sum(v for v, _ in got) <= 0.01, (size, got)
        assert pg.errors == []
        pg.context.close()
        s.stop()


def test_the_sheet_a_new_round_adds_moves_nothing_on_the_screen(serve, browser, tmp_path):
    """Making Intersections upright, five rounds drawn: the first segment of round 6, its dots brought to the
    middle of the screen above the bar as a finger scrolls them there, adds the sheet of a round below round 7,
    and nothing on the screen moves. The scores' top stood under the bar there (the page stops its scroll a
    bar's height from the bottom) and the new sheet pushed them down: 0.035 of layout shift, aside#panel."""
    played = yaml.safe_load((DATA / "played-intersections.yaml").read_text(encoding="utf-8"))
    start = tmp_path / "five-rounds.yaml"
    start.write_text(yaml.safe_dump({**played, "rounds": played["rounds"][:5]}, sort_keys=False), encoding="utf-8")
    s = serve(start)
    pg = phone(browser, 390, 844)
    open_page(pg, s)
    sheets = pg.locator("#sheets .sheet").count()
    watch_shifts(pg)
    a, b = played["rounds"][5][0].split("-")
    Fingers(pg).drag(f"6:{a}", f"6:{b}")
    wait_checked(pg)
    pg.wait_for_function("(n) => document.querySelectorAll('#sheets .sheet').length === n + 1", arg=sheets)
    assert layout_shift(pg) <= 0.001, shifts(pg)
    assert pg.errors == []


def test_on_its_side_the_bars_buttons_stay_put_whatever_its_texts_say(serve, browser, tmp_path):
    """On its side the bar keeps one layout: the state's words ('nothing entered yet', '2 mistakes') and the
    pending actions come and go, and Undo, Redo and what to enter next stay where they are, as tall as they
    were (the state and the actions took the width of their words: 0.025 of layout shift entering)."""
    s = serve(config_for(DATA / "played-add-residue.yaml", tmp_path))
    pg = phone(browser, 844, 390)
    try:
        open_page(pg, s)
        where = """([state, act]) => {
          document.getElementById("dock-state").textContent = state;
          document.getElementById("dock-acts").replaceChildren(...(act ? [Object.assign(document.createElement("button"), {textContent: act})] : []));
          return ["dock-undo", "dock-redo", "dock-say", "dock"].map((id) => {
            const r = document.getElementById(id).getBoundingClientRect(); return [id, r.x, r.y, r.width, r.height]; });
        }"""
        first = pg.evaluate(where, ["nothing entered yet", ""])
        for texts in (["\u2713 valid", ""], ["\u2717 12 mistakes", "Pen: the long green one"], ["checking...", "Claim"]):
            assert pg.evaluate(where, texts) == first, texts
    finally:
        pg.context.close()


@pytest.mark.parametrize("game", ["curve", "add-residue"])  # (the other games' sheets fit a phone's width)
def test_a_sheet_panned_to_its_right_end_still_says_whose_it_is(serve, browser, game):
    """A sheet wider than a phone upright, panned sideways: its title scrolled off with the squares ("l, 4
    squares, 0 inside", "piles"), and a player could not tell whose curve, fill or piles were in view."""
    s = serve(f"played-{game}.yaml")
    pg = phone(browser)
    try:
        open_page(pg, s)
        assert pg.get_attribute("#zoom", "aria-pressed") == "true"  # bigger squares: wider than the phone
        sheets, panned = pg.locator("#sheets .sheet"), 0
        for i in range(sheets.count()):
            box = sheets.nth(i)
            title = box.locator('svg text[font-weight="bold"]').first.text_content()
            if not box.evaluate("b => b.querySelector('rect.hit.grid') && b.scrollWidth > b.clientWidth + 20"):
                continue  # (a sheet that fits, or with no grid: nothing to pan)
            box.evaluate("b => { b.scrollIntoView({block: 'center'}); b.scrollLeft = b.scrollWidth; }")
            pg.wait_for_timeout(50)
            seen = box.evaluate("""(b, title) => { const t = [...b.querySelectorAll('svg text')].find((e) => e.textContent === title),
                r = t.getBoundingClientRect(), k = b.getBoundingClientRect(); return { left: r.left - k.left, right: k.right - r.left }; }""", title)
            assert seen["left"] >= 0 and seen["right"] > 60, (i, title, seen)  # its start in view
            panned += 1
        assert panned, game  # (the check saw a sheet panned)
        shot(pg, f"phone-{game}-panned-title")
        assert pg.errors == []
    finally:
        pg.context.close()
