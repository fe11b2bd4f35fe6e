"""A search for a results file the writer loses or misreads: files in the forms people write them (comments
everywhere, block and flow lists, quoted and plain scalars, a byte-order mark, CRLF, unicode names, blank
lines), edited as the page edits them (a value set, a line added, a list cut, a key dropped or added, a grid
rewritten).  Every output reads back as the edited document; where the writer changed the file in place, every
line of the parts not edited is still there, byte for byte and in order, and the line ends are the file's."""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit.enter.filetext import write
from printkit.inputs import parse

NAMES = st.sampled_from(["Ann", "Ben", "Zoë", "Łukasz", "Jürgen", "Sørina", "O'Neil", "Ana María", "李"])
WORDS = st.sampled_from(["Ann add 3 = 3", "Ben mod 2", "A1-A2", "B1-B2", "54 G2 5@G2", "D1 W", "12", "x", "é ü",
                         "15>14>14 B6 1@B6", "Zoë add 1"])
NASTY = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12) | st.sampled_from(
    ["Lee, Jr", "B1-B2]", "[x", "{a}", "a: b", "# no", "'q", '"q', "-", "?", "*x", "&y", "yes", "null", "~", "3",
     " pad", "x #y", "tab\there", "two\nlines", "", "@", "%", "!t", "|", ">"])
COMMENT = st.sampled_from(["", "", "   # as typed", "  # Ann's, checked twice", " #é"])
KEYS = ["title", "notes", "moves", "rounds", "walls", "grid", "sheets", "fills", "extra"]


def plain(word: str) -> str:
    return word


def quoted(style: str, word: str) -> str:
    if style == "'":
        return "'" + word.replace("'", "''") + "'"
    if style == '"':
        return json.dumps(word, ensure_ascii=False)
    return word


@st.composite
def scalar_text(draw) -> str:
    word = draw(WORDS)
    style = draw(st.sampled_from(["", "'", '"']))
    return quoted(style, word) if style or word not in ("12",) else word


@st.composite
def value_lines(draw, indent: int) -> tuple[str, list[str]]:
    """(what follows ``key:`` on its line, the lines after it) for one value, as people type them."""
    pad = " " * indent
    kind = draw(st.sampled_from(["scalar", "flow", "block", "rounds", "grid", "nested", "empty"]))
    if kind == "scalar":
        return " " + draw(scalar_text()) + draw(COMMENT), []
    if kind == "flow":
        items = draw(st.lists(scalar_text(), max_size=4))
        return " [" + ", ".join(items) + "]" + draw(COMMENT), []
    if kind == "block":
        dash = draw(st.sampled_from(["", "  "]))
        lines = []
        for word in draw(st.lists(scalar_text(), min_size=1, max_size=5)):
            lines.append(f"{pad}{dash}- {word}{draw(COMMENT)}")
            if draw(st.integers(0, 5)) == 0:
                lines.append(draw(st.sampled_from(["", f"{pad}{dash}# a break here"])))
        return draw(COMMENT), lines
    if kind == "rounds":
        rows = draw(st.lists(st.lists(scalar_text(), max_size=3), min_size=1, max_size=3))
        return draw(COMMENT), [f"{pad}  - [{', '.join(r)}]{draw(COMMENT)}" for r in rows]
    if kind == "grid":
        rows = draw(st.lists(st.lists(st.sampled_from([".", "o", "1", "12", "C1", "#"]), min_size=3, max_size=3),
                             min_size=2, max_size=4))
        header = draw(st.sampled_from(["|", "|", "|-", ">"]))
        body = [f"{pad}  {'  '.join(r)}" for r in rows]
        if draw(st.booleans()) and header == "|":
            body.insert(1, "")
        return f" {header}{draw(COMMENT)}", body
    if kind == "nested" and indent < 4:
        lines = []
        for name in draw(st.lists(NAMES, min_size=1, max_size=3, unique=True)):
            head, more = draw(value_lines(indent + 2))
            lines += [f"{pad}  {name}:{head}"] + more
        return draw(COMMENT), lines
    return draw(COMMENT), []


