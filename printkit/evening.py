"""An evening: every game a kit holds (its ``copies`` and the games under ``also``), each with its own
results file, scored alone, and the standings of the night.

``load(config)`` reads a config into an ``Evening``: one ``Play`` per game played, in the kit's order
(the config's game, copy 1 to N, then each game under ``also``).  A play's results file sits beside the
config under a plain name (``night-knives-2-results.yaml``); a kit of one game keeps today's
``night-results.yaml``.  Standings count the games won per player, a tie shared (1/k each), and only
games that are valid, finished and played by two or more: a game not started, in progress, unreadable,
with mistakes or played alone is listed as such and never counted, not even as a zero.

A game counts for the players its results file names, not for the players the kit printed it for: a name
joins the evening's player of the same name in any case (``model.name_key``), and a name nobody in the kit
has is a guest, in the standings with the games they played.  A game one player played alone is shown with
its score and counted for nobody (nobody wins a game of one).  A file whose set-up differs from the kit's,
or that names a guest, is scored as the file says, and the evening says so beside the game
(``Evening.remarks``).
"""

from __future__ import annotations

import os
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from msgspec.structs import replace

from . import registry, validation
from .inputs import InputError, load as read_document, suggest
from .model import KIT_KEYS, name_key, numbered_names
from .report import Report

STATES = ("not started", "in progress", "valid", "mistakes", "unreadable")
TITLE_MAX = 60  # a results file's title is at most this long (``GameConfig.title``)
# The notes a scorer gives a record that is fine so far but not played to its end.
UNFINISHED = ("unfinished", "scored as it stands", "not written yet")
ALONE = "played alone"  # why a valid game of one player is not counted
NOT_SET_UP = ("game", "title", "players", "paper", "color", *KIT_KEYS)  # a results file's keys that are no set-up


class Play:
    """One game of the evening: which game and copy, its results file and, once read, how it stands."""

    def __init__(self, game, config, label: str, number: int, copies: int, results: Path):
        self.game = game  # the game (``printkit.game.Game``)
        self.game_id: str = game.id
        self.config = config  # the game's config as the kit printed it, titled with the label
        self.label = label  # "Selling Knives Door-to-Door, game 2 of 3"
        self.number, self.copies = number, copies  # game 2 of 3
        self.results = results  # its results file (it may not exist yet)
        self.state: str = "not started"
        self.report: Report | None = None  # the game's score report (None: not started or unreadable)
        self.problem: str | None = None  # why the file is unreadable: the one line ``score`` would print
        self.res: Any = None  # the results read, when readable

    @property
    def players(self) -> list[str]:
        """Who played, as the results file names them (the kit's players while the file does not read)."""
        return list(self.res.players) if self.res is not None else list(self.config.players)

    @property
    def counts(self) -> bool:
        """Whether the game counts in the standings: valid, finished, and played by more than one."""
        return self.state == "valid" and len(self.players) > 1

    @property
    def why_not(self) -> str:
        """Why a game does not count, in a word or two: its state, or that it was played alone."""
        return "" if self.counts else ALONE if self.state == "valid" else self.state

    @property
    def winners(self) -> list[str]:
        """Who won, as the file names them: only a game that counts has a winner."""
        return list(self.report.winners) if self.counts and self.report else []

    def set_up_said(self) -> list[str]:
        """Each key of the file's set-up (``n``, ``kcount``, ...) that differs from the kit printed, said in a
        line: the game is scored as the file says, and the players should know their sheets differ."""
        if self.res is None:
            return []
        out = []
        for key in sorted(self.game.shared_keys() - set(NOT_SET_UP)):
            printed, played = getattr(self.config, key, None), getattr(self.res, key, None)
            if printed == played or printed == "draw" and (played == "draw" or played in drawn(key)):
                continue
            kit = (f"{key} {printed}" if printed != "draw" else
                   f"{key} drawn at the table ({drawn(key)[0]} to {drawn(key)[-1]})")
            out.append(f"set up with {key} {played} in this file, but the kit was printed with {kit}: "
                       "scored as the file says")
        return out

    def template(self, evening: str = "") -> str:
        """The blank results file of this game: its set-up as the kit printed it (``evening``: a first
        comment line naming the evening it belongs to)."""
        head = f"# {evening}: {self.label}\n" if evening else ""
        return head + self.game.template(self.config)

    def read(self) -> None:
        """Read and score the results file, setting ``state``, ``report`` and ``problem``."""
        self.state, self.report, self.problem, self.res = "not started", None, None, None
        if not self.results.exists():
            return
        try:
            doc = read_document(self.results)
            gid = registry.game_of(doc)
            if gid != self.game_id:
                raise InputError(str(self.results), f"this file is for {gid}, but this game of the evening is "
                                                    f"{self.game_id}", doc.line(("game",)), "game")
            self.res = validation.validate(self.game.Results, doc)
        except InputError as e:
            self.state, self.problem = "unreadable", str(e)
            return
        report = self.game.score(self.res)
        self.state = state_of(report)
        self.report = None if self.state == "not started" else report  # a blank record has no result
        if self.state == "valid" and short_of(self.config, self.res):
            self.state = "in progress"

    def to_json(self) -> dict:
        return {"label": self.label, "game": self.game_id, "file": self.results.name, "state": self.state,
                "winners": self.winners, "problem": self.problem,
                "result": self.report.to_json() if self.report is not None and self.state != "not started" else None}


