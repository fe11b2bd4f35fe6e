"""Taps kept off the network live in the browser's storage too (static/taps.js): a reload (or a tab closed)
while the server does not answer drops none. On a phone (390 x 844, touch): taps made offline, the page
reloaded while still offline (the phone shows its own "no connection" page), then opened again once the
network is back: the taps are taken back, shown as not written yet, and played in order, so the file is the
one entering them online gives. Two tabs of one page never both play the same kept taps."""

from __future__ import annotations

import pytest
import yaml
from enter_helpers import DATA, SHOTS, Fingers, Served, config_for, open_page, phone, saved_when, wait_checked

KEPT = "Object.keys(localStorage).filter((k) => k.startsWith('printkit:taps:'))" \
       ".flatMap((k) => JSON.parse(localStorage.getItem(k)).taps).length"


def _knives():
    draws = yaml.safe_load((DATA / "played-knives.yaml").read_text(encoding="utf-8"))["turns"][:5]
    taps = [lambda f, r=t.split()[-1]: f.click(f"card:{r}") for t in draws]
    return DATA / "played-knives.yaml", taps, lambda d: len(d.get("turns") or []) >= 5, 1


def _add_residue():
    moves = [m.split("=")[0].split() for m in yaml.safe_load((DATA / "played-add-residue.yaml").read_text(encoding="utf-8"))["moves"][:5]]
    taps = [lambda f, w=w, p=p, c=c: f.click(f"move:{w}:{p} {c}") for w, p, c in moves]
    return DATA / "played-add-residue.yaml", taps, lambda d: len(d.get("moves") or []) >= 5, 1


def _curve():  # a copy's squares are found again on a grid (input.js's Grid) after the reload
    taps = [lambda f: f.drag("curve:Ann:B2", "curve:Ann:B5", "curve:Ann:E5", "curve:Ann:E2", "curve:Ann:B2", steps=3)]
    taps += [lambda f, q=q: f.click(f"fill:Ann:Ann:{q}") for q in ("B2", "B3", "C3", "C4", "D4")]

    def ready(d):
        fill = ((d.get("fills") or {}).get("Ann") or {}).get("Ann") or ""
        return sum(t != "." for t in fill.split()) >= 15

    return DATA / "played-curve.yaml", taps, ready, 2  # 1 is written with 2: the first tap writes nothing


GAMES = {"add-residue": _add_residue, "knives": _knives, "curve": _curve}


def _online(browser, folder, example, taps, ready) -> str:
    """The results file the taps give entered online, each after the answer to the one before."""
    folder.mkdir()
    s = Served(config_for(example, folder))
    pg = phone(browser)
    try:
        open_page(pg, s)
        f = Fingers(pg)
        for tap in taps:
            tap(f)
            wait_checked(pg)
        path = next(folder.glob("*-results.yaml"))
        assert ready(saved_when(pg, path, ready))
        pg.wait_for_function("document.getElementById('saved').textContent.startsWith('Saved')")
        return path.read_text(encoding="utf-8")
    finally:
        pg.context.close()
        s.stop()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_taps_made_offline_are_kept_over_a_reload_and_give_the_online_file(browser, tmp_path, game):
    example, taps, ready, live = GAMES[game]()
    want = _online(browser, tmp_path / "online", example, taps, ready)
    folder = tmp_path / "offline"
    folder.mkdir()
    SHOTS.mkdir(parents=True, exist_ok=True)
    s = Served(config_for(example, folder))
    pg = phone(browser)
    pg.on("dialog", lambda d: d.accept())  # "leave the page?" (a change not saved yet): yes, as a player would
    try:
        open_page(pg, s)
        f = Fingers(pg)
        taps[0](f)  # one online
        wait_checked(pg)
        pg.context.set_offline(True)
        for tap in taps[1:1 + live]:  # written at once (the page has the newest state): a change not saved yet
            tap(f)
        pg.wait_for_selector("#saved.bad", timeout=30_000)  # the save fails, and the page says so (over its foot)
        for tap in taps[1 + live:]:
            tap(f)
        assert pg.locator("#sheets .pending").count() > 0
        kept = pg.evaluate(KEPT)  # in the browser's storage as they are made
        assert kept == len(taps) - 1 - live, kept
        try:  # reloaded while still offline: the phone's own "no connection" page, the taps only in storage
            pg.reload(timeout=10_000)
        except Exception:
            pass
        held = []  # the server's checks held back a while, to see the page before it plays the taps
        pg.route("**/api/check*", lambda route: held.append(route))
        pg.context.set_offline(False)
        pg.goto(s.url)
        pg.wait_for_selector("body[data-ready='1']")
        # the taps back, each still to write (one may have been written before the page went, if the server
        # answered it then: what it wrote is then back as a change not saved yet)
        told = pg.inner_text("#told")
        assert told.endswith("kept from before: written in order now."), told
        back = int(told.split(" change")[0])
        assert 1 <= back <= kept
        assert pg.evaluate(KEPT) == back
        pg.wait_for_function("document.getElementById('saved').textContent !== 'Loading...'")
        pg.wait_for_timeout(100)
        assert held, "the page asked for no check"
        held.pop(0).continue_()  # the first answer: the page shows the kept taps as not written yet
        pg.wait_for_function("document.querySelectorAll('#sheets .pending').length > 0", timeout=20_000)
        pg.locator("#sheets .pending").first.scroll_into_view_if_needed()
        pg.screenshot(path=str(SHOTS / f"phone-{game}-taps-back.png"))
        pg.unroute("**/api/check*")
        for route in held:  # (a request the page gave up on, for a newer one, is gone already)
            try:
                route.continue_()
            except Exception:
                pass
        pg.wait_for_function("document.querySelectorAll('#sheets .pending').length === 0", timeout=30_000)
        wait_checked(pg)
        path = next(folder.glob("*-results.yaml"))
        saved_when(pg, path, ready)
        pg.wait_for_function("document.getElementById('saved').textContent.startsWith('Saved')", timeout=30_000)
        assert path.read_text(encoding="utf-8") == want
        assert pg.evaluate(KEPT) == 0  # each left the storage once the server had it
        assert pg.errors == []
    finally:
        pg.context.close()
        s.stop()


