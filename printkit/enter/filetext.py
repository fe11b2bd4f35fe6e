"""The results file's text, as the player keeps it.

A save from the page changes only the text of the parts of the record that changed: a line of a log, a grid,
a round, a sheet's walls.  Every other byte stays as it was: comments, blank lines, key order, quoting and
the player's own layout; a save with nothing changed leaves the file byte for byte as it was.  The parts
are found in the text by the positions PyYAML gives every node, and what is written anew is written as a
person would type it (``lines``): a list of short lines one a line, grids as '|' blocks, rounds as
``- [A1-A5, C1-C3]``.  A list or mapping typed as [...] or {...} is changed inside, over the lines it was
typed on (a turn goes in before its ']').  Every comment stays: the comments of a part taken away or written
anew stay on lines of their own.  A file that does not parse any more (typed over by hand) is written whole,
and so is one whose change would lose a comment or not read back as the document; the answer says why.
"""

from __future__ import annotations

import bisect
import collections
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
    return isinstance(value, str) and "\n" in value.strip("\n") and value[:1] not in (" ", "\n") and all(
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
    if _block(value):  # (under '|+' the blank lines after the rows are the value's own)
        return [head + " " + _header(value)] + [f"{pad}  {line}" if line else ""
                                                for line in value.strip("\n").split("\n")] + \
            [""] * (len(value) - len(value.rstrip("\n")) - 1)
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
        return same(parse("\n".join(typed) + "\n", "results").data, {key: value})
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


# ---------------------------------------------------------------- values compared with their type

def same(a: Any, b: Any) -> bool:
    """Whether two documents are the same, type for type: ``1`` and ``true``, ``0`` and ``0.0``, ``0.0`` and
    ``-0.0`` differ (Python's ``==`` takes each pair for equal), and NaN is the same as NaN.  Key order does
    not count."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, float):
        return a.hex() == b.hex()
    return a == b


def _typed(value: Any) -> str:
    """A value as text that tells types apart (``1``, ``1.0``, ``true``), for lining up the items of two lists;
    dates, sets and bytes (which a file can hold) by their Python form."""
    return json.dumps(value, sort_keys=True, default=lambda v: f"{type(v).__name__} {v!r}")


# ---------------------------------------------------------------- changing only what changed

class Edits:
    """Replacements of spans of the text, applied from the end so that earlier positions stay right; and
    where the text's comments are (every ``#`` that YAML's tokens leave out, and one on a block's ``|``
    line), its list dashes and its flow commas, from one pass of YAML's scanner."""

    def __init__(self, text: str):
        self.text, self.spans = text, []
        self.comments: list[tuple[int, int]] = []
        self.dashes: list[int] = []
        self.commas: list[int] = []
        after = 0
        for token in yaml.scan(text, Loader=LOADER):
            start, end = token.start_mark.index, token.end_mark.index
            self._comments_in_gap(after, start)
            if isinstance(token, yaml.ScalarToken) and token.style in ("|", ">"):
                line = text.find("\n", start, end)
                self._comments_in_gap(start + 1, line if line >= 0 else end, header=True)
            elif isinstance(token, yaml.BlockEntryToken):
                self.dashes.append(start)
            elif isinstance(token, yaml.FlowEntryToken):
                self.commas.append(start)
            after = max(after, end)
        self._comments_in_gap(after, len(text))

    def _comments_in_gap(self, start: int, end: int, header: bool = False) -> None:
        """The comments between two tokens: each from its '#' to its line's end (a '#' here is nothing else)."""
        at = self.text.find("#", start, end)
        while at >= 0:
            if header and self.text[at - 1] not in " \t":
                return
            stop = self.text.find("\n", at)
            stop = len(self.text) if stop < 0 else stop
            self.comments.append((at, at + len(self.text[at:stop].rstrip())))
            at = self.text.find("#", stop, end)

    def replace(self, start: int, end: int, new: str) -> None:
        self.spans.append((start, end, new))

    def result(self) -> str:
        spans = sorted(self.spans, key=lambda s: (s[0], s[1]))
        for (_, end, _), (start, _, _) in zip(spans, spans[1:]):
            if start < end:
                raise ValueError("two changes of one part of the text")
        out = self.text
        for start, end, new in reversed(spans):
            out = out[:start] + new + out[end:]
        return out

    def lost(self, written: str) -> list[str]:
        """The comments of this text that ``written`` no longer has (each counted as often as it is typed)."""
        left = collections.Counter(written[a:b] for a, b in Edits(written).comments)
        out = []
        for a, b in self.comments:
            comment = self.text[a:b]
            if left[comment]:
                left[comment] -= 1
            else:
                out.append(comment)
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

    def first_on_line(self, i: int) -> bool:
        return not self.text[self.line_start(i): i].strip()

    def dash_of(self, node: yaml.Node) -> int:
        """The '-' of a block list's item (-1 if none)."""
        i = bisect.bisect_left(self.dashes, node.start_mark.index)
        return self.dashes[i - 1] if i > 0 else -1

    def comma_in(self, start: int, end: int) -> int | None:
        i = bisect.bisect_left(self.commas, start)
        return self.commas[i] if i < len(self.commas) and self.commas[i] < end else None

    # -- comments of a part written anew: kept

    def keeping_comments(self, start: int, end: int, written: list[str], pad: int) -> str:
        """``written`` (lines) in place of the text from ``start`` to ``end`` (whole lines), with the comments
        that text held: one on its first line stays at the end of the first line written, spaced as typed;
        the others follow as lines of their own at ``pad``."""
        first_end = self.line_end(start)
        written = list(written)
        held = self.comments[bisect.bisect_left(self.comments, (start,)): bisect.bisect_left(self.comments, (end,))]
        for a, b in held:
            if a < first_end and written:
                space = a
                while space > 0 and self.text[space - 1] in " \t":
                    space -= 1
                space = self.text[space: a] or " "
                if not written[0].strip():  # after a lone '-' or ':' libyaml takes a tab for indentation
                    space = space.expandtabs(2)
                written[0] += space + self.text[a:b]
            else:
                written.append(" " * pad + self.text[a:b])
        return "".join(line + "\n" for line in written)


