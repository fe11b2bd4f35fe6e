"""A search for a lost or misread tap in the page itself (static/intents.js, taps.js, saving.js, table.js, the
board and the pointer), in chromium on a phone (390 x 844, touch) against a real ``printkit enter``: Add/Residue
moves tapped, and Making Intersections segments dragged with the finger held down across everything else,
while the server's answers are held back and let through, the phone goes off the network and comes back, the
page waits a moment or is opened again, in any order hypothesis finds.  Once everything is let through, every
move tapped and every segment drawn is in the file, once, in the order made, each the move of the player it
was for, and nothing is left marked as not written.

(A stroke begun while the page waited for its answer, and ended after the answer came, once waited for a next
answer that never came: Ben's curve was never written.  That order is the stroke search's first example; the
search tries others around it.  A tap acts when the finger lifts, so taps alone never met it.)"""

from __future__ import annotations

import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from searches import examples  # a few seconds a search; PRINTKIT_SEARCH=long for more

from enter_helpers import DATA, Fingers, Served, config_for, open_page, phone, saved_when, wait_checked

EXAMPLE = DATA / "played-add-residue.yaml"
# the first eight moves of the played game, each tapped on the pile of the player who made it
MOVES = [m.split("=")[0].strip() for m in yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))["moves"][:8]]

ACTIONS = st.sampled_from(["tap", "tap", "tap", "hold", "let through", "offline", "online", "pause", "reopen"])


class Phone:
    """One phone on one server, and what the test holds back from it."""

    def __init__(self, browser, folder, example=EXAMPLE):
        self.served = Served(config_for(example, folder))
        self.pg = phone(browser)
        self.held: list = []
        self.holding = self.offline = False
        open_page(self.pg, self.served)
        self.results = next(folder.glob("*-results.yaml"))
        wait_checked(self.pg)
        self.fingers = Fingers(self.pg)
        self.watch()

    def watch(self):  # what each finger landed on, as the page saw it
        self.pg.evaluate("""window.__landed = []; document.addEventListener('pointerdown', (e) => {
            const el = document.elementsFromPoint(e.clientX, e.clientY).find((x) => x.dataset && x.dataset.ref);
            __landed.push(el ? el.dataset.ref : null); }, true)""")

    def tap(self, ref: str):
        """A tap on the place; tapped again when the finger landed where the place no longer was (the sheets
        drawn anew between the look and the touch, as a player sees nothing happen and taps again); a tap
        that landed on it is never repeated, so a tap lost after it is a loss the search reports."""
        for _ in range(5):
            self.fingers.click(ref)
            if self.pg.evaluate("__landed.at(-1)") == ref:
                return
        raise AssertionError(f"{ref}: no finger landed on it in five tries")

    def hold(self):  # the answers to the next states wait, as on a slow Wi-Fi
        if not self.holding:
            self.pg.route("**/api/board", lambda route: self.held.append(route))
            self.holding = True

    def let_through(self):
        if self.holding:
            self.pg.unroute("**/api/board")
            self.holding = False
        held, self.held = self.held, []
        for route in held:
            try:
                route.continue_()
            except Exception:  # a request the page gave up itself (a newer state asked for since)
                pass

    def set_offline(self, off: bool):
        self.pg.context.set_offline(off)
        self.offline = off

    def reopen(self):  # the page opened again (a reload): the taps kept in the browser come back
        self.let_through()
        self.set_offline(False)
        self.pg.reload()
        self.pg.wait_for_selector("#sheets svg", timeout=30_000)
        self.watch()

    def network(self, action: str) -> bool:
        """What the network and the page do, as a step of the search; False for a step of the fingers."""
        if action == "hold":
            self.hold()
        elif action == "let through":
            self.let_through()
        elif action in ("offline", "online"):
            self.set_offline(action == "offline")
        elif action == "pause":
            self.pg.wait_for_timeout(400)
        elif action == "reopen":
            self.reopen()
        else:
            return False
        return True

    def close(self):
        self.pg.context.close()
        self.served.stop()


@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(actions=st.lists(ACTIONS, min_size=1, max_size=14))
def test_every_move_tapped_is_written_once_in_order_whatever_the_network_does(browser, tmp_path_factory, actions):
    p = Phone(browser, tmp_path_factory.mktemp("taps"))
    tapped = 0
    try:
        for action in actions:
            if not p.network(action) and tapped < len(MOVES):
                p.tap("move:{}:{} {}".format(*MOVES[tapped].split()))
                tapped += 1
        p.let_through()
        p.set_offline(False)
        want = MOVES[:tapped]
        data = saved_when(p.pg, p.results, lambda d: len(d.get("moves") or []) >= tapped and not p.pg.locator(
            "#sheets .pending").count(), timeout=40)
        got = [m.split("=")[0].strip() for m in data.get("moves") or []]
        assert got == want, (actions, got, want, p.pg.inner_text("#say"))
        assert p.pg.locator("#sheets .pending").count() == 0, actions
        assert p.pg.errors == [], p.pg.errors
    finally:
        p.close()


# ---------------------------------------------------------------- strokes: a finger held down across it all

# six short segments of the played game's round 1 (a subset of a legal round is legal), both ends of each in
# view at once: the finger's path is worked out before it goes down
ROUND = ["E3-F3", "B2-D2", "A2-A3", "A1-B1", "C1-C2", "E5-E6"]
STROKES = st.sampled_from(["down", "up", "up", "hold", "let through", "offline", "online", "pause"])


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(actions=st.lists(STROKES, min_size=1, max_size=16))
@example(actions=["hold", "down", "up", "down", "let through", "up"])
@example(actions=["down", "up", "offline", "down"])
def test_every_segment_dragged_is_written_once_in_order_whatever_comes_while_the_finger_is_down(
        browser, tmp_path_factory, actions):
    p = Phone(browser, tmp_path_factory.mktemp("strokes"), DATA / "played-intersections.yaml")
    drawn, finger = 0, None  # finger: the stroke under way, (where it is, where it goes)
    try:
        def down():
            a, b = (p.fingers.centre(f"1:{end}") for end in ROUND[drawn].split("-"))
            p.fingers.touch("touchStart", [a])
            for j in (1, 2):  # a third of the way: the finger stays down
                p.fingers.touch("touchMove", [(a[0] + (b[0] - a[0]) * j / 6, a[1] + (b[1] - a[1]) * j / 6)])
            return a, b

        def up(a, b):
            for j in (3, 4, 5, 6):
                p.fingers.touch("touchMove", [(a[0] + (b[0] - a[0]) * j / 6, a[1] + (b[1] - a[1]) * j / 6)])
            p.fingers.touch("touchEnd", [])

        for action in actions:
            if p.network(action):
                continue
            if action == "down" and finger is None and drawn < len(ROUND):
                finger = down()
            elif action == "up" and finger is not None:
                up(*finger)
                finger, drawn = None, drawn + 1
        if finger is not None:
            up(*finger)
            drawn += 1
        p.let_through()
        p.set_offline(False)
        want = ROUND[:drawn]
        data = saved_when(p.pg, p.results, lambda d: len((d.get("rounds") or [[]])[0]) >= drawn and not p.pg.locator(
            "#sheets .pending").count(), timeout=40)
        got = (data.get("rounds") or [[]])[0]
        assert got == want, (actions, got, want, p.pg.inner_text("#say"))
        assert p.pg.locator("#sheets .pending").count() == 0, actions
        assert p.pg.errors == [], p.pg.errors
    finally:
        p.close()
