"""The one interface every game implements, and what all games share.

A game module defines a ``Config`` model (what ``printkit make`` reads), a
``Results`` model (what ``printkit score`` reads), and a ``Game`` subclass
that draws the kit, scores results and draws them back.  It ends with
``GAME = MyGame()`` and is listed once in ``printkit.registry``.
"""

from __future__ import annotations

from typing import Annotated, Any, Callable, ClassVar, Literal, get_args

import msgspec
import yaml
from msgspec import Meta

from .draw import Item, Page
from .inputs import escape
from .sheet import Paper, Player, players as make_players


class FieldProblem(ValueError):
    """A check across several keys, blamed on one of them."""

    def __init__(self, key: str | tuple, message: str):  # a tuple is a path: ("turns", 4) blames item 5
        self.key = key
        super().__init__(message)


def by_player(mapping: dict, players: tuple[str, ...] | list[str], key: str | tuple, what: str) -> dict[str, Any]:
    """A mapping keyed by player names as typed, keyed by the listed names instead (any case; see
    ``player_named``).  A name that is not a player, or one player given twice, is blamed on its key."""
    path = key if isinstance(key, tuple) else (key,)
    out: dict[str, Any] = {}
    typed: dict[str, str] = {}
    for k, v in mapping.items():
        name = checked(path + (str(k),), player_named, k, players)
        if name in out:
            raise FieldProblem(path + (str(k),), f"{what} for {name} given twice ('{typed[name]}' and '{k}')")
        out[name], typed[name] = v, str(k)
    return out


def _check_font(what: str, text: str) -> None:
    """Refuse text no font can print, up front and in one line: Western European text prints in
    Helvetica, other scripts in an embedded Unicode font (``printkit.writers.fonts``) where one has them."""
    if text.isascii():
        return
    from .writers.fonts import problem

    why = problem(text)
    if why:
        raise ValueError(f"{what} {why}")


KIT_KEYS = ("formats", "copies", "also")  # how a kit is printed: a results file does not repeat them


