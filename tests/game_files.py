"""Where a game's files are, for the tests (its rule sheet, preset, examples and promises), and the games
registered for the tests only.

A game's files are where the README's "Adding a game" puts them, under the folder holding ``printkit/``:
``rulesheets/<id>.md``, ``layouts/<id>.yaml``, ``tests/games/data/KIND-<id>.yaml`` (KIND: played, broken,
unreadable) and ``tests/games/<package>/promises.py``.  The null game keeps them all in its package folder
instead (``rules.md``, ``preset.yaml``, ``KIND.yaml``, ``promises.py``), ready to be copied.  The games
registered for the tests only: the null game, and those in ``PRINTKIT_TEST_GAMES`` (``ID=PACKAGE-FOLDER``,
separated by the path separator: a game copied from the null game, as a test does).
"""

from __future__ import annotations

import atexit
import importlib
import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path

from printkit import registry, resources

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def _test_games() -> dict[str, Path]:
    games = {"nullgame": TESTS / "nullgame"}
    for entry in os.environ.get("PRINTKIT_TEST_GAMES", "").split(os.pathsep):
        if entry:
            game_id, _, folder = entry.partition("=")
            games[game_id] = Path(folder).resolve()
    return games


TEST_GAMES = _test_games()  # id -> its package folder
for _folder in {str(p.parent) for p in TEST_GAMES.values()}:  # importable by its package name
    if _folder not in sys.path:
        sys.path.insert(0, _folder)
_sheets: list[Path] = []
_real_sheets = resources.rulesheets


def _own(game_id: str, name: str, placed: str) -> Path:
    """A game's file: in the package folder as the null game keeps it (``name``), else where the README
    puts it (``placed``, under the folder holding ``printkit/``)."""
    if game_id in TEST_GAMES:
        package = TEST_GAMES[game_id]
        return package / name if (package / name).exists() else package.parents[2] / placed
    return ROOT / placed


def package_name(game_id: str) -> str:
    return TEST_GAMES[game_id].name if game_id in TEST_GAMES else registry.GAMES[game_id].rsplit(".", 1)[1]


def rule_sheets() -> Path:
    """A folder of every rule sheet: the real games' and the test games' (made once per run)."""
    if not _sheets:
        folder = Path(tempfile.mkdtemp(prefix="printkit-rulesheets-"))
        atexit.register(shutil.rmtree, folder, True)
        for sheet in _real_sheets().glob("*.md"):
            shutil.copy(sheet, folder / sheet.name)
        for game_id in TEST_GAMES:
            shutil.copy(_own(game_id, "rules.md", f"rulesheets/{game_id}.md"), folder / f"{game_id}.md")
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
    if kind == "preset":
        return _own(game_id, "preset.yaml", f"layouts/{game_id}.yaml")
    return _own(game_id, f"{kind}.yaml", f"tests/games/data/{kind}-{game_id}.yaml")


def promises(game_id: str):
    """A game's promises module (``PROMISES``, ``SCORES`` and ``KEPT``: a record that keeps every rule)."""
    package = package_name(game_id)
    path = _own(game_id, "promises.py", f"tests/games/{package}/promises.py")
    name = f"promises_of_{package}"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]
