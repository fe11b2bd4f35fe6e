"""A save written into the results file's text: the parts that changed changed in place (``inplace``), the
result checked (it reads back as exactly the document, and every comment is still in it), else the
document written whole, saying why.
"""

from __future__ import annotations

from typing import Any

import yaml

from . import flows, inplace
from .edits import LOADER, Edits
from .values import same
from .written import head_of, whole


BOM = "\ufeff"


def update(text: str, new: dict, title: str = "the game") -> str:
    """``text`` (a results file) with only the parts that differ from ``new`` written anew."""
    return write(text, new, title)[0]


def write(text: str, new: dict, title: str = "the game") -> tuple[str, str]:
    """``text`` with ``new``'s changes, and "" or why it was written whole.  The rules of every write:
    the text returned reads back as exactly ``new``, types included; and every comment of ``text`` is still
    in it, or the reason says why not.  A change in place that would break either is not written: the
    document is written whole instead, keeping the opening comment and the key order (and the reason says
    so).  A byte-order mark stays in front, and CRLF line ends stay CRLF."""
    from ...inputs import InputError, parse

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
        return out(whole(title, new, head_of(body)), "the file did not read, so it was written whole")
    if same(old, new):
        return text, ""
    why = "a change could not be written in place, so the file was written whole"
    if isinstance(root, yaml.MappingNode) and isinstance(old, dict):
        edits = Edits(body)
        try:
            if root.flow_style:
                flows.change(edits, root, old, new, inplace.change)
            else:
                inplace.mapping(edits, root, old, new)
            changed = edits.result()
        except (IndexError, KeyError, ValueError, TypeError):
            changed = None
        if changed is not None and same(_reads(changed), new):
            lost = edits.lost(changed)
            if not lost:
                return out(changed)
            why = f"the comment '{lost[0]}' could not be kept where it was, so the file was written whole"
    written = whole(title, new, head_of(body))
    if not same(_reads(written), new):
        raise ValueError("the document cannot be written so that it reads back the same")
    return out(written, why)


def _reads(text: str) -> Any:
    from ...inputs import InputError, parse

    try:
        return parse(text, "results").data
    except (InputError, yaml.YAMLError):
        return None