BOM = "\ufeff"


def update(text: str, new: dict, title: str = "the game") -> str:
    """``text`` (a results file) with only the parts that differ from ``new`` written anew."""
    return write(text, new, title)[0]


def write(text: str, new: dict, title: str = "the game") -> tuple[str, str]:
    """``text`` with ``new``'s changes, and "" or why it was written whole.  The rules above every write:
    the text returned reads back as exactly ``new``, types included; and every comment of ``text`` is still
    in it, or the reason says why not.  A change in place that would break either is not written: the
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
    if same(old, new):
        return text, ""
    why = "a change could not be written in place, so the file was written whole"
    if isinstance(root, yaml.MappingNode) and isinstance(old, dict):
        edits = Edits(body)
        try:
            if root.flow_style:
                _flow(edits, root, old, new)
            else:
                _mapping(edits, root, old, new)
            changed = edits.result()
        except (IndexError, KeyError, ValueError, TypeError):
            changed = None
        if changed is not None and same(_reads(changed), new):
            lost = edits.lost(changed)
            if not lost:
                return out(changed)
            why = f"the comment '{lost[0]}' could not be kept where it was, so the file was written whole"
    written = whole(title, new, _head(body))
    if not same(_reads(written), new):
        raise ValueError("the document cannot be written so that it reads back the same")
    return out(written, why)


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


def _mapping(e: Edits, node: yaml.MappingNode, old: dict, new: dict) -> None:
    """A block mapping changed key by key: a value changed where it stands, a key taken away with its lines
    (their comments stay), a key added after the last."""
    pairs = _pairs(node, old)
    indent = _key_column(e, node.value[0][0]) if node.value else 0
    before = None  # the key before the key at hand in the text that stays, and its value node
    tail = _end_of_value(e, node.value[-1][1]) if node.value else len(e.text)  # where the mapping's text ends
    for key in old:
        knode, vnode = pairs[key]
        if key not in new:  # the key taken away: its lines go, their comments stay
            start, end = _key_start(e, knode), _end_of_value(e, vnode)
            above = _block_above(e, before[1], new[before[0]], indent) if before else None
            if above:  # a block above would take the lines after the key for rows of its own
                end = _notes_end(e, end, *above)
            e.replace(start, end, e.keeping_comments(start, end, [], indent))
            tail = max(tail, end)
        elif not same(old[key], new[key]) and not _node(e, vnode, old[key], new[key]):
            # anything else: the key and its value written anew, where they stood
            start, end = _key_start(e, knode), _end_of_value(e, vnode)
            end = _past_notes(e, end, new[key], indent)
            written = lines(str(knode.value), new[key], indent)
            if not e.first_on_line(start):
                written[0] = written[0][indent:]
            e.replace(start, end, e.keeping_comments(start, end, written, indent))
            tail = max(tail, end)
        before = (key, vnode) if key in new else before
    added = [k for k in new if k not in old]
    if added:  # after the comment lines that go with the last value (deeper than its key)
        tail = _notes_end(e, tail, indent + 1, False)
        end = _past_notes(e, tail, new[added[-1]], indent)
        text = e.keeping_comments(tail, end, [line for k in added for line in lines(str(k), new[k], indent)], indent)
        if tail > 0 and e.text[tail - 1: tail] != "\n":
            text = "\n" + text
        e.replace(tail, end, text)


def _last_block(value: Any, depth: int = 0) -> tuple[str, int] | None:
    """The '|' block ``lines`` writes ``value`` ending in, and how many mappings deep, or None."""
    if _block(value):
        return value, depth
    if isinstance(value, dict) and value:
        return _last_block(list(value.values())[-1], depth + 1)
    return None


def _block_above(e: Edits, node: yaml.Node, value: Any, indent: int) -> tuple[int, bool] | None:
    """The column of the rows of the '|' block a value ends in as it is written (kept in place, or as ``lines``
    writes it), and whether the blank lines after them are its own ('|+'); None if it ends in no block."""
    block = _last_block(value)
    if block is None:
        return None
    header, column = _block_form(e, node) if isinstance(node, yaml.ScalarNode) and node.style in ("|", ">") \
        else ("", None)
    return (column if column is not None else indent + 2 + 2 * block[1]), "+" in header or _header(block[0]) == "|+"


def _past_notes(e: Edits, at: int, value: Any, indent: int) -> int:
    """Where the lines after ``at`` stop that a '|' block written there as ``value``'s end would take for rows
    of its own: the comment lines at least as deep as its rows (and, under '|+', the blank lines).  They are
    written again after it."""
    block = _last_block(value)
    if block is None:
        return at
    return _notes_end(e, at, indent + 2 + 2 * block[1], _header(block[0]) == "|+")


def _notes_end(e: Edits, at: int, column: int, blanks: bool) -> int:
    end = at
    while at < len(e.text):
        line = e.text[at: e.line_end(at)]
        if line.strip() and not (line.lstrip().startswith("#") and len(line) - len(line.lstrip()) >= column):
            break
        at += len(line)
        end = at if line.strip() or blanks else end
    return end


def _end_of_value(e: Edits, vnode: yaml.Node) -> int:
    """Where a value's own text ends, its line included (a block's trailing comments and blank lines are
    not the value's: they stay)."""
    if isinstance(vnode, yaml.SequenceNode) and not vnode.flow_style and vnode.value:
        return _end_of_value(e, vnode.value[-1])
    if isinstance(vnode, yaml.MappingNode) and not vnode.flow_style and vnode.value:
        return _end_of_value(e, vnode.value[-1][1])
    if isinstance(vnode, yaml.ScalarNode) and vnode.style in ("|", ">"):
        if "+" in _block_form(e, vnode)[0]:  # under '|+' the blank lines after the rows are the value's own
            return _block_end(e, vnode)
        body = e.text[vnode.start_mark.index: vnode.end_mark.index]
        return vnode.start_mark.index + len(body.rstrip("\n")) + 1
    return e.line_end(vnode.end_mark.index - 1 if vnode.end_mark.index > vnode.start_mark.index else vnode.end_mark.index)


