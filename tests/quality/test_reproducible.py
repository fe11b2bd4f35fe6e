"""Reproducibility: the same config gives byte-identical PDF and SVG output, in one process
and across processes (with different hash seeds, so set and dict order cannot leak in)."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from quality_helpers import load_config

from printkit import kit


def _build(preset: Path, paper: str) -> dict[str, bytes]:
    game, cfg = load_config(preset)
    pages = kit.build(game, cfg, paper)
    return kit.render(pages, ["pdf", "svg"], cfg.title or game.title)


def test_same_config_same_bytes_in_one_process(preset, paper):
    first, second = _build(preset, paper), _build(preset, paper)
    assert sorted(first) == sorted(second)
    for name in first:
        assert first[name] == second[name], f"{name} differs between two builds"


def test_output_has_no_dates_or_random_ids(preset):
    files = _build(preset, "letter")
    pdf = files["kit.pdf"]
    assert b"/CreationDate" not in pdf or b"D:20000101000000" in pdf, "the PDF carries the time it was made"
    assert b"/ModDate" not in pdf or b"D:20000101000000" in pdf


def _digests(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_same_bytes_across_processes(tmp_path):
    """``printkit make`` (every preset, pdf and svg) run twice in fresh interpreters gives the same files."""
    runs = []
    for seed in ("1", "2"):
        out = tmp_path / f"run-{seed}"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        p = subprocess.run([sys.executable, "-m", "printkit", "make", "-o", str(out), "--format", "pdf,svg"],
                           capture_output=True, text=True, timeout=300, cwd=tmp_path, env=env)
        assert p.returncode == 0, p.stderr
        runs.append(_digests(out))
    assert runs[0] and runs[0].keys() == runs[1].keys()
    differ = [name for name in runs[0] if runs[0][name] != runs[1][name]]
    assert not differ, f"these files differ between two runs: {differ}"


def test_rebuilding_into_the_same_folder_is_stable(tmp_path, preset, printkit):
    """Making a kit twice into one folder leaves exactly the files of one run, unchanged."""
    out = tmp_path / "out"
    r1 = printkit("make", preset, "-o", out, "--format", "pdf,svg")
    assert r1.code == 0, r1.err
    before = _digests(out)
    r2 = printkit("make", preset, "-o", out, "--format", "pdf,svg")
    assert r2.code == 0, r2.err
    assert _digests(out) == before
    assert sorted(r1.out.split()) == sorted(str(out / name) for name in before)
