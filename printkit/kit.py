"""Putting a kit together and writing it to disk, atomically."""

from __future__ import annotations

from pathlib import Path

from msgspec.structs import replace

from . import rulesheet
from .model import also_entry
from .draw import Page, Text
from .sheet import NEXT_GAME, REF, Panel, Paper, footer, pack, paper as make_paper


def build(game, cfg, paper_name: str | None = None, front: list[Page] | None = None) -> list[Page]:
    """Each game's rule sheet and cards once, then its play sheets ``copies`` times, sheets smaller than a
    page packed together (``sheet.pack``) but never with an earlier copy's; the config's game first, then
    each game under ``also``.  With more than one copy every play sheet names its copy ("game 2 of 3"
    beside the game's name).  A rule sheet already printed in this kit (the same game again, the same
    words) is printed once.  Page numbers run through the whole kit, and a page reference on a sheet
    (``sheet.ref``) is to the page its own copy put the named sheet on.  ``front``: pages printed first (the
    season so far, ``printkit.season.sheet``)."""
    paper = make_paper(paper_name or cfg.paper)
    title = cfg.title or game.title
    pages: list[Page] = list(front or ())
    printed: list[list] = []  # the rule sheets so far, as their items
    secs = sections(game, cfg)
    labels = _labelled(secs)
    for s, (g, c) in enumerate(secs):
        rules = rulesheet.pages(g, paper, c.title, c)
        words = [list(p.items) for p in rules]  # as set, before sheets are packed under its end
        if words in printed:
            rules = []
        else:
            printed.append(words)
        copies = getattr(c, "copies", 1)
        blocks = [b for b in g.kit(c, paper) if getattr(b, "card", False)]
        for n in range(1, copies + 1):
            label = labels[s][n - 1][0]
            named = replace(c, title=label) if label != (c.title or g.title) else c
            blocks += [NEXT_GAME] if n > 1 else []
            blocks += [scoped(b, f"{s}.{n}") for b in g.kit(named, paper) if not getattr(b, "card", False)]
        part = pack(paper, rules, blocks)
        if not getattr(c, "color", True):
            part = [greyscale(p) for p in part]
        pages += part
    night = plays(game, cfg)
    if len(night) > 1:  # an evening: its standings sheet, after every game's sheets
        from . import standings

        names: list[str] = []
        for _, c, _, _, _ in night:
            names += [p for p in c.players if p not in names]
        pages += standings.pages(paper, cfg.title, [label for _, _, label, _, _ in night], names,
                                who=[list(c.players) for _, c, _, _, _ in night])
    resolve(pages)
    number(pages, paper, title)
    return pages


def plays(game, cfg) -> list:
    """Every game played from this kit, in its order: (game, config, name, n, copies), the name as the
    sheets print it ("Within The Curve, game 2 of 3"; the game's name alone for a single copy)."""
    out = []
    secs = sections(game, cfg)
    for (g, c), section in zip(secs, _labelled(secs)):
        copies = getattr(c, "copies", 1)
        out += [(g, c, label, n, copies) for label, n in section]
    return out


def _labelled(secs: list) -> list[list[tuple[str, int]]]:
    """Each section's games as (name as the sheets print it, copy number): a game the kit holds several
    times, in one entry or in several, is numbered through the kit ("Add/Residue, game 3 of 4": two
    entries' sheets never both say "game 1 of 2")."""
    total: dict[tuple, int] = {}
    for g, c in secs:
        key = (g.id, c.title or g.title)
        total[key] = total.get(key, 0) + getattr(c, "copies", 1)
    done: dict[tuple, int] = {}
    out = []
    for g, c in secs:
        key, base = (g.id, c.title or g.title), c.title or g.title
        section = []
        for n in range(1, getattr(c, "copies", 1) + 1):
            done[key] = done.get(key, 0) + 1
            section.append((base + (f", game {done[key]} of {total[key]}" if total[key] > 1 else ""), n))
        out.append(section)
    return out


def scoped(block, scope: str):
    """``block`` with its anchors and page references (``sheet.ref``) made its copy's own."""
    if not isinstance(block, (Page, Panel)):
        return block
    items = [replace(it, text=REF.sub(lambda m: f"@@{scope}|{m.group(1)}@@", it.text))
             if isinstance(it, Text) and "@@" in it.text else it for it in block.items]
    return replace(block, items=items, anchors=tuple(f"{scope}|{a}" for a in block.anchors))


def resolve(pages: list[Page]) -> None:
    """Every page reference replaced by the number of the page that holds its anchor."""
    where = {a: i for i, p in enumerate(pages, 1) for a in p.anchors}
    for p in pages:
        if any(isinstance(it, Text) and "@@" in it.text for it in p.items):
            p.items = [replace(it, text=REF.sub(lambda m: str(where[m.group(1)]), it.text))
                       if isinstance(it, Text) else it for it in p.items]


def sections(game, cfg) -> list:
    """(game, config) for the config's own game and for each game its ``also`` key adds."""
    also = getattr(cfg, "also", None) or ()
    if also and cfg.title:  # the title names the evening (the page footers); each game's sheets name the game
        cfg = replace(cfg, title="")
    out = [(game, cfg)]
    for i, entry in enumerate(also):
        out.append(also_entry(cfg, i, entry))
    return out


def _grey(color):
    g = round(0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2], 3)
    return (g, g, g)


def greyscale(page: Page) -> Page:
    """The page with every colour replaced by its grey (``color: false`` prints greyscale,
    rule-sheet figures included; players stay apart by their dash patterns and symbols)."""
    items = []
    for it in page.items:
        changes = {}
        for attr in ("color", "fill"):
            value = getattr(it, attr, None)
            if value is not None:
                changes[attr] = _grey(value)
        pen = getattr(it, "pen", None)
        if pen is not None:
            changes["pen"] = replace(pen, color=_grey(pen.color))
        items.append(replace(it, **changes) if changes else it)
    return Page(page.width, page.height, items, anchors=page.anchors)


def number(pages: list[Page], paper: Paper, title: str) -> None:
    for i, page in enumerate(pages, 1):
        footer(page, paper, f"{title} \u00b7 page {i} of {len(pages)} \u00b7 printkit")


def render(pages: list[Page], formats, title: str) -> dict[str, bytes]:
    """File name -> bytes for every requested format."""
    files: dict[str, bytes] = {}
    if "pdf" in formats:
        from .writers import pdf

        files["kit.pdf"] = pdf.render(pages, title)
    if "svg" in formats:
        from .writers import svg

        for i, page in enumerate(pages, 1):
            files[f"page-{i:02d}.svg"] = svg.render(page)
    return files


def picture_bytes(pages: list[Page], path: Path, title: str) -> bytes:
    """The pages as one SVG (stacked) or PDF, by the suffix of ``path``."""
    if path.suffix.lower() == ".svg":
        from .writers import svg

        return svg.render_stack(pages)
    from .writers import pdf

    return pdf.render(pages, title)


def write_picture(pages: list[Page], path: Path, title: str, force: bool = False) -> None:
    from .output import files

    files.write_file(path, picture_bytes(pages, path, title), force=force, key="--picture")
