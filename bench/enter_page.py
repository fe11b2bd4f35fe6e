"""The entry page (printkit enter): how fast it answers and how much less there is to do than typing YAML.

Measures, for every played example in tests/games/data/:
- the check round trip: POST /api/check and POST /api/board for the whole record, over loopback to a real
  server (median of --runs requests each), target under 50 ms;
- page ready: from opening the address in chromium to the first check shown (median of --loads), target 1 s;
- the curve's "best possible" answer (the solver, 5 s limit) for each curve of the played example;
- for the games with a board: the input events (clicks, drags, key presses) of entering the whole example
  as the browser tests do it, against the characters of its record typed as YAML (goal: a third or less).

    python bench/enter_page.py [--runs 30] [--loads 5] [--no-browser]

The Long Way's entry is measured part by part in bench/enter_ikes.py.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "enter"))

import yaml  # noqa: E402

from printkit.enter import document, server  # noqa: E402

DATA = ROOT / "tests" / "games" / "data"


def round_trip(example: Path, runs: int) -> tuple[float, float, int]:
    """(median check ms, median check + sheets ms, bytes of the sheets) for one example."""
    game, path, data = document.open_file(str(example))
    session = server.Session(game, path, data, "127.0.0.1")
    httpd = server.make_server(session, "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    host = f"127.0.0.1:{httpd.server_address[1]}"
    body = json.dumps(data).encode()
    headers = {"X-Printkit-Token": session.token, "Origin": f"http://{host}", "Content-Type": "application/json"}

    def post(route: str) -> bytes:
        conn = http.client.HTTPConnection(host, timeout=30)
        conn.request("POST", route, body=body, headers=headers)
        out = conn.getresponse().read()
        conn.close()
        return out

    checks, boths, size = [], [], 0
    for _ in range(runs):
        t0 = time.perf_counter()
        post("/api/check")
        t1 = time.perf_counter()
        size = len(post("/api/board"))
        t2 = time.perf_counter()
        checks.append((t1 - t0) * 1000)
        boths.append((t2 - t0) * 1000)
    httpd.shutdown()
    httpd.server_close()
    return statistics.median(checks), statistics.median(boths), size


def browser_figures(loads: int) -> dict[str, tuple]:
    from enter_helpers import (CHROMIUM_ARGS, Hands, Served, chromium_path, config_for, enter_add_residue,
                               enter_curve, enter_intersections, record_chars, wait_checked)
    from playwright.sync_api import sync_playwright

    flows = {"intersections": (enter_intersections, {"game", "players", "n", "segments"}),
             "add-residue": (enter_add_residue, {"game", "players", "n"}),
             "curve": (enter_curve, {"game", "players", "n"})}
    out: dict[str, tuple] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for example in sorted(DATA.glob("played-*.yaml")):
            game_id = example.stem.removeprefix("played-")
            with tempfile.TemporaryDirectory() as tmp:
                served = Served(config_for(example, Path(tmp)))
                ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, bypass_csp=True)
                page = ctx.new_page()
                ready = []
                for _ in range(loads):
                    t0 = time.perf_counter()
                    page.goto(served.url)
                    page.wait_for_selector("body[data-ready='1']")
                    wait_checked(page)
                    ready.append(time.perf_counter() - t0)
                events = chars = None
                if game_id in flows:
                    flow, setup = flows[game_id]
                    hands = Hands(page)
                    flow(page, hands, yaml.safe_load(example.read_text(encoding="utf-8")))
                    events, chars = hands.events, record_chars(example, setup)
                ctx.close()
                served.stop()
            out[game_id] = (statistics.median(ready), events, chars)
        browser.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--loads", type=int, default=5)
    ap.add_argument("--no-browser", action="store_true", help="only the round trips")
    args = ap.parse_args()
    print(f"{'game':<14} {'check ms':>9} {'check+sheets ms':>16} {'sheets kB':>10}")
    for example in sorted(DATA.glob("played-*.yaml")):
        check, both, size = round_trip(example, args.runs)
        print(f"{example.stem.removeprefix('played-'):<14} {check:>9.1f} {both:>16.1f} {size / 1000:>10.0f}")
    game, path, data = document.open_file(str(DATA / "played-curve.yaml"))
    res = document.read(game, data)
    for owner in res.names:
        t0 = time.perf_counter()
        answer = game.answers()["best"](res, {"owner": owner})
        print(f"curve best possible, {owner}'s curve: {time.perf_counter() - t0:.2f} s ({answer['text']})")
    if args.no_browser:
        return
    print()
    print(f"{'game':<14} {'page ready s':>12} {'input events':>13} {'YAML chars':>11} {'ratio':>7}")
    for game_id, (ready, events, chars) in browser_figures(args.loads).items():
        ratio = f"{events / chars:.2f}" if events else "-"
        print(f"{game_id:<14} {ready:>12.2f} {events if events else '-':>13} {chars if chars else '-':>11} {ratio:>7}")


if __name__ == "__main__":
    main()
