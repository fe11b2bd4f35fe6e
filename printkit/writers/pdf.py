"""PDF writer (reportlab)."""

from __future__ import annotations

import io
from typing import Sequence

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..draw import Circle, Dots, Hit, Lines, Page, Pen, Polyline, Rect, Text

FONTS = {False: "Helvetica", True: "Helvetica-Bold"}


def render(pages: Sequence[Page], title: str = "printkit") -> bytes:
    """The pages as one PDF document; the same pages always give the same bytes."""
    buf = io.BytesIO()
    first = pages[0]
    c = Canvas(buf, pagesize=(first.width * mm, first.height * mm), invariant=1, pageCompression=1)
    c.setTitle(title)
    c.setAuthor("printkit")
    c.setCreator("printkit")
    c.setProducer("printkit")
    for page in pages:
        c.setPageSize((page.width * mm, page.height * mm))
        _page(c, page)
        c.showPage()
    c.save()
    return buf.getvalue()


def _page(c: Canvas, page: Page) -> None:
    h = page.height
    state: dict[str, object] = {}

    def pen(p: Pen) -> None:
        key = (p.color, p.width, p.dash, p.round)
        if state.get("pen") == key:
            return
        state["pen"] = key
        c.setStrokeColorRGB(*p.color)
        c.setLineWidth(p.width * mm)
        c.setDash([d * mm for d in p.dash] if p.dash else [])
        c.setLineCap(1 if p.round else 0)
        c.setLineJoin(1 if p.round else 0)

    def fill(color) -> None:
        if state.get("fill") != color:
            state["fill"] = color
            c.setFillColorRGB(*color)

    for it in page.items:
        if isinstance(it, Lines):
            pen(it.pen)
            path = c.beginPath()
            for x1, y1, x2, y2 in it.segments:
                path.moveTo(x1 * mm, (h - y1) * mm)
                path.lineTo(x2 * mm, (h - y2) * mm)
            c.drawPath(path, stroke=1, fill=0)
        elif isinstance(it, Dots):
            pen(Pen(it.color, it.diameter, (), True))
            path = c.beginPath()
            for x, y in it.points:
                path.moveTo(x * mm, (h - y) * mm)
                path.lineTo(x * mm, (h - y) * mm)
            c.drawPath(path, stroke=1, fill=0)
        elif isinstance(it, Text):
            fill(it.color)
            c.setFont(FONTS[it.bold], it.size)
            x, y = it.x * mm, (h - it.y) * mm
            if it.anchor == "middle":
                c.drawCentredString(x, y, it.text)
            elif it.anchor == "end":
                c.drawRightString(x, y, it.text)
            else:
                c.drawString(x, y, it.text)
        elif isinstance(it, Hit):
            continue  # a place to point at on screen: nothing to print
        else:
            if it.pen:
                pen(it.pen)
            if it.fill is not None:
                fill(it.fill)
            stroke, filled = int(it.pen is not None), int(it.fill is not None)
            if isinstance(it, Rect):
                c.rect(it.x * mm, (h - it.y - it.h) * mm, it.w * mm, it.h * mm, stroke=stroke, fill=filled)
            elif isinstance(it, Circle):
                c.circle(it.cx * mm, (h - it.cy) * mm, it.r * mm, stroke=stroke, fill=filled)
            elif isinstance(it, Polyline):
                path = c.beginPath()
                (x0, y0), *rest = it.points
                path.moveTo(x0 * mm, (h - y0) * mm)
                for x, y in rest:
                    path.lineTo(x * mm, (h - y) * mm)
                if it.closed:
                    path.close()
                c.drawPath(path, stroke=stroke, fill=filled)
            else:  # pragma: no cover - the model has no other shapes
                raise TypeError(f"cannot draw {it!r}")
