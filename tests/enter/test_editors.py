"""The record's text boxes: a line typed is written once it is finished (Enter, the box left) or the typing
pauses, never each keystroke's half line; a page closed mid-word keeps it in the browser."""

from __future__ import annotations

import pytest
import yaml

from enter_helpers import open_page, saved_when
from test_dropped import START
from test_nothing_lost import file_of

BOX = "#ed-0"


def moves(path) -> list:
    return yaml.safe_load(path.read_text(encoding="utf-8")).get("moves") or []


def test_a_line_half_typed_is_never_written_not_even_at_ctrl_c(serve, page, tmp_path):
    """F5: every keystroke's half line was written (``Ann a``), and Ctrl-C mid-word left it in the file as a
    move."""
    s = serve(file_of(tmp_path, START))
    open_page(page, s)
    page.locator(BOX).press_sequentially("Ann add 3", delay=30)
    page.keyboard.press("Enter")  # the line finished: written at once
    saved_when(page, s.path, lambda d: (d.get("moves") or []) == ["Ann add 3"], timeout=1.5)
    assert moves(s.path) == ["Ann add 3"]
    page.locator(BOX).press_sequentially("Ben a", delay=30)
    page.wait_for_function("document.querySelector('[data-status]').textContent !== 'checking...' && "
                           "!document.body.classList.contains('busy')")
    page.wait_for_timeout(600)  # (a half line was written within a few ms of its keystroke)
    assert moves(s.path) == ["Ann add 3"]
    kept = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('printkit:pending:'))"
                         ".map((k) => localStorage.getItem(k)).join()")
    assert "Ben a" in kept  # kept in this browser meanwhile
    code, out, err = s.stop()
    assert code == 0 and moves(s.path) == ["Ann add 3"], (out, err)


def test_a_line_typed_is_written_once_the_typing_pauses_or_the_box_is_left(serve, page, tmp_path):
    s = serve(file_of(tmp_path, START))
    open_page(page, s)
    page.locator(BOX).press_sequentially("Ann add 3", delay=30)
    data = saved_when(page, s.path, lambda d: (d.get("moves") or []) == ["Ann add 3"], timeout=10)
    assert data["moves"] == ["Ann add 3"]
    page.wait_for_selector("#saved.ok")
    page.locator(BOX).press_sequentially("\nBen add 4", delay=30)
    page.locator("#live").focus()  # the box left: written at once
    saved_when(page, s.path, lambda d: (d.get("moves") or []) == ["Ann add 3", "Ben add 4"], timeout=1.5)
    assert moves(s.path) == ["Ann add 3", "Ben add 4"]


def first_line_saved(browser, s):
    """A page of its own browser context with 'Ann add 3' typed and saved: (the context, the page)."""
    context = browser.new_context(bypass_csp=True)
    first = context.new_page()
    open_page(first, s)
    first.locator(BOX).press_sequentially("Ann add 3\n", delay=20)
    saved_when(first, s.path, lambda d: (d.get("moves") or []) == ["Ann add 3"], timeout=10)
    first.wait_for_selector("#saved.ok")
    return context, first


def test_a_page_closed_mid_word_brings_the_half_line_back_when_opened_again(serve, browser, tmp_path):
    s = serve(file_of(tmp_path, START))
    context, first = first_line_saved(browser, s)
    first.locator(BOX).press_sequentially("Ben a", delay=30)
    first.close(run_before_unload=False)  # (within the pause: the line is still being typed)
    assert moves(s.path) == ["Ann add 3"]  # the half line was not sent as the page went
    again = open_page(context.new_page(), s)
    again.wait_for_function(f"document.querySelector('{BOX}').value.includes('Ben a')")
    context.close()


def test_another_phones_line_arriving_leaves_the_caret_where_the_player_types(serve, page, tmp_path):
    """Ann's line typed and written after the pause, the caret still at its end; Ben's phone adds his move; the 2
    typed next makes Ann's line 'Ann add 12' (the caret was sent to the end: Ben's became 'Ben add 52', the
    adversary's fourth finding)."""
    from test_server import request

    s = serve(file_of(tmp_path, START))
    open_page(page, s)
    page.locator(BOX).press_sequentially("Ann add 1", delay=30)
    saved_when(page, s.path, lambda d: (d.get("moves") or []) == ["Ann add 1"], timeout=10)
    body = {"changes": [{"path": ["moves"], "append": "Ben add 5", "id": "ben.1"}], "seen": 0, "device": "ben", "seq": 0}
    assert request(s, "POST", "/api/change", body, headers={"X-Printkit-Client": "ben"})[0] == 200
    page.wait_for_function(f"document.querySelector('{BOX}').value.includes('Ben add 5')")
    page.keyboard.type("2")
    page.keyboard.press("Enter")
    data = saved_when(page, s.path, lambda d: "Ann add 12" in (d.get("moves") or []), timeout=10)
    assert data["moves"] == ["Ann add 12", "Ben add 5"], data


def test_one_undo_takes_back_the_last_line_typed_in_a_box_not_every_line_since_it_got_the_focus(serve, page, tmp_path):
    """Three lines typed in the move log, each finished with Enter: Ctrl+Z takes back the third alone, and again the
    second (one Ctrl+Z took back all three: the adversary's eighth finding)."""
    s = serve(file_of(tmp_path, START))
    open_page(page, s)
    lines = ["Ann add 1", "Ben add 5", "Ann mod 2"]
    for i, line in enumerate(lines):
        page.locator(BOX).press_sequentially(line + "\n", delay=20)
        saved_when(page, s.path, lambda d, n=i + 1: (d.get("moves") or []) == lines[:n], timeout=10)
    page.locator("#undo").click()
    data = saved_when(page, s.path, lambda d: (d.get("moves") or []) != lines, timeout=10)
    assert data.get("moves") == lines[:2], data
    page.locator("#undo").click()
    data = saved_when(page, s.path, lambda d: (d.get("moves") or []) != lines[:2], timeout=10)
    assert data.get("moves") == lines[:1], data


@pytest.mark.parametrize("how", ["reload", "tab closed", "second tab"])
def test_a_line_half_typed_is_not_written_by_a_reload_nor_a_second_tab(serve, browser, tmp_path, how):
    """'Ben ad' typed, and the page reloaded (or its tab closed and the page opened again) before the pause: the
    half line is back in its box to finish, not written at once as a move ('Ben ad' was written at once, and the
    file no longer scored: the second adversary's third finding), but as a line typed is, once finished or once
    the typing has paused as long; finished, it is written once. A second tab opened meanwhile writes nothing of
    it at once either (the first tab, still typing, writes its line when it is finished)."""
    s = serve(file_of(tmp_path, START))
    context, first = first_line_saved(browser, s)
    first.locator(BOX).press_sequentially("Ben ad", delay=20)
    if how == "reload":
        first.reload()
        pg = first
    else:
        if how == "tab closed":
            first.close(run_before_unload=False)
        pg = context.new_page()
    open_page(pg, s)
    pg.wait_for_function(f"document.querySelector('{BOX}').value.includes('Ben ad')")
    pg.wait_for_timeout(300)
    assert moves(s.path) == ["Ann add 3"]
    if how == "second tab":
        context.close()
        return
    pg.locator(BOX).press("End")
    pg.locator(BOX).press_sequentially("d 4\n", delay=20)
    data = saved_when(pg, s.path, lambda d: len(d.get("moves") or []) > 1, timeout=10)
    assert data["moves"] == ["Ann add 3", "Ben add 4"], data
    context.close()
