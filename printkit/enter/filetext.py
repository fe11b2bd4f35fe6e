"""The results file's text, as the player keeps it.

A save from the page changes only the text of the parts of the record that changed: a line of a log, a grid,
a round, a sheet's walls.  Every other byte stays as it was: comments, blank lines, key order, quoting and
the player's own layout; a save with nothing changed leaves the file byte for byte as it was.  The parts
are found in the text by the positions PyYAML gives every node, and what is written anew is written as a
person would type it (``lines``): a list of short lines one a line, grids as '|' blocks, rounds as
``- [A1-A5, C1-C3]``.  A file that does not parse any more (typed over by hand) is written whole.
"""

from __future__ import annotations

import difflib
import json
import re
from typing import Any

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


# ---------------------------------------------------------------- writing as a person would type it

def scalar(value: Any) -> str:
    if isinstance(value, str) and value and "\n" not in value and value.strip() == value \
            and all(ch.isprintable() for ch in value):
        out = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000)
        return out.removesuffix("\n...\n").removesuffix("\n")
    return double_quoted(value) if isinstance(value, str) else \
        yaml.safe_dump(value, default_flow_style=True, width=10_000).removesuffix("\n...\n").removesuffix("\n")


def double_quoted(value: str) -> str:
    """``"value"`` with every character that is not plainly printable escaped (a tab, a NEL, a byte-order mark):
    YAML reads it back exactly."""
    out = []
    for ch in value:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch.isprintable() and ch not in "\x85\u2028\u2029\ufeff":
            out.append(ch)
        else:
            n = ord(ch)
            out.append(f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}" if n < 0x10000 else f"\\U{n:08x}")
    return '"' + "".join(out) + '"'


def in_flow(value: Any) -> str:
    """A scalar as an item of a flow list or mapping: quoted where YAML would quote it there (``Lee, Jr``,
    ``B1-B2]``), plain where it reads plain."""
    if not isinstance(value, str):
        return scalar(value)
    out = yaml.safe_dump([value], default_flow_style=True, allow_unicode=True, width=10_000).rstrip("\n")
    if value.isprintable() and out.startswith("[") and out.endswith("]") and "\n" not in out:
        return out[1:-1]
    return double_quoted(value)


def flow(items: Any) -> str:
    if isinstance(items, dict):
        return "{" + ", ".join(f"{in_flow(k)}: {flow(v) if isinstance(v, (list, dict)) else in_flow(v)}"
                               for k, v in items.items()) + "}"
    return "[" + ", ".join(flow(v) if isinstance(v, (list, dict)) else in_flow(v) for v in items) + "]"


def _block(value: Any) -> bool:
    """A text of several lines, each printable: written as a '|' block (a grid)."""
    return isinstance(value, str) and "\n" in value.strip("\n") and not value.startswith(" ") and all(
        line.isprintable() and line == line.rstrip() for line in value.strip("\n").split("\n"))


def _items_as_lines(value: list) -> bool:
    """A list written one item a line: typed lines (``- Ann add 3``) or rounds (``- [A1-A5, C1-C3]``)."""
    lines = all(isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in value) and \
        any(isinstance(v, str) and " " in v for v in value)
    return bool(value) and (lines or all(isinstance(v, list) for v in value))


def item(value: Any) -> str:
    return flow(value) if isinstance(value, (list, dict)) else scalar(value)


def quoted_as(node: yaml.Node, value: Any, flowing: bool = False) -> str:
    """``value`` in the quotes the player used for the value it replaces, where it can be written so
    (``flowing``: as an item of a flow list)."""
    if isinstance(value, str) and isinstance(node, yaml.ScalarNode) and value.isprintable() and value:
        if node.style == "'":
            return "'" + value.replace("'", "''") + "'"
        if node.style == '"':
            return json.dumps(value, ensure_ascii=False)
    if flowing and not isinstance(value, (list, dict)):
        return in_flow(value)
    return item(value)


