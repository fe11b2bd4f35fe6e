"""The Long Way entered on the page in chromium, by pointer and keys, as a person would: squares written
with the pen bar or typed, walls clicked and dragged along the sides of the spaces, entrance and exit set
on the sheet, the turn log built line by line from the dice keys and clicks on the sheet."""

from __future__ import annotations

import json

import yaml
from enter_helpers import DATA, Hands, config_for, open_page, record_chars, run_printkit, saved_when, shot, wait_checked

EXAMPLE = DATA / "played-ikes.yaml"
ROWS = "ABCDEFG"


class Sheet:
    """Ann's store on the page: pens, squares, sides and keys, every input event counted by Hands."""

    def __init__(self, page, hands: Hands, player: str = "Ann"):
        self.page, self.hands, self.p = page, hands, player

    def pen(self, mark: str) -> None:
        self.page.locator(f'.pens button[data-pen="{mark}"]').click()
        self.hands.events += 1

    def button(self, name: str) -> None:
        self.page.get_by_role("button", name=name).click()
        self.hands.events += 1

    def click(self, where: str) -> None:
        self.hands.click(f"{self.p}:{where}")
        wait_checked(self.page)

    def drag(self, *where: str) -> None:
        self.hands.drag(*(f"{self.p}:{w}" for w in where))
        wait_checked(self.page)

    def focus(self) -> None:
        """Click the sheet's title (no place to point at there): the sheet takes the keys, the cursor is on A1."""
        box = self.page.locator("#sheets .sheet").first.bounding_box()
        self.page.mouse.click(box["x"] + box["width"] - 20, box["y"] + 12)
        self.hands.events += 1

    def cursor(self) -> str:
        return self.page.locator(".hit.cursor").first.get_attribute("data-ref").split(":")[-1]

    def go(self, square: str) -> None:
        at = self.cursor()
        dr, dc = ROWS.index(square[0]) - ROWS.index(at[0]), int(square[1]) - int(at[1])
        self.hands.press(*(["ArrowDown"] * dr if dr > 0 else ["ArrowUp"] * -dr),
                         *(["ArrowRight"] * dc if dc > 0 else ["ArrowLeft"] * -dc))

    def keys(self, *keys: str) -> None:
        self.hands.press(*keys)
        wait_checked(self.page)

    def doc(self) -> dict:
        """What the page holds for the player, read from the text boxes (which show the document)."""
        val = {k: self.page.locator(f'#editors [data-path="sheets.{self.p}.{k}"]').input_value()
               for k in ("entrance", "exit", "grid", "walls", "turns")}
        val["walls"] = [w.strip() for w in val["walls"].split(",") if w.strip()]
        val["turns"] = [t for t in val["turns"].split("\n") if t]
        return val


def same(sheet: dict) -> dict:
    return {**sheet, "walls": sorted(sheet["walls"])}


def enter_turn(sheet: Sheet, line: str) -> None:
    """One turn line: the dice typed, the tile's A1 and the display's space clicked, a bonus by key or click."""
    words = line.split()
    dice = words[0].replace(">", "") if words[0][0].isdigit() else ""
    sheet.keys(*dice)
    rest = words[1:] if dice else words
    if rest[0] == "stop":
        sheet.keys("s")
    else:
        sheet.click(rest[0])
        face, at = rest[1].split("@")
        sheet.click(at)
        if rest[2:] == ["+coins"]:
            sheet.keys("c")
        elif rest[2:]:
            assert rest[2] == "+wall"
            if line == "45 E1 5@F2 +wall F1 E":
                shot(sheet.page, "ikes-turn-log")
            sheet.click(f"{rest[3]} {rest[4]}")  # a click on a side in the turn log: the bonus wall
    assert sheet.page.inner_text("[data-turnline]") == line
    sheet.keys("Enter")


