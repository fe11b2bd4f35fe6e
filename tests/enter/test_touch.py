"""One finger on a phone (static/input.js, page.css): it scrolls the page wherever no stroke can start (a
sheet's title, its margins, between dots, a drawn segment), a stroke starts only on a place it can draw
from, and a drawn segment is removed by a second tap, never by a swipe.  Real touches, sent as the
screen sends them (CDP Input.dispatchTouchEvent) on a 390 x 844 touch context."""

from __future__ import annotations

import pytest
import yaml
from enter_helpers import (DATA, Fingers, config_for, enter_curve, layout_shift, open_page, phone, saved_when, settle,
                           shifts, wait_checked, watch_shifts)

GAMES = ["intersections", "curve", "knives", "ikes", "add-residue"]


def swipe(fingers: Fingers, x: float, y: float, dx: float, dy: float, steps: int = 12) -> None:
    fingers.touch("touchStart", [(x, y)])
    for j in range(1, steps + 1):
        fingers.touch("touchMove", [(x + dx * j / steps, y + dy * j / steps)])
    fingers.touch("touchEnd", [])
    settle(fingers.page)


def scrolled_by(pg, fingers: Fingers, x: float, y: float, dy: float = -140) -> float:
    """How far the page moved under an upward swipe from (x, y) (a finger moving up scrolls the page down)."""
    before = pg.evaluate("scrollY")
    swipe(fingers, x, y, 0, dy)
    return pg.evaluate("scrollY") - before


def grid_point(pg, hx: float, hy: float, nth: int = 0) -> tuple[float, float]:
    """The screen point of a half step of the nth sheet grid (odd/odd: a cell's middle, between four dots)."""
    p = pg.evaluate("""async ([hx, hy, nth]) => { const { Grid } = await import('/static/input.js' + location.search);
        return Grid.all(document.getElementById('sheets'))[nth].screen(hx, hy); }""", [hx, hy, nth])
    return p["x"], p["y"]


def text(pg) -> str:
    """Every text box of the record, as the page holds it."""
    return pg.evaluate("[...document.querySelectorAll('#editors [data-path]')].map(t => t.value).join('|')")


@pytest.mark.parametrize("game", GAMES)
def test_one_finger_on_a_sheets_title_or_margin_scrolls_the_page(serve, browser, game):
    s = serve(f"played-{game}.yaml")
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    sheet = pg.locator("#sheets .sheet").first
    pg.evaluate("y => scrollBy(0, y)", sheet.bounding_box()["y"] - 250)  # the sheet's title in view, well above the bar
    b = sheet.bounding_box()
    x, y = b["x"] + 6, b["y"] + 6  # its top left corner: the title's margin, never a place
    assert pg.evaluate(f"!document.elementFromPoint({x}, {y}).closest('[data-ref]')")
    before = text(pg)
    moved = scrolled_by(pg, fingers, x, y)
    assert moved > 60, (game, moved)
    # and back down, from the margin beside the sheet's first row
    assert scrolled_by(pg, fingers, 3, y - moved + 60, 120) < -60, game
    wait_checked(pg)
    assert text(pg) == before  # nothing drawn
    assert pg.errors == []


def test_between_dots_one_finger_scrolls_and_from_a_dot_it_draws(serve, browser, tmp_path):
    s = serve(config_for(DATA / "played-intersections.yaml", tmp_path))
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    pg.locator("#sheets .sheet").first.scroll_into_view_if_needed()
    x, y = grid_point(pg, 3, 3)  # the middle of the square between dots B2, B3, C2 and C3
    assert scrolled_by(pg, fingers, x, y) > 60
    wait_checked(pg)
    assert "-" not in text(pg)
    fingers.drag("1:B2", "1:B4")  # from a dot: a segment
    wait_checked(pg)
    assert "B2-B4" in text(pg)
    assert pg.errors == []


