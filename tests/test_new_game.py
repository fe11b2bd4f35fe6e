"""A sixth game in a day: the README's "Adding a game" table names every file a new game touches, and a game
copied from the null game by that table, under a new name, passes the contract, the page checks and its
promises in one run, with nothing edited but its own files and (for the tests: registered) its registry
line."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
NULL = TESTS / "nullgame"
README = (ROOT / "README.md").read_text(encoding="utf-8")

NEW_ID, NEW_TITLE, NEW_CLASS = "tallyho", "Tally Ho", "TallyHo"


def table() -> list[tuple[list[str], list[str]]]:
    """The rows of the table: (the null game's files, where they go), each cell's `names` in order."""
    start = README.index("| the null game's | becomes |")
    rows = README[start:README.index("\n\n", start)].splitlines()[2:]
    cells = [row.strip("|").split("|") for row in rows]
    return [(re.findall(r"`([^`]+)`", a), re.findall(r"`([^`]+)`", b)) for a, b in cells]


def null_files() -> set[str]:
    return {p.name for p in NULL.iterdir() if p.is_file() and not p.name.endswith(".pyc")}


def test_the_table_names_every_file_of_the_null_game_and_no_other():
    named = [name for sources, _ in table() for name in sources if name != "GAME"]
    assert sorted(named) == sorted(null_files())
    registry_row = [dests for sources, dests in table() if sources == ["GAME"]]
    assert registry_row == [["printkit/registry.py"]], "one line in the registry, the only file edited"


def renamed(text: str) -> str:
    return text.replace("The Null Game", NEW_TITLE).replace("NullGame", NEW_CLASS).replace("nullgame", NEW_ID)


def copy_by_the_table(root: Path) -> Path:
    """The null game's files placed under ``root`` as the table says, named ``NEW_ID``; its package folder."""
    for sources, dests in table():
        if sources == ["GAME"]:
            continue  # the registry line: the tests register the copy (PRINTKIT_TEST_GAMES)
        first = dests[0].replace("<game>", NEW_ID)
        if first.endswith("/"):  # a folder: every file goes in under its own name
            targets = [first + name for name in sources]
        else:  # one target each, the later ones named beside the first
            targets = [first] + [str(Path(first).parent / d.replace("<game>", NEW_ID)) for d in dests[1:]]
        assert len(targets) == len(sources), (sources, dests)
        for source, target in zip(sources, targets):
            out = root / target
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(renamed((NULL / source).read_text(encoding="utf-8")), encoding="utf-8")
    return root / "printkit" / "games" / NEW_ID


def test_a_game_copied_from_the_null_game_passes_every_check(tmp_path):
    package = copy_by_the_table(tmp_path / "checkout")
    assert (package / "page.js").is_file() and (tmp_path / "checkout" / "rulesheets" / f"{NEW_ID}.md").is_file()
    report = tmp_path / "report.xml"
    env = {**os.environ, "PRINTKIT_TEST_GAMES": f"{NEW_ID}={package}"}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={report}",
                          "-k", NEW_ID, "tests/test_contract.py", "tests/enter/test_game_pages.py",
                          "tests/test_promises.py"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    cases = ET.parse(report).getroot().iter("testcase")
    ran: dict[str, int] = {}
    for case in cases:
        assert not list(case), (case.get("name"), [c.tag for c in case])  # no failure, error or skip
        assert NEW_ID in case.get("name")
        module = case.get("classname").rsplit(".", 1)[-1]
        ran[module] = ran.get(module, 0) + 1
    assert ran.get("test_contract", 0) >= 12 and ran.get("test_game_pages") == 4 and ran.get("test_promises", 0) >= 5, ran
    shutil.rmtree(package / "__pycache__", ignore_errors=True)
    changed = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True).stdout
    assert NEW_ID not in changed, "nothing of the copy is left in the checkout"
