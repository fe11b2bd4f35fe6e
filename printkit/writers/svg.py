"""SVG writer: one page per document.

Written directly as text (no SVG library: importing svgwrite and building its element tree cost
more than the rest of ``printkit make``).  The markup is what svgwrite wrote before: attributes
in sorted order, ElementTree's escaping, so files stay byte-identical across versions.
"""

from __future__ import annotations

from ..draw import PT, Circle, Dots, Lines, Page, Pen, Polyline, Rect, Text

FONT = "Helvetica, Arial, 'Liberation Sans', sans-serif"
ANCHORS = {"start": "start", "middle": "middle", "end": "end"}
HEAD = ('<svg baseProfile="full" height="{h}mm" version="1.1" viewBox="0 0 {w} {h}" width="{w}mm" '
        'xmlns="http://www.w3.org/2000/svg" xmlns:ev="http://www.w3.org/2001/xml-events" '
        'xmlns:xlink="http://www.w3.org/1999/xlink"><defs />')


def _n(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def _rgb(color) -> str:
    return "#%02x%02x%02x" % tuple(round(v * 255) for v in color)


def _stroke(p: Pen | None) -> dict:
    if p is None:
        return {"stroke": "none"}
    attrs = {"stroke": _rgb(p.color), "stroke-width": _n(p.width)}
    if p.dash:
        attrs["stroke-dasharray"] = " ".join(_n(d) for d in p.dash)
    if p.round:
        attrs["stroke-linecap"] = "round"
        attrs["stroke-linejoin"] = "round"
    return attrs


def _attr(value: str) -> str:
    return (value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            .replace("\r", "&#13;").replace("\n", "&#10;").replace("\t", "&#09;"))


def _cdata(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _element(tag: str, attrs: dict, text: str = "") -> str:
    inner = " ".join(f'{k}="{_attr(v)}"' for k, v in sorted(attrs.items()) if v)
    return f"<{tag} {inner}>{_cdata(text)}</{tag}>" if text else f"<{tag} {inner} />"


def render(page: Page) -> bytes:
    """The page as an SVG document sized in millimetres."""
    w, h = _n(page.width), _n(page.height)
    out = [HEAD.format(w=w, h=h), _element("rect", {"fill": "#ffffff", "height": h, "width": w, "x": "0", "y": "0"})]
    for it in page.items:
        if isinstance(it, Lines):
            d = " ".join(f"M{_n(a)} {_n(b)}L{_n(c)} {_n(e)}" for a, b, c, e in it.segments)
            out.append(_element("path", {"d": d, "fill": "none", **_stroke(it.pen)}))
        elif isinstance(it, Dots):
            d = " ".join(f"M{_n(x)} {_n(y)}h0" for x, y in it.points)
            out.append(_element("path", {"d": d, "fill": "none", **_stroke(Pen(it.color, it.diameter, (), True))}))
        elif isinstance(it, Text):
            attrs = {"font-size": _n(it.size * PT), "font-family": FONT, "fill": _rgb(it.color),
                     "x": _n(it.x), "y": _n(it.y)}
            if it.anchor != "start":
                attrs["text-anchor"] = ANCHORS[it.anchor]
            if it.bold:
                attrs["font-weight"] = "bold"
            out.append(_element("text", attrs, str(it.text)))
        else:
            fill = _rgb(it.fill) if it.fill is not None else "none"
            if isinstance(it, Rect):
                out.append(_element("rect", {"x": _n(it.x), "y": _n(it.y), "width": _n(it.w), "height": _n(it.h),
                                             "fill": fill, **_stroke(it.pen)}))
            elif isinstance(it, Circle):
                out.append(_element("circle", {"cx": _n(it.cx), "cy": _n(it.cy), "r": _n(it.r), "fill": fill,
                                               **_stroke(it.pen)}))
            elif isinstance(it, Polyline):
                pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in it.points)
                out.append(_element("polygon" if it.closed else "polyline", {"points": pts, "fill": fill,
                                                                             **_stroke(it.pen)}))
            else:  # pragma: no cover
                raise TypeError(f"cannot draw {it!r}")
    out.append("</svg>")
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
