"""The models every config and results file is read into, and the checks they share.

A game's ``Config`` and ``Results`` are ``GameConfig`` subclasses (msgspec Structs): each key typed and
described, checked by msgspec; checks across keys go in ``__post_init__`` and blame one key
(``validation.FieldProblem``).  The helpers here name players as listed and read one typed record line.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, ClassVar, Literal, get_args

import msgspec
from msgspec import Meta

from . import registry
from .inputs import Document, one_line, suggest
from .sheet import Player, players as make_players
from .validation import FieldProblem, checked, explain

KIT_KEYS = ("formats", "copies", "also", "season")  # how a kit is printed: a results file does not repeat them



_KEYS: dict[type, dict] = {}  # Model.keys(), once per model

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
        """The model's fields by name, worked out once per model (msgspec reads the class's annotations anew
        each time it is asked, about 6 ms a model: a page's every check asked it several times)."""
        found = _KEYS.get(cls)
        if found is None:
            found = _KEYS[cls] = {f.name: f for f in msgspec.structs.fields(cls)}
        return dict(found)

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


def _check_font(what: str, text: str) -> None:
    """Refuse text no font can print, up front and in one line: Western European text prints in
    Helvetica, other scripts in an embedded Unicode font (``printkit.writers.fonts``) where one has them."""
    if text.isascii():
        return
    from .writers.fonts import problem

    why = problem(text)
    if why:
        raise ValueError(f"{what} {why}")


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


def name_key(name: str) -> str:
    """A player's name as names are joined across files (an evening's games, a season's evenings): in any case,
    and however its accents were typed (Unicode NFC: 'é' as one character or as 'e' and its accent)."""
    return unicodedata.normalize("NFC", name).casefold()


def player_named(name: Any, players: tuple[str, ...] | list[str], what: str = "") -> str:
    """The listed player ``name`` stands for: the same name, in any case (names differing only in case are
    refused in the players list, so this is never ambiguous).  ValueError with a suggestion otherwise."""
    text = str(name).strip()
    if text in players:
        return text
    folded = {p.casefold(): p for p in players}
    if text.casefold() in folded:
        return folded[text.casefold()]
    shown = text if len(text) <= 24 else text[:21] + "..."
    raise ValueError(f"'{shown}'{what} is not one of the players ({', '.join(players)}){suggest(text, players)}")


def check_title(title: str) -> str:
    """A title as every file's: printable (no control character, no right-to-left override), in a font."""
    if not title.isprintable():
        raise ValueError(f"the title {title!r} has characters that cannot be printed")
    _check_font("the title", title)
    return title


def check_name(name: str) -> str:
    """A player's name as every file's (stripped): 1 to 20 characters, printable, in a font."""
    name = name.strip()
    if not name or len(name) > 20:
        raise ValueError(f"player name '{name}' must be 1 to 20 characters")
    if not name.isprintable():
        raise ValueError(f"player name {name!r} has characters that cannot be printed")
    _check_font(f"player name '{name}'", name)
    return name


def numbered_names(n: int) -> tuple[str, ...]:
    """The places a number of players is printed with: Player 1 to Player n."""
    return tuple(f"Player {i + 1}" for i in range(n))


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
    season: Annotated[str, Meta(max_length=300, description=(
        "A folder of the evenings played so far (their configs and results files, from this file's folder, e.g. "
        "../autumn): the kit begins with their standings, 'The season so far' ('' for none)"))] = ""

    def __post_init__(self) -> None:
        checked("title", check_title, self.title)
        self.players = checked("players", self._players, self.players)
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
            return numbered_names(v)
        if not isinstance(v, (list, tuple)):
            raise ValueError("expected a list of names or a number of players")
        names = []
        for x in v:
            if isinstance(x, bool) or not isinstance(x, (str, int)):
                raise ValueError("each player is a name")
            name = check_name(str(x))
            taken = [w for w in name.split() if w.lower() in cls.NAME_WORDS]
            if taken:
                raise ValueError(f"player name '{name}' holds the word '{taken[0]}', which the play record uses; "
                                 "choose another name")
            if name in names:
                raise ValueError(f"player '{name}' is listed twice")
            twin = next((x for x in names if name_key(x) == name_key(name)), None)
            if twin is not None and twin.casefold() != name.casefold():  # 'é' typed two ways: they print alike
                raise ValueError(f"players '{twin}' and '{name}' are the same letters typed two ways (an accent as "
                                 "a letter of its own), which print alike; give them names that differ")
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


def also_entry(top, i: int, entry):
    """The game and checked config of ``also`` item ``i``: the players, colour and copies of ``top``
    unless it gives its own; a problem is a ``FieldProblem`` naming the key inside the item."""
    where = ("also", i)
    if not isinstance(entry, dict):
        raise FieldProblem(where, "expected 'game: ID' and that game's options, e.g. {game: curve, n: 10}")
    gid = entry.get("game")
    if gid is None:
        raise FieldProblem(where, "missing key 'game' (which game to add to the kit)")
    if not isinstance(gid, str) or gid not in registry.GAMES:
        raise FieldProblem(where + ("game",), f"unknown game '{one_line(gid, 40)}'{suggest(str(gid), registry.GAMES)}; "
                                              f"known: {', '.join(registry.GAMES)}")
    for key in ("paper", "formats", "also", "season"):
        if key in entry:
            raise FieldProblem(where + (key,), "give it once, at the top of the file: it is for the whole kit")
    game = registry.get(gid)
    data = {"players": list(top.players), "color": top.color, **entry}

    class Blame(Document):  # msgspec's problem with the item, as a FieldProblem at its key
        def error(self, loc, message):
            return FieldProblem(where + tuple(loc), message)

    try:
        return game, game.Config.from_dict(data)
    except msgspec.ValidationError as e:
        raise explain(e, game.Config, Blame("", data, {})) from None
