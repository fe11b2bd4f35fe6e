"""Reading configs and results: safe YAML, line numbers, one clear error line.

Every problem with an input file becomes an ``InputError`` that names the file,
the line and the key; the command line prints it and exits with code 2.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import yaml

from .gridtext import layout_problems

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser when PyYAML has it: 10x faster
MAX_BYTES = 1_000_000  # no config or results file needs more
MAX_DEPTH = 16  # nor more levels of nesting (the deepest record, a curve fill, needs 4)
MAX_VALUES = 50_000  # nor more values: keys, list items and scalars (a long knives game has a few hundred)
STR = "tag:yaml.org,2002:str"


class InputError(Exception):
    """An unusable input: printed as one line, exit code 2."""

    def __init__(self, file: str, message: str, line: int | None = None, key: str | None = None,
                 loc: tuple = ()):
        self.file, self.line, self.key, self.message = file, line, key, message
        self.loc = loc  # the key as a path into the document, ("fills", "Ann", "Ben") or ("rounds", 1, 3)
        super().__init__(str(self))

    def __str__(self) -> str:
        where = one_line(self.file, 1000) + (f":{self.line}" if self.line else "")
        key = f" {one_line(self.key, 80)}:" if self.key else ""
        return f"{where}:{key} {one_line(self.message)}"


ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def escape(text: str) -> str:
    """``text`` with every character that is not printable shown as an escape: a terminal control
    sequence (ESC), a line or paragraph separator (U+2028), a bidi override or a NUL cannot act on the
    terminal or split a one-line message.  Plain text is returned as it is."""
    text = str(text)
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable() or ch == " ":
            out.append(ch)
        elif ch in ESCAPES:
            out.append(ESCAPES[ch])
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out)


def one_line(text: str, limit: int = 300) -> str:
    """Keep a message to one readable line: control characters and line breaks escaped (\\n, \\x1b,
    \\u2028), very long text cut."""
    text = escape(str(text)[: limit + 1])
    return text if len(text) <= limit else text[: limit - 3] + "..."


def suggest(word: str, choices) -> str:
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.5)
    return f" (did you mean '{close[0]}'?)" if close else ""


class Row(int):
    """A line of a '|' block (a grid row), as a step of a place in the file: it finds the row's own line,
    and the key shown is the block's (``curves.Ann``, not ``curves.Ann[3]``)."""


def path_of(loc: tuple) -> tuple:
    """A place in the file as a path into the document: the rows of a '|' block are the block's."""
    return tuple(part for part in loc if not isinstance(part, Row))


def key_name(loc: tuple) -> str:
    """('players', 0) -> 'players[1]'; ('curves', 'Ann') -> 'curves.Ann'."""
    out = ""
    for part in loc:
        if isinstance(part, Row):
            continue
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            out += f".{part}" if out else str(part)
    return out


class Document:
    """A parsed YAML mapping with the source line of every key and item (and of every row of a '|' block),
    and the layout problems found in the text (``layout``: the line of the key they concern -> (line, what, kind))."""

    def __init__(self, file: str, data: dict, lines: dict[tuple, int],
                 layout: dict[int, tuple[int, str, str]] | None = None):
        self.file, self.data, self.lines = file, data, lines
        self.layout = layout or {}

    def line(self, loc: tuple) -> int | None:
        loc = tuple(loc)
        while loc:
            if loc in self.lines:
                return self.lines[loc]
            loc = loc[:-1]
        return None

    def error(self, loc: tuple, message: str) -> InputError:
        line = self.line(loc)
        if line in self.layout:  # the problem comes from a layout problem under this key: name it
            at, what, kind = self.layout[line]
            told = what if kind == "bar" else f"{what} (as read: {message})"
            return InputError(self.file, told, at, key_name(loc) or None, path_of(loc))
        return InputError(self.file, message, line, key_name(loc) or None, path_of(loc))


