"""Rule sheets: a Markdown source per game (``Game.rules``), set into pages.

The source is CommonMark, read by markdown-it-py: ``# Title``, ``## Heading``, ``- bullet``,
``1. numbered``, ``> note`` (set in a grey box), ``![name]`` alone in a paragraph (a picture the game
draws with ``Game.figure``), and paragraphs.  Text is set as written: no inline markup.
"""

from __future__ import annotations

import re

from .draw import PT, GREY, Lines, Page, Pen, Rect, Text, moved, wrap
from .sheet import Paper

BODY = 9.5
LEAD = 1.32  # line height as a multiple of the text size
FIGURE = re.compile(r"^!\[([\w-]+)\]$")  # a paragraph that is a picture the game draws


def blocks(text: str) -> list[tuple[str, str]]:
    """The source's blocks in order, as (kind, text): kind h1, h2, p, li, ``ol:N.`` (an item numbered N),
    note (a paragraph of a block quote) or fig (``![name]`` alone in a paragraph).  markdown-it-py reads
    the blocks (CommonMark); a block's text is its source, its lines joined by spaces."""
    from markdown_it import MarkdownIt

    out: list[tuple[str, str]] = []
    kind = ["p"]  # what a paragraph is inside: the page, an item of a list, a block quote
    for token in MarkdownIt("commonmark").parse(text):
        if token.type == "heading_open":
            kind.append(token.tag)
        elif token.type == "list_item_open":
            kind.append("li" if token.markup in "-*+" else f"ol:{token.info}{token.markup}")
        elif token.type == "blockquote_open":
            kind.append("note")
        elif token.type in ("heading_close", "list_item_close", "blockquote_close"):
            kind.pop()
        elif token.type == "inline":
            content = " ".join(line.strip() for line in token.content.split("\n"))
            figure = FIGURE.match(content)
            out.append(("fig", figure.group(1)) if figure and kind[-1] == "p" else (kind[-1], content))
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

    for kind, text in blocks(game.rules()):
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