@st.composite
def results_file(draw) -> str:
    lines = [draw(st.sampled_from(["# Friday, at Ann's", "# Résultats — vendredi", ""]))]
    lines += ["game: curve", "players: [" + ", ".join(draw(st.lists(NAMES, min_size=1, max_size=3, unique=True))) + "]"]
    for key in draw(st.lists(st.sampled_from(KEYS), min_size=1, max_size=5, unique=True)):
        if draw(st.integers(0, 3)) == 0:
            lines.append(draw(st.sampled_from(["", "# the next part", "   # indented note"])))
        head, more = draw(value_lines(0))
        lines += [f"{key}:{head}"] + more
    if draw(st.booleans()):
        lines.append("# checked, both of us")
    text = "\n".join(line.rstrip() if not line.strip() else line for line in lines) + "\n"
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    if draw(st.integers(0, 3)) == 0:
        text = "\ufeff" + text
    return text


def places(doc, path=()):
    """Every part of the document, with its path."""
    yield path, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from places(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from places(v, path + (i,))


def at(doc, path):
    for p in path:
        doc = doc[p]
    return doc


@st.composite
def edit(draw, doc: dict):
    """A change of the kind the page makes, applied to a copy: (the new document, the top keys it touched)."""
    new = copy.deepcopy(doc)
    spots = [(p, v) for p, v in places(new) if p and p[0] not in ("game", "players")]
    kind = draw(st.sampled_from(["set", "append", "cut", "drop", "add", "grid", "item"]))
    if kind == "add" or not spots:
        key = draw(st.sampled_from(["paper", "title2", "Zoë", "notes"]).filter(lambda k: k not in new))
        new[key] = draw(st.one_of(NASTY, st.lists(NASTY, max_size=3), st.integers(-5, 99)))
        return new, {key}
    path, value = draw(st.sampled_from(spots))
    parent = at(new, path[:-1])
    if kind == "append" and isinstance(value, list):
        value.append(draw(NASTY | st.lists(WORDS, max_size=2)))
    elif kind == "cut" and isinstance(value, list):
        del value[draw(st.integers(0, len(value))):]
    elif kind == "drop" and isinstance(parent, dict):
        del parent[path[-1]]
    elif kind == "grid":
        rows = draw(st.lists(st.lists(st.sampled_from([".", "o", "5", "12"]), min_size=3, max_size=3), min_size=2,
                             max_size=4))
        parent[path[-1]] = "\n".join(" ".join(r) for r in rows) + draw(st.sampled_from(["\n", "", "\n\n"]))
    elif kind == "item" and isinstance(value, list) and value:
        value[draw(st.integers(0, len(value) - 1))] = draw(NASTY)
    else:
        parent[path[-1]] = draw(NASTY | st.integers(0, 99) | st.lists(WORDS, max_size=3))
    return new, {path[0]}


def segments(body: str) -> dict[str, list[str]]:
    """The lines of each top-level key, comments among them: from its line to the next top-level key's."""
    out: dict[str, list[str]] = {}
    key = None
    for line in body.split("\n"):
        if line and not line[0].isspace() and not line.startswith("#") and ":" in line:
            key = line.split(":", 1)[0]
            out[key] = []
        if key is not None and line.strip():
            out[key].append(line)
    return out


def in_order(lines: list[str], out: list[str]) -> bool:
    it = iter(out)
    return all(any(line == o for o in it) for line in lines)


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_every_write_reads_back_as_the_edited_document_and_keeps_what_was_not_edited(data):
    text = data.draw(results_file(), label="file")
    doc = parse(text.removeprefix("\ufeff"), "f.yaml").data
    new, touched = data.draw(edit(doc), label="edit")
    out, why = write(text, new, "The Curve")
    assert parse(out.removeprefix("\ufeff"), "f.yaml").data == new
    assert out.startswith("\ufeff") == text.startswith("\ufeff")  # the mark stays in front (or stays away)
    if "\r\n" in text:
        assert out.count("\n") == out.count("\r\n"), "CRLF kept, never mixed"
    else:
        assert "\r\n" not in out
    if why:
        return  # written whole (a form the writer does not change in place): it reads back, which is all
    before, after = (t.removeprefix("\ufeff").replace("\r\n", "\n") for t in (text, out))
    kept = [line for key, lines in segments(before).items() if key not in touched for line in lines]
    head = [line for line in before.split("\n")[:1] if line.startswith("#")]
    assert in_order(head + kept, after.split("\n")), "a line outside the edited part changed"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(results_file())
def test_a_save_with_nothing_changed_leaves_any_such_file_byte_for_byte(text):
    doc = parse(text.removeprefix("\ufeff"), "f.yaml").data
    assert write(text, copy.deepcopy(doc), "The Curve") == (text, "")
