"""The one contract every game fills in: what printkit calls, each with one signature.

A game is a package ``printkit/games/<game>/`` (see README "Adding a game") whose ``game.py`` defines a
``Game`` subclass and ends with ``GAME = MyGame()``; ``printkit.registry`` lists it in one line.  The
front ends (the command line, ``printkit enter``, the kit builder) know no game: they call through this
class only.  ``tests/test_contract.py`` runs every registered game, and a null game that does nothing
else, through the same checks.

What a game provides:

- ``id``, ``title``, ``designer``, ``blurb``, ``record_syntax``; ``Config`` and ``Results``, its models
  (``model.GameConfig``)
- printing: ``kit(cfg, paper)``, the play sheets in print order; ``rules()``, the rule sheet's source
  (``rulesheets/<id>.md``) and ``figure(name, width)``, a picture it asks for by name;
  ``record_template(cfg)``, the record part of a blank results file
- scoring: ``entered(res)``, whether anything of the play is in the record; ``score(res)``, every rule
  checked; ``picture(res, report, paper)``, the sheets as entered with the result marked
- the entry page, in the game's ``page.py`` (``PagePart``, imported for ``printkit enter`` only):
  ``board(res, report, paper)``, ``board_info(res, report)``, ``editors(cfg)``, ``places(res)``,
  ``ref_of(res, path)`` and ``ANSWERS``; and its ``page.js``, whose exports and the ``ctx`` it is given
  are written down in ``enter/static/gamepage.js`` (``tests/enter/test_game_pages.py`` checks every game's)
- optionally ``simulate`` and ``solve``: functions with typer-annotated options in the game's
  ``commands.py``, named in ``commands`` and run as ``printkit simulate GAME ...`` and ``printkit solve
  GAME ...`` (``command(kind)``, imported for those commands only)
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from typing import Any, Callable, ClassVar, Mapping, Protocol, TypedDict

import yaml

from .draw import Item, Page
from .model import KIT_KEYS, GameConfig
from .report import NOTHING_ENTERED, Report
from .sheet import Block, Paper

Answer = Callable[[Any, dict[str, str]], dict]  # (results, the request's query parameters) -> a JSON object


class Editor(TypedDict, total=False):
    """A text box on the entry page for one part of the play record, in the results file's own syntax."""

    path: list  # keys into the results document, e.g. ["rounds", 0] or ["sheets", "Ann", "walls"]
    label: str
    kind: str  # lines (one a line), items (comma or space separated), list, grid ('|' block) or text
    hint: str  # an example, shown while the box is empty
    rows: int
    optional: bool  # left out of the file when emptied


class PagePart(Protocol):
    """A game's part of the entry page: its ``page.py`` module, with these names."""

    ANSWERS: Mapping[str, Answer]  # questions the page may ask about a record: reviews, solvers

    def board(self, res: Any, report: Report, paper: Paper) -> list[Page]:
        """The sheets on screen: as printed, with the play drawn and a ``draw.Hit`` on every place to point
        at, named by its data-ref (the game's own names, such as ``2:C1-C3`` or ``curve:Ann:C3``), and a
        ``draw.hit_grid`` named ``grid:NAME`` over each grid (the data-refs the page reserves: see
        ``enter/static/gamepage.js``)."""

    def board_info(self, res: Any, report: Report) -> dict:
        """What the page's pointer and keys need beside the sheets (e.g. who moves next)."""

    def editors(self, cfg: Any) -> list[Editor]:
        """The text boxes for the play record."""

    def places(self, res: Any) -> list[str]:
        """The data-ref of every place the record names (a segment and its end dots, a claimed road and
        the cards, a square of a curve, a wall): the board has a place to point at for each."""

    def ref_of(self, res: Any, path: tuple) -> str | None:
        """The data-ref of the place on the board where a part of the record is drawn (its grid, its
        row of a log), given as a path into the document (``("fills", "ann", "Ben")``, keys as typed):
        where the page marks a part that does not read."""

    def said(self, path: tuple) -> str | None:
        """A part of the record as players say it, places counted from 1 ("round 3", "Ann's store, A6"), or
        None to let it be named plainly (``plain_said``)."""


