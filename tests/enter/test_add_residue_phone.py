"""Add/Residue on a phone (390 x 844, touch): a whole game entered by taps with a spell off the network in
the middle, and nothing moves under the finger meanwhile."""

from __future__ import annotations

import yaml
from enter_helpers import DATA, Fingers, config_for, layout_shift, open_page, phone, saved_when, shifts, wait_checked, watch_shifts

EXAMPLE = DATA / "played-add-residue.yaml"


def test_a_game_entered_by_touch_with_a_spell_offline_never_moves_under_the_finger(browser, serve, tmp_path):
    """Moves 11-16 tapped off the network (a save and a check fail meanwhile, and the page says so: in the
    header's save line and over the page's foot), then back: the whole game's layout shift stays under 0.02
    (it was 1.1 to 2.2: the save line left the header for the foot and came back, the sheets moving up and
    down by its height each time)."""
    played = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    moves = [m.split("=")[0].split() for m in played["moves"]]
    s = serve(config_for(EXAMPLE, tmp_path))
    pg = phone(browser)
    try:
        open_page(pg, s)
        f = Fingers(pg)
        watch_shifts(pg)
        for i, (_, pile, c) in enumerate(moves):
            if i == 10:
                pg.context.set_offline(True)
            f.click(f"move:{pile} {c}")
            if i == 15:
                pg.wait_for_selector("#saved.bad", timeout=30_000)  # a save tried and failed: the page says so
                assert "not answering" in pg.inner_text("#problem")
                pg.context.set_offline(False)
                pg.wait_for_function("document.querySelectorAll('#sheets .pending').length === 0", timeout=30_000)
                pg.wait_for_selector("#saved.ok", timeout=30_000)
            if not 10 <= i < 15:
                wait_checked(pg)
        data = saved_when(pg, s.path.parent / "add-residue-night-results.yaml", lambda d: len(d.get("moves") or []) >= 52)
        assert [m.split() for m in data["moves"]] == moves
        assert layout_shift(pg) <= 0.02, shifts(pg)
        assert pg.errors == []
    finally:
        pg.context.close()
