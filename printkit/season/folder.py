"""A season is a folder of evenings, as the evening leaves them: each evening's config and its results files.

How the evenings are found and ordered: every YAML file (``.yaml``, ``.yml``) in the folder and its
subfolders (two levels down) is an evening's config, except the results files (names ending in ``-results.yaml``, as
``printkit template`` writes them), the season's own file (``season.yaml`` at the top of the folder; one in a subfolder is that folder's, never an evening) and
anything hidden (a name starting with a dot).  Evenings run in the order of their paths within the
folder, name by name, so ``2026-11-19.yaml``, ``2026-11-26.yaml`` sort by date, and ``week-01/night.yaml``
comes before ``week-02/night.yaml``.  An evening is named by that path without its suffix.

Players are the same across evenings when their names are, in any case (as the evening joins names:
``model.name_key``);
``aliases:`` in ``season.yaml`` maps a name to the one it stands for (``{Benjamin: Ben}``: a player who
was renamed).  A player is shown by the spelling the season used most (the latest of equals).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from msgspec import Meta
import msgspec

from .. import registry, validation
from ..validation import checked
from ..inputs import Document, InputError, load as read_document
from ..model import Model, check_name, check_title, name_key
from .standings import Night, Play, Table, table

SEASON_FILE = ("season.yaml", "season.yml")
RESULTS_END = ("-results.yaml", "-results.yml")


class SeasonFile(Model, kw_only=True):
    """``season.yaml``: the season's own keys, all optional."""

    title: Annotated[str, Meta(max_length=60, description="The season's name, printed above its table")] = ""
    aliases: Annotated[dict[str, str], Meta(description=(
        "Names that stand for another player, e.g. {Benjamin: Ben} (a player renamed between evenings)"))
    ] = msgspec.field(default_factory=dict)

    def __post_init__(self) -> None:
        """The title and every name as a config's: printable (no control character, no right-to-left
        override), in a font, a name 1 to 20 letters (they are printed in the kit's season so far)."""
        checked("title", check_title, self.title)
        for old, new in self.aliases.items():
            for name in (str(old), str(new)):
                if name.strip():  # (an empty one is said below: a name and the name it stands for)
                    checked(("aliases", old), check_name, name)


class Season:
    """The evenings of a folder, read, and their table."""

    def __init__(self, folder: Path, title: str, nights: list[Night], aliases: dict[str, str]):
        self.folder, self.title, self.nights, self.aliases = folder, title, nights, aliases
        self.table: Table = table(nights, list(registry.GAMES))


DEPTH = 3  # the folder, its subfolders and theirs: a season is not searched for deeper
MAX_FILES = 20_000  # YAML files in a season's folder: a folder with more is not a season


def yaml_files(folder: Path, key: str = "FOLDER") -> list[Path]:
    """Every YAML file of the folder and its subfolders (``DEPTH`` levels, nothing hidden), as paths within it."""
    import os

    found = []
    for where, dirs, files in os.walk(folder):
        rel = Path(where).relative_to(folder)
        dirs[:] = [d for d in dirs if not d.startswith(".")] if len(rel.parts) < DEPTH - 1 else []
        found += [rel / f for f in files if not f.startswith(".") and f.lower().endswith((".yaml", ".yml"))]
        if len(found) > MAX_FILES:
            raise InputError(str(folder), f"more than {MAX_FILES:,} YAML files: a season is a folder of evenings, "
                                          "not a whole disk", key=key)
    return found


def evening_files(folder: Path, key: str = "FOLDER") -> list[Path]:
    """The evenings' configs in the folder, in the season's order (see the module's docstring)."""
    found = [rel for rel in yaml_files(folder, key) if not rel.name.lower().endswith(RESULTS_END)
             and rel.name.lower() not in SEASON_FILE and (folder / rel).is_file()]
    return [folder / rel for rel in sorted(found, key=lambda r: [p.casefold() for p in r.parts] + [str(r)])]


def evening_name(folder: Path, config: Path) -> str:
    return config.relative_to(folder).with_suffix("").as_posix()


