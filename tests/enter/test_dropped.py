"""A save in another program from an older copy of the results file (an editor opened a while ago): the moves
the devices entered since are not in it.  Every page is told at once, in plain words, shows the file as it
is, and one tap puts the moves back; Ctrl-C's line says what the file lacks, never "Saved" over it."""

from __future__ import annotations

import json
import os

import pytest

from printkit.enter.dropped import missing
from test_nothing_lost import file_of, live, reads, sent, state  # noqa: F401 - ``live`` is a fixture
from test_server import request
from test_sync import Events

START = "game: add-residue\nplayers: [Ann, Ben]\nn: 13\ntitle: ''\nmoves:\n"


def editor_saves(path, text: str, how: str) -> None:
    """An editor writing its copy: cut and written in place, or written beside and renamed over."""
    if how == "in place":
        with open(path, "r+", encoding="utf-8") as fh:
            fh.truncate(0)
            fh.write(text)
    else:
        other = path.with_name(path.name + ".editor~")
        other.write_text(text, encoding="utf-8")
        os.replace(other, path)


def in_two_pieces(path, text: str, cut: int, between) -> None:
    """An editor writing ``text`` in place in two pieces, cut at ``cut``, ``between()`` run after the first."""
    with open(path, "r+", encoding="utf-8") as fh:
        fh.truncate(0)
        fh.write(text[:cut])
        fh.flush()
        between()
        fh.write(text[cut:])


def taps(s, device: str, lines: list[str], first: int = 0) -> None:
    for i, line in enumerate(lines):
        assert sent(s, device, first + i, [{"path": ["moves"], "append": line}])[0] == 200


@pytest.mark.parametrize("how", ["in place", "by rename"])
def test_an_older_copy_saved_is_told_to_every_page_at_once_and_one_tap_puts_the_moves_back(live, tmp_path, how):
    """F2: the page went on saying "Saved" over two moves the file no longer held (told only with a next tap,
    or 15 s later, and then lost)."""
    s = live(file_of(tmp_path, START))
    events = Events(s, "p2")
    events.wait("hello")
    taps(s, "p1", ["Ann add 1", "Ben add 2", "Ann add 3"])
    copy = s.path.read_text(encoding="utf-8").replace("title: ''", "title: from the editor")
    taps(s, "p1", ["Ben add 4", "Ann add 5"], first=3)
    editor_saves(s.path, copy, how)
    told, _ = events.wait("dropped", lambda d: d["count"], timeout=3)
    assert told["count"] == 2 and '"Ben add 4", "Ann add 5"' in told["said"], told
    assert "2 lines entered here" in told["said"] and s.path.name in told["said"]
    events.wait("change", lambda d: d.get("reload") and d["version"] == state(s)["version"], timeout=3)
    assert reads(s.path)["moves"] == ["Ann add 1", "Ben add 2", "Ann add 3"]  # the save stands until asked
    late = Events(s, "p3")  # a page opened later is told too
    assert late.wait("dropped", timeout=3)[0] == told
    status, answer = request(s, "POST", "/api/putback", {"leave": False})
    assert status == 200 and answer["put"] == 2, answer
    data = reads(s.path)
    assert data["moves"] == ["Ann add 1", "Ben add 2", "Ann add 3", "Ben add 4", "Ann add 5"]
    assert data["title"] == "from the editor"  # the editor's own change stands
    events.wait("dropped", lambda d: d["count"] == 0)
    assert request(s, "POST", "/api/putback", {"leave": False})[1]["put"] == 0  # a tap sent again: nothing twice
    assert len(reads(s.path)["moves"]) == 5
    events.close()
    late.close()