def drawn(key: str) -> range:
    """The values a key set to ``draw`` can take at the table: the kit holds a sheet for each."""
    from .games.knives.cards import CARD_RULE  # the only drawn set-up so far: Selling Knives' kcount

    return range(CARD_RULE[0], CARD_RULE[1] + 1) if key == "kcount" else range(0)


def numbered(players) -> bool:
    """Whether ``players`` are the places a number of players is printed with (``players: 3``: Player 1 to
    Player 3), not names."""
    return len(players) > 0 and tuple(players) == numbered_names(len(players))


def state_of(report: Report) -> str:
    if report.blank:
        return "not started"
    if not report.valid:
        return "mistakes"
    if any(word in note for note in report.notes for word in UNFINISHED):
        return "in progress"
    return "valid"


def short_of(config, res) -> bool:
    """Whether a record that breaks no rule still lacks a part every finished game has: fewer rounds than
    the kit printed (Making Intersections: its results file does not repeat the number), or a curve, a
    fill (Within The Curve) or a store (The Long Way) nobody has entered yet.  (The scorers say so of the
    rest: roads unclaimed, moves missing.)  Kept here until the game contract says when a game is over."""
    planned, played = getattr(config, "rounds", None), getattr(res, "rounds", None)
    if isinstance(planned, int) and len(res.players) != len(config.players):  # as many rounds each as printed
        planned = planned // len(config.players) * len(res.players)
    if isinstance(planned, int) and isinstance(played, (list, tuple)) and len(played) < planned:
        return True
    curves, fills = getattr(res, "curves", None), getattr(res, "fills", None)
    if isinstance(curves, dict) and isinstance(fills, dict):
        grids = [*curves.values(), *(g for row in fills.values() for g in row.values())]
        if any(all(x is None for row in grid for x in row) for grid in grids):
            return True
    sheets = getattr(res, "sheets", None)
    if isinstance(sheets, dict):
        return any(not sh.walls and not sh.turns and set(sh.grid.split()) <= {"."} for sh in sheets.values())
    return False


