""""The season so far", printed first in the next evening's kit: the standings over the evenings kept, so
the table sees where it stands before it plays.

Paper rules as the rest of the kit: inside the 12 mm margin, text at 7 pt or more, each player's name whole
with their symbol (a cue that survives greyscale), and words about the games and the evenings only.
"""

from __future__ import annotations

from ..draw import GREY, PT, Lines, Page, Pen, Text, fit_size, text_width, wrap
from .. import names as labels
from ..sheet import DARK_GREY, MIN_TEXT, Paper, Player, header, players as seats
from . import wins
from .text import leader_text, rate_text, short_title, summary, wins_text

ROW = 6.5  # a row of a table
SIZE = 9.0  # its text
HEAD = 8.0  # a column heading
LEAD = HEAD * PT * 1.15  # between two lines of a heading
FOOT = 6.0  # room kept for the page number
TITLE = "The season so far"


def evening_words(name: str) -> str:
    """An evening's name as printed: its name, the folders it sits in as words."""
    return name.replace("/", " ")


class Sheet:
    """The pages being filled, top to bottom; a new page (titled as continued) when one is full."""

    def __init__(self, paper: Paper, title: str):
        self.paper, self.title = paper, title
        self.pages: list[Page] = []
        self.page = paper.page()
        self.y = header(self.page, paper, TITLE, title)
        self.pages.append(self.page)

    def room(self, h: float) -> bool:
        """Make room for ``h`` mm from ``y``: a new page if this one has not; True when a page was begun."""
        if self.y + h <= self.paper.bottom - FOOT:
            return False
        self.page = self.paper.page()
        self.y = header(self.page, self.paper, f"{TITLE} (continued)", self.title)
        self.pages.append(self.page)
        return True


def pages(season, paper: Paper, color: bool = True) -> list[Page]:
    """The season's standings on as many pages as they need (one for a table of up to about 10 players)."""
    t = season.table
    sheet = Sheet(paper, f"{season.title}: {evening_words(summary(t))}")
    badge = {s.name: s for s in seats([ln.name for ln in t.lines], color)}
    sheet.page.add(Text(paper.left, sheet.y + 10 * PT, leader_text(t), 10, bold=True))
    sheet.y += 9
    who = [ln.name for ln in t.lines]
    name_w = min(max([text_width(n, SIZE) for n in who] + [22]) + 8, 46)
    main = ["Evenings", "Games", "Won", "Win rate", "Games won in a row now", "Most won in a row"]
    width = (paper.inner_width - name_w) / len(main)
    body = [[str(ln.evenings), str(ln.played), wins_text(ln.won), rate_text(ln.rate), str(ln.streak),
             str(ln.best_streak)] for ln in t.lines]
    table(sheet, "Standings (a game won in a tie is shared)", name_w, [(h, width) for h in main], who, body, badge)
    if t.games:
        width = (paper.inner_width - name_w) / len(t.games)
        cols = [(short_title(g), width) for g in t.games]
        body = [[f"{wins_text(g.won)} of {g.played}" if (g := ln.games.get(gid)) else "-" for gid in t.games]
                for ln in t.lines]
        sheet.y += 6
        table(sheet, "Games won of games played, by game", name_w, cols, who, body, badge)
        body = [[f"{g.best} ({evening_words(g.best_evening or '')})" if (g := ln.games.get(gid)) and g.best is not None
                 else "-" for gid in t.games] for ln in t.lines]
        sheet.y += 6
        table(sheet, "Best score in each game, and the evening it was set", name_w, cols, who, body, badge)
    if t.lines and t.nights and sheet.y + 8 + wins.HEIGHT <= paper.bottom - FOOT:  # on the page in hand only
        sheet.y += 8
        sheet.page.add(wins.chart(t, paper.left, sheet.y, paper.inner_width, badge))
        sheet.y += wins.HEIGHT
    skipped = t.not_counted()
    if skipped:
        words = "Not counted (not entered, not finished, with a mistake, or played alone): " + "; ".join(
            f"{evening_words(n)}, {p.label}" for n, p in skipped)
        lines = wrap(words, paper.inner_width, 8)
        sheet.room(6 + 3.6 * len(lines))
        sheet.y += 6
        for line in lines:
            sheet.page.add(Text(paper.left, sheet.y, line, 8, color=DARK_GREY))
            sheet.y += 3.6
    return sheet.pages


def table(sheet: Sheet, caption: str, name_w: float, cols: list[tuple[str, float]], who: list[str],
          body: list[list[str]], badge: dict[str, Player]) -> None:
    """A table under a caption, a player a row (their symbol, their name whole), headings on up to three
    lines; a table that runs on to a new page takes its caption and headings with it."""
    paper = sheet.paper
    heads = [wrap(h, w - 2, HEAD, True) for h, w in cols]
    head_h = max(len(h) for h in heads) * LEAD + 2.5

    def top(more: str = "") -> None:
        page, y = sheet.page, sheet.y
        page.add(Text(paper.left, y + 9 * PT, caption + more, 9, bold=True))
        y += 5
        base = y + head_h - 1.8
        page.add(Text(paper.left + 1, base, "Player", HEAD, bold=True))
        x = paper.left + name_w
        for lines, (_, w) in zip(heads, cols):
            for k, line in enumerate(lines):
                text, size = fit_size(line, w - 2, HEAD, MIN_TEXT, True)
                page.add(Text(x + w - 1, base - (len(lines) - 1 - k) * LEAD, text, size, "end", True))
            x += w
        page.add(Lines(((paper.left, y + head_h, paper.right, y + head_h),), Pen(width=0.4)))
        sheet.y = y + head_h

    sheet.room(5 + head_h + ROW)
    top()
    for name, row in zip(who, body):
        if sheet.room(ROW):
            top(" (continued)")
        page, y = sheet.page, sheet.y
        seat = badge[name]
        mid = y + ROW / 2
        page.add(seat.badge(paper.left + 2.2, mid, 3.2))
        page.add(labels.label(name, paper.left + 5, mid + SIZE * PT * 0.35, name_w - 6, SIZE, color=seat.color,
                              height=ROW))
        x = paper.left + name_w
        for (_, w), cell in zip(cols, row):
            text, size = fit_size(cell, w - 2, SIZE, MIN_TEXT)
            page.add(Text(x + w - 1, mid + size * PT * 0.35, text, size, "end"))
            x += w
        sheet.y = y + ROW
        page.add(Lines(((paper.left, sheet.y, paper.right, sheet.y),), Pen(GREY, 0.2)))


def for_kit(config: str, cfg, paper_name: str | None = None) -> list[Page]:
    """The pages "The season so far" for a kit whose config (the file ``config``) names a season folder
    (``season:``, from the config's folder); none when it names none.  A folder that is not there is
    blamed on the key, at its line."""
    from pathlib import Path

    from ..inputs import InputError, load as read_document
    from ..sheet import paper as make_paper
    from .folder import load

    if not getattr(cfg, "season", ""):
        return []
    where = Path(config).parent / cfg.season
    if not where.is_dir():
        line = read_document(config).line(("season",))
        raise InputError(str(config), f"'{cfg.season}' is not a folder here (a season is a folder of evenings, "
                                      "their configs and results files, found from this file's folder)", line,
                         "season")
    return pages(load(where), make_paper(paper_name or cfg.paper), cfg.color)