def test_moves_left_out_are_told_with_a_next_tap_and_left_out_when_the_players_say_so(live, tmp_path):
    """F2 (``editor_race.py staleinplace``): with taps going on, a stale copy saved three times lost 7 to 9 of
    16 taps, and nobody was told which."""
    s = live(file_of(tmp_path, START))
    events = Events(s, "p2")
    events.wait("hello")
    copy = s.path.read_text(encoding="utf-8")
    seq = 0
    for round_ in range(3):
        lines = [f"{'Ann' if i % 2 == 0 else 'Ben'} add {round_ * 4 + i + 1}" for i in range(4)]
        taps(s, "p1", lines, first=seq)
        seq += 4
        editor_saves(s.path, copy, "in place")  # (no wait: the next tap finds it)
    told = events.wait("dropped", lambda d: d["count"] == 12, timeout=5)[0]
    assert "12 lines entered here" in told["said"] and "and 6 more" in told["said"], told
    assert request(s, "POST", "/api/putback", {"leave": True})[0] == 200
    events.wait("dropped", lambda d: d["count"] == 0)
    assert reads(s.path)["moves"] in ([], None)  # left out, as the players chose
    taps(s, "p1", ["Ann add 1"], first=seq)
    assert reads(s.path)["moves"] == ["Ann add 1"]
    events.close()


def test_an_editor_writing_in_two_pieces_is_told_at_most_for_a_moment(live, tmp_path):
    """An editor's save of the whole file, its first piece read alone: what the first piece lacked is back with
    the second, and nothing is left said."""
    import time

    s = live(file_of(tmp_path, START))
    events = Events(s, "p2")
    events.wait("hello")
    taps(s, "p1", ["Ann add 1", "Ben add 2", "Ann add 3"])
    text = s.path.read_text(encoding="utf-8") + "  - Ben add 4\n"
    in_two_pieces(s.path, text, text.index("  - Ann add 3"), lambda: time.sleep(0.6))
    events.wait("change", lambda d: d.get("reload") and d["version"] == state(s)["version"], timeout=3)
    said = [d for k, d, _ in events.got if k == "dropped"]
    assert not said or said[-1]["count"] == 0, said
    status, answer = request(s, "POST", "/api/putback", {"leave": False})
    assert status == 200 and answer["put"] == 0
    assert reads(s.path)["moves"] == ["Ann add 1", "Ben add 2", "Ann add 3", "Ben add 4"]
    events.close()


def test_ctrl_c_after_an_older_copy_was_saved_says_what_the_file_lacks(serve, tmp_path):
    """F2: Ctrl-C printed "Saved FILE: the last change" (nothing was written: the file already held the page's
    last document, a new tab's) although the file lacked the two moves the first page showed."""
    s = serve(file_of(tmp_path, START))
    taps(s, "p1", ["Ann add 1", "Ben add 2", "Ann add 3"])
    copy = s.path.read_text(encoding="utf-8").replace("title: ''", "title: from the editor")
    taps(s, "p1", ["Ben add 4", "Ann add 5"], first=3)
    editor_saves(s.path, copy, "in place")
    now = state(s)  # a new tab, opened on the file as saved, checks what it shows
    headers = {"X-Printkit-Version": now["version"], "X-Printkit-Client": "tab2", "X-Printkit-Seq": "1",
               "Content-Type": "application/json"}
    request(s, "POST", "/api/check", raw=json.dumps(now["results"]).encode(), headers=headers)
    code, out, err = s.stop()
    assert code == 0 and err == "", (out, err)
    assert "Saved" not in out, out
    assert '"Ben add 4", "Ann add 5"' in out and f"not in {s.path.name} now" in out, out
    assert len(out.strip().splitlines()) == 1