class Evening:
    """The games of one kit, in its order, and the night's standings."""

    def __init__(self, config: Path, title: str, plays: list[Play]):
        self.config = config
        self.title = title
        self.plays = plays

    @property
    def players(self) -> list[str]:
        """Everyone of the evening: the kit's players in the order it first lists them, then each guest (a
        name in a game's file that no one in the kit has) in the order the files first name them."""
        return list(self._names()[0].values())

    def names_in(self, play: Play) -> list[str]:
        """The players of ``play`` as the evening names them: each name its file gives, joined to the
        evening's player of that name in any case (``name_key``)."""
        named = self._names()[0]
        return [named.get(name_key(p), p) for p in play.players]

    def _names(self) -> tuple[dict[str, str], set[str]]:
        """The evening's players by ``name_key``, as first spelt (the kit's first), and the kit's keys. A kit
        printed for a number of players (``players: 4``) names no one: its evening's players are the names
        its results files give, and a file still holding the numbered places alone (not started) adds none."""
        named: dict[str, str] = {}
        for play in self.plays:
            if not numbered(play.config.players):
                for p in play.config.players:
                    named.setdefault(name_key(p), p)
        kit = set(named)
        for play in self.plays:
            if play.state == "not started" and numbered(play.players):
                continue
            for p in play.players:
                named.setdefault(name_key(p), p)
        return named, kit

    def remarks(self, play: Play) -> list[str]:
        """What the evening says beside a game: a guest it names, that it was played alone, a set-up that
        differs from the kit's.  Each is also why a total may differ from the sheet the kit printed."""
        named, kit = self._names()
        printed = [named[k] for k in named if k in kit]
        out = []
        for p in play.players if play.res is not None and kit else []:  # (a kit of a number of players: no guests)
            if name_key(p) not in kit:
                missing = [q for q in printed if name_key(q) not in {name_key(x) for x in play.players}]
                out.append(f"{p} is not one of the evening's players ({', '.join(printed)}): counted as a guest"
                           + suggest(p, missing))
        if play.why_not == ALONE:
            out.append(f"played alone: {self.names_in(play)[0]}'s score stands, but a game of one is not won "
                       "(not counted in the standings)")
        return out + play.set_up_said()

    @property
    def several(self) -> bool:
        """Whether this is an evening of more than one game (a kit of one game keeps today's ways)."""
        return len(self.plays) > 1

    def read(self) -> "Evening":
        """Read every game's results file again (as they are on disk now)."""
        for play in self.plays:
            play.read()
        return self

    def won(self) -> dict[str, Fraction]:
        """Games won per player, exactly: a game won by k players in a tie gives each 1/k."""
        out = {p: Fraction(0) for p in self.players}
        named = self._names()[0]
        for play in self.plays:
            win = play.winners
            for p in win:
                out[named[name_key(p)]] += Fraction(1, len(win))
        return out

    def standings(self) -> list[dict]:
        """One row per player, most games won first (then the evening's order): ``name``, ``won`` (a number,
        ties shared), ``won_text`` (as a person writes it: "1 1/2"), ``played`` (games counted they were in)."""
        won, everyone = self.won(), self.players
        played = {p: 0 for p in everyone}
        for play in self.counted():
            for p in self.names_in(play):
                played[p] += 1
        order = sorted(everyone, key=lambda p: (-won[p], everyone.index(p)))
        return [{"name": p, "won": float(won[p]), "won_text": fraction_text(won[p]), "played": played[p]}
                for p in order]

    def winners(self) -> list[str]:
        """Who won the night: the most games won (all of them on a tie); nobody before a game is won."""
        won = self.won()
        best = max(won.values(), default=Fraction(0))
        if best == 0:
            return []
        return [p for p in self.players if won[p] == best]

    def counted(self) -> list[Play]:
        return [p for p in self.plays if p.counts]

    def left_over(self) -> list[Path]:
        """Results files beside the config named as this evening's (CONFIG-GAME-N-results.yaml) that no game
        of it reads now (its copies or also changed since the files were made): never counted, always said."""
        if len(self.plays) < 2:
            return []
        ours = {p.results.name for p in self.plays}
        pattern = re.compile(re.escape(self.config.stem) + r"-(" + "|".join(map(re.escape, registry.GAMES))
                             + r")-([1-9][0-9]*)-results\.yaml")
        try:
            names = sorted(os.listdir(self.config.parent or "."))
        except OSError:
            return []
        return [self.config.with_name(n) for n in names if pattern.fullmatch(n) and n not in ours]

    def exit_code(self) -> int:
        """2 when a game's file is unreadable, 1 when a game breaks a rule, 0 otherwise (games not started
        or in progress are fine: they are listed and not counted)."""
        states = {p.state for p in self.plays}
        return 2 if "unreadable" in states else 1 if "mistakes" in states else 0

    def game_json(self, play: Play) -> dict:
        """A game as ``score --json`` gives it: ``Play.to_json`` with its players and winners as the evening
        names them, whether it counts, and what is said beside it (``remarks``)."""
        named = self._names()[0]
        return {**play.to_json(), "players": self.names_in(play),
                "winners": [named[name_key(p)] for p in play.winners], "counted": play.counts,
                "remarks": self.remarks(play)}

    def to_json(self) -> dict:
        return {"evening": self.title, "config": self.config.name,
                "games": [self.game_json(p) for p in self.plays],
                "standings": self.standings(), "winners": self.winners(),
                "counted": len(self.counted()), "games_total": len(self.plays),
                "left_over": [p.name for p in self.left_over()]}


