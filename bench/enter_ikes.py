"""The Long Way on the entry page (printkit enter): input events against typing, and the check round trip.

Two figures, from a real ``printkit enter`` driven by Debian's chromium (playwright):
- input events: the played example (tests/games/data/played-ikes.yaml) entered on a blank page by
  pointer and keys alone, exactly as tests/enter/test_ikes_page.py does it (a click, a drag or a key
  press is one event), against the characters of its record in YAML, part by part. Goal (issue 14):
  a third or less.
- round trip: what the page does after every change, POST /api/check and POST /api/board at once
  (fetch from the page, JSON parsed), for the played example; median, 90th percentile and worst of
  --runs rounds after a warm-up; also each request alone, and the server's own work in this process
  (no HTTP). Goal: under 50 ms (the median). The load average is printed: on a busy machine the
  median rises with it, the best round shows what the work itself costs.

    python bench/enter_ikes.py [--runs 40] [--no-entry]

Exit code 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "enter"))

from enter_helpers import CHROMIUM_ARGS, DATA, Hands, Served, chromium_path, config_for, open_page  # noqa: E402

EXAMPLE = DATA / "played-ikes.yaml"

ROUND_TRIP = """async ([runs, which]) => {
  const token = document.querySelector('meta[name="printkit-token"]').content;
  const doc = (await (await fetch("/api/state", {headers: {"X-Printkit-Token": token}})).json()).results;
  const post = async (path) => { const r = await fetch(path, {method: "POST", cache: "no-store",
    headers: {"X-Printkit-Token": token, "Content-Type": "application/json"}, body: JSON.stringify(doc)}); return r.json(); };
  const times = [];
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now();
    await Promise.all(which.map(post));
    if (i >= 3) times.push(performance.now() - t0);
  }
  return times;
}"""


def yaml_parts(path: Path) -> dict[str, int]:
    """Characters of each key of a player's sheet in the YAML file: its own line and the lines under it."""
    out: dict[str, int] = {}
    key = None
    for line in path.read_text(encoding="utf-8").splitlines():
        indent = len(line) - len(line.lstrip())
        if line.lstrip().startswith("#") or line.strip() and indent <= 2:
            key = None if not line.lstrip().startswith("#") else key
            continue
        if indent == 4:
            key = line.strip().split(":", 1)[0]
        if key:
            out[key] = out.get(key, 0) + len(line) + 1
    return out


def entry(browser, folder: Path) -> tuple[dict[str, int], int]:
    import yaml
    from test_ikes_page import enter_played

    played = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))["sheets"]["Ann"]
    s = Served(config_for(EXAMPLE, folder))
    try:
        page = browser.new_page(viewport={"width": 1400, "height": 1000}, bypass_csp=True)
        open_page(page, s)
        hands = Hands(page)
        spent = enter_played(page, hands, played, shots=False)
        page.close()
        return spent, hands.events
    finally:
        s.stop()


def round_trip(browser, folder: Path, runs: int) -> dict[str, list[float]]:
    src = folder / "played-ikes.yaml"
    shutil.copy(EXAMPLE, src)
    s = Served(src)
    try:
        page = browser.new_page(viewport={"width": 1400, "height": 1000}, bypass_csp=True)
        open_page(page, s)
        out = {}
        for name, which in (("check + board (as the page)", ["/api/check", "/api/board"]),
                            ("check alone", ["/api/check"]), ("board alone", ["/api/board"])):
            out[name] = page.evaluate(ROUND_TRIP, [runs, which])
        page.close()
        return out
    finally:
        s.proc.kill()
        s.proc.wait()


def in_process(runs: int) -> dict[str, list[float]]:
    """The server's own work for the two requests (no HTTP): the scorer, and the sheets drawn as SVG."""
    import time

    import yaml

    from printkit import registry
    from printkit.enter import document

    game = registry.get("ikes")
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    out: dict[str, list[float]] = {"check (in process)": [], "board (in process)": []}
    for i in range(runs + 3):
        t0 = time.perf_counter()
        document.check(game, data)
        t1 = time.perf_counter()
        document.board(game, data)
        t2 = time.perf_counter()
        if i >= 3:
            out["check (in process)"].append((t1 - t0) * 1000)
            out["board (in process)"].append((t2 - t1) * 1000)
    return out


def main() -> int:
    from printkit import registry  # noqa: F401  (fails early if printkit is not importable)
    from enter_helpers import record_chars
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=40)
    ap.add_argument("--no-entry", action="store_true", help="only the round trip")
    args = ap.parse_args()
    ok = True
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
        if not args.no_entry:
            spent, events = entry(browser, Path(tmp))
            chars = record_chars(EXAMPLE, {"game", "players"})
            parts = yaml_parts(EXAMPLE)
            yaml_of = {"grid": parts.get("grid", 0), "walls": parts.get("walls", 0),
                       "entrance, exit": parts.get("entrance", 0) + parts.get("exit", 0), "turns": parts.get("turns", 0)}
            print(f"The Long Way, {EXAMPLE.name}: input events on the page against characters typed in YAML")
            print(f"| {'part':<16} | {'YAML chars':>10} | {'events':>6} | {'ratio':>6}")
            print(f"|{'-' * 18}|{'-' * 12}|{'-' * 8}|{'-' * 8}")
            for name, n in spent.items():
                print(f"| {name:<16} | {yaml_of[name]:>10} | {n:>6} | {n / yaml_of[name]:>6.2f}")
            print(f"| {'whole record':<16} | {chars:>10} | {events:>6} | {events / chars:>6.2f}   (goal: 0.33 or less)")
            ok &= events * 3 <= chars
        times = round_trip(browser, Path(tmp), args.runs)
        browser.close()
    times.update(in_process(args.runs))
    print(f"\nRound trip for {EXAMPLE.name}, {args.runs} rounds (ms, fetch from the page, JSON parsed):")
    print(f"| {'requests':<28} | {'best':>7} | {'median':>7} | {'p90':>7} | {'worst':>7}")
    print(f"|{'-' * 30}|{'-' * 9}|{'-' * 9}|{'-' * 9}|{'-' * 9}")
    for name, t in times.items():
        t = sorted(t)
        print(f"| {name:<28} | {t[0]:>7.1f} | {statistics.median(t):>7.1f} | {t[int(len(t) * 0.9) - 1]:>7.1f} | {t[-1]:>7.1f}")
    both = sorted(times["check + board (as the page)"])
    ok &= statistics.median(both) < 50
    print(f"\ncheck + board median {statistics.median(both):.1f} ms (goal: under 50 ms): "
          f"{'met' if statistics.median(both) < 50 else 'MISSED'}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
