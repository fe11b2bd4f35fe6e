"""Which font sets a text: its runs, widths and SVG family, and what to tell a user no font here can serve.

Text that Windows-1252 can encode (Western European) is set in Helvetica, which every PDF reader has:
nothing is embedded, so such kits are the same bytes as before other scripts were printable.  Any other
text is set, as a whole, in the first of these fonts that has every one of its characters:

1. DejaVu Sans, the copy inside matplotlib (a dependency): Latin, Greek, Cyrillic, Armenian, Georgian...
2. a TrueType font that fontconfig (``fc-list``) finds on this machine: CJK and other scripts.

A text that no single font covers is set in runs, each character in the first font that has it.
TrueType fonts are embedded as subsets (the glyphs used only).  Scripts whose letters join or stack
(Arabic, Devanagari, Thai marks, ...) or run right to left are refused: glyphs are set one after the
other, which would print such names wrongly.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import shutil
import subprocess
import unicodedata
from pathlib import Path
from typing import NamedTuple

HELVETICA = "Helvetica"
HELVETICA_BOLD = "Helvetica-Bold"
HELVETICA_CSS = "Helvetica, Arial, 'Liberation Sans', sans-serif"
DEJAVU = "DejaVuSans"
DEJAVU_BOLD = "DejaVuSans-Bold"
DEJAVU_CSS = "'DejaVu Sans', Verdana, sans-serif"

# Where to get a font for characters no font here has (Debian and Ubuntu package names).
PACKAGES = (
    ((0x1100, 0x11FF), "fonts-nanum"), ((0x3130, 0x318F), "fonts-nanum"), ((0xAC00, 0xD7AF), "fonts-nanum"),
    ((0x2E80, 0x9FFF), "fonts-wqy-zenhei"), ((0xF900, 0xFAFF), "fonts-wqy-zenhei"),
    ((0xFF00, 0xFFEF), "fonts-wqy-zenhei"), ((0x20000, 0x3FFFF), "fonts-wqy-zenhei"),
)
OTHER_PACKAGE = "fonts-noto-core"


class Face(NamedTuple):
    """A TrueType font file (``index``: the font inside a .ttc collection)."""

    name: str  # reportlab's name for it
    path: str
    index: int
    css: str  # SVG font-family


def western(text: str) -> bool:
    """Can Helvetica print ``text``?  Windows-1252 text, and symbols (not letters) that PDF readers take
    from their built-in Symbol and ZapfDingbats fonts, such as the minus sign."""
    if text.isascii():
        return True
    try:
        text.encode("cp1252")
    except UnicodeEncodeError:
        return all(_builtin_char(c) for c in text)
    return True


@functools.lru_cache(maxsize=1024)
def _builtin_char(ch: str) -> bool:
    try:
        ch.encode("cp1252")
        return True
    except UnicodeEncodeError:
        pass
    if unicodedata.category(ch)[0] in "LM":  # letters and marks: one font for a whole name
        return False
    from reportlab.pdfbase.pdfmetrics import getFont, unicode2T1

    helv = getFont(HELVETICA)
    ((font, data),) = unicode2T1(ch, [helv] + helv.substitutionFonts)
    return font.fontName != "ZapfDingbats" or data != b"n" or ch == "\u25a0"  # 'n': its stand-in box


def normal(text: str) -> str:
    """The text as it is set: composed characters (NFC), so that 'e' + combining '¨' prints as 'ë'."""
    return text if text.isascii() else unicodedata.normalize("NFC", text)


# ---------------------------------------------------------------- the fonts

def _matplotlib_fonts() -> Path | None:
    spec = importlib.util.find_spec("matplotlib")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(list(spec.submodule_search_locations)[0]) / "mpl-data" / "fonts" / "ttf"
    return folder if (folder / "DejaVuSans.ttf").is_file() else None


@functools.cache
def dejavu() -> tuple[Face, Face] | None:
    folder = _matplotlib_fonts()
    if folder is None:
        return None
    bold = folder / "DejaVuSans-Bold.ttf"
    regular = Face(DEJAVU, str(folder / "DejaVuSans.ttf"), 0, DEJAVU_CSS)
    return regular, Face(DEJAVU_BOLD, str(bold), 0, DEJAVU_CSS) if bold.is_file() else regular


@functools.cache
def _loaded(face: Face):
    """The face registered with reportlab (None if reportlab cannot embed it)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    try:
        font = TTFont(face.name, face.path, subfontIndex=face.index)
    except Exception:  # CFF outlines, no embedding allowed, a broken file: not a font we can print with
        return None
    pdfmetrics.registerFont(font)
    return font


