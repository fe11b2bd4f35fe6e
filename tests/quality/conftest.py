"""Fixtures and parametrisation for the quality suite: every preset, both papers, every game."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from quality_helpers import PAPERS, KitCache, preset_paths  # noqa: E402

from printkit import registry  # noqa: E402


def pytest_generate_tests(metafunc):
    if "preset" in metafunc.fixturenames:
        paths = preset_paths()
        metafunc.parametrize("preset", paths, ids=[p.stem for p in paths])
    if "paper" in metafunc.fixturenames:
        metafunc.parametrize("paper", PAPERS)
    if "game_id" in metafunc.fixturenames:
        metafunc.parametrize("game_id", list(registry.GAMES))


@pytest.fixture(scope="session")
def kits(tmp_path_factory) -> KitCache:
    return KitCache(tmp_path_factory.mktemp("kits"))




def pytest_configure(config):
    config.addinivalue_line("markers", "slow: builds and installs a wheel; deselect with -m 'not slow'")