def lines(key: str, value: Any, indent: int) -> list[str]:
    """``key: value`` as a person would type it, at ``indent``."""
    pad = " " * indent
    head = f"{pad}{scalar(key)}:"
    if isinstance(value, dict):
        if not value:
            return [head + " {}"]
        return [head] + [line for k, v in value.items() for line in lines(str(k), v, indent + 2)]
    if isinstance(value, list):
        if not value:
            return [head + " []"]
        if _items_as_lines(value):
            return [head] + [f"{pad}  - {item(v)}" for v in value]
        return [head + " " + flow(value)]
    if _block(value):
        return [head + " " + _header(value)] + [f"{pad}  {line}" if line else ""
                                                for line in value.strip("\n").split("\n")]
    return [f"{head} {scalar(value)}"]


def _header(value: str) -> str:
    """The '|' header that reads back as ``value``'s own end: one newline (``|``), none (``|-``), more (``|+``)."""
    return "|" if value.endswith("\n") and not value.endswith("\n\n") else ("|-" if not value.endswith("\n") else "|+")


def whole(title: str, data: dict, head: str | None = None) -> str:
    """A results document written whole (a new file, or one that no longer parses, or whose form the writer
    does not change in place): ``head`` is the file's own opening comment, kept; each key as a person would
    type it, or as YAML writes it where that would not read back the same."""
    out = head.rstrip("\n").split("\n") if head else \
        [f"# Results of {title}, entered with printkit enter. Check with:", "#   printkit score THIS-FILE"]
    for key, value in data.items():
        typed = [f"players: {flow(value)}"] if key == "players" and isinstance(value, list) else lines(key, value, 0)
        for plain in (True, False):  # else as YAML writes it: with the letters as they are, or all escaped
            if _reads_as(typed, key, value):
                break
            typed = yaml.safe_dump({key: value}, allow_unicode=plain, sort_keys=False, width=10_000).rstrip("\n").split("\n")
        out.extend(typed)
    return "\n".join(out) + "\n"


def _reads_as(typed: list[str], key: str, value: Any) -> bool:
    from ..inputs import InputError, parse

    try:
        return parse("\n".join(typed) + "\n", "results").data == {key: value}
    except (InputError, yaml.YAMLError):
        return False


def _head(text: str) -> str:
    """The comment lines a file opens with (its title, a note): kept when the file is written whole."""
    out = []
    for line in text.split("\n"):
        if not line.startswith("#"):
            break
        out.append(line)
    return "\n".join(out)


# ---------------------------------------------------------------- changing only what changed

class Edits:
    """Replacements of spans of the text, applied from the end so that earlier positions stay right."""

    def __init__(self, text: str):
        self.text, self.spans = text, []

    def replace(self, start: int, end: int, new: str) -> None:
        self.spans.append((start, end, new))

    def result(self) -> str:
        out = self.text
        for start, end, new in sorted(self.spans, key=lambda s: (s[0], s[1]), reverse=True):
            out = out[:start] + new + out[end:]
        return out

    # -- lines of the text

    def line_start(self, i: int) -> int:
        return self.text.rfind("\n", 0, i) + 1

    def line_end(self, i: int) -> int:
        """The end of the line holding ``i``, its newline included."""
        j = self.text.find("\n", i)
        return len(self.text) if j < 0 else j + 1

    def column(self, i: int) -> int:
        return i - self.line_start(i)


BOM = "\ufeff"


def update(text: str, new: dict, title: str = "the game") -> str:
    """``text`` (a results file) with only the parts that differ from ``new`` written anew."""
    return write(text, new, title)[0]


