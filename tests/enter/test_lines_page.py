"""Two pages on one file in chromium, each line named by its identity (static/parts.js): an Undo takes back the
page's own line wherever the other page's lines stand, even on a page that missed the other's lines; a line
typed while the other page undoes is the line typed; the same move entered on both at once is two lines, one
each, and both pages show the file."""

from __future__ import annotations

import time

import yaml
from enter_helpers import DATA, Hands, config_for, open_page, saved_when, wait_checked


def moves_in(path) -> list[str]:
    return yaml.safe_load(path.read_text(encoding="utf-8")).get("moves") or []


def two_pages(serve, browser, tmp_path):
    """A blank Add/Residue game served, and two pages on it: (results file, page A, page B)."""
    s = serve(config_for(DATA / "played-add-residue.yaml", tmp_path))
    pages = [browser.new_context(viewport={"width": 1400, "height": 1000}, bypass_csp=True).new_page()
             for _ in range(2)]
    return s, s.path.parent / "add-residue-night-results.yaml", pages


def shown(page) -> list[str]:
    return [ln for ln in page.locator("#ed-0").input_value().split("\n") if ln.strip()]


def shows(page, want: list[str], timeout: float = 15.0) -> list[str]:
    """The moves the page's text box shows once they are ``want`` (else when ``timeout`` runs out)."""
    deadline = time.time() + timeout
    while shown(page) != want and time.time() < deadline:
        page.wait_for_timeout(100)
    return shown(page)


def test_an_undo_on_a_page_that_missed_the_others_moves_takes_back_its_own_move_only(serve, browser, tmp_path):
    """F1: page A's event stream is lost (its saves go through). A taps Ann add 3; B taps Ben add 4 and Ann add
    5; A presses Ctrl+Z. A's Undo was sent as the whole list set to nothing, and B's two moves were gone from
    the file and from B's page. Now it takes back A's move alone, and both pages show the file."""
    s, results, (a, b) = two_pages(serve, browser, tmp_path)
    a.route("**/api/events*", lambda route: route.abort())
    open_page(a, s)
    open_page(b, s)
    Hands(a).click("move:Ann:add 3")
    saved_when(a, results, lambda d: len(d.get("moves") or []) == 1)
    for move in ("move:Ben:add 4", "move:Ann:add 5"):
        Hands(b).click(move)
        wait_checked(b)
    saved_when(b, results, lambda d: len(d.get("moves") or []) == 3)
    a.keyboard.press("Control+z")
    saved_when(a, results, lambda d: "Ann add 3" not in (d.get("moves") or []))
    assert moves_in(results) == ["Ben add 4", "Ann add 5"]
    assert shows(b, ["Ben add 4", "Ann add 5"]) == ["Ben add 4", "Ann add 5"]
    assert shows(a, ["Ben add 4", "Ann add 5"]) == ["Ben add 4", "Ann add 5"]  # brought up to date
    a.wait_for_selector("#saved.ok")
    assert moves_in(results) == ["Ben add 4", "Ann add 5"]


def test_a_line_typed_while_the_other_page_undoes_is_the_line_typed(serve, browser, tmp_path):
    """F4: A types a third line on a slow network (each save held 400 ms) while B undoes its own move. B's
    Undo cut the list by place (A's half-typed line with it), and A's next keystroke wrote B's move back."""
    s, results, (a, b) = two_pages(serve, browser, tmp_path)
    held: list = []
    a.route("**/api/change", lambda route: held.append((time.monotonic(), route)))

    def pump(ms: int = 0):  # the held saves older than 400 ms let through
        a.wait_for_timeout(ms)
        for x in [x for x in held if time.monotonic() - x[0] > 0.4]:
            held.remove(x)
            x[1].continue_()
    open_page(a, s)
    open_page(b, s)
    Hands(a).click("move:Ann:add 1")
    for _ in range(10):
        pump(100)
    Hands(b).click("move:Ben:add 2")
    saved_when(b, results, lambda d: len(d.get("moves") or []) == 2)
    shows(a, ["Ann add 1", "Ben add 2"])
    a.click("#ed-0")
    a.keyboard.press("Control+End")
    for i, key in enumerate("\nAnn add 3"):
        a.keyboard.type(key)
        pump(60)
        if i == 5:
            b.click("#undo")
    deadline = time.time() + 15
    while (held or moves_in(results) != ["Ann add 1", "Ann add 3"]) and time.time() < deadline:
        pump(100)
    assert moves_in(results) == ["Ann add 1", "Ann add 3"]
    assert shows(a, ["Ann add 1", "Ann add 3"]) == shows(b, ["Ann add 1", "Ann add 3"]) == ["Ann add 1", "Ann add 3"]


def test_the_same_move_tapped_on_two_pages_at_once_is_two_lines_and_both_show_them(serve, browser, tmp_path):
    """The triple write: two phones entering the same move at the same moment wrote it three times, and the
    second showed two. Now each page's line is its own: two lines, and both pages show the file."""
    s, results, (a, b) = two_pages(serve, browser, tmp_path)
    held: list = []
    for p in (a, b):  # each save held until both moves are tapped: neither page has the other's yet
        p.route("**/api/change", lambda route: route.continue_() if not holding else held.append(route))
    holding = True
    open_page(a, s)
    open_page(b, s)
    Hands(a).click("move:Ann:add 3")
    Hands(b).click("move:Ann:add 3")
    a.wait_for_timeout(100)
    b.wait_for_timeout(100)
    holding = False
    for route in held:
        route.continue_()
    saved_when(a, results, lambda d: len(d.get("moves") or []) >= 2)
    for p in (a, b):
        p.wait_for_selector("#saved.ok")
        wait_checked(p)
    assert moves_in(results) == ["Ann add 3", "Ann add 3"]
    assert shows(a, ["Ann add 3", "Ann add 3"]) == shows(b, ["Ann add 3", "Ann add 3"]) == ["Ann add 3", "Ann add 3"]
    a.wait_for_timeout(1000)  # nothing more is sent
    assert moves_in(results) == ["Ann add 3", "Ann add 3"]
