"""Grid coordinates as printed and typed: rows are letters from the top (A, B, ..., Z, AA, ...), columns
numbers from the left, so ``B3`` is row B, column 3."""

from __future__ import annotations

import re


def row_label(i: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA, ..."""
    s = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(65 + r) + s
    return s


def row_index(label: str) -> int:
    n = 0
    for ch in label:
        n = n * 26 + ord(ch) - 64
    return n - 1


COORD = re.compile(r"^([A-Za-z]{1,2})(\d{1,3})$")


def parse_coord(text: str, rows: int, cols: int) -> tuple[int, int] | None:
    """``B3`` -> (1, 2) as (row, column) from zero; None if malformed or off the grid."""
    m = COORD.match(text.strip())
    if not m:
        return None
    r, c = row_index(m.group(1).upper()), int(m.group(2)) - 1
    if 0 <= r < rows and 0 <= c < cols:
        return r, c
    return None


def coord(r: int, c: int) -> str:
    return f"{row_label(r)}{c + 1}"
