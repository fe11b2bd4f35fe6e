"""Rule sheets: a small Markdown-like source per game, set into pages.

Source lines: ``# Title``, ``## Heading``, ``- bullet``, ``1. numbered``,
``> note`` (set in a grey box), ``![name]`` (a picture the game draws with
``Game.figure``), and plain paragraphs separated by blank lines.
"""

from __future__ import annotations

import re

from .draw import PT, GREY, Lines, Page, Pen, Rect, Text, moved, wrap
from .resources import rulesheets
from .sheet import Paper

BODY = 9.5
LEAD = 1.32  # line height as a multiple of the text size


def source(game) -> str:
    return (rulesheets() / f"{game.id}.md").read_text(encoding="utf-8")


def blocks(text: str) -> list[tuple[str, str]]:
    """Split the source into (kind, text) blocks."""
    out: list[tuple[str, str]] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            out.append(("p", " ".join(para)))
            para.clear()

    for raw in text.splitlines():
        line = raw.strip()
        m = re.match(r"^(#{1,2}) (.*)$", line)
        if not line:
            flush()
        elif m:
            flush()
            out.append(("h1" if m.group(1) == "#" else "h2", m.group(2)))
        elif line.startswith("- "):
            flush()
            out.append(("li", line[2:]))
        elif re.match(r"^\d+\. ", line):
            flush()
            num, rest = line.split(" ", 1)
            out.append(("ol:" + num, rest))
        elif line.startswith("> "):
            flush()
            out.append(("note", line[2:]))
        elif re.match(r"^!\[[\w-]+\]$", line):
            flush()
            out.append(("fig", line[2:-1]))
        elif para or not out or out[-1][0] not in ("li", "note") and not out[-1][0].startswith("ol:"):
            para.append(line)
        else:  # continuation of a bullet, numbered item or note
            kind, prev = out[-1]
            out[-1] = (kind, prev + " " + line)
    flush()
    return out


def pages(game, paper: Paper, title: str = "") -> list[Page]:
    """The rule sheet of ``game`` set on ``paper``."""
    result: list[Page] = []
    page = paper.page()
    y = paper.top
    width = paper.inner_width

    def room(h: float) -> None:
        nonlocal page, y
        if y + h > paper.bottom - 6:
            result.append(page)
            page = paper.page()
            y = paper.top

    def lines(text: str, x: float, w: float, size: float, bold: bool = False) -> None:
        nonlocal y
        for ln in wrap(text, w, size, bold):
            room(size * PT * LEAD)
            y += size * PT * LEAD
            page.add(Text(x, y, ln, size, bold=bold))

    for kind, text in blocks(source(game)):
        if kind == "h1":
            y += 16 * PT
            page.add(Text(paper.left, y, title or text, 16, bold=True))
            y += 5.5
            page.add(Text(paper.left, y, f"A game by {game.designer}. Rules in printkit's own words.", 9, color=GREY))
            y += 2.5
            page.add(Lines(((paper.left, y, paper.right, y),), Pen(width=0.4)))
            y += 1
        elif kind == "h2":
            room(BODY * PT * 4)
            y += 3
            lines(text, paper.left, width, 11.5, True)
            y += 0.8
        elif kind == "p":
            lines(text, paper.left, width, BODY)
            y += 1.6
        elif kind == "li" or kind.startswith("ol:"):
            mark = "\u2022" if kind == "li" else kind[3:]
            room(BODY * PT * LEAD)
            page.add(Text(paper.left + 3, y + BODY * PT * LEAD, mark, BODY, "end" if kind != "li" else "start"))
            lines(text, paper.left + 5, width - 5, BODY)
            y += 0.8
        elif kind == "note":
            wrapped = wrap(text, width - 8, BODY - 0.5)
            h = len(wrapped) * (BODY - 0.5) * PT * LEAD + 3
            room(h)
            page.add(Rect(paper.left, y + 0.8, width, h, None, (0.93, 0.93, 0.93)))
            top = y
            y += 0.8
            lines(text, paper.left + 4, width - 8, BODY - 0.5)
            y = top + h + 2.6
        elif kind == "fig":
            items, h = game.figure(text, width)
            room(h + 4)
            page.add(moved(items, paper.left, y + 2))
            y += h + 4
    result.append(page)
    return result
