"""Unit tests for the small foundation fixes the quality suite asked for."""

from __future__ import annotations

from printkit import kit
from printkit.draw import Circle, Dots, Lines, Page, Pen, Polyline, Rect, Text
from printkit.sheet import players


def _colours(page: Page) -> list[tuple]:
    out = []
    for it in page.items:
        for attr in ("color", "fill"):
            if getattr(it, attr, None) is not None:
                out.append(getattr(it, attr))
        if getattr(it, "pen", None) is not None:
            out.append(it.pen.color)
    return out


def test_greyscale_turns_every_colour_grey_and_keeps_shapes():
    blue, red = (0.0, 0.447, 0.698), (0.84, 0.08, 0.24)
    page = Page(100, 100, [
        Lines(((0, 0, 1, 1),), Pen(blue, 0.5, (1.0, 1.0))),
        Rect(1, 2, 3, 4, Pen(red), fill=blue),
        Circle(5, 5, 1, None, red),
        Polyline(((0, 0), (1, 1)), Pen(blue)),
        Dots(((1, 1),), 1.0, red),
        Text(1, 1, "Ann", 9, color=blue),
    ])
    grey = kit.greyscale(page)
    assert len(grey.items) == len(page.items)
    assert all(c[0] == c[1] == c[2] for c in _colours(grey))
    assert all(0 < c[0] < 1 for c in _colours(grey)), "colours become mid greys, not black or white"
    assert grey.items[0].pen.dash == (1.0, 1.0) and grey.items[0].segments == page.items[0].segments
    assert grey.items[5].text == "Ann"
    assert page.items[1].fill == blue, "the original page is left alone"


def test_build_greyscale_only_when_colour_is_off():
    class Cfg:
        title, paper = "", "letter"

        def __init__(self, color):
            self.color = color

    class Fake:
        title, designer, id = "Fake", "Nobody", "intersections"

        def kit(self, cfg, paper):
            p = paper.page()
            p.add(Text(20, 20, "x", 9, color=players(["A"])[0].color))
            return [p]

    from printkit import rulesheet

    real = rulesheet.pages
    try:
        rulesheet.pages = lambda game, paper, title="", cfg=None: []
        coloured = kit.build(Fake(), Cfg(True))
        grey = kit.build(Fake(), Cfg(False))
    finally:
        rulesheet.pages = real
    assert any(c[0] != c[2] for c in _colours(coloured[0]))
    assert all(c[0] == c[1] == c[2] for c in _colours(grey[0]))


def test_input_error_is_always_one_short_line():
    from printkit.inputs import InputError

    e = InputError("f.yaml", "'A1\nB2' is not a segment " + "x" * 1000, 3, "rounds[1]")
    text = str(e)
    assert "\n" not in text and text.startswith("f.yaml:3: rounds[1]: 'A1\\nB2' is not a segment")
    assert len(text) < 400 and text.endswith("...")
    assert str(InputError("g.yaml", "bad", None, "a\nb")) == "g.yaml: a\\nb: bad"
    assert str(InputError("h.yaml", "short message", 2)) == "h.yaml:2: short message"


def test_a_game_that_is_not_text_is_named_briefly(tmp_path):
    import pytest

    from printkit.cli.app import load as _load
    from printkit.inputs import InputError

    path = tmp_path / "x.yaml"
    path.write_text("game: [" + ", ".join(["null"] * 500) + "]\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        _load(str(path))
    assert str(info.value).startswith(f"{path}:1: game: expected a game id, one of: ")
    assert "intersections" in str(info.value) and "None" not in str(info.value)


def test_pipes_are_refused_without_blocking(tmp_path):
    import os

    import pytest

    from printkit.inputs import InputError, read_text

    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="not a regular file"):
        read_text(fifo)


def test_titles_must_be_printable():
    import msgspec
    import pytest

    from printkit.model import GameConfig

    assert GameConfig.from_dict({"game": "x", "title": "Friday night \u00e9dition"}).title == "Friday night \u00e9dition"
    for bad in ("bell\x07", "esc\x1b[31m", "two\nlines", "\u202eevil"):
        with pytest.raises(msgspec.ValidationError, match="cannot be printed"):
            GameConfig.from_dict({"game": "x", "title": bad})


def test_deep_nesting_is_refused_quickly():
    import time

    import pytest

    from printkit.inputs import InputError, parse

    started = time.process_time()  # (this process's own work: a shared machine's other work not counted)
    with pytest.raises(InputError, match="nested too deeply"):
        parse("game: x\nrounds: " + "[" * 20000 + "]" * 20000 + "\n", "deep.yaml")
    assert time.process_time() - started < 1.0
    doc = parse("game: x\nrounds: " + "[" * 10 + "]" * 10 + "\n", "ok.yaml")  # a little nesting is fine
    assert doc.data["game"] == "x"


