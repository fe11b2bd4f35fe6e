"""How printkit is built, checked: its imports point one way, with no circle (a type-only import or one
inside a function counts too), and no module is over 400 lines."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "printkit"
MAX_LINES = 400

# Bottom to top; a module may import from its own layer or a lower one only.  A game's page.py (the entry
# page) and commands.py (simulate, solve) are front ends: the game finds them by name and imports them
# for printkit enter and those commands alone.
LAYERS = [
    ("bottom", ["printkit", "printkit.inputs", "printkit.coords", "printkit.gridtext", "printkit.validation",
                "printkit.registry", "printkit.limits", "printkit.resources", "printkit.slips", "printkit.harness",
                "printkit.writers", "printkit.writers.fonts", "printkit.games"]),
    ("drawing", ["printkit.draw", "printkit.names"]),
    ("writers and paper", ["printkit.writers.pdf", "printkit.writers.svg", "printkit.sheet", "printkit.tally"]),
    ("models", ["printkit.model", "printkit.report"]),
    ("contract", ["printkit.game", "printkit.rulesheet"]),
    ("games", ["printkit.games.*"]),
    ("files", ["printkit.kit", "printkit.output", "printkit.output.*", "printkit.evening", "printkit.standings",
               "printkit.season", "printkit.season.*"]),
    ("front", ["printkit.cli", "printkit.cli.*", "printkit.enter", "printkit.enter.*", "printkit.console",
               "printkit.__main__", "printkit.games.*.page", "printkit.games.*.commands"]),
]


def modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """Every printkit module ``name`` imports, wherever the import stands."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        else:
            continue
        for t in targets:
            while t not in known and "." in t:
                t = t.rsplit(".", 1)[0]
            if t in known and t != name:
                out.add(t)
    return out


def layer_of(name: str) -> int:
    """The highest layer whose patterns match (the front's games.*.page outranks games.*)."""
    from fnmatch import fnmatchcase

    found = [i for i, (_, patterns) in enumerate(LAYERS) if any(fnmatchcase(name, p) for p in patterns)]
    assert found, f"{name} is in no layer: add it to LAYERS"
    return max(found)


def test_imports_point_down_the_layers():
    known = modules()
    wrong = []
    for name, path in sorted(known.items()):
        for target in sorted(imports(name, path, known)):
            if name.startswith(target + "."):  # a module's own package: its __init__ holds only the door
                continue
            if layer_of(target) > layer_of(name):
                wrong.append(f"{name} ({LAYERS[layer_of(name)][0]}) imports {target} ({LAYERS[layer_of(target)][0]})")
    assert not wrong, "imports that point up:\n  " + "\n  ".join(wrong)


def test_no_import_circle():
    known = modules()
    edges = {name: {t for t in imports(name, path, known) if not name.startswith(t + ".")}
             for name, path in known.items()}
    circles = []
    for start in sorted(edges):  # a path from the module back to itself
        stack, seen = [(start, [start])], set()
        while stack:
            node, trail = stack.pop()
            for nxt in edges[node]:
                if nxt == start:
                    circles.append(" -> ".join(trail + [start]))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, trail + [nxt]))
    assert not circles, "import circles:\n  " + "\n  ".join(sorted(set(circles))[:10])


def test_the_layer_check_sees_an_import_inside_a_function(tmp_path):
    """An import that points up is found wherever it stands (here, inside a function under TYPE_CHECKING)."""
    known = {"printkit.draw": tmp_path / "draw.py", "printkit.kit": tmp_path / "kit.py"}
    known["printkit.draw"].write_text("def f():\n    if TYPE_CHECKING:\n        from .kit import build\n")
    known["printkit.kit"].write_text("")
    assert imports("printkit.draw", known["printkit.draw"], known) == {"printkit.kit"}
    assert layer_of("printkit.kit") > layer_of("printkit.draw")


def test_no_module_is_over_400_lines():
    long = [f"{p.relative_to(PACKAGE.parent)}: {n} lines" for p in sorted(PACKAGE.rglob("*"))
            if p.suffix in (".py", ".js") and (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES]
    assert not long, f"modules over {MAX_LINES} lines:\n  " + "\n  ".join(long)