def enter_played(page, hands: Hands, played: dict, shots: bool = True) -> dict[str, int]:
    """Ann's sheet of the played example entered on a blank page by pointer and keys alone (no text box);
    returns the input events spent on each part of the record."""
    ann = Sheet(page, hands)
    spent: dict[str, int] = {}

    def part(name: str) -> None:
        spent[name] = hands.events - sum(spent.values())

    # rows A to D typed from the keyboard, as the grid reads
    ann.focus()
    assert ann.cursor() == "A1"
    rows = [r.split() for r in played["grid"].strip().split("\n")]
    for r in range(4):
        ann.keys(*rows[r])
    assert ann.cursor() == "E1"
    # rows E to G with the pens: a drag over a run of tile spaces, a click for a display
    ann.pen("o")
    for run in (("E1", "E2"), ("E5",), ("E7",), ("F4", "F7"), ("G3", "G4")):
        ann.drag(*run) if len(run) > 1 else ann.click(run[0])
    for mark, squares in (("5", ("F2", "G2")), ("4", ("G5",)), ("2", ("G6",)), ("6", ("G7",))):
        ann.pen(mark)
        for q in squares:
            ann.click(q)
    assert ann.doc()["grid"].split("\n") == played["grid"].strip().split("\n")
    part("grid")
    if shots:
        shot(page, "ikes-grid-entered")
    # walls: runs dragged along the sides, single walls clicked, a few by keys
    ann.drag("D1 N", "D3 N")
    ann.drag("D1 S", "D3 S")
    ann.drag("F4 N", "F5 N")
    for w in ("A3 E", "A6 E", "B1 W", "B3 E", "B6 W", "C4 E", "C5 N", "E5 S", "E7 N", "F1 E", "F4 S", "G5 S"):
        ann.click(w)
    ann.go("G2")
    ann.keys("w")  # the west wall of G2
    ann.go("G7")
    ann.keys("Shift+ArrowDown")  # the south wall of G7
    part("walls")
    # the exit from the keyboard, the entrance with the pen bar and a click on the sheet
    ann.keys("x", "ArrowRight")  # the cursor is on G7: the exit through its east side
    ann.button("Entrance (i)")
    ann.click("G1 W")
    part("entrance, exit")
    got = ann.doc()
    assert sorted(got["walls"]) == sorted(played["walls"]) and got["entrance"] == "G1 W" and got["exit"] == "G7 E"
    assert page.inner_text('[data-score="Ann"]') == "4"
    if shots:
        shot(page, "ikes-store-entered")
    # the turn log, line by line: dice typed, squares and the bonus wall clicked
    ann.keys("t")
    for line in played["turns"]:
        enter_turn(ann, line)
    ann.keys("Escape")
    assert ann.doc()["turns"] == played["turns"]
    part("turns")
    return spent


def test_the_played_example_entered_by_pointer_and_keys_scores_the_same(serve, page, tmp_path):
    played = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))["sheets"]["Ann"]
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    shot(page, "ikes-blank")
    hands = Hands(page)
    enter_played(page, hands, played)
    assert page.errors == []
    saved = s.path.parent / "ikes-night-results.yaml"
    data = saved_when(page, saved, lambda d: same(d["sheets"]["Ann"]) == same(played))
    assert same(data["sheets"]["Ann"]) == same(played)
    code, out, err = run_printkit("score", saved, "--json")
    expect = run_printkit("score", EXAMPLE, "--json")
    assert (code, json.loads(out)) == (expect[0], json.loads(expect[1]))
    assert page.inner_text("[data-status]") == "valid"
    assert page.inner_text('[data-score="Ann"]') == str(json.loads(out)["players"][0]["score"])
    shot(page, "ikes-entered")
    chars = record_chars(EXAMPLE, {"game", "players"})
    assert hands.events * 3 <= chars, (hands.events, chars)
    code, out, err = s.stop()
    assert code == 0


