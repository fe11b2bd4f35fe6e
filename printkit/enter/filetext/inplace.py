"""A value changed where it stands, in its own form (``change``): a block mapping key by key, a block list
item by item, a scalar in the quotes it was typed in; a [...] or {...} is changed inside (``flows``), a '|'
grid's rows written anew under its own header (``grids``).  What cannot be changed so is written anew as a
person would type it (``written.lines``), in its place, with the comments it held kept on lines of their own.
"""

from __future__ import annotations

import difflib
from typing import Any

import yaml

from . import flows
from .edits import Edits
from .grids import block_above, block_scalar, end_of_value, notes_end, past_notes
from .values import pairs, same, typed
from .written import as_block, item, lines, quoted_as


def _key_start(e: Edits, knode: yaml.Node) -> int:
    """Where a key's entry starts: its line (with its ``?`` in ``? title``), or just the key where it
    follows a list's dash on its line (``- who: Ann``)."""
    i = knode.start_mark.index
    before = e.text[e.line_start(i): i].rstrip()
    return e.line_start(i) if not before or before == " " * (len(before) - 1) + "?" else i


def _key_column(e: Edits, knode: yaml.Node) -> int:
    """The column a mapping's keys stand at (a ``? title`` key: its ``?``)."""
    i = knode.start_mark.index
    before = e.text[e.line_start(i): i].rstrip()
    return len(before) - 1 if before and before == " " * (len(before) - 1) + "?" else e.column(i)


def mapping(e: Edits, node: yaml.MappingNode, old: dict, new: dict) -> None:
    """A block mapping changed key by key: a value changed where it stands, a key taken away with its lines
    (their comments stay), a key added after the last."""
    by_key = pairs(node, old)
    indent = _key_column(e, node.value[0][0]) if node.value else 0
    before = None  # the key before the key at hand in the text that stays, and its value node
    tail = end_of_value(e, node.value[-1][1]) if node.value else len(e.text)  # where the mapping's text ends
    for key in old:
        knode, vnode = by_key[key]
        if key not in new:  # the key taken away: its lines go, their comments stay
            start, end = _key_start(e, knode), end_of_value(e, vnode)
            above = block_above(e, before[1], new[before[0]], indent) if before else None
            if above:  # a block above would take the lines after the key for rows of its own
                end = notes_end(e, end, *above)
            e.replace(start, end, e.keeping_comments(start, end, [], indent))
            tail = max(tail, end)
        elif not same(old[key], new[key]) and not change(e, vnode, old[key], new[key]):
            # anything else: the key and its value written anew, where they stood
            start, end = _key_start(e, knode), end_of_value(e, vnode)
            end = past_notes(e, end, new[key], indent)
            written = lines(str(knode.value), new[key], indent)
            if not e.first_on_line(start):
                written[0] = written[0][indent:]
            e.replace(start, end, e.keeping_comments(start, end, written, indent))
            tail = max(tail, end)
        before = (key, vnode) if key in new else before
    added = [k for k in new if k not in old]
    if added:  # after the comment lines that go with the last value (deeper than its key)
        tail = notes_end(e, tail, indent + 1, False)
        end = past_notes(e, tail, new[added[-1]], indent)
        text = e.keeping_comments(tail, end, [line for k in added for line in lines(str(k), new[k], indent)], indent)
        if tail > 0 and e.text[tail - 1: tail] != "\n":
            text = "\n" + text
        e.replace(tail, end, text)


def change(e: Edits, node: yaml.Node, old: Any, new: Any, flowing: bool = False) -> bool:
    """A value changed where it stands, in its own form (``flowing``: inside a [...] or {...}): True when
    done so; False leaves it to the caller to write the whole entry anew."""
    if isinstance(node, yaml.MappingNode) and isinstance(old, dict) and isinstance(new, dict):
        if node.flow_style:
            flows.change(e, node, old, new, change)
            return True
        if node.value and new:  # (a mapping left empty is written ``{}``)
            mapping(e, node, old, new)
            return True
        return False
    if isinstance(node, yaml.SequenceNode) and isinstance(old, list) and isinstance(new, list):
        if node.flow_style:
            flows.change(e, node, old, new, change)
            return True
        return bool(node.value and new) and _sequence(e, node, old, new)
    if not isinstance(node, yaml.ScalarNode) or isinstance(new, (list, dict)):
        return False
    if node.style in ("|", ">"):
        return not flowing and as_block(new) and block_scalar(e, node, new)
    if (node.value != "" or node.style) and (flowing or not as_block(new)):  # a scalar where it stands
        e.replace(node.start_mark.index, node.end_mark.index, quoted_as(node, new, flowing))
        return True
    return False


def _sequence(e: Edits, vnode: yaml.SequenceNode, old: list, new: list) -> bool:
    """A block list changed item by item (a log's line added, changed or taken away; a round of rounds typed
    as lists of lists): True when done so.  An item taken away leaves its comments behind."""
    items = vnode.value
    dashes = [e.dash_of(n) for n in items]
    pad = e.column(dashes[0])
    if any(d < 0 or e.column(d) != pad for d in dashes):
        return False
    olds, news = [typed(v) for v in old], [typed(v) for v in new]
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, olds, news, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        both = min(i2 - i1, j2 - j1)
        for k in range(both):  # an item changed: where it stands
            n = items[i1 + k]
            if not change(e, n, old[i1 + k], new[j1 + k]):
                start, end = n.start_mark.index, end_of_value(e, n)
                space = "" if e.text[start - 1] in " \t\n" else " "
                written = e.keeping_comments(start, end, [space + item(new[j1 + k])], pad)
                e.replace(start, end, written if end < len(e.text) or e.text.endswith("\n") else written[:-1])
        if i2 - i1 > both:
            _cut_items(e, items, dashes, i1 + both, i2, pad)
        if j2 - j1 > both:
            _put_items(e, items, dashes, i1 + both, new[j1 + both: j2], pad)
    return True


def _cut_items(e: Edits, items: list, dashes: list[int], a: int, b: int, pad: int) -> None:
    """Items ``a`` to ``b`` of a block list taken away, their comments kept at their place."""
    end = end_of_value(e, items[b - 1])
    if e.first_on_line(dashes[a]):
        start = e.line_start(dashes[a])
        e.replace(start, end, e.keeping_comments(start, end, [], pad))
        return
    # the first item on the line of the outer list's dash (``- - A1-A2``): that dash stays, alone on its line
    start = len(e.text[:dashes[a]].rstrip(" \t"))
    e.replace(start, end, e.keeping_comments(dashes[a], end, [""], pad))


def _put_items(e: Edits, items: list, dashes: list[int], i: int, values: list, pad: int) -> None:
    """New items put in a block list before item ``i`` (or after the last), one a line."""
    if i == 0 and not e.first_on_line(dashes[0]):  # before a first item on the outer list's dash line
        e.replace(dashes[0], dashes[0], "".join(f"- {item(v)}\n{' ' * pad}" for v in values))
        return
    text = "".join(f"{' ' * pad}- {item(v)}\n" for v in values)
    at = e.line_start(dashes[0]) if i == 0 else end_of_value(e, items[i - 1])
    if at == len(e.text) and not e.text.endswith("\n"):
        text = "\n" + text.rstrip("\n")
    e.replace(at, at, text)
