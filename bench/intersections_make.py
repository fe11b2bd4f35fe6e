"""printkit make on the intersections preset, next to a minimal reportlab script that prints the same pages.

The baseline is what a short hand-written script would do with reportlab to print these pages, with the
same PDF settings as printkit (compressed page streams, no dates or random ids): it draws the very shapes
of printkit's pages (taken once from printkit's drawing model, so both print the same thing), each with
reportlab's plain canvas calls: ``lines`` for a grid or a log's rules, one path of round dots for a dot
array, ``drawString`` / ``drawCentredString`` / ``drawRightString`` for each text, ``rect``, ``circle``.

The SVG pages are compared likewise with a minimal svgwrite script (one element object per shape).

Figures, medians of runs taken in turns (ours, baseline, ours, ...), since the machine is shared:
- work: in this process with imports warm.  printkit: read and check the config, lay out every page
  (rule sheet included), write the PDF.  Baseline: draw the given shapes and write the PDF.
- command: the whole command in a fresh process (printkit's includes its command line's start-up).
- bytes of the PDF each writes.

    python bench/intersections_make.py [--runs 9]
"""

from __future__ import annotations

import argparse
import io
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRESET = ROOT / "layouts" / "intersections.yaml"

BASELINE = r'''
import pickle, sys
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

def draw(pages, out):
    c = Canvas(out, pagesize=(pages[0][0] * mm, pages[0][1] * mm), invariant=1, pageCompression=1)
    for w, h, shapes in pages:
        c.setPageSize((w * mm, h * mm))
        for kind, *a in shapes:
            if kind == "lines":
                segs, width, rgb, dash = a
                c.setStrokeColorRGB(*rgb); c.setLineWidth(width * mm); c.setDash([d * mm for d in dash]); c.setLineCap(0)
                c.lines([(x1 * mm, (h - y1) * mm, x2 * mm, (h - y2) * mm) for x1, y1, x2, y2 in segs])
            elif kind == "dots":
                points, d, rgb = a
                c.setStrokeColorRGB(*rgb); c.setLineWidth(d * mm); c.setDash([]); c.setLineCap(1)
                p = c.beginPath()
                for x, y in points:
                    p.moveTo(x * mm, (h - y) * mm); p.lineTo(x * mm, (h - y) * mm)
                c.drawPath(p, stroke=1, fill=0)
            elif kind == "rect":
                x, y, rw, rh, stroke, fill = a
                if stroke: c.setStrokeColorRGB(*stroke[0]); c.setLineWidth(stroke[1] * mm); c.setDash([])
                if fill: c.setFillColorRGB(*fill)
                c.rect(x * mm, (h - y - rh) * mm, rw * mm, rh * mm, stroke=int(bool(stroke)), fill=int(bool(fill)))
            elif kind == "circle":
                x, y, r, stroke, fill = a
                if stroke: c.setStrokeColorRGB(*stroke[0]); c.setLineWidth(stroke[1] * mm); c.setDash([])
                if fill: c.setFillColorRGB(*fill)
                c.circle(x * mm, (h - y) * mm, r * mm, stroke=int(bool(stroke)), fill=int(bool(fill)))
            elif kind == "text":
                x, y, s, size, bold, anchor, rgb = a
                c.setFillColorRGB(*rgb); c.setFont("Helvetica-Bold" if bold else "Helvetica", size)
                {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[anchor](x * mm, (h - y) * mm, s)
        c.showPage()
    c.save()

if __name__ == "__main__":
    draw(pickle.load(open(sys.argv[1], "rb")), sys.argv[2])
'''


SVG_BASELINE = r'''
import svgwrite

def draw_svg(pages):
    """One SVG document per page with svgwrite's elements, as a short script would write them."""
    out = []
    for w, h, shapes in pages:
        d = svgwrite.Drawing(size=(f"{w}mm", f"{h}mm"), viewBox=f"0 0 {w} {h}", debug=False)
        for kind, *a in shapes:
            if kind == "lines":
                segs, width, rgb, dash = a
                d.add(d.path(d=" ".join(f"M{x1:.3f} {y1:.3f}L{x2:.3f} {y2:.3f}" for x1, y1, x2, y2 in segs),
                             fill="none", stroke=svgwrite.rgb(*[v * 100 for v in rgb], mode="%"), stroke_width=width))
            elif kind == "dots":
                points, dia, rgb = a
                d.add(d.path(d=" ".join(f"M{x:.3f} {y:.3f}h0" for x, y in points), fill="none", stroke_width=dia,
                             stroke=svgwrite.rgb(*[v * 100 for v in rgb], mode="%"), stroke_linecap="round"))
            elif kind == "rect":
                x, y, rw, rh, stroke, fill = a
                d.add(d.rect((x, y), (rw, rh), fill=svgwrite.rgb(*[v * 100 for v in fill], mode="%") if fill else "none",
                             stroke="black" if stroke else "none"))
            elif kind == "circle":
                x, y, r, stroke, fill = a
                d.add(d.circle((x, y), r, fill="none", stroke="black"))
            elif kind == "text":
                x, y, s, size, bold, anchor, rgb = a
                d.add(d.text(s, insert=(x, y), font_size=size * 0.3528, font_family="Helvetica",
                             text_anchor=anchor, font_weight="bold" if bold else "normal"))
        out.append(d.tostring().encode("utf-8"))
    return out
'''


