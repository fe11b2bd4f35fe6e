"""The PDF and SVG writers draw the same pages."""

import xml.etree.ElementTree as ET

from pypdf import PdfReader

from printkit.draw import Circle, Dots, Lines, Page, Pen, Polyline, Rect, Text
from printkit.writers import pdf, svg


def sample() -> Page:
    p = Page(210, 297)
    p.add(Lines(((20, 20, 100, 20), (20, 30, 100, 30)), Pen(width=0.3, dash=(1, 1))),
          Dots(((50, 50), (60, 50)), 1.2), Rect(20, 60, 30, 10, Pen(), (0.9, 0.9, 0.9)),
          Circle(80, 80, 5), Polyline(((10, 10), (20, 15), (15, 25)), Pen(), None, True),
          Text(105, 150, "Hello table", 12, "middle", True))
    return p


def test_pdf_pages_size_and_text(tmp_path):
    data = pdf.render([sample(), sample()], "t")
    (tmp_path / "t.pdf").write_bytes(data)
    reader = PdfReader(tmp_path / "t.pdf")
    assert len(reader.pages) == 2
    box = reader.pages[0].mediabox
    assert abs(float(box.width) - 210 / 25.4 * 72) < 0.01 and abs(float(box.height) - 297 / 25.4 * 72) < 0.01
    assert "Hello table" in reader.pages[0].extract_text()
    assert data == pdf.render([sample(), sample()], "t")  # deterministic


def test_svg_is_millimetres_and_compact():
    root = ET.fromstring(svg.render(sample()))
    assert root.get("width") == "210mm" and root.get("viewBox") == "0 0 210 297"
    ns = "{http://www.w3.org/2000/svg}"
    paths = root.findall(f"{ns}path")
    assert len(paths) == 2  # the two lines in one path, the two dots in one path
    dots = [p for p in paths if "h0" in p.get("d")]
    assert dots and dots[0].get("stroke-linecap") == "round"
    assert root.find(f"{ns}text").text == "Hello table"


def test_svg_stack_puts_pages_below_each_other():
    root = ET.fromstring(svg.render_stack([sample(), sample()], gap=6))
    assert root.get("viewBox") == "0 0 210 600"


def test_places_to_point_at_reach_the_screen_only():
    """A Hit becomes an SVG element with its data-ref (escaped, on top); a PDF page prints nothing of it."""
    import xml.dom.minidom

    from printkit.draw import Hit, Page, Rect, hit_line
    from printkit.writers import pdf, svg

    hits = [Hit("1:C3", 1, 2, 3, 4, "dot", True), hit_line("road:3-4", 0, 0, 10, 10, 2, "road"),
            Hit('A&"<b:C3 N', 1, 1, 5, 1, "edge")]
    plain = Page(50, 50, [Rect(5, 5, 10, 10)])
    with_hits = Page(50, 50, [*hits[:1], Rect(5, 5, 10, 10), *hits[1:]])
    doc = xml.dom.minidom.parseString(svg.render(with_hits))
    found = [(e.tagName, e.getAttribute("data-ref"), e.getAttribute("class")) for e in doc.documentElement.childNodes
             if e.nodeType == e.ELEMENT_NODE and e.getAttribute("data-ref")]
    assert found == [("ellipse", "1:C3", "hit dot"), ("line", "road:3-4", "hit road"), ("rect", 'A&"<b:C3 N', "hit edge")]
    last = [e for e in doc.documentElement.childNodes if e.nodeType == e.ELEMENT_NODE][-3:]
    assert [e.getAttribute("data-ref") for e in last] == ["1:C3", "road:3-4", 'A&"<b:C3 N']  # drawn last: on top
    assert pdf.render([with_hits]) == pdf.render([plain])
