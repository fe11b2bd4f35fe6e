"""Seasons built from the played examples, for the season's tests and its benchmark: each evening a config
of the five games (its own players, as the played records have them) and the played records as its results
files, the players' names turned round from evening to evening so that the winners change."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

DATA = Path(__file__).resolve().parent / "games" / "data"
GAMES = ["knives", "curve", "ikes", "add-residue", "intersections"]
ROSTER = ["Ann", "Ben", "Cat", "Dan"]
RECORD = {"knives": "turns", "curve": ("curves", "fills"), "ikes": "sheets", "add-residue": "moves",
          "intersections": "rounds"}


def played(gid: str) -> str:
    return (DATA / f"played-{gid}.yaml").read_text(encoding="utf-8")


def set_up(gid: str, names: dict[str, str]) -> dict:
    """The played example's config: every key but the record, its players renamed."""
    data = yaml.safe_load(renamed(played(gid), names))
    record = RECORD[gid] if isinstance(RECORD[gid], tuple) else (RECORD[gid],)
    out = {k: v for k, v in data.items() if k not in record}
    if gid == "intersections":
        out["rounds"] = len(data["rounds"])
    return out


def renamed(text: str, names: dict[str, str]) -> str:
    """``text`` with each player's name replaced at once (Ann -> Ben and Ben -> Ann swap)."""
    if not names:
        return text
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
    return pattern.sub(lambda m: names[m.group(1)], text)


def turn(k: int) -> dict[str, str]:
    """The roster turned round by ``k`` places: Ann plays as the k-th next name."""
    return {name: ROSTER[(i + k) % len(ROSTER)] for i, name in enumerate(ROSTER)}


def evening(folder: Path, name: str, names: dict[str, str] | None = None, skip: tuple[str, ...] = (),
            games: list[str] | None = None, title: str = "Friday games") -> Path:
    """An evening of ``games`` (default the five) played as the played examples were, with ``names`` for the
    players; the games in ``skip`` left not entered (no results file).  Returns its config."""
    from printkit import evening as evenings

    names = names or {}
    games = games or GAMES
    first, *rest = [set_up(g, names) for g in games]
    config = {**first, "title": title, "also": rest} if rest else {**first, "title": title}
    path = folder / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(config, sort_keys=False, allow_unicode=True), encoding="utf-8")
    for play in evenings.load(path, read=False).plays:
        if play.game_id not in skip:
            play.results.write_text(renamed(played(play.game_id), names), encoding="utf-8")
    return path


def season(folder: Path, evenings: int, skip_last: tuple[str, ...] = ()) -> Path:
    """A season of ``evenings`` evenings named by date from 2026-09-03, a week apart; the last one's games in
    ``skip_last`` not entered yet."""
    import datetime

    start = datetime.date(2026, 9, 3)
    for k in range(evenings):
        day = (start + datetime.timedelta(weeks=k)).isoformat()
        evening(folder, day, turn(k), skip_last if k == evenings - 1 else ())
    return folder
