"""Helpers for the page tests: a real ``printkit enter`` process, chromium, screenshots."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from forked import FORKS


DATA = Path(__file__).resolve().parent.parent / "games" / "data"
SHOTS = Path(os.environ.get("PRINTKIT_SHOTS", Path(__file__).resolve().parent.parent.parent / "output" / "screens"))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class Served:
    """A running ``printkit enter`` (forked as tests/forked.py says): its address, token, file and process."""

    def __init__(self, path: Path, *extra: str):
        self.path = path
        args = ["enter", str(path), "--no-browser", *extra]
        self.proc = FORKS.start(args, cwd=path.parent, stdout=subprocess.PIPE, stderr=subprocess.PIPE) or \
            subprocess.Popen([sys.executable, "-m", "printkit", *args], cwd=path.parent, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r"at (http://([^/]+)/\?token=(\S+)) \(Ctrl-C to stop\)", line)
        if not m:
            self.proc.kill()
            raise AssertionError(f"no address printed: {line!r} {self.proc.stderr.read()!r}")
        self.url, self.host, self.token = m.group(1), m.group(2), m.group(3)
        self.base = f"http://{self.host}"
        self.first_line = line

    def stop(self) -> tuple[int, str, str]:
        """Ctrl-C, as at the terminal: (exit code, rest of stdout, stderr)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        out, err = self.proc.communicate(timeout=30)
        return self.proc.returncode, out, err


def chromium_path() -> str:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    raise RuntimeError("Debian's chromium is needed for the page tests: apt-get install chromium")


def open_page(page, served: Served):
    """Load the page and wait until it has shown its first check."""
    page.goto(served.url)
    page.wait_for_selector("body[data-ready='1']")
    wait_checked(page)
    return page


def wait_checked(page):
    """Wait until the page shows the check of its newest state."""
    page.wait_for_function("!document.body.classList.contains('busy') && document.querySelector('[data-status]').textContent !== 'checking...'")


def saved_when(page, path: Path, ready, timeout: float = 20.0) -> dict:
    """The saved results file once ``ready(data)`` holds (the page saves by itself after each change; on a
    loaded machine it may take a while), else as it is when ``timeout`` runs out.  Waits through the page,
    so that the browser goes on working meanwhile."""
    import time

    import yaml

    deadline = time.time() + timeout
    while True:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if ready(data) or time.time() > deadline:
            return data
        page.wait_for_timeout(100)