def read_season_file(folder: Path) -> tuple[SeasonFile, Document | None]:
    for name in SEASON_FILE:
        path = folder / name
        if path.is_file():
            doc = read_document(path)
            found = validation.validate(SeasonFile, doc)
            aliases = {}
            for old, new in found.aliases.items():
                old_s, new_s = str(old).strip(), str(new).strip()
                if not old_s or not new_s:
                    raise doc.error(("aliases", old), "a name and the name it stands for, e.g. Benjamin: Ben")
                aliases[name_key(old_s)] = new_s
            resolve_chains(aliases, doc)
            return msgspec.structs.replace(found, aliases=aliases), doc
    return SeasonFile(), None


def resolve_chains(aliases: dict[str, str], doc) -> None:
    """``A: B`` and ``B: C`` make A stand for C; a loop is refused at its key. A name given as itself in
    another spelling (``Dan: DAN``) ends a chain: that spelling is the name's."""
    given = dict(aliases)  # (each chain followed as the file gives it)
    for old in given:
        seen = [old]
        new = given[old]
        while True:
            k = name_key(new)
            if k == seen[-1] or k not in given:  # the name respelt, or a name that stands for no other: the end
                break
            if k in seen:
                raise doc.error(("aliases",), f"the names {', '.join(seen)} stand for each other in a loop")
            seen.append(k)
            new = given[k]
        aliases[old] = new


def load(folder: str | Path, *, key: str = "FOLDER", workers: int = 1, memo: dict | None = None) -> Season:
    """The season kept in ``folder``: every evening read and scored (on ``workers`` processes for a long
    season; the command line uses every core), or, with ``memo`` (kept by the caller from one reading to the
    next), only the files changed since the last reading.  ``InputError`` (exit 2) when the folder is missing or an
    evening's config or the season's file is unusable (an unreadable results file is an evening's game that
    does not count, listed as such)."""
    path = Path(folder)
    if not path.is_dir():
        raise InputError(str(folder), "no such folder: a season is a folder of evenings (each evening's config "
                                      "and its results files)" if not path.exists() else
                                      "not a folder: a season is a folder of evenings", key=key)
    own, doc = read_season_file(path)
    names = Names(own.aliases, doc)
    configs = evening_files(path, key)
    loaded = _one_evening_a_file(path, configs, memo or {})
    nights = []
    if memo is not None:
        used: dict = {}
        read = [read_evening(c, memo, used) for c in configs]
        memo.clear()
        memo.update(used)
    else:
        read = read_all(configs, workers, loaded)
    for config, (title, plays) in zip(configs, read):
        nights.append(Night(evening_name(path, config), title, [names.play(p) for p in plays]))
    return Season(path, own.title or path.resolve().name, names.respelled(nights), own.aliases)


def _one_evening_a_file(folder: Path, configs: list[Path], memo: dict) -> dict:
    """A results file belongs to one evening: two configs that name the same one (night.yaml and night.yml,
    or a one-game night-knives-1.yaml beside night.yaml) would count its game twice, and are refused."""
    from .. import evening

    claimed: dict[Path, Path] = {}
    loaded: dict = {}  # each evening as read here, for the reading of its games (read_evening's memo)
    for config in configs:
        key = ("evening", str(config), stamp(config))
        night = loaded[key] = memo.get(key) or evening.load(config, read=False)
        for play in night.plays:
            first = claimed.setdefault(play.results, config)
            if first != config:
                raise InputError(str(config), f"its game's results file {play.results.name} is also the one of "
                                 f"{first.relative_to(folder).as_posix()}: a game would be counted twice; give one "
                                 "of the two configs another name (and its results files with it)")
    return loaded


EVENINGS_PER_WORKER = 8  # fewer evenings than this to a process are read in this one


