"""Grids: a value typed as a '|' (or '>') block, its rows written anew under its own header, and where a
value's text ends (under '|+' the blank lines after the rows are the value's own).  The comment lines after a
block as deep as its rows, and under '|+' the blank lines, would read as its rows: they are found here, so
that what is written around a block leaves them out of it.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from .edits import Edits
from .written import as_block, block_header


def last_block(value: Any, depth: int = 0) -> tuple[str, int] | None:
    """The '|' block ``lines`` writes ``value`` ending in, and how many mappings deep, or None."""
    if as_block(value):
        return value, depth
    if isinstance(value, dict) and value:
        return last_block(list(value.values())[-1], depth + 1)
    return None


def block_above(e: Edits, node: yaml.Node, value: Any, indent: int) -> tuple[int, bool] | None:
    """The column of the rows of the '|' block a value ends in as it is written (kept in place, or as ``lines``
    writes it), and whether the blank lines after them are its own ('|+'); None if it ends in no block."""
    block = last_block(value)
    if block is None:
        return None
    header, column = block_form(e, node) if isinstance(node, yaml.ScalarNode) and node.style in ("|", ">") \
        else ("", None)
    own_blanks = "+" in header or block_header(block[0]) == "|+"
    return (column if column is not None else indent + 2 + 2 * block[1]), own_blanks


def past_notes(e: Edits, at: int, value: Any, indent: int) -> int:
    """Where the lines after ``at`` stop that a '|' block written there as ``value``'s end would take for rows
    of its own: the comment lines at least as deep as its rows (and, under '|+', the blank lines).  They are
    written again after it."""
    block = last_block(value)
    if block is None:
        return at
    return notes_end(e, at, indent + 2 + 2 * block[1], block_header(block[0]) == "|+")


def notes_end(e: Edits, at: int, column: int, blanks: bool) -> int:
    end = at
    while at < len(e.text):
        line = e.text[at: e.line_end(at)]
        if line.strip() and not (line.lstrip().startswith("#") and len(line) - len(line.lstrip()) >= column):
            break
        at += len(line)
        end = at if line.strip() or blanks else end
    return end


def end_of_value(e: Edits, vnode: yaml.Node) -> int:
    """Where a value's own text ends, its line included (a block's trailing comments and blank lines are
    not the value's: they stay)."""
    if isinstance(vnode, yaml.SequenceNode) and not vnode.flow_style and vnode.value:
        return end_of_value(e, vnode.value[-1])
    if isinstance(vnode, yaml.MappingNode) and not vnode.flow_style and vnode.value:
        return end_of_value(e, vnode.value[-1][1])
    if isinstance(vnode, yaml.ScalarNode) and vnode.style in ("|", ">"):
        if "+" in block_form(e, vnode)[0]:  # under '|+' the blank lines after the rows are the value's own
            return block_end(e, vnode)
        body = e.text[vnode.start_mark.index: vnode.end_mark.index]
        return vnode.start_mark.index + len(body.rstrip("\n")) + 1
    end = vnode.end_mark.index
    return e.line_end(end - 1 if end > vnode.start_mark.index else end)


def block_form(e: Edits, vnode: yaml.ScalarNode) -> tuple[str, int | None]:
    """A '|' or '>' block's header (``|+2``, its comment left out) and the column of its rows (None if none)."""
    body = e.text[vnode.start_mark.index: vnode.end_mark.index]
    rows = [r for r in body.split("\n")[1:] if r.strip()]
    header = re.match(r"[|>][+1-9-]*", body).group()
    return header, (min(len(r) - len(r.lstrip(" ")) for r in rows) if rows else None)


def block_scalar(e: Edits, vnode: yaml.ScalarNode, new: str) -> bool:
    """A '|' block's rows written anew at its own indent; its header line stays as typed (an indent digit, the
    spacing, a comment after a space or a tab), only its '|' and end sign (``|``, ``|-``, ``|+``) set to what
    ``new`` ends with.  A '>' header becomes '|': a grid's rows are lines."""
    body = e.text[vnode.start_mark.index: vnode.end_mark.index]
    header = body.split("\n", 1)[0]
    sign = re.match(r"[|>]([+-]?)([1-9]?)([+-]?)", header)
    if not sign:
        return False
    keep = block_header(new)[1:]
    column = block_form(e, vnode)[1]
    pad = " " * (column if column is not None else e.column(vnode.start_mark.index) + 2)
    trailing = len(new) - len(new.rstrip("\n"))
    rows = "".join(f"{pad}{line}\n" if line else "\n" for line in new.strip("\n").split("\n"))
    text = "|" + keep + sign.group(2) + header[sign.end():] + "\n" + rows + "\n" * max(0, trailing - 1)
    end = end_of_value(e, vnode)
    if keep == "+":  # the blank lines after the rows become the value's own: they are written with it
        end = max(end, block_end(e, vnode))
    if end > len(e.text):
        end, text = len(e.text), text.rstrip("\n")
    e.replace(vnode.start_mark.index, end, text)
    return True


def block_end(e: Edits, vnode: yaml.ScalarNode) -> int:
    """The start of the line after a block's rows and the blank lines after them."""
    end = vnode.end_mark.index
    return end if e.text[end - 1] == "\n" else e.line_start(end)