def flatten(pages):
    """printkit's pages as plain tuples for the baseline script."""
    from printkit.draw import Circle, Dots, Lines, Polyline, Rect, Text

    def stroke(pen):
        return (pen.color, pen.width) if pen else None

    out = []
    for p in pages:
        shapes = []
        for it in p.items:
            if isinstance(it, Lines):
                shapes.append(("lines", it.segments, it.pen.width, it.pen.color, it.pen.dash))
            elif isinstance(it, Polyline):
                pts = list(it.points) + ([it.points[0]] if it.closed else [])
                pen = it.pen or Lines(()).pen
                shapes.append(("lines", [(*a, *b) for a, b in zip(pts, pts[1:])], pen.width, pen.color, pen.dash))
            elif isinstance(it, Dots):
                shapes.append(("dots", it.points, it.diameter, it.color))
            elif isinstance(it, Rect):
                shapes.append(("rect", it.x, it.y, it.w, it.h, stroke(it.pen), it.fill))
            elif isinstance(it, Circle):
                shapes.append(("circle", it.cx, it.cy, it.r, stroke(it.pen), it.fill))
            elif isinstance(it, Text):
                shapes.append(("text", it.x, it.y, it.text, it.size, it.bold, it.anchor, it.color))
        out.append((p.width, p.height, shapes))
    return out


def in_turns(a, b, runs: int) -> tuple[float, float]:
    """Medians of ``a()`` and ``b()`` timed in turns."""
    ta, tb = [], []
    for _ in range(runs):
        for fn, times in ((a, ta), (b, tb)):
            t = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t)
    return statistics.median(ta), statistics.median(tb)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=9)
    args = ap.parse_args()

    import pickle

    from printkit import kit, registry
    from printkit.inputs import load
    from printkit.validation import validate
    from printkit.writers import pdf

    game = registry.get("intersections")
    cfg = validate(game.Config, load(PRESET))
    pages = kit.build(game, cfg)
    flat = flatten(pages)
    namespace: dict = {"__name__": "baseline"}
    exec(compile(BASELINE, "baseline", "exec"), namespace)

    def our_work():
        c = validate(game.Config, load(PRESET))
        return pdf.render(kit.build(game, c), cfg.title or game.title)

    def base_work():
        buf = io.BytesIO()
        namespace["draw"](flat, buf)
        return buf.getvalue()

    for _ in range(3):  # warm up both
        our_work(), base_work()
    ours_in, base_in = in_turns(our_work, base_work, args.runs * 5)
    ours_bytes, base_bytes = len(our_work()), len(base_work())

    from printkit.writers import svg

    exec(compile(SVG_BASELINE, "svg_baseline", "exec"), namespace)

    def our_svg():
        c = validate(game.Config, load(PRESET))
        return [svg.render(p) for p in kit.build(game, c)]

    def base_svg():
        return namespace["draw_svg"](flat)

    our_svg(), base_svg()
    svg_in, svg_base = in_turns(our_svg, base_svg, args.runs * 3)
    svg_bytes, svg_base_bytes = sum(map(len, our_svg())), sum(map(len, base_svg()))

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "pages.pkl").write_bytes(pickle.dumps(flat))
        (tmp / "baseline.py").write_text(BASELINE)
        ours_cmd = [sys.executable, "-m", "printkit", "make", str(PRESET), "-o", str(tmp / "out"), "--format", "pdf"]
        base_cmd = [sys.executable, str(tmp / "baseline.py"), str(tmp / "pages.pkl"), str(tmp / "base.pdf")]
        ours, base = in_turns(lambda: subprocess.run(ours_cmd, check=True, capture_output=True),
                              lambda: subprocess.run(base_cmd, check=True, capture_output=True), args.runs)
        assert (tmp / "base.pdf").stat().st_size == base_bytes
    print(f"intersections preset: {len(pages)} pages; medians of {args.runs * 5} (work) / {args.runs} (command) "
          "runs in turns")
    print(f"{'':22}{'work s':>9}{'command s':>11}{'bytes':>9}")
    print(f"{'printkit make (pdf)':22}{ours_in:>9.4f}{ours:>11.3f}{ours_bytes:>9}")
    print(f"{'minimal reportlab':22}{base_in:>9.4f}{base:>11.3f}{base_bytes:>9}")
    print(f"{'ratio':22}{ours_in / base_in:>9.2f}{ours / base:>11.2f}{ours_bytes / base_bytes:>9.2f}")
    print(f"{'SVG pages: printkit':22}{svg_in:>9.4f}{'':>11}{svg_bytes:>9}")
    print(f"{'  minimal svgwrite':22}{svg_base:>9.4f}{'':>11}{svg_base_bytes:>9}")
    print(f"{'  ratio':22}{svg_in / svg_base:>9.2f}{'':>11}{svg_bytes / svg_base_bytes:>9.2f}")
    print("target: PDF work <= 1.20x, bytes <= 1.00x; the command's extra time is the CLI start-up (bench/startup.py)")


if __name__ == "__main__":
    main()
