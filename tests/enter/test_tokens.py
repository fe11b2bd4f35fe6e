"""``printkit enter`` stopped and started again on the same file is at the same whole address: every phone's
page left open carries on, and a page that cannot be opened says why in a sentence, never in code."""

from __future__ import annotations

import os
import stat

import pytest
import yaml

from enter_helpers import Hands, open_page, saved_when
from printkit.enter import tokens
from test_dropped import START
from test_nothing_lost import file_of
from test_server import request


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """This user's cache folder, in the test's own folder (the commands started inherit it)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "printkit" / "tokens"


def test_the_same_file_served_again_is_at_the_same_address_kept_for_this_user_alone(serve, tmp_path, cache):
    """The play-test: started again, the port was the same but the token new, and every phone's page showed
    ``{"error": "missing or wrong token"}`` and could never carry on."""
    path = file_of(tmp_path, START)
    first = serve(path)
    assert first.stop()[0] == 0
    again = serve(path)
    assert again.url == first.url
    assert stat.S_IMODE(os.stat(cache).st_mode) == 0o700
    kept = list(cache.iterdir())
    assert len(kept) == 1 and stat.S_IMODE(os.stat(kept[0]).st_mode) == 0o600
    assert first.token in kept[0].read_text(encoding="utf-8")
    other = serve(file_of(tmp_path, START, name="another.yaml"))  # another file: another token
    assert other.token != first.token
    for s in (again, other):
        s.stop()


def test_a_page_left_open_carries_on_when_the_file_is_served_again(serve, page, tmp_path, cache):
    """A tap made while ``printkit enter`` was stopped is written once it is started again, from the page
    left open (it was refused for ever: the page's token was the old one)."""
    path = file_of(tmp_path, START)
    s = serve(path)
    open_page(page, s)
    hands = Hands(page)
    hands.click("move:Ann:add 1")
    saved_when(page, path, lambda d: len(d.get("moves") or []) == 1)
    s.stop()
    hands.click("move:Ben:add 2")
    serve(path)
    data = saved_when(page, path, lambda d: len(d.get("moves") or []) == 2)
    assert data["moves"] == ["Ann add 1", "Ben add 2"]
    page.wait_for_selector("#saved.ok", timeout=15000)


def test_a_save_whose_answer_was_lost_as_the_file_stopped_is_written_once_when_it_is_served_again(
        serve, page, tmp_path, cache):
    """CI's failure: the file written, then ``printkit enter`` stopped before its answer reached the page (and
    with no event to say so); the page sent the save again to the next run, which knew it as written, but then
    made it again as a new save of its own (its line named as the last run named it): 'Ann add 1' twice."""
    path = file_of(tmp_path, START)
    s = serve(path)
    page.route("**/api/events**", lambda route: route.abort())  # no event tells the page it was written
    open_page(page, s)

    def lost(route):  # the change reaches the server and is written; its answer never reaches the page
        route.fetch()
        route.abort()
    page.route("**/api/change", lost)
    Hands(page).click("move:Ann:add 1")
    saved_when(page, path, lambda d: len(d.get("moves") or []) == 1)
    page.wait_for_selector("#saved.bad", timeout=15000)
    s.stop()
    page.unroute("**/api/change")
    page.unroute("**/api/events**")
    Hands(page).click("move:Ben:add 2")
    serve(path)
    data = saved_when(page, path, lambda d: len(d.get("moves") or []) >= 2)
    page.wait_for_selector("#saved.ok", timeout=20000)
    page.wait_for_timeout(1500)  # (a second copy would be written by now)
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["moves"] == ["Ann add 1", "Ben add 2"], data


def _ben_s_move_written_by_ctrl_c(serve, page, tmp_path) -> tuple:
    """Ann's move saved; Ben's tapped while the network drops the page's saves; Ctrl-C writes the page's
    newest record, which holds it. (the file, and the switch that heals the network)"""
    path = file_of(tmp_path, START)
    s = serve(path)
    open_page(page, s)
    hands = Hands(page)
    hands.click("move:Ann:add 3")
    saved_when(page, path, lambda d: (d.get("moves") or []) == ["Ann add 3"])
    page.wait_for_selector("#saved.ok", timeout=15000)
    lossy = {"on": True}
    page.route("**/api/change*", lambda route: route.abort("connectionfailed") if lossy["on"] else route.continue_())
    hands.click("move:Ben:add 4")
    page.wait_for_selector("#saved.bad", timeout=15000)
    code, out, _ = s.stop()
    assert code == 0 and "Saved" in out, out  # the page's record, with Ben's move, written by Ctrl-C
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["moves"] == ["Ann add 3", "Ben add 4"]
    return path, lossy


def test_a_move_ctrl_c_saved_from_the_page_is_written_once_when_its_own_save_reaches_the_next_run(
        serve, page, tmp_path, cache):
    """The adversary's attack: Ben's move never reaches the server (a lossy network drops the page's saves);
    Ctrl-C writes the page's newest record, which holds it ("Saved ...: the last change"); printkit is started
    again and the network heals: the page's save lands on the new run, which named the file's lines anew and
    wrote 'Ben add 4' a second time. A change named in another run's words is refused as stale now: the page
    takes the file, finds its move there, and sends nothing twice."""
    path, lossy = _ben_s_move_written_by_ctrl_c(serve, page, tmp_path)
    serve(path)
    lossy["on"] = False
    page.wait_for_selector("#saved.ok", timeout=30000)
    page.wait_for_timeout(1500)  # (a second copy would be written by now)
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["moves"] == ["Ann add 3", "Ben add 4"]
    assert page.locator('#editors [data-path="moves"]').input_value() == "Ann add 3\nBen add 4"


def test_a_move_ctrl_c_saved_from_a_page_then_closed_is_written_once_when_the_page_is_opened_again(
        serve, page, tmp_path, cache):
    """Ben's move never reaches the server; Ctrl-C writes the page's newest record, which holds it; the page is
    closed, printkit started again, and the page opened again: the save this browser kept is put back, named
    as the new run names the file's lines. The line it adds stands in the file already and is that line; it
    was written a second time when the kept save's new line kept the name the page had given it (1 in 6 runs
    of a week's file opened again)."""
    path, _ = _ben_s_move_written_by_ctrl_c(serve, page, tmp_path)
    context = page.context
    page.close(run_before_unload=False)
    s = serve(path)
    again = context.new_page()
    open_page(again, s)
    again.wait_for_selector("#saved.ok", timeout=30000)
    again.wait_for_timeout(1500)  # (a second copy would be written by now)
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["moves"] == ["Ann add 3", "Ben add 4"]
    assert again.locator('#editors [data-path="moves"]').input_value() == "Ann add 3\nBen add 4"


def test_undo_after_a_move_ctrl_c_wrote_takes_back_that_move_then_the_one_before(serve, page, tmp_path, cache):
    """The adversary's attack (4 of 4): Ann's move saved, Ben's tapped and Ctrl-C pressed at once (Ctrl-C
    writes it from the page's record), printkit started again: the page took Ben's move, found in the file,
    for another device's and put it under every undo step; the first Undo did nothing and the second took
    Ann's move away, leaving Ben's alone. Undo takes back Ben's move, then Ann's."""
    path, lossy = _ben_s_move_written_by_ctrl_c(serve, page, tmp_path)
    serve(path)
    lossy["on"] = False
    page.wait_for_selector("#saved.ok", timeout=30000)
    page.locator("#sheets .sheet").nth(0).focus()
    page.keyboard.press("Control+z")
    assert saved_when(page, path, lambda d: (d.get("moves") or []) == ["Ann add 3"])["moves"] == ["Ann add 3"]
    page.keyboard.press("Control+z")
    assert not saved_when(page, path, lambda d: not d.get("moves")).get("moves")
    page.wait_for_selector("#saved.ok", timeout=20000)
    assert page.locator('#editors [data-path="moves"]').input_value() == ""


def test_an_undo_pressed_as_printkit_starts_again_takes_the_move_out(serve, page, tmp_path, cache):
    """The adversary's attack: two moves written, printkit stopped and started again, Undo pressed at once
    (before the page has heard from the new run): the new run took the Undo, which named the line as the last
    run did, answered it, and took nothing away; the page then showed the move back (3 of 17 runs)."""
    path = file_of(tmp_path, START)
    s = serve(path)
    open_page(page, s)
    hands = Hands(page)
    hands.click("move:Ann:add 3")
    hands.click("move:Ben:add 4")
    saved_when(page, path, lambda d: (d.get("moves") or []) == ["Ann add 3", "Ben add 4"])
    page.wait_for_selector("#saved.ok", timeout=15000)
    page.route("**/api/events**", lambda route: route.abort())  # the page hears nothing of the new run first
    s.stop()
    serve(path)
    page.locator("#sheets .sheet").nth(0).focus()
    page.keyboard.press("Control+z")
    data = saved_when(page, path, lambda d: (d.get("moves") or []) == ["Ann add 3"])
    assert data["moves"] == ["Ann add 3"]
    page.wait_for_selector("#saved.ok", timeout=20000)
    assert page.locator('#editors [data-path="moves"]').input_value() == "Ann add 3"


def test_an_address_that_no_longer_opens_the_game_says_so_in_a_sentence(serve, tmp_path, cache):
    s = serve(file_of(tmp_path, START))
    status, body = request(s, "GET", "/", token="x" * 32)
    assert status == 403 and isinstance(body, str), body
    said = body.lower()
    assert "started again" in said and "scan its code again" in said
    assert not any(word in said for word in ("token", "server", "error", "{"))
    status, answer = request(s, "GET", "/api/state", token="x" * 32)
    assert status == 403 and "token" not in answer["error"] and "started again" in answer["error"]
    s.stop()


def test_a_kept_token_others_could_read_or_a_link_is_not_trusted(tmp_path, cache):
    path = file_of(tmp_path, START)
    token = tokens.kept(path, "game at 127.0.0.1")
    assert tokens.kept(path, "game at 127.0.0.1") == token
    assert tokens.kept(path, "game at 192.168.1.5") != token  # another address, another token
    kept = cache / tokens._name(path, "game at 127.0.0.1")
    os.chmod(kept, 0o644)
    fresh = tokens.kept(path, "game at 127.0.0.1")
    assert fresh != token and stat.S_IMODE(os.stat(kept).st_mode) == 0o600
    planted = tmp_path / "planted"
    planted.write_text(f"{'A' * 32}\n{os.path.realpath(path)}\n", encoding="utf-8")
    os.chmod(planted, 0o600)
    kept.unlink()
    kept.symlink_to(planted)
    assert tokens.kept(path, "game at 127.0.0.1") != "A" * 32
    os.chmod(cache, 0o755)  # a folder others may enter: nothing kept there is used
    assert tokens.kept(path, "game at 127.0.0.1") != tokens.kept(path, "game at 127.0.0.1")


def test_an_evening_served_again_keeps_its_address_and_each_game_s(tmp_path, cache):
    import json

    from enter_helpers import Served, run_printkit
    from test_evening_page import NIGHT

    path = tmp_path / "night.yaml"
    path.write_text(NIGHT, encoding="utf-8")
    assert run_printkit("template", "night.yaml", cwd=tmp_path)[0] == 0
    seen = []
    for _ in range(2):
        s = Served(path)
        try:
            status, body = request(s, "GET", "/api/evening")
            assert status == 200
            seen.append((s.url, [g["url"] for g in body["games"]]))
        finally:
            s.stop()
    assert seen[0] == seen[1] and len(set(seen[0][1])) == len(seen[0][1]) > 1, json.dumps(seen)


def test_without_a_home_to_keep_it_in_a_token_is_new_each_time_and_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", "")
    monkeypatch.setattr(os.path, "expanduser", lambda p: p)  # (as when the user has no home at all)
    monkeypatch.chdir(tmp_path)
    path = file_of(tmp_path, START)
    assert tokens.kept(path, "game at 127.0.0.1") != tokens.kept(path, "game at 127.0.0.1")
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


@pytest.mark.parametrize("name", ["x\xff-results.yaml", "line\nbreak-results.yaml"], ids=["not utf-8", "newline"])
def test_a_file_named_oddly_keeps_its_token_and_its_changes_written(tmp_path, cache, name):
    """A file whose name holds bytes that are not UTF-8 (an old disk's Latin-1 name) or a newline: its token is kept
    like any other's (not UTF-8: a traceback at start; a newline: a new address each start, the pages left open
    refused), and so are its changes written (the second adversary's fifth finding)."""
    raw = os.fsencode(str(tmp_path)) + b"/" + (name.encode("latin-1") if "\xff" in name else name.encode())
    path = tmp_path / os.fsdecode(raw)
    path.write_text(START, encoding="utf-8")
    token = tokens.kept(path, "game at 127.0.0.1")
    assert tokens.kept(path, "game at 127.0.0.1") == token
    tokens.keep_written(path, "game at 127.0.0.1", {"ph": [3, "abc"]}, "v1")
    assert tokens.written(path, "game at 127.0.0.1", "v1") == {"ph": [3, "abc"]}
    assert tokens.written(path, "game at 127.0.0.1", "v2") == {}
