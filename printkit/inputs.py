"""Reading configs and results: safe YAML, line numbers, one clear error line.

Every problem with an input file becomes an ``InputError`` that names the file,
the line and the key; the command line prints it and exits with code 2.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import yaml

MAX_BYTES = 1_000_000  # no config or results file needs more
MAX_DEPTH = 40  # nor more levels of nesting


class InputError(Exception):
    """An unusable input: printed as one line, exit code 2."""

    def __init__(self, file: str, message: str, line: int | None = None, key: str | None = None):
        self.file, self.line, self.key, self.message = file, line, key, message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.file + (f":{self.line}" if self.line else "")
        key = f" {one_line(self.key, 80)}:" if self.key else ""
        return f"{where}:{key} {one_line(self.message)}"


def one_line(text: str, limit: int = 300) -> str:
    """Keep a message to one readable line: line breaks shown as \\n, very long text cut."""
    text = str(text).replace("\r", "\\r").replace("\n", "\\n")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def suggest(word: str, choices) -> str:
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.5)
    return f" (did you mean '{close[0]}'?)" if close else ""


def key_name(loc: tuple) -> str:
    """('players', 0) -> 'players[1]'; ('curves', 'Ann') -> 'curves.Ann'."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            out += f".{part}" if out else str(part)
    return out


class Document:
    """A parsed YAML mapping with the source line of every key and item."""

    def __init__(self, file: str, data: dict, lines: dict[tuple, int]):
        self.file, self.data, self.lines = file, data, lines

    def line(self, loc: tuple) -> int | None:
        loc = tuple(loc)
        while loc:
            if loc in self.lines:
                return self.lines[loc]
            loc = loc[:-1]
        return None

    def error(self, loc: tuple, message: str) -> InputError:
        return InputError(self.file, message, self.line(loc), key_name(loc) or None)


def read_text(path: str | Path) -> str:
    p = Path(path)
    name = str(path)
    if not p.exists():
        raise InputError(name, "no such file")
    if p.is_dir():
        raise InputError(name, "is a folder, not a file")
    if not p.is_file():  # a pipe or device would block or never end
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
        raise InputError(file, "nested too deeply to be a printkit file") from None


def _parse(text: str, file: str) -> Document:
    opening = (yaml.FlowSequenceStartToken, yaml.FlowMappingStartToken, yaml.BlockSequenceStartToken,
               yaml.BlockMappingStartToken)
    closing = (yaml.FlowSequenceEndToken, yaml.FlowMappingEndToken, yaml.BlockEndToken)
    depth = 0
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            depth += isinstance(token, opening) - isinstance(token, closing)
            if depth > MAX_DEPTH:  # stop early: the scanner slows down with every level
                raise InputError(file, "nested too deeply to be a printkit file", token.start_mark.line + 1)
            if isinstance(token, (yaml.AnchorToken, yaml.AliasToken)):
                sign = "&" if isinstance(token, yaml.AnchorToken) else "*"
                raise InputError(file, f"anchors and aliases ({sign}{token.value}) are not supported",
                                 token.start_mark.line + 1)
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        raise InputError(file, f"YAML syntax error: {problem}", mark.line + 1 if mark else None) from None
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
                lines[loc + (k.value,)] = k.start_mark.line + 1
                walk(v, loc + (k.value,))
        elif isinstance(node, yaml.SequenceNode):
            for i, v in enumerate(node.value):
                lines[loc + (i,)] = v.start_mark.line + 1
                walk(v, loc + (i,))

    walk(root, ())
    try:
        data = yaml.load(text, Loader=yaml.SafeLoader)  # noqa: S506 - SafeLoader
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        raise InputError(file, f"cannot read value: {problem}", mark.line + 1 if mark else None) from None
    return Document(file, data, lines)


def load(path: str | Path) -> Document:
    return parse(read_text(path), str(path))


# ---------------------------------------------------------------- validation

def validate(model: type, doc: Document, data: dict | None = None) -> Any:
    """Validate ``doc`` against a pydantic model, raising the first problem as an InputError."""
    from pydantic import ValidationError

    try:
        return model.model_validate(doc.data if data is None else data)
    except ValidationError as exc:
        raise _explain(exc.errors(include_url=False)[0], model, doc) from None


def _real_loc(loc: tuple, data: Any) -> tuple:
    """pydantic adds the names of union branches / validators to loc; drop them, but keep
    anything that is really a key in the file (a key may well contain '[')."""
    out = []
    node = data
    for part in loc:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        elif isinstance(part, str) and ("[" in part or part.startswith("function-")):
            continue
        else:
            node = None
        out.append(part)
    return tuple(out)


def _explain(err: dict, model: type, doc: Document) -> InputError:
    kind = err["type"]
    loc = _real_loc(tuple(err["loc"]), doc.data)
    if kind == "extra_forbidden":
        known = _fields_at(model, loc[:-1])
        return doc.error(loc, f"unknown key{suggest(loc[-1], known)}")
    if kind == "missing":
        return doc.error(loc, "missing (this key is required)")
    msg = err["msg"]
    if kind == "value_error":
        cause = err.get("ctx", {}).get("error")
        if getattr(cause, "key", None):
            key = cause.key  # a key, or a path such as ("turns", 4) to blame one list item
            loc = loc + (tuple(key) if isinstance(key, (tuple, list)) else (key,))
        msg = msg.removeprefix("Value error, ")
    elif kind in ("int_type", "int_parsing"):
        msg = "expected a whole number"
    elif kind in ("int_from_float",):
        msg = "expected a whole number"
    elif kind == "bool_type" or kind == "bool_parsing":
        msg = "expected true or false"
    elif kind in ("string_type",):
        msg = "expected text"
    elif kind in ("list_type",):
        msg = "expected a list"
    elif kind in ("dict_type", "model_type"):
        msg = "expected 'key: value' lines"
    elif kind == "literal_error":
        value = err.get("input")
        exp = err.get("ctx", {}).get("expected", "")
        msg = f"'{value}' is not one of {exp}"
        opts = [o.strip(" '") for o in exp.replace(" or ", ",").split(",")]
        msg += suggest(value, opts)
    elif kind.startswith(("greater_than", "less_than")):
        msg = f"{err.get('input')} is out of range: {msg.lower()}"
    return doc.error(loc, msg)


def _fields_at(model: type, loc: tuple) -> list[str]:
    """Field names of the (sub)model found at ``loc``, for suggestions."""
    fields = getattr(model, "model_fields", {})
    for part in loc:
        if isinstance(part, int) or part not in fields:
            break
        ann = fields[part].annotation
        sub = getattr(ann, "model_fields", None)
        if sub is None:
            break
        fields = sub
    return list(fields)
