"""Shared test helpers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the tests' shared modules (searches, promise, game_files)

import atexit  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402

# what printkit keeps in the user's cache folder (an entering page's address) is kept in one of the test
# run's own, never the user's: set before anything starts a command, so that every run has this environment
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="printkit-cache-")
atexit.register(shutil.rmtree, os.environ["XDG_CACHE_HOME"], True)

from forked import FORKS  # noqa: E402
from searches import LONG  # noqa: E402


@dataclass
class Run:
    code: int
    out: str
    err: str


def run_printkit(*args: str, cwd: Path | None = None, input: str | None = None, fresh: bool = False) -> Run:
    """Run the real command line, as a user would, in a process of its own: forked from one that has
    imported printkit already (tests/forked.py: a quarter of a second less a run), or with ``fresh`` (or an
    environment changed since that one started) in a new interpreter."""
    if not fresh:
        got = FORKS.run([str(a) for a in args], cwd, input, timeout=300)
        if got is not None:
            return Run(*got)
    p = subprocess.run([sys.executable, "-m", "printkit", *map(str, args)], cwd=cwd, capture_output=True,
                       text=True, input=input, timeout=300)
    return Run(p.returncode, p.stdout, p.stderr)


@pytest.fixture
def printkit():
    """``printkit(*args, cwd=...)`` -> Run(code, out, err)."""
    return run_printkit


@pytest.fixture
def write(tmp_path):
    """``write(name, text)`` -> path of a new file in tmp_path."""

    def _write(name: str, text: str) -> Path:
        p = tmp_path / name
        p.write_text(text, encoding="utf-8")
        return p

    return _write


# ---------------------------------------------------------------- markers, search sizes, counts

def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives Debian's chromium (deselect with -m 'not browser')")


def pytest_collection_modifyitems(config, items):
    """A test that uses the browser, through any fixture, is marked ``browser``: the mark follows what the
    test needs, never its file's name."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True, trylast=True)
def pytest_runtest_call(item):
    """Count the examples each search ran (every phase's test cases that ran to the end), into the test's
    report: the run's total is printed at its end, across xdist's workers."""
    from hypothesis.statistics import collector

    outer = collector.value
    counted = []

    def note(stats):
        counted.append(sum(1 for phase in ("explicit-phase", "reuse-phase", "generate-phase", "target-phase")
                           for case in stats.get(phase, {}).get("test-cases", ())
                           if case.get("status") in ("valid", "interesting")))
        if outer is not None:
            outer(stats)

    with collector.with_value(note):
        yield
    if counted:
        item.user_properties.append(("search_examples", sum(counted)))


FLOOR = ROOT / "tests" / "floor.json"  # the whole suite's counts, never to go lower


def _counts(terminalreporter) -> tuple[int, int, int]:
    """(tests run, searches, examples run in them) from the run's reports."""
    reports = [r for key in ("passed", "failed", "xfailed", "xpassed") for r in terminalreporter.stats.get(key, ())
               if getattr(r, "when", "call") == "call"]
    found = [n for n in (dict(r.user_properties).get("search_examples") for r in reports) if n is not None]
    return len(reports), len(found), sum(found)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session, exitstatus):
    """The whole suite fails when it ran fewer tests or search examples than tests/floor.json records."""
    reporter = session.config.pluginmanager.getplugin("terminalreporter")
    if reporter is None or not _whole_suite(session.config) or not FLOOR.exists() or exitstatus != 0:
        return
    tests, _, found = _counts(reporter)
    floor = json.loads(FLOOR.read_text(encoding="utf-8"))
    low = [f"{what} {now} < {floor[what]}" for what, now in (("tests", tests), ("examples", found))
           if now < floor.get(what, 0)]
    if low:
        session.config._printkit_below_floor = "fewer than tests/floor.json records: " + "; ".join(low)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if config.option.collectonly:
        return
    tests, searches, found = _counts(terminalreporter)
    terminalreporter.write_sep("-", "counts")
    terminalreporter.write_line(f"tests run: {tests}; searches: {searches}, examples run in them: {found}"
                                f"{' (PRINTKIT_SEARCH=long)' if LONG else ''}")
    below = getattr(config, "_printkit_below_floor", "")
    if below:
        terminalreporter.write_line(below, red=True)


def _whole_suite(config) -> bool:
    """Whether this run is the whole suite, as the README's command runs it: no files, marks or names chosen."""
    args = [a for a in config.args if not a.startswith("-")]
    return (not config.option.markexpr and not config.option.keyword
            and all(Path(a).resolve() == ROOT / "tests" for a in args or [str(ROOT / "tests")]))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """In CI (``CI`` set, as .ci/run runs) a test never skips: a skip there is a failure that names what was
    missing (a tool .ci/run should have installed), so the suite that passed is the whole suite."""
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("CI") and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.longrepr = f"skipped in CI, where every test runs: {reason}"