def fraction_text(x: Fraction) -> str:
    """1 -> "1", 3/2 -> "1 1/2", 1/3 -> "1/3", 0 -> "0"."""
    whole, rest = divmod(x.numerator, x.denominator)
    if not rest:
        return str(whole)
    part = f"{rest}/{x.denominator}"
    return f"{whole} {part}" if whole else part


def results_name(stem: str, game_id: str, k: int) -> str:
    """The results file of the k-th play of ``game_id`` in an evening (k counts across the whole kit)."""
    return f"{stem}-{game_id}-{k}-results.yaml"


def label_title(label: str, base: str, suffix: str) -> str:
    """The results file's title for a play: its label, the base cut short if the whole would not fit."""
    if len(label) <= TITLE_MAX:
        return label
    return base[:TITLE_MAX - len(suffix)].rstrip() + suffix


def load(config_path: str | Path, read: bool = True) -> Evening:
    """The evening a config prints, every game's results file read and scored (``read=False``: not yet;
    ``Evening.read()`` reads them all again); ``InputError`` (exit 2) when the config is unusable.  A
    game's file that is missing is "not started", one that does not read is "unreadable" (with
    ``Play.problem``): neither makes the evening unusable."""
    from .kit import plays as kit_plays

    path = Path(config_path)
    doc = read_document(path)
    game = registry.get(registry.game_of(doc))
    _not_results(game, doc)
    cfg = validation.validate(game.Config, doc)
    title = cfg.title or game.title
    listed = kit_plays(game, cfg)
    total = len(listed)
    plays: list[Play] = []
    seen: dict[str, int] = {}
    for g, c, label, n, copies in listed:
        seen[g.id] = seen.get(g.id, 0) + 1
        if total == 1:
            plays.append(Play(g, c, label, n, copies, path.with_name(f"{path.stem}-results.yaml")))
            continue
        base = c.title or g.title
        suffix = label[len(base):]
        named = replace(c, title=label_title(label, base, suffix), copies=1, also=[])
        plays.append(Play(g, named, label, n, copies, path.with_name(results_name(path.stem, g.id, seen[g.id]))))
    if total > 1:
        _earlier_file(path, plays[0])
    night = Evening(path, title, plays)
    return night.read() if read else night


def is_results(game, data: dict) -> bool:
    """A file is a results file when it holds a part of the play record (a blank one has its empty record
    keys); a config never does.  Anything else is read as a config, and refused as one if it does not read.
    (Making Intersections names both its number of rounds and the rounds played ``rounds``: a number is the
    config's, a list the record's.)"""
    try:
        game.Config.from_dict(data)
        return False
    except ValueError:
        pass
    config = set(game.Config.keys())
    record = set(game.Results.keys()) - game.shared_keys()
    return any(k not in config or isinstance(data[k], (list, dict)) for k in record & set(data))


def _not_results(game, doc) -> None:
    """A played game's results file read where an evening's config is looked for (a season's folder, a file
    not named ``-results.yaml``): said as such, at its first part of the record, rather than as a config
    with unknown keys."""
    data = doc.data
    if isinstance(data, dict) and is_results(game, data):
        record = [k for k in data if k in set(game.Results.keys()) - game.shared_keys()]
        raise doc.error((record[0],) if record else (), f"this file holds a played game of {game.title} (its record), "
                        "not an evening's config: a game's results file is named CONFIG-results.yaml beside its "
                        "config, or scored alone with printkit score")


def _earlier_file(config: Path, first: Play) -> None:
    """Before evenings, ``printkit template`` wrote one file for the kit's first game, ``CONFIG-results.yaml``:
    when it is there for that game and the evening's own name is not, it is that game's file (so what was
    typed into it counts, and nothing writes a second file beside it)."""
    old = config.with_name(f"{config.stem}-results.yaml")
    if first.results.exists() or not old.exists():
        return
    try:
        if registry.game_of(read_document(old)) == first.game_id:
            first.results = old
    except InputError:
        return
