"""SVG writer (svgwrite): one page per document.

Texts name the font that sets them in the PDF (``fonts``): Helvetica's stand-ins, DejaVu Sans, or the font
fontconfig found.  The entry page's places to point at (``Hit``) are written as text after the drawing: a
board has hundreds of them, and they never reach a printed kit.
"""

from __future__ import annotations

from xml.sax.saxutils import quoteattr

import svgwrite

from ..draw import PT, Circle, Dots, Hit, Lines, Page, Pen, Polyline, Rect, Text
from . import fonts

FONT = fonts.HELVETICA_CSS
ANCHORS = {"start": "start", "middle": "middle", "end": "end"}


def _n(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def _rgb(color) -> str:
    return "#%02x%02x%02x" % tuple(round(v * 255) for v in color)


def _stroke(p: Pen | None) -> dict:
    if p is None:
        return {"stroke": "none"}
    attrs = {"stroke": _rgb(p.color), "stroke_width": _n(p.width)}
    if p.dash:
        attrs["stroke_dasharray"] = " ".join(_n(d) for d in p.dash)
    if p.round:
        attrs["stroke_linecap"] = "round"
        attrs["stroke_linejoin"] = "round"
    return attrs


def _hit(it: Hit) -> str:
    """An invisible shape the entry page points at: ``data-ref`` names it, the page's style shows marks.
    Written after the drawing, so that it is on top (a board has hundreds; they never reach a printed kit)."""
    attrs = f'class={quoteattr(f"hit {it.kind}".strip())} data-ref={quoteattr(it.ref)} pointer-events="all"'
    if it.cells is not None:  # a grid: read by the page, pointed through
        rows, cols = it.cells
        attrs = (f'class={quoteattr(f"hit {it.kind}".strip())} data-ref={quoteattr(it.ref)} data-rows="{rows}" '
                 f'data-cols="{cols}" pointer-events="none"')
    if it.end is not None:
        return (f'<line {attrs} x1="{_n(it.x)}" y1="{_n(it.y)}" x2="{_n(it.x + it.end[0])}" '
                f'y2="{_n(it.y + it.end[1])}" stroke="#000" stroke-opacity="0" stroke-width="{_n(it.w)}" '
                f'stroke-linecap="round" />')
    if it.round:
        return (f'<ellipse {attrs} cx="{_n(it.x + it.w / 2)}" cy="{_n(it.y + it.h / 2)}" rx="{_n(it.w / 2)}" '
                f'ry="{_n(it.h / 2)}" fill="none" />')
    return f'<rect {attrs} x="{_n(it.x)}" y="{_n(it.y)}" width="{_n(it.w)}" height="{_n(it.h)}" fill="none" />'


def _text(dwg: svgwrite.Drawing, it: Text):
    attrs = {"font_size": _n(it.size * PT), "fill": _rgb(it.color)}
    if it.anchor != "start":
        attrs["text_anchor"] = ANCHORS[it.anchor]
    if it.bold:
        attrs["font_weight"] = "bold"
    at = (_n(it.x), _n(it.y))
    if it.text.isascii():
        return dwg.text(it.text, insert=at, font_family=FONT, **attrs)
    parts = fonts.runs(it.text, it.bold)
    if len(parts) == 1:
        return dwg.text(parts[0][2], insert=at, font_family=parts[0][1], **attrs)
    el = dwg.text("", insert=at, font_family=FONT, **attrs)
    for _, css, part in parts:
        el.add(dwg.tspan(part, font_family=css))
    return el


def render(page: Page) -> bytes:
    """The page as an SVG document sized in millimetres."""
    w, h = _n(page.width), _n(page.height)
    dwg = svgwrite.Drawing(size=(f"{w}mm", f"{h}mm"), viewBox=f"0 0 {w} {h}", debug=False, profile="full")
    dwg.add(dwg.rect((0, 0), (w, h), fill="#ffffff"))
    hits: list[str] = []
    for it in page.items:
        if isinstance(it, Lines):
            d = " ".join(f"M{_n(a)} {_n(b)}L{_n(c)} {_n(e)}" for a, b, c, e in it.segments)
            dwg.add(dwg.path(d=d, fill="none", **_stroke(it.pen)))
        elif isinstance(it, Dots):
            d = " ".join(f"M{_n(x)} {_n(y)}h0" for x, y in it.points)
            dwg.add(dwg.path(d=d, fill="none", **_stroke(Pen(it.color, it.diameter, (), True))))
        elif isinstance(it, Text):
            dwg.add(_text(dwg, it))
        elif isinstance(it, Hit):
            hits.append(_hit(it))
        else:
            fill = _rgb(it.fill) if it.fill is not None else "none"
            if isinstance(it, Rect):
                dwg.add(dwg.rect((_n(it.x), _n(it.y)), (_n(it.w), _n(it.h)), fill=fill, **_stroke(it.pen)))
            elif isinstance(it, Circle):
                dwg.add(dwg.circle((_n(it.cx), _n(it.cy)), _n(it.r), fill=fill, **_stroke(it.pen)))
            elif isinstance(it, Polyline):
                pts = [(_n(x), _n(y)) for x, y in it.points]
                shape = dwg.polygon if it.closed else dwg.polyline
                dwg.add(shape(pts, fill=fill, **_stroke(it.pen)))
            else:  # pragma: no cover
                raise TypeError(f"cannot draw {it!r}")
    out = dwg.tostring()
    if hits:  # on top of everything, in the order given
        out = out[: -len("</svg>")] + "".join(hits) + "</svg>"
    return out.encode("utf-8")


def render_stack(pages: list[Page], gap: float = 6.0) -> bytes:
    """Several pages one below the other in a single SVG (for pictures)."""
    if len(pages) == 1:
        return render(pages[0])
    width = max(p.width for p in pages)
    y = 0.0
    stacked = Page(width, 0.0)
    for p in pages:
        stacked.items.extend(it.moved(0, y) for it in p.items)
        stacked.items.append(Rect(0, y, p.width, p.height, Pen((0.7, 0.7, 0.7), 0.2)))
        y += p.height + gap
    stacked.height = y - gap
    return render(stacked)