def test_a_swipe_across_or_along_a_drawn_segment_scrolls_and_a_second_tap_removes_it(serve, browser, tmp_path):
    # a swipe along a segment removed it: a thumb scrolling up between two columns of dots erased the
    # upright segments beside it (in a played game nearly every middle between four dots is within a
    # finger's reach of a segment); a segment is a tap's place, picked by a tap, removed by a second
    s = serve(config_for(DATA / "played-intersections.yaml", tmp_path))
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    pg.locator("#sheets .sheet").first.scroll_into_view_if_needed()
    fingers.drag("1:B1", "1:B4")
    wait_checked(pg)
    assert "B1-B4" in text(pg)
    x, y = grid_point(pg, 3, 2)  # on the segment, half way between dots B2 and B3
    assert pg.evaluate(f"document.elementsFromPoint({x}, {y}).some(e => e.dataset.ref === '1:B1-B4')")
    assert scrolled_by(pg, fingers, x, y) > 60  # across it (up the page): the page moves
    wait_checked(pg)
    assert "B1-B4" in text(pg)
    x, y = grid_point(pg, 3, 2)
    swipe(fingers, x, y, 90, 0)  # along it: it stays
    wait_checked(pg)
    assert "B1-B4" in text(pg)
    x, y = grid_point(pg, 3, 3)  # between the dots B2, B3, C2 and C3, within a finger's reach of it: it stays
    assert pg.evaluate(f"document.querySelector('#sheets').placeFor({x}, {y}).key") == "1:B1-B4"
    assert scrolled_by(pg, fingers, x, y) > 60
    wait_checked(pg)
    assert "B1-B4" in text(pg)
    x, y = grid_point(pg, 3, 2)
    pg.touchscreen.tap(x, y)  # picked
    assert "selected" in pg.locator('[data-ref="1:B1-B4"]').get_attribute("class")
    assert "tap it again" in pg.inner_text("#say")
    pg.touchscreen.tap(x, y)  # and again: removed
    wait_checked(pg)
    assert "B1-B4" not in text(pg)
    assert pg.errors == []


def test_a_swipe_from_a_copys_square_scrolls_and_writes_nothing(serve, browser, tmp_path):
    example = DATA / "played-curve.yaml"
    s = serve(config_for(example, tmp_path))
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    owner = yaml.safe_load(example.read_text(encoding="utf-8"))["players"][0]
    ref = next(r for r in pg.eval_on_selector_all("[data-ref^='fill:']", "es => es.map(e => e.dataset.ref)"))
    x, y = fingers.centre(ref)
    before = text(pg)
    assert scrolled_by(pg, fingers, x, y) > 60, owner
    wait_checked(pg)
    assert text(pg) == before
    assert pg.errors == []


class Watched(Fingers):
    """Fingers that note where each tapped place was on the screen before the tap and after its check."""

    def __init__(self, page):
        super().__init__(page)
        self.moves: list[tuple[str, float]] = []

    def click(self, ref: str) -> None:
        x, y = self.centre(ref)
        before = self.page.locator(f'[data-ref="{ref}"]').first.bounding_box()
        self.page.touchscreen.tap(x, y)
        self.events += 1
        wait_checked(self.page)
        self.page.wait_for_timeout(100)
        after = self.page.locator(f'[data-ref="{ref}"]').first.bounding_box()
        self.moves.append((ref, max(abs(after["x"] - before["x"]), abs(after["y"] - before["y"]))))


def test_numbers_written_on_a_copy_with_bigger_squares_move_nothing_under_the_finger(serve, browser, tmp_path):
    example = DATA / "played-curve.yaml"
    played = yaml.safe_load(example.read_text(encoding="utf-8"))
    owner = next(iter(played["curves"]))
    s = serve(config_for(example, tmp_path))
    pg = phone(browser)
    open_page(pg, s)
    assert pg.get_attribute("#zoom", "aria-pressed") == "true"  # bigger squares: a touch screen's start
    watch_shifts(pg)
    fingers = Watched(pg)
    one = {"n": played["n"], "curves": {owner: played["curves"][owner]}, "fills": {owner: {owner: played["fills"][owner][owner]}}}
    enter_curve(pg, fingers, one)
    assert len(fingers.moves) > 10
    assert max(m for _, m in fingers.moves) <= 4, [m for m in fingers.moves if m[1] > 1]  # (it was 228 px a number)
    assert layout_shift(pg) <= 0.02, layout_shift(pg)
    assert pg.errors == []