def read_all(configs: list[Path], workers: int, loaded: dict | None = None) -> list[tuple[str, list[Play]]]:
    """``read_evening`` of each config, in order; on up to ``workers`` processes when there are many.
    ``loaded``: the evenings read already (in this process alone)."""
    workers = min(workers, len(configs) // EVENINGS_PER_WORKER)
    if workers < 2:
        return [read_evening(c, loaded) for c in configs]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    registry.all_games()  # imported once here, not again in each process
    size = -(-len(configs) // workers)
    chunks = [configs[i:i + size] for i in range(0, len(configs), size)]
    with ProcessPoolExecutor(len(chunks), mp_context=multiprocessing.get_context("fork")) as pool:
        parts = list(pool.map(read_some, chunks))
    out = []
    for part in parts:
        if isinstance(part, tuple):  # an InputError, as its parts (it does not pickle whole)
            raise InputError(*part)
        out += part
    return out


def read_some(configs: list[Path]):
    try:
        return [read_evening(c) for c in configs]
    except InputError as e:
        return (e.file, e.message, e.line, e.key, e.loc)


def read_evening(config: Path, memo: dict | None = None, used: dict | None = None) -> tuple[str, list[Play]]:
    """An evening's title and its games, each read and scored, players as the results file lists them.
    ``memo``: what an earlier reading found, by file and its time of change, taken again where the file has
    not changed (the entry page asks again and again); ``used`` gets what this reading used."""
    from .. import evening

    memo = {} if memo is None else memo
    used = {} if used is None else used
    key = ("evening", str(config), stamp(config))
    night = used[key] = memo.get(key) or evening.load(config, read=False)
    out = []
    for play in night.plays:
        key = ("play", str(play.results), stamp(play.results), play.label)
        found = memo.get(key)
        if found is None:
            play.read()
            report = play.report
            listed = play.players  # as the results file names them (the evening's ``Play.players``)
            scores = {}
            if play.state == "valid" and report is not None:  # a game played alone too: its score stands
                scores = {p: s for p, s in report.scores.items() if p not in report.disqualified}
            found = Play(play.label, play.game_id, play.state, listed, scores, list(play.winners), play.problem or "")
        out.append(found)
        used[key] = found
    for gone in night.left_over():  # a file of the evening's names no game reads now: listed, never counted
        game_id = next(g for g in registry.GAMES if gone.name.startswith(f"{config.stem}-{g}-"))
        out.append(Play(gone.name, game_id, "not read", [], {}, [],
                        f"no game of {config.name} is played in it now (its copies or also changed)"))
    return night.title, out


def stamp(path: Path) -> tuple | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


class Names:
    """One player, one name across the season: the same in any case, or through an alias."""

    def __init__(self, aliases: dict[str, str], doc: Document | None = None):
        self.aliases, self.doc = aliases, doc
        self.spellings: dict[str, dict[str, int]] = {}  # a player's key -> each spelling seen: how often

    def key(self, name: str) -> str:
        name = self.aliases.get(name_key(name), name)
        return name_key(name)

    def of(self, name: str) -> str:
        target = self.aliases.get(name_key(name))
        k = self.key(name)
        counts = self.spellings.setdefault(k, {})
        spelt = target if target is not None else name
        counts[spelt] = counts.pop(spelt, 0) + 1  # the latest last among equals
        return k

    def play(self, play: Play) -> Play:
        """``play`` with every name as the season's key for that player."""
        players = [self.of(p) for p in play.players]
        if len(set(players)) < len(players):
            twins = [p for p in play.players if players.count(self.key(p)) > 1]
            old = next(p for p in twins if name_key(p) in self.aliases)
            raise self.doc.error(("aliases", next(k for k in self.doc.data["aliases"] if name_key(str(k).strip())
                                                   == name_key(old))),
                                 f"{' and '.join(twins)} both play one game ({play.label}): they are two players, "
                                 "not one")
        return Play(play.label, play.game, play.state, players, {self.key(p): s for p, s in play.scores.items()},
                    [self.key(p) for p in play.winners], play.problem)

    def respelled(self, nights: list[Night]) -> list[Night]:
        """The nights with every player's key replaced by their name as last spelled."""
        sp = {k: max(reversed(counts), key=counts.__getitem__) for k, counts in self.spellings.items()}
        for night in nights:
            for p in night.plays:
                p.players = [sp[k] for k in p.players]
                p.scores = {sp[k]: s for k, s in p.scores.items()}
                p.winners = [sp[k] for k in p.winners]
        return nights