def _has(face: Face, ch: str) -> bool:
    font = _loaded(face)
    return font is not None and ord(ch) in font.face.charToGlyph


def _fc_query(chars: str) -> list[tuple[Face, Face]]:
    """Regular and bold faces of fontconfig's TrueType fonts that have every one of ``chars``, best first."""
    exe = shutil.which("fc-list")
    if exe is None:
        return []
    fmt = "%{file}\\t%{index}\\t%{family[0]}\\t%{weight}\\t%{slant}\\t%{fontformat}\\t%{color}\\n"
    pattern = ":charset=" + " ".join(f"{ord(c):x}" for c in sorted(set(chars)))
    try:
        out = subprocess.run([exe, "--format", fmt, pattern], capture_output=True, text=True, timeout=20,
                             env={**os.environ, "LC_ALL": "C"}).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    found = []
    for line in out.splitlines():
        parts = line.split("\t")
        if len(parts) != 7 or parts[5] != "TrueType" or parts[6] == "True":
            continue
        path, index, family, weight, slant = parts[0], parts[1], parts[2], parts[3], parts[4]
        try:
            found.append((path, int(index), family, float(weight), float(slant)))
        except ValueError:
            continue

    def rank(f):  # upright, regular weight, a sans family, then by name: the same choice on every run
        path, index, family, weight, slant = f
        sans = any(w in family.lower() for w in ("sans", "gothic", "hei", "gulim", "dotum"))
        return slant != 0, abs(weight - 80), not sans, family, path, index

    found.sort(key=rank)
    out_faces = []
    for path, index, family, weight, slant in found:
        if slant or abs(weight - 80) > 20:
            continue
        css = f"'{family}', sans-serif" if "'" not in family else "sans-serif"
        regular = Face(f"fc:{family}:{index}:{Path(path).name}", path, index, css)
        bolds = [f for f in found if f[2] == family and f[4] == 0 and f[3] >= 180]
        bold = regular
        if bolds:
            bp, bi = bolds[0][0], bolds[0][1]
            bold = Face(f"fc:{family}:{bi}:{Path(bp).name}", bp, bi, css)
        out_faces.append((regular, bold))
    return out_faces


@functools.cache
def _fallback(chars: str) -> tuple[Face, Face] | None:
    """The best fontconfig font that reportlab can embed and that has every one of ``chars``."""
    for regular, bold in _fc_query(chars):
        if all(_has(regular, c) for c in chars):
            if bold is not regular and not all(_has(bold, c) for c in chars):
                bold = regular
            return regular, bold
    return None


def _face_for(text: str) -> tuple[Face, Face] | None:
    """The first font that has every character of ``text`` (text Helvetica cannot print), or None."""
    dv = dejavu()
    if dv is not None and all(_has(dv[0], c) for c in text):
        return dv
    return _fallback("".join(sorted(set(text))))


# ---------------------------------------------------------------- runs and widths

@functools.lru_cache(maxsize=8192)
def runs(text: str, bold: bool = False) -> tuple[tuple[str, str, str], ...]:
    """``text`` (composed) as (reportlab font name, CSS family, substring) runs, in order."""
    text = normal(text)
    if western(text):
        return ((HELVETICA_BOLD if bold else HELVETICA, HELVETICA_CSS, text),)
    face = _face_for(text)
    if face is not None:
        f = _usable(face, bold)
        return ((f.name, f.css, text),)
    out: list[list[str]] = []
    for ch in text:  # no font has it all: each character in the first font that has it
        name, css = _char_font(ch, bold)
        if out and out[-1][0] == name:
            out[-1][2] += ch
        else:
            out.append([name, css, ch])
    return tuple((a, b, c) for a, b, c in out)