def _node(e: Edits, node: yaml.Node, old: Any, new: Any, flowing: bool = False) -> bool:
    """A value changed where it stands, in its own form (``flowing``: inside a [...] or {...}): True when
    done so; False leaves it to the caller to write the whole entry anew."""
    if isinstance(node, yaml.MappingNode) and isinstance(old, dict) and isinstance(new, dict):
        if node.flow_style:
            _flow(e, node, old, new)
            return True
        if node.value and new:  # (a mapping left empty is written ``{}``)
            _mapping(e, node, old, new)
            return True
        return False
    if isinstance(node, yaml.SequenceNode) and isinstance(old, list) and isinstance(new, list):
        if node.flow_style:
            _flow(e, node, old, new)
            return True
        return bool(node.value and new) and _sequence(e, node, old, new)
    if not isinstance(node, yaml.ScalarNode) or isinstance(new, (list, dict)):
        return False
    if node.style in ("|", ">"):
        return not flowing and _block(new) and _block_scalar(e, node, new)
    if (node.value != "" or node.style) and (flowing or not _block(new)):  # a scalar where it stands
        e.replace(node.start_mark.index, node.end_mark.index, quoted_as(node, new, flowing))
        return True
    return False


def _block_form(e: Edits, vnode: yaml.ScalarNode) -> tuple[str, int | None]:
    """A '|' or '>' block's header (``|+2``, its comment left out) and the column of its rows (None if none)."""
    body = e.text[vnode.start_mark.index: vnode.end_mark.index]
    rows = [r for r in body.split("\n")[1:] if r.strip()]
    header = re.match(r"[|>][+1-9-]*", body).group()
    return header, (min(len(r) - len(r.lstrip(" ")) for r in rows) if rows else None)


