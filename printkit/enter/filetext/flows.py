"""A list or mapping typed as [...] or {...}, changed inside, over as many lines as it was typed on: an
entry changed where it stands, entries taken away with their commas (the comments between them stay), new
entries put in beside the others on their line."""

from __future__ import annotations

import difflib
from typing import Any, Callable

import yaml

from .edits import Edits
from .values import pairs, same, typed
from .written import flow, in_flow, quoted_as

ChangeValue = Callable[..., bool]


def change(e: Edits, node: yaml.Node, old: Any, new: Any, change_value: ChangeValue) -> None:
    """A flow list or mapping changed entry by entry where it stands, over as many lines as it was typed on:
    an entry changed in place, entries taken away with their commas (comments between them stay), new ones
    put in after the last (or before the first).  ``change_value`` changes an entry's value in its own form
    (``inplace.change``, passed in: a [...] may hold a {...}, changed in turn), True when done so."""
    if isinstance(node, yaml.SequenceNode):
        entries = [(n.start_mark.index, n.end_mark.index) for n in node.value]
        like = node.value or [None]
        olds, news = [typed(v) for v in old], [typed(v) for v in new]
        for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, olds, news, autojunk=False).get_opcodes():
            if op == "equal":
                continue
            both = min(i2 - i1, j2 - j1)
            for k in range(both):
                n = node.value[i1 + k]
                if not change_value(e, n, old[i1 + k], new[j1 + k], flowing=True):
                    e.replace(*entries[i1 + k], _in_flow(n, new[j1 + k]))
            if i2 - i1 > both:
                _cut_entries(e, node, entries, i1 + both, i2)
            if j2 - j1 > both:
                at = i1 + both
                _put_entries(e, node, entries, at, [_in_flow(like[min(at + k, len(like) - 1)], v)
                                                    for k, v in enumerate(new[j1 + both: j2])])
        return
    by_key = pairs(node, old)
    entries = [(k.start_mark.index, max(k.end_mark.index, v.end_mark.index)) for k, v in node.value]
    for key in old:
        knode, vnode = by_key[key]
        if key in new and not same(old[key], new[key]) and \
                not change_value(e, vnode, old[key], new[key], flowing=True):
            if vnode.end_mark.index > knode.end_mark.index:
                e.replace(vnode.start_mark.index, vnode.end_mark.index, _in_flow(vnode, new[key]))
            else:  # ``{a}``: a key with no value typed
                e.replace(knode.end_mark.index, knode.end_mark.index, ": " + _in_flow(None, new[key]))
    gone = [i for i, key in enumerate(old) if key not in new]
    while gone:  # each run of entries taken away
        run = 1
        while run < len(gone) and gone[run] == gone[0] + run:
            run += 1
        _cut_entries(e, node, entries, gone[0], gone[0] + run)
        gone = gone[run:]
    added = [f"{in_flow(k)}: {_in_flow(None, new[k])}" for k in new if k not in old]
    stays = [i for i, key in enumerate(old) if key in new]
    if added and stays:
        _put_entries(e, node, entries, stays[-1] + 1, added)
    elif added:  # in place of the entries that went
        at = entries[0][0] if entries else node.start_mark.index + 1
        e.replace(at, at, ", ".join(added))


def _in_flow(like: yaml.Node | None, value: Any) -> str:
    if isinstance(value, (list, dict)):
        return flow(value)
    return quoted_as(like, value, True) if like is not None else in_flow(value)


def _cut_entries(e: Edits, node: yaml.Node, entries: list[tuple[int, int]], a: int, b: int) -> None:
    """Entries ``a`` to ``b`` of a flow list or mapping taken away with as many commas; the comments between
    entries stay where they were, with the line breaks after them."""
    n, close = len(entries), node.end_mark.index - 1
    trailing = e.comma_in(entries[-1][1], close) if entries else None

    def kept(k: int) -> str:  # what stays of the text between entry k and the next (or the closing bracket)
        gap_end = entries[k + 1][0] if k + 1 < n else close
        gap = e.text[entries[k][1]: gap_end]
        comma = e.comma_in(entries[k][1], gap_end)
        if comma is not None:
            gap = gap[:comma - entries[k][1]] + gap[comma - entries[k][1] + 1:]
        return gap if "#" in gap else ""

    if b < n or trailing is not None:  # each entry goes with the comma after it
        end = entries[b][0] if b < n else trailing + 1
        e.replace(entries[a][0], end, "".join(kept(k) for k in range(a, b)))
    elif a > 0:  # the last entries: each goes with the comma before it
        e.replace(entries[a - 1][1], entries[b - 1][1], "".join(kept(k) for k in range(a - 1, b - 1)))
    else:  # every entry
        e.replace(entries[0][0], entries[-1][1], "".join(kept(k) for k in range(0, b - 1)))


def _put_entries(e: Edits, node: yaml.Node, entries: list[tuple[int, int]], i: int, texts: list[str]) -> None:
    """New entries put in a flow list or mapping before entry ``i`` (or after the last), on that entry's line."""
    if not entries:
        e.replace(node.start_mark.index + 1, node.start_mark.index + 1, ", ".join(texts))
    elif i == 0:
        e.replace(entries[0][0], entries[0][0], ", ".join(texts) + ", ")
    else:
        e.replace(entries[i - 1][1], entries[i - 1][1], ", " + ", ".join(texts))