def test_a_finger_dragged_down_near_the_east_sides_of_e5_to_g5_draws_their_walls(serve, browser):
    """A finger is wider than a side's band: a drag that starts inside E5 near its east side (outside the band)
    and goes down along it draws the walls E5 E, F5 E and G5 E, and leaves the three squares as they were."""
    s = serve("played-ikes.yaml")
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    assert pg.get_attribute('.pens button[data-pen="o"]', "aria-pressed") == "true"  # the o tile pen, Wall for sides
    fingers.centre("Ann:F5")  # the store in view
    grid_before = yaml.safe_load(s.path.read_text(encoding="utf-8"))["sheets"]["Ann"]["grid"]
    (x0, y0), (x1, y1) = grid_point(pg, 2 * 4.64, 2 * 4.5), grid_point(pg, 2 * 4.64, 2 * 6.5)
    assert pg.evaluate(f"document.elementsFromPoint({x0}, {y0}).some(e => e.dataset.ref === 'Ann:E5')")
    fingers.touch("touchStart", [(x0, y0)])
    for j in range(1, 21):
        fingers.touch("touchMove", [(x0 + (x1 - x0) * j / 20, y0 + (y1 - y0) * j / 20)])
    fingers.touch("touchEnd", [])
    wait_checked(pg)
    saved = saved_when(pg, s.path, lambda d: "G5 E" in d["sheets"]["Ann"]["walls"])["sheets"]["Ann"]
    assert {"E5 E", "F5 E", "G5 E"} <= set(saved["walls"]), saved["walls"]
    assert saved["grid"] == grid_before  # no tile emptied
    assert pg.errors == []


def test_on_a_phone_on_its_side_one_stroke_crosses_the_whole_dot_sheet(serve, browser, tmp_path):
    """844 x 390: a 9 x 9 dot sheet is taller than the screen (its dots 44 px apart would not fit; a 6 x 6 one
    does, test_intersections_phone.py); a finger held at the bar moves the page along, so that A1-F1 is drawn
    in one stroke."""
    cfg = config_for(DATA / "played-intersections.yaml", tmp_path)
    cfg.write_text(cfg.read_text(encoding="utf-8").replace("n: 6", "n: 9"), encoding="utf-8")
    s = serve(cfg)
    pg = phone(browser, 844, 390)
    open_page(pg, s)
    fingers = Fingers(pg)
    a1 = pg.locator('[data-ref="1:A1"]')
    a1.evaluate("e => e.scrollIntoView({block: 'start'})")
    pg.evaluate("scrollBy(0, -40)")
    f1 = pg.locator('[data-ref="1:F1"]')
    b = a1.bounding_box()
    x, y = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    foot = pg.locator("#dock").bounding_box()["y"]
    assert f1.bounding_box()["y"] > foot, "F1 starts out of reach below the bar"
    fingers.touch("touchStart", [(x, y)])
    for _ in range(300):  # down to the bar, then held there (a finger never quite still)
        end = f1.bounding_box()
        ty = end["y"] + end["height"] / 2
        if ty < foot - 30:
            break
        y = min(foot - 8 + (_ % 2), y + 15)
        fingers.touch("touchMove", [(x, y)])
    fingers.touch("touchMove", [(x, ty)])
    fingers.touch("touchEnd", [])
    wait_checked(pg)
    assert "A1-F1" in text(pg)
    assert pg.errors == []