class Game(ABC):
    id: ClassVar[str]
    title: ClassVar[str]
    designer: ClassVar[str]  # credit printed on the rule sheet
    blurb: ClassVar[str]  # one line for `printkit games`
    record_syntax: ClassVar[str]  # the play record as written on the paper, a few words for `printkit score --help`
    Config: ClassVar[type[GameConfig]]
    Results: ClassVar[type[GameConfig]]
    commands: ClassVar[tuple[str, ...]] = ()  # "simulate", "solve": functions of that name in its commands.py

    # -- printing

    @abstractmethod
    def kit(self, cfg: Any, paper: Paper) -> list[Block]:
        """Every sheet the players need, after the rule sheet, in print order: a ``Page``, a ``sheet.Panel``
        (smaller than a page) or a ``sheet.Flow`` (runs on from page to page) each."""

    def rules(self) -> str:
        """The rule sheet's source, Markdown in our own words (``rulesheet`` sets it): ``rulesheets/<id>.md``."""
        from .resources import rulesheets

        return (rulesheets() / f"{self.id}.md").read_text(encoding="utf-8")

    def kit_words(self, cfg: Any) -> dict[str, str]:
        """The words of the rule sheet (``{{name}}``) that depend on the kit it is printed with: what the
        kit holds and where each thing is."""
        return {}

    def figure(self, name: str, width: float) -> tuple[list[Item], float]:
        """A picture for the rule sheet (``![name]``): items from (0, 0) and their height."""
        raise KeyError(name)

    @abstractmethod
    def record_template(self, cfg: Any) -> str:
        """The play-record part of a blank results file (YAML, commented)."""

    # -- scoring

    @abstractmethod
    def entered(self, res: Any) -> bool:
        """Whether the record holds anything of the play (a blank template does not)."""

    @abstractmethod
    def score(self, res: Any) -> Report:
        """Every rule checked, each mistake named by its place on the sheet; a record with nothing entered
        yet scores as ``nothing_entered`` says."""

    @abstractmethod
    def picture(self, res: Any, report: Report, paper: Paper) -> list[Page]:
        """The sheets as entered, with the result marked."""

    # -- the entry page

    @property
    def page(self) -> PagePart:
        """The game's ``page.py``, imported when first asked for (scoring never needs it)."""
        return importlib.import_module(type(self).__module__.rsplit(".", 1)[0] + ".page")  # type: ignore[return-value]

    def board(self, res: Any, report: Report, paper: Paper) -> list[Page]:
        return self.page.board(res, report, paper)

    def board_info(self, res: Any, report: Report) -> dict:
        return self.page.board_info(res, report)

    def editors(self, cfg: Any) -> list[Editor]:
        return self.page.editors(cfg)

    def places(self, res: Any) -> list[str]:
        return self.page.places(res)

    def ref_of(self, res: Any, path: tuple) -> str | None:
        return self.page.ref_of(res, tuple(path))

    def part_said(self, path: tuple) -> str:
        """A part of the record as players say it ("round 3", "turn 14", "Ann's fill of Ben's curve"), places
        counted from 1: the game's page names it (``said``), or it is named plainly from its keys."""
        said = getattr(self.page, "said", None)
        named = said(tuple(path)) if said else None
        return named or plain_said(tuple(path))

    def placed(self, res: Any, path: list, line: Any) -> Any:
        """A line the page wrote for the turn to come (a Selling Knives draw), as it goes into the record
        ``res`` holds now: the game's page places it (``placed``: the next turn's player), or it goes as written."""
        place = getattr(self.page, "placed", None)
        return place(res, tuple(path), line) if place else line

    def answers(self) -> dict[str, Answer]:
        return dict(self.page.ANSWERS)

    def command(self, kind: str) -> Callable[..., Any] | None:
        """The function behind ``printkit KIND GAME`` (simulate, solve), or None if the game has none."""
        if kind not in self.commands:
            return None
        return getattr(importlib.import_module(type(self).__module__.rsplit(".", 1)[0] + ".commands"), kind)

    def marks(self, res: Any, report: Report) -> list[str]:
        """The data-refs the page marks as mistakes (the scorer gives them with each violation)."""
        return [ref for v in report.violations for ref in v.refs]

    # -- shared behaviour

    def new_report(self, res: Any) -> Report:
        """An empty report for the players of ``res``: every score 0, nothing broken."""
        return Report.empty(self.id, res.names)

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
        """A blank results file for ``cfg``: the keys it repeats from the config, then the record part."""
        keys = {k: v for k, v in cfg.to_dict().items() if k in self.shared_keys() and k not in KIT_KEYS}
        keys["players"] = list(cfg.players)
        head = f"# Results of {self.title}: fill in after play, then run\n#   printkit score THIS-FILE\n"
        return head + yaml.safe_dump(keys, sort_keys=False, allow_unicode=True, width=1000,
                                     default_flow_style=None) + self.record_template(cfg)


def yaml_key(name: str) -> str:
    """``name`` as a YAML mapping key or block list item (``- NAME``) that reads back as that very text
    (not inside ``[...]``, where ``,`` and ``]`` end it): quoted when YAML
    would read it otherwise (``'a: b'``, ``'#1'``, ``'[x]'``, ``'&y'``, ``'Yes'``, ``'007'``, ``'~'``)."""
    if str(name) == "<<":  # plain, it is YAML's merge key
        return "'<<'"
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


def plain_said(path: tuple) -> str:
    """A part named from its keys, each place in a list counted from 1: ``moves, line 3``."""
    out = ""
    for p in path:
        out += f", line {p + 1}" if isinstance(p, int) else (f" {p}" if out else str(p))
    return out
