"""Helpers for the page tests: a real ``printkit enter`` process, chromium, screenshots."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path


DATA = Path(__file__).resolve().parent.parent / "games" / "data"
SHOTS = Path(os.environ.get("PRINTKIT_SHOTS", Path(__file__).resolve().parent.parent.parent / "output" / "screens"))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class Served:
    """A running ``printkit enter``: its address, token, file and process."""

    def __init__(self, path: Path, *extra: str):
        self.path = path
        self.proc = subprocess.Popen([sys.executable, "-m", "printkit", "enter", str(path), "--no-browser", *extra],
                                     cwd=path.parent, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
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