def test_two_tabs_never_both_play_the_same_kept_taps(browser, tmp_path):
    """Two tabs of one page in one browser (they share its storage): tab A cannot reach the server (its checks
    and saves fail), tab B can. The taps A keeps are A's: B, looking for kept taps every few seconds, leaves
    them while A is open, and A plays them once it reaches the server. Then A keeps two more and is closed:
    B takes them and plays them. Each move is in the file once, in the order tapped."""
    moves = [m.split("=")[0].split() for m in yaml.safe_load((DATA / "played-add-residue.yaml").read_text(encoding="utf-8"))["moves"][:6]]
    s = Served(config_for(DATA / "played-add-residue.yaml", tmp_path))
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True,
                                  bypass_csp=True)
    a, b = context.new_page(), context.new_page()
    errors = []
    for pg in (a, b):
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.on("dialog", lambda d: d.accept())
    path = s.path.parent / "add-residue-night-results.yaml"
    blocked = "**/api/{check,board,change}*"

    def tap(pg, i):
        Fingers(pg).click("move:{}:{} {}".format(*moves[i]))

    def file_moves(n):
        data = saved_when(b, path, lambda d: len(d.get("moves") or []) >= n, timeout=45)
        return [m.split() for m in data.get("moves") or []]

    try:
        open_page(a, s)
        open_page(b, s)
        for rnd, (first, mine) in enumerate([(0, (1, 2)), (3, (4, 5))]):
            a.route(blocked, lambda route: route.abort())
            tap(b, first)  # B writes a move; A hears of it, and cannot get the check of it: A keeps its taps
            a.wait_for_function("document.getElementById('problem').textContent.includes('not answering')", timeout=30_000)
            for i in mine:
                tap(a, i)
            assert a.evaluate(KEPT) == 2
            if rnd == 0:
                b.wait_for_timeout(7000)  # B looked at least once: A is open, the taps are A's
                assert b.evaluate(KEPT) == 2 and b.locator("#sheets .pending").count() == 0
                assert file_moves(rnd * 3 + 1) == moves[:1]
                a.unroute(blocked)  # A reaches the server: it plays its own taps
            else:
                a.close(run_before_unload=True)  # A goes with two taps kept: B takes them and plays them
            assert file_moves(rnd * 3 + 3) == moves[:rnd * 3 + 3]
            b.wait_for_function(f"{KEPT} === 0", timeout=45_000)
            b.wait_for_function("document.querySelector('#editors textarea').value.trim().split('\\n').length"
                                f" === {rnd * 3 + 3}", timeout=30_000)  # B has them all before it taps again
            wait_checked(b)
        b.wait_for_timeout(6000)  # nothing is played twice, later either
        assert file_moves(6) == moves
        assert errors == []
    finally:
        context.close()
        s.stop()