def read_text(path: str | Path) -> str:
    import os
    import stat

    p = Path(path)
    name = str(path)
    try:
        mode = os.stat(p).st_mode
    except FileNotFoundError:
        raise InputError(name, "no such file") from None
    except NotADirectoryError:
        raise InputError(name, "no such file (a part of the path is a file, not a folder)") from None
    except PermissionError:
        raise InputError(name, "cannot read: permission denied (a folder on the way cannot be searched)") from None
    except (OSError, ValueError) as e:
        raise InputError(name, f"cannot read: {getattr(e, 'strerror', None) or e}") from None
    if stat.S_ISDIR(mode):
        raise InputError(name, "is a folder, not a file")
    if not stat.S_ISREG(mode):  # a pipe or device would block or never end
        raise InputError(name, "not a regular file")
    try:
        with open(p, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as e:
        raise InputError(name, f"cannot read: {e.strerror}") from None
    if len(raw) > MAX_BYTES:
        raise InputError(name, f"file is larger than {MAX_BYTES // 1000} kB; not a printkit file")
    if b"\0" in raw:
        raise InputError(name, "binary file, not YAML text")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise InputError(name, "not UTF-8 text", line) from None
    if not text.strip():
        raise InputError(name, "file is empty")
    return text


def parse(text: str, file: str) -> Document:
    """Parse YAML safely into a mapping, recording the line of every key."""
    try:
        return _parse(text, file)
    except RecursionError:
        raise InputError(file, TOO_DEEP) from None


TOO_DEEP = "nested too deeply to be a printkit file"
FLOW = re.compile(r"""[\[\]{}\n]|'[^'\n]*'|"(?:[^"\\\n]|\\.)*"|(?:^|(?<=[ \t]))#[^\n]*""")


def too_deep(text: str, end: int | None = None) -> int | None:
    """The line where ``text`` (up to ``end``) first nests more than MAX_DEPTH levels, counting the top
    mapping every printkit file is and each ``[`` or ``{`` inside it, or None.  printkit's own measure, read from the text itself: the refusal is the same whatever
    limit or wording the YAML library has (libyaml refuses deep nesting itself at its own depth, and
    may scan ahead of the tokens it has handed over)."""
    depth = 1  # the top-level mapping
    line = 1
    for m in FLOW.finditer(text, 0, len(text) if end is None else end):
        ch = m.group()
        if ch == "\n":
            line += 1
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return line
        elif ch in "]}":
            depth = max(1, depth - 1)
        else:
            line += ch.count("\n")
    return None


def _parse(text: str, file: str) -> Document:
    opening = (yaml.FlowSequenceStartToken, yaml.FlowMappingStartToken, yaml.BlockSequenceStartToken,
               yaml.BlockMappingStartToken)
    closing = (yaml.FlowSequenceEndToken, yaml.FlowMappingEndToken, yaml.BlockEndToken)
    step = {kind: (1, 1) for kind in opening}  # token type -> (depth change, values)
    step.update({kind: (-1, 0) for kind in closing})
    step[yaml.ScalarToken] = (0, 1)
    refused = (yaml.AnchorToken, yaml.AliasToken)
    depth = count = 0
    try:
        for token in yaml.scan(text, Loader=LOADER):
            more, values = step.get(type(token), (0, 0))
            depth += more
            count += values
            if depth > MAX_DEPTH:  # stop early: the scanner slows down with every level
                raise InputError(file, TOO_DEEP, token.start_mark.line + 1)
            if count > MAX_VALUES:  # and every value costs time and memory to read and check
                raise InputError(file, f"more than {MAX_VALUES:,} values; too many to be a printkit file",
                                 token.start_mark.line + 1)
            if isinstance(token, refused):
                sign = "&" if isinstance(token, yaml.AnchorToken) else "*"
                raise InputError(file, f"anchors and aliases ({sign}{token.value}) are not supported",
                                 token.start_mark.line + 1)
        loader = LOADER(text)
        try:
            root = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        deep = too_deep(text, mark.index + 1 if mark else None)
        if deep is not None:  # refused by the YAML library for its own depth limit, or failing past ours
            raise InputError(file, TOO_DEEP, deep) from None
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        at = mark.line + 1 if mark else None
        short = next((p for p in reversed(layout_problems(text)) if at and p.kind == "indent" and p.line <= at), None)
        if short is not None:
            raise InputError(file, short.message, short.line) from None
        raise InputError(file, f"YAML syntax error: {problem}", at) from None
    if root is None:
        raise InputError(file, "file is empty")
    if not isinstance(root, yaml.MappingNode):
        raise InputError(file, "expected 'key: value' lines at the top level", root.start_mark.line + 1)

    lines: dict[tuple, int] = {}

    def walk(node: yaml.Node, loc: tuple) -> None:
        if isinstance(node, yaml.MappingNode):
            keys = set()
            for k, v in node.value:
                if not isinstance(k, yaml.ScalarNode):
                    raise InputError(file, "keys must be plain words", k.start_mark.line + 1, key_name(loc) or None)
                if k.value == "<<" and not k.style:  # a merge key is a plain <<; a quoted '<<' is a name
                    raise InputError(file, "merge keys (<<) are not supported", k.start_mark.line + 1)
                if k.value in keys:
                    raise InputError(file, "key given twice", k.start_mark.line + 1, key_name(loc + (k.value,)))
                keys.add(k.value)
                k.tag = STR  # a key is the word typed: `Yes:`, `007:` and `null:` are names, not true, 7, None
                if not loc and k.value == "players" and isinstance(v, yaml.SequenceNode):
                    for item in v.value:  # names as typed too: [007, Yes, ~] are '007', 'Yes' and '~'
                        if isinstance(item, yaml.ScalarNode) and not item.style:  # plain, not quoted
                            item.tag = STR
                lines[loc + (k.value,)] = k.start_mark.line + 1
                walk(v, loc + (k.value,))
        elif isinstance(node, yaml.SequenceNode):
            for i, v in enumerate(node.value):
                lines[loc + (i,)] = v.start_mark.line + 1
                walk(v, loc + (i,))
        elif isinstance(node, yaml.ScalarNode) and node.style == "|":  # a grid: each row's own line
            rows = [j for j, row in enumerate(node.value.split("\n")) if row.strip()]
            for r, j in enumerate(rows):
                lines[loc + (Row(r),)] = node.start_mark.line + 2 + j

    walk(root, ())
    try:
        data = loader.construct_document(root)  # safe: SafeConstructor builds plain values only
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        raise InputError(file, f"cannot read value: {problem}", mark.line + 1 if mark else None) from None
    except ValueError:  # a number too long to convert (Python refuses more than 4,300 digits)
        raise InputError(file, "cannot read value: a number with thousands of digits") from None
    layout = {p.key_line: (p.line, p.message, p.kind) for p in layout_problems(text)}
    return Document(file, data, lines, layout)


def load(path: str | Path) -> Document:
    return parse(read_text(path), str(path))
