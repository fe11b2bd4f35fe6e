"""A save that failed, sent again (static/saving.js, app.js's restorePending) in chromium: when it lands,
every change made meanwhile follows it with no new tap, and the page says "Saved" only once the server has
answered for every change it shows; after `printkit enter` is started again on the same port, the changes
the browser kept are written whole, once, in order."""

from __future__ import annotations

import pytest
import yaml
from enter_helpers import first_move_saved, saved_when, wait_checked

MOVES = ["Ann add 3", "Ben mod 2", "Ann add 4", "Ben add 5"]


def moves_in(path) -> list[str]:
    return yaml.safe_load(path.read_text(encoding="utf-8")).get("moves") or []


def tap(hands, move: str) -> None:
    who, rest = move.split(" ", 1)
    hands.click(f"move:{who}:{rest}")


def said_saved(page, results) -> list[str]:
    """The moves in the file at the moment the page says "Saved" (it says so only when the server has
    answered for every change it shows, so the file holds them all then)."""
    page.wait_for_selector("#saved.ok", timeout=40_000)
    return moves_in(results)


@pytest.mark.parametrize("lost", ["request", "answer"])
def test_moves_tapped_while_saves_fail_are_all_written_once_the_network_is_back(serve, page, tmp_path, lost):
    """The best attack on saving: the event stream stays connected, but the saves fail (each request aborted
    on the way, or its answer lost after the server wrote it) while three moves are tapped; then the network
    is back. The page said "Saved" once the first save sent again landed, with two of the four moves in the
    file for good: the rest was sent only with a next tap."""
    _, results, hands = first_move_saved(serve, page, tmp_path)
    if lost == "request":
        page.route("**/api/change", lambda route: route.abort())
    else:
        page.route("**/api/change", lambda route: (route.fetch(), route.abort()))
    for move in MOVES[1:]:
        tap(hands, move)
        wait_checked(page)
    page.wait_for_selector("#saved.bad")
    assert not page.inner_text("#saved").startswith("Saved")
    assert page.locator("#ed-0").input_value().split("\n") == MOVES  # every move on the page, not saved yet
    page.unroute("**/api/change")  # the network is back; no tap after it
    assert said_saved(page, results) == MOVES
    assert page.inner_text("#saved") == f"Saved to {results.name}"
    assert moves_in(results) == MOVES


def restarted(serve, s, results):
    """``printkit enter`` stopped (Ctrl-C) and started again on the same port (the page's address stays)."""
    port = s.host.rsplit(":", 1)[1]
    return lambda: serve(results, "--port", port)


def test_taps_kept_while_the_server_was_stopped_are_written_when_it_runs_again_on_the_same_port(serve, page, tmp_path):
    """The server stopped, three moves tapped (the first written at once and failing, the others kept as
    taps), the server started again on the same port and its new address opened in the same tab: the page
    brought every move back and said "Saved", with two of the four in the file."""
    s, results, hands = first_move_saved(serve, page, tmp_path)
    again = restarted(serve, s, results)
    s.stop()
    for move in MOVES[1:]:
        tap(hands, move)
    page.wait_for_selector("#saved.bad")
    s2 = again()
    page.on("dialog", lambda d: d.accept())  # "leave the page?": yes
    page.goto(s2.url)
    page.wait_for_selector("body[data-ready='1']")
    assert saved_when(page, results, lambda d: len(d.get("moves") or []) >= len(MOVES), timeout=40)["moves"] == MOVES
    assert said_saved(page, results) == MOVES
    assert page.locator("#ed-0").input_value().split("\n") == MOVES


def test_a_line_typed_while_the_server_was_stopped_is_written_whole_when_it_runs_again(serve, page, tmp_path):
    """A line typed in the text box while the server was stopped: its first letters went out in the save
    that failed, the rest of it came after. Started again on the same port and opened anew, the file got the
    first letter alone ("B" for "Ben mod 2")."""
    s, results, _ = first_move_saved(serve, page, tmp_path)
    again = restarted(serve, s, results)
    s.stop()
    page.click("#ed-0")
    page.keyboard.press("Control+End")
    page.keyboard.type("\nB")
    page.wait_for_selector("#saved.bad")  # "B" sent, and failed
    page.keyboard.type("en mod 2")
    wait_checked(page)
    assert page.locator("#ed-0").input_value() == "Ann add 3\nBen mod 2"
    s2 = again()
    page.on("dialog", lambda d: d.accept())
    page.goto(s2.url)
    page.wait_for_selector("body[data-ready='1']")
    assert said_saved(page, results) == ["Ann add 3", "Ben mod 2"]
    assert page.locator("#ed-0").input_value() == "Ann add 3\nBen mod 2"


def test_a_line_whose_first_letter_landed_unanswered_is_written_whole_after_a_reload(serve, tmp_path, browser):
    """The first letter of a line typed ("B") reached the server and was written, but neither its answer nor
    its event came back (the phone's Wi-Fi went as it was sent); the rest of the line was typed, and the page
    opened again. The page put the kept line back as a line after the "B" the file now held, and saved it so:
    the file got "B" and "Ben mod 2", two lines for one."""
    page = browser.new_context(viewport={"width": 1400, "height": 1000}, bypass_csp=True).new_page()
    page.route("**/api/events*", lambda route: route.abort())  # no event brings this page's own saves back
    _, results, _ = first_move_saved(serve, page, tmp_path)
    page.route("**/api/change", lambda route: (route.fetch(), route.abort()))  # written; the answer lost
    page.click("#ed-0")
    page.keyboard.press("Control+End")
    page.keyboard.type("\nB")
    page.wait_for_selector("#saved.bad")
    assert moves_in(results) == ["Ann add 3", "B"]
    page.keyboard.type("en mod 2")
    wait_checked(page)
    page.unroute("**/api/change")
    page.on("dialog", lambda d: d.accept())
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert said_saved(page, results) == ["Ann add 3", "Ben mod 2"]
    assert page.locator("#ed-0").input_value() == "Ann add 3\nBen mod 2"
