"""The forked command line (tests/forked.py) answers as a fresh interpreter does: the same exit code, output
and error for a run that works, one that fails and one that reads its standard input; Ctrl-C and a kill end
it as they end a fresh one; a run in a changed environment is given a fresh interpreter."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest
from forked import FORKS


DATA = Path(__file__).resolve().parent / "games" / "data"


def fresh(*args, cwd=None, input=None):
    p = subprocess.run([sys.executable, "-m", "printkit", *map(str, args)], cwd=cwd, capture_output=True, text=True,
                       input=input, timeout=300)
    return p.returncode, p.stdout, p.stderr


@pytest.mark.parametrize("args", [("score", DATA / "played-knives.yaml"), ("score", DATA / "no-such.yaml"),
                                  ("nonsense",), ("score", "--json", DATA / "played-curve.yaml")],
                         ids=["scores", "missing-file", "bad-command", "json"])
def test_a_forked_run_answers_as_a_fresh_one(args, tmp_path):
    got = FORKS.run(list(map(str, args)), cwd=tmp_path)
    assert got is not None  # the server ran it
    assert got == fresh(*args, cwd=tmp_path)


def test_a_run_reads_its_input_and_its_folder(tmp_path):
    (tmp_path / "night.yaml").write_text((DATA / "played-add-residue.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    got = FORKS.run(["score", "night.yaml"], cwd=tmp_path, input="ignored\n")
    assert got == fresh("score", "night.yaml", cwd=tmp_path) and got[0] == 0


def test_ctrl_c_and_a_kill_end_a_forked_run_as_a_fresh_one(tmp_path):
    import shutil

    shutil.copy(DATA / "played-add-residue.yaml", tmp_path)
    for how, code in ((signal.SIGINT, 0), (signal.SIGKILL, -signal.SIGKILL)):
        p = FORKS.start(["enter", str(tmp_path / "played-add-residue.yaml"), "--no-browser"], cwd=tmp_path,
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert "(Ctrl-C to stop)" in p.stdout.readline()
        assert p.poll() is None
        p.send_signal(how)
        out, err = p.communicate(timeout=60)
        assert p.returncode == code, (how, out, err)
        assert p.poll() == code


def test_a_changed_environment_gets_a_fresh_interpreter(monkeypatch, printkit):
    FORKS.run(["--help"])  # the server is up, in the environment the tests started with
    monkeypatch.setenv("PRINTKIT_SOMETHING", "1")
    assert FORKS.run(["--help"]) is None
    assert printkit("score", DATA / "played-knives.yaml").code == 0  # and the tests' runner starts one