def test_a_wide_sheet_panned_sideways_keeps_its_row_letters_in_view(serve, browser):
    s = serve("played-curve.yaml")  # 12 x 12: wider than the phone with bigger squares
    pg = phone(browser)
    open_page(pg, s)
    box = pg.locator("#sheets .sheet").first
    box.scroll_into_view_if_needed()
    assert box.evaluate("e => e.scrollWidth > e.clientWidth + 100")  # it pans
    box.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    pg.wait_for_timeout(200)
    edge = box.bounding_box()
    for letter in "AFL":
        label = box.locator("svg text", has_text=letter).filter(has_not_text="curve").first
        b = label.bounding_box()
        assert edge["x"] <= b["x"] and b["x"] + b["width"] <= edge["x"] + edge["width"], (letter, b, edge)
    assert pg.errors == []


def test_the_knives_set_up_draw_gives_way_to_the_map_without_moving_the_sheet(serve, browser, tmp_path):
    """The claim panel keeps its room during the set-up draw: the map comes in where the set-up card was
    (the set-up card used to move 190 px down, a layout shift of 0.66)."""
    s = serve(config_for(DATA / "played-knives.yaml", tmp_path, drop=("kcount",)))
    pg = phone(browser)
    open_page(pg, s)
    watch_shifts(pg)
    before = pg.locator("#sheets .sheet").first.bounding_box()["y"]
    assert pg.locator(".knives-panel .wait").is_visible()  # the claim's room says what it will hold
    Fingers(pg).click("card:Q")
    wait_checked(pg)
    pg.wait_for_function("document.querySelector('[data-ref^=\"centre:\"]')")
    assert abs(pg.locator("#sheets .sheet").first.bounding_box()["y"] - before) <= 16
    assert not pg.locator(".knives-panel .wait").is_visible() and pg.locator("[data-player]").first.is_visible()
    # the sheets keep a screen's room below the set-up card: the mistakes panel below them is not pushed by the map
    assert layout_shift(pg) <= 0.02, shifts(pg)
    assert pg.errors == []


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["upright", "on-its-side"])
@pytest.mark.parametrize("game,row", [("ikes", "D"), ("curve", "D")])
def test_a_swipe_from_just_beside_a_grid_scrolls_and_writes_nothing(serve, browser, tmp_path, game, row, size):
    # a thumb scrolling beside The Long Way's store (upright only 16 px of margin are left) or over a curve
    # grid's row letters took the nearest side or square within a finger's reach: a wall, a tile, a curve
    # square was written and the page hardly moved. Beside a grid a swipe scrolls; a tap there still takes
    # the side or square nearest it (an entrance on the store's edge)
    s = serve(config_for(DATA / f"played-{game}.yaml", tmp_path))
    pg = phone(browser, *size)
    open_page(pg, s)
    fingers = Fingers(pg)
    ref = f"Ann:{row}7" if game == "ikes" else f"curve:Ann:{row}1"
    fingers.centre(ref)
    g = pg.locator('[data-ref="grid:Ann"]' if game == "ikes" else '[data-ref="grid:curve:Ann"]').bounding_box()
    r = pg.locator(f'[data-ref="{ref}"]').bounding_box()
    y = r["y"] + r["height"] / 2
    before = text(pg)
    for x in ((g["x"] + g["width"] + 3, g["x"] + g["width"] + 8, g["x"] + g["width"] + 13) if game == "ikes"
              else (g["x"] - 3, g["x"] - 8)):
        if not 0 < x < size[0]:
            continue
        pg.evaluate("y => scrollTo(0, y)", pg.evaluate("scrollY"))
        moved = scrolled_by(pg, fingers, x, y, -120)
        assert moved > 60, (game, x, moved)
        pg.evaluate(f"scrollBy(0, {-moved})")
        settle(pg)
    wait_checked(pg)
    assert text(pg) == before, (game, text(pg))
    if game == "ikes":  # a tap just outside the edge is a tap on its side: the entrance there
        pg.get_by_role("button", name="Entrance", exact=True).first.click()
        fingers.centre(ref)
        g = pg.locator('[data-ref="grid:Ann"]').bounding_box()
        r = pg.locator(f'[data-ref="{ref}"]').bounding_box()
        pg.touchscreen.tap(g["x"] + g["width"] + 3, r["y"] + r["height"] / 2)
        wait_checked(pg)
        assert "D7 E" in text(pg), text(pg)
    assert pg.errors == []


