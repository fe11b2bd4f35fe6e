"""printkit make on the intersections preset, next to a minimal reportlab script.

The baseline draws the same pages with plain reportlab calls, the way a short
hand-written script would (a filled circle per dot, a line call per line,
default settings). Two figures each, best of several runs:
- the work: in this process with imports warm (printkit: read and check the
  config, build the pages, write the PDF; baseline: draw and write the PDF);
- the whole command in a fresh process (printkit's includes the start-up of
  its command line: typer, msgspec, yaml).

    python bench/intersections_make.py [--runs 7]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRESET = ROOT / "layouts" / "intersections.yaml"

# A minimal reportlab script drawing the pages that printkit's model describes:
# it takes the page list from printkit once (written to a pickle beforehand) so
# that both draw exactly the same shapes, and draws them call by call.
BASELINE = r'''
import pickle, sys
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
pages = pickle.load(open(sys.argv[1], "rb"))
c = Canvas(sys.argv[2], pagesize=(pages[0][0] * mm, pages[0][1] * mm))
for w, h, shapes in pages:
    for kind, *a in shapes:
        if kind == "line":
            x1, y1, x2, y2, width, rgb = a
            c.setStrokeColorRGB(*rgb); c.setLineWidth(width * mm)
            c.line(x1 * mm, (h - y1) * mm, x2 * mm, (h - y2) * mm)
        elif kind == "dot":
            x, y, d, rgb = a
            c.setFillColorRGB(*rgb)
            c.circle(x * mm, (h - y) * mm, d / 2 * mm, stroke=0, fill=1)
        elif kind == "rect":
            x, y, rw, rh, rgb, fill = a
            c.setStrokeColorRGB(*rgb)
            if fill: c.setFillColorRGB(*fill)
            c.rect(x * mm, (h - y - rh) * mm, rw * mm, rh * mm, stroke=1, fill=int(fill is not None))
        elif kind == "circle":
            x, y, r, rgb = a
            c.setStrokeColorRGB(*rgb)
            c.circle(x * mm, (h - y) * mm, r * mm, stroke=1, fill=0)
        elif kind == "text":
            x, y, s, size, bold, anchor, rgb = a
            c.setFillColorRGB(*rgb); c.setFont("Helvetica-Bold" if bold else "Helvetica", size)
            {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[anchor](x * mm, (h - y) * mm, s)
    c.showPage()
c.save()
'''


def flatten(pages):
    """printkit's pages as plain tuples for the baseline script."""
    from printkit.draw import Circle, Dots, Lines, Polyline, Rect, Text

    out = []
    for p in pages:
        shapes = []
        for it in p.items:
            if isinstance(it, Lines):
                shapes += [("line", *s, it.pen.width, it.pen.color) for s in it.segments]
            elif isinstance(it, Polyline):
                pts = list(it.points) + ([it.points[0]] if it.closed else [])
                shapes += [("line", *a, *b, it.pen.width if it.pen else 0.2, it.pen.color if it.pen else (0, 0, 0))
                           for a, b in zip(pts, pts[1:])]
            elif isinstance(it, Dots):
                shapes += [("dot", x, y, it.diameter, it.color) for x, y in it.points]
            elif isinstance(it, Rect):
                shapes.append(("rect", it.x, it.y, it.w, it.h, it.pen.color if it.pen else (1, 1, 1), it.fill))
            elif isinstance(it, Circle):
                shapes.append(("circle", it.cx, it.cy, it.r, it.pen.color if it.pen else (0, 0, 0)))
            elif isinstance(it, Text):
                shapes.append(("text", it.x, it.y, it.text, it.size, it.bold, it.anchor, it.color))
        out.append((p.width, p.height, shapes))
    return out


def best(cmd: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - t)
    return min(times)


def best_in_process(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()

    import pickle

    from printkit import kit, registry
    from printkit.inputs import load, validate

    game = registry.get("intersections")
    cfg = validate(game.Config, load(PRESET))
    pages = kit.build(game, cfg)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "pages.pkl").write_bytes(pickle.dumps(flatten(pages)))
        (tmp / "baseline.py").write_text(BASELINE)
        ours = best([sys.executable, "-m", "printkit", "make", str(PRESET), "-o", str(tmp / "out"), "--format", "pdf"],
                    args.runs)
        base = best([sys.executable, str(tmp / "baseline.py"), str(tmp / "pages.pkl"), str(tmp / "base.pdf")], args.runs)
        ours_bytes = (tmp / "out" / "intersections" / "kit.pdf").stat().st_size
        base_bytes = (tmp / "base.pdf").stat().st_size
    import io

    from printkit.writers import pdf

    flat = flatten(pages)
    # the same script, drawing from memory into memory
    code = compile(BASELINE.replace('pages = pickle.load(open(sys.argv[1], "rb"))', "")
                   .replace("sys.argv[2]", "OUT"), "baseline", "exec")

    def our_work():
        c = validate(game.Config, load(PRESET))
        pdf.render(kit.build(game, c), "bench")

    def base_work():
        exec(code, {"pages": flat, "OUT": io.BytesIO()})

    ours_in, base_in = best_in_process(our_work, args.runs * 3), best_in_process(base_work, args.runs * 3)
    print(f"intersections preset: {len(pages)} pages; best of {args.runs * 3} (in process) / {args.runs} (fresh process) runs")
    print(f"{'':22}{'work s':>9}{'command s':>11}{'bytes':>9}")
    print(f"{'printkit make (pdf)':22}{ours_in:>9.4f}{ours:>11.3f}{ours_bytes:>9}")
    print(f"{'minimal reportlab':22}{base_in:>9.4f}{base:>11.3f}{base_bytes:>9}")
    print(f"{'ratio':22}{ours_in / base_in:>9.2f}{ours / base:>11.2f}{ours_bytes / base_bytes:>9.2f}")
    print("target: work <= 1.30x, bytes <= 1.00x; the command's extra time is the CLI start-up (bench/startup.py)")


if __name__ == "__main__":
    main()
