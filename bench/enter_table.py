"""Several devices on one file (printkit enter): how soon each device sees the others' changes, and what a
slow or hostile client costs the others.

Runs a real ``printkit enter`` server (a fresh process) on a blank Within The Curve game for 8 players and,
for 1, 3 and 8 devices, has every device open its event stream and enter its own player's fill square by
square (one change a square, as the page sends them), all devices at once. Prints, per device count:
- the change round trip (POST /api/change: applied to the newest document and the file written), median
  and 95th percentile, target well under 100 ms;
- the time from a change being sent to its event reaching each other device, median, 95th percentile and
  worst, target under 1 s;
and then the time a normal request takes while 60 half-open connections (headers never finished) are
held by another client.

With ``--browser``, in Debian's chromium on phone-sized touch screens (390 x 844), as the tests enter:
- the wall-clock time to enter the three-player Within The Curve example (3 curves, 9 filled copies) on one
  phone, against three phones at once, one a player (each its curve and its copies; a copy of another's
  curve once that curve has come), each phone its own browser and thread;
- the time from a tap on one phone to the move showing on another (Add/Residue, --taps moves), median and
  95th percentile.

    python bench/enter_table.py [--changes 40] [--browser] [--taps 20]

Only 127.0.0.1 is used.
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def start(folder: Path):
    f = folder / "table.yaml"
    f.write_text(f"game: curve\nplayers: [{', '.join(PLAYERS)}]\nn: 8\ncurves:\nfills:\n", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "enter", str(f), "--no-browser"], cwd=folder,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = proc.stdout.readline().split(" at ")[1].split()[0]
    return proc, url.split("/")[2], url.split("token=")[1]


def post(host, token, route, body, device):
    conn = http.client.HTTPConnection(host, timeout=30)
    conn.request("POST", route, json.dumps(body), {"Host": host, "Origin": f"http://{host}", "X-Printkit-Token": token,
                                                   "X-Printkit-Client": device, "Content-Type": "application/json"})
    r = conn.getresponse()
    out = json.loads(r.read())
    conn.close()
    return r.status, out


class Stream:
    def __init__(self, host, token, device):
        self.seen: dict[int, float] = {}  # revision -> when it came
        self.conn = http.client.HTTPConnection(host, timeout=60)
        self.conn.request("GET", f"/api/events?token={token}&device={device}", headers={"Host": host})
        self.r = self.conn.getresponse()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        kind = None
        try:
            for raw in self.r:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: ") and kind == "change":
                    self.seen[json.loads(line[6:])["rev"]] = time.perf_counter()
        except (OSError, ValueError):
            pass


def grid(k: int) -> str:
    cells = ["."] * 64
    for i in range(k):
        cells[i] = str(i + 1)
    return "\n".join(" ".join(cells[r * 8:(r + 1) * 8]) for r in range(8)) + "\n"


def run(devices: int, changes: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        proc, host, token = start(Path(tmp))
        try:
            names = [f"device-{i}" for i in range(devices)]
            streams = {d: Stream(host, token, d) for d in names}
            time.sleep(0.3)
            trips: list[float] = []
            answered: dict[int, tuple[str, float]] = {}
            lock = threading.Lock()

            def enter(i: int, device: str) -> None:
                who = PLAYERS[i]
                for k in range(1, changes + 1):
                    t0 = time.perf_counter()
                    status, body = post(host, token, "/api/change",
                                        {"changes": [{"path": ["fills", who, who], "value": grid(k % 60 + 1)}], "seen": 0},
                                        device)
                    t1 = time.perf_counter()
                    assert status == 200, body
                    with lock:
                        trips.append((t1 - t0) * 1000)
                        answered[body["rev"]] = (device, t0)

            threads = [threading.Thread(target=enter, args=(i, d)) for i, d in enumerate(names)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            time.sleep(1.5)
            delays = [(s.seen[rev] - t) * 1000 for rev, (device, t) in answered.items()
                      for d, s in streams.items() if d != device and rev in s.seen]
            missing = sum(1 for rev, (device, _) in answered.items() for d, s in streams.items()
                          if d != device and rev not in s.seen)
            return {"trips": trips, "delays": delays, "missing": missing}
        finally:
            proc.terminate()
            proc.wait()


def stalled(count: int = 60) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        proc, host, token = start(Path(tmp))
        try:
            port = int(host.rsplit(":", 1)[1])
            held = []
            for _ in range(count):
                c = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.2", 0))
                c.sendall(b"GET /api/state HTTP/1.1\r\nHost: x\r\n")
                held.append(c)
            times = []
            for _ in range(10):
                conn = http.client.HTTPConnection(host, timeout=30)
                t0 = time.perf_counter()
                conn.request("GET", "/api/state", headers={"Host": host, "X-Printkit-Token": token})
                conn.getresponse().read()
                times.append((time.perf_counter() - t0) * 1000)
                conn.close()
            for c in held:
                c.close()
            return statistics.median(times)
        finally:
            proc.terminate()
            proc.wait()


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))] if values else float("nan")


def browsers(taps: int) -> None:
    sys.path.insert(0, str(ROOT / "tests" / "enter"))
    import yaml
    from enter_helpers import (CHROMIUM_ARGS, DATA, Fingers, Served, chromium_path, config_for, enter_curve, open_page,
                               phone, wait_checked)
    from playwright.sync_api import sync_playwright

    played = yaml.safe_load((DATA / "played-curve.yaml").read_text(encoding="utf-8"))

    def device(served, only, times, ready):
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            pg = phone(b)
            open_page(pg, served)
            pg.locator("#zoom").click()  # each curve one drag, the whole sheet in view
            ready.wait()
            t0 = time.perf_counter()
            enter_curve(pg, Fingers(pg), played, only=only)
            times.append(time.perf_counter() - t0)
            b.close()

    def entered(results: Path) -> bool:
        d = yaml.safe_load(results.read_text(encoding="utf-8"))
        return all(d["fills"].get(f) and d["fills"][f].keys() == played["fills"][f].keys() for f in played["fills"])

    for who in (None, "three"):
        with tempfile.TemporaryDirectory() as tmp:
            served = Served(config_for(DATA / "played-curve.yaml", Path(tmp)))
            results = Path(tmp) / "curve-night-results.yaml"
            times: list[float] = []
            parts = [None] if who is None else list(played["players"])
            ready = threading.Barrier(len(parts) + 1)
            threads = [threading.Thread(target=device, args=(served, only, times, ready)) for only in parts]
            for t in threads:
                t.start()
            ready.wait()
            t0 = time.perf_counter()
            for t in threads:
                t.join()
            while not entered(results) and time.perf_counter() - t0 < 600:
                time.sleep(0.05)
            wall = time.perf_counter() - t0
            served.stop()
            label = "one phone" if who is None else "three phones, one a player"
            print(f"the three-player curve example on {label}: {wall:.1f} s "
                  f"(each phone: {', '.join(f'{t:.1f}' for t in sorted(times))} s)")

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        served = Served(config_for(DATA / "played-add-residue.yaml", Path(tmp)))
        b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        one, other = phone(b), phone(b)
        for pg in (one, other):
            open_page(pg, served)
        moves = yaml.safe_load((DATA / "played-add-residue.yaml").read_text(encoding="utf-8"))["moves"][:taps]
        fingers, shown = Fingers(one), []
        for i, line in enumerate(moves):
            _, pile, c = line.split("=")[0].split()
            t0 = time.perf_counter()
            fingers.click(f"move:{pile} {c}")
            other.wait_for_function("document.querySelector('#editors textarea').value.split('\\n').filter(Boolean)"
                                    f".length >= {i + 1}", timeout=10_000)
            shown.append((time.perf_counter() - t0) * 1000)
            wait_checked(one)
        served.stop()
        print(f"a tap on one phone shown on another: median {statistics.median(shown):.0f} ms, "
              f"95th percentile {pct(shown, .95):.0f} ms ({len(shown)} taps)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--changes", type=int, default=40, help="changes each device sends")
    ap.add_argument("--browser", action="store_true", help="also enter in chromium on phone-sized screens")
    ap.add_argument("--taps", type=int, default=20, help="moves tapped for the phone-to-phone time")
    args = ap.parse_args()
    print(f"load average: {open('/proc/loadavg').read().split()[0]}")
    print(f"{'devices':>7}  {'change median':>13}  {'p95':>6}  {'seen by others median':>21}  {'p95':>6}  {'worst':>6}  missed")
    for n in (1, 3, 8):
        r = run(n, args.changes)
        d = r["delays"]
        print(f"{n:>7}  {statistics.median(r['trips']):>10.1f} ms  {pct(r['trips'], .95):>6.1f}  "
              f"{(statistics.median(d) if d else float('nan')):>18.1f} ms  {pct(d, .95):>6.1f}  "
              f"{(max(d) if d else float('nan')):>6.1f}  {r['missing']}")
    print(f"a request while another client holds 60 half-open connections: {stalled():.1f} ms (median of 10)")
    if args.browser:
        browsers(args.taps)


if __name__ == "__main__":
    main()
