"""Taps kept off the network live in the browser's storage too (static/taps.js): a reload (or a tab closed)
while the server does not answer drops none. On a phone (390 x 844, touch): taps made offline, the page
reloaded while still offline (the phone shows its own "no connection" page), then opened again once the
network is back: the taps are taken back, shown as not written yet, and played in order, so the file is the
one entering them online gives. Two tabs of one page never both play the same kept taps."""

from __future__ import annotations

import pytest
import yaml
from enter_helpers import DATA, Fingers, Served, config_for, open_page, phone, saved_when, wait_checked

KEPT = "Object.keys(localStorage).filter((k) => k.startsWith('printkit:taps:'))" \
       ".flatMap((k) => JSON.parse(localStorage.getItem(k)).taps).length"


def _knives():
    draws = yaml.safe_load((DATA / "played-knives.yaml").read_text(encoding="utf-8"))["turns"][:5]
    taps = [lambda f, r=t.split()[-1]: f.click(f"card:{r}") for t in draws]
    return DATA / "played-knives.yaml", taps, lambda d: len(d.get("turns") or []) >= 5


def _add_residue():
    moves = [m.split("=")[0].split() for m in yaml.safe_load((DATA / "played-add-residue.yaml").read_text(encoding="utf-8"))["moves"][:5]]
    taps = [lambda f, p=p, c=c: f.click(f"move:{p} {c}") for _, p, c in moves]
    return DATA / "played-add-residue.yaml", taps, lambda d: len(d.get("moves") or []) >= 5


GAMES = {"add-residue": _add_residue, "knives": _knives}


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
    example, taps, ready = GAMES[game]()
    want = _online(browser, tmp_path / "online", example, taps, ready)
    folder = tmp_path / "offline"
    folder.mkdir()
    s = Served(config_for(example, folder))
    pg = phone(browser)
    pg.on("dialog", lambda d: d.accept())  # "leave the page?" (a change not saved yet): yes, as a player would
    try:
        open_page(pg, s)
        f = Fingers(pg)
        taps[0](f)  # one online
        wait_checked(pg)
        pg.context.set_offline(True)
        taps[1](f)  # written at once (the page has the newest state), kept as a change not saved yet
        pg.wait_for_selector("#saved.bad", timeout=30_000)  # the save fails, and the page says so (over its foot)
        for tap in taps[2:]:
            tap(f)
        assert pg.locator("#sheets .pending").count() > 0
        kept = pg.evaluate(KEPT)  # in the browser's storage as they are made
        assert kept == len(taps) - 2, kept
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
        back = int(pg.inner_text("#told").split(" tap")[0])
        assert 1 <= back <= kept
        assert pg.evaluate(KEPT) == back
        pg.wait_for_function("document.getElementById('saved').textContent !== 'Loading...'")
        pg.wait_for_timeout(100)
        assert held, "the page asked for no check"
        held.pop(0).continue_()  # the first answer: the page shows the kept taps as not written yet
        pg.wait_for_function("document.querySelectorAll('#sheets .pending').length > 0", timeout=20_000)
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
