"""Whether a change from the page fits the game's models, before anything is written.

A change names a part of the record and a value for it.  The part must be one the results model has (a key
it knows, a list's place, a player's entry of a mapping), and the value of the type the model gives that
part (text, a number, a list, a mapping).  The game's rules are not asked here: a value that reads but breaks
a rule is a mistake the page shows, not a change refused.  The types are msgspec's own, read from the models
(``msgspec.inspect``), so this never disagrees with ``printkit score`` on what a key holds.
"""

from __future__ import annotations

import functools
from typing import Any

import msgspec
import msgspec.inspect as mi

from .sync import BadChange, part_name, same

SCALARS = {mi.IntType: int, mi.FloatType: float, mi.BoolType: bool}


@functools.lru_cache(maxsize=32)
def _root(model: type) -> mi.Type:
    return mi.type_info(model)


def _kinds(t: mi.Type) -> list[mi.Type]:
    """The alternatives a type allows, with its notes (``Annotated``) taken off."""
    while isinstance(t, mi.Metadata):
        t = t.type
    if isinstance(t, mi.UnionType):
        return [k for u in t.types for k in _kinds(u)]
    return [t]


def _step(t: mi.Type, key: Any) -> list[mi.Type]:
    out: list[mi.Type] = []
    for k in _kinds(t):
        if isinstance(k, (mi.AnyType, mi.CustomType)):
            out.append(mi.AnyType())
        elif isinstance(k, mi.StructType) and isinstance(key, str):
            out += [f.type for f in k.fields if f.encode_name == key]
        elif isinstance(k, mi.DictType) and isinstance(key, str):
            out.append(k.value_type)
        elif isinstance(k, (mi.ListType, mi.VarTupleType)) and isinstance(key, int):
            out.append(k.item_type)
        elif isinstance(k, mi.TupleType) and isinstance(key, int) and key < len(k.item_types):
            out.append(k.item_types[key])
    return out


def _problem(t: mi.Type, v: Any) -> str | None:
    """Why ``v`` is not of type ``t`` (None when it is); a part left out (a sheet half drawn) is no problem."""
    why = "of another kind"
    for k in _kinds(t):
        if isinstance(k, (mi.AnyType, mi.CustomType)) or (isinstance(k, mi.NoneType) and v is None):
            return None
        if isinstance(k, mi.StrType) and isinstance(v, str):
            return None
        if type(k) in SCALARS and v is not None and not isinstance(v, (list, dict)):
            try:
                msgspec.convert(v, SCALARS[type(k)], strict=False)
                return None
            except msgspec.ValidationError:
                continue
        if isinstance(k, mi.LiteralType) and v in k.values:
            return None
        if isinstance(k, mi.StructType) and isinstance(v, dict):
            fields = {f.encode_name: f.type for f in k.fields}
            unknown = [key for key in v if key not in fields]
            if unknown:
                return f"no key '{unknown[0]}' here (known: {', '.join(fields)})"
            inner = [(key, _problem(fields[key], x)) for key, x in v.items()]
            return next((f"{key}: {p}" for key, p in inner if p), None)
        if isinstance(k, mi.DictType) and isinstance(v, dict):
            inner = [(key, _problem(k.value_type, x)) for key, x in v.items()]
            return next((f"{key}: {p}" for key, p in inner if p), None)
        if isinstance(k, (mi.ListType, mi.VarTupleType, mi.SetType)) and isinstance(v, list):
            inner = [(i, _problem(k.item_type, x)) for i, x in enumerate(v)]
            return next((f"item {i + 1}: {p}" for i, p in inner if p), None)
        if isinstance(k, mi.TupleType) and isinstance(v, list) and len(v) == len(k.item_types):
            inner = [(i, _problem(u, x)) for i, (u, x) in enumerate(zip(k.item_types, v))]
            return next((f"item {i + 1}: {p}" for i, p in inner if p), None)
        why = f"expected {_said(k)}, got {_said_value(v)}"
    return why


def _said(k: mi.Type) -> str:
    return {mi.StrType: "text", mi.IntType: "a whole number", mi.FloatType: "a number", mi.BoolType: "true or false",
            mi.NoneType: "nothing", mi.ListType: "a list", mi.DictType: "a mapping", mi.StructType: "a mapping",
            mi.TupleType: "a list", mi.VarTupleType: "a list", mi.LiteralType: "one of its words"}.get(type(k), "a value")


def _said_value(v: Any) -> str:
    return "a list" if isinstance(v, list) else "a mapping" if isinstance(v, dict) else "nothing" if v is None \
        else "true or false" if isinstance(v, bool) else "text" if isinstance(v, str) else "a number"


def check(model: type, change: dict) -> None:
    """A change (as ``sync.apply`` takes it) that fits ``model``; BadChange in one line if it does not."""
    path = change["path"]
    kinds = [_root(model)]
    for i, key in enumerate(path):
        kinds = [n for t in kinds for n in _step(t, key)]
        if not kinds:
            where = part_name(path[:i + 1])
            raise BadChange(f"{where}: no such part of the record" if i else f"{where}: no such key in a results file")
    if ("length" in change or "remove" in change) and not any(isinstance(k, (mi.AnyType, mi.ListType, mi.VarTupleType))
                                      for t in kinds for k in _kinds(t)):
        raise BadChange(f"{part_name(path)}: not a list, so it cannot be cut")
    if "append" in change and change.get("drop") is not True:
        items = [n for t in kinds for n in _step(t, 0)]
        if not items:
            raise BadChange(f"{part_name(path)}: not a list, so no line can be added to it")
        problems = [_problem(t, change["append"]) for t in items]
        if all(problems):
            raise BadChange(f"{part_name(path)}, a line added: {problems[0]}")
    elif "value" in change and change.get("drop") is not True:
        problems = [_problem(t, change["value"]) for t in kinds]
        if all(problems):
            raise BadChange(f"{part_name(path)}: {problems[0]}")


def required(model: type, path: list) -> bool:
    """Whether ``path`` names a key the results file must hold (a file without it does not read)."""
    kinds = [_root(model)]
    for key in path[:-1]:
        kinds = [n for t in kinds for n in _step(t, key)]
    return any(isinstance(k, mi.StructType) and any(f.encode_name == path[-1] and f.required for f in k.fields)
               for t in kinds for k in _kinds(t))


def between(a: Any, b: Any, path: list | None = None, out: list | None = None) -> list[dict]:
    """The changes that make ``a`` into ``b`` (as the page's ``parts.js`` diff makes them): what a whole save
    changes, checked as a change is."""
    path, out = path or [], [] if out is None else out
    if same(a, b):
        return out
    if isinstance(a, dict) and isinstance(b, dict):
        out += [{"path": path + [k], "drop": True} for k in a if k not in b]
        for k in b:
            if k in a:
                between(a[k], b[k], path + [k], out)
            else:
                out.append({"path": path + [k], "value": b[k]})
        return out
    if isinstance(a, list) and isinstance(b, list) and path:
        out += [{"path": path + [i], "value": v} for i, v in enumerate(b) if i >= len(a) or not same(a[i], v)]
        return out
    out.append({"path": path, "value": b})
    return out
