"""A value written as a person would type it: a list of short lines one a line, grids as '|' blocks, rounds as
``- [A1-A5, C1-C3]``, scalars quoted only where YAML needs it (or as the player quoted the value replaced);
and a results document written whole, keeping the file's opening comment.
"""

from __future__ import annotations

import json
from typing import Any

import yaml

from .values import same


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


def as_block(value: Any) -> bool:
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
    if as_block(value):  # (under '|+' the blank lines after the rows are the value's own)
        return [head + " " + block_header(value)] + [f"{pad}  {line}" if line else ""
                                                for line in value.strip("\n").split("\n")] + \
            [""] * (len(value) - len(value.rstrip("\n")) - 1)
    return [f"{head} {scalar(value)}"]


def block_header(value: str) -> str:
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
            typed = yaml.safe_dump({key: value}, allow_unicode=plain, sort_keys=False, width=10_000)
            typed = typed.rstrip("\n").split("\n")
        out.extend(typed)
    return "\n".join(out) + "\n"


def _reads_as(typed: list[str], key: str, value: Any) -> bool:
    from ...inputs import InputError, parse

    try:
        return same(parse("\n".join(typed) + "\n", "results").data, {key: value})
    except (InputError, yaml.YAMLError):
        return False


def head_of(text: str) -> str:
    """The comment lines a file opens with (its title, a note): kept when the file is written whole."""
    out = []
    for line in text.split("\n"):
        if not line.startswith("#"):
            break
        out.append(line)
    return "\n".join(out)
