"""Putting a kit together and writing it to disk, atomically."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from . import rulesheet
from .draw import Page
from .sheet import Paper, footer, paper as make_paper


def build(game, cfg, paper_name: str | None = None) -> list[Page]:
    """Rule sheet, then the game's sheets, with page numbers."""
    paper = make_paper(paper_name or cfg.paper)
    title = cfg.title or game.title
    pages = rulesheet.pages(game, paper, cfg.title) + game.kit(cfg, paper)
    number(pages, paper, title)
    if not getattr(cfg, "color", True):
        pages = [greyscale(p) for p in pages]
    return pages


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
    """Write ``data`` to ``path`` via a temporary file and a rename: never half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


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


def write_picture(pages: list[Page], path: Path, title: str) -> None:
    if path.suffix.lower() == ".svg":
        from .writers import svg

        write_atomic(path, svg.render_stack(pages))
    else:
        from .writers import pdf

        write_atomic(path, pdf.render(pages, title))
