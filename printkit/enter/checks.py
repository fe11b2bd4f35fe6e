"""What a page sends, checked before anything is written: a change's identity, and text the file can hold."""

from __future__ import annotations

import json
from typing import Any

from . import sync


def identity(body: dict) -> tuple[str, int] | None:
    """A change's identity: the device that made it and its number there (None when the body has none)."""
    device, seq = body.get("device"), body.get("seq")
    if device is None and seq is None:
        return None
    if not isinstance(device, str) or not 0 < len(device) <= 80 or isinstance(seq, bool) or \
            not isinstance(seq, int) or seq < 0:
        raise sync.BadChange("a change's identity is its device (text) and its number there (0 or more)")
    return device, seq


def writable(data: Any) -> None:
    """Text the file can hold (UTF-8): a lone surrogate from a page is refused before anything is written."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise sync.BadChange("the change holds text that cannot be written (a lone surrogate); nothing was written") \
            from None
