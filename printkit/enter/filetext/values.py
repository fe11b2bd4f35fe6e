"""A document's values: compared type for type, lined up item by item, and a mapping's keys matched with
their nodes in the text."""

from __future__ import annotations

import json
from typing import Any

import yaml


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


def typed(value: Any) -> str:
    """A value as text that tells types apart (``1``, ``1.0``, ``true``), for lining up the items of two lists;
    dates, sets and bytes (which a file can hold) by their Python form."""
    return json.dumps(value, sort_keys=True, default=lambda v: f"{type(v).__name__} {v!r}")


def pairs(node: yaml.MappingNode, old: dict) -> dict:
    """Each key of the mapping as the document has it -> (its key node, its value node)."""
    keys = list(old)
    return {k: pair for k, pair in zip(keys, node.value)}
