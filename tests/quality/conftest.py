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


# Defects the audit found in games still being finished, by test id (e.g.
# "test_all_ink_inside_the_margin[knives-a4]"): such a test is marked xfail with the reason,
# so the suite stays green while the owner fixes it.  Remove the entry when it passes again.
KNOWN_DEFECTS: dict[str, str] = {}


def pytest_collection_modifyitems(config, items):
    for item in items:
        reason = KNOWN_DEFECTS.get(item.name)
        if reason:
            item.add_marker(pytest.mark.xfail(reason=reason, strict=False))
