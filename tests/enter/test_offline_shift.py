"""A spell off the network moves nothing under the finger: Within The Curve on a phone (390 x 844, touch),
a curve drawn and a copy filled, a few squares of it tapped while the server does not answer, then back."""

from __future__ import annotations

from enter_helpers import (DATA, Fingers, config_for, layout_shift, open_page, phone, saved_when, shifts, wait_checked,
                           watch_shifts)


def test_a_curve_copy_filled_with_a_spell_offline_never_moves_under_the_finger(browser, serve, tmp_path):
    s = serve(config_for(DATA / "played-curve.yaml", tmp_path))
    pg = phone(browser)
    try:
        open_page(pg, s)
        f = Fingers(pg)
        watch_shifts(pg)
        f.drag("curve:Ann:B2", "curve:Ann:B5", "curve:Ann:E5", "curve:Ann:E2", "curve:Ann:B2", steps=3)
        wait_checked(pg)
        for sq in ("B2", "B3"):
            f.click(f"fill:Ann:Ann:{sq}")
            wait_checked(pg)
        pg.context.set_offline(True)
        for sq in ("C3", "C4", "D4"):
            f.click(f"fill:Ann:Ann:{sq}")
        pg.wait_for_selector("#saved.bad", timeout=30_000)  # a save tried and failed: the page says so
        assert "not answering" in pg.inner_text("#problem")
        assert pg.locator("#sheets .pending").count() > 0
        pg.context.set_offline(False)
        pg.wait_for_function("document.querySelectorAll('#sheets .pending').length === 0", timeout=30_000)
        pg.wait_for_selector("#saved.ok", timeout=30_000)
        wait_checked(pg)
        f.click("fill:Ann:Ann:D3")
        wait_checked(pg)

        def ready(d):
            fill = ((d.get("fills") or {}).get("Ann") or {}).get("Ann") or ""
            return sum(t != "." for t in fill.split()) >= 16

        data = saved_when(pg, next(tmp_path.glob("*-results.yaml")), ready)
        assert ready(data), data
        assert layout_shift(pg) <= 0.02, shifts(pg)
        assert pg.errors == []
    finally:
        pg.context.close()
