"""Packaging: the built wheel, installed in a fresh virtual environment outside the repository,
makes the sample kit, prints rule sheets and scores results: presets, rule sheets and data travel
in the wheel.  Slow (builds and installs): deselect with ``-m "not slow"``."""

from __future__ import annotations

import importlib.util
import json
import os
import site
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
from quality_helpers import ROOT, preset_paths

from printkit import registry

pytestmark = pytest.mark.slow


def run(cmd, cwd: Path, timeout: int = 600, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    isolation = [] if importlib.util.find_spec("hatchling") is None else ["--no-build-isolation"]
    p = run([sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation, "-w", dist, ROOT], cwd=dist)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    wheels = list(dist.glob("printkit-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    """A fresh venv with the wheel installed; the dependencies come from this interpreter's
    site-packages through a .pth file (offline, fast), but never the source checkout."""
    home = tmp_path_factory.mktemp("venv")
    env_dir = home / "env"
    p = run([sys.executable, "-m", "venv", "--without-pip", env_dir], cwd=home)
    assert p.returncode == 0, p.stderr
    py = env_dir / "bin" / "python"
    purelib = Path(run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=home).stdout.strip())
    deps = [d for d in {*site.getsitepackages(), sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
            if Path(d).is_dir() and Path(d).resolve() != ROOT]  # (CI's .venv lives inside the checkout)
    (purelib / "zz_test_dependencies.pth").write_text("\n".join(sorted(deps)) + "\n", encoding="utf-8")
    p = run([sys.executable, "-m", "pip", "--python", py, "install", "--no-deps", "--no-index", wheel], cwd=home)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    return env_dir


def clean_env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def test_wheel_carries_presets_rule_sheets_and_data(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for preset in preset_paths():
        assert f"printkit/layouts/{preset.name}" in names, f"preset {preset.name} is not in the wheel"
    for game_id in registry.GAMES:
        assert f"printkit/rulesheets/{game_id}.md" in names, f"rule sheet of {game_id} is not in the wheel"
    data = ROOT / "printkit" / "data"
    for f in (data.rglob("*") if data.is_dir() else []):
        if f.is_file() and "__pycache__" not in f.parts:
            rel = f.relative_to(ROOT).as_posix()
            assert rel in names, f"data file {rel} is not in the wheel"
    assert not any(n.startswith(("tests/", "bench/", "output/")) for n in names)


def test_installed_wheel_makes_the_sample_kit(venv, tmp_path):
    work = tmp_path / "elsewhere"  # outside the repository
    work.mkdir()
    py = venv / "bin" / "python"
    where = run([py, "-c", "import printkit, sys; print(printkit.__file__)"], cwd=work, env=clean_env())
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()).resolve().is_relative_to(venv.resolve()), \
        f"printkit was imported from {where.stdout.strip()}, not from the installed wheel"

    p = run([venv / "bin" / "printkit", "make", "-o", "out", "--format", "pdf,svg"], cwd=work, env=clean_env())
    assert p.returncode == 0, p.stderr
    for preset in preset_paths():
        pdf = work / "out" / preset.stem / "kit.pdf"
        assert pdf.is_file() and pdf.read_bytes().startswith(b"%PDF"), f"no kit for {preset.name}"
        assert list((work / "out" / preset.stem).glob("page-*.svg"))
    assert (work / "out").resolve().is_relative_to(work.resolve())


def test_installed_wheel_prints_rule_sheets_and_scores(venv, tmp_path):
    work = tmp_path / "elsewhere"
    work.mkdir()
    exe = venv / "bin" / "printkit"
    games = run([exe, "games"], cwd=work, env=clean_env())
    assert games.returncode == 0 and all(g in games.stdout for g in registry.GAMES), games.stdout + games.stderr
    for game_id in registry.GAMES:
        p = run([exe, "rules", game_id, "-o", f"rules-{game_id}.pdf"], cwd=work, env=clean_env())
        assert p.returncode == 0 and (work / f"rules-{game_id}.pdf").stat().st_size > 1000, p.stderr
    for preset in preset_paths():
        cfg = work / preset.name
        cfg.write_bytes(preset.read_bytes())
        results = work / f"{preset.stem}-results.yaml"
        p = run([exe, "template", cfg, "-o", results], cwd=work, env=clean_env())
        assert p.returncode == 0, p.stderr
        p = run([exe, "score", results, "--json", "--picture", work / f"{preset.stem}.svg"], cwd=work, env=clean_env())
        assert p.returncode in (0, 1), p.stderr
        assert json.loads(p.stdout)["game"] == cfg.read_text().split("game:")[1].split()[0]
