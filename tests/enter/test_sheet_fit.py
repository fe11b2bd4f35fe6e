"""A wide sheet on a phone (390 x 844, touch) keeps its labels in view: a 12 x 12 curve's columns are each
reachable by panning, with its row letter and column number on screen while the square is (static/phone.js
pins the row letters when the sheet is panned sideways and the column numbers when the page is scrolled
past them)."""

from __future__ import annotations

from enter_helpers import DATA, Served, config_for, open_page, phone, shot

ROWS = "ABCDEFGHIJKL"

LABEL = """([ref, word]) => {
  const hit = document.querySelector(`#sheets [data-ref="${ref}"]`);
  const svg = hit.ownerSVGElement;
  const box = hit.getBoundingClientRect();
  const mid = word.match(/^[0-9]+$/) ? (box.left + box.right) / 2 : (box.top + box.bottom) / 2;
  const near = [...svg.querySelectorAll("text")].filter((t) => t.textContent.trim() === word).map((t) => {
    const b = t.getBoundingClientRect();
    return {x: b.left, y: b.top, r: b.right, b: b.bottom, off: Math.abs((word.match(/^[0-9]+$/) ? (b.left + b.right) / 2 : (b.top + b.bottom) / 2) - mid)};
  }).sort((a, b) => a.off - b.off);
  return {square: {x: box.left, y: box.top, r: box.right, b: box.bottom}, label: near[0] || null};
}"""


def on_screen(b: dict, width: int = 390, height: int = 844) -> bool:
    return b["x"] >= -0.5 and b["y"] >= -0.5 and b["r"] <= width + 0.5 and b["b"] <= height + 0.5


def test_every_column_of_a_12_by_12_curve_is_reached_with_its_labels_in_view(browser, tmp_path):
    example = DATA / "played-curve.yaml"
    s = Served(config_for(example, tmp_path))
    pg = phone(browser)
    try:
        open_page(pg, s)
        first = pg.locator('#sheets [data-ref="curve:Ann:A1"]')
        assert first.count() == 1
        missing = []
        for row in ("A", "F", "L"):
            for col in range(1, 13):
                ref = f"curve:Ann:{row}{col}"
                pg.locator(f'#sheets [data-ref="{ref}"]').scroll_into_view_if_needed()
                pg.wait_for_timeout(60)
                number = pg.evaluate(LABEL, [ref, str(col)])
                letter = pg.evaluate(LABEL, [ref, row])
                assert on_screen(number["square"]), (ref, number)
                if not (number["label"] and on_screen(number["label"])):
                    missing.append(f"column {col} at {row}")
                if not (letter["label"] and on_screen(letter["label"])):
                    missing.append(f"row {row} at {col}")
                if (row, col) == ("L", 12):
                    shot(pg, "phone-curve-12-panned")
        assert missing == []
        assert pg.errors == []
    finally:
        pg.context.close()
        s.stop()
