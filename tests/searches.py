"""How long the searches search: a few seconds each in an ordinary run (CI), much longer by hand.

``PRINTKIT_SEARCH=long pytest ...`` runs every search with ten times its examples (or the figure it names)."""

from __future__ import annotations

import os

LONG = os.environ.get("PRINTKIT_SEARCH") == "long"


def examples(n: int, long: int | None = None) -> int:
    """A search's number of examples: ``n`` in an ordinary run, ``long`` (10 n unless given) by hand."""
    return (long if long is not None else 10 * n) if LONG else n