def _block_scalar(e: Edits, vnode: yaml.ScalarNode, new: str) -> bool:
    """A '|' block's rows written anew at its own indent; its header line stays as typed (an indent digit, the
    spacing, a comment after a space or a tab), only its '|' and end sign (``|``, ``|-``, ``|+``) set to what
    ``new`` ends with.  A '>' header becomes '|': a grid's rows are lines."""
    body = e.text[vnode.start_mark.index: vnode.end_mark.index]
    header = body.split("\n", 1)[0]
    sign = re.match(r"[|>]([+-]?)([1-9]?)([+-]?)", header)
    if not sign:
        return False
    keep = _header(new)[1:]
    column = _block_form(e, vnode)[1]
    pad = " " * (column if column is not None else e.column(vnode.start_mark.index) + 2)
    trailing = len(new) - len(new.rstrip("\n"))
    rows = "".join(f"{pad}{line}\n" if line else "\n" for line in new.strip("\n").split("\n"))
    text = "|" + keep + sign.group(2) + header[sign.end():] + "\n" + rows + "\n" * max(0, trailing - 1)
    end = _end_of_value(e, vnode)
    if keep == "+":  # the blank lines after the rows become the value's own: they are written with it
        end = max(end, _block_end(e, vnode))
    if end > len(e.text):
        end, text = len(e.text), text.rstrip("\n")
    e.replace(vnode.start_mark.index, end, text)
    return True


def _block_end(e: Edits, vnode: yaml.ScalarNode) -> int:
    """The start of the line after a block's rows and the blank lines after them."""
    end = vnode.end_mark.index
    return end if e.text[end - 1] == "\n" else e.line_start(end)


def _sequence(e: Edits, vnode: yaml.SequenceNode, old: list, new: list) -> bool:
    """A block list changed item by item (a log's line added, changed or taken away; a round of rounds typed
    as lists of lists): True when done so.  An item taken away leaves its comments behind."""
    items = vnode.value
    dashes = [e.dash_of(n) for n in items]
    pad = e.column(dashes[0])
    if any(d < 0 or e.column(d) != pad for d in dashes):
        return False
    olds, news = [_typed(v) for v in old], [_typed(v) for v in new]
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, olds, news, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        both = min(i2 - i1, j2 - j1)
        for k in range(both):  # an item changed: where it stands
            n = items[i1 + k]
            if not _node(e, n, old[i1 + k], new[j1 + k]):
                start, end = n.start_mark.index, _end_of_value(e, n)
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
    end = _end_of_value(e, items[b - 1])
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
    at = e.line_start(dashes[0]) if i == 0 else _end_of_value(e, items[i - 1])
    if at == len(e.text) and not e.text.endswith("\n"):
        text = "\n" + text.rstrip("\n")
    e.replace(at, at, text)


# ---------------------------------------------------------------- [...] and {...}: changed inside, over any lines

def _flow(e: Edits, node: yaml.Node, old: Any, new: Any) -> None:
    """A flow list or mapping changed entry by entry where it stands, over as many lines as it was typed on:
    an entry changed in place, entries taken away with their commas (comments between them stay), new ones
    put in after the last (or before the first)."""
    if isinstance(node, yaml.SequenceNode):
        entries = [(n.start_mark.index, n.end_mark.index) for n in node.value]
        like = node.value or [None]
        olds, news = [_typed(v) for v in old], [_typed(v) for v in new]
        for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, olds, news, autojunk=False).get_opcodes():
            if op == "equal":
                continue
            both = min(i2 - i1, j2 - j1)
            for k in range(both):
                n = node.value[i1 + k]
                if not _node(e, n, old[i1 + k], new[j1 + k], flowing=True):
                    e.replace(*entries[i1 + k], _in_flow(n, new[j1 + k]))
            if i2 - i1 > both:
                _cut_entries(e, node, entries, i1 + both, i2)
            if j2 - j1 > both:
                at = i1 + both
                _put_entries(e, node, entries, at, [_in_flow(like[min(at + k, len(like) - 1)], v)
                                                    for k, v in enumerate(new[j1 + both: j2])])
        return
    pairs = _pairs(node, old)
    entries = [(k.start_mark.index, max(k.end_mark.index, v.end_mark.index)) for k, v in node.value]
    for key in old:
        knode, vnode = pairs[key]
        if key in new and not same(old[key], new[key]) and not _node(e, vnode, old[key], new[key], flowing=True):
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
