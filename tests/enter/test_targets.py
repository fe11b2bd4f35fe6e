"""Every target a finger needs on a phone, measured over all of them (static/page.css, phone.js): each control
of the page (buttons, menus, the join code's summary, text boxes; a checkbox by its label) and each place on
the sheets that is an area (a square, a dot, a card, a pile's number, a centre of the map) at least 44 x 44
CSS px, on a 390 x 844 touch screen, in every game, with the Long Way's dice and turn log open."""

from __future__ import annotations

import pytest
from enter_helpers import open_page, phone

AUDIT = """() => {
  const small = [];
  const size = (el) => { const r = el.getBoundingClientRect(); return [r.width, r.height]; };
  for (const el of document.querySelectorAll('button, select, summary, input, textarea')) {
    if (!el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
    const target = el.type === 'checkbox' ? el.closest('label') || el : el;  // a checkbox is hit by its label
    const [w, h] = size(target);
    if (w < 44 || h < 44) small.push(['control', el.id || el.textContent.trim().slice(0, 24) || el.tagName, Math.round(w), Math.round(h)]);
  }
  let places = 0;
  for (const el of document.querySelectorAll('#sheets [data-ref]')) {
    if (el.dataset.ref.startsWith('grid:') || el.tagName === 'line') continue;  // lines: see the module's notes
    const [w, h] = size(el);
    if (Math.max(w, h) >= 3 * Math.min(w, h)) continue;  // a log's row or a side's band (see the notes)
    places += 1;
    if (w < 43.5 || h < 43.5) small.push(['place', el.dataset.ref, Math.round(w), Math.round(h)]);
  }
  return { small, places };
}"""


@pytest.mark.parametrize("game", ["knives", "ikes", "curve", "intersections", "add-residue"])
def test_every_control_and_every_place_is_44_px_to_a_finger(serve, browser, game):
    s = serve(f"broken-{game}.yaml", "--table", "--host", "127.0.0.1")  # a game under way (moves still open) and the join code shown
    pg = phone(browser)
    open_page(pg, s)
    pg.locator("#join summary").click()  # the join code open: its summary and its sentence
    if game == "ikes":  # the turn log's dice and buttons too
        pg.get_by_role("button", name="Turn log (t)", exact=True).first.click()
    got = pg.evaluate(AUDIT)
    assert got["places"] > 0 or game == "add-residue", game
    assert got["small"] == [], (game, got["small"][:12], len(got["small"]))
    assert pg.errors == []
