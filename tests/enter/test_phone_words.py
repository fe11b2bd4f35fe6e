"""The words a player reads on a phone at the table (static/app.js, saving.js, phone.js, page.css): whole
sentences in the players' words, never cut with "...", nothing about software (no "server", no "printkit"),
and a count of what was made as the player made it (two strokes are "2 strokes", not "2 taps")."""

from __future__ import annotations

from enter_helpers import DATA, Fingers, config_for, open_page, phone, shot

SOFTWARE = ("server", "printkit", "device", "(s)")


def test_strokes_kept_offline_are_counted_as_strokes_in_the_players_words(serve, browser, tmp_path):
    """Making Intersections off the Wi-Fi: two segments drawn are "2 strokes kept" (it said "2 taps kept"), and
    what the page says of the wait, in the bar, the scores and the red notice, names the computer the players
    started, not "the printkit server"."""
    s = serve(config_for(DATA / "played-intersections.yaml", tmp_path))
    pg = phone(browser)
    open_page(pg, s)
    f = Fingers(pg)
    pg.context.set_offline(True)
    f.drag("1:D2", "1:D5")
    f.drag("1:A3", "1:A6")
    pg.wait_for_function("document.getElementById('dock-say').textContent.includes('kept')")
    pg.wait_for_selector("#saved.bad")
    say = pg.text_content("#dock-say")
    assert say.startswith("2 strokes kept, not written yet"), say
    words = {el: pg.text_content(el) for el in ("#dock-say", "#dock-state", "[data-status]", "#problem", "#saved",
                                                "#save-notice span")}
    shot(pg, "phone-words-offline")
    for el, text in words.items():
        assert not [w for w in SOFTWARE if w in text.lower()], (el, text)
    pg.context.set_offline(False)
    pg.wait_for_selector("#saved.ok", timeout=30_000)
    assert pg.errors == []


CUT = """() => [...document.querySelectorAll('#dock-status, #dock-acts button')].filter((b) => b.getClientRects().length)
  .map((b) => [b.textContent, b.scrollWidth <= b.clientWidth + 1 && b.scrollHeight <= b.clientHeight + 1])"""


def test_the_bars_buttons_say_what_they_say_whole(serve, browser, tmp_path):
    """The Long Way, blank, on a phone upright, a pen picked: the bar's state "nothing entered yet" and its pen
    "Pen: o tile" are whole (they were cut: "nothing entered ..." and "Pen: o ...")."""
    s = serve(config_for(DATA / "played-ikes.yaml", tmp_path))
    pg = phone(browser)
    open_page(pg, s)
    Fingers(pg).tap('.pens button[data-pen="o"]')
    pg.wait_for_function("[...document.querySelectorAll('#dock-acts button')].some((b) => b.textContent.startsWith('Pen:'))")
    got = pg.evaluate(CUT)
    assert ["nothing entered yet", True] in got, got
    assert all(whole for _, whole in got), got
    shot(pg, "phone-bar-whole")
    assert pg.errors == []