def shot(page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def run_printkit(*args, cwd=None):
    """The real command line in a fresh interpreter: (exit code, stdout, stderr)."""
    p = subprocess.run([sys.executable, "-m", "printkit", *map(str, args)], cwd=cwd, capture_output=True, text=True,
                       timeout=300)
    return p.returncode, p.stdout, p.stderr


# ---------------------------------------------------------------- entering as a person would

class Hands:
    """Pointer and keys on the page, counted: a click, a drag or a key press is one input event."""

    keys = True  # whether these hands may use the keyboard

    def __init__(self, page):
        self.page, self.events = page, 0

    def centre(self, ref: str, nth: int = 0) -> tuple[float, float]:
        loc = self.page.locator(f'[data-ref="{ref}"]').nth(nth)
        for _ in range(20):  # the sheets are redrawn after every change: look again if one just went
            # as a person scrolls: bring the place to the middle of the window when it is out of view
            # (and when something else is on top of it there: a sticky header, the bar at the bottom)
            loc.evaluate("e => { const r = e.getBoundingClientRect(); const d = document.getElementById('dock');"
                         " const low = Math.min(innerHeight - 90, d && getComputedStyle(d).display !== 'none'"
                         "     ? d.getBoundingClientRect().top - 12 : innerHeight);"
                         " const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
                         " const sheet = e.closest('.sheet') || e.parentElement;"
                         " if (r.top < 90 || r.bottom > low || r.left < 0 || r.right > innerWidth"
                         "     || !top || !(top === e || sheet.contains(top)))"
                         " e.scrollIntoView({block: 'center', inline: 'center'}); }")
            box = loc.bounding_box()
            if box:
                break
            self.page.wait_for_timeout(25)
        assert box, f"{ref} is not on the page"
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def click(self, ref: str) -> None:
        x, y = self.centre(ref)
        self.page.mouse.click(x, y)
        self.events += 1

    def drag(self, *refs: str, steps: int = 4) -> None:
        """Press on the first place, move through the others, let go on the last."""
        x, y = self.centre(refs[0])
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        for ref in refs[1:]:
            x, y = self.centre(ref)
            self.page.mouse.move(x, y, steps=steps)
        self.page.mouse.up()
        self.events += 1

    def tap(self, selector: str) -> None:
        """A button or anything else found by a CSS selector, clicked."""
        self.page.click(selector)
        self.events += 1

    def press(self, *keys: str) -> None:
        for k in keys:
            self.page.keyboard.press(k)
            self.events += 1

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.events += len(text)


class Fingers(Hands):
    """A finger on a phone's touch screen: taps and touch drags (sent as the screen sends them), no keys."""

    keys = False

    def __init__(self, page):
        super().__init__(page)
        self.cdp = page.context.new_cdp_session(page)

    def click(self, ref: str) -> None:
        x, y = self.centre(ref)
        self.page.touchscreen.tap(x, y)
        self.events += 1

    def tap(self, selector: str) -> None:
        """A button or anything else found by a CSS selector."""
        box = self.page.locator(selector).first
        box.scroll_into_view_if_needed()
        b = box.bounding_box()
        self.page.touchscreen.tap(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
        self.events += 1

    def touch(self, kind: str, points: list[tuple[float, float]]) -> None:
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": x, "y": y, "id": i, "radiusX": 4, "radiusY": 4, "force": 1} for i, (x, y) in enumerate(points)]})

    def drag(self, *refs: str, steps: int = 4) -> None:
        x, y = self.centre(refs[0])
        self.touch("touchStart", [(x, y)])
        for ref in refs[1:]:
            tx, ty = self.centre(ref)
            for j in range(1, steps + 1):
                self.touch("touchMove", [(x + (tx - x) * j / steps, y + (ty - y) * j / steps)])
            x, y = tx, ty
        self.touch("touchEnd", [])
        self.events += 1

    def press(self, *keys: str) -> None:
        raise AssertionError(f"a phone at the table has no keys to press: {keys}")

    def type(self, text: str) -> None:
        raise AssertionError(f"a phone at the table has no keys to type: {text!r}")


def phone(browser, width: int = 390, height: int = 844):
    """A phone-sized touch screen (a new browser context): its page, with errors collected."""
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True, bypass_csp=True)
    pg = context.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    return pg


def settle(page) -> None:
    """Until the page stands still (a swipe's fling runs on after the finger lifts)."""
    last = None
    for _ in range(50):
        page.wait_for_timeout(80)
        now = page.evaluate("scrollY")
        if now == last:
            return
        last = now


def watch_shifts(page) -> None:
    """Count every layout shift from now on (Chromium's Layout Instability API), those right after a tap
    too: a shift then is what moves under the next tap."""
    page.evaluate("""window.__shift = 0; window.__shifts = []; new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          window.__shift += e.value;
          const name = (n) => !n ? "?" : n.nodeType !== 1 ? `${name(n.parentElement)} text`
            : n.tagName.toLowerCase() + (n.id ? "#" + n.id : "") + (n.className && typeof n.className === "string" ? "." + n.className.trim().split(/\\s+/).join(".") : "");
          window.__shifts.push([Number(e.value.toFixed(4)), (e.sources || []).map((s) => name(s.node))]);
        } }).observe({ type: 'layout-shift' })""")


def shifts(page) -> list:
    """Each layout shift since watch_shifts, with the nodes that moved (for a failing assertion to name)."""
    page.wait_for_timeout(100)
    return [s for s in page.evaluate("window.__shifts") if s[0] > 0]


def layout_shift(page) -> float:
    """The layout shift summed since watch_shifts (0.02 at most while entering: nothing moves under a finger)."""
    page.wait_for_timeout(100)
    return page.evaluate("window.__shift")


FINGER_ON_LINES = """(scope) => {
  // for each place drawn as a line or a band (a road, a segment, a side, a log's row): the points a finger
  // may land on meaning it, a cross of 44 px through its middle (along it and across it), each asked of the
  // page as a touch there (input.js's placeFor); the places whose cross does not all pick them
  const root = document.querySelector('#sheets');
  const misses = []; let lines = 0;
  for (const el of document.querySelectorAll(scope || '#sheets [data-ref]')) {
    const ref = el.dataset.ref;
    if (ref.startsWith('grid:') || !el.getClientRects().length) continue;
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const r = el.getBoundingClientRect();
    let c = [r.x + r.width / 2, r.y + r.height / 2], u = r.width >= r.height ? [1, 0] : [0, 1];
    if (el.tagName === 'line') {
      const m = el.getScreenCTM(), p = (x, y) => { const q = new DOMPoint(x, y).matrixTransform(m); return [q.x, q.y]; };
      const a = p(+el.getAttribute('x1'), +el.getAttribute('y1')), b = p(+el.getAttribute('x2'), +el.getAttribute('y2'));
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      c = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]; u = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
    } else if (Math.max(r.width, r.height) < 3 * Math.min(r.width, r.height)) continue;  // an area: the other audit
    lines += 1;
    const n = [-u[1], u[0]], bad = [];
    for (const [d, k] of [[u, 0], [u, 11], [u, -11], [u, 21.5], [u, -21.5], [n, 11], [n, -11], [n, 21.5], [n, -21.5]]) {
      const x = c[0] + d[0] * k, y = c[1] + d[1] * k;
      const got = root.placeFor(x, y);
      const key = got && (got.ref || got.key);
      if (key !== ref) bad.push([Math.round(x - c[0]), Math.round(y - c[1]), key || null]);
    }
    if (bad.length) misses.push([ref, bad]);
  }
  return { lines, misses };
}"""


def finger_on_lines(page, scope: str | None = None) -> dict:
    """The places drawn as lines or bands (roads, segments, sides, log rows) and those a finger cannot take
    from every point of a 44 px cross through their middle: {"lines": n, "misses": [[ref, [[dx, dy, taken]...]]]}."""
    return page.evaluate(FINGER_ON_LINES, scope)


def enter_claim(page, hands: Hands, line: str) -> None:
    """A Selling Knives claim as a person enters it: each road dragged from centre to centre, each card
    picked in the mover's hand (a tap on the rank held for each), then Claim."""
    roads, cards = line.split(" claims ")[1].split(" with ")
    for road in roads.split():
        a, b = road.split("-")
        hands.drag(f"centre:{a}", f"centre:{b}")
    for c in cards.split():  # a card of the hand stands for its rank: a tap a copy spent
        hands.click(f"hand:{c}")
    page.wait_for_function("document.querySelector('[data-sum]').textContent.startsWith('\u2713')")
    hands.tap("[data-action=claim]")


def record_chars(path: Path, setup_keys: set[str]) -> int:
    """Characters a person types for the play record of a results file (comments and set-up left out)."""
    import yaml

    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    body = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.lstrip().startswith("#")]
    keys = [k for k in data if k not in setup_keys]
    out, keep = 0, False
    for line in body:
        if line and not line.startswith(" ") and not line.startswith("-"):
            keep = line.split(":", 1)[0] in keys
        if keep:
            out += len(line) + 1
    return out