def wide_curve(serve, browser, tmp_path):
    """A blank curve game on a phone held upright, with bigger squares: (page, fingers, Ann's curve sheet's
    box), the box panned to its left end with row A in view."""
    s = serve(config_for(DATA / "played-curve.yaml", tmp_path))
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    box = pg.locator('#sheets .sheet:has([data-ref="grid:curve:Ann"])')
    fingers.centre("curve:Ann:A1")
    box.evaluate("b => { b.scrollLeft = 0; }")
    return pg, fingers, box


def test_a_finger_held_still_at_the_edge_of_a_wide_sheet_moves_it_along_and_the_stroke_goes_on(serve, browser, tmp_path):
    # a 12 x 12 curve with bigger squares is wider than a phone held upright: a curve along row A is drawn
    # to the screen's right edge, where the finger waits; the sheet moves along under it (before, only
    # while the finger moved: held still, nothing happened, and the curve stopped at the last column in view)
    pg, fingers, box = wide_curve(serve, browser, tmp_path)
    assert box.evaluate("b => b.scrollWidth > b.clientWidth")  # wider than the phone
    x, y = fingers.centre("curve:Ann:A1")
    right = box.bounding_box()["x"] + box.bounding_box()["width"] - 12
    seen = pg.evaluate("""([y, right]) => [...document.querySelectorAll('[data-ref^="curve:Ann:A"]')]
        .filter((e) => e.getBoundingClientRect().right <= right).length""", [y, right])
    assert seen < 12
    fingers.touch("touchStart", [(x, y)])
    for j in range(1, 21):
        fingers.touch("touchMove", [(x + (right - x) * j / 20, y)])
    pg.wait_for_timeout(2500)  # held still at the edge
    fingers.touch("touchEnd", [])
    wait_checked(pg)
    row = pg.locator('#editors [data-path="curves.Ann"]').input_value().splitlines()[0].split()
    drawn = [v for v in row if v != "."]
    assert len(drawn) > seen + 2, (seen, row)  # on past the squares that were in view
    assert drawn == [str(k) for k in range(1, len(drawn) + 1)], row  # one line, square by square
    assert pg.errors == []


def test_a_line_drawn_down_along_the_right_edge_of_a_wide_sheet_does_not_move_it_sideways(serve, browser, tmp_path):
    # the edge moves a sheet along for a finger going towards it; a curve drawn down the last column in
    # view had the sheet slide sideways 12 px a move under the finger, and the line went astray
    pg, fingers, box = wide_curve(serve, browser, tmp_path)
    right = box.bounding_box()["x"] + box.bounding_box()["width"]
    x = right - 10  # in the edge's zone, on the square there (the last one in view, in part)
    c = pg.evaluate("""(x) => Number([...document.querySelectorAll('[data-ref^="curve:Ann:A"]')].find((e) => {
        const r = e.getBoundingClientRect(); return r.left <= x && x < r.right; }).dataset.ref.slice(11))""", x)
    assert c < 12  # more of the sheet to its right
    sq = pg.locator(f'[data-ref="curve:Ann:A{c}"]').bounding_box()
    y0 = sq["y"] + sq["height"] / 2
    y1 = y0 + 3 * sq["height"]
    fingers.touch("touchStart", [(x, y0)])
    for j in range(1, 25):
        fingers.touch("touchMove", [(x + (1 if j % 2 else -1), y0 + (y1 - y0) * j / 24)])  # a hand's wobble
    fingers.touch("touchEnd", [])
    wait_checked(pg)
    assert box.evaluate("b => b.scrollLeft") == 0
    rows = pg.locator('#editors [data-path="curves.Ann"]').input_value().splitlines()
    assert [r.split()[c - 1] for r in rows[:4]] == ["1", "2", "3", "4"], rows[:4]
    assert pg.errors == []
