"""Putting a kit together and writing it to disk, atomically."""

from __future__ import annotations

from pathlib import Path

from . import rulesheet
from .model import also_entry
from .draw import Page
from .sheet import Paper, footer, pack, paper as make_paper


def build(game, cfg, paper_name: str | None = None) -> list[Page]:
    """Each game's rule sheet and cards once, then its play sheets ``copies`` times, sheets smaller than a
    page packed together (``sheet.pack``); the config's game first, then each game under ``also``.
    Page numbers run through the whole kit."""
    paper = make_paper(paper_name or cfg.paper)
    title = cfg.title or game.title
    pages: list[Page] = []
    for g, c in sections(game, cfg):
        blocks = g.kit(c, paper)
        for _ in range(getattr(c, "copies", 1) - 1):  # drawn again: a sheet that runs on is used up once printed
            blocks += [b for b in g.kit(c, paper) if not getattr(b, "card", False)]
        once = [b for b in blocks if getattr(b, "card", False)]
        part = pack(paper, rulesheet.pages(g, paper, c.title), once + [b for b in blocks if not getattr(b, "card", False)])
        if not getattr(c, "color", True):
            part = [greyscale(p) for p in part]
        pages += part
    number(pages, paper, title)
    return pages


def sections(game, cfg) -> list:
    """(game, config) for the config's own game and for each game its ``also`` key adds."""
    also = getattr(cfg, "also", None) or ()
    if also and cfg.title:  # the title names the evening (the page footers); each game's sheets name the game
        from msgspec.structs import replace

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
    from msgspec.structs import replace

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
    return Page(page.width, page.height, items)


def number(pages: list[Page], paper: Paper, title: str) -> None:
    for i, page in enumerate(pages, 1):
        footer(page, paper, f"{title} \u00b7 page {i} of {len(pages)} \u00b7 printkit")


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` whole with ``data`` (temporary name unique to the run, then a rename): never half
    a file; OSError on failure.  For callers that save their own file again and again (the entry page);
    a command writes through ``files.write_file``, which also checks the target and the overwrite rule."""
    from .output import files

    Path(path).parent.mkdir(parents=True, exist_ok=True)
    files.replace_file(path, data)


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
