"""Grids typed with a layout problem that YAML cannot see as one: a row of a '|' block indented short (YAML
ends the block there) and a grid under a key without '|' (YAML runs its rows together).  The reader
names the problem at the row's own line instead of what YAML made of it."""

from __future__ import annotations

import re

from .coords import row_label


class LayoutProblem:
    """A layout problem in the text: ``kind`` indent (a row of a '|' block indented short) or bar (a grid
    under a key without '|'), the line of its key, the line to fix and what to do."""

    def __init__(self, kind: str, key_line: int, line: int, message: str):
        self.kind, self.key_line, self.line, self.message = kind, key_line, line, message


BLOCK = re.compile(r"^(?P<indent> *)(?:- +)?(?P<key>[^#\s][^#]*?): *(?P<style>[|>])[-+0-9]* *(?:#.*)?$")
BARE = re.compile(r"^(?P<indent> *)(?:- +)?(?P<key>[^#\s][^#:]*?): *(?:#.*)?$")
MARK = re.compile(r"^(?:\.|#|[oO]|\d{1,4}|[Cc]\d)$")


def _grid_like(line: str) -> bool:
    tokens = line.split()
    return len(tokens) >= 2 and all(MARK.match(t) for t in tokens)


def layout_problems(text: str) -> list[LayoutProblem]:
    """Grids typed with a layout problem YAML cannot see as one: a row of a '|' block indented less than the
    rows above it (YAML ends the block there, and reads a row starting with '#' as a comment), and a grid
    under a key without '|' (or with '>'), whose rows YAML runs together."""
    lines = text.split("\n")
    following = [len(lines)] * (len(lines) + 1)  # the index of the first line after i that is not blank
    for i in range(len(lines) - 1, 0, -1):
        following[i - 1] = i if lines[i].strip() else following[i]

    def body(h: int):
        j = following[h]
        while j < len(lines):
            yield j, lines[j]
            j = following[j]

    out: list[LayoutProblem] = []
    for h, head in enumerate(lines):
        if ":" not in head:
            continue
        block, bare = BLOCK.match(head), BARE.match(head)
        m = block or bare
        if not m or following[h] >= len(lines):
            continue
        indent, key = len(m.group("indent")), m.group("key").strip()
        first = lines[following[h]]
        inner = len(first) - len(first.lstrip(" "))
        if inner <= indent:
            continue
        if bare or block.group("style") == ">":
            if _grid_like(first):
                how = "has '>', which folds its rows into one line" if block else "has no '|' after the key"
                rows = [ln for _, (_, ln) in zip(range(40), body(h))]
                hidden = any(ln.lstrip().startswith("#") for ln in rows if _grid_like(ln))
                more = ", and YAML reads the rows starting with '#' as comments" if hidden else ""
                out.append(LayoutProblem("bar", h + 1, h + 1, f"the grid under '{key}:' {how}{more}; write '{key}: |' "
                                                     "so that each row stays a row"))
            continue
        rows = 0
        for j, ln in body(h):
            at = len(ln) - len(ln.lstrip(" "))
            if at >= inner:
                rows += 1
                continue
            if at > indent:
                comment = " and reads it as a comment (it starts with '#')" if ln.lstrip().startswith("#") else ""
                out.append(LayoutProblem("indent", h + 1, j + 1,
                                f"row {row_label(rows)} of the grid under '{key}: |' is indented {at} "
                                f"space{'s' if at != 1 else ''}, the rows above it {inner}: YAML ends the grid "
                                f"there{comment}; start every row at the same column"))
            break
    return out
