"""Checking a file against its model, and blaming each problem on the key it concerns.

msgspec checks each key's type and range; a model's own checks across keys raise ``FieldProblem`` (a key
or a path to blame) or ``RowProblem`` (a row of a grid).  Every problem becomes an ``InputError`` in the
file's words: the file, the line of the key, the key, one line of message.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from .inputs import Document, InputError, one_line, suggest


class FieldProblem(ValueError):
    """A check across several keys, blamed on one of them."""

    def __init__(self, key: str | tuple, message: str):  # a tuple is a path: ("turns", 4) blames item 5
        self.key = key
        super().__init__(message)


class RowProblem(ValueError):
    """A problem in one row of a grid: ``row`` is the row's index in a list of rows, or a ``Row`` (a line of
    a '|' block), so that the message names the row's own line of the file."""

    def __init__(self, message: str, row: int):
        self.row = row
        super().__init__(message)


def checked(key: str | tuple, check: Callable[..., Any], *args: Any) -> Any:
    """``check(*args)``; a ValueError it raises is blamed on ``key`` (a key, or a path such as ("curves", "Ann"))."""
    try:
        return check(*args)
    except FieldProblem:
        raise
    except RowProblem as e:
        path = key if isinstance(key, tuple) else (key,)
        raise FieldProblem(path + (e.row,), str(e)) from None
    except ValueError as e:
        raise FieldProblem(key, str(e)) from None


def each(values: list, check: Callable[[Any], Any], key: str | tuple) -> list:
    """``check`` every item of the list under ``key``; a ValueError blames that item."""
    path = key if isinstance(key, tuple) else (key,)
    return [checked(path + (i,), check, v) for i, v in enumerate(values)]


def validate(model: type, doc: Document, data: dict | None = None) -> Any:
    """Check ``doc`` against a model (``game.Model``), raising the first problem as an InputError."""
    import msgspec

    try:
        return model.from_dict(doc.data if data is None else data)
    except msgspec.ValidationError as exc:
        raise explain(exc, model, doc) from None


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


def explain(exc: Exception, model: Any, doc: Document, at: tuple = ()) -> InputError:
    """The first problem msgspec found, in the file's words; ``at``: where ``model`` sits in the file."""
    import msgspec

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
                return explain(e, kind, doc, loc + (key,))
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