def test_help_does_not_import_heavy_libraries():
    """``printkit --help`` stays fast: no rich (help formatting), msgspec, reportlab or numpy."""
    import subprocess
    import sys

    code = ("import sys\nsys.argv = ['printkit', '--help']\nfrom printkit.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('rich', 'msgspec', 'pydantic', 'reportlab', 'numpy', 'matplotlib', 'ortools', 'svgwrite')"
            " if m in sys.modules), file=sys.stderr)")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "Usage: printkit" in p.stdout
    assert p.stderr.strip() == "[]", p.stderr


def test_svg_writer_escapes_text_and_draws_every_shape():
    import xml.etree.ElementTree as ET

    from printkit.draw import THIN, Circle, Dots, Lines, Page, Pen, Polyline, Rect, Text
    from printkit.writers import svg

    page = Page(100, 50, [
        Text(1, 2, 'a & b < c > "d" \'e\' \u00e9 \u2014', 9), Text(1, 2, "", 9, "middle", True),
        Polyline(((0, 0), (1.23456, 2)), Pen((0.1, 0.2, 0.3), 0.25, (1, 0.5), True)),
        Polyline(((0, 0), (1, 2), (3, -1)), None, (1, 0, 0), True), Rect(-1, -0.0001, 2, 3, None, None),
        Circle(1, 1, 1, THIN, (0, 0, 0)), Dots(((1, 1), (2, 2)), 0.8), Lines(((0, 0, 1, 1),), Pen()),
    ])
    root = ET.fromstring(svg.render(page))
    ns = "{http://www.w3.org/2000/svg}"
    assert root.find(f"{ns}text").text == 'a & b < c > "d" \'e\' \u00e9 \u2014'
    assert len(root.findall(f"{ns}polyline")) == 1 and len(root.findall(f"{ns}polygon")) == 1
    assert root.find(f"{ns}polyline").get("stroke-dasharray") == "1 0.5"
    assert svg.render(page) == svg.render(page)


def test_new_reads_names_beyond_the_basic_plane_intact(tmp_path, printkit):
    """`printkit new --players` with an emoji in a name: JSON would escape it as a surrogate pair, which
    YAML reads back as two broken characters (a crash); intact, it is a name like any other (DejaVu Sans
    has the smiley)."""
    out = tmp_path / "k.yaml"
    r = printkit("new", "intersections", "--players", "Zo\u00eb,\U0001F600 Dan", "-o", out)
    assert r.code == 0 and "Traceback" not in r.err, r.err
    assert "\U0001F600 Dan" in out.read_text(encoding="utf-8")
    r = printkit("new", "intersections", "--players", "Zo\u00eb,\u0623\u062d\u0645\u062f", "-o", tmp_path / "j.yaml")
    assert r.code == 2 and r.err.count("\n") == 1 and "right to left" in r.err, r.err


def test_names_and_titles_must_fit_a_font_here(monkeypatch):
    import msgspec
    import pytest

    from printkit.model import GameConfig
    from printkit.writers import fonts

    ok = GameConfig.from_dict({"game": "x", "title": "Caf\u00e9 \u2014 \u20ac5",
                               "players": ["Zo\u00eb", "Bj\u00f6rn", "\u00c5sa", "\u0141ukasz", "\u0391\u03bb\u03c6\u03b1"]})
    assert ok.names == ["Zo\u00eb", "Bj\u00f6rn", "\u00c5sa", "\u0141ukasz", "\u0391\u03bb\u03c6\u03b1"]
    monkeypatch.setattr(fonts, "_fc_query", lambda chars: [])  # a machine with no CJK font
    fonts._fallback.cache_clear()
    try:
        for bad in ({"title": "\u65e5\u672c"}, {"players": ["Ann", "\u674e\u96f7"]}):
            with pytest.raises(msgspec.ValidationError, match="no font on this machine can print"):
                GameConfig.from_dict({"game": "x", **bad})
    finally:
        fonts._fallback.cache_clear()


def test_unknown_key_with_a_bracket_is_named(tmp_path):
    import pytest

    from printkit.cli.app import load as _load
    from printkit.inputs import InputError

    path = tmp_path / "x.yaml"
    path.write_text("game: intersections\n'[': [Ann, Ben]\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        _load(str(path))
    assert str(info.value) == f"{path}:2: [: unknown key"


def test_new_players_superscript_digit_is_a_name_not_a_crash(tmp_path, printkit):
    r = printkit("new", "intersections", "--players", "\u00b2", "-o", tmp_path / "x.yaml")
    assert r.code == 2 and "Traceback" not in r.err and r.err.count("\n") == 1, r.err
    r = printkit("new", "intersections", "--players", "3", "-o", tmp_path / "y.yaml")
    assert r.code == 0 and "Player 3" in (tmp_path / "y.yaml").read_text(encoding="utf-8")