def test_what_a_copy_leaves_out_is_its_lines_and_blank_parts_never_what_it_changed():
    ours = {"moves": ["Ann add 1", "Ben add 2", "Ben add 2", "Ann add 3"], "rounds": [["A1-A2"], ["B1-B2", "C1-C2"]],
            "sheets": {"Ann": "x", "Ben": "y"}, "title": "ours"}
    theirs = {"moves": ["Ann add 1", "Ben add 2", "Ann mod 3"], "rounds": [["A1-A2"]],
              "sheets": {"Ann": "", "Ben": "z"}, "title": "theirs"}
    assert missing(ours, theirs) == [
        {"path": ["moves"], "append": "Ben add 2", "need": 2}, {"path": ["moves"], "append": "Ann add 3", "need": 1},
        {"path": ["rounds"], "append": ["B1-B2", "C1-C2"]}, {"path": ["sheets", "Ann"], "value": "x"}]
    assert missing(theirs, theirs) == [] and missing({"moves": []}, theirs) == []


def test_the_page_shows_the_file_as_saved_elsewhere_says_what_it_left_out_and_puts_it_back(serve, page, tmp_path):
    """F2 (``stale_editor_page_lies.py``): six seconds after an editor saved an older copy, the page still showed
    five moves and "Saved", over a file holding three."""
    from enter_helpers import Hands, open_page, saved_when

    s = serve(file_of(tmp_path, START))
    open_page(page, s)
    hands = Hands(page)
    record = "document.querySelector('#ed-0').value.split('\\n').filter((l) => l.trim()).length"
    for i, move in enumerate(["Ann:add 1", "Ben:add 2", "Ann:add 3"]):
        hands.click(f"move:{move}")
        saved_when(page, s.path, lambda d, n=i + 1: len(d.get("moves") or []) == n)
    copy = s.path.read_text(encoding="utf-8").replace("title: ''", "title: from the editor")
    for i, move in enumerate(["Ben:add 4", "Ann:add 5"]):
        hands.click(f"move:{move}")
        saved_when(page, s.path, lambda d, n=i + 4: len(d.get("moves") or []) == n)
    page.wait_for_selector("#saved.ok")
    editor_saves(s.path, copy, "in place")
    page.wait_for_function(f"{record} === 3", timeout=5000)  # the file as it is now
    said = page.locator("#banner #dropped-said")
    said.wait_for(timeout=5000)
    assert '"Ben add 4", "Ann add 5"' in said.inner_text() and "Token" not in said.inner_text().title()
    page.get_by_role("button", name="Put them back").click()
    page.wait_for_function(f"{record} === 5", timeout=5000)
    page.wait_for_selector("#banner", state="hidden")
    data = saved_when(page, s.path, lambda d: len(d.get("moves") or []) == 5)
    assert data["moves"][3:] == ["Ben add 4", "Ann add 5"] and data["title"] == "from the editor"
    assert page.errors == []


ROUNDS = "game: intersections\nplayers: [Ann, Ben]\nn: 6\nsegments: 14\nrounds:\n  - [A1-A2, B1-B2]\n  - [C1-C2]\n"


@pytest.mark.parametrize("fix", [("C1-C2", "C1-C3"), ("B1-B2", "B1-B3"), ("  - [C1-C2]\n", "")])
def test_an_editor_changing_lines_it_held_before_is_never_told_as_lines_left_out(serve, tmp_path, fix):
    """The file's own lines, there when the page opened, corrected or taken away in an editor: nothing was
    entered here, nothing is said left out and nothing put back (every page was told the old line was left out,
    and Put them back wrote the old, wrong line beside the fixed one: the adversary's fifth finding). A line a
    phone entered and the editor's copy lacks is still told (the control)."""
    s = serve(file_of(tmp_path, ROUNDS))
    assert sent(s, "p1", 0, [{"path": ["rounds", 0], "append": "D1-D2"}])[0] == 200  # entered here
    text = s.path.read_text(encoding="utf-8")
    editor_saves(s.path, text.replace(fix[0], fix[1]).replace(", D1-D2", "").replace("- D1-D2\n", ""), "by rename")
    request(s, "POST", "/api/check", state(s)["results"])  # (the file looked at again)
    status, answer = request(s, "POST", "/api/putback", {"leave": False})  # Put them back
    assert status == 200 and answer["put"] == 1, answer
    rounds = state(s)["results"]["rounds"]
    old = fix[0].strip(" -[]\n")
    assert "D1-D2" in rounds[0] and old not in str(rounds), rounds
    code, out, err = s.stop()
    assert code == 0 and "left out" not in out, (out, err)