class Model(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A file's keys, typed and described (``Annotated[type, Meta(...)]``) and checked by msgspec.

    Checks across keys go in ``__post_init__`` (calling ``super().__post_init__()`` first); raise
    ``ValueError`` or ``FieldProblem`` there.  msgspec is lax like YAML readers expect: 6.0 is 6.
    """

    def __post_init__(self) -> None:
        pass

    @classmethod
    def from_dict(cls, data: Any):
        """A checked instance of ``data`` (a mapping as YAML gives it); ``msgspec.ValidationError``
        (a ``ValueError``) if it does not fit."""
        return msgspec.convert(data, cls, strict=False)

    @classmethod
    def keys(cls) -> dict[str, msgspec.structs.FieldInfo]:
        return {f.name: f for f in msgspec.structs.fields(cls)}

    @classmethod
    def description(cls, key: str) -> str:
        hint = cls.keys()[key].type
        for part in (hint, *get_args(hint)):  # Annotated[...] or Annotated[...] | None
            for meta in getattr(part, "__metadata__", ()):
                if getattr(meta, "description", None):
                    return meta.description
        return ""

    def to_dict(self) -> dict[str, Any]:
        return msgspec.structs.asdict(self)


def prepare_models() -> int:
    """Build msgspec's checking machinery for every model now, in this one thread, and return how many.

    msgspec builds it on a model's first use, and two threads building it for the same model at once
    can crash the process (a null pointer in msgspec's ``convert``).  ``printkit enter`` answers the
    page on several threads, so it calls this before its first request."""
    seen: set[type] = set()
    todo = [msgspec.Struct]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in seen:
                seen.add(sub)
                todo.append(sub)
    for cls in seen:
        try:
            msgspec.convert({}, cls, strict=False)
        except Exception:  # noqa: BLE001 - only the machinery is wanted; the empty mapping need not fit
            pass
    return len(seen)


class RowProblem(ValueError):
    """A problem in one row of a grid: ``row`` is the row's index in a list of rows, or a ``Row`` (a line of
    a '|' block), so that the message names the row's own line of the file."""

    def __init__(self, message: str, row: int):
        self.row = row
        super().__init__(message)


def checked(key: str | tuple, check: Callable[..., Any], *args: Any) -> Any:
    """``check(*args)``; a ValueError it raises is blamed on ``key`` (a key, or a path such as ("curves", "Ann"))."""
    try:
        return check(*args)
    except FieldProblem:
        raise
    except RowProblem as e:
        path = key if isinstance(key, tuple) else (key,)
        raise FieldProblem(path + (e.row,), str(e)) from None
    except ValueError as e:
        raise FieldProblem(key, str(e)) from None


def record_line(v: Any, what: str, example: str) -> str:
    """One line of a play record as typed; a ValueError that names the slip when it is not text.

    ``- Ben: mod 12 = 3`` is read by YAML as 'key: value' (a colon after the name), not as one line."""
    if isinstance(v, str):
        return v
    if isinstance(v, dict) and len(v) == 1:
        (k, val), = v.items()
        if not isinstance(k, (dict, list)) and not isinstance(val, (dict, list)):
            shown = f"{k}: {'' if val is None else val}".strip()
            fixed = f"{k} {'' if val is None else val}".strip()
            raise ValueError(f"'{shown}' has a colon after '{k}', so it is read as 'key: value', not as {what}; "
                             f"leave the colon out: '{fixed}'")
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        raise ValueError(f"'{v}' is not {what}; write e.g. '{example}'")
    raise ValueError(f"expected {what} as one line of text, e.g. '{example}'")


def player_named(name: Any, players: tuple[str, ...] | list[str], what: str = "") -> str:
    """The listed player ``name`` stands for: the same name, in any case (names differing only in case are
    refused in the players list, so this is never ambiguous).  ValueError with a suggestion otherwise."""
    text = str(name).strip()
    if text in players:
        return text
    folded = {p.casefold(): p for p in players}
    if text.casefold() in folded:
        return folded[text.casefold()]
    from .inputs import suggest

    shown = text if len(text) <= 24 else text[:21] + "..."
    raise ValueError(f"'{shown}'{what} is not one of the players ({', '.join(players)}){suggest(text, players)}")


def each(values: list, check: Callable[[Any], Any], key: str | tuple) -> list:
    """``check`` every item of the list under ``key``; a ValueError blames that item."""
    path = key if isinstance(key, tuple) else (key,)
    return [checked(path + (i,), check, v) for i, v in enumerate(values)]


class GameConfig(Model, kw_only=True):
    """Keys common to every game's config (and results) file."""

    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 8
    # Words a player name may not hold, because the play record's lines use them ("Ann claims 1-2 with Q":
    # a player named "Bo with" would make such a line ambiguous).  A game sets its own.
    NAME_WORDS: ClassVar[frozenset[str]] = frozenset()

    game: Annotated[str, Meta(description="Which game this file is for")]
    title: Annotated[str, Meta(max_length=60, description="Title printed on every sheet (empty: the game's name)")] = ""
    players: Annotated[Any, Meta(description="Player names in seat order, or how many players (names: Player 1, ...)",
                                 extra_json_schema={"anyOf": [{"type": "integer"},
                                                             {"type": "array", "items": {"type": "string"}}]})] = 2
    paper: Annotated[Literal["letter", "a4"], Meta(description="Paper size: letter or a4")] = "letter"
    formats: Annotated[list[Literal["pdf", "svg"]], Meta(min_length=1, description="Files to write: pdf, svg or both")
                       ] = msgspec.field(default_factory=lambda: ["pdf"])
    color: Annotated[bool, Meta(description="Print player colours (false: greyscale with dash patterns and symbols)")
                     ] = True
    copies: Annotated[int, Meta(ge=1, le=12, description="How many games you will play: the play sheets are printed "
                                                         "this many times, the rule sheet and cards once")] = 1
    also: Annotated[list[dict[str, Any]], Meta(max_length=8, description=(
        "More games in this kit, for an evening: a list like [{game: curve, n: 10}, {game: add-residue, copies: 2}]; "
        "each takes this file's players and color unless it gives its own"))] = msgspec.field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.title.isprintable():
            raise FieldProblem("title", f"the title {self.title!r} has characters that cannot be printed")
        checked("title", _check_font, "the title", self.title)
        self.players = checked("players", self._players, self.players)
        if self.also:
            from .kit import also_entry

            for i, entry in enumerate(self.also):
                also_entry(self, i, entry)

    @classmethod
    def _players(cls, v: Any) -> tuple[str, ...]:
        lo, hi = cls.MIN_PLAYERS, cls.MAX_PLAYERS
        if isinstance(v, bool):
            raise ValueError("expected a list of names or a number of players")
        if isinstance(v, int):
            if not lo <= v <= hi:
                raise ValueError(f"{v} players: this game takes {lo} to {hi}")
            return tuple(f"Player {i + 1}" for i in range(v))
        if not isinstance(v, (list, tuple)):
            raise ValueError("expected a list of names or a number of players")
        names = []
        for x in v:
            if isinstance(x, bool) or not isinstance(x, (str, int)):
                raise ValueError("each player is a name")
            name = str(x).strip()
            if not name or len(name) > 20:
                raise ValueError(f"player name '{name}' must be 1 to 20 characters")
            if not name.isprintable():
                raise ValueError(f"player name {name!r} has characters that cannot be printed")
            _check_font(f"player name '{name}'", name)
            taken = [w for w in name.split() if w.lower() in cls.NAME_WORDS]
            if taken:
                raise ValueError(f"player name '{name}' holds the word '{taken[0]}', which the play record uses; "
                                 "choose another name")
            if name in names:
                raise ValueError(f"player '{name}' is listed twice")
            twin = next((x for x in names if x.casefold() == name.casefold()), None)
            if twin is not None:
                raise ValueError(f"players '{twin}' and '{name}' differ only in case, which the table and the "
                                 "record would mix up; give them names that differ by more than case")
            names.append(name)
        if not lo <= len(names) <= hi:
            raise ValueError(f"{len(names)} players: this game takes {lo} to {hi}")
        return tuple(names)

    @property
    def names(self) -> list[str]:
        return list(self.players)

    def seats(self) -> list[Player]:
        return make_players(self.names, self.color)


# ---------------------------------------------------------------- scoring results

class Violation(msgspec.Struct):
    player: str | None  # who broke the rule (None: nobody in particular)
    rule: str  # short rule id, e.g. "crossing"
    where: str  # place on the sheet, e.g. "round 2, segment 3 (C1-C3)"
    message: str
    refs: tuple[str, ...] = ()  # the entry page's data-refs of the places to mark


class Report(msgspec.Struct):
    game: str
    players: list[str]
    scores: dict[str, int]
    violations: list[Violation] = msgspec.field(default_factory=list)
    notes: list[str] = msgspec.field(default_factory=list)
    disqualified: set[str] = msgspec.field(default_factory=set)
    details: list[str] = msgspec.field(default_factory=list)  # extra lines for the human summary
    blank: bool = False  # nothing was entered: no one has won (the "empty" violation says so)

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def winners(self) -> list[str]:
        alive = [p for p in self.players if p not in self.disqualified]
        if not alive or self.blank:
            return []
        best = max(self.scores[p] for p in alive)
        return [p for p in alive if self.scores[p] == best]

    def violation(self, player: str | None, rule: str, where: str, message: str, refs: tuple[str, ...] = ()) -> None:
        self.violations.append(Violation(player, rule, where, message, tuple(refs)))

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "valid": self.valid,
            "players": [{"name": p, "score": self.scores[p], "disqualified": p in self.disqualified}
                        for p in self.players],
            "winners": self.winners,
            "violations": [{"player": v.player, "rule": v.rule, "where": v.where, "message": v.message}
                           for v in self.violations],
            "notes": list(self.notes),
        }

    def text(self) -> str:
        width = max(len(p) for p in self.players)
        lines = [f"{p:<{width}}  {self.scores[p]:>4}" + ("  disqualified" if p in self.disqualified else "")
                 for p in self.players]
        lines += self.details
        win = self.winners
        lines.append(("Winner: " if len(win) == 1 else "Winners: ") + (", ".join(win) if win else "none"))
        if self.violations:
            lines.append(f"{len(self.violations)} rule(s) broken:")
            lines += [f"  - {escape(v.where)}: {escape(v.message)} [{v.rule}]" + (f" ({v.player})" if v.player else "")
                      for v in self.violations]
        if self.notes:
            lines.append("Notes:")
            lines += [f"  - {escape(n)}" for n in self.notes]
        return "\n".join(lines)


