"""PDF writer (reportlab).

reportlab keeps the document: pages, fonts (TrueType subsets embedded where ``fonts`` picks one),
compression and the file.  The page content is written here as PDF operators, straight from the
drawing model: a graphics state is set only when it changes, a grid or a dot array is one path, and
consecutive texts share one text block (``BT ... ET``), their font set only when it changes.
"""

from __future__ import annotations

import io
from typing import Sequence

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getFont, unicode2T1
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from ..draw import Circle, Dots, Hit, Lines, Page, Pen, Polyline, Rect, Text
from . import fonts

KAPPA = 0.5522847498  # a quarter circle as one Bezier curve


def render(pages: Sequence[Page], title: str = "printkit") -> bytes:
    """The pages as one PDF document; the same pages always give the same bytes."""
    buf = io.BytesIO()
    first = pages[0]
    c = Canvas(buf, pagesize=(first.width * mm, first.height * mm), invariant=1, pageCompression=1)
    c.setTitle(title)
    c.setAuthor("printkit")
    c.setCreator("printkit")
    c.setProducer("printkit")
    doc = c._doc  # reportlab names fonts and font subsets in its document, and has no public handle on it
    names = _Fonts(doc)
    for page in pages:
        c.setPageSize((page.width * mm, page.height * mm))
        out: list[str] = []
        _Page(doc, page.height * mm, names).draw(page.items, out)
        if out:
            c.addLiteral("\n".join(out))  # the page's operators, as reportlab's own drawing adds them
        c.showPage()
    c.save()
    return buf.getvalue()


