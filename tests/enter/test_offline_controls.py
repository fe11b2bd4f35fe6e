"""Every control works offline as online (printkit/enter/static/intents.js, the games' page.js): on a phone
(390 x 844, touch) with the network gone, a pen, the Turn log, the roads and cards of a claim and Claim
itself act at once, for they are the page's own state; only writing waits for the server. What was
tapped offline is part of what the page shows (a store's square shows the mark it gets; a card drawn is
in the hand and a claim can spend it), and back online the file holds every tap, in order."""

from __future__ import annotations

from enter_helpers import Fingers, open_page, phone, saved_when, wait_checked


def _pressed(pg) -> list[str]:
    return pg.eval_on_selector_all('.pens button[data-pen][aria-pressed="true"]', "bs => bs.map((b) => b.dataset.pen)")


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
