"""Rule sheets: a Markdown source per game (``Game.rules``), read with markdown-it-py and set into pages.

What a source may hold: ``# Title``, ``## Heading``, paragraphs, ``- bullets``, ``1. numbered`` items,
``> notes`` (set in a grey box) and ``![name]`` alone on a line (a picture the game draws with
``Game.figure``).  ``{{name}}`` is a word of the kit the sheet is printed with (``Game.kit_words``): what
the kit holds and where; a line whose word is empty is left out.
"""

from __future__ import annotations

import re

from .draw import PT, GREY, Lines, Page, Pen, Rect, Text, moved, wrap
from .sheet import Paper

BODY = 9.5
LEAD = 1.32  # line height as a multiple of the text size
FIGURE = re.compile(r"^!\[([\w-]+)\]$")
WORD = re.compile(r"\{\{(\w+)\}\}")


def source(game, cfg=None) -> str:
    """The rule sheet's Markdown for the kit of ``cfg`` (the game's defaults if None): every ``{{name}}``
    replaced by its words, a line left out where they are empty."""
    if cfg is None:
        cfg = game.Config.from_dict({"game": game.id})
    words = game.kit_words(cfg)
    out = []
    for line in game.rules().splitlines():
        names = WORD.findall(line)
        if names and not all(words[n] for n in names):
            continue
        out.append(WORD.sub(lambda m: words[m.group(1)], line))
    return "\n".join(out) + "\n"


def blocks(text: str) -> list[tuple[str, str]]:
    """The source as (kind, text) blocks: h1, h2, p, li, ol:N. (a numbered item), note and fig."""
    from markdown_it import MarkdownIt

    out: list[tuple[str, str]] = []
    lists: list[list] = []  # the lists we are in: [kind, the next item's number]
    quoted = False
    first_in_item = False
    tokens = MarkdownIt("commonmark").parse(text)
    for i, t in enumerate(tokens):
        if t.type == "bullet_list_open":
            lists.append(["li", 0])
        elif t.type == "ordered_list_open":
            lists.append(["ol", int(t.attrGet("start") or 1)])
        elif t.type in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif t.type == "blockquote_open":
            quoted = True
        elif t.type == "blockquote_close":
            quoted = False
        elif t.type == "list_item_open":
            first_in_item = True
        elif t.type == "inline":
            words = plain(t)
            opening = tokens[i - 1]
            figure = FIGURE.match(words)
            if opening.type == "heading_open":
                out.append(("h1" if opening.tag == "h1" else "h2", words))
            elif quoted:
                out.append(("note", words))
            elif lists and first_in_item:
                kind = lists[-1]
                out.append(("li", words) if kind[0] == "li" else (f"ol:{kind[1]}.", words))
                kind[1] += 1
                first_in_item = False
            elif figure:
                out.append(("fig", figure.group(1)))
            else:
                out.append(("p", words))
    return out


def plain(inline) -> str:
    """An inline token's words as printed: a line break inside a paragraph becomes a space."""
    return "".join(" " if c.type in ("softbreak", "hardbreak") else c.content for c in inline.children or ()).strip()


def keep(game, after: list[tuple[str, str]], width: float) -> float:
    """The height a heading keeps with it: the picture that follows, a short line and its picture, or a line
    and the short list it opens."""
    if not after:
        return 0.0
    kind, text = after[0]
    if kind == "fig":
        return game.figure(text, width)[1] + 4
    if kind != "p":
        return 0.0
    n = len(wrap(text, width, BODY))
    h = n * BODY * PT * LEAD
    if text.endswith(":"):
        items = [t for k, t in after[1:5] if k == "li"]
        return h + sum(len(wrap(t, width - 5, BODY)) * BODY * PT * LEAD + 0.8 for t in items)
    if n <= 2 and len(after) > 1 and after[1][0] == "fig":
        return h + game.figure(after[1][1], width)[1] + 4
    return 0.0


def pages(game, paper: Paper, title: str = "", cfg=None) -> list[Page]:
    """The rule sheet of ``game`` set on ``paper``, for the kit of ``cfg`` (``Game.kit_words``)."""
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

    parts = blocks(source(game, cfg))
    for i, (kind, text) in enumerate(parts):
        if kind == "h1":
            y += 16 * PT
            page.add(Text(paper.left, y, title or text, 16, bold=True))
            y += 5.5
            page.add(Text(paper.left, y, f"A game by {game.designer}. Rules in printkit's own words.", 9, color=GREY))
            y += 2.5
            page.add(Lines(((paper.left, y, paper.right, y),), Pen(width=0.4)))
            y += 1
        elif kind == "h2":  # kept with what follows it: a few lines, or a picture and the line before it
            room(11.5 * PT * LEAD + 4 + max(BODY * PT * LEAD * 3, keep(game, parts[i + 1:i + 6], width)))
            y += 3
            lines(text, paper.left, width, 11.5, True)
            y += 0.8
        elif kind == "p":
            if text.endswith(":"):  # a line that opens a short list stays with it
                items = [t for k, t in parts[i + 1:i + 5] if k == "li"]
                room(sum(len(wrap(t, w, BODY)) for t, w in [(text, width)] + [(t, width - 5) for t in items])
                     * BODY * PT * LEAD + 0.8 * len(items))
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
