"""Reading configs and results: safe YAML, line numbers, one clear error line.

Every problem with an input file becomes an ``InputError`` that names the file,
the line and the key; the command line prints it and exits with code 2.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Any

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser when PyYAML has it: 10x faster
MAX_BYTES = 1_000_000  # no config or results file needs more
MAX_DEPTH = 16  # nor more levels of nesting (the deepest record, a curve fill, needs 4)
MAX_VALUES = 50_000  # nor more values: keys, list items and scalars (a long knives game has a few hundred)
STR = "tag:yaml.org,2002:str"


class InputError(Exception):
    """An unusable input: printed as one line, exit code 2."""

    def __init__(self, file: str, message: str, line: int | None = None, key: str | None = None):
        self.file, self.line, self.key, self.message = file, line, key, message
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
    and the layout slips found in the text (``slips``: the line of the key they concern -> (line, what, kind))."""

    def __init__(self, file: str, data: dict, lines: dict[tuple, int],
                 slips: dict[int, tuple[int, str, str]] | None = None):
        self.file, self.data, self.lines = file, data, lines
        self.slips = slips or {}

    def line(self, loc: tuple) -> int | None:
        loc = tuple(loc)
        while loc:
            if loc in self.lines:
                return self.lines[loc]
            loc = loc[:-1]
        return None

    def error(self, loc: tuple, message: str) -> InputError:
        line = self.line(loc)
        if line in self.slips:  # the problem comes from a layout slip under this key: name the slip
            at, slip, kind = self.slips[line]
            told = slip if kind == "bar" else f"{slip} (as read: {message})"
            return InputError(self.file, told, at, key_name(loc) or None)
        return InputError(self.file, message, line, key_name(loc) or None)


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
        slip = next((s for s in reversed(layout_slips(text)) if at and s.kind == "indent" and s.line <= at), None)
        if slip is not None:
            raise InputError(file, slip.message, slip.line) from None
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
                if k.value == "<<":
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
    slips = {s.key_line: (s.line, s.message, s.kind) for s in layout_slips(text)}
    return Document(file, data, lines, slips)


# ---------------------------------------------------------------- layout slips in grids

class Slip:
    """A layout slip in the text: ``kind`` indent (a row of a '|' block indented short) or bar (a grid
    under a key without '|'), the line of its key, the line to fix and what to do."""

    def __init__(self, kind: str, key_line: int, line: int, message: str):
        self.kind, self.key_line, self.line, self.message = kind, key_line, line, message


BLOCK = re.compile(r"^(?P<indent> *)(?:- +)?(?P<key>[^#\s][^#]*?): *(?P<style>[|>])[-+0-9]* *(?:#.*)?$")
BARE = re.compile(r"^(?P<indent> *)(?:- +)?(?P<key>[^#\s][^#:]*?): *(?:#.*)?$")
MARK = re.compile(r"^(?:\.|#|[oO]|\d{1,4}|[Cc]\d)$")


def _grid_like(line: str) -> bool:
    tokens = line.split()
    return len(tokens) >= 2 and all(MARK.match(t) for t in tokens)