def test_walls_and_squares_erase_and_redraw(serve, page, tmp_path):
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    hands = Hands(page)
    ann = Sheet(page, hands)
    # a drag along three sides draws three walls; a drag that starts on a wall erases the walls it passes
    ann.drag("D1 N", "D3 N")
    assert ann.doc()["walls"] == ["D1 N", "D2 N", "D3 N"]
    ann.drag("D2 N", "D3 N")
    assert ann.doc()["walls"] == ["D1 N"]
    # the other side of the same line is another space's wall: C1 S is not D1 N
    ann.click("C1 S")
    assert ann.doc()["walls"] == ["C1 S", "D1 N"]
    ann.click("D1 N")  # a second click on a wall removes it
    assert ann.doc()["walls"] == ["C1 S"]
    # a doorway: the Doorway pen, then a click on the wall; again, and it is a plain wall
    ann.button("Doorway (d)")
    ann.click("C1 S")
    assert ann.doc()["walls"] == ["C1 S*"]
    shot(page, "ikes-doorway")
    ann.button("Doorway (d)")
    ann.click("C1 S")
    assert ann.doc()["walls"] == ["C1 S"]
    # keys: the cursor on C1, s toggles its south wall, d then s punches a doorway through a new one
    ann.focus()
    ann.go("C1")
    ann.keys("s")
    assert ann.doc()["walls"] == []
    ann.keys("d", "ArrowDown")
    assert ann.doc()["walls"] == ["C1 S*"]
    # an entrance inside the store is refused with the reason: the file cannot hold it (a blank store's
    # doorways stay unset: nothing is guessed for the player)
    ann.keys("i", "e")
    assert "outer wall" in page.inner_text("#say") and not ann.doc()["entrance"]
    # squares: a drag paints the pen's mark, a drag that starts on that mark empties what it passes
    ann.pen("o")
    ann.drag("A1", "A4")
    assert ann.doc()["grid"].split("\n")[0] == "o  o  o  o  .  .  ."
    ann.drag("A2", "A3")
    assert ann.doc()["grid"].split("\n")[0] == "o  .  .  o  .  .  ."
    ann.pen("C1")
    ann.drag("A6", "A7")
    assert ann.doc()["grid"].split("\n")[0] == "o  .  .  o  .  C1 C1"
    # Backspace empties the square under the cursor and steps back, as in typed text
    ann.go("A4")
    ann.keys("Backspace")
    assert ann.doc()["grid"].split("\n")[0] == "o  .  .  .  .  C1 C1" and ann.cursor() == "A3"
    ann.keys("c", "2")
    assert ann.doc()["grid"].split("\n")[0] == "o  .  C2 .  .  C1 C1" and ann.cursor() == "A4"
    # undo takes back the last change, whichever way it was made
    page.keyboard.press("Control+z")
    wait_checked(page)
    assert ann.doc()["grid"].split("\n")[0] == "o  .  .  .  .  C1 C1"
    shot(page, "ikes-erase-redraw")
    assert page.errors == []


def test_a_mistake_is_marked_on_the_square_and_the_wall_it_names(serve, page, tmp_path):
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    hands = Hands(page)
    ann = Sheet(page, hands)
    # a blank store says what it lacks to be walked, and nothing is guessed for it
    assert "Still to draw: Ann's entrance and exit" in page.inner_text("#say")
    ann.button("Entrance (i)")
    ann.click("G1 W")
    ann.button("Exit (x)")
    ann.click("G7 E")
    assert "Still to draw" not in page.inner_text("#say")
    # the store and the turn log of the example's first turn: tile 5-4 (a row of three, a west wall) on G2
    ann.pen("o")
    ann.drag("G3", "G4")
    ann.pen("5")
    ann.click("G2")
    ann.click("G2 W")
    ann.keys("t", "5", "4")
    ann.click("G2")
    ann.click("G2")
    ann.keys("Enter")
    assert ann.doc()["turns"] == ["54 G2 5@G2"]
    assert page.inner_text("[data-status]") == "valid"
    # G4 emptied on the sheet: while entering, the turns are ahead of the sheet there (still to enter: the
    # store); once Check is pressed, the replay's check names G4, and G4 is marked
    ann.keys("Escape")
    ann.pen("o")
    ann.click("G4")
    assert page.locator("[data-violation]").all_inner_texts() == []
    assert "still to enter" in page.inner_text("#result")
    page.locator("#check").click()
    assert page.locator("[data-violation]").all_inner_texts() == [
        "Ann's sheet, G4: the turns give a tile space without display (turn 1); the sheet shows empty"]
    assert [e.get_attribute("data-ref") for e in page.locator(".hit.marked").all()] == ["Ann:G4"]
    ann.click("G4")
    assert page.inner_text("[data-status]") == "valid"
    # a turn whose display is off its tile: marked on that square and on the turn's row in the log
    ann.keys("t", "4", "5")
    ann.click("E1")
    ann.click("A7")
    ann.keys("5", "Enter", "Escape")
    assert ann.doc()["turns"] == ["54 G2 5@G2", "45 E1 5@A7"]
    violations = page.locator("[data-violation]").all_inner_texts()
    assert "Ann's sheet, turn 2 (45 E1 5@A7): display at A7 is not on the tile just drawn (E1, E2, F2)" in violations
    refs = {e.get_attribute("data-ref") for e in page.locator(".hit.marked").all()}
    # the tile of turn 2 not drawn on the sheet yet is still to enter; the display off it is a mistake now
    assert {"Ann:A7", "turn:Ann:2"} <= refs and not {"Ann:E1", "Ann:E2", "Ann:F2", "Ann:G2"} & refs, refs
    page.locator("#check").click()
    refs = {e.get_attribute("data-ref") for e in page.locator(".hit.marked").all()}
    assert {"Ann:A7", "turn:Ann:2", "Ann:E1", "Ann:E2", "Ann:F2"} <= refs and "Ann:G2" not in refs, refs
    page.mouse.move(0, 0)  # the pointer off A7 (a square under the pointer is lit instead)
    style = page.locator('[data-ref="Ann:A7"]').evaluate("e => [getComputedStyle(e).stroke, getComputedStyle(e).fill]")
    assert style[0] == "rgb(214, 20, 61)" and "url" in style[1]  # red, and a hatch that survives grey
    # a wall the turns never drew (once Check is pressed: a later turn may draw it): marked on that side
    ann.click("B2 E")
    page.locator("#check").click()
    assert "Ann's sheet, wall B2 E: wall B2 E is on the sheet but no turn drew it" in page.locator("[data-violation]").all_inner_texts()
    assert "marked" in page.locator('[data-ref="Ann:B2 E"]').get_attribute("class")
    assert "marked" not in page.locator('[data-ref="Ann:B3 W"]').get_attribute("class")
    shot(page, "ikes-mistakes")
    # hidden until Check when the switch is off
    page.locator("#live").uncheck()
    ann.click("B2 E")  # (a change after the Check above: mistakes hidden again until the next Check)
    ann.click("B2 E")
    assert page.locator('[data-ref="Ann:A7"]').evaluate("e => getComputedStyle(e).stroke") == "none"
    page.locator("#check").click()
    assert page.locator('[data-ref="Ann:A7"]').evaluate("e => getComputedStyle(e).stroke") == "rgb(214, 20, 61)"
    assert page.errors == []


