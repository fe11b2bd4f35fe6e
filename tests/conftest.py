"""Shared test helpers."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Run:
    code: int
    out: str
    err: str


def run_printkit(*args: str, cwd: Path | None = None, input: str | None = None) -> Run:
    """Run the real command line in a fresh interpreter, as a user would."""
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