def write(text: str, new: dict, title: str = "the game") -> tuple[str, str]:
    """``text`` with ``new``'s changes, and "" or why it was written whole.  The rule above every write: the
    text returned reads back as exactly ``new``.  A change in place that would not is not written: the
    document is written whole instead, keeping the opening comment and the key order (and the reason says
    so).  A byte-order mark stays in front, and CRLF line ends stay CRLF."""
    from ..inputs import InputError, parse

    bom = BOM if text.startswith(BOM) else ""
    body = text[len(bom):]
    crlf = "\r\n" in body and body.count("\r\n") * 2 >= body.count("\n")
    if crlf:
        body = body.replace("\r\n", "\n")

    def out(t: str, why: str = "") -> tuple[str, str]:
        return bom + (t.replace("\n", "\r\n") if crlf else t), why

    try:
        root = yaml.compose(body, Loader=LOADER)
        old = parse(body, "results").data  # keys and names as printkit reads them (``Yes:`` is the name Yes)
    except (yaml.YAMLError, InputError):
        return out(whole(title, new, _head(body)), "the file did not read, so it was written whole")
    if old == new:
        return text, ""
    if not isinstance(root, yaml.MappingNode) or not isinstance(old, dict) or root.flow_style:
        return out(whole(title, new, _head(body)), "the file is one {...} mapping, so it was written whole")
    edits = Edits(body)
    try:
        _mapping(edits, root, old, new, top=True)
        changed = edits.result()
        if _reads(changed) == new:
            return out(changed)
    except (IndexError, KeyError, ValueError, TypeError):
        pass
    written = whole(title, new, _head(body))
    if _reads(written) != new:
        raise ValueError("the document cannot be written so that it reads back the same")
    return out(written, "a change could not be written in place, so the file was written whole")


def _reads(text: str) -> Any:
    from ..inputs import InputError, parse

    try:
        return parse(text, "results").data
    except (InputError, yaml.YAMLError):
        return None


def _pairs(node: yaml.MappingNode, old: dict) -> dict:
    """Each key of the mapping as the document has it -> (its key node, its value node)."""
    keys = list(old)
    return {k: pair for k, pair in zip(keys, node.value)}


def _mapping(e: Edits, node: yaml.MappingNode, old: dict, new: dict, top: bool = False) -> None:
    pairs = _pairs(node, old)
    indent = e.column(node.value[0][0].start_mark.index) if node.value else 0
    for key in old:
        if key in new:
            if old[key] != new[key]:
                _value(e, pairs[key], old[key], new[key], indent)
        else:  # the key taken away: its lines go
            knode, vnode = pairs[key]
            e.replace(e.line_start(knode.start_mark.index), _end_of_value(e, vnode), "")
    added = [k for k in new if k not in old]
    if added:
        text = "".join(line + "\n" for k in added for line in lines(str(k), new[k], indent))
        if node.value:
            at = _end_of_value(e, node.value[-1][1])
        else:
            at = len(e.text)
        if at > 0 and e.text[at - 1: at] != "\n":
            text = "\n" + text
        e.replace(at, at, text)


def _end_of_value(e: Edits, vnode: yaml.Node) -> int:
    """Where a value's own text ends, its line included (a block's trailing comments and blank lines are
    not the value's: they stay)."""
    if isinstance(vnode, yaml.SequenceNode) and not vnode.flow_style and vnode.value:
        return _end_of_value(e, vnode.value[-1])
    if isinstance(vnode, yaml.MappingNode) and not vnode.flow_style and vnode.value:
        return _end_of_value(e, vnode.value[-1][1])
    if isinstance(vnode, yaml.ScalarNode) and vnode.style in ("|", ">"):
        body = e.text[vnode.start_mark.index: vnode.end_mark.index]
        return vnode.start_mark.index + len(body.rstrip("\n")) + 1
    return e.line_end(vnode.end_mark.index - 1 if vnode.end_mark.index > vnode.start_mark.index else vnode.end_mark.index)


def _value(e: Edits, pair: tuple, old: Any, new: Any, indent: int) -> None:
    knode, vnode = pair
    if isinstance(old, dict) and isinstance(new, dict) and isinstance(vnode, yaml.MappingNode) \
            and not vnode.flow_style and vnode.value:
        _mapping(e, vnode, old, new)
        return
    if isinstance(old, list) and isinstance(new, list) and isinstance(vnode, yaml.SequenceNode) \
            and not vnode.flow_style and vnode.value and new and _sequence(e, vnode, old, new):
        return
    if isinstance(vnode, yaml.ScalarNode) and vnode.style == "|" and _block(new) and \
            re.fullmatch(r"\|[1-9]?", e.text[vnode.start_mark.index:].split("\n", 1)[0].split(" #")[0].strip()) and \
            _header(new) == "|":
        _block_scalar(e, vnode, new)
        return
    if isinstance(vnode, yaml.SequenceNode) and vnode.flow_style and isinstance(new, list) and new:
        like = vnode.value or [None]  # a flow list stays a flow list, its items quoted as the player quoted them
        text = "[" + ", ".join(flow(v) if isinstance(v, (list, dict)) else quoted_as(like[min(i, len(like) - 1)], v, True)
                               for i, v in enumerate(new)) + "]"
        e.replace(vnode.start_mark.index, vnode.end_mark.index, text)
        return
    if isinstance(vnode, yaml.ScalarNode) and vnode.style not in ("|", ">") and vnode.value != "" and \
            not isinstance(new, (list, dict)) and not _block(new):
        e.replace(vnode.start_mark.index, vnode.end_mark.index, quoted_as(vnode, new))  # a scalar where it stands
        return
    # anything else: the key and its value written anew, where they stood
    written = lines(str(knode.value), new, indent)
    written[0] += _comment_after(e, knode, vnode)  # on the key's own line, where the player wrote it
    e.replace(e.line_start(knode.start_mark.index), _end_of_value(e, vnode), "".join(line + "\n" for line in written))


