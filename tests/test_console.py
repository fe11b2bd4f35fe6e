"""The command's first and last moments: a Ctrl-C (or SIGTERM) at any point of a command's start ends it in
one line with its own exit code, a stop Python swallows is still said, and nothing after the command's
end can change its exit code."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PLAYED = ROOT / "tests" / "games" / "data" / "played-intersections.yaml"

# The command run as the console script runs it, with a signal sent to itself the moment a given module
# starts to load: each step of the start-up, at the very point it happens (no timing, no sleeping).
AT_IMPORT = textwrap.dedent("""
    import os, signal, sys
    WHEN, SIG = sys.argv[1], getattr(signal, sys.argv[2])

    class Trip:
        def find_spec(self, name, path=None, target=None):
            if name == WHEN:
                sys.meta_path.remove(self)
                os.kill(os.getpid(), SIG)
            return None

    sys.meta_path.insert(0, Trip())
    sys.argv = ["printkit", *sys.argv[3:]]
    from printkit.console import main
    main()
""")

STEPS = ["printkit.cli", "typer", "printkit.cli.kits", "printkit.registry", "msgspec",
         "printkit.games.intersections", "printkit.games.intersections.score", "printkit.report"]


@pytest.mark.parametrize("when", STEPS)
@pytest.mark.parametrize("sig,code,words", [("SIGINT", 130, "interrupted"), ("SIGTERM", 143, "terminated")])
def test_a_stop_at_any_step_of_the_start_is_one_line(when, sig, code, words):
    p = subprocess.run([sys.executable, "-c", AT_IMPORT, when, sig, "score", str(PLAYED)], capture_output=True,
                       text=True, timeout=120, cwd=ROOT)
    assert (p.returncode, p.stderr) == (code, f"printkit: {words}\n"), (when, p.stderr[-800:])
    assert "Traceback" not in p.stdout + p.stderr


SWALLOWED = textwrap.dedent("""
    import gc, os, signal, sys, weakref
    from printkit import registry

    real = registry.all_games

    def games():
        class Thing:
            pass
        thing = Thing()
        # the stop arrives inside a weakref callback: Python reports the KeyboardInterrupt as ignored and goes on
        keep = weakref.ref(thing, lambda ref: os.kill(os.getpid(), signal.SIGTERM))
        del thing
        gc.collect()
        return real()

    registry.all_games = games
    sys.argv = ["printkit", "games"]
    from printkit.console import main
    main()
""")


def test_a_stop_python_swallowed_is_still_said_once():
    p = subprocess.run([sys.executable, "-c", SWALLOWED], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert (p.returncode, p.stderr) == (128 + signal.SIGTERM, "printkit: terminated\n"), p.stderr[-800:]


ENDING = textwrap.dedent("""
    import atexit, os, signal, sys
    atexit.register(lambda: os.kill(os.getpid(), signal.SIGINT))  # a stop while Python shuts down
    sys.argv = ["printkit", "games"]
    from printkit.console import main
    main()
""")


def test_a_stop_after_the_command_has_ended_does_not_change_its_code():
    p = subprocess.run([sys.executable, "-c", ENDING], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert (p.returncode, p.stderr) == (0, ""), p.stderr[-800:]
    assert "Making Intersections" in p.stdout


def test_the_command_keeps_its_exit_code_and_output(tmp_path):
    broken = ROOT / "tests" / "games" / "data" / "broken-intersections.yaml"
    p = subprocess.run([sys.executable, "-m", "printkit", "score", str(broken)], capture_output=True, text=True,
                       timeout=120, cwd=tmp_path)
    assert p.returncode == 1 and "[crossing]" in p.stdout and p.stderr == ""
    p = subprocess.run([sys.executable, "-m", "printkit", "score", str(tmp_path / "none.yaml")], capture_output=True,
                       text=True, timeout=120, cwd=tmp_path)
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and "no such file" in p.stderr
