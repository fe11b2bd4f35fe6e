"""Every output printkit makes from the presets and the played examples, written into one folder, so that a
reshaping of the code can be shown to change no byte: run it before and after, then ``diff -r``.

    python bench/snapshot.py /tmp/before
    ... change the code ...
    python bench/snapshot.py /tmp/after && diff -r /tmp/before /tmp/after

It writes each preset's kit (Letter and A4, PDF and SVG), each game's rule sheet, the template and
starter config of each preset, the JSON Schemas, and for each played example in tests/games/data/ what
``printkit score`` prints (text and --json), its picture (SVG and PDF), and what the entry page's server
answers for it (the check and the board's SVG sheets).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(out: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "printkit", *args], cwd=out, capture_output=True)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    presets = sorted((ROOT / "layouts").glob("*.yaml"))
    played = sorted((ROOT / "tests/games/data").glob("played-*.yaml"))
    for paper in ("letter", "a4"):
        p = run(out, "make", *map(str, presets), "-o", f"kits-{paper}", "--format", "pdf,svg", "--paper", paper,
                "--force")
        assert p.returncode == 0, p.stderr
    for preset in presets:
        game = preset.stem
        for cmd, name in (("rules", f"rules-{game}.pdf"), ("template", f"template-{game}.yaml")):
            target = str(preset) if cmd == "template" else game
            p = run(out, cmd, target, "-o", name, "--force")
            assert p.returncode == 0, p.stderr
        (out / f"new-{game}.yaml").write_bytes(run(out, "new", game, "-o", "-").stdout)
        (out / f"schema-{game}.json").write_bytes(run(out, "schema", game).stdout)
        (out / f"schema-{game}-results.json").write_bytes(run(out, "schema", game, "--results").stdout)
    for example in played:
        stem = example.stem
        p = run(out, "score", str(example))
        (out / f"{stem}.score.txt").write_bytes(p.stdout + f"exit {p.returncode}\n".encode())
        (out / f"{stem}.score.json").write_bytes(run(out, "score", str(example), "--json").stdout)
        for suffix in ("svg", "pdf"):
            run(out, "score", str(example), "--picture", f"{stem}.picture.{suffix}", "--force")
    page = ["import json, sys", "from printkit import inputs, registry", "from printkit.enter import document",
            "doc = inputs.load(sys.argv[1]).data", "game = registry.get(doc['game'])",
            "print(json.dumps({'check': document.check(game, doc), 'board': document.board(game, doc)}, "
            "ensure_ascii=False, sort_keys=True, indent=1))"]
    for example in played:
        p = subprocess.run([sys.executable, "-c", "\n".join(page), str(example)], capture_output=True, cwd=out)
        assert p.returncode == 0, p.stderr
        (out / f"{example.stem}.page.json").write_bytes(p.stdout)
    files = sorted(f for f in out.rglob("*") if f.is_file())
    print(json.dumps({"folder": str(out), "files": len(files)}))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python bench/snapshot.py FOLDER")
    main(Path(sys.argv[1]).resolve())