def _comment_after(e: Edits, knode: yaml.Node, vnode: yaml.Node) -> str:
    """A comment on the key's own line after an empty value (``moves:   # one a line``): kept."""
    line = e.text[e.line_start(knode.start_mark.index): e.line_end(knode.start_mark.index)].rstrip("\n")
    if vnode.start_mark.index >= e.line_end(knode.start_mark.index) - 1 or \
            (isinstance(vnode, yaml.ScalarNode) and vnode.value == "" and not vnode.style):
        at = line.find(" #")
        return line[len(line[:at].rstrip()):] if at >= 0 else ""  # its spacing as typed
    return ""


def _block_scalar(e: Edits, vnode: yaml.ScalarNode, new: str) -> None:
    """A '|' block's rows written anew at its own indent; its header (``|``, ``|2``) and the blank lines
    after it stay."""
    body = e.text[vnode.start_mark.index: vnode.end_mark.index]
    header = body.split("\n", 1)[0]
    rows = [ln for ln in body.split("\n")[1:] if ln.strip()]
    pad = " " * (min(len(r) - len(r.lstrip(" ")) for r in rows) if rows else e.column(vnode.start_mark.index) + 2)
    text = header + "\n" + "".join(f"{pad}{line}\n" if line else "\n" for line in new.strip("\n").split("\n"))
    end = vnode.start_mark.index + len(body.rstrip("\n")) + 1
    e.replace(vnode.start_mark.index, min(end, len(e.text)), text if end <= len(e.text) else text.rstrip("\n"))


def _sequence(e: Edits, vnode: yaml.SequenceNode, old: list, new: list) -> bool:
    """A block list changed item by item (a log's line added, changed or taken away): True when done so."""
    items = vnode.value
    if any(isinstance(n, yaml.MappingNode) or (isinstance(n, yaml.ScalarNode) and n.style in ("|", ">"))
           or n.start_mark.line != n.end_mark.line for n in items):
        return False  # items of several lines: the list is written anew
    dash = e.column(items[0].start_mark.index) - 2
    if dash < 0 or e.text[e.line_start(items[0].start_mark.index) + dash: items[0].start_mark.index].strip() != "-":
        return False
    olds, news = [json.dumps(v, sort_keys=True) for v in old], [json.dumps(v, sort_keys=True) for v in new]
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, olds, news, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        if op == "replace" and i2 - i1 == j2 - j1:
            for k in range(i2 - i1):
                n = items[i1 + k]
                e.replace(n.start_mark.index, n.end_mark.index, quoted_as(n, new[j1 + k]))
            continue
        if i2 > i1:  # lines taken away
            e.replace(e.line_start(items[i1].start_mark.index), e.line_end(items[i2 - 1].end_mark.index - 1), "")
        if j2 > j1:  # lines put in, after the line before them (or before the first)
            text = "".join(f"{' ' * dash}- {item(v)}\n" for v in new[j1:j2])
            at = e.line_end(items[i1 - 1].end_mark.index - 1) if i1 > 0 else e.line_start(items[0].start_mark.index)
            if at == len(e.text) and not e.text.endswith("\n"):
                text = "\n" + text.rstrip("\n")
            e.replace(at, at, text)
    return True