class _Page:
    """One page's operators; state (colours, pen, font) is written only when it changes."""

    def __init__(self, doc, height: float, fonts: "_Fonts"):
        self.doc = doc
        self.fonts = fonts
        self.h = height  # points: y is flipped, the model's origin is the top-left corner
        self.stroke = self.fill = self.width = self.dash = self.cap = None
        self.font: tuple | None = None

    # -- state

    def pen(self, p: Pen, out: list[str]) -> None:
        if p.color != self.stroke:
            self.stroke = p.color
            out.append(f"{fp_str(*p.color)} RG")
        if p.width != self.width:
            self.width = p.width
            out.append(f"{fp_str(p.width * mm)} w")
        if p.dash != self.dash:
            self.dash = p.dash
            out.append(f"[{fp_str(*[d * mm for d in p.dash])}] 0 d" if p.dash else "[] 0 d")
        if p.round != self.cap:
            self.cap = p.round
            out.append("1 J 1 j" if p.round else "0 J 0 j")

    def paint(self, color, out: list[str]) -> None:
        if color != self.fill:
            self.fill = color
            out.append(f"{fp_str(*color)} rg")

    def xy(self, x: float, y: float) -> str:
        return fp_str(x * mm, self.h - y * mm)

    # -- drawing

    def draw(self, items, out: list[str]) -> None:
        text_open = False
        for it in items:
            if isinstance(it, Text):
                if not text_open:
                    out.append("BT")
                    text_open = True
                self.text(it, out)
                continue
            if isinstance(it, Hit):
                continue  # a place to point at on screen: nothing to print
            if text_open:
                out.append("ET")
                text_open = False
            if isinstance(it, (Lines, Dots)) and not (it.segments if isinstance(it, Lines) else it.points):
                continue  # nothing to stroke
            if isinstance(it, Lines):
                self.pen(it.pen, out)
                xy = self.xy
                out.append(" ".join(f"{xy(a, b)} m {xy(c, d)} l" for a, b, c, d in it.segments) + " S")
            elif isinstance(it, Dots):
                self.pen(Pen(it.color, it.diameter, (), True), out)
                out.append(" ".join(f"{p} m {p} l" for p in (self.xy(x, y) for x, y in it.points)) + " S")
            else:
                self.shape(it, out)
        if text_open:
            out.append("ET")

    def shape(self, it, out: list[str]) -> None:
        if it.pen is not None:
            self.pen(it.pen, out)
        if it.fill is not None:
            self.paint(it.fill, out)
        op = "B" if it.pen is not None and it.fill is not None else "f" if it.fill is not None else "S"
        if it.pen is None and it.fill is None:
            return
        if isinstance(it, Rect):
            out.append(f"{fp_str(it.x * mm, self.h - (it.y + it.h) * mm, it.w * mm, it.h * mm)} re {op}")
        elif isinstance(it, Circle):
            x, y, r = it.cx * mm, self.h - it.cy * mm, it.r * mm
            k = r * KAPPA
            out.append(f"{fp_str(x + r, y)} m {fp_str(x + r, y + k, x + k, y + r, x, y + r)} c "
                       f"{fp_str(x - k, y + r, x - r, y + k, x - r, y)} c {fp_str(x - r, y - k, x - k, y - r, x, y - r)} c "
                       f"{fp_str(x + k, y - r, x + r, y - k, x + r, y)} c h {op}")
        elif isinstance(it, Polyline):
            xy = self.xy
            (x0, y0), *rest = it.points
            path = f"{xy(x0, y0)} m " + " ".join(f"{xy(x, y)} l" for x, y in rest)
            out.append(path + (" h " if it.closed else " ") + op)
        else:  # pragma: no cover - the model has no other shapes
            raise TypeError(f"cannot draw {it!r}")

    def text(self, it: Text, out: list[str]) -> None:
        if it.color != self.fill:
            self.fill = it.color
            out.append(f"{fp_str(*it.color)} rg")
        s = it.text
        x = it.x * mm
        if s.isascii():  # the common case: one run of Helvetica, its bytes the text itself
            font = self.fonts.helvetica(it.bold)
            if it.anchor != "start":
                w = sum(map(fonts.ascii_widths(it.bold).__getitem__, s.encode("ascii"))) * it.size * 0.001
                x -= w / 2 if it.anchor == "middle" else w
            self.set_font(self.fonts.name(font.fontName), it.size, out)
            out.append(f"1 0 0 1 {fp_str(x, self.h - it.y * mm)} Tm ({escapePDF(s)}) Tj")
            return
        parts = fonts.runs(s, it.bold)
        if it.anchor != "start":
            w = sum(getFont(name).stringWidth(part, it.size) for name, _, part in parts)
            x -= w / 2 if it.anchor == "middle" else w
        out.append(f"1 0 0 1 {fp_str(x, self.h - it.y * mm)} Tm")
        for name, _, part in parts:
            font = getFont(name)
            faux = it.bold and fonts.lacks_bold(name)  # bold without a bold face: letters filled and stroked
            if faux:
                self.stroke, self.width = it.color, it.size * FAUX_BOLD / mm
                out.append(f"{fp_str(*it.color)} RG {fp_str(it.size * FAUX_BOLD)} w 2 Tr")
            if isinstance(font, TTFont):  # TrueType: the text goes in subsets of up to 256 glyphs
                for subset, data in font.splitString(part, self.doc):
                    self.set_font(font.getSubsetInternalName(subset, self.doc), it.size, out)
                    out.append(f"({escapePDF(data)}) Tj")
            else:  # WinAnsi, with Symbol and ZapfDingbats for the symbols they have (as reportlab does)
                for f, data in unicode2T1(part, [font] + font.substitutionFonts):
                    self.set_font(self.fonts.name(f.fontName), it.size, out)
                    out.append(f"({escapePDF(data)}) Tj")
            if faux:
                out.append("0 Tr")

    def set_font(self, name: str, size: float, out: list[str]) -> None:
        if self.font != (name, size):
            self.font = (name, size)
            out.append(f"{name} {fp_str(size)} Tf")


FAUX_BOLD = 0.035  # the stroke of bold letters set in a font without a bold face, as a share of the size


class _Fonts:
    """The document's built-in fonts and their internal names (/F1, ...), looked up once."""

    def __init__(self, doc):
        self.doc = doc
        self.names: dict[str, str] = {}
        self.helv = (getFont(fonts.HELVETICA), getFont(fonts.HELVETICA_BOLD))

    def helvetica(self, bold: bool):
        return self.helv[bold]

    def name(self, font: str) -> str:
        name = self.names.get(font)
        if name is None:
            name = self.names[font] = self.doc.getInternalFontName(font)
        return name
