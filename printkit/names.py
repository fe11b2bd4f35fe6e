"""Players' names on paper, whole: a name of up to 16 letters is never cut.  It is set smaller (down to
7 pt) or on two lines where there is height for them; only a longer name is cut, at a word, and the
label's other words (a colour, "'s curve") stay."""

from __future__ import annotations

from .draw import BLACK, PT, Color, Text, text_width

MIN_TEXT = 7.0  # the smallest text printed, in points (sheet.MIN_TEXT is this one)

WHOLE = 16  # a name of up to this many letters prints whole
LEAD = 1.1  # two lines of a name: line height as a multiple of the size


def fits(text: str, width: float, size: float, bold: bool = False) -> bool:
    return text_width(text, size, bold) <= width


def shortened(name: str, room: float, size: float, bold: bool, before: str, after: str) -> str:
    """A name too long for ``room`` (longer than ``WHOLE`` letters, or no room at all) cut at a word, else at a
    letter, with an ellipsis; ``before`` and ``after`` kept."""
    words = name.split()
    for k in range(len(words) - 1, 0, -1):
        cut = " ".join(words[:k]) + "..."
        if fits(before + cut + after, room, size, bold):
            return before + cut + after
    cut = name
    while len(cut) > 1 and not fits(before + cut + "..." + after, room, size, bold):
        cut = cut[:-1]
    return before + cut.rstrip() + "..." + after


def two_lines(text: str) -> tuple[str, str] | None:
    """``text`` broken at the space that makes its longer line shortest (None: one word)."""
    spaces = [i for i, c in enumerate(text) if c == " "]
    if not spaces:
        return None
    i = min(spaces, key=lambda i: max(text_width(text[:i], 10), text_width(text[i + 1:], 10)))
    return text[:i], text[i + 1:]


def label(name: str, x: float, y: float, width: float, size: float, anchor: str = "start", bold: bool = False,
          color: Color = BLACK, height: float = 0.0, before: str = "", after: str = "") -> list[Text]:
    """``before + name + after`` at (x, y) (a single line's baseline) within ``width``: at the largest size from
    ``size`` down to 7 pt that fits; else, if ``height`` has room for two lines, on two lines around the
    same middle; else with the name shortened (``shortened``)."""
    text = before + name + after
    s = size
    while s > MIN_TEXT and not fits(text, width, s, bold):
        s = max(MIN_TEXT, s - 0.5)
    if fits(text, width, s, bold):
        return [Text(x, y, text, s, anchor, bold, color)]
    parts = two_lines(text)
    if parts and height:
        s = size
        while s >= MIN_TEXT:
            lead = s * PT * LEAD
            if 2 * lead <= height and all(fits(p, width, s, bold) for p in parts):
                middle = y - size * PT * 0.35  # where a single line's letters are centred
                return [Text(x, middle - lead / 2 + s * PT * 0.35, parts[0], s, anchor, bold, color),
                        Text(x, middle + lead / 2 + s * PT * 0.35, parts[1], s, anchor, bold, color)]
            s -= 0.5
    return [Text(x, y, shortened(name, width, MIN_TEXT, bold, before, after), MIN_TEXT, anchor, bold, color)]
