"""Geometry read back from a real PDF (pdfplumber): ink boxes, text runs, grids, dot arrays.

All results are in millimetres from the page's top-left corner, like the drawing model,
but nothing here looks at the drawing model: it only reads the PDF.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

MM = 72 / 25.4


@dataclass
class Ink:
    kind: str  # char | line | rect | curve | dot
    x0: float
    top: float
    x1: float
    bottom: float
    what: str

    def __str__(self) -> str:
        return f"{self.kind} {self.what!r} at x {self.x0:.2f}..{self.x1:.2f} mm, y {self.top:.2f}..{self.bottom:.2f} mm"


def ink(page) -> list[Ink]:
    """Every mark on the page with the extent of its ink (stroke half-widths included)."""
    out: list[Ink] = []
    for run in text_runs(page):
        out.append(Ink("char", run.x0, run.top, run.x1, run.bottom, run.text))
    for obj in page.lines:
        half = (obj["linewidth"] or 0) / 2 if obj.get("stroke", True) else 0
        (ax, ay), (bx, by) = obj["pts"][0], obj["pts"][-1]
        if abs(ax - bx) < 1e-6 and abs(ay - by) < 1e-6:  # a dot: zero-length stroke with round caps
            out.append(_box("dot", obj, half, half))
        elif abs(ay - by) < 1e-6:  # horizontal, butt caps: the width only widens it vertically
            out.append(_box("line", obj, 0, half))
        elif abs(ax - bx) < 1e-6:
            out.append(_box("line", obj, half, 0))
        else:
            out.append(_box("line", obj, half, half))
    for obj in page.rects:
        half = (obj["linewidth"] or 0) / 2 if obj.get("stroke") else 0
        out.append(_box("rect", obj, half, half))
    for obj in page.curves:
        half = (obj["linewidth"] or 0) / 2 if obj.get("stroke") else 0
        out.append(_box("curve", obj, half, half))
    return out


def _box(kind: str, obj: dict, hx: float, hy: float) -> Ink:
    return Ink(kind, (obj["x0"] - hx) / MM, (obj["top"] - hy) / MM, (obj["x1"] + hx) / MM, (obj["bottom"] + hy) / MM,
               f"{obj['x0'] / MM:.1f},{obj['top'] / MM:.1f} width {obj.get('linewidth') or 0:.2f}pt")


# ---------------------------------------------------------------- text

@dataclass
class Run:
    """One string as drawn: consecutive characters on one baseline, each starting where the last ended."""

    text: str
    size: float
    x0: float
    x1: float
    baseline: float
    top: float  # glyph box (cap height to descender), mm
    bottom: float
    page: int

    def overlaps(self, other: "Run", slack: float = 0.05) -> bool:
        return (min(self.x1, other.x1) - max(self.x0, other.x0) > slack
                and min(self.bottom, other.bottom) - max(self.top, other.top) > slack)


ASCENT, DESCENT = 0.72, 0.21  # Helvetica's cap height and descender, as a fraction of the size


def text_runs(page) -> list[Run]:
    runs: list[Run] = []
    cur: list[dict] = []

    def flush() -> None:
        chars = [c for c in cur if c["text"].strip()]
        if chars:
            size = max(c["size"] for c in chars)
            base = cur[0]["matrix"][5]
            base_mm = (float(page.height) - base) / MM
            runs.append(Run("".join(c["text"] for c in cur).strip(), size, chars[0]["x0"] / MM, chars[-1]["x1"] / MM,
                            base_mm, base_mm - ASCENT * size / MM, base_mm + DESCENT * size / MM, page.page_number))
        cur.clear()

    for ch in page.chars:
        if cur:
            last = cur[-1]
            same = (abs(ch["matrix"][5] - last["matrix"][5]) < 0.01 and abs(ch["x0"] - last["x1"]) < 0.05
                    and ch["fontname"] == last["fontname"] and abs(ch["size"] - last["size"]) < 0.01)
            if not same:
                flush()
        cur.append(ch)
    flush()
    return runs


def overlapping_text(page) -> list[tuple[Run, Run]]:
    runs = sorted(text_runs(page), key=lambda r: r.x0)
    out = []
    for i, a in enumerate(runs):
        for b in runs[i + 1:]:
            if b.x0 >= a.x1:
                break
            if a.overlaps(b):
                out.append((a, b))
    return out


# ---------------------------------------------------------------- grids

@dataclass
class Lattice:
    kind: str  # "grid" (ruled cells) or "dots"
    pitch_x: float
    pitch_y: float
    cols: int
    rows: int
    x: float
    y: float

    @property
    def cell(self) -> float:
        return min(self.pitch_x, self.pitch_y)

    def __str__(self) -> str:
        return (f"{self.kind} of {self.cols}x{self.rows} at ({self.x:.1f}, {self.y:.1f}) mm: "
                f"{self.pitch_x:.2f} x {self.pitch_y:.2f} mm cells")


def _runs(values: list[float], tol: float = 0.05, least: int = 3) -> list[tuple[float, float, int]]:
    """Maximal runs of >= ``least`` equally spaced values: (start, pitch, count)."""
    vs = sorted(set(round(v, 3) for v in values))
    merged: list[float] = []
    for v in vs:
        if not merged or v - merged[-1] > tol:
            merged.append(v)
    out = []
    i = 0
    while i + 1 < len(merged):
        pitch = merged[i + 1] - merged[i]
        j = i + 1
        while j + 1 < len(merged) and abs(merged[j + 1] - merged[j] - pitch) <= tol:
            j += 1
        if j - i + 1 >= least:
            out.append((merged[i], pitch, j - i + 1))
        i = j if j > i + 1 else i + 1
    return out


def lattices(page) -> list[Lattice]:
    """Ruled grids (equally spaced horizontal and vertical lines crossing each other, including tables
    with equal columns) and dot arrays (equally spaced dots in rows)."""
    hs: dict[tuple, list[float]] = defaultdict(list)  # (x0, x1) -> y values
    vs: dict[tuple, list[float]] = defaultdict(list)  # (top, bottom) -> x values
    dot_rows: dict[float, list[float]] = defaultdict(list)
    for obj in page.lines:
        (ax, ay), (bx, by) = obj["pts"][0], obj["pts"][-1]
        ax, ay, bx, by = ax / MM, ay / MM, bx / MM, by / MM
        if abs(ax - bx) < 1e-4 and abs(ay - by) < 1e-4:
            dot_rows[round(ay, 2)].append(ax)
        elif abs(ay - by) < 1e-4 and abs(ax - bx) > 1:
            hs[(round(min(ax, bx), 1), round(max(ax, bx), 1))].append(ay)
        elif abs(ax - bx) < 1e-4 and abs(ay - by) > 1:
            vs[(round(min(ay, by), 1), round(max(ay, by), 1))].append(ax)
    for obj in page.rects:  # a grid may also be drawn as a stack of rectangles
        x0, x1, t, b = obj["x0"] / MM, obj["x1"] / MM, obj["top"] / MM, obj["bottom"] / MM
        if obj.get("stroke") and x1 - x0 > 1 and b - t > 1:
            hs[(round(x0, 1), round(x1, 1))] += [t, b]
            vs[(round(t, 1), round(b, 1))] += [x0, x1]
    out: list[Lattice] = []
    for (x0, x1), ys in hs.items():
        for y0, py, ny in _runs(ys):
            y1 = y0 + py * (ny - 1)
            xs = [x for (t, b), xv in vs.items() if t <= y0 + 0.1 and b >= y1 - 0.1 for x in xv
                  if x0 - 0.1 <= x <= x1 + 0.1]
            for xs0, px, nx in _runs(xs):
                out.append(Lattice("grid", px, py, nx - 1, ny - 1, xs0, y0))
    # dot arrays: rows of equally spaced dots, stacked at an equal pitch
    rows = []
    for y, xs in dot_rows.items():
        for x0, px, nx in _runs(xs):
            rows.append((round(x0, 1), round(px, 2), nx, y))
    by_shape: dict[tuple, list[float]] = defaultdict(list)
    for x0, px, nx, y in rows:
        by_shape[(x0, px, nx)].append(y)
    for (x0, px, nx), ys in by_shape.items():
        runs = _runs(ys, least=2)
        if not runs:
            out.append(Lattice("dots", px, px, nx, 1, x0, ys[0]))
        for y0, py, ny in runs:
            out.append(Lattice("dots", px, py, nx, ny, x0, y0))
    return out