BLANK_AR = "game: add-residue\nplayers: [Ann, Ben]\nn: 13\nmoves:\n"
PILE_NUMBER = """(ref) => { const e = document.querySelector(`#sheets [data-ref="${ref}"]`);
  e.scrollIntoView({ block: 'center', inline: 'center' }); const r = e.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2]; }"""


@pytest.mark.parametrize("network", ["slow", "offline"])
def test_a_double_tap_on_a_number_is_one_move_whatever_the_network(serve, browser, tmp_path, network):
    """A clumsy double tap on Ann's 2 while the answer to the first is on its way (300 ms away), or with the
    phone out of the Wi-Fi: the second tap is kept, and when its turn comes its number is crossed off, no
    place to tap any more: one move written, and the page says the second was left out (it was written
    twice, the adversary's first finding)."""
    (tmp_path / "ar.yaml").write_text(BLANK_AR, encoding="utf-8")
    s = serve(str(tmp_path / "ar.yaml"))
    pg = phone(browser)
    try:
        open_page(pg, s)
        cdp = pg.context.new_cdp_session(pg)
        if network == "slow":
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 300, "downloadThroughput": -1,
                                                           "uploadThroughput": -1})
        else:
            pg.context.set_offline(True)
        x, y = pg.evaluate(PILE_NUMBER, "move:Ann:add 2")
        pg.touchscreen.tap(x, y)
        pg.wait_for_timeout(150)
        pg.touchscreen.tap(x, y)
        if network == "offline":
            pg.wait_for_timeout(300)
            pg.context.set_offline(False)
        pg.wait_for_function("document.querySelector('#say').textContent.includes('left out')", timeout=20_000)
        wait_checked(pg)
        data = saved_when(pg, s.path, lambda d: d.get("moves"))
        pg.wait_for_timeout(500)  # (a second write would come within this)
        assert yaml.safe_load(s.path.read_text(encoding="utf-8"))["moves"] == ["Ann add 2"], data
        assert pg.errors == []
    finally:
        pg.context.close()


def test_taps_kept_for_one_file_never_go_into_another_file_of_its_name(browser, tmp_path):
    """Week 1's file, served at a port given by hand, gets two taps offline and its page is closed; week 2's file
    of the same name is served at that port next: its page writes none of week 1's taps (it wrote them into
    week 2: the browser kept them by address and file name, the adversary's third finding), and week 1's page,
    opened again, writes them into week 1."""
    import socket

    from enter_helpers import Served

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = str(probe.getsockname()[1])
    weeks = [tmp_path / "week-1" / "ar.yaml", tmp_path / "week-2" / "ar.yaml"]
    for path in weeks:
        path.parent.mkdir()
        path.write_text(BLANK_AR, encoding="utf-8")
    context = phone(browser).context
    pg = context.pages[0]
    s = Served(weeks[0], "--port", port)
    try:
        open_page(pg, s)
        pg.touchscreen.tap(*pg.evaluate(PILE_NUMBER, "move:Ann:add 3"))
        saved_when(pg, weeks[0], lambda d: d.get("moves"))
        context.set_offline(True)
        pg.touchscreen.tap(*pg.evaluate(PILE_NUMBER, "move:Ben:add 5"))
        pg.wait_for_timeout(300)
        pg.touchscreen.tap(*pg.evaluate(PILE_NUMBER, "move:Ann:mod 2"))
        pg.wait_for_function("document.querySelector('#say').textContent.includes('2 taps kept')")
        pg.close()
    finally:
        s.stop()
    context.set_offline(False)
    for path, moves in [(weeks[1], None), (weeks[0], ["Ann add 3", "Ben add 5", "Ann mod 2"])]:
        s = Served(path, "--port", port)
        try:
            pg = context.new_page()
            open_page(pg, s)
            # (week 2: until anything is written, for as long as week 1's taps take to be written when they are)
            data = saved_when(pg, path, lambda d, moves=moves: d.get("moves") and (moves is None or d["moves"] == moves),
                              timeout=4 if moves is None else 20)
            assert data.get("moves") == moves, (path.parent.name, data.get("moves"))
            pg.close()
        finally:
            s.stop()
    context.close()
