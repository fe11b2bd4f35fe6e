"""Selling Knives on the entry page: input events against characters of YAML, and the check round trip.

    python bench/knives_enter.py               # events as the page takes them, and the round trip
    python bench/knives_enter.py --browser     # also enter the whole game in chromium and count for real
    python bench/knives_enter.py --runs 50

Targets (issue 15): entering the played example (tests/games/data/played-knives.yaml, 4 players,
kcount 12, 138 turns) takes at most a third as many input events as the characters a person types for
its record in YAML; the page's check after a change (POST /api/check and /api/board, which the page
sends together) answers in under 50 ms.

Input events, as the page takes them: the set-up card (1 click), a draw (1 click on the card drawn), a
claim (1 drag a road, from centre to centre, 1 click a card in the hand, 1 click on Claim).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "tests" / "games" / "data" / "played-knives.yaml"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "enter"))


def planned_events(turns: list[str]) -> tuple[int, dict[str, int]]:
    parts = {"set-up": 1, "draws": 0, "roads": 0, "cards": 0, "claim buttons": 0}
    for line in turns:
        if " draws " in line:
            parts["draws"] += 1
        elif " claims " in line:
            roads, cards = line.split(" claims ", 1)[1].split(" with ")
            parts["roads"] += len(roads.split())
            parts["cards"] += len(cards.split())
            parts["claim buttons"] += 1
        else:
            parts["draws"] += 1  # a pass: one click on Pass
    return sum(parts.values()), parts


def serve(path: Path) -> tuple[subprocess.Popen, str, str]:
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "enter", str(path), "--no-browser"], cwd=path.parent,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    line = proc.stdout.readline()
    m = re.search(r"at http://([^/]+)/\?token=(\S+) ", line)
    if not m:
        proc.kill()
        raise SystemExit(f"printkit enter printed no address: {line!r} {proc.stderr.read()!r}")
    return proc, m.group(1), m.group(2)


def post(host: str, token: str, route: str, body: bytes) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection(host, timeout=10)
    conn.request("POST", route, body, {"X-Printkit-Token": token, "Origin": f"http://{host}",
                                        "Content-Type": "application/json", "X-Printkit-Seq": "-1"})
    r = conn.getresponse()
    data = r.read()
    conn.close()
    return r.status, data


def round_trips(runs: int) -> dict[str, list[float]]:
    import yaml

    folder = Path(tempfile.mkdtemp(prefix="knives-bench-"))
    path = folder / EXAMPLE.name
    shutil.copy(EXAMPLE, path)
    doc = json.dumps(yaml.safe_load(path.read_text(encoding="utf-8"))).encode("utf-8")
    proc, host, token = serve(path)
    times: dict[str, list[float]] = {"check": [], "board": [], "both, one after the other": [],
                                     "both together (as the page sends them)": []}
    try:
        for _ in range(3):  # warm up
            post(host, token, "/api/check", doc)
            post(host, token, "/api/board", doc)
        for _ in range(runs):
            t0 = time.perf_counter()
            assert post(host, token, "/api/check", doc)[0] == 200
            t1 = time.perf_counter()
            assert post(host, token, "/api/board", doc)[0] == 200
            t2 = time.perf_counter()
            times["check"].append(t1 - t0)
            times["board"].append(t2 - t1)
            times["both, one after the other"].append(t2 - t0)
            threads = [threading.Thread(target=post, args=(host, token, r, doc)) for r in ("/api/check", "/api/board")]
            t0 = time.perf_counter()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            times["both together (as the page sends them)"].append(time.perf_counter() - t0)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)
    return times


def browser_events() -> tuple[int, float]:
    """Enter the whole example in chromium as the page test does: (input events, seconds)."""
    from playwright.sync_api import sync_playwright

    from enter_helpers import CHROMIUM_ARGS, Hands, Served, chromium_path, config_for, open_page, wait_checked
    from test_knives_page import claim
    import yaml

    turns = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))["turns"]
    folder = Path(tempfile.mkdtemp(prefix="knives-bench-"))
    served = Served(config_for(EXAMPLE, folder, drop=("kcount",)))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
            page = browser.new_context(viewport={"width": 1400, "height": 1000}, bypass_csp=True).new_page()
            open_page(page, served)
            hands = Hands(page)
            t0 = time.perf_counter()
            hands.click("card:Q")
            wait_checked(page)
            for line in turns:
                if " draws " in line:
                    hands.click(f"card:{line.split()[-1]}")
                else:
                    claim(page, hands, line)
                wait_checked(page)
            seconds = time.perf_counter() - t0
            assert page.inner_text("#say").startswith("The game is over")
            browser.close()
    finally:
        served.stop()
        shutil.rmtree(folder, ignore_errors=True)
    return hands.events, seconds


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--browser", action="store_true", help="enter the game in chromium too (about a minute)")
    args = ap.parse_args()
    import yaml

    from enter_helpers import record_chars

    turns = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))["turns"]
    chars = record_chars(EXAMPLE, {"game", "players", "kcount"})
    typed = sum(len(f"  - {t}\n") for t in turns)
    events, parts = planned_events(turns)
    print(f"played example: {len(turns)} turns; its record is {chars:,} characters of YAML as stored "
          f"({typed:,} written one turn a line)")
    print(f"input events on the page: {events} ({', '.join(f'{v} {k}' for k, v in parts.items())})")
    print(f"  events / characters: {events / chars:.3f} (goal: 1/3 = 0.333 or less)  "
          f"{'ok' if events * 3 <= chars else 'MISSED'}")
    if args.browser:
        real, seconds = browser_events()
        print(f"  in chromium: {real} events counted, the whole game entered in {seconds:.1f} s "
              f"({seconds / real * 1000:.0f} ms an event, each waited for until checked)")
    times = round_trips(args.runs)
    print(f"check round trip, played example ({args.runs} runs, ms: median / 90th percentile / max):")
    for name, ts in times.items():
        ms = sorted(t * 1000 for t in ts)
        p90 = ms[int(0.9 * (len(ms) - 1))]
        print(f"  {name:42s} {statistics.median(ms):6.1f} / {p90:6.1f} / {ms[-1]:6.1f}")
    both = statistics.median(times["both together (as the page sends them)"]) * 1000
    print(f"  target: under 50 ms  {'ok' if both < 50 else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
