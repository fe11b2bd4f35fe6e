"""The Long Way's turn log by touch on a phone (printkit/games/ikes/turns.js, state.js, pens.js, page.py).

A row of the log is a finger's place: at least 44 px tall on a phone, a tap picks it (shown picked), and the
bar at the foot of the screen then offers "Remove turn N" and, when the builder can hold the line, "Change
turn N" (the builder filled with that turn; Add writes it back in its place); Undo takes either back. A
swipe that starts on a row scrolls the page (a row is a tap's place, never a stroke).

The audit is enter_helpers.finger_on_lines as proposed, unchanged: the 44 px cross through the middle of
EVERY row shown must take that row (the log's rows are bands of their own, touching only each other, so
nothing needs adapting: 21.5 px up or down from a row's middle is still that row when it is 44 px tall).

The log keeps its room all game: two columns of TURN_ROOM // 2 rows from the first turn (the most a game
takes: the bot's 200 games took at most 21), so a long game entered by touch moves nothing (the log grew
and re-flowed its columns after 20 turns)."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from searches import examples  # a few seconds a search; PRINTKIT_SEARCH=long for more
from enter_helpers import DATA, SHOTS, Fingers, finger_on_lines, layout_shift, open_page, phone, saved_when, shifts, wait_checked, watch_shifts
from test_touch import grid_point


def turns_of(path) -> list[str]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))["sheets"]["Ann"].get("turns") or []


def dock(pg, name: str):
    return pg.locator("#dock-acts button", has_text=name)


def tap_box(pg, loc) -> None:
    b = loc.bounding_box()
    pg.touchscreen.tap(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])  # upright and on its side
def test_a_finger_gets_every_row_of_the_turn_log(serve, browser, size):
    s = serve("played-ikes.yaml")
    pg = phone(browser, *size)
    open_page(pg, s)
    got = finger_on_lines(pg, "#sheets rect.hit.row")
    assert got["lines"] == len(turns_of(s.path)) > 10, got["lines"]  # every row, each a long band
    assert got["misses"] == [], (len(got["misses"]), got["misses"][:4])
    tall = pg.evaluate("[...document.querySelectorAll('#sheets rect.hit.row')].map(e => e.getBoundingClientRect().height)")
    assert min(tall) >= 44, min(tall)
    assert pg.errors == []


def test_a_tap_on_turn_5_then_remove_takes_exactly_that_turn_and_undo_gives_it_back(serve, browser):
    s = serve("played-ikes.yaml")
    before = turns_of(s.path)
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    pg.locator('[data-ref="turn:Ann:5"]').evaluate("e => e.scrollIntoView({ block: 'center' })")
    sheet = "document.querySelector('#sheets .sheet').getBoundingClientRect().top + scrollY"
    top = pg.evaluate(sheet)
    watch_shifts(pg)
    fingers.click("turn:Ann:5")
    assert abs(pg.evaluate(sheet) - top) < 0.5 and layout_shift(pg) <= 0.02, shifts(pg)  # the sheet stays put
    assert "selected" in (pg.get_attribute('[data-ref="turn:Ann:5"]', "class") or "")  # shown picked
    remove = dock(pg, "Remove")
    assert remove.count() == 1, pg.inner_text("#dock-acts")
    assert dock(pg, "Change").count() == 1, pg.inner_text("#dock-acts")
    assert "turn 5 picked: " + before[4] in pg.inner_text("#dock-say")  # the bar names the turn it acts on
    assert pg.evaluate("Math.max(...[...document.querySelectorAll('#dock-row button')].map((b) => b.getBoundingClientRect().right))") <= 390
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / "ikes-turn-picked.png"))  # the screen as held
    tap_box(pg, remove)
    wait_checked(pg)
    saved_when(pg, s.path, lambda d: len(d["sheets"]["Ann"]["turns"]) == len(before) - 1)
    assert turns_of(s.path) == before[:4] + before[5:]
    assert dock(pg, "Remove").count() == 0  # nothing picked any more
    tap_box(pg, pg.locator("#dock-undo"))
    wait_checked(pg)
    saved_when(pg, s.path, lambda d: len(d["sheets"]["Ann"]["turns"]) == len(before))
    assert turns_of(s.path) == before
    assert pg.errors == []


def test_change_turn_5_fills_the_builder_and_writes_it_back_in_its_place(serve, browser):
    s = serve("played-ikes.yaml")
    before = turns_of(s.path)
    assert "+coins" not in before[4] and "+" not in before[4].split("@")[-1], before[4]
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    fingers.click("turn:Ann:5")
    tap_box(pg, dock(pg, "Change"))
    assert pg.inner_text("[data-turnline]").strip() == before[4]
    fingers.tap('.pens button:text-is("+coins")')
    assert pg.inner_text("[data-turnline]").strip() == before[4] + " +coins"
    tap_box(pg, dock(pg, "Change turn 5"))  # the bar's pending action writes it back
    wait_checked(pg)
    saved_when(pg, s.path, lambda d: "+coins" in d["sheets"]["Ann"]["turns"][4])
    assert turns_of(s.path) == before[:4] + [before[4] + " +coins"] + before[5:]
    tap_box(pg, pg.locator("#dock-undo"))
    wait_checked(pg)
    saved_when(pg, s.path, lambda d: d["sheets"]["Ann"]["turns"][4] == before[4])
    assert turns_of(s.path) == before
    assert pg.errors == []


def test_a_swipe_from_a_row_scrolls_the_page_and_picks_nothing(serve, browser):
    s = serve("played-ikes.yaml")
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    row = pg.locator('[data-ref="turn:Ann:4"]')
    row.evaluate("e => e.scrollIntoView({ block: 'center' })")
    b = row.bounding_box()
    before = pg.evaluate("scrollY")
    x, y = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    fingers.touch("touchStart", [(x, y)])
    for j in range(1, 13):
        fingers.touch("touchMove", [(x, y - 140 * j / 12)])
    fingers.touch("touchEnd", [])
    pg.wait_for_timeout(600)
    assert pg.evaluate("scrollY") > before + 50
    assert pg.locator("#sheets .selected[data-ref^='turn:']").count() == 0
    assert dock(pg, "Remove").count() == 0
    assert pg.errors == []


def test_a_long_game_entered_by_touch_moves_nothing(serve, browser, tmp_path):
    """Turns 17 to 24 entered by touch on a game of 16, each added with the end of the log in view (the log
    went past 20 rows, grew and re-flowed its columns): the sheet keeps its height and every row its place,
    and the layout shift stays at most 0.02."""
    src = yaml.safe_load((DATA / "played-ikes.yaml").read_text(encoding="utf-8"))
    start = tmp_path / "ikes-long.yaml"
    start.write_text(yaml.safe_dump(src, sort_keys=False), encoding="utf-8")
    s = serve(start)
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)

    def button(name: str) -> None:
        b = pg.get_by_role("button", name=name, exact=True).first
        b.scroll_into_view_if_needed()
        tap_box(pg, b)

    button("Turn log")
    pg.locator('[data-ref="turn:Ann:1"]').evaluate("e => e.scrollIntoView({ block: 'center' })")
    where = """() => [document.querySelector('#sheets .sheet').getBoundingClientRect().height,
        ...[...document.querySelectorAll('#sheets rect.hit.row')].slice(0, 16).map((e) => { const r = e.getBoundingClientRect();
          return [e.dataset.ref, Math.round(r.x + scrollX), Math.round(r.y + scrollY)]; })]"""
    before = pg.evaluate(where)
    watch_shifts(pg)
    for n in range(17, 25):
        for d in "35":
            button(d)
        fingers.click("Ann:A1")
        fingers.click("Ann:B2")
        button("4")
        # the line added with the end of the log and what follows it in view, as a player checks it there
        pg.locator("#sheets .sheet").first.evaluate("e => e.scrollIntoView({ block: 'end' })")
        pg.evaluate("scrollBy(0, 200)")
        tap_box(pg, dock(pg, "Add turn"))
        saved_when(pg, s.path, lambda d, n=n: len(d["sheets"]["Ann"]["turns"]) == n)
        wait_checked(pg)
    assert turns_of(s.path)[16:] == ["35 A1 4@B2"] * 8
    assert pg.locator("#sheets rect.hit.row").count() == 24
    assert pg.evaluate(where) == before  # the sheet as tall, each row where it was (it grew 29 px, rows moved column)
    assert layout_shift(pg) <= 0.02, shifts(pg)  # (it was 0.0085 with the log growing: the direct measure above is the stricter)
    assert pg.errors == []


@pytest.mark.parametrize("size, into", [((844, 390), "title"), ((390, 844), 43)], ids=["on-its-side", "upright"])
def test_a_tap_on_a_store_partly_under_the_bar_writes_what_was_under_the_finger_and_moves_nothing(serve, browser, size, into):
    """On its side (844 x 390) scrolled so that the sheet's title shows, row G is under the bar; upright, the
    store's last row 43 px under it. A tap on A7, then on B1, moved the page 119-166 px (on its side) and
    43 px (upright) once the finger was up, to bring the whole store into view: under the next tap. The
    page moves for nothing but a finger: each tap writes what was under it, and the page stays (0 px)."""
    s = serve("played-ikes.yaml")
    before = yaml.safe_load(s.path.read_text(encoding="utf-8"))["sheets"]["Ann"]["grid"].split("\n")
    assert before[0].split()[6] == "." and before[1].split()[0] == "1"  # (the o pen is picked: each tap writes o)
    pg = phone(browser, *size)
    open_page(pg, s)
    store = """() => { const g = document.querySelector('#sheets rect.hit.grid').getBoundingClientRect();
        return [g.top, g.bottom, document.getElementById('dock').getBoundingClientRect().top]; }"""
    if into == "title":
        pg.locator("#sheets .sheet").first.evaluate("e => e.scrollIntoView({ block: 'start' })")
    else:
        top, bottom, foot = pg.evaluate(store)
        pg.evaluate("y => scrollBy(0, y)", bottom - foot - into)
    pg.wait_for_timeout(100)
    top, bottom, foot = pg.evaluate(store)
    assert top > 0 and bottom > foot + 20, (top, bottom, foot)  # the store's top in view, its last row (part) under the bar
    y0 = pg.evaluate("scrollY")
    for k, (r, c) in enumerate(((0, 6), (1, 0))):
        x, y = grid_point(pg, 2 * c + 1, 2 * r + 1)  # the square's middle, where it is on the screen now
        pg.touchscreen.tap(x, y)
        wait_checked(pg)
        saved_when(pg, s.path, lambda d: d["sheets"]["Ann"]["grid"].split("\n")[r].split()[c] == "o")
        pg.wait_for_timeout(300)  # (a move the page makes comes as the finger lifts, or with the answer)
        assert pg.evaluate("scrollY") == y0, (k, pg.evaluate("scrollY") - y0)
    grid = yaml.safe_load(s.path.read_text(encoding="utf-8"))["sheets"]["Ann"]["grid"].split("\n")
    assert grid[0].split()[6] == "o" and grid[1].split()[0] == "o"
    assert pg.errors == []


SPACE = st.builds(lambda r, c: f"{'ABCDEFG'[r]}{c + 1}", st.integers(0, 6), st.integers(0, 6))
ROLLS = st.lists(st.builds(lambda a, b: f"{a}{b}", st.integers(1, 6), st.integers(1, 6)), min_size=0, max_size=3).map(">".join)
TILE = st.builds(lambda a, f, at, bonus: f"{a} {f}@{at}{bonus}", SPACE, st.integers(1, 6), SPACE,
                 st.one_of(st.just(""), st.just(" +coins"),
                           st.builds(lambda k, s, side: f" +{k} {s} {side}", st.sampled_from(["wall", "door"]), SPACE, st.sampled_from("NESW"))))
LINE = st.one_of(st.builds(lambda r, t: f"{r} {t}", ROLLS.filter(bool), TILE),
                 st.builds(lambda r, a, b: f"{r + ' ' if r else ''}cafe {a}-{b}", ROLLS, SPACE, SPACE),
                 ROLLS.map(lambda r: f"{r + ' ' if r else ''}stop"))

READ_BACK = """async (lines) => {
  const t = await import('/static/game/turnline.js' + location.search);
  return lines.map((line) => { const got = t.parse('Ann', line); return got ? t.text(got) : null; });
}"""


@pytest.fixture(scope="module")
def turn_page(browser, tmp_path_factory):
    from enter_helpers import Served

    src = tmp_path_factory.mktemp("ikes") / "played-ikes.yaml"
    src.write_text((DATA / "played-ikes.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    s = Served(src)
    pg = phone(browser)
    open_page(pg, s)
    yield pg
    s.proc.kill()
    s.proc.wait()


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(LINE, min_size=1, max_size=40))
def test_change_reads_back_every_turn_line_the_builder_can_write(turn_page, lines):
    """Change fills the builder with the turn as the file holds it (the scorer's own spelling of it): every
    line with the tile written by its A1 space reads back to itself, so Add writes back what was there."""
    from printkit.games.ikes.record import normal_turn

    written = [normal_turn(line) for line in lines]
    assert turn_page.evaluate(READ_BACK, written) == written


def test_change_reads_back_a_tile_written_as_its_spaces_and_nothing_it_cannot_write(turn_page):
    got = turn_page.evaluate(READ_BACK, ["34 D4+E4+E5 4@E4", "15 B2 5@B3 +coins extra", "15 B2", "15 B2 5@B3 +wall B3"])
    assert got == ["34 D4+E4+E5 4@E4", None, None, None]  # (None: no Change offered, the text box is the way)


def test_in_the_turn_builder_with_wall_waiting_every_side_and_every_row_is_taken_by_a_finger(serve, browser):
    """The turn builder's +wall (or +door) waits for a side: then, as with the Wall pen, every side of every
    space is a finger's (test_ikes_phone's measure: a side's triangle of its space, the cross does not fit a
    side); and the log's rows stay a finger's while a turn is built. Until +wall or +door, a tap in a space
    is the space (the tile's A1, the display's), and the sides are no target."""
    from test_ikes_phone import SIDES_TO_A_FINGER

    s = serve("played-ikes.yaml")
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    fingers.tap('.pens button:text-is("Turn log")')
    fingers.tap('.pens button:text-is("+wall")')
    assert pg.get_attribute('.pens button:text-is("+wall")', "aria-pressed") == "true"
    got = pg.evaluate(SIDES_TO_A_FINGER)
    assert got["sides"] == 7 * 7 * 4 and got["misses"] == [], (got["sides"], got["misses"][:6])
    rows = finger_on_lines(pg, "#sheets rect.hit.row")
    assert rows["lines"] == len(turns_of(s.path)) and rows["misses"] == [], rows["misses"][:4]
    assert pg.errors == []


def test_a_row_picked_while_a_turn_is_built_offers_its_actions_in_the_bar_and_the_line_is_kept(serve, browser):
    """A row tapped while the next turn is half built: the bar offers Remove (not Change: the half-built line
    would be dropped), it fits the screen, and after Remove the line being built is still there to add."""
    s = serve("played-ikes.yaml")
    before = turns_of(s.path)
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    fingers.tap('.pens button:text-is("Turn log")')
    for d in "35":
        fingers.tap(f'.pens button:text-is("{d}")')
    fingers.click("turn:Ann:2")
    assert dock(pg, "Remove").count() == 1 and dock(pg, "Change").count() == 0 and dock(pg, "Add turn").count() == 0
    assert pg.evaluate("Math.max(...[...document.querySelectorAll('#dock-row button')].map((b) => b.getBoundingClientRect().right))") <= 390
    tap_box(pg, dock(pg, "Remove"))
    wait_checked(pg)
    saved_when(pg, s.path, lambda d: len(d["sheets"]["Ann"]["turns"]) == len(before) - 1)
    assert turns_of(s.path) == before[:1] + before[2:]
    assert pg.inner_text("[data-turnline]").strip() == "35"  # the line being built, kept
    assert dock(pg, "Add turn").count() == 1
    assert pg.errors == []


def test_on_its_side_the_bar_names_the_picked_turn(serve, browser):
    s = serve("played-ikes.yaml")
    pg = phone(browser, 844, 390)
    open_page(pg, s)
    Fingers(pg).click("turn:Ann:3")
    assert pg.locator("#dock-acts button").all_inner_texts() == ["Remove turn 3", "Change turn 3"]
    assert pg.evaluate("Math.max(...[...document.querySelectorAll('#dock-row button')].map((b) => b.getBoundingClientRect().right))") <= 844
    assert pg.errors == []


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["upright", "on-its-side"])
def test_add_turn_on_a_line_not_finished_says_what_it_still_needs(serve, browser, tmp_path, size):
    # "Add turn" on an unfinished line wrote nothing and seemed to do nothing: the page's next line of help
    # replaced its answer at once
    from enter_helpers import config_for

    s = serve(config_for(DATA / "played-ikes.yaml", tmp_path))
    pg = phone(browser, *size)
    open_page(pg, s)
    button = lambda name: tap_box(pg, pg.get_by_role("button", name=name, exact=True).first)  # noqa: E731
    pg.get_by_role("button", name="Turn log", exact=True).first.scroll_into_view_if_needed()
    button("Turn log")
    pg.get_by_role("button", name="5", exact=True).first.scroll_into_view_if_needed()
    button("5")
    button("4")
    add = dock(pg, "Add turn")
    assert add.is_visible()
    tap_box(pg, add)
    pg.wait_for_timeout(300)
    said = pg.inner_text("#say")
    assert said.startswith("Not added yet: the turn needs"), said
    assert pg.inner_text("#dock-say") == said  # in the bar too, where the finger is
    assert turns_of(next(tmp_path.glob("*-results.yaml"))) == []
