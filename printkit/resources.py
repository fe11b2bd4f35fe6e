"""Where the presets, rule sheets and data files live (source tree or installed wheel)."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent


def _folder(name: str) -> Path:
    packaged = HERE / name  # inside an installed wheel
    return packaged if packaged.is_dir() else HERE.parent / name  # source checkout


def layouts() -> Path:
    return _folder("layouts")


def rulesheets() -> Path:
    return _folder("rulesheets")


def data(name: str) -> Path:
    return HERE / "data" / name