def config_for(example: Path, folder: Path, drop: tuple[str, ...] = ()) -> Path:
    """A config with the set-up of a played example, as the players' own config would be."""
    import yaml

    from printkit import registry

    data = yaml.safe_load(example.read_text(encoding="utf-8"))
    game = registry.get(data["game"])
    cfg = {k: v for k, v in data.items() if k in game.shared_keys() and k not in drop}
    if data["game"] == "intersections":
        cfg["rounds"] = len(data["rounds"])
    path = folder / f"{example.stem.removeprefix('played-')}-night.yaml"
    path.write_text(yaml.safe_dump(cfg, sort_keys=False), encoding="utf-8")
    return path


# ---------------------------------------------------------------- whole games entered, for the tests and bench/

def parse(dot: str) -> tuple[int, int]:
    return ord(dot[0]) - 65, int(dot[1:]) - 1


class Keys:
    """The keyboard cursor, walked with arrow keys from where the page shows it."""

    def __init__(self, hands: Hands):
        self.hands = hands

    def go(self, dot: str) -> None:
        at = self.hands.page.locator(".hit.cursor").get_attribute("data-ref").split(":")[1]
        (r0, c0), (r, c) = parse(at), parse(dot)
        dr, dc = r - r0, c - c0
        keys = (["ArrowDown"] * dr if dr > 0 else ["ArrowUp"] * -dr) + (["ArrowRight"] * dc if dc > 0 else ["ArrowLeft"] * -dc)
        self.hands.press(*keys)

    def segment(self, a: str, b: str) -> None:
        self.go(a)
        self.hands.press("Enter")
        self.go(b)
        self.hands.press("Enter")


def focus_round(page, hands: Hands, r: int) -> Keys:
    """Click the round's title (not a dot): the sheet takes the keys."""
    box = page.locator("#sheets .sheet").nth(r).bounding_box()
    page.mouse.click(box["x"] + 30, box["y"] + 12)
    hands.events += 1
    return Keys(hands)