def layout_slips(text: str) -> list[Slip]:
    """Grids typed with a layout slip YAML cannot see as one: a row of a '|' block indented less than the
    rows above it (YAML ends the block there, and reads a row starting with '#' as a comment), and a grid
    under a key without '|' (or with '>'), whose rows YAML runs together."""
    from .sheet import row_label  # A, B, ..., Z, AA: the sheets' own row names

    lines = text.split("\n")
    following = [len(lines)] * (len(lines) + 1)  # the index of the first line after i that is not blank
    for i in range(len(lines) - 1, 0, -1):
        following[i - 1] = i if lines[i].strip() else following[i]

    def body(h: int):
        j = following[h]
        while j < len(lines):
            yield j, lines[j]
            j = following[j]

    out: list[Slip] = []
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
                out.append(Slip("bar", h + 1, h + 1, f"the grid under '{key}:' {how}{more}; write '{key}: |' "
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
                out.append(Slip("indent", h + 1, j + 1,
                                f"row {row_label(rows)} of the grid under '{key}: |' is indented {at} "
                                f"space{'s' if at != 1 else ''}, the rows above it {inner}: YAML ends the grid "
                                f"there{comment}; start every row at the same column"))
            break
    return out


def load(path: str | Path) -> Document:
    return parse(read_text(path), str(path))


def game_of(doc: Document, expected: str | None = None) -> str:
    """The file's ``game:``, checked: a known game id (and ``expected``, for a command that reads one game's
    files only).  Whatever the key holds (a list, a number, control characters), a one-line InputError."""
    from . import registry

    game_id = doc.data.get("game")
    known = ", ".join(registry.GAMES)
    if game_id is None:
        raise doc.error((), f"missing key 'game' (which game this file is for{f': {expected}' if expected else ''})")
    if not isinstance(game_id, str):
        raise doc.error(("game",), f"expected a game id, one of: {known}")
    if game_id not in registry.GAMES:
        raise doc.error(("game",), f"unknown game '{one_line(game_id, 40)}'{suggest(game_id, registry.GAMES)}; "
                                   f"known: {known}")
    if expected is not None and game_id != expected:
        raise doc.error(("game",), f"a {game_id} file; this command reads {expected} files")
    return game_id


# ---------------------------------------------------------------- validation

def validate(model: type, doc: Document, data: dict | None = None) -> Any:
    """Check ``doc`` against a model (``game.Model``), raising the first problem as an InputError."""
    import msgspec

    try:
        return model.from_dict(doc.data if data is None else data)
    except msgspec.ValidationError as exc:
        raise _explain(exc, model, doc) from None


AT = re.compile(r"^(?P<msg>.*?)(?: - at `(?P<key>[^`]*)` in)?(?: - at)? `(?P<path>\$[^`]*)`$", re.S)
STEP = re.compile(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]")


def _where(text: str) -> tuple[str, tuple, bool, bool]:
    """msgspec's message and the path it names ('$.rounds[2]' -> ('rounds', 2)), cut where it enters a
    mapping's value ('$.sheets[...].grid' -> ('sheets',): msgspec does not say which key); then whether
    it was cut there, and whether the problem is a mapping's key rather than a value."""
    m = AT.match(text)
    if not m:
        return text, (), False, False
    loc: list = []
    for key, index in STEP.findall(m.group("path")):
        if index == "...":
            return m.group("msg"), tuple(loc), True, m.group("key") is not None
        loc.append(key if key else int(index))
    return m.group("msg"), tuple(loc), False, m.group("key") is not None


def _explain(exc: Exception, model: Any, doc: Document, at: tuple = ()) -> InputError:
    """The first problem msgspec found, in the file's words; ``at``: where ``model`` sits in the file."""
    import msgspec

    from .game import FieldProblem

    cause = exc.__cause__
    text = str(exc)[len(str(cause)):] if cause is not None else str(exc)  # a model's own check: its words
    msg, inner, in_mapping, is_key = _where(text)
    loc = at + inner
    if in_mapping:  # check the mapping's values one by one to name the key whose value does not fit
        kind = _hint_at(model, inner + ("*",))
        mapping = _value_at(doc.data, loc)
        for key, value in mapping.items() if isinstance(mapping, dict) and kind is not None else ():
            try:
                msgspec.convert(value, kind, strict=False)
            except msgspec.ValidationError as e:
                return _explain(e, kind, doc, loc + (key,))
    if cause is not None:
        msg = str(cause)
        key = getattr(cause, "key", None) if isinstance(cause, FieldProblem) else None
        if key is not None:  # a key, or a path such as ("turns", 4) to blame one list item
            loc = loc + (tuple(key) if isinstance(key, (tuple, list)) else (key,))
        return doc.error(loc, msg)
    if is_key:
        return doc.error(loc, "keys must be plain words")
    found = re.match(r"Object contains unknown field `(.*)`$", msg, re.S)
    if found:
        return doc.error(loc + (found.group(1),), f"unknown key{suggest(found.group(1), _keys_at(model, inner))}")
    found = re.match(r"Object missing required field `(.*)`$", msg, re.S)
    if found:
        return doc.error(loc + (found.group(1),), "missing (this key is required)")
    value = _value_at(doc.data, loc)
    if msg.startswith("Invalid enum value"):
        options = _choices_at(model, inner)
        shown = " or ".join(f"'{o}'" for o in options)
        return doc.error(loc, f"'{one_line(value, 40)}' is not one of {shown}{suggest(value, options)}")
    found = re.match(r"Expected `([^`]+)`(?:, got `(\w+)`)?(?: (of length )?([<>]=?) (\S+))?$", msg)
    if not found:
        return doc.error(loc, msg)
    kinds, _, length, sign, bound = found.groups()
    kind = next((k for k in kinds.split(" | ") if k != "null"), kinds)  # 'array | null': an optional list
    if sign:
        most = sign.startswith("<")
        if length and kind == "str":
            return doc.error(loc, f"too long: at most {bound} characters" if most else f"at least {bound} characters")
        if length:
            return doc.error(loc, f"too many items: at most {bound}" if most else
                             f"needs at least {bound} item{'' if bound == '1' else 's'}")
        limit = f"at most {bound}" if sign == "<=" else f"less than {bound}" if most else \
            f"at least {bound}" if sign == ">=" else f"more than {bound}"
        return doc.error(loc, f"{one_line(value, 40)} is out of range: must be {limit}")
    return doc.error(loc, EXPECTED.get(kind, f"expected {kind}"))


EXPECTED = {"int": "expected a whole number", "float": "expected a number", "bool": "expected true or false",
            "str": "expected text", "array": "expected a list", "object": "expected 'key: value' lines"}


def _value_at(data: Any, loc: tuple) -> Any:
    for part in loc:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _hint_at(model: type, loc: tuple) -> Any:
    """The type declared at ``loc`` in ``model`` (Annotated and Optional taken off), or None."""
    import typing

    hint: Any = model
    for part in loc:
        hint = _bare(hint)
        if isinstance(part, str) and hasattr(hint, "__struct_fields__"):
            hint = typing.get_type_hints(hint, include_extras=True).get(part)
        elif isinstance(part, int) and typing.get_origin(hint) in (list, tuple):
            hint = typing.get_args(hint)[0]
        elif typing.get_origin(hint) is dict:
            hint = typing.get_args(hint)[1]
        else:
            return None
    return _bare(hint)


def _bare(hint: Any) -> Any:
    import types
    import typing

    while True:
        if typing.get_origin(hint) is typing.Annotated:
            hint = typing.get_args(hint)[0]
        elif typing.get_origin(hint) in (typing.Union, types.UnionType):
            rest = [a for a in typing.get_args(hint) if a is not type(None)]
            if len(rest) != 1:
                return hint
            hint = rest[0]
        else:
            return hint


def _keys_at(model: type, loc: tuple) -> list[str]:
    """Key names of the model found at ``loc``, for suggestions."""
    return list(getattr(_hint_at(model, loc), "__struct_fields__", ()))


def _choices_at(model: type, loc: tuple) -> list[str]:
    import typing

    hint = _hint_at(model, loc)
    return [str(a) for a in typing.get_args(hint)] if typing.get_origin(hint) is typing.Literal else []
