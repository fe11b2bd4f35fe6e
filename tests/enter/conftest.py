"""Fixtures for the page tests: ``printkit enter`` running for real, and Debian's chromium driving it."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from enter_helpers import CHROMIUM_ARGS, DATA, Served, chromium_path  # noqa: E402

@pytest.fixture
def serve(tmp_path):
    """``serve(name_or_path, *options)`` -> Served, for a copy of a played example (or any file) in tmp_path."""
    running: list[Served] = []

    def _serve(source: str | Path, *extra: str) -> Served:
        src = Path(source) if Path(source).is_absolute() else DATA / source
        dst = tmp_path / src.name
        if not dst.exists():
            shutil.copy(src, dst)
        s = Served(dst, *extra)
        running.append(s)
        return s

    yield _serve
    for s in running:
        if s.proc.poll() is None:
            s.proc.kill()
            s.proc.wait()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture(autouse=True)
def _contexts_closed(request):
    """Every browser context a test opened (a phone, two phones) is closed after it: a context left open
    keeps its page's timers and event stream running through every later test. (A context a module's
    fixture opened before the test stays for the module's other tests.)"""
    b = request.getfixturevalue("browser") if "browser" in request.fixturenames else None
    before = set(b.contexts) if b else set()
    yield
    for context in list(b.contexts) if b else []:
        if context not in before:
            context.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, device_scale_factor=1, bypass_csp=True)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.errors = errors
    yield pg
    context.close()