def test_the_turn_log_builder_cafeterias_doorways_typed_numbers_and_taking_back(serve, page, tmp_path):
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    hands = Hands(page)
    ann = Sheet(page, hands)
    ann.focus()
    ann.button("Turn log (t)")
    # a cafeteria: f, then its two spaces by arrows and Space
    ann.keys("2", "1", "f")
    ann.go("A6")
    ann.keys("Space", "ArrowRight", "Space")
    assert page.inner_text("[data-turnline]") == "21 cafe A6-A7"
    ann.keys("Enter")
    # a tile whose display's space is still empty on the sheet: its number is typed; a doorway bonus
    ann.keys("3", "3")
    ann.click("D4")
    ann.click("D5")
    assert page.inner_text("[data-turnline]") == "33 D4 ?@D5"
    ann.keys("Enter")  # not complete: nothing added, the page says what is missing
    assert "the display's number" in page.inner_text("#say")
    ann.keys("3", "d")
    ann.click("C3 S")
    assert page.inner_text("[data-turnline]") == "33 D4 3@D5 +door C3 S"
    # Backspace takes back the last part, and once the line is empty, the last line of the log
    ann.keys("Backspace")
    assert page.inner_text("[data-turnline]") == "33 D4 3@D5"
    ann.keys("Enter", "1", "2", "Backspace", "Backspace")
    assert ann.doc()["turns"] == ["21 cafe A6-A7", "33 D4 3@D5"]
    ann.keys("Backspace")
    assert ann.doc()["turns"] == ["21 cafe A6-A7"]
    ann.keys("s", "Enter", "Escape")
    assert ann.doc()["turns"] == ["21 cafe A6-A7", "stop"]
    # a click on a row of the log picks it, Delete removes it
    hands.click("turn:Ann:1")
    assert "picked" in page.inner_text("#say")
    ann.keys("Delete")
    assert ann.doc()["turns"] == ["stop"]
    shot(page, "ikes-turn-builder")
    assert page.errors == []


def test_with_wall_picked_a_mouse_drag_down_from_a_spaces_top_triangle_draws_the_upright_line(serve, page, tmp_path):
    """The way the drag goes says the line, for a mouse too: pressed in D5's top triangle (its north side
    nearest), nearer its east side than its west, and dragged down to F5: D5 E, E5 E, F5 E, no north side."""
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    page.get_by_role("button", name="Wall").click()
    grid = page.locator('#sheets rect.hit.grid').first.bounding_box()
    w, h = grid["width"] / 7, grid["height"] / 7
    page.mouse.move(grid["x"] + 4.6 * w, grid["y"] + 3.2 * h)
    page.mouse.down()
    page.mouse.move(grid["x"] + 4.62 * w, grid["y"] + 5.7 * h, steps=20)
    page.mouse.up()
    wait_checked(page)
    walls = saved_when(page, s.path.parent / "ikes-night-results.yaml",
                       lambda d: "F5 E" in (d.get("sheets", {}).get("Ann", {}).get("walls") or []))["sheets"]["Ann"]["walls"]
    assert walls == ["D5 E", "E5 E", "F5 E"], walls
