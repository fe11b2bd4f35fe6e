"""Where a game's files are, for the tests (its preset, its examples, its promises), and the games registered
for the tests only.

A real game's files are spread where the README's "Adding a game" puts them: ``layouts/<id>.yaml``,
``tests/games/data/KIND-<id>.yaml`` (KIND: played, broken, unreadable) and ``tests/games/<package>/promises.py``.
A game registered by the tests only (the null game; in ``PRINTKIT_TEST_GAMES``, folders separated by the
path separator: a game copied from the null game) keeps all of them in its package folder, beside its rule
sheet (``rules.md``): ``preset.yaml``, ``played.yaml``, ``broken.yaml``, ``unreadable.yaml``, ``promises.py``.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path

import yaml

from printkit import registry, resources

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def _test_games() -> dict[str, Path]:
    folders = [TESTS / "nullgame", *(Path(p) for p in os.environ.get("PRINTKIT_TEST_GAMES", "").split(os.pathsep) if p)]
    return {yaml.safe_load((f / "preset.yaml").read_text(encoding="utf-8"))["game"]: f.resolve() for f in folders}


TEST_GAMES = _test_games()  # id -> its package folder
for _folder in {str(p.parent) for p in TEST_GAMES.values()}:  # importable by its package name
    if _folder not in sys.path:
        sys.path.insert(0, _folder)
_sheets: list[Path] = []
_real_sheets = resources.rulesheets


def registered(game_id: str) -> bool:
    return game_id in TEST_GAMES


def rule_sheets() -> Path:
    """A folder of every rule sheet: the real games' and the test games' (made once per run)."""
    if not _sheets:
        folder = Path(tempfile.mkdtemp(prefix="printkit-rulesheets-"))
        for sheet in _real_sheets().glob("*.md"):
            shutil.copy(sheet, folder / sheet.name)
        for game_id, package in TEST_GAMES.items():
            shutil.copy(package / "rules.md", folder / f"{game_id}.md")
        _sheets.append(folder)
    return _sheets[0]


def register(monkeypatch) -> None:
    """The test games registered as a real game is: a line in ``registry.GAMES`` and a rule sheet found by
    ``Game.rules``."""
    for game_id, package in TEST_GAMES.items():
        monkeypatch.setitem(registry.GAMES, game_id, package.name)
    monkeypatch.setattr(resources, "rulesheets", rule_sheets)


def example(game_id: str, kind: str) -> Path:
    """A game's preset or example file: ``kind`` is preset, played, broken or unreadable."""
    if game_id in TEST_GAMES:
        return TEST_GAMES[game_id] / f"{kind}.yaml"
    if kind == "preset":
        return ROOT / "layouts" / f"{game_id}.yaml"
    return TESTS / "games" / "data" / f"{kind}-{game_id}.yaml"


def promises(game_id: str):
    """A game's promises module (``PROMISES``, and ``KEPT``: a record that keeps every rule)."""
    if game_id in TEST_GAMES:
        return importlib.import_module(f"{TEST_GAMES[game_id].name}.promises")
    package = registry.GAMES[game_id].rsplit(".", 1)[1]
    name = f"promises_of_{package}"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, TESTS / "games" / package / "promises.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]
