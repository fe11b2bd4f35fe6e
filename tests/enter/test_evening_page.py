"""``printkit enter`` of an evening's config: the games listed with their states, a game picked and entered on
its own page as alone, the games one tap apart, and the standings the same on the page, on the command
line, in JSON and in the picture."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the evening's test data

from enter_helpers import Served, run_printkit, saved_when, shot, wait_checked  # noqa: E402
from evening_night import FILES, NIGHT, fill_files, record  # noqa: E402


@pytest.fixture
def night(tmp_path):
    """The evening, its files typed in (knives game 2 and curve game 2 still blank), served."""
    path = tmp_path / "night.yaml"
    path.write_text(NIGHT, encoding="utf-8")
    assert run_printkit("template", "night.yaml", cwd=tmp_path)[0] == 0
    fill_files(tmp_path)
    served = Served(path)
    yield served
    if served.proc.poll() is None:
        served.proc.kill()
        served.proc.wait()


def score_json(folder: Path) -> dict:
    code, out, err = run_printkit("score", "night.yaml", "--json", cwd=folder)
    assert code in (0, 1), err
    return json.loads(out)


def page_standings(page) -> dict[str, str]:
    return {el.get_attribute("data-won"): el.inner_text() for el in page.locator("[data-won]").all()}


def wait_standings(page, want: dict[str, str]) -> None:
    page.wait_for_function("(want) => Object.entries(want).every(([n, t]) => "
                           "(document.querySelector(`[data-won=\"${n}\"]`) || {}).textContent === t)", arg=want,
                           timeout=20000)


def test_the_evening_entered_on_the_page_and_in_files_stands_the_same_everywhere(night, page, browser):
    folder = night.path.parent
    page.goto(night.url)
    page.wait_for_selector("#game-list a[data-game='11']")
    first = score_json(folder)
    states = [a.get_attribute("data-game-state") for a in page.locator("#game-list a").all()]
    assert states == [g["state"] for g in first["games"]]
    wait_standings(page, {r["name"]: r["won_text"] for r in first["standings"]})
    assert page.inner_text("[data-night-winners]") == f"Winner of the evening: {', '.join(first['winners'])}"
    shot(page, "evening-list")

    # a device picks knives game 2 and types its record in; another device enters curve game 2 meanwhile
    page.click("#game-list a[data-game='2']")
    page.wait_for_selector("body[data-ready='1']")
    wait_checked(page)
    assert "game 2 of 2" in page.inner_text("#title")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, has_touch=True,
                                is_mobile=True, bypass_csp=True).new_page()
    phone.errors = []
    phone.on("pageerror", lambda e: phone.errors.append(str(e)))
    phone.goto(night.url)
    phone.click("#game-list a[data-game='4']")
    phone.wait_for_selector("body[data-ready='1']")
    wait_checked(phone)
    curve = record("played-curve.yaml")
    knives = record("played-knives.yaml")
    page.locator("#editors textarea").nth(0).fill("\n".join(knives["turns"]))
    box = phone.locator("#editors textarea")
    names = ["Ann", "Ben", "Cat"]  # each curve, then each fill, as typed from the paper (the editors' order)
    grids = [curve["curves"][o] for o in names] + [curve["fills"][f][o] for f in names for o in names]
    for i, grid in enumerate(grids):
        box.nth(i).fill(grid.rstrip("\n"))
    saved_when(page, folder / "night-knives-2-results.yaml",
               lambda d: len(d.get("turns") or []) == len(knives["turns"]))
    # every grid as typed (the blank file's grids of dots are there from the start): the last line of the last
    # box is written once its typing pauses, the box never left
    def in_file(d):  # the nine grids the file holds, in the boxes' order, each as its words
        curves, fills = d.get("curves") or {}, d.get("fills") or {}
        return [str(g or "").split() for g in [curves.get(o) for o in names]
                + [(fills.get(f) or {}).get(o) for f in names for o in names]]

    typed = [g.split() for g in grids]
    assert in_file(saved_when(phone, folder / "night-curve-2-results.yaml", lambda d: in_file(d) == typed)) == typed
    wait_checked(page)
    wait_checked(phone)

    # every view agrees: the command line, its JSON, the page (the list and each game's bar) and the picture
    after = score_json(folder)
    assert after["games"][1]["state"] == "valid" and after["games"][1]["winners"] == ["Dan"]
    assert after["games"][3]["state"] == "valid", after["games"][3]
    want = {r["name"]: r["won_text"] for r in after["standings"]}
    assert want != {r["name"]: r["won_text"] for r in first["standings"]}
    page.wait_for_function("(t) => (document.querySelector('[data-night-line]') || {}).textContent?.includes(t)",
                           arg=" \u00b7 ".join(f"{n} {t}" for n, t in want.items()), timeout=20000)
    shot(page, "evening-game-page")
    phone.wait_for_function("(t) => (document.getElementById('dock-night') || {}).textContent === t",
                            arg="Night: " + " \u00b7 ".join(f"{n} {t}" for n, t in want.items()), timeout=20000)
    phone.screenshot(path=str(shot(phone, "evening-phone")))  # the phone's screen as held: the bar in view
    phone.locator("#dock-games a[data-game='5']").tap()  # one tap to the next game
    phone.wait_for_selector("body[data-ready='1']")
    assert phone.inner_text("#title") == "The Long Way, game 1 of 2"
    page.goto(night.url)
    wait_standings(page, want)
    assert page.inner_text("[data-night-winners]") == f"Winner of the evening: {', '.join(after['winners'])}"
    code, text, _ = run_printkit("score", "night.yaml", "--picture", "night.pdf", cwd=folder)
    assert code == 1  # add-residue game 2 still breaks a rule
    for r in after["standings"]:
        assert any(line.split() == [r["name"], *r["won_text"].split(), str(r["played"])] for line in text.splitlines())
    import pdfplumber

    with pdfplumber.open(io.BytesIO((folder / "night.pdf").read_bytes())) as pdf:
        words = "\n".join(p.extract_text() for p in pdf.pages)
    for r in after["standings"]:
        assert any(line.startswith(r["name"]) and line.rstrip().endswith(r["won_text"]) for line in words.splitlines())
    assert page.errors == [] and phone.errors == []

    # each game's file still scores alone, and Ctrl-C writes nothing it should not
    before = {n: (folder / f"{n}-results.yaml").read_bytes() for n in FILES}
    code, out, _ = night.stop()
    assert code == 0
    assert {n: (folder / f"{n}-results.yaml").read_bytes() for n in FILES} == before
    for n in ("night-knives-2", "night-curve-2"):
        alone = run_printkit("score", f"{n}-results.yaml", "--json", cwd=folder)
        assert alone[0] == 0 and json.loads(alone[1]) == next(g["result"] for g in after["games"]
                                                             if g["file"] == f"{n}-results.yaml")


def test_the_evening_s_tokens_keep_to_their_own_pages(night):
    import http.client

    def get(path, token):
        conn = http.client.HTTPConnection(night.host, timeout=30)
        conn.request("GET", path, headers={"Host": night.host, **({"X-Printkit-Token": token} if token else {})})
        r = conn.getresponse()
        body = r.read()
        conn.close()
        return r.status, body

    assert get("/api/evening", None)[0] == 403
    assert get("/api/evening", "x" * 32)[0] == 403
    status, body = get("/api/evening", night.token)
    assert status == 200
    games = json.loads(body)["games"]
    game_token = games[0]["url"].split("token=")[1]
    assert get("/api/state", night.token)[0] == 404  # the evening's token opens no file
    status, body = get("/api/state", game_token)
    assert status == 200 and json.loads(body)["file"] == "night-knives-1-results.yaml"
    assert get("/api/evening", game_token)[0] == 404  # a game's token is for its own page
    data = yaml.safe_load((night.path.parent / "night-knives-1-results.yaml").read_text(encoding="utf-8"))
    assert json.loads(body)["results"] == json.loads(json.dumps(data))


def test_a_game_whose_file_cannot_be_read_is_listed_and_the_others_are_served(tmp_path, page):
    path = tmp_path / "night.yaml"
    path.write_text(NIGHT, encoding="utf-8")
    run_printkit("template", "night.yaml", cwd=tmp_path)
    broken = tmp_path / "night-curve-1-results.yaml"
    broken.write_text("game: curve\nplayers: [Ann\n", encoding="utf-8")
    text = broken.read_bytes()
    swapped = tmp_path / "night-ikes-1-results.yaml"  # another game's file put in its place
    swapped.write_bytes((tmp_path / "night-curve-2-results.yaml").read_bytes())
    # a played file of this evening's names that no game reads any more (its copies lowered since): said
    (tmp_path / "night-knives-3-results.yaml").write_bytes((tmp_path / "night-knives-1-results.yaml").read_bytes())
    served = Served(path)
    try:
        page.goto(served.url)
        page.wait_for_selector("#game-list [data-game='11']")
        page.wait_for_function("document.getElementById('night-left').textContent.includes('Not read')")
        assert "Not read: night-knives-3-results.yaml (no game of this evening is played in it now)" in \
            page.inner_text("#night-left")
        item = page.locator("#game-list [data-game='3']")
        assert item.get_attribute("data-game-state") == "unreadable" and item.get_attribute("href") is None
        assert "night-curve-1-results.yaml" in item.inner_text()
        other = page.locator("#game-list [data-game='5']")
        assert other.get_attribute("data-game-state") == "unreadable" and other.get_attribute("href") is None
        assert "this file is for curve" in other.inner_text()
        assert page.locator("#game-list a[data-game]").count() == len(FILES) - 2
        page.click("#game-list a[data-game='4']")
        page.wait_for_selector("body[data-ready='1']")
        page.wait_for_selector("#evening-bar a[data-game]")
        assert page.locator("#evening-bar a[data-game]").count() == len(FILES) - 2
    finally:
        code, _, _ = served.stop()
    assert code == 0 and broken.read_bytes() == text


def test_with_table_the_evening_and_each_game_show_the_code_to_join_the_evening(tmp_path, page):
    path = tmp_path / "night.yaml"
    path.write_text(NIGHT, encoding="utf-8")
    served = Served(path, "--table", "--host", "127.0.0.1")
    try:
        page.goto(served.url)
        page.wait_for_selector("#join:not([hidden])")
        assert page.text_content("#join-url") == served.url  # the evening's address, not one game's
        assert page.get_attribute("#join-qr", "src").startswith("data:image/")
        page.click("#game-list a[data-game='7']")
        page.wait_for_selector("body[data-ready='1']")
        page.wait_for_selector("#join:not([hidden])")
        assert page.text_content("#join-url") == served.url
        made = {n: (tmp_path / f"{n}-results.yaml").read_bytes() for n in FILES}  # made blank, as template does
    finally:
        code, out, _ = served.stop()
    assert code == 0 and all(f"{n}-results.yaml is as it was" in out or f"{n}-results.yaml already" in out
                             for n in FILES[-3:])  # (the first lines may sit in the reader's buffer)
    assert {n: (tmp_path / f"{n}-results.yaml").read_bytes() for n in FILES} == made  # a look changes nothing


def test_the_keyboard_goes_through_the_games_and_keeps_its_place(night, page):
    """Tab to a game, wait for the standings to be asked again (the page redraws only what changed), Enter:
    that game's page; its bar's buttons are links too."""
    page.goto(night.url)
    page.wait_for_selector("#game-list a[data-game='11']")
    page.focus("#game-list a[data-game='1']")
    for _ in range(2):
        page.keyboard.press("Tab")
    page.wait_for_timeout(2500)  # two rounds of asking the server
    assert page.evaluate("document.activeElement.dataset.game") == "3"
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready='1']")
    assert page.inner_text("#title") == "Within The Curve, game 1 of 2"
    page.wait_for_selector("#evening-bar a[aria-current='page'][data-game='3']")


def test_guests_a_game_played_alone_and_another_set_up_are_served_and_said_on_the_page(tmp_path, page):
    """Finding 6 and 15 on the page: /api/evening answered 500 for a file naming a guest.  It answers what
    ``score --json`` prints, and the list says beside each game who was a guest, that The Long Way was
    played alone (not won) and that the curve was played at another n than printed."""
    from evening_night import played_as, small_night

    config = small_night(tmp_path, "game: knives\nplayers: [Ann, Ben, Cat]\nkcount: 12\nalso:\n"
                                   "  - {game: ikes}\n  - {game: curve, n: 10}\n", {
        "night-knives-1": played_as("played-knives.yaml", {"Dan": "Gus"}),
        "night-ikes-1": played_as("played-ikes.yaml", {}),
        "night-curve-1": played_as("played-curve.yaml", {"Cat": "Cathy"})})
    served = Served(config)
    try:
        import http.client

        conn = http.client.HTTPConnection(served.host, timeout=30)
        conn.request("GET", "/api/evening", headers={"Host": served.host, "X-Printkit-Token": served.token})
        r = conn.getresponse()
        got = json.loads(r.read())
        conn.close()
        assert r.status == 200
        want = score_json(tmp_path)
        for g in got["games"]:
            del g["url"], g["number"]
        assert {k: got[k] for k in want} == want
        assert {row["name"] for row in got["standings"]} == {"Ann", "Ben", "Cat", "Gus", "Cathy"}
        page.goto(served.url)
        page.wait_for_selector("#game-list [data-game='3']")
        remarks = {n: [el.inner_text() for el in page.locator(f"[data-game-remark='{n}']").all()] for n in (1, 2, 3)}
        assert remarks == {i + 1: g["remarks"] for i, g in enumerate(want["games"])}
        assert any("Gus is not one of the evening's players" in r for r in remarks[1])
        assert any("n 12" in r for r in remarks[3]) and any("Cathy" in r for r in remarks[3])
        assert page.inner_text("[data-game-winners='2']").startswith("played alone: not won")
        assert "not counted: game 2 (played alone)" in page.inner_text("#night-left")
        wait_standings(page, {r["name"]: r["won_text"] for r in want["standings"]})
        assert page.errors == []
    finally:
        code, _, _ = served.stop()
    assert code == 0


def test_a_game_file_holding_its_set_up_alone_is_served_as_that_game_s_own(tmp_path, monkeypatch):
    """A results file whose record is not begun (its set-up alone: the evening says "not started") was opened
    as a config: the server wrote another results file beside it in the folder it was started from
    (night-add-residue-1-results-results.yaml) and served that one, so what was entered went elsewhere."""
    from evening_night import small_night

    from printkit import evening
    from printkit.enter.evening import Night

    config = small_night(tmp_path / "night", "game: add-residue\nplayers: [Ann, Ben]\nn: 2\nalso: [{game: ikes}]\n",
                         {"night-add-residue-1": "game: add-residue\nplayers: [Ann, Ben]\nn: 2\n"})
    started = tmp_path / "here"
    started.mkdir()
    monkeypatch.chdir(started)
    before = sorted(tmp_path.rglob("*"))
    live = Night(evening.load(config), "127.0.0.1")
    try:
        assert live.sessions[0] is not None and live.sessions[0].path == config.parent / "night-add-residue-1-results.yaml"
        assert live.state()["games"][0]["state"] == "not started"
    finally:
        for s in live.sessions:
            if s is not None:
                s.table.close()
    assert sorted(tmp_path.rglob("*")) == before


def test_each_game_s_line_says_its_state_once_in_whole_words(night, page):
    """A game's line in the evening's list: its state, then who won or what is left; the state is not said a
    second time ("not started / not started", "in progress / in progress: not counted yet"), and a count of
    mistakes is a plain plural ("2 mistakes", never "2 rule(s) broken")."""
    page.goto(night.url)
    page.wait_for_selector("#game-list a[data-game='11']")
    lines = page.evaluate("""() => [...document.querySelectorAll('#game-list .game')].map((g) => [
        g.dataset.gameState, g.querySelector('.state').textContent, g.querySelector('.who').textContent])""")
    assert {state for state, _, _ in lines} >= {"not started", "valid"}
    for state, said, who in lines:
        assert said == state
        assert state not in who, (state, who)
        assert "(s)" not in who, who