@pytest.mark.parametrize("wait", [0.3, 1.0])
def test_ctrl_c_while_an_editor_saves_in_two_pieces_names_nothing_the_file_holds(serve, tmp_path, wait):
    """A phone enters Ben's move; an editor's save writes its first piece (up to Ben's line), Ctrl-C comes, and the
    rest follows: the file ends as the editor wrote it, Ben's move in it, and the stop line names nothing left out
    (it named "Ann add 3" and "Ben add 5", both in the file: the adversary's sixth finding)."""
    import signal
    import time

    s = serve(file_of(tmp_path, START + "  - Ann add 3\n"))
    taps(s, "p1", ["Ben add 5"])
    new = "# edited by hand\n" + s.path.read_text(encoding="utf-8").replace("Ann add 3", "Ann add 3 = 3")
    in_two_pieces(s.path, new, new.rfind("  - Ben"),
                  lambda: (time.sleep(0.05), s.proc.send_signal(signal.SIGINT), time.sleep(wait)))
    out, err = s.proc.communicate(timeout=30)
    assert s.path.read_text(encoding="utf-8") == new
    assert s.proc.returncode == 0 and "left out" not in out, (out, err)


KNIVES = "game: knives\ntitle: ''\nplayers: [Ann, Ben, Cat]\nkcount: 12\nturns:\n"
OLD_TURNS = ["Ann draws 6", "Ben draws 3", "Cat draws 7", "Ann draws J", "Ben draws 2", "Cat draws 9"]


@pytest.mark.parametrize("copy_, entered, back", [
    # the editor's older copy, title changed: three turns entered here, the first the same card as turn 1
    (OLD_TURNS, ["Ann draws 6", "Ben draws 10", "Cat draws Q"], OLD_TURNS + ["Ann draws 6", "Ben draws 10", "Cat draws Q"]),
    # an identical older copy: both turns entered here, each the text of an earlier turn
    (OLD_TURNS[:3], ["Ann draws 6", "Ben draws 3"], OLD_TURNS[:3] + ["Ann draws 6", "Ben draws 3"]),
    # the editor corrected turn 1 to another card: its own change stands; the two entered here come back
    (["Ann draws 5"] + OLD_TURNS[1:3], ["Ann draws 6", "Ben draws 3"], ["Ann draws 5"] + OLD_TURNS[1:3] + ["Ann draws 6", "Ben draws 3"]),
], ids=["same card again", "identical copy", "editor's correction"])
def test_put_them_back_puts_back_a_turn_whose_text_an_earlier_turn_has(serve, tmp_path, copy_, entered, back):
    """Selling Knives turns repeat ("Ann draws 6" twice in a game): a turn entered here and left out by an older
    copy is a line of its own, told and put back, whatever earlier turn has its text (Put them back wrote two of
    three, and an identical older copy lost both with nothing said: the second adversary's first finding)."""
    start = OLD_TURNS if copy_ is OLD_TURNS else OLD_TURNS[:3]
    s = serve(file_of(tmp_path, KNIVES + "".join(f"  - {t}\n" for t in start)))
    editor = s.path.read_text(encoding="utf-8")
    for i, line in enumerate(entered):
        assert sent(s, "p1", i, [{"path": ["turns"], "append": line}])[0] == 200
    editor_saves(s.path, editor.replace("title: ''", "title: Friday").replace("Ann draws 6", copy_[0]), "by rename")
    assert state(s)["results"]["turns"] == copy_
    status, answer = request(s, "POST", "/api/putback", {"leave": False})
    assert status == 200 and answer["put"] == len(entered), answer
    assert state(s)["results"]["turns"] == back
    code, out, err = s.stop()
    assert code == 0 and "left out" not in out, (out, err)
