"""SVG writer: one page per document.

The markup is written straight from the drawing model (attributes in name order, as svgwrite wrote
them): building svgwrite's element objects cost more than all the drawing.  Texts name the font that
sets them in the PDF (``fonts``): Helvetica's stand-ins, DejaVu Sans, or the font fontconfig found.
"""

from __future__ import annotations

from xml.sax.saxutils import quoteattr

from ..draw import PT, Circle, Dots, Hit, Lines, Page, Pen, Polyline, Rect, Text
from . import fonts

FONT = fonts.HELVETICA_CSS
HEAD = ('<svg baseProfile="full" height="{h}mm" version="1.1" viewBox="0 0 {w} {h}" width="{w}mm" '
        'xmlns="http://www.w3.org/2000/svg" xmlns:ev="http://www.w3.org/2001/xml-events" '
        'xmlns:xlink="http://www.w3.org/1999/xlink"><defs /><rect fill="#ffffff" height="{h}" width="{w}" x="0" y="0" />')


def _n(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def _rgb(color) -> str:
    return "#%02x%02x%02x" % tuple(round(v * 255) for v in color)


def _text(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _attr(s: str) -> str:
    return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            .replace("\r", "&#13;").replace("\n", "&#10;").replace("\t", "&#09;"))


def _stroke(p: Pen | None) -> dict[str, str]:
    if p is None:
        return {"stroke": "none"}
    attrs = {"stroke": _rgb(p.color), "stroke-width": _n(p.width)}
    if p.dash:
        attrs["stroke-dasharray"] = " ".join(_n(d) for d in p.dash)
    if p.round:
        attrs["stroke-linecap"] = "round"
        attrs["stroke-linejoin"] = "round"
    return attrs


def _el(name: str, attrs: dict[str, str], body: str | None = None) -> str:
    a = " ".join(f'{k}="{_attr(v)}"' for k, v in sorted(attrs.items()))
    return f"<{name} {a} />" if body is None else f"<{name} {a}>{body}</{name}>"


def _hit(it: Hit) -> str:
    """An invisible shape the entry page points at: ``data-ref`` names it, the page's style shows marks.
    Written after the drawing, so that it is on top (a board has hundreds; they never reach a printed kit)."""
    attrs = f'class={quoteattr(f"hit {it.kind}".strip())} data-ref={quoteattr(it.ref)} pointer-events="all"'
    if it.end is not None:
        return (f'<line {attrs} x1="{_n(it.x)}" y1="{_n(it.y)}" x2="{_n(it.x + it.end[0])}" '
                f'y2="{_n(it.y + it.end[1])}" stroke="#000" stroke-opacity="0" stroke-width="{_n(it.w)}" '
                f'stroke-linecap="round" />')
    if it.round:
        return (f'<ellipse {attrs} cx="{_n(it.x + it.w / 2)}" cy="{_n(it.y + it.h / 2)}" rx="{_n(it.w / 2)}" '
                f'ry="{_n(it.h / 2)}" fill="none" />')
    return f'<rect {attrs} x="{_n(it.x)}" y="{_n(it.y)}" width="{_n(it.w)}" height="{_n(it.h)}" fill="none" />'


def _text_el(it: Text) -> str:
    attrs = {"font-size": _n(it.size * PT), "fill": _rgb(it.color), "x": _n(it.x), "y": _n(it.y)}
    if it.anchor != "start":
        attrs["text-anchor"] = it.anchor
    if it.bold:
        attrs["font-weight"] = "bold"
    if it.text.isascii():
        attrs["font-family"] = FONT
        return _el("text", attrs, _text(it.text))
    parts = fonts.runs(it.text, it.bold)
    if len(parts) == 1:
        attrs["font-family"] = parts[0][1]
        return _el("text", attrs, _text(parts[0][2]))
    attrs["font-family"] = FONT
    return _el("text", attrs, "".join(_el("tspan", {"font-family": css}, _text(part)) for _, css, part in parts))


def render(page: Page) -> bytes:
    """The page as an SVG document sized in millimetres."""
    w, h = _n(page.width), _n(page.height)
    out = [HEAD.format(w=w, h=h)]
    add = out.append
    hits: list[str] = []
    for it in page.items:
        if isinstance(it, Text):
            add(_text_el(it))
        elif isinstance(it, Lines):
            d = " ".join(f"M{_n(a)} {_n(b)}L{_n(c)} {_n(e)}" for a, b, c, e in it.segments)
            add(_el("path", {"d": d, "fill": "none", **_stroke(it.pen)}))
        elif isinstance(it, Dots):
            d = " ".join(f"M{_n(x)} {_n(y)}h0" for x, y in it.points)
            add(_el("path", {"d": d, "fill": "none", **_stroke(Pen(it.color, it.diameter, (), True))}))
        elif isinstance(it, Hit):
            hits.append(_hit(it))
        else:
            fill = _rgb(it.fill) if it.fill is not None else "none"
            if isinstance(it, Rect):
                add(_el("rect", {"x": _n(it.x), "y": _n(it.y), "width": _n(it.w), "height": _n(it.h), "fill": fill,
                                 **_stroke(it.pen)}))
            elif isinstance(it, Circle):
                add(_el("circle", {"cx": _n(it.cx), "cy": _n(it.cy), "r": _n(it.r), "fill": fill, **_stroke(it.pen)}))
            elif isinstance(it, Polyline):
                pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in it.points)
                add(_el("polygon" if it.closed else "polyline", {"points": pts, "fill": fill, **_stroke(it.pen)}))
            else:  # pragma: no cover
                raise TypeError(f"cannot draw {it!r}")
    out += hits  # on top of everything, in the order given
    add("</svg>")
    return "".join(out).encode("utf-8")


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