# ---------------------------------------------------------------- the interface

NOTHING_ENTERED = ("nothing has been entered yet: the file holds no move, turn or mark of play; type in what "
                   "is on paper, save, and score again")


class Game:
    id: ClassVar[str]
    title: ClassVar[str]
    designer: ClassVar[str]  # credit printed on the rule sheet
    blurb: ClassVar[str]  # one line for `printkit games`
    Config: ClassVar[type[GameConfig]]
    Results: ClassVar[type[GameConfig]]
    # A game may also define ``simulate`` and/or ``solve``: plain functions with
    # typer-annotated options, run as ``printkit simulate GAME ...``.

    def kit(self, cfg: Any, paper: Paper) -> list[Page]:
        """Every sheet the players need, after the rule sheet, in print order."""
        raise NotImplementedError

    def figure(self, name: str, width: float) -> tuple[list[Item], float]:
        """A picture for the rule sheet (``![name]``): items from (0, 0) and their height."""
        raise KeyError(name)

    def record_template(self, cfg: Any) -> str:
        """The play-record part of a blank results file (YAML, commented)."""
        raise NotImplementedError

    def score(self, res: Any) -> Report:
        raise NotImplementedError

    def picture(self, res: Any, report: Report, paper: Paper) -> list[Page]:
        """The sheets as entered, with the result marked."""
        raise NotImplementedError

    # -- the entry page (``printkit enter``): the game's ``page.py``, beside its ``game.py``, fills these in
    # with functions of the same names (``board``, ``board_info``, ``editors``) and an ``ANSWERS`` mapping

    @property
    def page(self):
        """The game's part of the entry page, imported when first asked for (scoring never needs it)."""
        import importlib

        return importlib.import_module(type(self).__module__.rsplit(".", 1)[0] + ".page")

    def board(self, res: Any, report: Report, paper: Paper) -> list[Page]:
        """The sheets on screen: as printed, with the play drawn and ``Hit`` places to point at."""
        board = getattr(self.page, "board", None)
        return board(res, report, paper) if board else self.picture(res, report, paper)

    def board_info(self, res: Any, report: Report) -> dict:
        """What the page's pointer and keys need to know beside the sheets (e.g. who moves next)."""
        info = getattr(self.page, "board_info", None)
        return info(res) if info else {}

    def marks(self, res: Any, report: Report) -> list[str]:
        """The data-refs the page marks as mistakes (the scorer gives them with each violation)."""
        return [ref for v in report.violations for ref in v.refs]

    def editors(self, cfg: Any) -> list[dict]:
        """Text boxes for the play record, in the results file's own line syntax: dicts of ``path``
        (keys into the document), ``label``, ``kind`` (lines, items, list, grid or text) and ``hint``."""
        editors = getattr(self.page, "editors", None)
        return editors(cfg) if editors else []

    def answers(self) -> dict[str, Callable[[Any, dict[str, str]], dict]]:
        """Questions the page may ask about a record: name -> function of (results, the request's query
        parameters, e.g. whose curve), answering a JSON object; reviews, solvers."""
        return dict(getattr(self.page, "ANSWERS", {}))

    # -- shared behaviour

    def new_report(self, res: Any) -> Report:
        """An empty report for the players of ``res``: every score 0, nothing broken."""
        return Report(self.id, res.names, {p: 0 for p in res.names})

    def nothing_entered(self, res: Any) -> Report | None:
        """For a record with nothing entered yet (a forgotten save, a blank template, the config itself):
        the report that says so, with the one violation ``empty`` (so it is not valid: exit 1) and no
        winner.  None when something has been entered."""
        if self.entered(res):
            return None
        report = self.new_report(res)
        report.blank = True
        report.violation(None, "empty", "the play record", NOTHING_ENTERED)
        return report

    def shared_keys(self) -> set[str]:
        """The keys a results file repeats from the config (the same key with the same meaning)."""
        config = self.Config.keys()
        return {k for k, f in self.Results.keys().items() if k in config and f.type == config[k].type}

    def template(self, cfg: Any) -> str:
        keys = {k: v for k, v in cfg.to_dict().items() if k in self.shared_keys() and k not in KIT_KEYS}
        keys["players"] = list(cfg.players)
        head = f"# Results of {self.title}: fill in after play, then run\n#   printkit score THIS-FILE\n"
        return head + yaml.safe_dump(keys, sort_keys=False, allow_unicode=True, width=1000, default_flow_style=None) + self.record_template(cfg)


