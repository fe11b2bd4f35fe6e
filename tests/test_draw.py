"""The drawing model: text metrics, wrapping, shapes."""

from hypothesis import given, strategies as st

from printkit.draw import SYMBOLS, Lines, Page, Pen, Text, fit_text, grid_lines, moved, symbol, table, text_width, wrap


def test_text_width_scales_with_size():
    assert abs(text_width("Hello", 20) - 2 * text_width("Hello", 10)) < 1e-9
    assert text_width("Hello", 10, bold=True) > text_width("Hello", 10)


@given(st.lists(st.text(alphabet="abcdefghij", min_size=1, max_size=12), min_size=1, max_size=60),
       st.floats(min_value=30, max_value=200))
def test_wrap_keeps_every_word_and_the_width(words, width):
    text = " ".join(words)
    lines = wrap(text, width, 9)
    assert " ".join(lines).split() == words
    for line in lines:  # a line is over width only if it is one word too long to fit anywhere
        assert text_width(line, 9) <= width + 1e-6 or " " not in line


def test_fit_text_shortens_with_ellipsis():
    long = "A very long player name indeed"
    short = fit_text(long, 20, 9)
    assert short.endswith("...") and text_width(short, 9) <= 20
    assert fit_text("Ann", 20, 9) == "Ann"


def test_grid_is_one_path_with_all_lines():
    g = grid_lines(0, 0, 4, 3, 6)
    assert isinstance(g, Lines) and len(g.segments) == (3 + 1) + (4 + 1)


def _extent(item):
    from printkit.draw import Circle, Polyline, Rect

    if isinstance(item, Lines):
        xs = [v for s in item.segments for v in (s[0], s[2])]
        ys = [v for s in item.segments for v in (s[1], s[3])]
    elif isinstance(item, Polyline):
        xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
    elif isinstance(item, Rect):
        xs, ys = [item.x, item.x + item.w], [item.y, item.y + item.h]
    elif isinstance(item, Circle):
        xs, ys = [item.cx - item.r, item.cx + item.r], [item.cy - item.r, item.cy + item.r]
    return min(xs), min(ys), max(xs), max(ys)


def test_every_symbol_draws_inside_its_box():
    shapes = set()
    for kind in SYMBOLS:
        items = symbol(kind, 10, 10, 4, Pen())
        assert items, kind
        for item in items:
            x0, y0, x1, y1 = _extent(item)
            assert 8 - 1e-9 <= x0 and x1 <= 12 + 1e-9 and 8 - 1e-9 <= y0 and y1 <= 12 + 1e-9, kind
        shapes.add(repr(items))
    assert len(shapes) == len(SYMBOLS)  # every symbol looks different


def test_table_and_moved():
    items = table(0, 0, [10, 20], 3, 5, ["a", "b"])
    assert isinstance(items[0], Lines)
    heads = [i for i in items if isinstance(i, Text)]
    assert [h.text for h in heads] == ["a", "b"]
    shifted = moved(items, 5, 7)
    assert shifted[1].x == heads[0].x + 5 and shifted[1].y == heads[0].y + 7


def test_page_add_accepts_items_and_lists():
    p = Page(100, 100)
    p.add(Text(1, 1, "a"), [Text(2, 2, "b")])
    assert [t.text for t in p.items] == ["a", "b"]
