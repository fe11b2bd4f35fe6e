"""README's "How printkit is built", checked claim by claim where a test can check it: the module tree names
what is there, the layers table is the one ``test_layers.py`` enforces, the command line's and the output's
modules are under 300 lines, every game package has the README's shape and nothing else imports its
``game.py``, every game has its rule sheet, preset and examples, games draw without reportlab, and no
module leans on a private name of typer, click or reportlab."""

from __future__ import annotations

import importlib.util
import re
from fnmatch import fnmatchcase
from pathlib import Path

import pytest

from printkit import registry

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "printkit"
README = (ROOT / "README.md").read_text(encoding="utf-8")
BUILT = README[README.index("## How printkit is built"):README.index("## Tests and quality checks")]


def layers_module():
    spec = importlib.util.spec_from_file_location("layers_under_test", Path(__file__).with_name("test_layers.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tree() -> str:
    return BUILT[BUILT.index("```\nprintkit/"):BUILT.index("```", BUILT.index("```\nprintkit/") + 3)]


def test_the_tree_names_every_module_and_folder_of_printkit():
    named = set(re.findall(r"(?:^|\s)([a-z_]+(?:/[a-z_]+)?(?:\.py|/))", tree(), re.M))
    present = {p.name for p in PACKAGE.glob("*.py") if p.name not in ("__init__.py", "__main__.py", "console.py",
                                                                     "resources.py")}
    present |= {f"{p.name}/" for p in PACKAGE.iterdir() if p.is_dir() and not p.name.startswith(("_", "."))
                and p.name != "data"}
    missing = sorted(n for n in present if n not in named and not any(m.startswith(n) for m in named))
    assert missing == [], f"README's tree leaves out {missing}"
    for name in named:
        if name.endswith(".py") and "/" not in name:
            assert (PACKAGE / name).is_file() or any(PACKAGE.glob(f"*/{name}")), f"README names {name}, not there"


def test_the_layers_table_is_the_one_the_tests_enforce():
    start = BUILT.index("| layer | modules |")
    rows = re.findall(r"^\| (\w[\w ]*?) \| (.+) \|$", BUILT[start:BUILT.index("\n\n", start)], re.M)
    table = {name: set(re.findall(r"`([^`]+)`", mods)) for name, mods in rows if name != "layer"}
    enforced = layers_module().LAYERS
    assert [name for name, _ in reversed(enforced)] == list(table)
    for name, patterns in enforced:
        shown = {m.rstrip("/") for m in table[name]}
        for pattern in patterns:
            short = pattern.removeprefix("printkit.").replace(".", "/")
            if short in ("printkit", "games", "writers"):  # the package doors
                continue
            assert any(fnmatchcase(short, s.replace("<game>", "*")) or short == s or short.startswith(s + "/")
                       or (s.endswith(".py") and short.endswith("/" + s[:-3])) for s in shown), (name, short)


def test_the_command_line_and_output_modules_are_under_300_lines():
    long = [f"{p.relative_to(ROOT)}: {n}" for folder in ("cli", "output") for p in (PACKAGE / folder).glob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) >= 300]
    assert long == []


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_every_game_has_the_shape_and_the_files_the_readme_names(game_id):
    package = PACKAGE / "games" / registry.GAMES[game_id].rsplit(".", 1)[-1]
    for part in ("__init__.py", "game.py", "model.py", "record.py", "score.py", "sheets.py", "picture.py",
                 "page.py", "page.js"):
        assert (package / part).is_file(), f"{game_id}: {part}"
    assert (ROOT / "rulesheets" / f"{game_id}.md").is_file()
    assert (ROOT / "layouts" / f"{game_id}.yaml").is_file()
    for kind in ("played", "broken", "unreadable"):
        assert (ROOT / "tests" / "games" / "data" / f"{kind}-{game_id}.yaml").is_file()
    for path in package.glob("*.py"):
        if path.name not in ("__init__.py", "game.py"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"from \.game import|from \. import (\w+, )*game\b", text), path


def test_games_draw_with_the_drawing_model_only():
    wrong = [str(p.relative_to(ROOT)) for p in (PACKAGE / "games").rglob("*.py")
             if re.search(r"^\s*(from|import) (reportlab|svgwrite)\b", p.read_text(encoding="utf-8"), re.M)]
    assert wrong == []


def test_no_private_names_of_typer_click_or_reportlab():
    # (reportlab's canvas gives no public handle on the document that names fonts and their subsets: the
    # PDF writer reads canvas._doc, in one place, and nothing else of reportlab's private names)
    private = re.compile(r"\btyper\._\w|\b(import|from) click\b|\._(code|dynamicFont)\b")
    wrong = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}" for p in PACKAGE.rglob("*.py")
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if private.search(line)]
    assert wrong == []
