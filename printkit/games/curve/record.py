"""Within The Curve's play record: a grid as written ('.' empty, '#' curve, route numbers, fill numbers),
read one token at a time into a grid of plain values, and the blank record ``printkit template`` writes."""

from __future__ import annotations

from typing import Any

from ...coords import coord
from ...game import yaml_key
from ...inputs import Row
from ...validation import RowProblem

MAX_DIGITS = 4  # no number on a 30 x 30 grid needs more


# ---------------------------------------------------------------- reading a grid

def split_rows(value) -> list[str]:
    """A grid given as one block of text or as a list of row strings -> row strings."""
    if isinstance(value, str):
        return [ln.strip() for ln in value.splitlines() if ln.strip()]
    if isinstance(value, (list, tuple)):
        out = []
        for i, row in enumerate(value):
            if isinstance(row, bool) or not isinstance(row, (str, int)):
                raise ValueError(f"row {i + 1} is not a line of squares")
            out.append(str(row).strip())
        return out
    raise ValueError("expected the grid as a block of lines (key: |) or a list of rows")


def parse_grid(value, n: int, allow_hash: bool) -> list[list[int | str | None]]:
    """Rows of tokens: None for '.', '#' (curves only), or a positive whole number.

    Raises ValueError with the row and column of the first malformed token (a RowProblem: the message is
    given at the row's own line of the file)."""
    rows = split_rows(value)
    at = (lambda r: r) if isinstance(value, (list, tuple)) else Row
    if len(rows) == 1 and n > 1 and len(rows[0].split()) % n == 0 and len(rows[0].split()) > n:
        raise ValueError(f"the grid's {len(rows[0].split()) // n} rows are run together into one line: write "
                         "'|' after its key (e.g. 'Ann: |') so that each row stays on its own line")
    if len(rows) != n:
        got = f"{len(rows)} row{'s' if len(rows) != 1 else ''}"
        raise ValueError(f"{got} of squares; the grid is {n} x {n}, so expected {n} rows (A-{coord(n - 1, 0)[:-1]})")
    grid: list[list[int | str | None]] = []
    for r, line in enumerate(rows):
        tokens = line.split()
        if len(tokens) != n:
            got = f"{len(tokens)} square{'s' if len(tokens) != 1 else ''}"
            raise RowProblem(f"row {coord(r, 0)[:-1]} has {got}; expected {n}, separated by spaces", at(r))
        out: list[int | str | None] = []
        for c, t in enumerate(tokens):
            if t == ".":
                out.append(None)
            elif t == "#" and allow_hash:
                out.append("#")
            elif t.isdigit() and t.isascii() and len(t) <= MAX_DIGITS and int(t) > 0:
                out.append(int(t))
            else:
                what = "'.' (empty), '#' (curve) or a route number" if allow_hash else "'.' (empty) or a number from 1"
                raise RowProblem(f"'{t}' at {coord(r, c)} is not {what}", at(r))
        grid.append(out)
    kinds = {type(x) for row in grid for x in row if x is not None}
    if kinds == {str, int}:
        at = next(coord(r, c) for r, row in enumerate(grid) for c, x in enumerate(row) if isinstance(x, int))
        raise ValueError(f"mixes '#' and route numbers (a number at {at}): mark the curve with '#' only, "
                         "or number the whole route 1..L")
    return grid





# ---------------------------------------------------------------- the blank record


def record_template(cfg: Any) -> str:
    """The curves and fills of a blank results file for ``cfg`` (the game's Config)."""
    blank = "\n".join("    " + " ".join("." for _ in range(cfg.n)) for _ in range(cfg.n))
    lines = ["# Rows are letters from the top (A, B, ...), columns numbers from the left.",
             "# Each grid: one line per row, '.' for an empty square, separated by spaces.",
             "# curves: each owner's curve; put '#' on its squares. Where a square has three or more",
             "# curve squares beside it, number the route instead: 1, 2, 3, ... along the curve.",
             "curves:"]
    for name in cfg.names:
        lines.append(f"  {yaml_key(name)}: |")
        lines.append(blank)
    lines += ["# fills[player][owner]: every number the player wrote on the owner's curve",
              "# (the curve's 1..L and the inside numbers), '.' where nothing is written.",
              "fills:"]
    for player in cfg.names:
        lines.append(f"  {yaml_key(player)}:")
        for owner in cfg.names:
            lines.append(f"    {yaml_key(owner)}: |")
            lines.append("  " + blank.replace("\n", "\n  "))
    return "\n".join(lines) + "\n"