def yaml_key(name: str) -> str:
    """``name`` as a YAML mapping key or block list item (``- NAME``) that reads back as that very text
    (not inside ``[...]``, where ``,`` and ``]`` end it): quoted when YAML
    would read it otherwise (``'a: b'``, ``'#1'``, ``'[x]'``, ``'&y'``, ``'Yes'``, ``'007'``, ``'~'``)."""
    return yaml.safe_dump(str(name), default_style=None, allow_unicode=True, width=1_000_000).strip() \
        .removesuffix("...").strip()


def starter_config(game: Game, players: list[str] | int | None = None) -> str:
    """A config with every option present and commented (defaults filled in)."""
    data: dict[str, Any] = {"game": game.id}
    if players is not None:
        data["players"] = players
    cfg = game.Config.from_dict(data)
    lines = [f"# printkit config for {game.title}", "# Print the kit with:  printkit make THIS-FILE", ""]
    for name in game.Config.keys():
        value = list(cfg.players) if name == "players" else cfg.to_dict()[name]
        if game.Config.description(name):
            lines.append(f"# {game.Config.description(name)}")
        dumped = yaml.safe_dump({name: value}, default_flow_style=True, sort_keys=False, allow_unicode=True, width=1000)
        lines.append(dumped.strip().removeprefix("{").removesuffix("}"))
        lines.append("")
    return "\n".join(lines)