def enter_intersections(page, hands: Hands, played: dict, shot_after_round: int | None = None) -> None:
    """Every segment of a played game drawn on the page: mostly dragged, every fifth by click, click, every
    sixth by keys alone."""
    for r, segments in enumerate(played["rounds"]):
        keys = None
        for i, seg in enumerate(segments):
            a, b = seg.split("-")
            if i % 6 == 5 and hands.keys:
                keys = keys or focus_round(page, hands, r)
                keys.segment(a, b)
            elif i % 6 == 4:
                hands.click(f"{r + 1}:{a}")
                hands.click(f"{r + 1}:{b}")
            else:
                hands.drag(f"{r + 1}:{a}", f"{r + 1}:{b}")
            wait_checked(page)
        if r == shot_after_round:
            shot(page, f"intersections-round-{r + 1}")


def enter_add_residue(page, hands: Hands, played: dict, shot_after_move: int | None = None) -> None:
    """Every move of a played game: a click on the mover's own pile, every fifth typed (the number, then a or m)."""
    for i, line in enumerate(played["moves"]):
        who, pile, c = line.split("=")[0].split()
        if i % 5 == 4 and hands.keys:
            page.locator("#sheets .sheet").nth(0).focus()
            hands.press(*c, "a" if pile == "add" else "m")
        else:
            hands.click(f"move:{who}:{pile} {c}")
        wait_checked(page)
        if i == shot_after_move:
            shot(page, f"add-residue-move-{i + 1}")


def _coord(r: int, c: int) -> str:
    from printkit.coords import coord

    return coord(r, c)


def enter_curve(page, hands: Hands, played: dict, shot_name: str | None = None, only: str | None = None) -> None:
    """A played Within The Curve game redrawn: each curve one drag through its route, back to its first
    square; on every copy, 1 and 2 clicked on the curve, then the inside numbers clicked in order (every
    fourth walked to with the arrow keys and written with Space).  ``only``: one player's part alone (their
    curve and the copies they filled), as one device of several at the table enters it; a copy of another
    player's curve is filled once that curve has come from its device."""
    from printkit.games.curve.record import parse_grid
    from printkit.games.curve.score import read_curve

    n = played["n"]
    routes = {}
    for owner, text in played["curves"].items():
        route = read_curve(owner, parse_grid(text, n, allow_hash=True), n).route
        routes[owner] = route
        if only not in (None, owner):
            continue
        refs = [f"curve:{owner}:{_coord(*sq)}" for sq in route + [route[0]]]
        hands.drag(*refs, steps=2)
        wait_checked(page)
    for filler, row in played["fills"].items():
        if only not in (None, filler):
            continue
        for owner, text in row.items():
            if only is not None:
                page.wait_for_function(f"(document.querySelector('#editors [data-path=\"curves.{owner}\"]') || {{}})"
                                       ".value?.includes('1')", timeout=120_000)
                wait_checked(page)
            grid = parse_grid(text, n, allow_hash=False)
            route = routes[owner]
            on = set(route)
            at = {grid[r][c]: (r, c) for r, c in route if grid[r][c] is not None}
            if 1 in at and 2 in at:
                hands.click(f"fill:{filler}:{owner}:{_coord(*at[1])}")
                hands.click(f"fill:{filler}:{owner}:{_coord(*at[2])}")
                wait_checked(page)
            inner = sorted(((v, (r, c)) for r, line in enumerate(grid) for c, v in enumerate(line)
                            if v is not None and (r, c) not in on))
            here = None
            for k, (v, (r, c)) in enumerate(inner):
                ref = f"fill:{filler}:{owner}:{_coord(r, c)}"
                if k % 4 == 3 and here is not None and hands.keys:  # by keys: arrows from the cursor, then Space
                    dr, dc = r - here[0], c - here[1]
                    hands.press(*(["ArrowDown"] * dr if dr > 0 else ["ArrowUp"] * -dr),
                                *(["ArrowRight"] * dc if dc > 0 else ["ArrowLeft"] * -dc), "Space")
                else:
                    hands.click(ref)
                here = (r, c)
                wait_checked(page)
            if shot_name and filler == owner:
                shot(page, f"{shot_name}-{filler}")


def first_move_saved(serve, page, tmp_path, saved_shown: bool = True):
    """A blank Add/Residue game on the page, its first move entered and saved: (the server, the results file,
    hands); with ``saved_shown``, once the page says it is saved too."""
    s = serve(config_for(DATA / "played-add-residue.yaml", tmp_path))
    results = s.path.parent / "add-residue-night-results.yaml"
    open_page(page, s)
    hands = Hands(page)
    hands.click("move:Ann:add 3")
    wait_checked(page)
    saved_when(page, results, lambda d: len(d.get("moves") or []) == 1)
    if saved_shown:
        page.wait_for_selector("#saved.ok")
    return s, results, hands
