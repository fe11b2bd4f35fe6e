"""An evening of all five games with copies, for the evening's tests: its config, and each game's file
filled from a played (or broken) example as a player would type it into the template."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import yaml

DATA = Path(__file__).resolve().parent / "games" / "data"

NIGHT = """\
# Friday's games
game: knives
title: Friday night
players: [Ann, Ben, Cat, Dan]
kcount: 12
copies: 2
also:
  - {game: curve, players: [Ann, Ben, Cat], n: 12, copies: 2}
  - {game: ikes, players: [Ann], copies: 2}
  - {game: add-residue, players: [Ann, Ben], n: 13, copies: 2}
  - {game: add-residue, players: [Ann, Ben], n: 1}
  - {game: intersections, players: [Ann, Ben, Cat], n: 6, segments: 12, copies: 2}
"""

FILES = ["night-knives-1", "night-knives-2", "night-curve-1", "night-curve-2", "night-ikes-1", "night-ikes-2",
         "night-add-residue-1", "night-add-residue-2", "night-add-residue-3", "night-intersections-1",
         "night-intersections-2"]

TIE = {"moves": ["Ann add 1", "Ben mod 1", "Ann mod 1", "Ben add 1"]}  # n = 1: Ann 0, Ben 0, a valid tie


def record(example: str) -> dict:
    """The play record of a played example (its keys other than the set-up)."""
    data = yaml.safe_load((DATA / example).read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if k not in ("game", "title", "players", "n", "kcount", "segments",
                                                        "paper", "color")}


def typed(results: Path, rec: dict) -> None:
    """The template at ``results`` with its record keys filled in, as a player types them (the set-up kept)."""
    data = yaml.safe_load(results.read_text(encoding="utf-8"))
    data.update(rec)
    results.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")


def expected(folder: Path, score, unfinished=()) -> dict[str, Fraction]:
    """Games won per player, worked out from each game's own ``printkit score --json`` (a valid game of two
    players or more only, a tie shared; ``unfinished``: the games the test left half played): what the
    evening must add up to."""
    import json

    won: dict[str, Fraction] = {}
    for name in FILES:
        path = folder / f"{name}-results.yaml"
        if not path.exists() or name in unfinished:
            continue
        run = score(path)
        if run.code != 0:
            continue
        out = json.loads(run.out)
        if len(out["players"]) < 2:  # played alone: nobody wins a game of one
            continue
        for w in out["winners"]:
            won[w] = won.get(w, Fraction(0)) + Fraction(1, len(out["winners"]))
    return won


def fill_files(folder: Path) -> dict[str, str]:
    """Every game's file typed in but two (knives game 2 not started, the other left blank for the page):
    the state each game must then be in."""
    t = lambda name, rec: typed(folder / f"{name}-results.yaml", rec)  # noqa: E731
    t("night-knives-1", record("played-knives.yaml"))
    t("night-curve-1", record("played-curve.yaml"))
    t("night-ikes-1", record("played-ikes.yaml"))
    t("night-ikes-2", record("played-ikes.yaml"))
    t("night-add-residue-1", record("played-add-residue.yaml"))
    wrong = record("played-add-residue.yaml")
    wrong["moves"] = ["Ann add 10 = 11"] + wrong["moves"][1:]
    t("night-add-residue-2", wrong)
    t("night-add-residue-3", TIE)
    t("night-intersections-1", record("played-intersections.yaml"))
    t("night-intersections-2", {"rounds": record("played-intersections.yaml")["rounds"][:3]})
    return {"night-knives-1": "valid", "night-knives-2": "not started", "night-curve-1": "valid",
            "night-curve-2": "not started", "night-ikes-1": "valid", "night-ikes-2": "valid",
            "night-add-residue-1": "valid", "night-add-residue-2": "mistakes", "night-add-residue-3": "valid",
            "night-intersections-1": "valid", "night-intersections-2": "in progress"}


def small_night(folder: Path, config: str, files: dict[str, str]) -> Path:
    """An evening of ``config`` in ``folder`` with its blank results files, then ``files`` (a results file's
    name without ``-results.yaml`` -> its text) written over them.  Returns the config's path."""
    from printkit import evening

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "night.yaml"
    path.write_text(config, encoding="utf-8")
    for play in evening.load(path, read=False).plays:
        play.results.write_text(play.template(), encoding="utf-8")
    for name, text in files.items():
        (folder / f"{name}-results.yaml").write_text(text, encoding="utf-8")
    return path


def played_as(example: str, names: dict[str, str]) -> str:
    """A played example's text with its players renamed (``{"Dan": "Gus"}``), everywhere they are named."""
    import re

    text = (DATA / example).read_text(encoding="utf-8")
    if not names:
        return text
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
    return pattern.sub(lambda m: names[m.group(1)], text)