def _char_font(ch: str, bold: bool) -> tuple[str, str]:
    if western(ch):
        return (HELVETICA_BOLD if bold else HELVETICA), HELVETICA_CSS
    face = _face_for(ch)
    if face is None:  # refused earlier for names and titles; anything else prints as Helvetica does
        return (HELVETICA_BOLD if bold else HELVETICA), HELVETICA_CSS
    f = _usable(face, bold)
    return f.name, f.css


def _usable(face: tuple[Face, Face], bold: bool) -> Face:
    """The bold face if asked and reportlab can load it, else the regular one (loaded; ``lacks_bold`` then
    says so, and the writers thicken it)."""
    if bold and face[1] is not face[0] and _loaded(face[1]) is not None:
        return face[1]
    _loaded(face[0])
    if bold:
        NO_BOLD.add(face[0].name)
    return face[0]


NO_BOLD: set[str] = set()  # regular faces that print bold text: their family has no bold face


def lacks_bold(name: str) -> bool:
    """Whether bold text set in font ``name`` has no bold face to use (a CJK font without one): the PDF
    writer then strokes the letters as well as filling them, as a browser does for SVG."""
    return name in NO_BOLD


_HELV: list = []  # Helvetica's and Helvetica-Bold's glyph widths by WinAnsi code (ASCII is itself)


def ascii_widths(bold: bool) -> list[float]:
    """Helvetica's (or Helvetica-Bold's) widths per 1000 points, indexed by character code: summing them
    for an ASCII text is what reportlab's stringWidth does, without encoding the text first."""
    if not _HELV:
        from reportlab.pdfbase.pdfmetrics import getFont

        _HELV.extend((getFont(HELVETICA).widths, getFont(HELVETICA_BOLD).widths))
    return _HELV[bold]


def width(text: str, size: float, bold: bool = False) -> float:
    """Width of ``text`` in points, in the font(s) that set it."""
    if text.isascii():
        return sum(map(ascii_widths(bold).__getitem__, text.encode("ascii"))) * size * 0.001
    from reportlab.pdfbase.pdfmetrics import getFont

    return sum(getFont(name).stringWidth(part, size) for name, _, part in runs(text, bold))


# ---------------------------------------------------------------- what cannot be printed

def problem(text: str) -> str | None:
    """Why ``text`` cannot be printed, in one line (None: it can)."""
    text = normal(text)
    if western(text):
        return None
    rtl = _unique(c for c in text if unicodedata.bidirectional(c) in ("R", "AL", "AN"))
    if rtl:
        return (f"is written right to left ({' '.join(rtl[:5])}), which printkit's sheets cannot set yet; "
                "write the name in Latin letters")
    marks = _unique(c for c in text if unicodedata.category(c) in ("Mn", "Mc", "Me"))
    if marks:
        shown = " ".join(f"U+{ord(c):04X}" for c in marks[:5])
        return (f"has joining or stacking marks ({shown}) that printkit's sheets cannot set yet; "
                "write the name in Latin letters")
    missing = _unique(c for c in text if _char_font(c, False)[0] in (HELVETICA, HELVETICA_BOLD) and not western(c))
    if not missing:
        return None
    packages = _unique(_package(c) for c in missing)
    return (f"has characters no font on this machine can print: {' '.join(missing[:5])}; install a TrueType font "
            f"that has them (Debian/Ubuntu: apt-get install {' '.join(packages)})")


def _package(ch: str) -> str:
    cp = ord(ch)
    return next((pkg for (lo, hi), pkg in PACKAGES if lo <= cp <= hi), OTHER_PACKAGE)


def _unique(chars) -> list[str]:
    out: list[str] = []
    for c in chars:
        if c not in out:
            out.append(c)
    return out
